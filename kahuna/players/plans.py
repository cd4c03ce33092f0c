"""Whole turns as sequences of actions (phase A, then the draw: R8-R15).

``plans`` lists promising turns for the player to move by a beam search over the
actions of phase A, each finished by every legal way to end the turn. ``greedy_turn``
plays one turn of a simple model player inside a search (the opponent's reply).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

from ..rules.actions import TURN_ENDING, Action, Kind
from ..rules.state import State
from .evaluate import DEFAULT, Weights, ending_judge, evaluate

_T = TypeVar("_T")
#: Module constants: looking up an enum member (``Kind.REMOVE``) costs several times more,
#: and searches test every action they meet.
_DISCARD, _REMOVE, _PILE = Kind.DISCARD, Kind.REMOVE, Kind.PILE

#: A whole turn: its actions in order, the last one ending the turn (or the game).
Plan = tuple[Action, ...]


def best_action(state: State, actions: list[Action], weights: Weights = DEFAULT) -> Action:
    """The action whose result ``evaluate`` likes best for the player to move (the
    first such in ``actions``' order on a tie)."""
    p = state.to_move
    judge: Callable[[Action, int], float] | None = None  # made at the first ending
    best, best_value = actions[0], -1e9
    for action in actions:
        if action.kind in TURN_ENDING:
            judge = judge or ending_judge(state, weights)
            value = judge(action, 1)
        else:
            after = state.fork()
            after.do(action)
            value = evaluate(after, p, weights)
        if value > best_value:
            best, best_value = action, value
    return best


def greedy_turn(state: State, weights: Weights = DEFAULT, limit: int = 8) -> None:
    """Play the mover's turn in place, one best single action at a time (a discard of
    one card at most), until the turn or the game ends."""
    p = state.to_move
    for _ in range(limit):
        actions = [a for a in state.legal_actions()
                   if a.kind is not _DISCARD or len(a.cards) == 1]
        if not actions:
            return
        action = best_action(state, actions, weights)
        state.do(action)
        if action.kind in TURN_ENDING or state.is_over or state.to_move != p:
            return


def planned_turn(state: State, width: int, depth: int, weights: Weights = DEFAULT,
                 decoys: int = 0) -> Generator[None, object, None]:
    """Play the mover's best turn by ``plans`` in place: a stronger model of a reply
    than ``greedy_turn``, at the cost of a beam search. Yields after each unit of that
    search, which is never hurried: a turn in a trial is planned whole or not at all."""
    ranked = yield from unhurried(plans(state, width, depth, weights, decoys=decoys))
    for action in ranked[0][1]:
        state.do(action)


def unhurried(search: Generator[None, bool, _T]) -> Generator[None, object, _T]:
    """Run ``search`` to its end, yielding after each of its units, and never tell it to
    hurry (what the caller is sent stays with the caller); return what it returns."""
    try:
        while True:
            next(search)
            yield
    except StopIteration as done:
        return done.value


def plans(world: State, width: int, depth: int, weights: Weights = DEFAULT,
          removals: bool = True, decoys: int = 0
          ) -> Generator[None, bool, list[tuple[float, Plan]]]:
    """Beam search over the mover's phase-A actions in ``world`` (keeping the ``width``
    best positions after each of up to ``depth`` actions, transpositions merged), each
    position finished by every legal turn ending. Yields after each position expanded
    and each finished; returns (value, plan) pairs, best first; stops expanding (and
    finishes what it has) when told to hurry. ``removals=False`` overlooks removals
    (R9), as a beginner does. With ``decoys``, a draw from the pile is valued by the
    cards under its top (``unseen_draw``), not by the top card itself."""
    p = world.to_move
    stops: list[tuple[State, Plan]] = [(world, ())]
    frontier = stops[:]
    seen = {_key(world, p)}
    hurry = False
    for _ in range(depth):
        children: list[tuple[float, int, State, Plan]] = []
        for state, plan in frontier:
            for action in state.legal_actions():
                kind = action.kind
                if kind in TURN_ENDING or (kind is _REMOVE and not removals):
                    continue
                after = state.fork()
                after.do(action)
                key = _key(after, p)
                if key in seen:
                    continue
                seen.add(key)
                children.append((evaluate(after, p, weights), len(children), after,
                                 plan + (action,)))
            hurry = yield
            if hurry:
                break
        children.sort(key=lambda c: (-c[0], c[1]))
        frontier = [(state, plan) for _, _, state, plan in children[:width]]
        stops.extend(frontier)
        if hurry or not frontier:
            break
    scored: list[tuple[float, int, Plan]] = []
    for state, plan in stops:
        if state.is_over or state.to_move != p:  # R23 ended the game mid-turn
            scored.append((evaluate(state, p, weights), len(scored), plan))
            continue
        judge = ending_judge(state, weights)
        for action in state.legal_actions():
            kind = action.kind
            if kind is _PILE and decoys and len(state.pile) > 1:
                value = unseen_draw(state, action, weights, decoys, judge)
            elif kind in TURN_ENDING:
                value = judge(action, 1)
            else:
                continue
            scored.append((value, len(scored), plan + (action,)))
        yield  # finishing every stop is a unit too; a hurried search still finishes them
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [(value, plan) for value, _, plan in scored]


def unseen_draw(state: State, action: Action, weights: Weights, decoys: int,
                judge: Callable[[Action, int], float] | None = None) -> float:
    """The mover's mean value of drawing ``action`` from the pile when the card drawn is
    one of the ``decoys`` cards under the top instead. A world sampled for a search
    knows the pile's order, the mover does not (R12, R24): valued by the card on top, a
    turn would draw just when that card is good, and every drawing turn in a trial
    would look better than it can be. The top card is left out, so the choice to draw
    never depends on the card that is then drawn. ``judge``: ``ending_judge`` of
    ``state``, if the caller has it."""
    judge = judge or ending_judge(state, weights)
    n = min(decoys, len(state.pile) - 1)
    total = 0.0
    for j in range(2, n + 2):
        total += judge(action, j)
    return total / n


def _key(state: State, p: int) -> tuple:
    """What makes two phase-A positions the same for the rest of the turn."""
    return (tuple(state.owner), tuple(state.hands[p]), state.free_line, state.to_move,
            state.is_over)
