"""A friend's turn, opened from their link, shown action by action as the computer's turn
is (issue 31): first the board as it was, then after each of the friend's actions with
its effects animated once and the move log one line longer (web/boot/links.py paces the
steps at the computer's pace); then the game as it stands, with the dialog the link
left (a link to send, the verified end). Nothing may be played until the turn is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kahuna import Effects, Observation

from ..game.by_links import ByLinks, FriendMatch

if TYPE_CHECKING:
    from .app import App


@dataclass
class FriendTurn:
    """The friend's turn being shown: what this seat saw after each of its actions."""

    entry: ByLinks
    seen: list[Observation]  # after each action
    effects: list[Effects]  # each action's effects, as in the log
    before: int  # the log's length before the turn
    dialog: str  # the dialog the link left, shown once the turn is
    shown: int = 0  # the actions shown so far
    running: bool = False  # the page steps through it (web/boot/links.py)


def begin(app: App, before: Observation | None, effects: list[Effects]) -> None:
    """The friend's link was just applied to the game on show (``effects``: its actions',
    ``before``: what this seat saw before them, None before the deal was whole): show
    the board as it was, the rest to follow step by step (``step``)."""
    m = app.match
    if before is None or not effects or not isinstance(m, FriendMatch) or m.entry is None:
        return
    entry = m.entry
    turn = FriendTurn(entry, list(entry.game.steps), list(effects),
                      len(entry.log) - len(effects), app.dialog)
    if len(turn.seen) != len(effects):  # not this link's steps: shown at once
        return
    app.friend.turn = turn
    app.dialog, app.fx = "", None
    m.as_it_was(before, turn.before)


def step(app: App) -> bool:
    """Show the friend's next action; False once the whole turn is shown (the game as it
    stands, and the dialog the link left) or when another game took its place."""
    turn, m = app.friend.turn, app.match
    if turn is None:
        return False
    if not isinstance(m, FriendMatch) or m.entry is not turn.entry:
        app.friend.turn = None  # another game is on show (another tab, New game)
        return False
    if turn.shown + 1 >= len(turn.seen):  # the last action: the game as it stands after it
        finish(app)
        return False
    m.as_it_was(turn.seen[turn.shown], turn.before + turn.shown + 1)
    app.fx = turn.effects[turn.shown]
    turn.shown += 1
    return True


def finish(app: App) -> None:
    """The turn shown, or not to be shown step by step (no pacing): the game as it
    stands, the last action's effects, and the dialog the link left."""
    turn, app.friend.turn = app.friend.turn, None
    m = app.match
    if turn is None or not isinstance(m, FriendMatch) or m.entry is not turn.entry:
        return
    m.as_it_stands()
    app.fx = turn.effects[-1]
    if turn.dialog:
        app.dialog = turn.dialog
