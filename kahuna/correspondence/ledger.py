"""Where each slot is (kahuna.correspondence.deck): the public side of the sealed deck.

Both devices move slots as the engine moves cards (``kahuna.rules.state``), so they
agree on which slot each draw, play and discard concerns without knowing its card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.actions import Action, Kind
from ..rules.state import Effects
from .deck import SLOTS_PER_GEN


@dataclass
class Ledger:
    """The places of the slots, as the State's places of the cards."""

    hands: list[list[int]] = field(default_factory=lambda: [[0, 1, 2], [3, 4, 5]])
    display: list[int] = field(default_factory=lambda: [6, 7, 8])
    pile: list[int] = field(default_factory=lambda: list(range(23, 8, -1)))  # top last
    discard_up: list[int] = field(default_factory=list)
    discard_down: list[int] = field(default_factory=list)
    gen: int = 0
    #: Each later generation's items: the discard pile's slots when the round ended.
    items: dict[int, list[int]] = field(default_factory=dict)
    drawer: int = -1  # who drew the last card of the round that ended last

    def move(self, player: int, action: Action, slots: list[int], taken: int,
             fx: Effects) -> None:
        """Move the slots as ``action`` moved the cards: ``slots`` are the played or
        discarded ones, ``taken`` the display's place a TAKE drew from."""
        kind = action.kind
        if kind is Kind.TAKE:
            self.hands[player].append(self.display[taken])
            self.display[taken] = self.pile.pop() if self.pile else -1
        elif kind is Kind.PILE:
            self.hands[player].append(self.pile.pop())
        elif kind in (Kind.PLACE, Kind.REMOVE, Kind.DISCARD):
            for slot in slots:
                self.hands[player].remove(slot)
            (self.discard_down if kind is Kind.DISCARD else self.discard_up).extend(slots)
        if fx.round_ended in (1, 2) and fx.outcome is None:  # R18 (R20: none after the third)
            self._reshuffle(player)

    def _reshuffle(self, drawer: int) -> None:
        """R18: the discard pile becomes a new generation of slots, three of them shown."""
        self.gen += 1
        self.items[self.gen] = self.discard_up + self.discard_down
        self.discard_up, self.discard_down = [], []
        base = self.gen * SLOTS_PER_GEN
        n = len(self.items[self.gen])
        self.display = [base, base + 1, base + 2]
        self.pile = list(range(base + n - 1, base + 2, -1))
        self.drawer = drawer

    def public(self) -> set[int]:
        """Slots whose card both sides may see: the display and the played cards."""
        return {s for s in self.display if s >= 0} | set(self.discard_up)
