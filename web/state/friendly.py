"""The page's state for games by links (issue 31), beside the game on show: kept apart
from web/state/friend.py (the acts), which the App cannot import (it imports the App)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Friendly:
    """What the dialogs of a game by links need between acts."""

    name: str = ""  # the friend's name last typed, offered again for the next game
    invitation: Any = None  # (the engine's Game, its reply Link) of an invitation opened
    can_share: bool = False  # the browser has a share sheet (navigator.share)
    sheet: str | None = None  # a link for the share sheet (web/boot/dom.py), once
    turn: Any = None  # the friend's turn shown step by step (web/state/friend_turn.py)
    deleting: str = ""  # the game by links whose Delete was pressed once: asked again
