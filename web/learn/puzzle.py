"""A puzzle on the page (``?embed&mode=puzzle``): a position, a goal for the mover's
turn, the reader's attempt and the engine's verdict (``kahuna.learn``: any turn that
reaches the goal counts, judged from what the mover sees, R24), a retry, a solution.

Pure: the App keeps a ``PuzzleRun`` and asks it, after each action, whether the turn is
over and what the verdict is; the solution is shown as a ``Sequence``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kahuna import RECORD_FORMAT, RECORD_VERSION, Action, position_to_json, start_of

from ..game.match import HOTSEAT, Match

if TYPE_CHECKING:
    from kahuna import Goal, Verdict


@dataclass
class PuzzleRun:
    """``goal`` for the turn of ``mover``, to move in ``start`` (a game record of a
    position, with no actions); ``verdict`` once the reader's turn is over; ``solution``:
    a turn that reaches the goal, once asked for (() when none does); ``name``: the
    site's puzzle id."""

    goal: Goal
    start: dict[str, Any]
    mover: int
    verdict: Verdict | None = None
    solution: tuple[Action, ...] | None = None
    name: str = ""

    def judge(self, match: Match) -> bool:
        """After an action: if the reader's turn is over, judge it; True when judged now."""
        from kahuna import check_turn, turn_over  # lazy: kahuna.learn loads on first use

        if self.verdict is None and turn_over(match.state, self.mover):
            self.verdict = check_turn(self.goal, start_of(self.start), match.actions)
            return True
        return False

    def solved(self) -> tuple[Action, ...]:
        """A whole turn that reaches the goal (the site's stored one, else the solver's
        first); () when none does. Computed once."""
        if self.solution is None:
            from kahuna import find_puzzle, solve

            if self.name:
                self.solution = tuple(find_puzzle(self.name).solution_actions())
            else:
                plans, _count = solve(self.goal, start_of(self.start))
                self.solution = tuple(plans[0]) if plans else ()
        return self.solution

    def game(self) -> Match:
        """The puzzle's start as a game, shown through the mover's eyes throughout (R24):
        the opponent's hand stays hidden once the mover's turn is over."""
        match = Match.from_record({**self.start, "meta": {"mode": HOTSEAT}})
        match.human = self.mover
        return match

    def solution_game(self) -> Match:
        """The start and the solution's actions, as a game to step through."""
        match = self.game()
        for action in self.solved():
            match.play(action)
        return match


def puzzle_run(name: str, goal: Goal | None,
               linked: Match | None) -> tuple[PuzzleRun, Match]:
    """The puzzle the address asks for: the site's puzzle ``name``, else ``goal`` for the
    ``linked`` game's position; and the game the reader plays it in."""
    if name:
        from kahuna import find_puzzle

        puzzle = find_puzzle(name)
        position, goal = puzzle.position, puzzle.goal
    else:  # the linked game as it stands: a record's actions are its past, not the turn
        assert goal is not None and linked is not None
        position = position_to_json(linked.state)
    start = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "position": position,
             "actions": []}
    run = PuzzleRun(goal, start, start_of(start).to_move, name=name)
    return run, run.game()
