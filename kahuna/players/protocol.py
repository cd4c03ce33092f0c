"""The contract between a computer player and the page: a decision made in slices.

The page calls ``step(seconds)`` between browser frames until it returns True, then
reads ``action()``. A search is written as a generator that yields after each small
unit of work; ``Sliced`` runs it for the slice's time and honours a cap on the total.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Protocol, TypeVar

from ..rules.actions import Action
from ..rules.observation import Observation

#: A decision in progress: each ``yield`` ends a unit of work and receives True when the
#: search must stop at once and return the best action found so far.
Work = Generator[None, bool, Action]

_T = TypeVar("_T")


class Thinking(Protocol):
    """A decision in progress."""

    def step(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once the decision is made."""

    def action(self) -> Action:
        """The chosen action (after ``step`` returned True)."""


class Player(Protocol):
    """A computer player: decides from an observation and a random generator only."""

    name: str

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        """Start deciding the action of ``obs.seat``, which is to move."""


def legal_actions(obs: Observation) -> list[Action]:
    """The seat's legal actions; ValueError when the seat is not the one to move."""
    actions = obs.legal_actions()
    if not actions:
        raise ValueError(f"seat {obs.seat} is not to move (or the game is over): "
                         "a player decides only for the seat to move")
    return actions


class Decided:
    """A Thinking whose answer is already known."""

    def __init__(self, action: Action) -> None:
        self._action = action

    def step(self, seconds: float) -> bool:
        return True

    def action(self) -> Action:
        return self._action


#: The clock a ``Sliced`` thinking's slices and time cap are counted on: the wall clock,
#: which the page's player waits on. A match on a shared machine counts the process's
#: CPU time instead (``kahuna tournament --cpu-clock``), so that a capped player thinks as
#: long there as it would alone.
clock: Callable[[], float] = time.perf_counter


class Sliced:
    """A Thinking that runs a ``Work`` generator; every ``step`` does at least one unit
    of work, so ``step(0)`` called repeatedly always finishes. ``time_cap`` (seconds of
    work in all) makes the search answer early on a slow machine; without it the answer
    depends only on the observation and the random generator."""

    def __init__(self, work: Work, time_cap: float | None = None) -> None:
        self._work = work
        self._cap = time_cap
        self._spent = 0.0
        self._started = False
        self._action: Action | None = None

    def step(self, seconds: float) -> bool:
        if self._action is not None:
            return True
        start = clock()
        deadline = start + seconds
        try:
            if not self._started:
                self._started = True
                next(self._work)
            else:
                self._work.send(False)
            while True:
                now = clock()
                hurry = self._cap is not None and self._spent + now - start >= self._cap
                if not hurry and now >= deadline:
                    break
                self._work.send(hurry)
        except StopIteration as done:
            self._action = done.value
        self._spent += clock() - start
        return self._action is not None

    def action(self) -> Action:
        if self._action is None:
            raise RuntimeError("the decision is not made yet: call step() until it returns True")
        return self._action


def run_to_end(work: Generator[None, object, _T]) -> _T:
    """What ``work`` returns, run to its end in one go (never told to hurry)."""
    try:
        while True:
            next(work)
    except StopIteration as done:
        return done.value


def unless_hurried(work: Generator[None, object, _T]) -> Generator[None, bool, _T | None]:
    """Run ``work`` (a part of a search that cannot stop halfway, such as one trial) a
    unit at a time, yielding after each; None, ``work`` abandoned, once told to hurry."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value
        if (yield):
            work.close()
            return None
