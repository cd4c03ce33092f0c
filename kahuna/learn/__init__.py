"""Learning the game: puzzles (a position, a goal for the mover's turn, a solution), their
goals checked by the engine from what the mover sees (R24), the solver, and the goals'
words. A layer above ``rules``, ``notation`` and ``players``; the page reaches it through
``kahuna``'s lazy names. See docs/puzzles.md."""

from .goals import (Aim, Because, Goal, TurnError, Verdict, beyond_reach, check_turn,
                    goal_from_text, goal_text, parse_turn, turn_over)
from .puzzle import Puzzle, find_puzzle, puzzles, solve
from .words import goal_words, verdict_words

__all__ = ["Aim", "Because", "Goal", "Puzzle", "TurnError", "Verdict", "beyond_reach",
           "check_turn", "find_puzzle", "goal_from_text", "goal_text", "goal_words", "parse_turn",
           "puzzles", "solve", "turn_over", "verdict_words"]
