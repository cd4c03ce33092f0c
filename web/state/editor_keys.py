"""The position editor's keys (issue 32): what a key does in the editor, given where
focus is. The keys are letters, the same in every language (as the game's ``?``): the
islands' initials A to L go to an island on the board, or put a card of that island
where focus is; a few letters past L do the panel's buttons. Never while typing in a field
(web/boot/editor_keys.py asks); the list shown on ``?`` is web/view/editor_keys.py's."""

from __future__ import annotations

from kahuna import ISLANDS, LINES, line_name, seat_name

from ..learn.editor import TARGETS, Editor

#: A letter -> the island it is the initial of ("a" -> "ALOA" ... "l" -> "LALE").
ISLAND_KEYS = {name[0].lower(): name for name in ISLANDS}
#: The parts of the panel a letter puts a card into: a hand, the display, or the island
#: cards ("palette": where cards go, as a click on one of them does).
CARD_PARTS = ("black", "white", "display", "palette")
#: The panel's buttons by letter (Shift+P: one card less in the pile).
TARGET, PILE, MOVER, FLIP, UNDO, REDO = "t", "p", "m", "x", "z", "y"
_LINE = {frozenset((ISLANDS[a], ISLANDS[b])): line_name(i) for i, (a, b) in enumerate(LINES)}


def key_act(editor: Editor, key: str, shift: bool = False, part: str = "",
            ctrl: bool = False) -> str | None:
    """The editor's act for ``key`` (a lower-case letter) with focus in ``part`` (one of
    CARD_PARTS, else ""); None when the key does no act (on the board a letter moves focus:
    ``board_step``). With Ctrl (or Cmd) only undo and redo, as elsewhere."""
    if ctrl:
        return {UNDO: "edit:redo" if shift else "edit:undo", REDO: "edit:redo"}.get(key)
    if key in ISLAND_KEYS and part in CARD_PARTS:
        return f"edit:add:{ISLAND_KEYS[key]}" + ("" if part == "palette" else f":{part}")
    if key == TARGET:
        return "edit:target:" + TARGETS[(TARGETS.index(editor.target) + 1) % len(TARGETS)]
    if key == PILE:
        return "edit:pile:-1" if shift else "edit:pile:1"
    if key == MOVER:
        return "edit:move:" + seat_name(1 - editor.draft.to_move)
    return {FLIP: "edit:flip", UNDO: "edit:undo", REDO: "edit:redo"}.get(key)


def board_step(kind: str, name: str, key: str) -> tuple[str, str] | None:
    """Where the letter ``key`` takes focus on the board from the island or line ``name``
    (``kind`` "island", "line" or "" off the board): from an island, to its line to the
    island of that letter; else to that island. None for a letter that is no island's."""
    island = ISLAND_KEYS.get(key)
    if island is None:
        return None
    line = _LINE.get(frozenset((name, island))) if kind == "island" else None
    return ("line", line) if line is not None else ("island", island)
