"""The computer's decisions in the game shown: its own action, or the strongest level's
hint for the person, each from the mover's observation only (R24). ``web.boot.dom``
runs a ``Thinking`` in slices between frames."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kahuna import Action, observe

from ..game.players import levels
from ..learn import tutorial

if TYPE_CHECKING:  # the players are imported lazily (boot time)
    from kahuna import Thinking

    from .app import App


def think(app: App, for_hint: bool = False) -> Thinking:
    """Start a decision: the computer's action, or the strongest level's hint for the
    person (from the person's own observation, R24)."""
    m = app.match
    assert m is not None
    if app.tutorial is not None and not for_hint:  # the scripted opponent
        from kahuna import Decided
        return Decided(tutorial.reply(observe(m.state, m.state.to_move)))
    level = levels()[-1] if for_hint else m.level
    seed = None if app.seed is None else f"{app.seed}:{len(m.actions)}:{for_hint}"
    player = app.players.get(m.id, level, for_hint)
    return player.think(observe(m.state, m.state.to_move), random.Random(seed))

def hint_planned(app: App) -> list[Action]:
    """The rest of the turn the hint's player planned (its players plan whole turns)."""
    m = app.match
    if m is None:
        return []
    player = app.players.get(m.id, levels()[-1], True)
    return list(getattr(player, "planned", list)())  # a level that plans turns has it
