"""The game state and the rules that change it (docs/rules.md R3-R23).

``State.legal_actions()`` is the one legal-action generator: the page, the bots and the
tests all use it. ``State.play()`` checks an action and says which rule it breaks;
``State.do()`` applies an action already known to be legal (the generator's output).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import FREE, HANDICAP, PASS, PILE, PLACE, REMOVE, TAKE, Action, Kind, discards
from .board import DEGREE, ENDS_OF, ISLANDS, LINES, LINES_OF, MAJORITY, N_ISLANDS, N_LINES, line_name
from .errors import IllegalAction
from .fields import BLACK, BRIDGES, FIELDS, WHITE, Phase, Shape

COLOURS = ("Black", "White")
HAND_LIMIT = 5  # R14
CARDS = tuple(i for i in range(N_ISLANDS) for _ in range(2))  # R2
INTERIM_POINTS = (1, 2)  # R17


class Termination(Enum):
    """Why the game ended."""

    SCORING = "scoring"  # the final scoring (R21, R22)
    EARLY = "early"  # a player had no bridge left on the board (R23)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: ``winner`` is BLACK, WHITE or None for a draw."""

    winner: int | None
    termination: Termination
    reason: str  # which tie-break settled it, in words

    def __str__(self) -> str:
        who = "Draw" if self.winner is None else f"{COLOURS[self.winner]} wins"
        return f"{who} ({self.reason})"


@dataclass(slots=True, init=False)
class Effects:
    """What one action caused, for the page to show and narrate."""

    player: int
    action: Action
    gained: list[int]  # islands the player took (R11)
    removed: list[int]  # opponent bridges taken off (R9, R11)
    lost: list[int]  # islands the opponent lost (R11)
    drawn: int  # the card drawn (-1: none); secret when it came from the pile
    round_ended: int  # the round that this action ended (R16), 0 for none
    scoring: tuple[int, int] | None  # points of the scoring it caused (Black, White)
    outcome: Outcome | None

    # Written out rather than generated: a generated one calls a factory per list, and
    # every action of every search makes an Effects.
    def __init__(self, player: int, action: Action, gained: list[int] | None = None,
                 removed: list[int] | None = None, lost: list[int] | None = None,
                 drawn: int = -1, round_ended: int = 0,
                 scoring: tuple[int, int] | None = None, outcome: Outcome | None = None
                 ) -> None:
        self.player = player
        self.action = action
        self.gained = [] if gained is None else gained
        self.removed = [] if removed is None else removed
        self.lost = [] if lost is None else lost
        self.drawn = drawn
        self.round_ended = round_ended
        self.scoring = scoring
        self.outcome = outcome


