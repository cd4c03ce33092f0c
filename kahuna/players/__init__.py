"""Computer players: the protocol a player keeps with the page, the levels and the
yardsticks, the evaluation, whole-turn planning and the search. Built on
``kahuna.rules`` only; a player sees an Observation, never a State (R24)."""

from .levels import LEVELS, PLAYERS, choose, make_player
from .protocol import Decided, Player, Thinking

__all__ = ["LEVELS", "PLAYERS", "choose", "make_player", "Decided", "Player", "Thinking"]
