"""What the opponent's last turn says about its hidden cards (issue 14).

A player who could have taken an island and did not probably lacked the cards for it.
``LastTurn`` holds the opponent's last turn as the seat saw it (R24: the position before
it, its public actions, how it drew). ``LastTurn.weight`` is how well a sampled world's
hidden hand explains that turn: 1 when no phase A that needs one of those hidden cards
was better, by the evaluation, than the one played; less the more it would have gained.
``sampler`` deals worlds in proportion to it, by rejection.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field

from ..rules.actions import TURN_ENDING, Action, Kind
from ..rules.board import N_ISLANDS
from ..rules.errors import NotationError
from ..rules.observation import Observation
from ..rules.state import Phase, State
from .evaluate import Weights, evaluate
from .plans import plans, unhurried

#: Worlds dealt for one sample before settling for the likeliest of them.
TRIES = 8
#: The beam that finds the opponent's best phase A for a hand: a casual player's turn.
WIDTH, DEPTH = 4, 4

#: Deals one world, yielding after each unit of work (a step of a beam search).
Sample = Callable[[random.Random], Generator[None, object, State]]


@dataclass(slots=True)
class LastTurn:
    """The opponent's last turn: ``start`` is a world of the position it began from
    (only its public part is read), ``phase_a`` and ``ending`` the actions it played."""

    start: State
    seat: int
    phase_a: tuple[Action, ...]
    ending: Action
    weights: Weights
    _missed: dict[tuple[int, ...], float] = field(default_factory=dict)

    def weight(self, world: State, known: Sequence[int],
               temperature: float) -> Generator[None, object, float]:
        """exp(-missed / ``temperature``) if ``world``'s hidden cards are the opponent's
        (``missed``); after a draw from the pile, the mean over which of its hidden
        cards it drew (R24: the seat does not see that card)."""
        opp = 1 - self.seat
        now = world.hands[opp]
        hand = list(now)
        certain = list(known)  # held in every world: known, or played this turn
        for action in self.phase_a:
            for card in action.cards:
                hand[card] += 1
                certain[card] += 1
        if self.ending.kind is Kind.TAKE:
            hand[self.ending.cards[0]] -= 1
            certain[self.ending.cards[0]] -= 1
        if self.ending.kind is not Kind.PILE:
            return math.exp(-(yield from self.missed(hand, certain)) / temperature)
        total = 0.0
        hidden = 0
        for island in range(N_ISLANDS):
            n = now[island] - known[island]
            if n:
                hand[island] -= 1
                total += n * math.exp(-(yield from self.missed(hand, certain)) / temperature)
                hand[island] += 1
                hidden += n
        return total / hidden if hidden else 1.0

    def missed(self, hand: list[int],
               certain: Sequence[int]) -> Generator[None, object, float]:
        """How much better, by the evaluation, the best phase A the opponent could have
        played with ``hand`` that needs a card beyond ``certain`` was than the one it
        played (0 if none was better)."""
        key = tuple(hand)
        if key not in self._missed:
            self._missed[key] = yield from self._best_missed(hand, certain)
        return self._missed[key]

    def _best_missed(self, hand: list[int],
                     certain: Sequence[int]) -> Generator[None, object, float]:
        opp = 1 - self.seat
        start = self.start.fork()
        start.hands[opp] = list(hand)  # its size stays the public one, for the evaluation
        played = start.fork()
        for action in self.phase_a:
            played.do(action)
        floor = evaluate(played, opp, self.weights)
        best = -math.inf
        ranked = yield from unhurried(plans(start, WIDTH, DEPTH, self.weights))
        for _, plan in ranked:
            if plan[-1].kind not in TURN_ENDING:
                continue  # the game ended in phase A
            after = start.fork()
            for action in plan[:-1]:
                after.do(action)
            value = evaluate(after, opp, self.weights)
            if _needs_hidden(plan[:-1], certain):
                best = max(best, value)
            else:
                floor = max(floor, value)
        return max(0.0, best - floor)


def _needs_hidden(actions: Sequence[Action], certain: Sequence[int]) -> bool:
    cards = [card for action in actions for card in action.cards]
    return any(cards.count(card) > certain[card] for card in cards)


def last_turn(before: State, obs: Observation, since: int, weights: Weights) -> LastTurn | None:
    """The opponent's turn in ``obs.history[since:]``, played from ``before`` (a world
    of the position after the seat's own last turn); None when it cannot be read: the
    history does not hold exactly one whole turn of the opponent, it discarded face down
    (R9a: its cards are hidden), a round ended, or its actions do not lead from
    ``before`` to the board the seat sees."""
    seat, opp = obs.seat, 1 - obs.seat
    turn = obs.history[since:]
    if (not turn or obs.to_move != seat or before.to_move != opp or before.phase is not Phase.PLAY
            or obs.phase is not Phase.PLAY or obs.round != before.round
            or any(player != opp for player, _ in turn)):
        return None
    try:
        actions = [Action.parse(text) for _, text in turn]
    except NotationError:  # "d:?+?": a face-down discard
        return None
    *phase_a, ending = actions
    if ending.kind not in TURN_ENDING or any(a.kind in TURN_ENDING for a in phase_a):
        return None
    probe = before.fork()
    probe.hands[opp] = [2] * N_ISLANDS  # the board's changes do not depend on the hand
    for action in phase_a:
        probe.do(action)
    if tuple(probe.owner) != obs.owner:
        return None
    return LastTurn(before, seat, tuple(phase_a), ending, weights)


def sampler(obs: Observation, turn: LastTurn | None, temperature: float) -> Sample:
    """Worlds of ``obs`` dealt with probability in proportion to exp(-missed /
    ``temperature``) (``LastTurn.weight``), by rejection over at most ``TRIES`` deals;
    as ``obs.sample_state`` deals them when there is no turn to read or the temperature
    is 0."""
    opp = 1 - obs.seat
    known = obs.known[opp]

    def sample(rng: random.Random) -> Generator[None, object, State]:
        if turn is None or temperature <= 0:
            return obs.sample_state(rng)
        likeliest, most = None, -1.0
        for _ in range(TRIES):
            world = obs.sample_state(rng)
            weight = yield from turn.weight(world, known, temperature)
            if rng.random() < weight:
                return world
            if weight > most:
                likeliest, most = world, weight
        return likeliest

    return sample