class State:
    """A whole position, hidden parts included. Players are BLACK (0) and WHITE (1);
    islands, lines and cards are small integers (see ``board``)."""

    __slots__ = (*(f.name for f in FIELDS), "rng", "history")

    def __init__(self, *, fewer_surprises: bool = False, open_draws: bool = False,
                 rng: random.Random | None = None) -> None:
        _start(self)  # the start of a game before the deal (kahuna.rules.fields)
        self.fewer_surprises = fewer_surprises
        self.open_draws = open_draws
        self.rng = rng if rng is not None else random.Random(0)
        self.history: list[tuple[int, Action]] = []

    # ----- queries -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has a result (R22, R23)."""
        return self.phase is _OVER  # a module constant: an enum member's lookup is slow

    @property
    def nothing_to_draw(self) -> bool:
        """The pile and the display are both empty (R15, R16, R20)."""
        return not self.pile and self.display == [-1, -1, -1]

    def bridges(self, player: int) -> list[int]:
        """Lines holding ``player``'s bridges."""
        return [line for line in range(N_LINES) if self.owner[line] == player]

    def islands(self, player: int) -> list[int]:
        """Islands ``player`` controls (R10)."""
        return [i for i in range(N_ISLANDS) if self.control[i] == player]

    def hand(self, player: int) -> list[int]:
        """``player``'s cards, sorted by island."""
        return cards_of(self.hands[player])

    def totals(self) -> tuple[int, int]:
        """Points so far (R17, R21)."""
        return totals_of(self.scorings)

    def copy(self) -> State:
        """An independent copy; the random generator is copied too."""
        new = self.fork()
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.history = self.history[:]
        return new

    def fork(self) -> State:
        """A cheap copy for search: no history, and the random generator is shared,
        not copied (reshuffles in the fork advance this state's generator)."""
        return _fork(self)

    # ----- the legal-action generator -----------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now, each once, in a fixed order."""
        phase = self.phase
        if phase is _OVER:
            return []
        p = self.to_move
        owner = self.owner
        if phase is _HANDICAP:  # R3: positions keep handicap_left within the supply
            return [HANDICAP[line] for line in range(N_LINES) if owner[line] < 0]
        hand = self.hands[p]
        opp = 1 - p
        result: list[Action] = []
        add = result.append
        if self.free_line >= 0 and self._may_build(self.free_line, p):
            add(FREE[self.free_line])
        size = self.hand_size[p]
        # One pass over the lines at the islands in hand lists the placements (R8) and
        # the lines where a removal (R9) may be possible.
        places = self.supply[p] > 0
        removals = size >= 2 and self.supply[opp] < BRIDGES  # R3: some of theirs are out
        removable: list[int] = []
        key = tuple(hand)  # the memos' key (_LINES_IN_HAND, _DISCARDS)
        if size and (places or removals):
            lines = _LINES_IN_HAND.get(key) or _lines_in_hand(key)
            first = len(result)
            if removals:
                more = removable.append
                for line, action, both_ends in lines:
                    o = owner[line]
                    if o < 0:
                        if places:
                            add(action)
                    elif both_ends and o == opp:
                        more(line)
            else:
                for line, action, _ in lines:
                    if owner[line] < 0:
                        add(action)
            if self.fewer_surprises and len(result) > first:  # V1: none touching theirs
                control = self.control
                result[first:] = [a for a in result[first:] if control[LINES[a.line][0]] != opp
                                  and control[LINES[a.line][1]] != opp]
        if removable:
            if len(removable) > 1:
                removable = sorted(set(removable))
            for line in removable:
                a, b, aa, ab, bb = _REMOVALS[line]
                ha, hb = hand[a], hand[b]
                if ha >= 2:
                    add(aa)
                if ha and hb:
                    add(ab)
                if hb >= 2:
                    add(bb)
        if size == HAND_LIMIT:
            result.extend(_DISCARDS.get(key) or _discards_for(key))
        # Phase B's choices (R12-R15, R20)
        pile = self.pile
        display = self.display
        if phase is _FINAL or (not pile and display == _NO_DISPLAY):
            add(PASS)  # R15, R20
            return result
        if size < HAND_LIMIT:  # R14
            d0, d1, d2 = display
            if d0 >= 0:
                add(TAKE[d0])
            if d1 >= 0 and d1 != d0:
                add(TAKE[d1])
            if d2 >= 0 and d2 != d0 and d2 != d1:
                add(TAKE[d2])
            if pile:
                add(PILE)
        if not self.opponent_abstained:  # R13
            add(PASS)
        return result

    def _may_build(self, line: int, player: int) -> bool:
        """A free bridge (V1) may go on ``line``: free, a bridge in supply, no opponent island."""
        if self.owner[line] >= 0 or not self.supply[player]:
            return False
        a, b = LINES[line]
        opp = 1 - player
        return self.control[a] != opp and self.control[b] != opp

    # ----- checked play ---------------------------------------------------------

    def play(self, action: Action) -> Effects:
        """Apply ``action`` if legal; otherwise raise IllegalAction naming the rule."""
        self.check(action)
        return self.do(action)

    def check(self, action: Action) -> None:
        """Raise IllegalAction, naming the broken rule, unless ``action`` is legal now."""
        if self.phase is Phase.OVER:
            raise IllegalAction("R22", "the game is over")
        kind = action.kind
        p = self.to_move
        if self.phase is Phase.HANDICAP:
            if kind is not Kind.HANDICAP:
                raise IllegalAction("R7", "the handicap bridges come before the first turn")
            self._check_free_line(action.line, "R7")
            if not self.supply[p]:
                raise IllegalAction("R3", "no bridge left in the supply")
            return
        if kind is Kind.HANDICAP:
            raise IllegalAction("R7", "handicap bridges are only placed before the first turn")
        hand = self.hands[p]
        if kind is Kind.PLACE:
            card = action.cards[0]
            if card not in LINES[action.line]:  # only a hand-made Action can get here
                raise IllegalAction(
                    "R8", f"{ISLANDS[card]} is not an end of {line_name(action.line)}")
            if not hand[card]:
                raise IllegalAction("R8", f"no {ISLANDS[card]} card in hand")
            self._check_free_line(action.line, "R8")
            if not self.supply[p]:
                raise IllegalAction("R3", "no bridge left in the supply")
            self._check_v1(action.line)
        elif kind is Kind.REMOVE:
            a, b = action.cards
            if a not in LINES[action.line] or b not in LINES[action.line]:
                raise IllegalAction(
                    "R9", f"{ISLANDS[a]}+{ISLANDS[b]} cannot remove {line_name(action.line)}")
            if hand[a] < 1 + (a == b) or hand[b] < 1:
                raise IllegalAction("R9", f"the hand does not hold {ISLANDS[a]}+{ISLANDS[b]}")
            if self.owner[action.line] != 1 - p:
                raise IllegalAction(
                    "R9", f"no opponent bridge on {line_name(action.line)} to remove")
        elif kind is Kind.DISCARD:
            if self.hand_size[p] != HAND_LIMIT:
                raise IllegalAction("R9a", "cards may only be discarded from a hand of five")
            for card in set(action.cards):
                if action.cards.count(card) > hand[card]:
                    raise IllegalAction("R9a", f"the hand does not hold that many {ISLANDS[card]}")
        elif kind is Kind.FREE:
            if action.line != self.free_line:
                raise IllegalAction(
                    "V1", "a free bridge only goes on the line a removal has just freed")
            if not self.supply[p]:
                raise IllegalAction("R3", "no bridge left in the supply")
            self._check_v1(action.line)
        elif action not in self.legal_actions():  # a turn ending
            raise IllegalAction(*self._why_not_end(action))

    def _check_free_line(self, line: int, rule: str) -> None:
        if self.owner[line] >= 0:
            raise IllegalAction(rule, f"line {line_name(line)} already holds a bridge")

    def _check_v1(self, line: int) -> None:
        if self.fewer_surprises:
            opp = 1 - self.to_move
            for island in LINES[line]:
                if self.control[island] == opp:
                    raise IllegalAction(
                        "V1", f"{ISLANDS[island]} is the opponent's: no bridge may touch it")

    def _why_not_end(self, action: Action) -> tuple[str, str]:
        if self.phase is Phase.FINAL or self.nothing_to_draw:
            return "R15", "there is nothing left to draw: the turn ends with pass"
        if action.kind is Kind.PASS:
            return "R13", "the opponent abstained last turn, so you must draw"
        if self.hand_size[self.to_move] >= HAND_LIMIT:
            return "R14", "a hand of five may not draw: play or discard first"
        if action.kind is Kind.TAKE:
            return "R12", f"the display shows no {ISLANDS[action.cards[0]]}"
        return "R12", "the draw pile is empty"

    # ----- applying -------------------------------------------------------------

    def do(self, action: Action) -> Effects:
        """Apply a legal action (unchecked: use ``play`` for untrusted input)."""
        # The most frequent kinds first, the small helpers written out: searches call
        # this for every node they visit.
        p = self.to_move
        fx = Effects(p, action)
        self.history.append((p, action))
        kind = action.kind
        self.free_line = -1
        if kind is _TAKE or kind is _PILE or kind is _PASS:
            # Phase B: draw or abstain, then the round end (R12-R20).
            pile = self.pile
            if kind is _TAKE:
                card = action.cards[0]
                display = self.display
                slot = display.index(card)
                display[slot] = pile.pop() if pile else -1
                self.known[p][card] += 1
            elif kind is _PILE:
                card = pile.pop()
            if kind is not _PASS:
                self.hands[p][card] += 1
                self.hand_size[p] += 1
                fx.drawn = card
            self.opponent_abstained = kind is _PASS
            self.to_move = 1 - p
            if self.phase is _FINAL:
                self.final_turns -= 1
                if not self.final_turns:
                    self._final_scoring(fx)
            elif kind is not _PASS and not pile and self.display == _NO_DISPLAY:
                self._end_round(fx)  # R16: the last card has been drawn
        elif kind is _PLACE:
            card = action.cards[0]
            self.hands[p][card] -= 1  # as _spend
            self.hand_size[p] -= 1
            known = self.known[p]
            if known[card]:
                known[card] -= 1
            self.discard_up.append(card)
            self._build(p, action.line, fx)
        elif kind is _REMOVE:
            for card in action.cards:
                self._spend(p, card)
                self.discard_up.append(card)
            self._unbuild(action.line, fx)
            self._lose_control(1 - p, LINES[action.line], fx)
            if self.fewer_surprises:
                self.free_line = action.line
        elif kind is Kind.DISCARD:
            self._discard(p, action.cards)
        elif kind is Kind.FREE:
            self._build(p, action.line, fx)
        else:  # HANDICAP
            self._build(p, action.line, fx)
            self.handicap_left -= 1
            if not self.handicap_left:
                self.phase = Phase.PLAY
                self.to_move = self.first
        if self.scorings and self.phase is not _OVER:
            supply = self.supply  # R23 can only apply when exactly one supply is full
            if (supply[0] == BRIDGES) is not (supply[1] == BRIDGES):
                self._check_early_end(fx)
        return fx

    def _spend(self, p: int, card: int) -> None:
        self.hands[p][card] -= 1
        self.hand_size[p] -= 1
        if self.known[p][card]:  # a known copy is played first: cards of one island are alike
            self.known[p][card] -= 1

    def _discard(self, p: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[p]
        for card in cards:
            hand[card] -= 1
        if self.open_draws:  # V2: hidden copies go face down first; open ones stay open
            known = self.known[p]
            for card in set(cards):
                known[card] = min(known[card], hand[card])
        else:  # R24: any n of the remembered cards may have gone face down, no more
            n = len(cards)
            self.known[p] = [k - n if k > n else 0 for k in self.known[p]]
        self.hand_size[p] -= len(cards)
        self.discard_down.extend(cards)

    def _build(self, p: int, line: int, fx: Effects) -> None:
        """Put ``p``'s bridge on ``line`` and resolve control (R10, R11)."""
        self.owner[line] = p
        self.supply[p] -= 1
        counts, control = self.counts[p], self.control
        a, b = LINES[line]
        counts[a] += 1
        counts[b] += 1
        if (control[a] == p or counts[a] < MAJORITY[a]) and (
                control[b] == p or counts[b] < MAJORITY[b]):
            return  # no island changes hands: the usual case
        gained = [i for i in (a, b) if control[i] != p and counts[i] >= MAJORITY[i]]
        for island in gained:
            control[island] = p
        if gained:
            fx.gained.extend(gained)
            opp = 1 - p
            owner = self.owner
            touched: set[int] = set()
            for island in gained:
                for other in LINES_OF[island]:
                    if owner[other] == opp:
                        self._unbuild(other, fx)
                        touched.update(LINES[other])
            self._lose_control(opp, touched, fx)

    def _unbuild(self, line: int, fx: Effects) -> None:
        """Return the bridge on ``line`` to its owner's supply (R3)."""
        q = self.owner[line]
        self.owner[line] = -1
        self.supply[q] += 1
        a, b = LINES[line]
        self.counts[q][a] -= 1
        self.counts[q][b] -= 1
        fx.removed.append(line)

    def _lose_control(self, q: int, islands, fx: Effects) -> None:
        """``q`` loses every island among ``islands`` where it lost its majority (R11)."""
        for island in sorted(islands):
            if self.control[island] == q and self.counts[q][island] < MAJORITY[island]:
                self.control[island] = -1
                fx.lost.append(island)

    def _end_round(self, fx: Effects) -> None:
        fx.round_ended = self.round
        if self.round == 3:  # R20: the opponent, then the drawer, take one last turn
            self.phase = Phase.FINAL
            self.final_turns = 2
            self.opponent_abstained = False
            return
        b, w = len(self.islands(BLACK)), len(self.islands(WHITE))
        points = INTERIM_POINTS[self.round - 1]  # R17
        fx.scoring = (points, 0) if b > w else (0, points) if w > b else (0, 0)
        self.scorings.append(fx.scoring)
        self.round += 1
        # R18: the discard pile becomes the new draw pile; R19: the next player may abstain.
        cards = self.discard_up + self.discard_down
        self.discard_up, self.discard_down = [], []
        if self.reshuffles:
            order = self.reshuffles.pop(0)
            if sorted(order) != sorted(cards):
                raise IllegalAction("R18", "the recorded reshuffle is not the discard pile")
            self.pile = order[::-1]
        else:
            self.rng.shuffle(cards)
            self.pile = cards
        self.display = [self.pile.pop() if self.pile else -1 for _ in range(3)]
        self.opponent_abstained = False

    def _final_scoring(self, fx: Effects) -> None:
        """R21, then the winner by R22."""
        b, w = len(self.islands(BLACK)), len(self.islands(WHITE))
        fx.scoring = (b - w, 0) if b > w else (0, w - b)
        self.scorings.append(fx.scoring)
        tb, tw = self.totals()
        if tb != tw:
            outcome = Outcome(BLACK if tb > tw else WHITE, Termination.SCORING, "more points")
        elif fx.scoring != (0, 0):
            outcome = Outcome(BLACK if b > w else WHITE, Termination.SCORING,
                              "equal points, higher final scoring")
        elif tb == 0 and self.supply[BLACK] != self.supply[WHITE]:
            outcome = Outcome(BLACK if self.supply[BLACK] < self.supply[WHITE] else WHITE,
                              Termination.SCORING, "no points, more bridges on the board")
        else:
            outcome = Outcome(None, Termination.SCORING, "equal in every tie-break")
        self._finish(outcome, fx)

    def _check_early_end(self, fx: Effects) -> None:
        """R23: after the first scoring, a player with no bridge left loses at once."""
        empty = [self.supply[q] == BRIDGES for q in (BLACK, WHITE)]
        if empty[0] != empty[1]:
            winner = WHITE if empty[0] else BLACK
            self._finish(Outcome(winner, Termination.EARLY,
                                 f"{COLOURS[1 - winner]} has no bridge left"), fx)

    def _finish(self, outcome: Outcome, fx: Effects) -> None:
        self.outcome = fx.outcome = outcome
        self.phase = Phase.OVER


def _written_fork() -> Callable[[State], State]:
    """``State.fork`` written out from the field table once, at import, as dataclasses
    write ``__init__``: search forks half a million times a game, and a loop over the
    fields would make it three times slower."""
    copy = {Shape.VALUE: "s.{}", Shape.LIST: "s.{}[:]", Shape.ROWS: "[s.{0}[0][:], s.{0}[1][:]]",
            Shape.NESTED: "[x[:] for x in s.{}]"}
    body = "".join(f"    n.{f.name} = {copy[f.shape].format(f.name)}\n" for f in FIELDS)
    source = (f"def fork(s):\n    n = new(State)\n{body}"
              "    n.rng = s.rng\n    n.history = []\n    return n\n")
    scope = {"new": State.__new__, "State": State}
    exec(source, scope)  # noqa: S102 - the source is built from FIELDS above, nothing else
    return scope["fork"]


def _written_start() -> Callable[[State], None]:
    """Every field set to its default, written out from the field table as ``fork`` is:
    every sampled world of a search starts as a new State."""
    body = "".join(f"    s.{f.name} = d[{i}]()\n" for i, f in enumerate(FIELDS))
    scope = {"d": tuple(f.default for f in FIELDS)}
    exec(f"def start(s):\n{body}", scope)  # noqa: S102 - built from FIELDS, nothing else
    return scope["start"]


_fork = _written_fork()
_start = _written_start()

#: For each island, its lines as (line, island at the other end, the PLACE action).
_PLACES_OF = tuple(
    tuple((line, other, PLACE[(island, line)]) for line, other in ENDS_OF[island])
    for island in range(N_ISLANDS)
)
#: For each line, (its ends a and b, the removals a+a, a+b, b+b).
_REMOVALS = tuple((a, b, REMOVE[(a, a, line)], REMOVE[(a, b, line)], REMOVE[(b, b, line)])
                  for line, (a, b) in enumerate(LINES))
_LINES_IN_HAND: dict[tuple[int, ...], tuple[tuple[int, Action, bool], ...]] = {}


def _lines_in_hand(hand: tuple[int, ...]) -> tuple[tuple[int, Action, bool], ...]:
    """For a hand (cards per island), each line at an island in it, in island order:
    (the line, the placement from that island, whether the hand holds both cards a
    removal there needs). Memoised: legal_actions would otherwise walk all twelve
    islands at every call."""
    lines = tuple((line, action, n >= 2 or hand[other] > 0)
                  for island, n in enumerate(hand) if n
                  for line, other, action in _PLACES_OF[island])
    _LINES_IN_HAND[hand] = lines
    return lines


_OVER, _HANDICAP, _FINAL = Phase.OVER, Phase.HANDICAP, Phase.FINAL
_PLACE, _REMOVE, _TAKE, _PILE, _PASS = Kind.PLACE, Kind.REMOVE, Kind.TAKE, Kind.PILE, Kind.PASS
_NO_DISPLAY = [-1, -1, -1]
_DISCARDS: dict[tuple[int, ...], list[Action]] = {}


def _discards_for(hand: tuple[int, ...]) -> list[Action]:
    """R9a's choices for a hand of five: every non-empty set of its cards (memoised)."""
    options = _DISCARDS[hand] = discards(hand)
    return options


def totals_of(scorings: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Each player's points over ``scorings`` (R17, R21): a State's or an Observation's."""
    return (sum(s[0] for s in scorings), sum(s[1] for s in scorings))


def cards_of(counts: Sequence[int]) -> list[int]:
    """The cards that per-island ``counts`` stand for, sorted by island."""
    return [i for i in range(N_ISLANDS) for _ in range(counts[i])]


def bridge_counts(owner: list[int] | tuple[int, ...]) -> list[list[int]]:
    """Each player's bridges touching each island, given the owner of every line."""
    counts = [[0] * N_ISLANDS, [0] * N_ISLANDS]
    for line, q in enumerate(owner):
        if q >= 0:
            a, b = LINES[line]
            counts[q][a] += 1
            counts[q][b] += 1
    return counts


def control_invariants(state: State) -> list[str]:
    """R11a's invariants: the list of those that fail (empty when all hold)."""
    problems = []
    counts = bridge_counts(state.owner)
    for q in (BLACK, WHITE):
        on_board = state.owner.count(q)
        if state.supply[q] < 0:
            problems.append(f"{COLOURS[q]}'s supply is negative (R3)")
        if on_board + state.supply[q] != BRIDGES:
            problems.append(f"{COLOURS[q]}: {on_board} bridges on board + {state.supply[q]} in supply")
        for island in range(N_ISLANDS):
            n = counts[q][island]
            if n != state.counts[q][island]:
                problems.append(f"{COLOURS[q]} count on {ISLANDS[island]} is stale")
            has = 2 * n > DEGREE[island]
            if has != (state.control[island] == q):
                problems.append(f"token on {ISLANDS[island]} does not match {COLOURS[q]}'s majority")
    cards = sorted(state.hand(BLACK) + state.hand(WHITE) + [c for c in state.display if c >= 0]
                   + state.pile + state.discard_up + state.discard_down)
    if cards != sorted(CARDS):
        problems.append("the 24 cards are not all accounted for")
    for q in (BLACK, WHITE):
        if any(k > h for k, h in zip(state.known[q], state.hands[q])):
            problems.append(f"{COLOURS[q]}'s known cards are not all in hand")
    return problems
