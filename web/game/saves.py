"""Saved games and the player's results, kept in the browser's localStorage.

Each game is one key, ``kahuna.save.<id>``, holding its game record (kahuna.record
format, with the page's meta data). Keys are only ever written or removed one at a
time and only under the ``kahuna.`` prefix, so a bad save never harms anything else.
Works on any object with getItem/setItem/removeItem/key/length (tests use a dict).

Several tabs share the storage: each save carries a revision (``meta.revision``, one
more at every write), and ``store`` never replaces a save whose revision is newer than
the one the tab loaded or last wrote (it raises ``Newer``). A game's ``identity`` comes
from its content (start and actions), so a finished game counts once in the results
however often its link is opened, and a link opened again finds its save.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Protocol

from kahuna import KahunaError, RecordError, load_json

from ..words.language import _
from .match import COMPUTER, Match
from .players import level_name

PREFIX = "kahuna.save."
CURRENT = "kahuna.current"
RESULTS = "kahuna.results"
COUNTED = "kahuna.counted."  # + identity: "1", that game's result is in RESULTS; "0", never


class Newer(Exception):
    """The stored save of this game is newer than this tab's: another tab played on."""


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
    """One entry of the saved-games list: either a readable game or a ``problem`` (a
    sentence in the page's language, and the engine's ``detail`` in English)."""

    id: str
    raw: str
    match: Match | None = None
    problem: str = ""
    updated: float = 0.0
    detail: str = ""
    missing: bool = False  # nothing stored under this id (a stale or damaged pointer)

    def summary(self) -> str:
        """'against the computer (expert) · round 2 · 2026-11-22 16:40', or the problem
        (the date in numbers, which read the same in every language)."""
        if self.match is None:
            return _("unreadable save: {problem}").format(problem=self.problem)
        m = self.match
        who = (_("against the computer ({level})").format(level=level_name(m.level))
               if m.mode == COMPUTER else _("two players"))
        where = (_("finished") if m.state.is_over else
                 _("round {round}").format(round=m.state.round))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated or m.created))
        return f"{who} · {where} · {when}"


def read(raw: str | None, id: str) -> Saved:
    """Parse one stored save; a problem is reported, never raised."""
    if raw is None:
        return Saved(id, "", problem=_("no such saved game"), missing=True)
    try:
        record = load_json(raw, RecordError)
    except RecordError as exc:
        return Saved(id, raw, problem=_("the saved data is damaged or cut short"),
                     detail=str(exc))
    try:
        match = Match.from_record(record)
    except KahunaError as exc:  # kahuna's readers raise nothing else (tests/test_fuzz.py)
        return Saved(id, raw, problem=_("this version cannot replay it"), detail=str(exc))
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


def stored_revision(storage: Storage, id: str) -> int:
    """The revision of the stored save ``id``; 0 when there is none or it is unreadable."""
    raw = storage.getItem(PREFIX + id)
    try:
        revision = load_json(raw, RecordError)["meta"]["revision"] if raw else 0
    except (RecordError, TypeError, KeyError, IndexError):  # unreadable, or no revision
        return 0
    return revision if type(revision) is int and revision > 0 else 0  # noqa: E721


def is_newer(storage: Storage, match: Match) -> bool:
    """Whether the stored save of ``match`` was written after this tab loaded or wrote it."""
    return stored_revision(storage, match.id) > match.revision


def store(storage: Storage, match: Match, now: float) -> None:
    """Write ``match`` under its id, one revision on, and make it the current game;
    raises ``Newer`` (writing nothing) when the stored save is newer than ``match``."""
    if is_newer(storage, match):
        raise Newer(match.id)
    record = match.to_record()
    record["meta"].update(updated=now, revision=match.revision + 1)
    storage.setItem(PREFIX + match.id, json.dumps(record, separators=(",", ":")))
    match.revision += 1
    storage.setItem(CURRENT, match.id)


def take_over(storage: Storage, match: Match) -> None:
    """Let the next ``store`` of ``match`` replace a newer save of the same game (the
    person chose this tab's game over another tab's)."""
    match.revision = max(match.revision, stored_revision(storage, match.id))


def identity(record: dict[str, Any]) -> str:
    """A game's identity: a hash of its start and actions (not of the page's meta data),
    the same for the same game wherever it was saved or linked from."""
    content = {k: record[k] for k in ("setup", "position", "seed", "actions") if k in record}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    import hashlib  # here, not at the top: not needed before the first save (boot time)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def opened_from(storage: Storage, link: str) -> Saved | None:
    """The readable save of the game opened from the link of identity ``link``, if any."""
    for entry in saved_games(storage):
        if entry.match is not None and entry.match.opened == link:
            return entry
    return None


def current(storage: Storage) -> Saved | None:
    """The game last played, readable or not; None when there is none."""
    sid = storage.getItem(CURRENT)
    return load(storage, sid) if sid is not None else None


def latest(storage: Storage) -> Saved | None:
    """The readable game played most recently, if any."""
    return next((entry for entry in saved_games(storage) if entry.match is not None), None)


def delete(storage: Storage, id: str) -> None:
    """Remove one saved game (and forget it as current)."""
    storage.removeItem(PREFIX + id)  # its result stays counted (by its identity)
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
        data = load_json(storage.getItem(RESULTS) or "{}", RecordError)
    except RecordError:
        return {}
    if not isinstance(data, dict):
        return {}
    clean = {}
    for level, counts in data.items():
        if isinstance(counts, dict):
            clean[level] = {k: int(counts.get(k, 0)) if isinstance(counts.get(k, 0), int) else 0
                            for k in OUTCOMES}
    return clean


def _counted_key(match: Match) -> str:
    return COUNTED + identity(match.to_record())


def count_result(storage: Storage, match: Match) -> str | None:
    """Add a finished game against the computer to the person's results, once."""
    outcome = match.state.outcome
    if match.mode != COMPUTER or outcome is None or match.human is None:
        return None
    key = _counted_key(match)
    if storage.getItem(key) or storage.getItem(COUNTED + match.id):  # (by id: older pages)
        return None
    result = "drawn" if outcome.winner is None else "won" if outcome.winner == match.human else "lost"
    table = results(storage)
    row = table.setdefault(match.level, dict.fromkeys(OUTCOMES, 0))
    row[result] += 1
    storage.setItem(RESULTS, json.dumps(table))
    storage.setItem(key, "1")
    return result


def not_a_result(storage: Storage, match: Match) -> None:
    """A game that was already over when it was opened here (a record or a link): it
    never counts in this person's results."""
    storage.setItem(_counted_key(match), "0")


def counted(storage: Storage, match: Match) -> bool:
    """Whether this game's result is in the person's results."""
    return storage.getItem(_counted_key(match)) == "1" or bool(storage.getItem(COUNTED + match.id))


def results_text(storage: Storage, level: str) -> str:
    """'Your games against expert: won 3, lost 1, drawn 0.'"""
    row = results(storage).get(level, dict.fromkeys(OUTCOMES, 0))
    # TRANSLATORS: counts after a colon need no plural forms.
    return _("Your games against {level}: won {won}, lost {lost}, drawn {drawn}.").format(
        level=level_name(level), **row)
