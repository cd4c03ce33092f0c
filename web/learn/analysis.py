"""The engine's analysis of a position in the page (issue 32, "Best turn"): the work in
progress or its answer, the turn looked at and how far into it. Pure: ``web.boot``
runs ``Analysing`` in slices, as it runs the review; its dialog is web/view/analysis.py.

The position is a ``State`` (the editor's, a replay's step, a hot-seat game's), kept to
play on from; the engine is given only the mover's ``Observation`` of it (R24).
``kahuna``'s analysis is imported on first use: a player who never asks never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kahuna import Effects, Observation, State, observe, position_to_json, start_of

from ..game.match import Match
from .review import STEPS, ReviewState

if TYPE_CHECKING:
    from kahuna import Analysing, Analysis


@dataclass
class AnalysisState:
    """One analysis: the position, the work or its answer, the turn looked at
    (``chosen``, 0 the best) and how many of its actions the board shows (``step``)."""

    state: State
    work: Analysing
    key: str  # the position's JSON: a second press for the same position reuses the work
    result: Analysis | None = None
    chosen: int = 0
    step: int = 0
    steps: list[tuple[Observation, Effects]] = field(default_factory=list)

    @property
    def obs(self) -> Observation:
        """What the side to move sees: all the engine is given (R24)."""
        return observe(self.state, self.state.to_move)


def position_key(state: State) -> str:
    """The position as text, to tell two positions apart."""
    return repr(position_to_json(state))


def reviewed_turn_start(match: Match, review: ReviewState) -> State | None:
    """The real position at the start of the turn the review shows (None while none is
    chosen): the review's own board plays its turns in a sampled world (R24), which is
    no position to play on from."""
    if review.result is None or not 0 <= review.chosen < len(review.result.turns):
        return None
    state = start_of({**match.to_record(), "actions": []})
    for action in match.actions[:review.result.turns[review.chosen].turn.first]:
        state.do(action)
    return state


def may_analyse(state: State) -> bool:
    """Whether ``state`` has a side to move with a choice to make (not over)."""
    return not state.is_over and bool(state.legal_actions())


def start_analysis(state: State, seed: int) -> AnalysisState:
    """The analysis of ``state`` for its side to move, not yet worked (``advance`` it)."""
    from kahuna import Analysing  # lazy: the players are big

    obs = observe(state, state.to_move)
    return AnalysisState(state.copy(), Analysing(obs, seed=seed), position_key(state))


def advance(a: AnalysisState, seconds: float) -> bool:
    """Work for about ``seconds``; True once the answer is there (the best turn chosen)."""
    if a.result is None and a.work.step(seconds):
        a.result = a.work.result()
        choose(a, 0)
    return a.result is not None


def choose(a: AnalysisState, index: int) -> None:
    """Look at the turn ``index`` of the answer (0 the best), from its start."""
    from kahuna import walk_option

    if a.result is not None and 0 <= index < len(a.result.turns):
        a.chosen, a.step = index, 0
        a.steps = walk_option(a.obs, a.result.turns[index].plan)


def show_step(a: AnalysisState, where: str) -> None:
    """Step the turn shown on the board (``where``: first, back, next); else nothing."""
    if where in STEPS:
        a.step = max(0, min(STEPS[where](a.step), len(a.steps)))
