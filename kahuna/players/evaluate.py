"""How good a position looks to one player: the static evaluation the bots use.

The value is in points (the unit of R17 and R21), positive when the position favours
``player``. It reads only what ``player`` may know of the position: the board, the
scores, the round's progress, its own hand and the opponent's hand *size* — never the
opponent's cards, so it is the same in every world sampled from one observation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..rules.actions import Action, Kind
from ..rules.board import DEGREE, MAJORITY, N_ISLANDS
from ..rules.endings import judged_after, quiet
from ..rules.state import INTERIM_POINTS, Phase, State
from .model import Logistic, can_complete, completing

#: The value of a won game, far above any margin of points.
WIN = 100.0
#: Points per unit of log-odds: sigmoid(value / CHANCE_SCALE) predicts a win (the fit of
#: ``FITTED``, docs/players.md; the fitted model's logits are scaled by it too).
CHANCE_SCALE = 2.15


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's knobs; a level may blunt some of them on purpose."""

    #: Potential of an open island by the number of bridges a player still needs (0-4).
    near: tuple[float, ...] = (0.0, 0.5, 0.25, 0.12, 0.05)
    #: Extra for an island one bridge from control that a card in hand can complete.
    reach: float = 0.25
    #: Each opponent bridge that taking an island would sweep away (R11 cascades).
    cascade: float = 0.12
    #: A held island with no spare bridge: one removal (R9) loses it.
    exposed: float = 0.2
    #: A hand's worth by its size: cards are the only way to act, but a full hand may
    #: not draw (R14), so each further card adds less.
    hand: tuple[float, ...] = (0.0, 0.2, 0.37, 0.5, 0.6, 0.65)
    #: Per bridge on the board (the last tie-break of R22, and presence for R23).
    bridge: float = 0.05
    #: Weight of the island lead toward the final scoring (R21), rounds 1-3.
    final: tuple[float, float, float] = (0.5, 0.7, 1.0)


DEFAULT = Weights()

#: The master's weights: fitted to who won 400 of the expert's self-play games (the
#: positions at each turn's start, both seats' views), so that sigmoid(value / 2.15)
#: predicts a win best (``python bench/fit_weights.py --level expert --games 400 --seed
#: 5``; docs/players.md). Bridges on the board and cards in hand count for more than by
#: hand, a cascade (R11) or a hanging island for almost nothing: the master's trials
#: play the replies that would sweep or take them.
FITTED = Weights(near=(0.0, 0.9132, 0.3712, 0.003, 0.1372), reach=0.35, cascade=0.0029,
                 exposed=0.0025, hand=(0.0, 0.1021, 0.37, 1.078, 0.77, 1.274), bridge=0.3765,
                 final=(0.2806, 1.1319, 1.4))


def evaluate(state: State, player: int, weights: Weights | Logistic = DEFAULT) -> float:
    """``state``'s worth to ``player`` in points (a won game is worth ``WIN`` + margin):
    by hand-set terms with ``Weights``, by the fitted chance to win with a ``Logistic``
    model (its log-odds times its scale)."""
    opp = 1 - player
    margin = 0
    for scoring in state.scorings:
        margin += scoring[player] - scoring[opp]
    phase = state.phase
    if phase is _OVER:
        winner = state.outcome.winner
        return margin + (0.0 if winner is None else WIN if winner == player else -WIN)
    if weights.__class__ is Logistic:
        return weights.scale * weights.logit(state, player)
    lead, potential = _board(state, player, weights)
    sizes, supply = state.hand_size, state.supply
    return _value(weights, margin, lead + potential, state.round, phase is _FINAL,
                  len(state.pile) + 3 - state.display.count(-1), sizes[player], sizes[opp],
                  supply[opp] - supply[player])


