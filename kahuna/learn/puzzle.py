"""Puzzles: a position, a goal for the mover's turn, a difficulty (stars, by which levels
of the computer reach the goal) and a solution; the solver that finds every whole turn
reaching the goal.

The set itself is ``kahuna.learn.collection``, written by ``scripts/make_puzzles.py``
from positions of self-play games (docs/puzzles.md).

>>> p = find_puzzle(puzzles()[0].id)
>>> p.check(p.solution_actions()).reached
True
"""

from __future__ import annotations

import sys
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..notation.position import position_from_json, position_to_json
from ..notation.reading import parse_seat
from ..rules.actions import Action
from ..rules.errors import NotationError
from ..rules.state import HAND_LIMIT, State
from .goals import Goal, Verdict, check_turn

if TYPE_CHECKING:  # the players load with the solver only: checking a turn needs no search
    from ..players.plans import Plan

def stars_of(rates: Sequence[float]) -> int:
    """The stars (1 easy to 5 hard) of a puzzle that each level of the computer
    (beginner, casual, skilled, expert, master), told the goal, solves in the share
    ``rates`` of its tries (``kahuna.tools.rating``): one star, and one more for each
    level that misses it, a level that misses it in a share m of its tries counting m;
    rounded half up, at most 5 (docs/puzzles.md). Monotone: a higher rate never gives
    more stars.

    >>> stars_of((1, 1, 1, 1, 1)), stars_of((0.4, 1, 1, 1, 1)), stars_of((0, 1, 1, 1, 0.5))
    (1, 2, 3)
    >>> stars_of((0, 0, 0, 0, 0)), stars_of((0, 0, 0, 0.5, 1))
    (5, 5)
    """
    misses = sum(1 - rate for rate in rates)
    return min(5, 1 + int(misses + 0.5))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the ``position`` (docs/notation.md) with the mover to play, the
    ``goal`` of the mover's next turn, a ``difficulty`` 1-5 (its stars, ``stars_of``
    its ``rates``: each level's share of tries that reach the goal, weakest first), a
    ``solution`` (actions in the notation, a whole turn) and where the position comes
    from."""

    id: str
    position: dict[str, Any]
    goal: Goal
    difficulty: int
    solution: tuple[str, ...]
    source: str = ""
    rates: tuple[float, ...] = ()

    @property
    def mover(self) -> int:
        """The seat to play (BLACK or WHITE)."""
        return parse_seat(self.position.get("to_move", "black"))

    def start(self) -> State:
        """A fresh state of the puzzle's position."""
        return position_from_json(self.position)

    def solution_actions(self) -> list[Action]:
        """The stored solution as actions."""
        return [Action.parse(text) for text in self.solution]

    def check(self, actions: Sequence[Action]) -> Verdict:
        """Whether the whole turn ``actions`` reaches the goal (``goals.check_turn``)."""
        return check_turn(self.goal, self.start(), actions)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as JSON, as ``kahuna.learn.collection`` holds it."""
        return {"id": self.id, "goal": self.goal.to_json(), "difficulty": self.difficulty,
                "rates": list(self.rates), "solution": list(self.solution),
                "source": self.source, "position": self.position}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Puzzle:
        """A puzzle from ``to_json``'s form; NotationError or PositionError if bad."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise NotationError("a puzzle is a JSON object with an id")
        position = position_to_json(position_from_json(data.get("position")))  # checked
        return Puzzle(data["id"], position, Goal.from_json(data.get("goal")),
                      int(data.get("difficulty", 1)), tuple(data.get("solution", ())),
                      str(data.get("source", "")),
                      tuple(float(rate) for rate in data.get("rates", ())))


@cache
def puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle of the set, fewest stars first."""
    from .collection import PUZZLES  # the data: only loaded when asked for
    return tuple(Puzzle.from_json(data) for data in PUZZLES)


def find_puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle with this id; KeyError listing the ids if there is none."""
    for puzzle in puzzles():
        if puzzle.id == puzzle_id:
            return puzzle
    raise KeyError(f"no puzzle {puzzle_id!r}; puzzles: {', '.join(p.id for p in puzzles())}")


def whole_turns(state: State) -> list[Plan]:
    """Every whole turn of the mover from ``state``, one per distinct result (turns that
    differ only in the order of their actions count once), the evaluator's best first:
    ``plans`` with a beam wide enough to keep every position."""
    # Each phase-A action spends a card, but for V1's free bridge after a removal of two.
    depth = 2 * HAND_LIMIT
    from ..players.plans import plans
    return finished(plans(state, sys.maxsize, depth))


def finished(search: Generator[None, bool, list[tuple[float, Plan]]]) -> list[Plan]:
    """The plans of a ``plans`` search run to its end, never told to hurry, best first."""
    from ..players.protocol import run_to_end
    return [plan for _, plan in run_to_end(search)]


def solve(goal: Goal, state: State) -> tuple[list[Plan], int]:
    """The mover's whole turns from ``state`` that reach ``goal``, and how many whole
    turns there are in all."""
    turns = whole_turns(state)
    return [plan for plan in turns if check_turn(goal, state, plan).reached], len(turns)
