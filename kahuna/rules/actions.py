"""Actions as small frozen values, and their notation.

Notation (see docs/notation.md):

==================  ===========================================================
``HUNA>ELAI``       play a HUNA card, put a bridge on HUNA-ELAI (R8)
``HUNA+HUNA/ELAI-HUNA`` play two cards, remove the opponent's bridge there (R9)
``d:ALOA+BARI``     discard these cards face down, hand of five only (R9a)
``f:ELAI-HUNA``     V1's free bridge on the line a removal just freed
``h:ELAI-HUNA``     a handicap bridge before the first turn (R7)
``take:BARI``       end the turn by drawing BARI from the display (R12)
``pile``            end the turn by drawing the top of the draw pile (R12)
``pass``            end the turn without drawing (R13)
==================  ===========================================================

Lines are written with their islands in board order (``ELAI-HUNA``); the parser takes
either order. Every action the engine can meet is created once and shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .board import ISLAND_INDEX, ISLANDS, LINE_INDEX, LINES, N_ISLANDS, N_LINES, line_name
from .errors import NotationError, shown


class Kind(IntEnum):
    """What an action does; the notation has one form per kind."""

    PLACE = 0
    REMOVE = 1
    DISCARD = 2
    FREE = 3
    HANDICAP = 4
    TAKE = 5
    PILE = 6
    PASS = 7


#: Kinds that end the turn (phase B).
TURN_ENDING = frozenset({Kind.TAKE, Kind.PILE, Kind.PASS})


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One action. ``cards`` are island indices, sorted; ``line`` is -1 where unused."""

    kind: Kind
    cards: tuple[int, ...] = ()
    line: int = -1

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.PLACE:
            return f"{ISLANDS[self.cards[0]]}>{_far_end(self)}"
        if k is Kind.REMOVE:
            return f"{_card_text(self.cards)}/{line_name(self.line)}"
        if k is Kind.DISCARD:
            return f"d:{_card_text(self.cards)}"
        if k is Kind.FREE:
            return f"f:{line_name(self.line)}"
        if k is Kind.HANDICAP:
            return f"h:{line_name(self.line)}"
        if k is Kind.TAKE:
            return f"take:{ISLANDS[self.cards[0]]}"
        return "pile" if k is Kind.PILE else "pass"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read one action; raises NotationError on malformed text.

        >>> str(Action.parse("huna>elai"))
        'HUNA>ELAI'
        """
        return parse_action(text)


def _far_end(action: Action) -> str:
    a, b = LINES[action.line]
    return ISLANDS[b if a == action.cards[0] else a]


def _card_text(cards: tuple[int, ...]) -> str:
    return "+".join(ISLANDS[c] for c in cards)


# The shared instances. Cards of a two-card removal are sorted by island index.
PLACE: dict[tuple[int, int], Action] = {}
REMOVE: dict[tuple[int, int, int], Action] = {}
for _line, (_a, _b) in enumerate(LINES):
    PLACE[(_a, _line)] = Action(Kind.PLACE, (_a,), _line)
    PLACE[(_b, _line)] = Action(Kind.PLACE, (_b,), _line)
    for _pair in ((_a, _a), (_a, _b), (_b, _b)):
        REMOVE[(_pair[0], _pair[1], _line)] = Action(Kind.REMOVE, _pair, _line)
FREE: tuple[Action, ...] = tuple(Action(Kind.FREE, (), line) for line in range(N_LINES))
HANDICAP: tuple[Action, ...] = tuple(Action(Kind.HANDICAP, (), line) for line in range(N_LINES))
TAKE: tuple[Action, ...] = tuple(Action(Kind.TAKE, (i,)) for i in range(N_ISLANDS))
PILE = Action(Kind.PILE)
PASS = Action(Kind.PASS)

_discards: dict[tuple[int, ...], Action] = {}


def discard(cards: tuple[int, ...]) -> Action:
    """The shared discard action for these cards (any order)."""
    key = tuple(sorted(cards))
    action = _discards.get(key)
    if action is None:
        action = _discards[key] = Action(Kind.DISCARD, key)
    return action


def discards(hand: list[int] | tuple[int, ...]) -> list[Action]:
    """The discard actions of every non-empty set of a hand's cards (per-island counts),
    in sub_multisets' order."""
    shared = _discards.get
    return [shared(cards) or discard(cards) for cards in sub_multisets(hand)]  # sorted


