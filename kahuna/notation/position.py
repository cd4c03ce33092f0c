"""Position notation: a whole position as JSON, readable and writable by hand.

``position_to_json`` writes every field; ``position_from_json`` also accepts a sparse
position (as in a tutorial or a bug report): missing fields take their start-of-game
values and cards that are nowhere else form the draw pile, shuffled from ``seed``
(and, when no display is given, the display is laid from its top). See docs/notation.md for the fields.
"""

from __future__ import annotations

import random
from typing import Any

from ..rules.actions import parse_island, parse_line
from ..rules.board import DEGREE, ISLANDS, N_ISLANDS, line_name
from ..rules.errors import KahunaError, PositionError, shown
from ..rules.fields import FIELDS, ValueKind
from .reading import check_keys, parse_flag, parse_list, parse_number, parse_seat
from ..rules.state import (
    BLACK, BRIDGES, COLOURS, HAND_LIMIT, WHITE, Phase, State, bridge_counts, cards_of,
)

FORMAT = "kahuna-position"
VERSION = 1
_PHASES = {"handicap": Phase.HANDICAP, "play": Phase.PLAY, "final": Phase.FINAL}


def seat_name(player: int) -> str:
    """``'black'`` or ``'white'``, as positions and records write a player."""
    return COLOURS[player].lower()


def _parse_line(value: Any) -> int:
    return parse_line(value) if value else -1


#: How a single value of each kind is written and read (kahuna.rules.fields.Kind).
_WRITE = {ValueKind.FLAG: bool, ValueKind.NUMBER: int, ValueKind.SEAT: seat_name,
          ValueKind.LINE: lambda line: line_name(line) if line >= 0 else None,
          ValueKind.PHASE: lambda phase: phase.name.lower()}
_READ = {ValueKind.FLAG: parse_flag, ValueKind.NUMBER: parse_number,
         ValueKind.SEAT: lambda data, key: parse_seat(data[key]),
         ValueKind.LINE: lambda data, key: _parse_line(data[key]),
         ValueKind.PHASE: lambda data, key: _parse_phase(data[key])}
#: Single values written inside a group of the position, not at its top.
_GROUP = {"fewer_surprises": "variants", "open_draws": "variants"}


def _names(cards: list[int]) -> list[str]:
    return [ISLANDS[c] for c in cards]


#: The fields written in a way of their own (the cards and bridges), by field name: the
#: position's key, and how the value is written.
_WRITE_FIELD: dict[str, tuple[str, Any]] = {
    "owner": ("bridges", lambda s: {seat_name(q): [line_name(l) for l in s.bridges(q)]
                                    for q in (BLACK, WHITE)}),
    "hands": ("hands", lambda s: {seat_name(q): _names(s.hand(q)) for q in (BLACK, WHITE)}),
    "known": ("known", lambda s: {seat_name(q): _names(cards_of(s.known[q]))
                                  for q in (BLACK, WHITE)}),
    "display": ("display", lambda s: [ISLANDS[c] if c >= 0 else None for c in s.display]),
    "pile": ("pile", lambda s: _names(s.pile[::-1])),
    "discard_up": ("discard", lambda s: {"up": _names(s.discard_up),
                                         "down": _names(s.discard_down)}),
    "scorings": ("scorings", lambda s: [list(x) for x in s.scorings]),
}
#: Fields a position does not write: they follow from the rest (R3, R10), are written
#: with another (discard_down), or belong to the game, not the position.
NOT_WRITTEN = frozenset({"counts", "control", "supply", "hand_size", "discard_down",
                         "reshuffles", "outcome"})
SEATS = ("black", "white")
#: The keys of a position's objects, by the object's key.
INNER_KEYS = {"variants": tuple(name for name, group in _GROUP.items() if group == "variants"),
              "bridges": SEATS, "hands": SEATS, "known": SEATS, "discard": ("up", "down")}


