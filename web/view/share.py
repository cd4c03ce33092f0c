"""The Share button and the share dialog, as HTML text (the link itself:
web/state/sharing.py). Pure functions."""

from __future__ import annotations

from html import escape

from ..state import sharing
from ..state.sharing import COPIED, REFUSED, Share
from ..words.language import _, ngettext
from .dialogs import button


def button_html(over: bool) -> str:
    """The Share button under the move log (``over``: the game is over)."""
    label = _("Share this game") if over else _("Share this position")
    return f'<button type="button" class="act" data-act="share">{escape(label)}</button>'


def share_html(made: Share, downloadable: bool) -> str:
    """The share dialog: the link in a read-only field, Copy and Close; a link over
    ``sharing.LIMIT`` is refused, with the game record's download instead (its button when the
    record may be downloaded now, ``downloadable``: not under the hot-seat cover)."""
    if made.too_long:
        why = ngettext(
            "Its link would be {count} character long, and many web hosts refuse addresses "
            "longer than {limit}. Download the game record instead and send the file: the "
            "page opens it with “Open a game record…” in the New game dialog.",
            "Its link would be {count} characters long, and many web hosts refuse addresses "
            "longer than {limit}. Download the game record instead and send the file: the "
            "page opens it with “Open a game record…” in the New game dialog.",
            len(made.url)).format(count=len(made.url), limit=sharing.LIMIT)
        return (f'<h2 id="dialog-title">{escape(_("This game is too long for a link"))}</h2>'
                f'<p>{escape(why)}</p><div class="buttons">'
                + (button("export", _("Download the game record"), True) if downloadable
                   else "")
                + f'{button("back", _("Close"), not downloadable)}</div>')
    if made.kind == "record":
        title = _("Share this game")
        what = _("The link opens the whole game, every move of both players, in the page.")
    else:
        title = _("Share this position")
        what = _("The link opens this position as a new game for two players. It holds only "
                 "what you can see: the opponent’s hidden cards, the face-down discards and "
                 "the draw pile are dealt at random.")
    said = {COPIED: _("The link is copied."),
            REFUSED: _("The browser did not let the page copy: select the link and copy "
                       "it.")}.get(made.copied, "")
    return (f'<h2 id="dialog-title">{escape(title)}</h2><p>{escape(what)}</p>'
            f'<label class="label" for="share-link">{escape(_("Link"))}</label>'
            f'<input id="share-link" class="share-link" type="text" readonly '
            f'spellcheck="false" value="{escape(made.url)}">'
            f'<p class="note" role="status">{escape(said)}</p>'
            f'<div class="buttons">{button("copy", _("Copy"), True)}'
            f'{button("back", _("Close"))}</div>')