def remove(card_a: int, card_b: int, line: int) -> Action:
    """The shared removal action; raises NotationError if the cards do not fit the line."""
    lo, hi = sorted((card_a, card_b))
    action = REMOVE.get((lo, hi, line))
    if action is None:
        raise NotationError(
            f"cards {ISLANDS[lo]}+{ISLANDS[hi]} cannot remove a bridge on {line_name(line)}"
        )
    return action


def sub_multisets(counts: list[int] | tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of a hand given as per-island counts, sorted."""
    result: list[tuple[int, ...]] = [()]
    for island in range(N_ISLANDS):
        n = counts[island]
        if n:
            result = [r + (island,) * k for r in result for k in range(n + 1)]
    return result[1:]


def parse_island(text: str) -> int:
    """``'huna'`` (any case) to an island index; NotationError names the islands."""
    island = ISLAND_INDEX.get(text.strip().upper()) if isinstance(text, str) else None
    if island is None:
        raise NotationError(f"unknown island {shown(text)}; islands are {', '.join(ISLANDS)}")
    return island


def parse_line(text: str) -> int:
    """``'ELAI-HUNA'`` (either order) to a line index."""
    parts = text.split("-") if isinstance(text, str) else []
    if len(parts) != 2:
        raise NotationError(f"a line is written ISLAND-ISLAND, not {shown(text)}")
    a, b = parse_island(parts[0]), parse_island(parts[1])
    line = LINE_INDEX.get((a, b))
    if line is None:
        raise NotationError(f"there is no line between {ISLANDS[a]} and {ISLANDS[b]}")
    return line


def parse_action(text: str) -> Action:
    """Read one action in the notation above; raises NotationError if malformed."""
    if not isinstance(text, str):
        raise NotationError(f"an action is a string, not {type(text).__name__}")
    s = text.strip()
    low = s.lower()
    if low == "pile":
        return PILE
    if low == "pass":
        return PASS
    head, sep, rest = s.partition(":")
    if sep:
        head = head.lower()
        if head == "take":
            return TAKE[parse_island(rest)]
        if head == "d":
            cards = tuple(parse_island(c) for c in rest.split("+"))
            if len(cards) > 5:
                raise NotationError("a discard holds at most five cards")
            return discard(cards)
        if head == "f":
            return FREE[parse_line(rest)]
        if head == "h":
            return HANDICAP[parse_line(rest)]
        raise NotationError(f"unknown action prefix {head!r} in {shown(text)}")
    if "/" in s:
        cards_text, _, line_text = s.partition("/")
        cards = cards_text.split("+")
        if len(cards) != 2:
            raise NotationError(f"a removal plays exactly two cards: {shown(text)}")
        return remove(parse_island(cards[0]), parse_island(cards[1]), parse_line(line_text))
    if ">" in s:
        card_text, _, end_text = s.partition(">")
        card = parse_island(card_text)
        line = LINE_INDEX.get((card, parse_island(end_text)))
        if line is None:
            raise NotationError(f"there is no line from {card_text.upper()} to {end_text.upper()}")
        return PLACE[(card, line)]
    raise NotationError(f"not an action: {shown(text)}")


def all_fixed_actions() -> list[Action]:
    """Every action except discards (for tests and enumeration)."""
    return [*PLACE.values(), *REMOVE.values(), *FREE, *HANDICAP, *TAKE, PILE, PASS]

