"""A puzzle's rating: how often each level of the computer, told the goal, solves it.

A level attempts a puzzle as it plans an ordinary turn, from the mover's observation
only (R24): it samples a world consistent with what the mover sees, runs its own beam
search over whole turns (its width, depth, evaluation weights, and the beginner's
blindness to removals), and solves the puzzle when a turn of that search reaches the
goal (``check_turn``, the page's check). A goal that the turns a level likes reach is
found by the weakest; one that only an odd turn reaches, by none. The stars follow
from these rates (``kahuna.learn.puzzle.stars_of``, docs/puzzles.md). Offline only:
``scripts/make_puzzles.py`` stores the rates in the set; the page never imports this.
"""

from __future__ import annotations

import random

from ..learn.goals import check_turn
from ..learn.puzzle import Puzzle, finished
from ..players.levels import LEVELS, level_named
from ..players.plans import plans
from ..rules.observation import observe


def attempt(puzzle: Puzzle, level: str, seed: int) -> bool:
    """Whether ``level``'s search, in a world drawn (random generator seeded ``seed``)
    from what the mover sees, finds a whole turn that reaches the goal."""
    settings = level_named(level)
    rng = random.Random(seed)
    world = observe(puzzle.start(), puzzle.mover).sample_state(rng)
    removals = not (settings.blind_removals and rng.random() < settings.blind_removals)
    search = plans(world, settings.width, settings.depth, settings.weights, removals)
    return any(check_turn(puzzle.goal, world, plan).reached for plan in finished(search))


def solve_rate(puzzle: Puzzle, level: str, attempts: int, first_seed: int = 0) -> float:
    """The share of ``attempts`` tries (seeds ``first_seed``, ``first_seed + 1``, ...) in
    which ``level`` solves the puzzle."""
    wins = sum(attempt(puzzle, level, seed) for seed in range(first_seed, first_seed + attempts))
    return wins / attempts


def solve_rates(puzzle: Puzzle, attempts: int) -> tuple[float, ...]:
    """Each level's solve rate (``LEVELS``, weakest first), over ``attempts`` tries each."""
    return tuple(solve_rate(puzzle, level, attempts) for level in LEVELS)
