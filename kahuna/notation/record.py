"""Game records: JSON holding the setup (or a starting position) and every action,
enough to replay a game exactly. See docs/notation.md."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..rules.actions import Action, parse_island
from ..rules.board import ISLANDS
from ..rules.deal import Setup, new_game
from ..rules.errors import KahunaError, PositionError, RecordError, shown
from ..rules.state import Effects, State
from .position import position_from_json, seat_name
from .reading import check_keys, parse_flag, parse_list, parse_number, parse_seat

FORMAT = "kahuna-record"
VERSION = 1
#: The keys a record may have (docs/notation.md); "meta" is free, never read here.
KEYS = ("format", "version", "setup", "position", "seed", "actions", "meta")
#: The keys of its setup.
SETUP_KEYS = tuple(Setup.__dataclass_fields__)


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
    check_keys(data, SETUP_KEYS, "'setup'", RecordError)
    try:
        first = data.get("first")
        deck = data.get("deck")
        return Setup(
            seed=parse_number(data, "seed"),
            first=None if first is None else parse_seat(first),
            fewer_surprises=parse_flag(data, "fewer_surprises"),
            open_draws=parse_flag(data, "open_draws"),
            handicap=parse_number(data, "handicap"),
            handicap_player=parse_seat(data.get("handicap_player", "black")),
            deck=None if deck is None else _cards(data, "deck"),
            reshuffles=tuple(_cards({"order": order}, "order")
                             for order in parse_list(data, "reshuffles")),
        )
    except KahunaError as exc:
        raise RecordError(f"malformed setup: {exc}") from exc


def _cards(data: dict[str, Any], key: str) -> tuple[int, ...]:
    return tuple(parse_island(c) for c in parse_list(data, key))


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
    if "format" not in record:
        raise RecordError('not a Kahuna game record (it has no "format" field)')
    if record["format"] != FORMAT:
        raise RecordError(f"not a Kahuna game record (format {shown(record['format'])})")
    version = record.get("version")
    if "version" not in record:
        raise RecordError(f'it has no "version" field (this program reads version {VERSION})')
    if type(version) is not int:  # noqa: E721 - true is not 1
        raise RecordError(f"the record's version must be a whole number, such as "
                          f"{VERSION}, not {shown(version)}")
    if version != VERSION:
        raise RecordError(f"unknown record version {shown(version)}; "
                          f"this program reads version {VERSION}")
    check_keys(record, KEYS, "the game record", RecordError)
    try:
        if "position" in record:
            return position_from_json(record["position"], parse_number(record, "seed"))
        return new_game(setup_from_json(record.get("setup", {})))
    except PositionError as exc:
        raise RecordError(f"its position: {exc}") from exc
    except ValueError as exc:  # new_game: a deck that is not the 24 cards, a handicap of 4
        if isinstance(exc, RecordError):
            raise
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
            # An edited file that lost its setup replays from another deal: say so.
            unset = ("" if "setup" in record or "position" in record else
                     '; the record has no "setup", so its game was dealt with the default one')
            raise RecordError(f"action {number} ({shown(text)}): {exc}{unset}") from exc
    return state, effects
