"""A position being set up by hand (the page's editor, issue 32): what an author chooses
and nothing more, with the rules that say which choices can come about in a game.

A ``Draft`` holds the bridges, each hand (cards named, plus cards of unknown island), the
display, the draw pile's size, the round, who won the past scorings, who is to move and
the variants. The tokens are never chosen: they follow from the bridges (R10).
``refusals`` lists what no position may hold (the editor refuses the change that makes
one); ``unfinished`` lists what must still change before play can start from it (the
editor says so and waits). ``to_state`` deals the cards nobody named: the unknown cards
of the hands, the pile and the discards, from a seeded shuffle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ..rules.board import ISLANDS, N_ISLANDS, N_LINES, line_name
from ..rules.errors import PositionError
from ..rules.observation import Observation
from ..rules.state import BLACK, BRIDGES, HAND_LIMIT, WHITE, State, cards_of
from .link import as_record, decode, kind_of
from .position import FORMAT, position_from_json, seat_name
from .reading import load_json
from .record import replay

#: The cards of the game (R2): two of each island.
CARDS = 2 * N_ISLANDS
#: The pile after the deal (R6): it only shrinks in the first round.
FIRST_PILE = CARDS - 2 * 3 - 3
#: The points of the first and second interim scorings (R17).
POINTS = (1, 2)
NOBODY = -1


@dataclass(frozen=True, slots=True)
class Breach:
    """A rule a draft breaks: its id in docs/rules.md, the part of the editor it is about
    ("board", "black", "white", "display", "pile", "round"), and the facts for its words
    (``count``, an island's index or a limit, as the rule needs)."""

    rule: str
    part: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class Draft:
    """A position as an author sets it up (see the module's words)."""

    owner: tuple[int, ...] = (NOBODY,) * N_LINES  # each line's bridge: -1, BLACK, WHITE
    cards: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # named cards per hand, sorted
    unknown: tuple[int, int] = (0, 0)  # cards of each hand whose island is not said
    display: tuple[int, int, int] = (-1, -1, -1)
    pile: int = 0
    round: int = 1
    scorings: tuple[int, ...] = ()  # who won each interim scoring so far (NOBODY on a tie)
    to_move: int = BLACK
    fewer_surprises: bool = False  # V1
    open_draws: bool = False  # V2

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds, named or not."""
        return len(self.cards[seat]) + self.unknown[seat]

    def points(self, seat: int) -> int:
        """``seat``'s points from the scorings so far (R17)."""
        return sum(POINTS[i] for i, won in enumerate(self.scorings) if won == seat)

    def free(self) -> int:
        """The cards in no hand, not on display and not in the pile: the discards."""
        placed = self.hand_size(BLACK) + self.hand_size(WHITE) + self.pile
        return CARDS - placed - sum(1 for c in self.display if c >= 0)

    # ----- the changes an author makes (each returns a new draft) --------------------

    def cycle_line(self, line: int) -> Draft:
        """The line's bridge goes none -> Black -> White -> none."""
        owner = list(self.owner)
        owner[line] = {NOBODY: BLACK, BLACK: WHITE, WHITE: NOBODY}[owner[line]]
        return replace(self, owner=tuple(owner))

    def add_card(self, seat: int, island: int) -> Draft:
        """One more named card in ``seat``'s hand."""
        return self._hand(seat, tuple(sorted((*self.cards[seat], island))))

    def drop_card(self, seat: int, island: int) -> Draft:
        """One card of ``island`` less in ``seat``'s hand (none there: unchanged)."""
        cards = list(self.cards[seat])
        if island in cards:
            cards.remove(island)
        return self._hand(seat, tuple(cards))

    def add_unknown(self, seat: int, step: int) -> Draft:
        """``step`` (1 or -1) cards of unknown island more in ``seat``'s hand, never below 0."""
        unknown = list(self.unknown)
        unknown[seat] = max(0, unknown[seat] + step)
        return replace(self, unknown=(unknown[0], unknown[1]))

    def set_display(self, place: int, island: int) -> Draft:
        """The display's ``place`` (0-2) shows ``island`` (-1: empty)."""
        display = list(self.display)
        display[place] = island
        return replace(self, display=(display[0], display[1], display[2]))

    def set_round(self, number: int) -> Draft:
        """Round ``number`` (1-3): the scorings before it kept as far as they go, the rest
        ties."""
        scorings = (self.scorings + (NOBODY, NOBODY))[:number - 1]
        return replace(self, round=number, scorings=scorings)

    def cycle_scoring(self, index: int) -> Draft:
        """Who won the interim scoring ``index``: nobody -> Black -> White -> nobody."""
        scorings = list(self.scorings)
        scorings[index] = {NOBODY: BLACK, BLACK: WHITE, WHITE: NOBODY}[scorings[index]]
        return replace(self, scorings=tuple(scorings))

    def flipped(self) -> Draft:
        """The same position with the colours swapped: bridges, hands, points, the mover."""
        def other(seat: int) -> int:
            return seat if seat == NOBODY else 1 - seat
        return replace(self, owner=tuple(other(q) for q in self.owner),
                       cards=(self.cards[1], self.cards[0]),
                       unknown=(self.unknown[1], self.unknown[0]),
                       scorings=tuple(other(q) for q in self.scorings),
                       to_move=1 - self.to_move)

    def _hand(self, seat: int, cards: tuple[int, ...]) -> Draft:
        both = (cards, self.cards[1]) if seat == BLACK else (self.cards[0], cards)
        return replace(self, cards=both)


def refusals(draft: Draft) -> list[Breach]:
    """The rules ``draft`` breaks that no game can come to: a side with more bridges than
    its supply (R3), a hand over the limit (R14), a third card of an island (R2), more
    cards than the game has (R11a), a first-round pile larger than the deal leaves (R6)."""
    found = []
    for seat in (BLACK, WHITE):
        if draft.owner.count(seat) > BRIDGES:
            found.append(Breach("R3", "board", BRIDGES))
    for seat in (BLACK, WHITE):
        if draft.hand_size(seat) > HAND_LIMIT:
            found.append(Breach("R14", seat_name(seat), HAND_LIMIT))
    named = [0] * N_ISLANDS
    for card in (*draft.cards[BLACK], *draft.cards[WHITE], *draft.display):
        if card >= 0:
            named[card] += 1
    for island, count in enumerate(named):
        if count > 2:
            found.append(Breach("R2", _holding(draft, island), island))
    if draft.free() < 0:
        found.append(Breach("R11a", "pile", CARDS))
    if draft.round == 1 and draft.pile > FIRST_PILE:
        found.append(Breach("R6", "pile", FIRST_PILE))
    return found


def _holding(draft: Draft, island: int) -> str:
    """The part a third card of ``island`` is blamed on: the display if it shows one."""
    if island in draft.display:
        return "display"
    return next(seat_name(q) for q in (BLACK, WHITE) if island in draft.cards[q])


def unfinished(draft: Draft) -> list[Breach]:
    """What keeps play from starting at ``draft``, though an author may pass through it
    while setting up: a display with an empty place while the pile has cards (R12), a
    round already over, nothing left to draw (R16), one side without a bridge after the
    first scoring, which ends the game (R23)."""
    found = []
    if draft.pile and -1 in draft.display:
        found.append(Breach("R12", "display"))
    if not draft.pile and draft.display == (-1, -1, -1):
        found.append(Breach("R16", "pile"))
    if draft.round > 1 and (BLACK in draft.owner) != (WHITE in draft.owner):
        found.append(Breach("R23", "board"))
    return found


def to_position(draft: Draft, seed: int = 0) -> dict[str, Any]:
    """``draft`` as position JSON naming every card: the cards the author left unnamed
    (unknown hand cards, the pile, the discards, face up) dealt by a shuffle seeded by
    ``seed``. Raises PositionError when the draft breaks a rule (``refusals``,
    ``unfinished``)."""
    broken = refusals(draft) + unfinished(draft)
    if broken:
        raise PositionError(f"the position breaks {broken[0].rule}")
    left = [2] * N_ISLANDS
    for card in (*draft.cards[BLACK], *draft.cards[WHITE], *draft.display):
        if card >= 0:
            left[card] -= 1
    rest = cards_of(left)
    random.Random(seed).shuffle(rest)
    hands = {}
    for seat in (BLACK, WHITE):
        dealt = [rest.pop() for _ in range(draft.unknown[seat])]
        hands[seat_name(seat)] = [ISLANDS[c] for c in sorted((*draft.cards[seat], *dealt))]
    pile = [ISLANDS[rest.pop()] for _ in range(draft.pile)]
    points = [[POINTS[i] if won == q else 0 for q in (BLACK, WHITE)]
              for i, won in enumerate(draft.scorings)]
    return {"format": FORMAT, "version": 1,
            "variants": {"fewer_surprises": draft.fewer_surprises,
                         "open_draws": draft.open_draws},
            "round": draft.round, "to_move": seat_name(draft.to_move),
            "bridges": {seat_name(q): [line_name(i) for i, o in enumerate(draft.owner) if o == q]
                        for q in (BLACK, WHITE)},
            "hands": hands,
            "display": [ISLANDS[c] if c >= 0 else None for c in draft.display],
            "pile": pile, "discard": {"up": [ISLANDS[c] for c in rest], "down": []},
            "scorings": points}


def to_state(draft: Draft, seed: int = 0) -> State:
    """The game state play starts from at ``draft`` (see ``to_position``)."""
    return position_from_json(to_position(draft, seed))


def from_state(state: State) -> Draft:
    """Everything of ``state`` a draft holds (every card named: the state knows them)."""
    return _from(state, [state.hand(BLACK), state.hand(WHITE)], (0, 0))


def from_observation(obs: Observation, public: bool = False) -> Draft:
    """What ``obs``'s seat sees (R24): its own hand named, of the other hand only the
    cards it knows of (taken from the display), the rest a count. ``public``: what both
    players see, its own hand too as known cards and a count (a hot-seat game whose hands
    are covered)."""
    named: list[list[int]] = [[], []]
    named[obs.seat] = cards_of(obs.hand)
    hidden = (1 - obs.seat, obs.seat) if public else (1 - obs.seat,)
    for seat in hidden:
        named[seat] = cards_of(obs.known[seat])
    # Its own cards count too where it cannot see them all (a game by links shows a card
    # drawn face down until the friend's link opens it: web/game/by_links.py).
    unknown = [obs.hand_sizes[seat] - len(named[seat]) for seat in (0, 1)]
    return _from(obs, named, (unknown[0], unknown[1]))


def _from(seen: State | Observation, named: list[list[int]], unknown: tuple[int, int]) -> Draft:
    pile = seen.pile_size if isinstance(seen, Observation) else len(seen.pile)
    winners = tuple(NOBODY if a == b else BLACK if a > b else WHITE for a, b in seen.scorings)
    return Draft(owner=tuple(seen.owner), cards=(tuple(sorted(named[0])), tuple(sorted(named[1]))),
                 unknown=unknown, display=(seen.display[0], seen.display[1], seen.display[2]),
                 pile=pile, round=seen.round, scorings=winners[:seen.round - 1],
                 to_move=seen.to_move, fewer_surprises=seen.fewer_surprises,
                 open_draws=seen.open_draws)


def read_pasted(text: str) -> State:
    """The position a pasted text holds: a link (``?position=`` or ``?record=``), the
    parameter alone, position JSON or a game record (played to its end). Raises a
    KahunaError saying what is wrong; a finished game has no position to set up."""
    text = text.strip()
    for key in ("position", "record"):
        marker = f"{key}="
        if marker in text:
            text = text.split(marker, 1)[1].split("&", 1)[0].split("#", 1)[0]
            break
    data = load_json(text, PositionError) if text[:1] == "{" else decode(text)
    if kind_of(data) == "position":
        return position_from_json(data)
    state, _ = replay(as_record("record", data))
    if state.is_over:
        raise PositionError("a finished game has no position to continue from")
    return state
