"""The keyboard and focus on the page (the keys' list: web/view/dialogs.py ``keys_html``):
Tab kept inside a dialog, Escape and ``?``, Enter and Space on cards and lines, the
arrows on the board and along the rows of cards, the board's one Tab stop, and focus
moved into a dialog and back to what opened it. Where focus goes after an act is
web/boot/focus.py's to say; a phone's Back closes a dialog as Escape does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyodide.ffi import JsProxy, jsnull, to_js
from pyscript import document, window

from ..state import acts
from ..view.friend import NAME_FIELD
from . import focus, keys
from .editor_keys import editor_key, typing
from .elements import enabled, exists, focus_place, matches, overlay_up
from .problem import PROBLEM

if TYPE_CHECKING:
    from ..state.app import App

#: What the keyboard reaches inside a dialog (the focus trap cycles through these).
FOCUSABLE = "button:not([disabled]), a[href], input, [tabindex]:not([tabindex='-1'])"
#: The rows of cards and buttons the arrow keys move along and between.
ROWS = ("#table", "#hand", "#acts")
#: Keys that step through a sequence or a replay (off the board, whose arrows move focus).
STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}


class Keyboard:
    """The part of ``Page`` (web/boot/dom.py) that answers keys and moves focus."""

    app: App
    keyboard: bool  # the last input was a key: focus follows the play
    opener: str | None  # finds the control that opened the dialog again
    up: str  # the overlay shown at the last drawing ("" none)
    watcher: JsProxy | None  # a CloseWatcher while a dialog may be closed
    _back: JsProxy

    if TYPE_CHECKING:  # Page's own
        def act(self, act: str, stay: bool = False) -> None: ...

    def on_key(self, event: JsProxy) -> None:
        """The keys of the keys' list (``?``, web/dialogs.keys_html): Tab kept
        inside a dialog, Escape, ``?``, Enter and Space on cards and board lines (buttons
        click by themselves), the arrows on the board and along the rows of cards; Enter
        in the friend's name field presses its dialog's button, as in a form."""
        self.keyboard = True
        key, target = event.key, event.target
        if key == "Enter" and target.id == NAME_FIELD:  # the name typed: invite, or accept
            event.preventDefault()
            document.querySelector(f'[data-field="{NAME_FIELD}"]').click()
            return
        if typing(target) and key not in ("Tab", "Escape"):
            return  # a field's own keys: "?" or a letter is typed, never a shortcut
        if editor_key(self.app, event, self.act):
            return
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        if key == "Tab":
            self._trap(event)
        elif overlay_up() == PROBLEM:
            return  # the guard's dialog: only its own buttons
        elif key == "Escape":
            event.preventDefault()
            self.act("escape")
        elif key == "?":
            event.preventDefault()
            self.act("keys")
        elif key in ("Enter", " "):
            act = target.getAttribute("data-act")
            if isinstance(act, str) and (act.startswith("card:") or target.tagName == "path"):
                event.preventDefault()
                self.act(act, stay=key == " ")
        elif (key in STEP_KEYS and self.app.sequence is not None and not overlay_up()
              and not exists(target.closest("svg.board"))):
            event.preventDefault()
            self.act("step:" + STEP_KEYS[key])
        elif key in keys.ARROWS:
            if self._arrow(target, key):
                event.preventDefault()

    def _trap(self, event: JsProxy) -> None:
        """Tab and Shift+Tab cycle through the open dialog's controls."""
        up = overlay_up()
        if not up:
            return
        inside = document.getElementById(up).querySelectorAll(FOCUSABLE)
        if not inside.length:
            return
        first, last = inside[0], inside[inside.length - 1]
        active = document.activeElement
        if not exists(active) or not document.getElementById(up).contains(active):
            event.preventDefault()
            first.focus()
        elif event.shiftKey and active == first:
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and active == last:
            event.preventDefault()
            first.focus()

    def _arrow(self, target: JsProxy, key: str) -> bool:
        """Move focus with an arrow key; False when it is not ours to handle."""
        svg = target.closest("svg.board")
        if exists(svg):
            island, line = target.getAttribute("data-island"), target.getAttribute("data-line")
            here = ("island", island) if isinstance(island, str) else ("line", line)
            there = keys.step(here[0], str(here[1]), key, self.app.portrait)
            if there is not None:
                focus_place(svg, *there)
            return True
        row = target.closest(", ".join(ROWS))
        if not exists(row) or target.tagName != "BUTTON":
            return False
        if key in ("ArrowLeft", "ArrowRight"):
            buttons = list(row.querySelectorAll("button"))
            at = next(i for i, b in enumerate(buttons) if b.isSameNode(target))
            buttons[(at + (1 if key == "ArrowRight" else -1)) % len(buttons)].focus()
            return True
        # Up and Down: the row above or below as it is shown (phones order them otherwise).
        top = row.getBoundingClientRect().top
        rows = [r for r in (document.querySelector(s) for s in ROWS)
                if exists(r.querySelector("button")) and not r.isSameNode(row)]
        above = [r for r in rows if r.getBoundingClientRect().top < top]
        below = [r for r in rows if r.getBoundingClientRect().top > top]
        if key == "ArrowUp" and above:
            max(above, key=lambda r: r.getBoundingClientRect().top).querySelector("button").focus()
        elif key == "ArrowDown" and below:
            min(below, key=lambda r: r.getBoundingClientRect().top).querySelector("button").focus()
        return True

    def on_focus(self, event: JsProxy) -> None:
        """An island or line of the board that takes focus becomes the board's one Tab
        stop (a roving tabindex): Tab from it leaves the board, as from an island (from a
        line it went back to the first island, the line's next stop in the drawing). The
        lit lines keep their own stops: they are what to act on."""
        target = event.target
        svg = target.closest("svg.board") if hasattr(target, "closest") else None
        if (not exists(svg) or not target.hasAttribute("tabindex")
                or target.hasAttribute("data-act")):
            return
        for stop in svg.querySelectorAll('[tabindex="0"]:not([data-act])'):
            stop.setAttribute("tabindex", "-1")
        target.setAttribute("tabindex", "0")

    def _refocus(self, held: str | None, after: tuple[str, ...]) -> None:
        """Dialogs are modal: focus moves in, the page behind is inert, and on closing
        focus returns to the control that opened it. Otherwise, for the keyboard, focus
        goes where the act sends it, or to the same control drawn anew, never to the top."""
        was, self.up = self.up, overlay_up()
        for part in ("header.bar", "main.game"):
            document.querySelector(part).inert = bool(self.up)
        active = document.activeElement
        lost = (active is None or active is jsnull or not active.isConnected
                or active.isSameNode(document.body))
        targets: tuple[str, ...] = ()
        if self.up and self.up != was:
            if not was and (self.app.dialog in focus.OPENED or self.up == "builder"):
                self.opener = held
            targets = focus.overlay(self.app) if self.up != PROBLEM else ()
        elif was and not self.up:
            targets = ((self.opener,) if self.opener else after) + focus.playing(self.app)
            self.opener = None
        elif self.keyboard and after:
            targets = after
        elif lost and held is not None:
            targets = (held,) + (focus.playing(self.app) if self.keyboard else ())
        elif (self.keyboard and (lost or matches(active, "#hand")) and self.app.may_act()
              and not self.up):  # the builder's field left by Tab: focus is on its way
            targets = focus.playing(self.app)  # the computer is done: the hand again
        if self.app.embed is not None and not document.hasFocus():
            return  # an embed never takes the keyboard from the page around it
        for selector in targets:
            element = enabled(document.querySelector(selector))
            if exists(element):
                element.focus(to_js({"preventScroll": not self.keyboard},
                                    dict_converter=window.Object.fromEntries))
                return

    def _watch_back(self) -> None:
        """A phone's Back closes a dialog that may be closed, as Escape does, rather than
        leave the page: the dialogs are not <dialog> elements, so where the browser has
        CloseWatcher (Chromium: Back on Android), the page keeps one while one is up."""
        wanted = self.up == "dialog" and acts.closable(self.app)
        if wanted and self.watcher is None and hasattr(window, "CloseWatcher"):
            self.watcher = window.CloseWatcher.new()
            self.watcher.onclose = self._back
        elif not wanted and self.watcher is not None:
            watcher, self.watcher = self.watcher, None
            watcher.destroy()

    def on_back(self, event: JsProxy) -> None:
        """The browser's request to close (Back, or Escape where the page let it pass)."""
        self.watcher = None  # a watcher closes once; the next dialog gets a new one
        self.act("escape")
