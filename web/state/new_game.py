"""The new-game dialog's options, as a value (web/view/dialogs.py draws them): the acts
``set:<key>:<value>`` change them, never form fields read back from the page."""

from __future__ import annotations

import random
from dataclasses import dataclass

from kahuna import BLACK, WHITE, parse_seat, seat_name

from ..game.match import COMPUTER, MODES

RANDOM = "random"  # a seat or colour the deal decides
SEATS = (seat_name(BLACK), seat_name(WHITE), RANDOM)


def seat_of(choice: str, rng: random.Random) -> int:
    """The seat a dialog option names; random draws one. The draw is made either way,
    so a seed deals the same whatever was chosen."""
    drawn = rng.randrange(2)
    return drawn if choice == RANDOM else parse_seat(choice)


@dataclass
class NewGame:
    """The options of the new-game dialog."""

    mode: str = COMPUTER  # or HOTSEAT
    colour: str = seat_name(BLACK)  # the person's colour against the computer (or random)
    first: str = RANDOM  # who starts (R5)
    level: str = ""  # "" stands for the weakest level
    fewer_surprises: bool = False  # V1
    open_draws: bool = False  # V2
    handicap: int = 0  # R7: 0-3 bridges
    handicap_player: str = seat_name(WHITE)

    def set(self, key: str, value: str, levels: tuple[str, ...]) -> None:
        """Apply one ``set:<key>:<value>`` act; unknown keys or values are ignored."""
        if key == "mode" and value in MODES:
            self.mode = value
        elif key in ("colour", "first") and value in SEATS:
            setattr(self, key, value)
        elif key == "handicap_player" and value in SEATS[:2]:
            self.handicap_player = value
        elif key == "level" and value in levels:
            self.level = value
        elif key in ("fewer_surprises", "open_draws"):
            setattr(self, key, value == "on")
        elif key == "handicap" and value in ("0", "1", "2", "3"):
            self.handicap = int(value)
