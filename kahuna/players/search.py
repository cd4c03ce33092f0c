"""The levels' player: plans a whole turn, tests the best plans in worlds sampled from
its own observation, and plays the winner's actions one by one (docs/rules.md R24: it never
sees the real hidden cards or the pile's order).

The search for one turn:

1. Deal one world consistent with the observation (``Observation.sample_state``) and
   list candidate turns with a beam search over phase A (``turns.plans``); phase-A
   actions have the same effects in every world, only the draw differs.
2. Without trials (the lower levels) play the best candidate by the evaluation.
3. With trials, keep the ``candidates`` best and share out ``iterations`` among them by
   successive halving. One trial plays a candidate in the n-th sampled world (the same
   worlds for every candidate), then ``horizon`` greedy turns - the opponent's reply
   first, holding the world's hidden cards, so the removals and cascades it could make
   are found - and evaluates where that leads. Looking a few turns ahead this way also
   shows what an empty hand or a spent threat costs later. A level may plan some of
   those turns instead (``Level.planned``), and take as the reply the worst for it of
   the opponent's best few planned turns (``Level.replies``: the master).

Budgets count iterations, not seconds, so a seed gives the same move on any machine.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Generator
from dataclasses import dataclass

from ..rules.actions import Action
from ..rules.board import N_ISLANDS
from ..rules.observation import Observation, observe
from ..rules.state import Phase, State
from .evaluate import DEFAULT, Weights, evaluate
from .plans import Plan, best_action, greedy_turn, planned_turn, plans, unhurried
from .protocol import Decided, Sliced, Thinking, Work, legal_actions, unless_hurried


@dataclass(frozen=True, slots=True)
class Level:
    """How hard a search player tries, and which mistakes it makes on purpose."""

    name: str
    width: int = 6  # beam width over phase A
    depth: int = 5  # actions of phase A looked at
    candidates: int = 1  # plans tested against replies (1: no replies)
    iterations: int = 0  # most (plan, world) trials, shared among the candidates
    horizon: int = 3  # greedy turns played after the plan in a trial, the reply first
    #: Turns of a trial played as the best turn of a beam search instead of greedily:
    #: a bit mask over the horizon (1: the reply, 2: our next turn, 4: the reply to it).
    planned: int = 0
    plan_width: int = 4  # that beam's width and depth
    plan_depth: int = 4
    #: In round 3, with at most this many cards left to draw (pile and display), a
    #: trial plays on to the end of the game (at most ``ENDGAME_TURNS`` turns), so a
    #: won or lost game decides its value (R21, R22); 0: never.
    endgame: int = 0
    #: The opponent's reply in a trial: with ``replies`` > 1, of its best planned
    #: turns (``plan_width``, ``plan_depth``) with that many different phase As, the
    #: one after which the rest of the trial is worst for us: a reply as careful as
    #: the turns it answers. 0 or 1: the reply as ``planned`` says.
    replies: int = 0
    #: Cards under the pile's top by which the search values a draw from the pile
    #: (``plans.unseen_draw``); 0: by the top card of the world it plays in.
    decoys: int = 0
    #: With ``replies`` > 1, the opponent picks the reply that is worst for us on
    #: average over this many worlds dealt from its own view after our plan (it does
    #: not see our hand, R24), and the trial then goes on in its own world; 0: the
    #: reply worst for us in the trial's world, as if the opponent saw our cards.
    reply_view: int = 0
    #: With ``reply_view``, how many turns its view worlds play to judge a reply, the
    #: reply included (1: the value right after it, a third of a trial's cost); 0: the
    #: whole horizon, as the trial does.
    view_horizon: int = 0
    weights: Weights = DEFAULT
    #: Chance, per turn, of not thinking of removals at all (R9).
    blind_removals: float = 0.0
    #: Softmax temperature (points) over the best plans: 0 always plays the best.
    temperature: float = 0.0
    time_cap: float | None = None


class SearchPlayer:
    """A search player of a given level. It remembers the rest of its planned turn and
    plays it while the observations go as planned; anything unexpected starts afresh."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.name = level.name
        self._rest: list[tuple[Observation, Action]] = []

    def planned(self) -> list[Action]:
        """The rest of the turn its last decision planned (a hint says why the whole
        turn is good); empty when nothing is planned."""
        return [action for _, action in self._rest]

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        if self._rest and self._rest[0][0] == _public(obs):
            return Decided(self._rest.pop(0)[1])
        self._rest = []
        actions = legal_actions(obs)
        if len(actions) == 1:
            return Decided(actions[0])
        if obs.phase is Phase.HANDICAP:  # R7: bridges one by one, no cards involved
            return Decided(best_action(obs.sample_state(rng), actions, self.level.weights))
        return Sliced(self._search(obs, rng), self.level.time_cap)

    def _search(self, obs: Observation, rng: random.Random) -> Work:
        level = self.level
        world = obs.sample_state(rng)
        removals = not (level.blind_removals and rng.random() < level.blind_removals)
        ranked = yield from plans(world, level.width, level.depth, level.weights, removals,
                                  level.decoys)
        if not ranked:  # hurried before any turn could end
            return best_action(world, world.legal_actions(), level.weights)
        if level.candidates > 1 and level.iterations:
            plan = yield from _test_replies(obs, rng, [p for _, p in ranked[:level.candidates]],
                                            level)
        elif level.temperature > 0:
            plan = _softmax_pick(ranked[:4], level.temperature, rng)
        else:
            plan = ranked[0][1]
        self._remember(world, obs.seat, plan)
        return plan[0]

    def _remember(self, world: State, seat: int, plan: Plan) -> None:
        """Keep the plan's later actions, each with the observation expected before it."""
        state = world.fork()
        for i, action in enumerate(plan[:-1]):
            state.do(action)
            self._rest.append((_public(observe(state, seat)), plan[i + 1]))


