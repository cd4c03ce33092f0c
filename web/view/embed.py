"""The page embedded in another page (``?embed``, docs/embedding.md): the header's
controls and the message for a bad link, as HTML text. Pure functions.

Embedded, the game lives in memory only; "Open in the full game" leads to the same
address without ``embed``, in a new tab, where the reader's saved games are.
"""

from __future__ import annotations

from html import escape

from ..words.language import _
from .dialogs import button, problem_text


def full_game_link(address: str, text: str, short: str = "") -> str:
    """A link to the full game at ``address``, in a new tab; with ``short``, a narrow
    frame shows that text instead (web/style.css), and the link is named by ``text``."""
    body = escape(text)
    if short:
        body = (f'<span class="long">{body}</span><span class="short">{escape(short)}</span>')
    return (f'<a class="full-game" href="{escape(address)}" target="_blank" rel="noopener" '
            f'aria-label="{escape(text)}">{body}</a>')


def nav_html(full_game: str) -> str:
    """Reset (back to the linked start) and the way to the full game, for the header."""
    return ('<button type="button" id="btn-reset" data-act="reset" '
            f'title="{escape(_("Back to the start of this example"))}">{escape(_("Reset"))}'
            '</button>'
            + full_game_link(full_game, _("Open in the full game"), _("Full game")))


def bad_link_html(title: str, message: str, full_game: str, detail: str = "",
                  shown: bool = False) -> str:
    """A link that holds no game, or part of an address not understood: say why. When
    the frame shows what the link held all the same (``shown``), OK keeps it; else a
    fresh game here is offered. The full game either way."""
    first = (button("close", _("OK"), True) if shown
             else button("start", _("Play a fresh game"), True))
    return (f'<h2 id="dialog-title">{escape(title)}</h2>{problem_text(message, detail)}'
            f'<div class="buttons">{first}'
            f'{full_game_link(full_game, _("Open the full game"))}</div>')
