"""A puzzle set up in the position editor (issue 32): its goal checked by the solver on
the position as set, so that an author knows before sharing whether the puzzle can be
solved, in how many of the mover's whole turns, and one of them. Pure; the editor keeps
the last answer (web/learn/editor.py), its panel says it (web/view/editor.py)."""

from __future__ import annotations

from dataclasses import dataclass

from kahuna import Action, Draft, Effects, KahunaError, draft_state

from ..words.language import N_

#: Why a goal could not be checked (said in the page's language by the panel).
UNREADABLE = N_("This goal does not read. Write it as in the examples: gain:ELAI, control:3, "
                "remove:ALOA-HUNA, score, safe:ELAI:1, shield.")
UNFINISHED = N_("The solver needs a complete position: finish it first.")


@dataclass(frozen=True)
class Answer:
    """The solver's answer for ``goal`` (its short text) on ``draft``: how many of the
    mover's ``turns`` whole turns reach it, one of them (``shown``, () for none, and what
    each of its actions did, ``effects``), or why it could not be checked (``problem``, an
    English message of this module)."""

    goal: str
    draft: Draft
    reaching: int = 0
    turns: int = 0
    shown: tuple[Action, ...] = ()
    effects: tuple[Effects, ...] = ()
    problem: str = ""

    def solvable(self) -> bool:
        """Whether some turn reaches the goal."""
        return not self.problem and self.reaching > 0


def check(draft: Draft, seed: int, text: str) -> Answer:
    """The solver on ``draft`` (its unnamed cards dealt by ``seed``) for the goal ``text``
    (``gain:ELAI``...)."""
    from kahuna import goal_from_text, goal_text, solve  # lazy: kahuna.learn on first use

    try:
        goal = goal_from_text(text)
    except KahunaError:
        return Answer(text.strip(), draft, problem=UNREADABLE)
    try:
        state = draft_state(draft, seed)
    except KahunaError:
        return Answer(goal_text(goal), draft, problem=UNFINISHED)
    plans, turns = solve(goal, state)
    shown = tuple(plans[0]) if plans else ()
    played = state.fork()
    effects = tuple(played.play(action) for action in shown)  # said as the move log says it
    return Answer(goal_text(goal), draft, len(plans), turns, shown, effects)