@dataclass(slots=True)
class _Arm:
    plan: Plan
    order: int
    #: Added up trial by trial: the same float on every Python (``sum`` of floats is
    #: compensated from 3.12 on, and Pyodide's is newer than CPython's here).
    total: float = 0.0
    values: list[float] = dataclasses.field(default_factory=list)  # world by world

    @property
    def trials(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return self.total / self.trials if self.trials else -math.inf


def _test_replies(obs: Observation, rng: random.Random, candidates: list[Plan],
                  level: Level) -> Work:
    """Successive halving over ``candidates``: the plan with the best mean value of its
    trials, over worlds shared by all candidates."""
    seat = obs.seat
    arms = [_Arm(plan, i) for i, plan in enumerate(candidates[:_affordable(
        len(candidates), level.iterations)])]
    if len(arms) == 1:
        return arms[0].plan
    worlds: list[State] = []
    rounds = _rounds(len(arms))
    per_round = level.iterations // rounds
    alive = arms
    while True:
        trials = max(1, per_round // len(alive))
        # World by world, every arm in turn: when time runs out (``Level.time_cap``) the
        # arms still in play have met the same worlds, give or take the last one.
        for _ in range(trials):
            for arm in alive:
                n = arm.trials
                while len(worlds) <= n:
                    worlds.append(obs.sample_state(rng))
                done = yield from unless_hurried(trial(worlds[n], arm.plan, seat, level))
                if done is None:
                    return _leader(alive).plan
                arm.total += done.value
                arm.values.append(done.value)
                if (yield):
                    return _leader(alive).plan
        alive = sorted(alive, key=lambda a: (-a.mean, a.order))[:max(1, len(alive) // 2)]
        if len(alive) == 1:
            return alive[0].plan


def _rounds(arms: int) -> int:
    """Rounds of successive halving that bring ``arms`` down to one (halved rounding
    down: 12, 6, 3, 1 is three rounds), so that the whole budget is spent."""
    return max(1, arms.bit_length() - 1)


def _affordable(candidates: int, iterations: int) -> int:
    """How many candidates a budget can test: every round of halving gives each arm
    still in play at least one trial, so ``k`` arms cost at least ``k * rounds``."""
    k = candidates
    while k > 1 and k * _rounds(k) > iterations:
        k -= 1
    return k


def _leader(alive: list[_Arm]) -> _Arm:
    """When time runs out: of the arms still in play, the one whose trials did best in
    the worlds all of them met (a world only some met does not count); while some have
    met none, the best of the others in the first world; before any trial, the beam's
    first. Ties go to the beam's order."""
    shared = max(1, min(a.trials for a in alive))
    tried = [a for a in alive if a.trials >= shared] or alive
    return min(tried, key=lambda a: (-sum(a.values[:shared]), a.order))


@dataclass(frozen=True, slots=True)
class Trial:
    """What one trial gave: its value for the seat, the islands the opponent's reply took
    from it or from the open ones, and the winner if the game ended (the game review
    names what a turn risks from these)."""

    value: float
    taken: frozenset[int] = frozenset()
    winner: int | None = None


def trial(world: State, plan: Plan, seat: int, level: Level) -> Generator[None, object, Trial]:
    """Play ``plan`` in ``world``, then ``level.horizon`` turns (the opponent's reply
    first) as ``level`` says; what that gave ``seat``. Yields inside a planned turn.
    The game review (``review.py``) judges turns with it too."""
    state = world.fork()
    for action in plan:
        state.do(action)
    horizon = level.horizon
    if level.endgame and world.round == 3 and _cards_left(world) <= level.endgame:
        horizon = ENDGAME_TURNS
    if level.replies > 1 and horizon and not state.is_over:
        return (yield from _worst_reply(state, seat, horizon, level))
    held = _theirs(state, seat)
    taken: frozenset[int] = frozenset()
    for turn in range(horizon):
        if state.is_over:
            break
        yield from trial_turn(state, turn, level)
        if turn == 0:
            taken = _theirs(state, seat) - held
    return _ended(state, seat, level, taken)


def _ended(state: State, seat: int, level: Level, taken: frozenset[int]) -> Trial:
    """The trial that ended in ``state``."""
    winner = state.outcome.winner if state.is_over else None
    value = evaluate(state, seat, level.weights)
    return Trial(value, taken, winner)


def _theirs(state: State, seat: int) -> frozenset[int]:
    """The islands the opponent of ``seat`` controls."""
    return frozenset(i for i in range(N_ISLANDS) if state.control[i] == 1 - seat)


def _worst_reply(state: State, seat: int, horizon: int,
                 level: Level) -> Generator[None, object, Trial]:
    """The trial when the opponent's reply is the one of its ``level.replies`` best
    planned turns after which the rest of the trial is worst for ``seat``."""
    ranked = yield from unhurried(plans(state, level.plan_width, level.plan_depth, level.weights,
                                        decoys=level.decoys))
    replies = _distinct_phase_a(ranked, level.replies)
    if level.reply_view:
        view = min(horizon, level.view_horizon) if level.view_horizon else horizon
        replies = [(yield from _chosen_in_its_view(state, seat, view, level, replies))]
    worst = Trial(math.inf)
    for reply in replies:
        ended = yield from _after_reply(state, reply, seat, horizon, level)
        if ended.value < worst.value:
            worst = ended
    return worst


def _after_reply(state: State, reply: Plan, seat: int, horizon: int,
                 level: Level) -> Generator[None, object, Trial]:
    """The trial when the opponent plays ``reply`` in ``state`` and the rest of the
    horizon follows."""
    after = state.fork()
    for action in reply:
        after.do(action)
    taken = _theirs(after, seat) - _theirs(state, seat)
    for turn in range(1, horizon):
        if after.is_over:
            break
        yield from trial_turn(after, turn, level)
    yield
    return _ended(after, seat, level, taken)


def _chosen_in_its_view(state: State, seat: int, horizon: int, level: Level,
                        replies: list[Plan]) -> Generator[None, object, Plan]:
    """Of ``replies``, the one worst for ``seat`` on average over ``level.reply_view``
    worlds dealt from the opponent's view of ``state``: our hand and the pile's order
    dealt afresh, its own hand kept. The worlds come from a generator seeded by its hand
    and the pile's bottom, which no plan changes, so every candidate meets the same
    worlds in a trial's world (a seed of bytes, not ``hash``, which differs on 32-bit
    Pyodide: a seed gives the same move in the browser)."""
    rng = random.Random(int.from_bytes(bytes(state.hands[1 - seat] + state.pile[:8]), "big"))
    view = observe(state, 1 - seat)
    worlds = [view.sample_state(rng) for _ in range(level.reply_view)]
    best, best_total = replies[0], math.inf
    for reply in replies:
        total = 0.0
        for world in worlds:
            total += (yield from _after_reply(world, reply, seat, horizon, level)).value
        if total < best_total:
            best, best_total = reply, total
    return best


def _distinct_phase_a(ranked: list[tuple[float, Plan]], k: int) -> list[Plan]:
    """The best plan of each of the first ``k`` different phase As in ``ranked``."""
    chosen: dict[Plan, Plan] = {}
    for _, plan in ranked:
        if plan[:-1] not in chosen:
            chosen[plan[:-1]] = plan
            if len(chosen) == k:
                break
    return list(chosen.values())


#: The most turns a trial plays after its plan in the endgame (``Level.endgame``).
ENDGAME_TURNS = 12


def _cards_left(state: State) -> int:
    """Cards still to be drawn this round: the pile and the display (R16)."""
    return len(state.pile) + sum(1 for card in state.display if card >= 0)


def trial_turn(state: State, n: int, level: Level) -> Generator[None, object, None]:
    """Play the ``n``-th turn after the plan in a trial (0: the opponent's reply) in
    place: the best turn of a small beam where ``level.planned`` says (yielding after
    each unit of that beam, so the page never waits for a whole trial), else greedily.
    Turns past the third (the endgame's) are planned as the third and second are: the
    opponent's as the reply to our next turn, ours as our next turn."""
    if level.planned >> min(n, 2 - n % 2) & 1:
        yield from planned_turn(state, level.plan_width, level.plan_depth, level.weights,
                                level.decoys)
    else:
        greedy_turn(state, level.weights)


def _softmax_pick(ranked: list[tuple[float, Plan]], temperature: float,
                  rng: random.Random) -> Plan:
    """A plan drawn with weights exp(value / temperature): mostly the best, sometimes a
    near miss, rarely a plan far worse."""
    top = ranked[0][0]
    weights = [math.exp((value - top) / temperature) for value, _ in ranked]
    return rng.choices([plan for _, plan in ranked], weights)[0]


def _public(obs: Observation) -> Observation:
    """``obs`` without its history, which a sampled world does not have."""
    return dataclasses.replace(obs, history=())
