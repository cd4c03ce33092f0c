"""A puzzle's goal and verdict above the board, and the full page's list of the site's
puzzles, as HTML text (the puzzle being solved: web/learn/puzzle.py; which ones were
solved: web/learn/solved.py). Pure functions."""

from __future__ import annotations

from html import escape

from ..learn.puzzle import PuzzleRun
from ..words.language import _, tr
from .dialogs import button


def puzzle_html(run: PuzzleRun, caption: str = "", site: bool = False) -> str:
    """The goal, then (once the turn is over) the verdict with Retry and the solution;
    ``site``: in the full page, the ways to the next puzzle, the list, and the game."""
    from kahuna import goal_words, verdict_words

    head = f'<p class="caption">{escape(caption)}</p>' if caption else ""
    goal = (f'<p class="goal"><strong>{escape(_("Your goal:"))}</strong> '
            f'{escape(goal_words(run.goal, tr()))}</p>')
    show = button("solution", _("Show a solution"))
    if run.solution == ():
        show = f'<p class="missed">{escape(_("No turn reaches this goal from this position."))}</p>'
    if site:
        show += (button("puzzle:next", _("Next puzzle")) + button("puzzles", _("All puzzles"))
                 + button("puzzle:leave", _("Back to your game")))
    if run.verdict is None:
        return f'{head}{goal}<div class="buttons">{show}</div>'
    cls = "solved" if run.verdict.reached else "missed"
    said = _("Solved!") if run.verdict.reached else _("Not this time.")
    return (f'{head}{goal}<p class="verdict {cls}" role="status"><strong>{escape(said)}</strong> '
            f'{escape(verdict_words(run.verdict, tr()))}</p><div class="buttons">'
            f'{button("retry", _("Try again"))}{show}</div>')


def puzzles_html(done: set[str]) -> str:
    """The puzzles dialog: each puzzle's goal, difficulty and mark, a button to try it."""
    from kahuna import goal_words, puzzles  # lazy: the puzzles load on first use

    rows = []
    for number, puzzle in enumerate(puzzles(), 1):
        stars = "★" * puzzle.difficulty + "☆" * (5 - puzzle.difficulty)
        level = _("difficulty {level} of 5").format(level=puzzle.difficulty)
        mark = (f'<span class="solved-mark">✓ {escape(_("solved"))}</span>'
                if puzzle.id in done else "")
        rows.append(f'<li><button type="button" data-act="puzzle:{escape(puzzle.id)}">'
                    f'{number}. {escape(goal_words(puzzle.goal, tr()))}</button>'
                    f'<span class="stars" role="img" aria-label="{escape(level)}">{stars}'
                    f'</span>{mark}</li>')
    count = _("{solved} of {total} solved").format(solved=len(done & {p.id for p in puzzles()}),
                                                   total=len(puzzles()))
    intro = _("Each puzzle is one turn with a goal. Any turn that reaches it counts.")
    return (f'<h2 id="dialog-title">{escape(_("Puzzles"))}</h2>'
            f'<p class="note">{escape(intro)} {escape(count)}</p>'
            f'<ul class="puzzles">{"".join(rows)}</ul>'
            f'<div class="buttons">{button("close", _("Back to the game"))}</div>')
