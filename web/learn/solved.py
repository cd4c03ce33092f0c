"""The site's puzzles in the full page (docs/puzzles.md): the list, fewest stars first, with
each one's goal, difficulty and whether the person has solved it. What was solved is
kept in the browser's storage under ``KEY``, as a JSON list of puzzle ids; a value that
cannot be read counts as nothing solved, and a storage that refuses keeps nothing."""

from __future__ import annotations

import json
from html import escape

from ..view.dialogs import button
from ..words.language import _, tr
from ..game.saves import Storage

KEY = "kahuna.puzzles"


def solved(storage: Storage) -> set[str]:
    """The ids of the puzzles solved in this browser."""
    try:
        data = json.loads(storage.getItem(KEY) or "[]")
    except Exception:  # unreadable, or the storage refuses: nothing solved yet
        return set()
    return {name for name in data if isinstance(name, str)} if isinstance(data, list) else set()


def mark_solved(storage: Storage, name: str) -> None:
    """Remember that puzzle ``name`` was solved (when the storage allows)."""
    done = solved(storage)
    if name not in done:
        try:
            storage.setItem(KEY, json.dumps(sorted(done | {name})))
        except Exception:  # storage full or switched off: solved all the same
            pass


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
