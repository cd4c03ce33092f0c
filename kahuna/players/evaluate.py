"""How good a position looks to one player: the static evaluation the bots use.

The value is in points (the unit of R17 and R21), positive when the position favours
``player``. It reads only what ``player`` may know of the position: the board, the
scores, the round's progress, its own hand and the opponent's hand *size* — never the
opponent's cards, so it is the same in every world sampled from one observation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.board import DEGREE, MAJORITY, N_ISLANDS
from ..rules.state import INTERIM_POINTS, Phase, State
from .model import Logistic, can_complete

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
                if need == 1 and (hand[i] or can_complete(i, hand, owner)):
                    value += weights.reach
                potential += value
            need = MAJORITY[i] - theirs[i]
            if need <= free:
                potential -= near[need] * (1.0 + cascade * mine[i])
    expected = lead + potential
    value = float(margin)
    rnd = state.round
    if rnd == 3 or phase is _FINAL:
        # R21: the final lead is the margin itself; the sign decides the game (R22).
        value += weights.final[2] * expected + 1.5 * math.tanh(margin + expected)
    else:
        # R17: the interim points at stake weigh more as the round's last card nears.
        left = len(state.pile) + 3 - state.display.count(-1)
        urgency = 1.0 / (1.0 + left / 6.0)
        value += INTERIM_POINTS[rnd - 1] * math.tanh(expected) * (0.35 + 0.65 * urgency)
        value += weights.final[rnd - 1] * expected
    sizes = state.hand_size
    value += weights.hand[sizes[player]] - weights.hand[sizes[opp]]
    supply = state.supply
    value += weights.bridge * (supply[opp] - supply[player])
    return value


def win_chance(value: float) -> float:
    """The chance to win that a value stands for (a won game, ``WIN`` and more, is 1)."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, value / CHANCE_SCALE))))


_OVER, _FINAL = Phase.OVER, Phase.FINAL
_ISLANDS = range(N_ISLANDS)
