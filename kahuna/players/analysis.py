"""The engine's analysis of any position (issue 32): the master's whole turn for the side
to move and the next best alternatives, each with its chance to win and what it achieves.

Decided from the mover's ``Observation`` alone (docs/rules.md R24): the opponent's hidden
cards and the pile's order are out of its reach, as they are for a player; two positions
that differ only there give the same answer.

1. The level's beam search (``plans``) lists candidate turns in one world sampled from
   the observation.
2. Successive halving over trials in worlds shared by all candidates (the master's own
   kind of trial: the turn, the reply and the next turns, then ``evaluate``) keeps the
   best ``alternatives``.
3. Those are played again in ``checks`` fresh worlds, the same for each, and ranked by
   their mean value there; a turn's chance to win is the mean, over those worlds, of the
   evaluation's fitted chance (``evaluate.win_chance``; a game the trial ends counts as
   won or lost outright).

``Analysing`` runs in slices (``step(seconds)``, like ``Reviewing``) with its
``progress``; ``best_turns`` runs it to the end. The same seed gives the same answer
however it is sliced.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from gettext import NullTranslations

from ..rules.actions import TURN_ENDING
from ..rules.observation import Observation
from .evaluate import win_chance
from .levels import MASTER
from .plans import Plan, plans
from ..rules.state import Effects
from .review import Reason, Turn, walk_turn, why_turn
from .search import Level, trial

#: Fresh worlds each kept turn is measured in for its evaluation.
CHECKS = 16
_ENGLISH = NullTranslations()


@dataclass(frozen=True, slots=True)
class Option:
    """One whole turn the analysis offers: its actions, its mean value in the
    evaluation's points, its chance to win (0 to 1) and what it achieves."""

    plan: Plan
    value: float
    chance: float
    reason: Reason


@dataclass(frozen=True, slots=True)
class Analysis:
    """The turns for ``seat``, best first (the master's turn is ``turns[0]``)."""

    seat: int
    turns: tuple[Option, ...]


@dataclass(slots=True)
class _Arm:
    plan: Plan
    order: int
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf


