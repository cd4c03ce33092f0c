"""The site's puzzles in the full page (docs/puzzles.md): the list, fewest stars first, with
each one's goal, difficulty and whether the person has solved it. What was solved is
kept in the browser's storage under ``KEY``, as a JSON list of puzzle ids; a value that
cannot be read counts as nothing solved, and a storage that refuses keeps nothing. The
puzzle being tried is kept under ``TRYING``, so that a reload poses it again."""

from __future__ import annotations

import json

from ..game.saves import Storage

KEY = "kahuna.puzzles"
TRYING = "kahuna.puzzle"


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


def trying(storage: Storage) -> str:
    """The id of the site's puzzle being tried when the page was left ("" for none)."""
    try:
        return storage.getItem(TRYING) or ""
    except Exception:  # the storage refuses: no puzzle
        return ""


def try_puzzle(storage: Storage, name: str) -> None:
    """Keep ``name`` as the puzzle being tried ("": none) when the storage allows."""
    try:
        if name:
            storage.setItem(TRYING, name)
        elif storage.getItem(TRYING) is not None:
            storage.removeItem(TRYING)
    except Exception:  # storage full or switched off: a reload shows the saved game
        pass
