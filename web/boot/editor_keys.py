"""The position editor's keys in the browser (issue 32; what each does:
web/state/editor_keys.py): a letter goes to an island or line of the board, or does one
of the panel's acts; Escape from the panel goes back to the board. Only while the editor
shows with nothing over it, and never in a text field, whose letters are typed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from pyodide.ffi import JsProxy
from pyscript import document

from ..state.editor_keys import CARD_PARTS, board_step, key_act
from .elements import exists, focus_place, overlay_up

if TYPE_CHECKING:
    from ..state.app import App

#: What takes typed text: its keys are its own.
FIELDS = "input, textarea, select, [contenteditable]:not([contenteditable='false'])"


def typing(target: JsProxy) -> bool:
    """Whether ``target`` (a key's) is a field that takes typed text."""
    return hasattr(target, "closest") and exists(target.closest(FIELDS))


def _part(target: JsProxy) -> str:
    """The part of the panel a letter puts a card into (CARD_PARTS), or ""."""
    row = target.closest("#lesson [data-part]")
    part = row.getAttribute("data-part") if exists(row) else None
    return part if part in CARD_PARTS else ""


def _board() -> JsProxy:
    return document.querySelector("#board svg.board")


def editor_key(app: App, event: JsProxy, act: Callable[[str], None]) -> bool:
    """Do the editor's key ``event`` (``act``: the page's, which draws after it); False
    when it is not one (the page's own keys then have it)."""
    if app.editor is None or app.dialog or overlay_up() or event.altKey:
        return False
    key, target = event.key, event.target
    svg = target.closest("svg.board") if hasattr(target, "closest") else None
    on_board = exists(svg)
    if key == "Escape" and not on_board and not event.ctrlKey and not event.metaKey:
        event.preventDefault()  # from the panel back to the board, where it was left
        board = _board()
        stop = board.querySelector('[tabindex="0"]:not([data-act])')
        (stop if exists(stop) else board.querySelector("[data-island]")).focus()
        return True
    if len(key) != 1:
        return False
    ctrl = bool(event.ctrlKey or event.metaKey)
    part = "" if on_board else _part(target)
    done = key_act(app.editor, key.lower(), bool(event.shiftKey), part, ctrl)
    if done is not None:
        event.preventDefault()
        act(done)
        return True
    if ctrl:
        return False
    island, line = ((target.getAttribute("data-island"), target.getAttribute("data-line"))
                    if on_board else (None, None))
    here = (("island", island) if isinstance(island, str) else
            ("line", line) if isinstance(line, str) else ("", ""))
    there = board_step(here[0], here[1], key.lower())
    if there is None:
        return False
    event.preventDefault()
    focus_place(svg if on_board else _board(), *there)
    return True
