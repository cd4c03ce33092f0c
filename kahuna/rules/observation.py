"""What one seat may see (RULES.md R24), and sampling hidden worlds consistent with it.

A computer player gets only an ``Observation``: no state, no deck order, no random
generator of the game. To search, it samples full states with ``sample_state``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import Action, Kind
from .board import N_ISLANDS
from .state import Outcome, Phase, State, bridge_counts, cards_of


@dataclass(frozen=True, slots=True)
class Observation:
    """A position as ``seat`` sees it. Per-player tuples are indexed (Black, White)."""

    seat: int
    fewer_surprises: bool
    open_draws: bool
    round: int
    phase: Phase
    to_move: int
    first: int
    opponent_abstained: bool
    free_line: int
    handicap_left: int
    final_turns: int
    scorings: tuple[tuple[int, int], ...]
    outcome: Outcome | None
    owner: tuple[int, ...]
    control: tuple[int, ...]
    supply: tuple[int, int]
    hand: tuple[int, ...]  # the seat's own cards, counted per island
    hand_sizes: tuple[int, int]
    known: tuple[tuple[int, ...], tuple[int, ...]]  # cards of each hand its opponent knows of
    display: tuple[int, ...]
    pile_size: int
    discard_up: tuple[int, ...]  # cards played face up since the last shuffle
    discard_down: int  # how many cards were discarded face down (R9a)
    history: tuple[tuple[int, str], ...]  # public actions, the seat's secrets only its own

    def unseen(self) -> list[int]:
        """Cards whose place the seat does not know: the opponent's unknown cards, the
        draw pile and the face-down discards."""
        counts = [2] * N_ISLANDS
        opp = 1 - self.seat
        for card in (*self.display, *self.discard_up):
            if card >= 0:
                counts[card] -= 1
        for island in range(N_ISLANDS):
            counts[island] -= self.hand[island] + self.known[opp][island]
        return cards_of(counts)

    def sample_state(self, rng: random.Random) -> State:
        """A full state that gives this same observation (but for ``history``, left
        empty), its hidden cards dealt at random from ``unseen()``."""
        cards = self.unseen()
        rng.shuffle(cards)
        return self._world(cards, random.Random(rng.getrandbits(64)))

    def _world(self, cards: list[int], rng: random.Random) -> State:
        """The state with the unseen ``cards`` dealt in order: the opponent's hidden
        cards first, then the face-down discards, the rest as the pile."""
        seat, opp = self.seat, 1 - self.seat
        s = State(fewer_surprises=self.fewer_surprises, open_draws=self.open_draws, rng=rng)
        s.owner = list(self.owner)
        s.control = list(self.control)
        s.supply = list(self.supply)
        s.counts = bridge_counts(self.owner)
        hidden = self.hand_sizes[opp] - sum(self.known[opp])
        s.hands[seat] = list(self.hand)
        s.hands[opp] = list(self.known[opp])
        for card in cards[:hidden]:
            s.hands[opp][card] += 1
        s.hand_size = list(self.hand_sizes)
        s.known = [list(self.known[0]), list(self.known[1])]
        s.display = list(self.display)
        s.discard_up = list(self.discard_up)
        s.discard_down = cards[hidden:hidden + self.discard_down]
        s.pile = cards[hidden + self.discard_down:]
        s.round, s.phase, s.to_move, s.first = self.round, self.phase, self.to_move, self.first
        s.opponent_abstained = self.opponent_abstained
        s.free_line = self.free_line
        s.handicap_left = self.handicap_left
        s.final_turns = self.final_turns
        s.scorings = list(self.scorings)
        s.outcome = self.outcome
        return s

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to move (else none): they depend only on
        what the seat sees, so any sampled world gives the same list."""
        if self.to_move != self.seat:
            return []
        # Any deal will do, so skip the shuffle; the generator is never used.
        return self._world(self.unseen(), _UNUSED_RNG).legal_actions()


#: Given to throwaway worlds that only list actions: seeding a generator costs more
#: than listing them.
_UNUSED_RNG = random.Random(0)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` sees of ``state`` (R24)."""
    return Observation(
        seat=seat,
        fewer_surprises=state.fewer_surprises,
        open_draws=state.open_draws,
        round=state.round,
        phase=state.phase,
        to_move=state.to_move,
        first=state.first,
        opponent_abstained=state.opponent_abstained,
        free_line=state.free_line,
        handicap_left=state.handicap_left,
        final_turns=state.final_turns,
        scorings=tuple(state.scorings),
        outcome=state.outcome,
        owner=tuple(state.owner),
        control=tuple(state.control),
        supply=(state.supply[0], state.supply[1]),
        hand=tuple(state.hands[seat]),
        hand_sizes=(state.hand_size[0], state.hand_size[1]),
        known=(tuple(state.known[0]), tuple(state.known[1])),
        display=tuple(state.display),
        pile_size=len(state.pile),
        discard_up=tuple(sorted(state.discard_up)),
        discard_down=len(state.discard_down),
        history=tuple((p, public_text(a, p == seat)) for p, a in state.history),
    )


def public_text(action: Action, own: bool) -> str:
    """The action's notation as a seat sees it: an opponent's face-down discard shows
    only how many cards went (``d:?+?``)."""
    if action.kind is Kind.DISCARD and not own:
        return "d:" + "+".join("?" * len(action.cards))
    return str(action)