def _keys() -> tuple[str, ...]:
    """The keys a position may have: those ``position_to_json`` writes, in its order."""
    keys = ["format", "version"]
    for f in FIELDS:
        if f.kind is not ValueKind.OTHER:
            keys.append(_GROUP.get(f.name, f.name))
        elif f.name in _WRITE_FIELD:
            keys.append(_WRITE_FIELD[f.name][0])
    return tuple(dict.fromkeys(keys))


KEYS = _keys()


def position_to_json(state: State) -> dict[str, Any]:
    """Every field of ``state`` but its random generator (R11a holds by construction)."""
    if state.is_over:
        raise PositionError("a finished game has no position to continue from")
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for f in FIELDS:
        if f.kind is not ValueKind.OTHER:
            value = _WRITE[f.kind](getattr(state, f.name))
            group = _GROUP.get(f.name)
            (data.setdefault(group, {}) if group else data)[f.name] = value
        elif f.name in _WRITE_FIELD:
            key, write = _WRITE_FIELD[f.name]
            data[key] = write(state)
    return data


def position_from_json(data: Any, seed: int = 0) -> State:
    """Build a state from position JSON; raises PositionError saying what is wrong."""
    try:
        return _build(data, seed)
    except PositionError:
        raise
    except (KahunaError, TypeError, ValueError, AttributeError, KeyError) as exc:
        raise PositionError(f"malformed position: {exc}") from exc


