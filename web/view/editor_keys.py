"""The position editor's keys as the page shows them (issue 32; what each does:
web/state/editor_keys.py): their list in the keys' dialog (``?``) while the editor is
open, and ``aria-keyshortcuts`` on the controls they press, for a screen reader. The
letters are never in a catalogue, so no translation can change them: each row's words
take them as placeholders."""

from __future__ import annotations

import re
from html import escape

from ..state.editor_keys import FLIP, MOVER, PILE, REDO, TARGET, UNDO
from ..words.language import _, pgettext

#: The keys of the editor's acts, by act (aria-keyshortcuts' own names, in English).
SHORTCUTS = {"edit:target": TARGET.upper(), "edit:pile:1": PILE.upper(),
             "edit:pile:-1": f"Shift+{PILE.upper()}", "edit:move": MOVER.upper(),
             "edit:flip": FLIP.upper(), "edit:undo": f"{UNDO.upper()} Control+{UNDO.upper()}",
             "edit:redo": f"{REDO.upper()} Control+{REDO.upper()} Control+Shift+{UNDO.upper()}",
             "keys": "?"}
_BUTTON = re.compile(r'<button type="button"( data-act="([^"]*)")')
_ISLAND = re.compile(r'(data-island="([A-L])[A-Z]*")')


def _keys(act: str) -> str | None:
    return SHORTCUTS.get(act) or SHORTCUTS.get(":".join(act.split(":")[:2]))


def with_shortcuts(html: str) -> str:
    """``html``'s buttons with the editor's keys named on those they press."""
    def named(m: re.Match[str]) -> str:
        keys = _keys(m[2])
        at = f' aria-keyshortcuts="{keys}"' if keys else ""
        return f'<button type="button"{at}{m[1]}'
    return _BUTTON.sub(named, html)


def islands_named(svg: str) -> str:
    """The board's islands with their letter, the key that goes to each."""
    return _ISLAND.sub(lambda m: f'{m[1]} aria-keyshortcuts="{m[2]}"', svg)


def _key(letter: str, shift: bool = False) -> str:
    """One key as the list writes it, e.g. "Z" or "Shift+P" in the language in use."""
    if shift:
        # TRANSLATORS: a key held with Shift, as keyboards of your language name it;
        # {key} is a letter the page fills in, the same in every language.
        return pgettext("key", "Shift+{key}").format(key=letter.upper())
    # TRANSLATORS: a key of the position editor; {key} is a letter the page fills in, the
    # same in every language: keep it as it is.
    return pgettext("key", "{key}").format(key=letter.upper())


def keys_html() -> str:
    """The editor's keys, for the keys' dialog."""
    first, last = _key("a"), _key("l")
    rows = (
        (f"{first}–{last}", _("on the board: the island of that initial; from an island, "
                              "its line to that island")),
        (f"{first}–{last}", _("in a hand, the display or the island cards: a card of that "
                              "island goes there")),
        (_("Enter"), _("on a line: its next bridge (none, Black, White)")),
        (_key(TARGET), _("where cards go next: Black’s hand, White’s hand, the display")),
        (_key(PILE), _("one card more in the pile")),
        (_key(PILE, shift=True), _("one card less in the pile")),
        (_key(MOVER), _("the other side to move")),
        (_key(FLIP), _("swap colours")),
        (_key(UNDO), _("undo")),
        (_key(REDO), _("redo")),
        (_("Escape"), _("from the panel back to the board")),
    )
    body = "".join(f"<dt><kbd>{escape(key)}</kbd></dt><dd>{escape(what)}</dd>"
                   for key, what in rows)
    same = _("The letters are the same in every language; in a text field they are typed.")
    return (f'<h3>{escape(_("In the position editor"))}</h3><p class="note">{escape(same)}</p>'
            f'<dl class="keys">{body}</dl>')
