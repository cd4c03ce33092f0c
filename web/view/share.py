"""Share: a link to the game shown, as the site's own address with ``?record=`` (a
finished game) or ``?position=`` (a game in progress); and its dialog. Pure functions.

There is no server: the link holds the game itself (``kahuna.link_url``). While a game
is on, the link holds only what the sharer may see (R24): their own hand, the bridges,
the display, the discards face up and the opponent's cards taken from the display. A
position must name every card, so the opponent's other cards, the face-down discards
and the pile are dealt at random from the cards the sharer cannot place, and the dialog
says so. Once the game is over everything is public, and the link holds its record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import Any

from kahuna import link_kind, link_url, position_to_json

from ..game.match import Match
from .dialogs import button
from ..words.language import _, ngettext

#: The longest link offered, in characters. Common web servers refuse a longer address
#: (nginx's and Apache's default limits on a request line are about 8 kB; GitHub Pages
#: and most hosts answer "414 URI Too Long" beyond that), so a longer one is refused here
#: with the file download as the way on. Real games are far below it: the links of 50
#: games of the expert against itself are about 2,000 characters (bench/link_lengths.py).
LIMIT = 8000
#: What a copy came to: not tried yet, done, or refused by the browser.
ASKED, COPIED, REFUSED = "", "copied", "refused"


@dataclass(frozen=True)
class Share:
    """A link made for the share dialog: ``kind`` is "record" or "position"; ``copied``
    says whether the browser copied it (``ASKED``, ``COPIED`` or ``REFUSED``)."""

    url: str
    kind: str
    copied: str = ASKED

    @property
    def too_long(self) -> bool:
        """Whether the link is longer than the hosts accept (``LIMIT``)."""
        return len(self.url) > LIMIT


def shared(match: Match, rng: random.Random) -> dict[str, Any]:
    """What the link holds: a finished game's record (without the page's meta data: the
    game opens for two players, named by colour), else the position as the viewer sees
    it, the cards the viewer cannot see dealt at random by ``rng`` (R24)."""
    if match.state.is_over:
        return {k: v for k, v in match.to_record().items() if k != "meta"}
    return position_to_json(match.observation().sample_state(rng))


def share(match: Match, site: str, rng: random.Random) -> Share:
    """The link to ``match`` on the site at ``site`` (its address without a query)."""
    data = shared(match, rng)
    return Share(link_url(data, site), link_kind(data))


def button_html(over: bool) -> str:
    """The Share button under the move log (``over``: the game is over)."""
    label = _("Share this game") if over else _("Share this position")
    return f'<button type="button" class="act" data-act="share">{escape(label)}</button>'


def share_html(made: Share, downloadable: bool) -> str:
    """The share dialog: the link in a read-only field, Copy and Close; a link over
    ``LIMIT`` is refused, with the game record's download instead (its button when the
    record may be downloaded now, ``downloadable``: not under the hot-seat cover)."""
    if made.too_long:
        why = ngettext(
            "Its link would be {count} character long, and many web hosts refuse addresses "
            "longer than {limit}. Download the game record instead and send the file: the "
            "page opens it with “Open a game record…” in the New game dialog.",
            "Its link would be {count} characters long, and many web hosts refuse addresses "
            "longer than {limit}. Download the game record instead and send the file: the "
            "page opens it with “Open a game record…” in the New game dialog.",
            len(made.url)).format(count=len(made.url), limit=LIMIT)
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

