"""Saved games and the player's results, kept in the browser's localStorage.

Each game is one key, ``kahuna.save.<id>``, holding its game record (kahuna.record
format, with the page's meta data). Keys are only ever written or removed one at a
time and only under the ``kahuna.`` prefix, so a bad save never harms anything else.
Works on any object with getItem/setItem/removeItem/key/length (tests use a dict).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Protocol

from kahuna import KahunaError

from .controller import COMPUTER, Match

PREFIX = "kahuna.save."
CURRENT = "kahuna.current"
RESULTS = "kahuna.results"
COUNTED = "kahuna.counted."  # + id: that game's result is in RESULTS


class Storage(Protocol):
    length: int

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def key(self, index: int) -> str | None: ...


class MemoryStorage(dict):
    """A Storage kept in memory: for tests, and for browsers that refuse localStorage."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self)


@dataclass(frozen=True)
class Saved:
    """One entry of the saved-games list: either a readable game or a ``problem``."""

    id: str
    raw: str
    match: Match | None = None
    problem: str = ""
    updated: float = 0.0

    def summary(self) -> str:
        """'vs computer (random) · round 2 · 22 Nov 2026 16:40' or the problem."""
        if self.match is None:
            return f"unreadable save: {self.problem}"
        m = self.match
        who = f"vs computer ({m.level})" if m.mode == COMPUTER else "two players"
        where = "finished" if m.state.is_over else f"round {m.state.round}"
        when = time.strftime("%d %b %Y %H:%M", time.localtime(self.updated or m.created))
        return f"{who} · {where} · {when}"


def read(raw: str | None, id: str) -> Saved:
    """Parse one stored save; a problem is reported, never raised."""
    if raw is None:
        return Saved(id, "", problem="no such saved game")
    try:
        record = json.loads(raw)
    except ValueError as exc:
        return Saved(id, raw, problem=f"the saved data is damaged or cut short (not valid JSON: {exc})")
    try:
        match = Match.from_record(record)
    except (ValueError, KahunaError, TypeError, KeyError, AttributeError) as exc:
        return Saved(id, raw, problem=str(exc) or type(exc).__name__)
    updated = record.get("meta", {}).get("updated", 0.0)
    return Saved(id, raw, match, updated=updated if isinstance(updated, (int, float)) else 0.0)


def load(storage: Storage, id: str) -> Saved:
    """The stored game ``id``, readable or not (see ``read``)."""
    return read(storage.getItem(PREFIX + id), id)


def save_ids(storage: Storage) -> list[str]:
    """Ids of every stored game (whatever their state)."""
    keys = (storage.key(i) for i in range(storage.length))
    return sorted(k[len(PREFIX):] for k in keys if k and k.startswith(PREFIX))


def saved_games(storage: Storage) -> list[Saved]:
    """Every stored game, most recently played first; unreadable ones last."""
    games = [load(storage, id) for id in save_ids(storage)]
    return sorted(games, key=lambda s: (s.match is None, -(s.updated or 0.0)))


def store(storage: Storage, match: Match, now: float) -> None:
    """Write ``match`` under its id and make it the current game."""
    record = match.to_record()
    record["meta"]["updated"] = now
    storage.setItem(PREFIX + match.id, json.dumps(record, separators=(",", ":")))
    storage.setItem(CURRENT, match.id)


def current(storage: Storage) -> Saved | None:
    """The game last played, readable or not; None when there is none."""
    sid = storage.getItem(CURRENT)
    return load(storage, sid) if sid else None


def delete(storage: Storage, id: str) -> None:
    """Remove one saved game (and forget it as current)."""
    storage.removeItem(PREFIX + id)
    storage.removeItem(COUNTED + id)
    if storage.getItem(CURRENT) == id:
        storage.removeItem(CURRENT)


def new_id(storage: Storage, now: float) -> str:
    """A fresh, unused id based on the time."""
    base = str(int(now * 1000))
    taken = set(save_ids(storage))
    n = 0
    while (base if n == 0 else f"{base}-{n}") in taken:
        n += 1
    return base if n == 0 else f"{base}-{n}"


# ----- results against each level ---------------------------------------------------

OUTCOMES = ("won", "lost", "drawn")


def results(storage: Storage) -> dict[str, dict[str, int]]:
    """{level: {"won": n, "lost": n, "drawn": n}}; unreadable data counts as none."""
    try:
        data = json.loads(storage.getItem(RESULTS) or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    clean = {}
    for level, counts in data.items():
        if isinstance(counts, dict):
            clean[level] = {k: int(counts.get(k, 0)) if isinstance(counts.get(k, 0), int) else 0
                            for k in OUTCOMES}
    return clean


def count_result(storage: Storage, match: Match) -> str | None:
    """Add a finished game against the computer to the person's results, once."""
    outcome = match.state.outcome
    if match.mode != COMPUTER or outcome is None or match.human is None:
        return None
    key = COUNTED + match.id
    if storage.getItem(key):
        return None
    result = "drawn" if outcome.winner is None else "won" if outcome.winner == match.human else "lost"
    table = results(storage)
    row = table.setdefault(match.level, dict.fromkeys(OUTCOMES, 0))
    row[result] += 1
    storage.setItem(RESULTS, json.dumps(table))
    storage.setItem(key, "1")
    return result


def results_text(storage: Storage, level: str) -> str:
    """'3 won, 1 lost, 0 drawn against random'."""
    row = results(storage).get(level, dict.fromkeys(OUTCOMES, 0))
    return f"{row['won']} won, {row['lost']} lost, {row['drawn']} drawn against {level}"
