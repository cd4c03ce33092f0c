"""Computer players: the protocol a player keeps with the page, the levels and the
yardsticks, the evaluation, whole-turn planning and the search. Built on
``kahuna.rules`` only; a player sees an Observation, never a State (R24).

The names below load their module on first use, as ``kahuna``'s do: importing one module
of the package (``kahuna.players.protocol``) imports that module and what it needs, not
every level. So a page can import the players one module at a time, each in a short task
of its own (web/learn/review.py REVIEW_MODULES).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .levels import LEVELS, PLAYERS, choose, make_player
    from .protocol import Decided, Player, Thinking

#: Each name and the module of this package that holds it.
_HOME = {"LEVELS": "levels", "PLAYERS": "levels", "choose": "levels", "make_player": "levels",
         "Decided": "protocol", "Player": "protocol", "Thinking": "protocol"}

__all__ = ["LEVELS", "PLAYERS", "choose", "make_player", "Decided", "Player", "Thinking"]


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
