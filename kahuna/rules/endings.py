"""A position's value after one way to end the turn (R12-R14), without copying it.

A search finishes every turn it plans with every way to end it (each card of the
display, the pile, passing), and values a draw from the pile by several cards: most of
the positions it judges are such endings. ``judged_after`` changes the few fields an
ending changes in place, judges, and puts them back, where ``fork`` then ``do`` would
copy the whole position first; the judge sees what ``do`` would leave, but for the
history.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, Kind
from .fields import BRIDGES, Phase
from .state import State

_PASS, _TAKE, _PLAY = Kind.PASS, Kind.TAKE, Phase.PLAY


def judged_after(state: State, action: Action, judge: Callable[[State], float],
                 under: int = 1) -> float:
    """``judge(after)`` where ``after`` is ``state`` once the turn-ending ``action`` (a
    take, a draw from the pile or a pass) is done; ``state`` is left as it was. A draw
    from the pile takes the card ``under`` from the top instead of the top one (1: the
    top; the two change places), as ``plans.unseen_draw`` asks. Where the ending could
    end the round or the game (R16, R20, R23) it is done on a copy after all."""
    if not quiet(state):
        after = state.fork()
        if under > 1:
            pile = after.pile
            pile[-1], pile[-under] = pile[-under], pile[-1]
        after.do(action)
        return judge(after)
    p = state.to_move
    kept = state.free_line, state.opponent_abstained
    state.free_line = -1
    state.to_move = 1 - p
    kind = action.kind
    try:
        if kind is _PASS:
            state.opponent_abstained = True
            return judge(state)
        state.opponent_abstained = False
        if kind is _TAKE:
            return _judged_take(state, p, action.cards[0], judge)
        return _judged_draw(state, p, under, judge)
    finally:
        state.to_move = p
        state.free_line, state.opponent_abstained = kept


def quiet(state: State) -> bool:
    """No way to end the turn can end the round or the game here (R16, R20, R23): what
    an ending changes is then the hand, its size, the pile and the display."""
    return state.phase is _PLAY and len(state.pile) >= 2 and not (
        state.scorings and (state.supply[0] == BRIDGES) is not (state.supply[1] == BRIDGES))


def _judged_take(state: State, p: int, card: int, judge: Callable[[State], float]) -> float:
    """R12: ``card`` from the display into ``p``'s hand, known to both (R24), its place
    filled from the pile; judged, then put back."""
    display, pile, known = state.display, state.pile, state.known[p]
    slot = display.index(card)
    display[slot] = pile.pop()
    known[card] += 1
    try:
        return _judged_holding(state, p, card, judge)
    finally:
        known[card] -= 1
        pile.append(display[slot])
        display[slot] = card


def _judged_draw(state: State, p: int, under: int, judge: Callable[[State], float]) -> float:
    """R12: the card ``under`` from the pile's top into ``p``'s hand; judged, then put
    back."""
    pile = state.pile
    if under > 1:
        pile[-1], pile[-under] = pile[-under], pile[-1]
    card = pile.pop()
    try:
        return _judged_holding(state, p, card, judge)
    finally:
        pile.append(card)
        if under > 1:
            pile[-1], pile[-under] = pile[-under], pile[-1]


def _judged_holding(state: State, p: int, card: int, judge: Callable[[State], float]) -> float:
    """``judge`` of ``state`` with ``card`` in ``p``'s hand as well; then taken out."""
    state.hands[p][card] += 1
    state.hand_size[p] += 1
    try:
        return judge(state)
    finally:
        state.hands[p][card] -= 1
        state.hand_size[p] -= 1
