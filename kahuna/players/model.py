"""A logistic model of the chance to win (issue 34): one weight vector per round over
features of a position, fitted to self-play games (``bench/fit_model.py``).

``features(state, seat)`` reads only what ``seat`` sees (docs/rules.md R24): the board,
the scores, the round's progress, the seat's own hand and the opponent's hand *size*,
so it is the same in every world sampled from the seat's ``Observation``
(``tests/test_players_model.py`` holds it so). Many features are split by who moves
next and scaled by how near the round's scoring is: an island one bridge from changing
hands is worth most to the side about to move, and most when the scoring is close.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.board import DEGREE, ENDS_OF, MAJORITY, N_ISLANDS
from ..rules.state import HAND_LIMIT, State

#: The features' names, in the order of ``features``' list (``bench/fit_model.py``
#: prints the weights by these names).
NAMES: tuple[str, ...] = (
    "mover", "margin", "lead", "lead*soon", "ahead", "ahead*soon", "swing", "swing*soon",
    "final", "final_swing",
    "near1_mine*me", "near1_mine*them", "near1_theirs*me", "near1_theirs*them",
    "near1_mine*me*soon", "near1_mine*them*soon", "near1_theirs*me*soon",
    "near1_theirs*them*soon",
    "near2", "near3", "reach", "reach*me",
    "exposed_mine*me", "exposed_mine*them", "exposed_theirs*me", "exposed_theirs*them",
    "hand_mine", "hand_theirs", "full_mine", "full_theirs", "empty_mine", "empty_theirs",
    "bridges",
)


def features(state: State, seat: int) -> list[float]:
    """The position seen by ``seat`` as the model's numbers (``NAMES``); the game must
    not be over. "soon" is near 1 when the round's last card is near (R16, R17)."""
    opp = 1 - seat
    me = 1.0 if state.to_move == seat else 0.0
    them = 1.0 - me
    margin = 0
    for scoring in state.scorings:
        margin += scoring[seat] - scoring[opp]
    mine, theirs = state.counts[seat], state.counts[opp]
    control = state.control
    hand = state.hands[seat]
    owner = state.owner
    lead = near1_mine = near1_theirs = near2 = near3 = reach = 0
    exposed_mine = exposed_theirs = 0
    for i in _ISLANDS:
        c = control[i]
        if c == seat:
            lead += 1
            exposed_mine += mine[i] == MAJORITY[i]
        elif c == opp:
            lead -= 1
            exposed_theirs += theirs[i] == MAJORITY[i]
        else:
            free = DEGREE[i] - mine[i] - theirs[i]
            need = MAJORITY[i] - mine[i]
            if need <= free:
                if need == 1:
                    near1_mine += 1
                    reach += hand[i] > 0 or can_complete(i, hand, owner)
                elif need == 2:
                    near2 += 1
                else:
                    near3 += 1
            need = MAJORITY[i] - theirs[i]
            if need <= free:
                if need == 1:
                    near1_theirs += 1
                elif need == 2:
                    near2 -= 1
                else:
                    near3 -= 1
    if state.round == 3:
        soon = 1.0  # the final scoring (R21) is the game's end
    else:
        left = len(state.pile) + 3 - state.display.count(-1)
        soon = 1.0 / (1.0 + left / 6.0)
    sizes = state.hand_size
    supply = state.supply
    ahead = (lead > 0) - (lead < 0)  # who would win the scoring now (R17, R21)
    swing = math.tanh(lead + near1_mine - near1_theirs)  # ... if each took its near islands
    return [
        me - them, float(margin), float(lead), lead * soon, float(ahead), ahead * soon,
        swing, swing * soon, math.tanh(margin + lead),
        math.tanh(margin + lead + near1_mine - near1_theirs),
        near1_mine * me, near1_mine * them, near1_theirs * me, near1_theirs * them,
        near1_mine * me * soon, near1_mine * them * soon, near1_theirs * me * soon,
        near1_theirs * them * soon,
        float(near2), float(near3), float(reach), reach * me,
        exposed_mine * me, exposed_mine * them, exposed_theirs * me, exposed_theirs * them,
        float(sizes[seat]), float(sizes[opp]), float(sizes[seat] == HAND_LIMIT),
        float(sizes[opp] == HAND_LIMIT), float(sizes[seat] == 0), float(sizes[opp] == 0),
        float(supply[opp] - supply[seat]),
    ]


@dataclass(frozen=True, slots=True)
class Logistic:
    """The model's weights: ``rounds[r - 1]`` for round ``r``, one per feature of
    ``NAMES``. A position's logit is their dot product with its features; ``scale``
    turns it into points, so a won game (``evaluate.WIN``) stays far above any logit."""

    rounds: tuple[tuple[float, ...], ...]
    scale: float = 2.0

    def logit(self, state: State, seat: int) -> float:
        """The log-odds that ``seat`` wins, by the model."""
        total = 0.0
        for w, f in zip(self.rounds[state.round - 1], features(state, seat)):
            total += w * f
        return total


def completing(island: int, owner: list[int]) -> tuple[int, ...]:
    """The cards that would let a hand without ``island``'s card put a bridge on one of its
    free lines (R8): its own card and each far end's."""
    return (island, *(far for line, far in ENDS_OF[island] if owner[line] < 0))


def can_complete(island: int, hand: list[int], owner: list[int]) -> bool:
    """A card of a far end in ``hand`` can put a bridge on a free line of ``island`` (R8)."""
    for line, far in ENDS_OF[island]:
        if owner[line] < 0 and hand[far]:
            return True
    return False


_ISLANDS = range(N_ISLANDS)