def _build(data: Any, seed: int) -> State:
    if not isinstance(data, dict):
        raise PositionError("a position is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"not a position: format is {shown(data.get('format'))}")
    if "version" in data and parse_number(data, "version") != VERSION:
        raise PositionError(f"unknown position version {shown(data.get('version'))}")
    check_keys(data, KEYS, "the position", PositionError)
    rng = random.Random(seed)
    s = State(rng=rng)
    for f in FIELDS:
        if f.kind is ValueKind.OTHER:
            continue
        group = _GROUP.get(f.name)
        where = _group(data, group) if group else data
        if f.name in where:
            setattr(s, f.name, _READ[f.kind](where, f.name))
        elif f.name == "first":  # who began: the player to move, unless said
            s.first = s.to_move
    if s.round not in (1, 2, 3):
        raise PositionError("the round is 1, 2 or 3")
    if not 0 <= s.handicap_left <= 3:
        raise PositionError("handicap_left is 0 to 3 (R7: a handicap is 1, 2 or 3 bridges)")
    if (s.phase is Phase.HANDICAP) != (s.handicap_left > 0):
        raise PositionError("handicap_left is positive exactly in the handicap phase")
    if (s.phase is Phase.FINAL) != (s.final_turns in (1, 2)):
        raise PositionError("final_turns is 1 or 2 exactly in the final phase")
    if s.free_line >= 0 and not s.fewer_surprises:
        raise PositionError("free_line belongs to the fewer-surprises variant (V1)")
    s.scorings = [_points(pair) for pair in parse_list(data, "scorings")]
    if len(s.scorings) != s.round - 1:
        raise PositionError(f"round {s.round} comes after {s.round - 1} scorings")

    for name, lines in _per_seat(data, "bridges").items():
        q = parse_seat(name)
        for text in lines:
            line = parse_line(text)
            if s.owner[line] >= 0:
                raise PositionError(f"two bridges on {line_name(line)} (R11a)")
            s.owner[line] = q
        if s.owner.count(q) > BRIDGES:
            raise PositionError(f"{name} has more than {BRIDGES} bridges (R3)")
    s.counts = bridge_counts(s.owner)
    for q in (BLACK, WHITE):
        s.supply[q] = BRIDGES - s.owner.count(q)
    if s.handicap_left > s.supply[s.to_move]:
        raise PositionError(f"{seat_name(s.to_move)} has {s.supply[s.to_move]} bridges left "
                            f"for {s.handicap_left} handicap bridges (R3, R7)")
    for island in range(N_ISLANDS):  # R10: control follows from the bridges alone
        for q in (BLACK, WHITE):
            if 2 * s.counts[q][island] > DEGREE[island]:
                s.control[island] = q

    left = [2] * N_ISLANDS  # cards of each island not yet placed (R2)

    def take(names: list[Any], where: str) -> list[int]:
        cards = []
        for name in names:
            card = parse_island(name)
            if left[card] == 0:
                raise PositionError(f"a third {ISLANDS[card]} card ({where}); there are two (R2)")
            left[card] -= 1
            cards.append(card)
        return cards

    for name, cards in _per_seat(data, "hands").items():
        q = parse_seat(name)
        hand = take(cards, f"{name}'s hand")
        if len(hand) > HAND_LIMIT:
            raise PositionError(f"{name} holds more than {HAND_LIMIT} cards (R14)")
        for card in hand:
            s.hands[q][card] += 1
        s.hand_size[q] = len(hand)
    for name, cards in _per_seat(data, "known").items():
        q = parse_seat(name)
        for card in (parse_island(c) for c in cards):
            s.known[q][card] += 1
        if any(k > h for k, h in zip(s.known[q], s.hands[q])):
            raise PositionError(f"{name}'s known cards must be in {name}'s hand")
    display = data.get("display", [])
    if len(display) > 3:
        raise PositionError("the display has three places")
    s.display = [take([c], "display")[0] if c is not None else -1 for c in display]
    s.display += [-1] * (3 - len(s.display))
    discard = _group(data, "discard")
    s.discard_up = take(discard.get("up", []), "discard pile")
    s.discard_down = take(discard.get("down", []), "discard pile")
    pile = data.get("pile", "rest")
    if pile == "rest":
        rest = cards_of(left)
        rng.shuffle(rest)
        s.pile = rest
        if "display" not in data:  # a sparse position: lay the display from the rest (R6)
            s.display = [s.pile.pop() if s.pile else -1 for _ in range(3)]
    else:
        s.pile = take(pile, "draw pile")[::-1]
        missing = sum(left)
        if missing:
            raise PositionError(f"{missing} cards are nowhere: all 24 must be placed (R11a)")
    if s.phase is Phase.FINAL and (s.round != 3 or not s.nothing_to_draw):
        raise PositionError("the final turns come in round 3, with nothing left to draw (R20)")
    if s.free_line >= 0 and s.owner[s.free_line] >= 0:
        raise PositionError(f"free_line {line_name(s.free_line)} holds a bridge (V1)")
    if s.pile and -1 in s.display:
        raise PositionError("an empty display place is refilled while the pile has cards (R12)")
    return s


def _points(pair: Any) -> tuple[int, int]:
    """One scoring's points, (Black, White): two whole numbers (R17, R21)."""
    if not (isinstance(pair, list) and len(pair) == 2
            and all(type(x) is int and 0 <= x <= 12 for x in pair)):  # noqa: E721 - not bool
        raise PositionError(f"a scoring is two whole numbers of points, not {shown(pair)}")
    return pair[0], pair[1]


def _parse_phase(value: Any) -> Phase:
    if value not in _PHASES:
        raise PositionError(f"the phase is one of {', '.join(_PHASES)}, not {shown(value)}")
    return _PHASES[value]


def _group(data: dict[str, Any], key: str) -> dict[str, Any]:
    """The object under ``key`` (none: empty), its keys checked (INNER_KEYS)."""
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise PositionError(f"{key!r} is an object with the keys "
                            f"{', '.join(INNER_KEYS[key])}, not {shown(value)}")
    check_keys(value, INNER_KEYS[key], repr(key), PositionError)
    return value


def _per_seat(data: dict[str, Any], key: str) -> dict[str, list[Any]]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise PositionError(f"{key!r} maps 'black' and 'white' to lists")
    # a seat is read in any case (parse_seat), so its key is checked so too
    check_keys({k.lower() if isinstance(k, str) else k: None for k in value}, SEATS,
               repr(key), PositionError)
    return value
