"""Game records: JSON holding the setup (or a starting position) and every action,
enough to replay a game exactly. See docs/notation.md."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..rules.actions import Action, parse_island
from ..rules.board import ISLANDS
from ..rules.errors import KahunaError, RecordError
from .position import parse_flag, parse_seat, position_from_json, seat_name
from ..rules.deal import Setup, new_game
from ..rules.state import Effects, State

FORMAT = "kahuna-record"
VERSION = 1


def setup_to_json(setup: Setup) -> dict[str, Any]:
    """``setup`` as the record's JSON object (islands and seats by name)."""
    data = asdict(setup)
    data["first"] = None if setup.first is None else seat_name(setup.first)
    data["handicap_player"] = seat_name(setup.handicap_player)
    if setup.deck is None:
        del data["deck"]
    else:
        data["deck"] = [ISLANDS[c] for c in setup.deck]
    data["reshuffles"] = [[ISLANDS[c] for c in order] for order in setup.reshuffles]
    return data


def setup_from_json(data: Any) -> Setup:
    """Read a setup object; raises RecordError if malformed."""
    if not isinstance(data, dict):
        raise RecordError("'setup' must be an object")
    known = set(Setup.__dataclass_fields__)
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"unknown setup fields: {', '.join(sorted(unknown))}")
    try:
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the seed is a whole number")
        first = data.get("first")
        deck = data.get("deck")
        return Setup(
            seed=seed,
            first=None if first is None else parse_seat(first),
            fewer_surprises=parse_flag(data, "fewer_surprises"),
            open_draws=parse_flag(data, "open_draws"),
            handicap=int(data.get("handicap", 0)),
            handicap_player=parse_seat(data.get("handicap_player", "black")),
            deck=None if deck is None else tuple(parse_island(c) for c in deck),
            reshuffles=tuple(tuple(parse_island(c) for c in order)
                             for order in data.get("reshuffles", [])),
        )
    except RecordError:
        raise
    except (KahunaError, TypeError, ValueError) as exc:
        raise RecordError(f"malformed setup: {exc}") from exc


def make_record(setup: Setup, actions: list[Action], meta: dict[str, Any] | None = None
                ) -> dict[str, Any]:
    """A record of a game started from ``setup``."""
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                              "setup": setup_to_json(setup),
                              "actions": [str(a) for a in actions]}
    if meta:
        record["meta"] = meta
    return record


def start_of(record: Any) -> State:
    """The state a record starts from: its setup's deal, or its position."""
    if not isinstance(record, dict):
        raise RecordError("a game record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a Kahuna game record (format {record.get('format')!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"unknown record version {record.get('version')!r}; "
                          f"this program reads version {VERSION}")
    if "position" in record:
        seed = record.get("seed", 0)
        return position_from_json(record["position"], seed if isinstance(seed, int) else 0)
    try:
        return new_game(setup_from_json(record.get("setup", {})))
    except ValueError as exc:
        raise RecordError(f"bad setup: {exc}") from exc


def replay(record: Any) -> tuple[State, list[Effects]]:
    """Replay a record action by action; raises RecordError naming the first bad action."""
    state = start_of(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of action texts")
    effects = []
    for number, text in enumerate(actions, 1):
        try:
            effects.append(state.play(Action.parse(text)))
        except KahunaError as exc:
            raise RecordError(f"action {number} ({text!r}): {exc}") from exc
    return state, effects
