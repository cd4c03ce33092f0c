"""Computer players. Each decides from an Observation (R24) and an injected random
generator only; it never sees a State.

The page runs a decision in short slices so the browser never freezes:

>>> import random
>>> from kahuna import Setup, new_game, observe
>>> state = new_game(Setup(seed=2))
>>> thinking = make_player("random").think(observe(state, state.to_move), random.Random(1))
>>> while not thinking.step(0.02):
...     pass
>>> thinking.action() in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from .actions import Action
from .observation import Observation


class Thinking(Protocol):
    """A decision in progress."""

    def step(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once the decision is made."""

    def action(self) -> Action:
        """The chosen action (after ``step`` returned True)."""


class Player(Protocol):
    name: str

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        """Start deciding the action of ``obs.seat``, which is to move."""


class Decided:
    """A Thinking whose answer is already known."""

    def __init__(self, action: Action) -> None:
        self._action = action

    def step(self, seconds: float) -> bool:
        return True

    def action(self) -> Action:
        return self._action


class RandomPlayer:
    """Uniformly random legal action: a yardstick, not a level."""

    name = "random"

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        return Decided(rng.choice(obs.legal_actions()))


def choose(player: Player, obs: Observation, rng: random.Random) -> Action:
    """Run ``player``'s decision to the end, in one go."""
    thinking = player.think(obs, rng)
    while not thinking.step(1.0):
        pass
    return thinking.action()


PLAYERS: dict[str, Callable[[], Player]] = {"random": RandomPlayer}
#: The levels a person chooses from, weakest first (the baselines are not levels).
LEVELS: tuple[str, ...] = ()


def make_player(name: str) -> Player:
    """A new player by name; raises KeyError listing the names."""
    if name not in PLAYERS:
        raise KeyError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}")
    return PLAYERS[name]()
