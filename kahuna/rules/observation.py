"""What one seat may see (docs/rules.md R24), and sampling hidden worlds consistent with it.

A computer player gets only an ``Observation``: no state, no deck order, no random
generator of the game. To search, it samples full states with ``sample_state``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import make_dataclass
from typing import Any

from .actions import Action, Kind
from .board import N_ISLANDS
from .fields import FIELDS, Field, Seen, Shape
from .state import State, bridge_counts, cards_of, totals_of


def _seen_type(f: Field) -> Any:
    if f.seen is Seen.SIZE:
        return int
    return Any if f.shape is Shape.VALUE else tuple


class _Observed:
    """The methods of an Observation; its fields come from ``kahuna.rules.fields``."""

    __slots__ = ()

    def totals(self) -> tuple[int, int]:
        """Points so far (R17, R21), as ``State.totals``."""
        return totals_of(self.scorings)

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
        return self.world(cards, random.Random(rng.getrandbits(64)))

    def world(self, cards: list[int], rng: random.Random) -> State:
        """The state with the unseen ``cards`` dealt in order: the opponent's hidden
        cards first, then the face-down discards, the rest as the pile."""
        seat, opp = self.seat, 1 - self.seat
        s = State(rng=rng)
        for name, as_name, _, back in _SEEN:
            if back is not None:
                setattr(s, name, back(getattr(self, as_name)))
        s.counts = bridge_counts(self.owner)  # the one DERIVED field
        hidden = self.hand_sizes[opp] - sum(self.known[opp])
        s.hands[seat] = list(self.hand)
        s.hands[opp] = list(self.known[opp])
        for card in cards[:hidden]:
            s.hands[opp][card] += 1
        s.discard_down = cards[hidden:hidden + self.discard_down]
        s.pile = cards[hidden + self.discard_down:]
        return s

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to move (else none): they depend only on
        what the seat sees, so any sampled world gives the same list."""
        if self.to_move != self.seat:
            return []
        # Any deal will do, so skip the shuffle; the generator is never used.
        return self.world(self.unseen(), _UNUSED_RNG).legal_actions()


#: Given to throwaway worlds that only list actions: seeding a generator costs more
#: than listing them.
_UNUSED_RNG = random.Random(0)

#: How a public value goes into an Observation (as tuples) and back into a State.
_FROZEN = {Shape.VALUE: lambda v: v, Shape.LIST: tuple,
           Shape.ROWS: lambda v: (tuple(v[0]), tuple(v[1]))}
_THAWED = {Shape.VALUE: lambda v: v, Shape.LIST: list,
           Shape.ROWS: lambda v: [list(v[0]), list(v[1])]}
_SEES = {Seen.SIZE: lambda v, seat: len(v), Seen.OWN: lambda v, seat: tuple(v[seat]),
         Seen.CARDS: lambda v, seat: tuple(sorted(v))}


def _sight(f: Field) -> tuple[str, str, Callable[[Any, int], Any], Callable[[Any], Any] | None]:
    """(name in the State, name in the Observation, what the seat sees, and how a sampled
    world takes the seen value back, None for what a world deals: hands and piles)."""
    if f.seen is Seen.PUBLIC:
        freeze = _FROZEN[f.shape]
        return f.name, f.observed, lambda v, seat: freeze(v), _THAWED[f.shape]
    back = _THAWED[f.shape] if f.seen is Seen.CARDS else None
    return f.name, f.observed, _SEES[f.seen], back


_SEEN = tuple(_sight(f) for f in FIELDS if f.observed)

Observation = make_dataclass(
    "Observation",
    [("seat", int), *((f.observed, _seen_type(f)) for f in FIELDS if f.observed),
     ("history", tuple)],  # public actions, the seat's secrets only its own
    bases=(_Observed,), frozen=True, slots=True)
Observation.__module__ = __name__
Observation.__doc__ = """A position as ``seat`` sees it (R24): a field for each field of the
State that a seat sees (``kahuna.rules.fields``), under the same name but for ``hand``
(its own cards per island), ``hand_sizes``, ``pile_size``, and ``discard_down`` (how many).
Per-player tuples are indexed (Black, White); lists are tuples."""


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` sees of ``state`` (R24)."""
    seen = {as_name: see(getattr(state, name), seat) for name, as_name, see, _ in _SEEN}
    history = tuple((p, public_text(a, p == seat)) for p, a in state.history)
    return Observation(seat=seat, history=history, **seen)


def public_text(action: Action, own: bool) -> str:
    """The action's notation as a seat sees it: an opponent's face-down discard shows
    only how many cards went (``d:?+?``)."""
    if action.kind is Kind.DISCARD and not own:
        return "d:" + "+".join("?" * len(action.cards))
    return str(action)

