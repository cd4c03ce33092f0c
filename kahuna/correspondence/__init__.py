"""A game with a friend by links, the cards sealed by both devices (docs/correspondence.md).

Builds on ``rules`` and ``notation``. The page's face: ``invite``, ``accept``,
``take_turn``, ``reply``, ``receive``, ``load``, ``verify``, ``Game.status``.
"""

from .api import accept, game_of, invite, load, preview, receive, reply, take_turn
from .envelope import (AlteredLink, CheatDetected, EarlierVersion, ForeignLink, Link, LinkError,
                       MissingLink, OwnLink, ReplayedLink, TakenInvitation, TurnError)
from .game import OVER, PLAY, SEND, WAIT, Game
from .verify import Verified, verify

__all__ = ["AlteredLink", "CheatDetected", "EarlierVersion", "ForeignLink", "LinkError",
           "MissingLink", "OwnLink", "ReplayedLink", "TakenInvitation", "TurnError", "OVER",
           "PLAY", "SEND", "WAIT", "Game", "Link", "accept", "game_of", "invite", "load",
           "preview", "receive", "reply", "take_turn", "Verified", "verify"]
