"""A link to the game shown, as the site's own address with ``?record=`` (a finished game)
or ``?position=`` (a game in progress); the share dialog (web/view/share.py) shows it.

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
from typing import Any

from kahuna import link_kind, link_url, position_to_json

from ..game.match import Match

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
