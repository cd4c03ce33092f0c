"""Kahuna rules engine and computer players, pure Python (no browser imports).

>>> from kahuna import Setup, new_game
>>> state = new_game(Setup(seed=1, first=0))
>>> len(state.hand(0)), state.to_move
(3, 0)
"""

from .actions import Action, Kind
from .errors import IllegalAction, KahunaError, NotationError, PositionError, RecordError
from .narrate import describe
from .observation import Observation, observe
from .position import position_from_json, position_to_json
from .record import make_record, replay
from .setup import Setup, new_game
from .state import BLACK, COLOURS, WHITE, Effects, Outcome, Phase, State

__all__ = [
    "Action", "Kind", "IllegalAction", "KahunaError", "NotationError", "PositionError",
    "RecordError", "describe", "Observation", "observe", "position_from_json",
    "position_to_json", "make_record", "replay", "Setup", "new_game", "BLACK", "COLOURS",
    "WHITE", "Effects", "Outcome", "Phase", "State",
]