def _board(state: State, player: int, weights: Weights, reaching: set[int] | None = None
           ) -> tuple[int, float]:
    """``player``'s island lead and the potential of the islands. With a set
    ``reaching``, the cards that would bring some open island within ``reach`` go into
    it (a card drawn changes the potential only if it is one of them)."""
    opp = 1 - player
    mine, theirs = state.counts[player], state.counts[opp]
    control = state.control
    hand = state.hands[player]
    owner = state.owner
    near, cascade, exposed = weights.near, weights.cascade, weights.exposed
    lead = 0
    potential = 0.0
    for i in _ISLANDS:
        c = control[i]
        if c == player:
            lead += 1
            if mine[i] == MAJORITY[i]:
                potential -= exposed
        elif c == opp:
            lead -= 1
            if theirs[i] == MAJORITY[i]:
                potential += exposed
        else:
            free = DEGREE[i] - mine[i] - theirs[i]
            need = MAJORITY[i] - mine[i]
            if need <= free:
                value = near[need] * (1.0 + cascade * theirs[i])
                if need == 1:
                    if hand[i] or can_complete(i, hand, owner):
                        value += weights.reach
                    elif reaching is not None:
                        reaching.update(completing(i, owner))
                potential += value
            need = MAJORITY[i] - theirs[i]
            if need <= free:
                potential -= near[need] * (1.0 + cascade * mine[i])
    return lead, potential


def _value(weights: Weights, margin: int, expected: float, rnd: int, final: bool, left: int,
           mine: int, theirs: int, bridges: int) -> float:
    """The value from the margin of points, the islands' ``expected`` lead, the round (or
    the final turns), the cards ``left`` to draw, the hands' sizes and the bridges on the
    board more than the opponent's."""
    value = float(margin)
    if rnd == 3 or final:
        # R21: the final lead is the margin itself; the sign decides the game (R22).
        value += weights.final[2] * expected + 1.5 * math.tanh(margin + expected)
    else:
        # R17: the interim points at stake weigh more as the round's last card nears.
        urgency = 1.0 / (1.0 + left / 6.0)
        value += INTERIM_POINTS[rnd - 1] * math.tanh(expected) * (0.35 + 0.65 * urgency)
        value += weights.final[rnd - 1] * expected
    value += weights.hand[mine] - weights.hand[theirs]
    value += weights.bridge * bridges
    return value


def ending_judge(state: State, weights: Weights | Logistic = DEFAULT
                 ) -> Callable[[Action, int], float]:
    """``judge(action, under)``: ``evaluate`` for the player to move of ``state`` after
    the turn-ending ``action`` (``rules.endings.judged_after``; ``under``: a draw from
    the pile takes that card from the top). A search values every way to end every turn
    it plans: here the board is reckoned once for all of them (again only for a card
    that brings an island within reach), since an ending changes only the hand, its
    size and the cards left to draw."""
    p = state.to_move
    if weights.__class__ is Logistic or not quiet(state):
        def judge_on_copy(action: Action, under: int = 1) -> float:
            return judged_after(state, action, lambda after: evaluate(after, p, weights), under)
        return judge_on_copy
    opp = 1 - p
    margin = 0
    for scoring in state.scorings:
        margin += scoring[p] - scoring[opp]
    reaching: set[int] = set()
    lead, potential = _board(state, p, weights, reaching)
    rnd, final = state.round, state.phase is _FINAL
    left = len(state.pile) + 3 - state.display.count(-1)
    size, theirs = state.hand_size[p], state.hand_size[opp]
    bridges = state.supply[opp] - state.supply[p]
    pile = state.pile
    potentials: dict[int, float] = {}  # by the card drawn

    def judge(action: Action, under: int = 1) -> float:
        kind = action.kind
        if kind is _PASS:  # R13: nothing drawn
            return _value(weights, margin, lead + potential, rnd, final, left, size, theirs,
                          bridges)
        card = action.cards[0] if kind is _TAKE else pile[-under]
        drawn = potentials.get(card)
        if drawn is None:
            drawn = potential
            if card in reaching:  # reckoned again with the card in hand, as evaluate would
                hand = state.hands[p]
                hand[card] += 1
                try:
                    drawn = _board(state, p, weights)[1]
                finally:
                    hand[card] -= 1
            potentials[card] = drawn
        # R12: one card more in hand, one fewer to draw (a card taken from the display
        # is replaced from the pile).
        return _value(weights, margin, lead + drawn, rnd, final, left - 1, size + 1, theirs,
                      bridges)
    return judge


def win_chance(value: float) -> float:
    """The chance to win that a value stands for (a won game, ``WIN`` and more, is 1)."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, value / CHANCE_SCALE))))


_OVER, _FINAL = Phase.OVER, Phase.FINAL
_PASS, _TAKE = Kind.PASS, Kind.TAKE
_ISLANDS = range(N_ISLANDS)
