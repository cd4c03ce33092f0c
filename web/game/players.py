"""The computer players on the page: the levels on offer, and the current game's players.

``kahuna``'s players are imported on first use, never at boot: a returning player's
board should not wait for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words.language import pgettext

if TYPE_CHECKING:
    from kahuna import Player

#: Seconds a level may think per decision in the page (issue 4: at most 1.5 s at the
#: 95th percentile); below that the answer depends only on the seed.
THINKING_CAP = 1.2
#: The master's (issue 34): its budget on a phone's CPU is a mean of 1.2 s and a 95th
#: percentile of 2.5 s a decision (issue 33); the frames drawn between slices take the rest.
MASTER_CAP = 2.1


def thinking_cap(level: str) -> float:
    """Seconds ``level`` may think per decision in the page."""
    return MASTER_CAP if level == "master" else THINKING_CAP


def levels() -> tuple[str, ...]:
    """Levels a person can choose, weakest first ("random" until the bots exist)."""
    from kahuna import LEVELS  # lazy: the players may be big
    return tuple(LEVELS) or ("random",)


#: Every level a saved game or record may name: kahuna's LEVELS, weakest first, after
#: "random" (the computer before the levels existed).
KNOWN_LEVELS = ("random", "beginner", "casual", "skilled", "expert", "master")


def known_level(level: str) -> str:
    """``level``, or the weakest level when none has that name (a hand-edited record, or
    a save from a version with other names): the page then shows the level it plays."""
    return level if level in KNOWN_LEVELS else KNOWN_LEVELS[1]


def level_name(level: str) -> str:
    """A level's name as the page shows it, in the language spoken now."""
    names = {"random": pgettext("level", "random"), "beginner": pgettext("level", "beginner"),
             "casual": pgettext("level", "casual"), "skilled": pgettext("level", "skilled"),
             "expert": pgettext("level", "expert"), "master": pgettext("level", "master")}
    return names.get(level, level)


class Players:
    """One player per game, level and role (the computer's move or a hint), kept while
    that game lasts: a level remembers the rest of its turn."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str, bool], Player] = {}

    def get(self, game: str, level: str, for_hint: bool) -> Player:
        """The player for this game and role; players of other games are dropped."""
        from kahuna import make_player
        key = (game, level, for_hint)
        if key not in self._kept:
            try:
                player = make_player(level, time_cap=thinking_cap(level))
            except KeyError:  # a save from a version with other level names
                player = make_player(levels()[0], time_cap=THINKING_CAP)
            self._kept = {key: player} | {k: v for k, v in self._kept.items() if k[0] == game}
        return self._kept[key]

    def forget(self) -> None:
        """Drop every player: their planned turns belong to an abandoned game."""
        self._kept = {}
