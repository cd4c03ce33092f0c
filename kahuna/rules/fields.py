"""Every field of a game State, written once.

Each field says its shape, which decides how a copy copies it, and what a seat may see
of it (R24), which decides the Observation. ``State`` (its slots, defaults, copies),
``Observation`` (its fields, and the worlds sampled from it) and position notation all
read this table, so a new field is one line here plus the rules that use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any

from .board import N_ISLANDS, N_LINES

BLACK, WHITE = 0, 1
BRIDGES = 25  # R3: each player's supply at the start


class Phase(IntEnum):
    """Where the game stands: handicap bridges, ordinary turns, the last two turns, over."""

    HANDICAP = 0  # R7: bridges placed before the first turn
    PLAY = 1
    FINAL = 2  # R20: the two last turns, nothing to draw
    OVER = 3


class Shape(Enum):
    """How a copy of the state copies the field."""

    VALUE = "value"  # immutable: shared
    LIST = "list"  # a flat list: copied
    ROWS = "rows"  # one list per player (Black, White): each row copied
    NESTED = "nested"  # a list of lists: each copied


class Seen(Enum):
    """What a seat may see of the field (R24)."""

    PUBLIC = "public"  # all of it
    CARDS = "cards"  # which cards, not in which order (a tuple sorted by island)
    OWN = "own"  # its own row only
    SIZE = "size"  # how many cards, not which
    HIDDEN = "hidden"  # nothing (the order of cards not yet dealt)
    DERIVED = "derived"  # nothing to see: it follows from other fields


class ValueKind(Enum):
    """What a single value means, for notation (``kahuna.notation.position``)."""

    FLAG = "flag"
    NUMBER = "number"
    SEAT = "seat"  # BLACK or WHITE
    LINE = "line"  # a line, or -1 for none
    PHASE = "phase"
    OTHER = "other"  # written by notation in its own way, or not at all


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a State."""

    name: str
    shape: Shape
    seen: Seen
    default: Callable[[], Any]
    kind: ValueKind = ValueKind.OTHER
    seen_as: str = ""  # its name in an Observation, when not ``name``

    @property
    def observed(self) -> str:
        """The name an Observation gives it ("" when a seat sees nothing of it)."""
        if self.seen in (Seen.HIDDEN, Seen.DERIVED):
            return ""
        return self.seen_as or self.name


def _rows(value: int) -> Callable[[], list[list[int]]]:
    return lambda: [[value] * N_ISLANDS, [value] * N_ISLANDS]


def _const(value: Any) -> Callable[[], Any]:
    return lambda: value


V, L, R, N = Shape.VALUE, Shape.LIST, Shape.ROWS, Shape.NESTED

#: The fields, in the order a position is written.
FIELDS: tuple[Field, ...] = (
    Field("fewer_surprises", V, Seen.PUBLIC, _const(False), ValueKind.FLAG),  # V1
    Field("open_draws", V, Seen.PUBLIC, _const(False), ValueKind.FLAG),  # V2
    Field("round", V, Seen.PUBLIC, _const(1), ValueKind.NUMBER),
    Field("phase", V, Seen.PUBLIC, _const(Phase.PLAY), ValueKind.PHASE),
    Field("to_move", V, Seen.PUBLIC, _const(BLACK), ValueKind.SEAT),
    Field("first", V, Seen.PUBLIC, _const(BLACK), ValueKind.SEAT),  # R5
    Field("opponent_abstained", V, Seen.PUBLIC, _const(False), ValueKind.FLAG),  # R13
    Field("owner", L, Seen.PUBLIC, lambda: [-1] * N_LINES),  # each line's bridge
    Field("counts", R, Seen.DERIVED, _rows(0)),  # bridges touching each island
    Field("control", L, Seen.PUBLIC, lambda: [-1] * N_ISLANDS),  # R10's tokens
    Field("supply", L, Seen.PUBLIC, lambda: [BRIDGES, BRIDGES]),
    Field("hands", R, Seen.OWN, _rows(0), seen_as="hand"),  # cards per island
    Field("hand_size", L, Seen.PUBLIC, lambda: [0, 0], seen_as="hand_sizes"),
    # Cards of each hand the opponent knows of (R24; V2's open cards): taken from the
    # display and not since played or hidden by a face-down discard.
    Field("known", R, Seen.PUBLIC, _rows(0)),
    Field("display", L, Seen.PUBLIC, lambda: [-1, -1, -1]),
    Field("pile", L, Seen.SIZE, list, seen_as="pile_size"),  # top card last
    Field("discard_up", L, Seen.CARDS, list),  # played face up since the last shuffle
    Field("discard_down", L, Seen.SIZE, list),  # R9a's face-down discards
    Field("scorings", L, Seen.PUBLIC, list),  # points per scoring, (Black, White)
    Field("free_line", V, Seen.PUBLIC, _const(-1), ValueKind.LINE),  # V1: a removal freed it
    Field("handicap_left", V, Seen.PUBLIC, _const(0), ValueKind.NUMBER),  # R7
    Field("final_turns", V, Seen.PUBLIC, _const(0), ValueKind.NUMBER),  # R20
    Field("reshuffles", N, Seen.HIDDEN, list),  # explicit orders for R18, top first
    Field("outcome", V, Seen.PUBLIC, _const(None)),  # set once the game is over
)
del V, L, R, N
