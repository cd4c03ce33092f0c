"""The game review (issue 14): after a game against the computer, the strongest level
judges each of the person's turns from what the person saw then (R24, never the hidden
cards), marks the three costliest, and shows the better turn on a board the person steps
through, with a sentence on why. Pure: ``web.boot.dom`` runs ``Reviewing`` in slices, as it
runs the computer's turns; its dialog is web/view/review.py.

``kahuna``'s review is imported while a game's end offers it, a module a task
(``REVIEW_MODULES``, web/boot/loops.py), else on first use: a player who never finishes a
game against the computer never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kahuna import Effects, Observation

from ..game.match import COMPUTER, Match

if TYPE_CHECKING:
    from kahuna import Review, Reviewing


#: What the review needs, leaves first: web/boot/loops.py imports them one module a task
#: while Review is on offer, rather than all in the click's task (some 0.3 s on a phone's
#: first visit, when each is compiled from its source).
REVIEW_MODULES = tuple(f"kahuna.players.{name}" for name in (
    "model", "evaluate", "fitted_model", "protocol", "plans", "search", "greedy", "levels",
    "review"))


def offered(dialog: str, match: Match | None) -> bool:
    """Whether the dialog shown offers the review: a game against the computer's end."""
    return (dialog == "end" and match is not None and match.mode == COMPUTER
            and match.state.is_over)


@dataclass
class ReviewState:
    """One review: the game it is of, the work in progress or its result, and what the
    person looks at (a turn, and how far into its better turn)."""

    game: str  # the Match id
    seat: int
    work: Reviewing
    result: Review | None = None
    chosen: int = -1  # index of the turn looked at, in ``result.turns``
    step: int = 0  # actions of the better turn shown on the board (0: its start)
    steps: list[tuple[Observation, Effects]] = field(default_factory=list)  # the better turn
    played: list[tuple[Observation, Effects]] = field(default_factory=list)


def start_review(match: Match, seat: int | None = None) -> ReviewState:
    """The review of ``match``'s person's turns (``seat``'s, for a game whose two players
    were both people: a game by links), not yet judged (``step`` it)."""
    from kahuna import Reviewing, review_turns, start_of  # lazy: the review is big

    seat = match.human if seat is None else seat
    assert seat is not None
    start = start_of({**match.to_record(), "actions": []})
    turns = review_turns(start, match.actions, seat)
    return ReviewState(match.id, seat, Reviewing(turns, seed=len(match.actions)))


def advance(state: ReviewState, seconds: float) -> bool:
    """Judge for about ``seconds``; True once the review is done (the costliest turn chosen)."""
    if state.result is None and state.work.step(seconds):
        state.result = state.work.result()
        costliest = state.result.costliest()
        if costliest:
            choose(state, state.result.turns.index(costliest[0]))
    return state.result is not None


def choose(state: ReviewState, index: int) -> None:
    """Look at the turn ``index``: its better turn from the start."""
    from kahuna import walk_turn

    assert state.result is not None
    if 0 <= index < len(state.result.turns):
        judged = state.result.turns[index]
        state.chosen, state.step = index, 0
        state.steps = walk_turn(judged.turn, judged.better)
        state.played = walk_turn(judged.turn, judged.turn.played)


#: The stepper's buttons by what they do, not by the step they go to: the act a button
#: holds stays the same as it is pressed, so keyboard focus stays on it (web/boot/dom.py).
STEPS = {"first": lambda step: 0, "back": lambda step: step - 1, "next": lambda step: step + 1}


def show_step(state: ReviewState, where: str) -> None:
    """Step the better turn shown on the board ``where`` (a key of ``STEPS``); anything
    else changes nothing."""
    if where in STEPS:
        state.step = max(0, min(STEPS[where](state.step), len(state.steps)))
