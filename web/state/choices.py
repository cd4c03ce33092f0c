"""What the player may click now, derived only from the engine's legal actions.

The page never builds an action itself: a selection of hand cards picks, among
``legal_actions()``, the placements (one card, R8), removals (two cards, R9) or the
discard (R9a) that use exactly those cards. So nothing illegal can ever be offered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kahuna import HAND_LIMIT, TURN_ENDING, Action, Kind, Observation, cards_of


def own_hand(obs: Observation) -> list[int]:
    """The seat's cards as a sorted list of islands (positions index this list)."""
    return cards_of(obs.hand)


@dataclass(frozen=True)
class Offers:
    """The acts open to the player for one selection of hand cards."""

    lines: dict[int, Action] = field(default_factory=dict)  # a click on the line does it
    discard: Action | None = None  # discard exactly the selected cards (R9a)
    ends: tuple[Action, ...] = ()  # take a display card, the pile, or pass (R12, R13)
    most: int = 2  # how many cards may be selected at once

    def acts(self) -> dict[int, str]:
        """Line -> the ``do:`` act a click on it sends to the controller."""
        return {line: f"do:{action}" for line, action in self.lines.items()}

    def can_draw(self) -> bool:
        """The turn may end with a card (from the display or the pile), not only a pass."""
        return any(a.kind is not Kind.PASS for a in self.ends)


def selected_cards(hand: list[int], selected: tuple[int, ...]) -> tuple[int, ...]:
    """The islands of the selected hand positions, sorted like action cards."""
    return tuple(sorted(hand[i] for i in selected if 0 <= i < len(hand)))


def offers(legal: list[Action], hand: list[int], selected: tuple[int, ...]) -> Offers:
    """What ``selected`` (positions in ``hand``, a sorted list of islands) makes clickable."""
    cards = selected_cards(hand, selected)
    lines: dict[int, Action] = {}
    discard = None
    ends = []
    most = 2
    for action in legal:
        kind = action.kind
        if kind in TURN_ENDING:
            ends.append(action)
        elif kind is Kind.DISCARD:
            most = HAND_LIMIT  # R9a: a discard may take any of a full hand's cards
            if action.cards == cards:
                discard = action
        elif kind in (Kind.FREE, Kind.HANDICAP):
            if not cards:  # no card needed: V1's free bridge, R7's handicap bridges
                lines[action.line] = action
        elif action.cards == cards:  # PLACE with one card, REMOVE with two
            lines[action.line] = action
    return Offers(lines, discard, tuple(ends), most)


def toggle(selected: tuple[int, ...], position: int, most: int) -> tuple[int, ...]:
    """Select or unselect one hand position; at the limit the oldest choice drops out."""
    if position in selected:
        return tuple(i for i in selected if i != position)
    chosen = selected + (position,)
    return chosen[-most:]


def hint_selection(hand: list[int], action: Action) -> tuple[int, ...]:
    """Hand positions holding the cards ``action`` plays (to show a hint)."""
    chosen: list[int] = []
    for card in action.cards if action.kind in (Kind.PLACE, Kind.REMOVE, Kind.DISCARD) else ():
        for i, island in enumerate(hand):
            if island == card and i not in chosen:
                chosen.append(i)
                break
    return tuple(chosen)