class Analysing:
    """An analysis in progress, run in slices: ``step(seconds)`` works about that long
    (at least one unit) and returns True once the answer is ready (``result``).
    Raises ``ValueError`` at once when the observation's seat is not the one to move."""

    def __init__(self, obs: Observation, level: Level = MASTER, seed: int = 0,
                 alternatives: int = 3, checks: int = CHECKS) -> None:
        if not obs.legal_actions():
            raise ValueError("the seat is not to move (or the game is over): "
                             "only the side to move can be analysed")
        self._obs, self._level = obs, level
        self._alternatives, self._checks = max(1, alternatives), checks
        self._rng = random.Random(f"analysis:{seed}")  # a str seed: the same on any machine
        self._planned = max(1, level.iterations) + checks * self._alternatives
        self._trials = 0
        self._work = self._analyse()
        self._result: Analysis | None = None

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1 (by trials; the search's start counts 0)."""
        return 1.0 if self._result is not None else min(0.99, self._trials / self._planned)

    def step(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once the analysis is finished."""
        deadline = time.perf_counter() + seconds
        while self._result is None:
            try:
                next(self._work)
            except StopIteration as done:
                self._result = done.value
            if time.perf_counter() >= deadline:
                break
        return self._result is not None

    def result(self) -> Analysis:
        """The analysis (after ``step`` returned True)."""
        if self._result is None:
            raise RuntimeError("the analysis is not finished: call step() until it returns True")
        return self._result

    def _analyse(self) -> Generator[None, None, Analysis]:
        obs, level, rng = self._obs, self._level, self._rng
        legal = obs.legal_actions()
        if len(legal) == 1 and legal[0].kind in TURN_ENDING:  # nothing to choose
            plan = (legal[0],)
            return Analysis(obs.seat, (Option(plan, 0.0, 0.5, why_turn(obs, plan)),))
        ranked = yield from plans(obs.sample_state(rng), level.width, level.depth,
                                  level.weights)
        candidates: list[Plan] = []
        for _, plan in ranked:
            if plan not in candidates:
                candidates.append(plan)
            if len(candidates) == max(self._alternatives, level.candidates):
                break
        kept = yield from self._halving([_Arm(p, i) for i, p in enumerate(candidates)])
        # Measured afresh, on worlds the choice never saw: the winners of many noisy
        # comparisons look better on their own worlds than they are.
        fresh = [_Arm(arm.plan, i) for i, arm in enumerate(kept)]
        chances: list[list[float]] = [[] for _ in fresh]
        for _ in range(self._checks):
            world = obs.sample_state(rng)
            for arm, chance in zip(fresh, chances):
                done = yield from trial(world, arm.plan, obs.seat, level)
                arm.values.append(done.value)
                chance.append(win_chance(done.value))
                self._trials += 1
                yield
        order = sorted(range(len(fresh)), key=lambda i: (-fresh[i].mean, i))
        return Analysis(obs.seat, tuple(
            Option(fresh[i].plan, fresh[i].mean, sum(chances[i]) / len(chances[i]),
                   why_turn(obs, fresh[i].plan)) for i in order))

    def _halving(self, arms: list[_Arm]) -> Generator[None, None, list[_Arm]]:
        """Successive halving over ``arms`` in worlds shared by all, down to the best
        ``alternatives`` (in the order of their means)."""
        keep = self._alternatives
        if len(arms) <= keep:
            return arms
        obs, level = self._obs, self._level
        worlds: list = []
        rounds = max(1, math.ceil(math.log2(len(arms) / keep)))
        per_round = max(1, level.iterations) // rounds
        target = 0
        alive = arms
        while True:
            target += max(1, per_round // len(alive))
            for arm in alive:
                while len(arm.values) < target:
                    n = len(arm.values)
                    while len(worlds) <= n:
                        worlds.append(obs.sample_state(self._rng))
                    done = yield from trial(worlds[n], arm.plan, obs.seat, level)
                    arm.values.append(done.value)
                    self._trials += 1
                    yield
            alive = sorted(alive, key=lambda a: (-a.mean, a.order))
            if len(alive) <= 2 * keep:
                return alive[:keep]
            alive = alive[:max(keep, len(alive) // 2)]


def best_turns(obs: Observation, level: Level = MASTER, seed: int = 0,
               alternatives: int = 3, checks: int = CHECKS) -> Analysis:
    """The analysis of ``obs`` (the side to move's observation) in one go: the best
    turn and the next ``alternatives - 1``, best first (``Analysing`` for slices)."""
    work = Analysing(obs, level, seed, alternatives, checks)
    while not work.step(1.0):
        pass
    return work.result()


def walk_option(obs: Observation, plan: Plan) -> list[tuple[Observation, Effects]]:
    """``plan`` action by action from ``obs``, for the page to step through (as
    ``review.walk_turn``: in one world dealt from the observation, so a card off the
    pile is that world's, never the real one, R24)."""
    return walk_turn(Turn(1, 0, obs.round, obs, tuple(plan)), plan)


def chance_words(option: Option, tr: NullTranslations = _ENGLISH) -> str:
    """An option's evaluation in words a player understands: its chance to win as the
    games of a hundred it wins, and the master's score of it in points."""
    percent = round(100 * option.chance)
    if percent >= 99:
        # TRANSLATORS: the analysis's evaluation of a turn
        text = tr.gettext("Almost sure to win")
    elif percent <= 1:
        text = tr.gettext("Almost sure to lose")
    else:
        # TRANSLATORS: a chance to win, as the games of a hundred it would win
        text = tr.ngettext("Wins about {count} game in 100", "Wins about {count} games in 100",
                           percent).format(count=percent)
    # TRANSLATORS: the master's evaluation of a turn in points, with its sign (+1.5, −0.3)
    score = tr.gettext("master’s score {value}").format(
        value=f"{option.value:+.1f}".replace("-", "−"))
    return f"{text} ({score})"
