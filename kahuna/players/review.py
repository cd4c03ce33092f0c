"""A game review (issue 14): how much each of a player's turns cost, judged by the
strongest player from that player's own view at the time (docs/rules.md R24), and the better
turn with a reason in words.

For each turn of the reviewed seat:

1. ``review_turns`` replays the game and takes the seat's ``Observation`` at the start of the
   turn and the actions it played. The judge gets only that observation: the opponent's
   hidden cards and the pile's order are out of its reach, as they are for a player.
2. The strongest level's beam search (``plans``) lists candidate turns; the turn played
   joins them, and successive halving over trials in worlds sampled from the observation
   (the master's own kind of trial: the turn, then the reply and the next turns, then
   ``evaluate``) picks the best.
3. The best and the played turn are then played again in ``checks`` fresh worlds, the
   same for both, and the cost is the difference of their mean values there: measured
   on worlds the choice never saw, so a lucky pick does not inflate it.

``Reviewing`` runs the turns in slices (``step(seconds)``, like ``Thinking.step``);
``review`` runs it to the end. A turn's generator is seeded by the seed and the turn's
place in the game, so one turn reviewed alone gives what the whole review gives.

``walk_turn`` plays a turn action by action for the page to step through. ``why_turn``
names what a turn achieves (for a hint); the review's reason names what the better turn
achieves that the played one does not. ``why_words`` puts a reason into words through a
translations object (gettext), as ``kahuna.notation.narrate`` does.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from gettext import NullTranslations

from ..rules.actions import TURN_ENDING, Action, Kind
from ..rules.board import ENDS_OF, ISLANDS, MAJORITY, N_ISLANDS, line_name
from ..rules.observation import Observation, observe
from ..rules.state import Effects, Phase, State
from .evaluate import WIN
from .levels import MASTER
from .plans import Plan, plans
from .protocol import run_to_end
from .search import Level, trial

#: English, the messages as written here (``kahuna.translations("en")`` is the same).
_ENGLISH = NullTranslations()
#: The judge: the master's search and trials as they were before issue 34 (the smaller
#: beams, the reply worst for the mover in the trial's world, a draw valued by the world's
#: top card), at about half the cost of the master's trial, which a review on a phone
#: cannot spare (issue 33), with a twelfth of the master's trials per decision. Two
#: reviews of the same game with the master's whole budget (180 trials, 32 checks) mark
#: the same turns about 83% of the time; this budget marks those turns 73% of the time,
#: as twice its budget does, in an eighth of the time (bench/review_agreement.py,
#: docs/players.md).
JUDGE = dataclasses.replace(MASTER, name="review", iterations=15, plan_width=4, plan_depth=4,
                            reply_view=0, decoys=0)
#: The fresh worlds in which a turn's cost is measured.
CHECKS = 4
#: The costliest turns a review marks.
MARKED = 3


class Why(Enum):
    """One thing a turn achieves, in the order a reason names them."""

    WINS = "wins"  # the game ends, won (R22, R23)
    SCORES = "scores"  # points of a scoring the turn brings about (R17)
    CAPTURES = "captures"  # islands taken (R10)
    BREAKS = "breaks"  # islands the opponent loses (R11, R9)
    REMOVES = "removes"  # an opponent bridge taken off with two cards (R9)
    DENIES = "denies"  # points the opponent would have scored instead (R17)
    SWEEPS = "sweeps"  # opponent bridges swept away by a capture (R11)
    SECURES = "secures"  # own islands kept: a spare bridge, or not lost to the reply
    BLOCKS = "blocks"  # open islands the reply would take after the turn played
    TAKES_CARD = "takes card"  # a display card drawn (R12)
    DRAWS = "draws"  # the pile drawn instead of passing (R12)
    PASSES = "passes"  # no draw, so the opponent may not pass in turn (R13)
    PREPARES = "prepares"  # open islands one bridge away, with a card in hand to place it
    KEEPS_CARDS = "keeps cards"  # fewer cards spent
    POSITION = "position"  # nothing to name: a better position by the evaluation


@dataclass(frozen=True, slots=True)
class Clause:
    """One part of a reason: what, which islands (or the card), how many, which line."""

    why: Why
    islands: tuple[int, ...] = ()
    count: int = 0
    line: int = -1


#: Why a turn is good (or better than another), its clauses in ``Why``'s order.
Reason = tuple[Clause, ...]


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the reviewed seat: what the seat saw at its start, and what it did."""

    number: int  # the seat's turns counted from 1
    first: int  # index of the turn's first action in the game's actions
    round: int
    obs: Observation
    played: Plan


@dataclass(frozen=True, slots=True)
class TurnReview:
    """The judgment of one turn. ``cost`` is in the evaluation's units (points of the
    score, a game won or lost within the look-ahead counting ``WIN``), never below 0;
    ``points`` is the cost without the games won or lost, and ``won`` the share of the
    worlds the better turn wins rather than loses (wins minus losses, -2 to 2) beyond the
    played one. ``better`` is ``played`` when the judge found nothing better."""

    turn: Turn
    better: Plan
    cost: float
    points: float
    won: float
    reason: Reason
    marked: bool = False  # one of the ``MARKED`` costliest turns of the review


@dataclass(frozen=True, slots=True)
class Review:
    """A review of one seat's turns, in the order played."""

    turns: tuple[TurnReview, ...]

    def costliest(self) -> list[TurnReview]:
        """The marked turns, costliest first."""
        return sorted((t for t in self.turns if t.marked), key=lambda t: -t.cost)


def review_turns(start: State, actions: Sequence[Action], seat: int) -> list[Turn]:
    """The complete turns of ``seat`` when ``actions`` are played from ``start`` (not
    changed), each with the seat's observation at its start. Handicap bridges (R7) are
    not turns; a last turn the actions leave unfinished is left out. Raises
    ``IllegalAction`` naming the rule an action breaks."""
    state = start.copy()
    result: list[Turn] = []
    i = 0
    while i < len(actions):
        mover = state.to_move
        if state.phase is Phase.HANDICAP or mover != seat:
            state.play(actions[i])
            i += 1
            continue
        obs, first, rnd = observe(state, seat), i, state.round
        while i < len(actions):
            action = actions[i]
            state.play(action)
            i += 1
            if action.kind in TURN_ENDING or state.is_over or state.to_move != mover:
                result.append(Turn(len(result) + 1, first, rnd, obs, tuple(actions[first:i])))
                break
    return result


def walk_turn(turn: Turn, plan: Sequence[Action]) -> list[tuple[Observation, Effects]]:
    """``plan`` (the better turn, or the one played) action by action from the turn's
    start, for the page to step through: after each action, what the seat sees and the
    action's effects (for ``describe``). Played in one world dealt from the turn's
    observation: every effect is the one the game would have had, but for the cards that
    come off the pile (a pile draw, a display refilled), which are that world's (R24: not
    the real ones; the narration keeps a pile draw secret unless the seat is named as the
    viewer). Raises ``IllegalAction`` for a plan that is not legal there."""
    world = turn.obs.sample_state(random.Random(0))
    steps = []
    for action in plan:
        fx = world.play(action)
        steps.append((observe(world, turn.obs.seat), fx))
    return steps


def review(start: State, actions: Sequence[Action], seat: int, level: Level = JUDGE,
           seed: int = 0, checks: int = CHECKS) -> Review:
    """Review every complete turn of ``seat`` in one go (``Reviewing`` for slices).
    ``level``: the judge; ``checks``: the fresh worlds a cost is measured in."""
    reviewing = Reviewing(review_turns(start, actions, seat), level, seed, checks)
    while not reviewing.step(1.0):
        pass
    return reviewing.result()


def judge_turn(turn: Turn, level: Level = JUDGE, seed: int = 0, checks: int = CHECKS
               ) -> TurnReview:
    """The judgment of one turn in one go (the same as in a whole review)."""
    return run_to_end(_judge(turn, level, seed, checks))


class Reviewing:
    """A review in progress, run in slices as the page runs a player's ``Thinking``:
    ``step(seconds)`` works about that long (at least one trial) and returns True once
    every turn is judged; ``done`` turns are ready to show as they come."""

    def __init__(self, turns: Sequence[Turn], level: Level = JUDGE, seed: int = 0,
                 checks: int = CHECKS) -> None:
        self._turns = list(turns)
        self._level, self._seed, self._checks = level, seed, checks
        self.done: list[TurnReview] = []
        self._work: Generator[None, None, TurnReview] | None = None

    @property
    def total(self) -> int:
        """How many turns the review judges."""
        return len(self._turns)

    def step(self, seconds: float) -> bool:
        deadline = time.perf_counter() + seconds
        while len(self.done) < len(self._turns):
            if self._work is None:
                self._work = _judge(self._turns[len(self.done)], self._level, self._seed,
                                    self._checks)
            try:
                next(self._work)
            except StopIteration as finished:
                self.done.append(finished.value)
                self._work = None
            if time.perf_counter() >= deadline:
                break
        return len(self.done) == len(self._turns)

    def result(self) -> Review:
        """The review, its ``MARKED`` costliest turns marked (after ``step`` returned True)."""
        if len(self.done) < len(self._turns):
            raise RuntimeError("the review is not finished: call step() until it returns True")
        return Review(tuple(marked(self.done)))


def marked(reviews: Sequence[TurnReview]) -> list[TurnReview]:
    """``reviews`` with the ``MARKED`` costliest turns that cost anything marked (the
    earlier turn first on equal costs)."""
    costly = sorted((i for i, r in enumerate(reviews) if r.cost > 0),
                    key=lambda i: (-reviews[i].cost, i))[:MARKED]
    return [dataclasses.replace(r, marked=i in costly) for i, r in enumerate(reviews)]


# ------------------------------------------------------------------ judging a turn


@dataclass(slots=True)
class _Arm:
    """A candidate turn and what its trials gave."""

    plan: Plan
    order: int
    values: list[float] = field(default_factory=list)
    results: list[int] = field(default_factory=list)  # +1 won, -1 lost, 0 otherwise
    #: Per island, the worlds where the reply takes it (held by us or open after the turn).
    taken: list[int] = field(default_factory=lambda: [0] * N_ISLANDS)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf


def _judge(turn: Turn, level: Level, seed: int, checks: int
           ) -> Generator[None, None, TurnReview]:
    """Judge ``turn`` from its observation alone; yields after each unit of work."""
    obs, played = turn.obs, turn.played
    legal = obs.legal_actions()
    if len(legal) == 1 and legal[0].kind in TURN_ENDING:  # nothing to choose
        return TurnReview(turn, played, 0.0, 0.0, 0.0, ())
    rng = random.Random(f"review:{seed}:{turn.first}")  # str seeds: the same on any machine
    ranked = yield from plans(obs.sample_state(rng), level.width, level.depth, level.weights)
    candidates = [p for _, p in ranked[:max(1, level.candidates)]]
    if played not in candidates:
        candidates.append(played)
    arms = [_Arm(plan, i) for i, plan in enumerate(candidates)]
    mine = next(a for a in arms if a.plan == played)
    best = yield from _halving(obs, rng, arms, mine, level)
    if best is mine:
        return TurnReview(turn, played, 0.0, 0.0, 0.0, ())
    # Measured afresh, on worlds the choice never saw: the winner of many noisy
    # comparisons looks better on its own worlds than it is.
    best, mine = _Arm(best.plan, 0), _Arm(played, 1)
    for _ in range(checks):
        world = obs.sample_state(rng)
        for arm in (best, mine):
            yield from _trial(world, arm, obs.seat, level)
            yield
    cost = best.mean - mine.mean
    if cost <= 0:
        return TurnReview(turn, played, 0.0, 0.0, 0.0, ())
    won = (sum(best.results) - sum(mine.results)) / checks
    reason = _difference(_facts(obs, best.plan), _facts(obs, played),
                         _taken_by_reply(mine, best, checks))
    return TurnReview(turn, best.plan, cost, cost - WIN * won, won, reason)


def _halving(obs: Observation, rng: random.Random, arms: list[_Arm], pinned: _Arm,
             level: Level) -> Generator[None, None, _Arm]:
    """Successive halving over the other ``arms`` in worlds shared by all, ``pinned``
    (the turn played) running alongside to the end; the better of it and the last rival."""
    worlds: list[State] = []
    rivals = [a for a in arms if a is not pinned]
    if not rivals:
        return pinned
    rounds = max(1, math.ceil(math.log2(len(arms))))
    per_round = max(1, level.iterations) // rounds
    target = 0
    while True:
        target += max(1, per_round // (len(rivals) + 1))
        for arm in (*rivals, pinned):
            while len(arm.values) < target:
                n = len(arm.values)
                while len(worlds) <= n:
                    worlds.append(obs.sample_state(rng))
                yield from _trial(worlds[n], arm, obs.seat, level)
                yield
        rivals.sort(key=lambda a: (-a.mean, a.order))
        if len(rivals) == 1:
            return rivals[0] if rivals[0].mean > pinned.mean else pinned
        del rivals[max(1, len(rivals) // 2):]


def _trial(world: State, arm: _Arm, seat: int, level: Level) -> Generator[None, object, None]:
    """One of the search's trials of the arm's turn in ``world`` (the master's: the
    worst of the opponent's careful replies, then its next turns); note what it gave."""
    done = yield from trial(world, arm.plan, seat, level)
    arm.values.append(done.value)
    arm.results.append(0 if done.winner is None else 1 if done.winner == seat else -1)
    for island in done.taken:
        arm.taken[island] += 1


def _taken_by_reply(played: _Arm, better: _Arm, checks: int) -> set[int]:
    """Islands the reply takes after the played turn in at least half of the worlds
    more than after the better one."""
    return {i for i in range(N_ISLANDS) if 2 * (played.taken[i] - better.taken[i]) >= checks}


# ------------------------------------------------------------------ reasons


@dataclass(slots=True)
class _Facts:
    """What a turn does, read from its effects (the same in every world but the card a
    pile draw brings, which no reason names)."""

    gained: set[int] = field(default_factory=set)
    broken: set[int] = field(default_factory=set)
    removed: list[int] = field(default_factory=list)  # lines, by cards (R9)
    swept: int = 0
    points: int = 0  # of the scorings the turn brings about (R17)
    their_points: int = 0
    wins: bool = False
    secured: set[int] = field(default_factory=set)
    held: set[int] = field(default_factory=set)  # our islands after the turn
    ready: set[int] = field(default_factory=set)  # ``_ready`` after the turn, not before
    ending: Action | None = None
    spent: int = 0


def _facts(obs: Observation, turn: Sequence[Action]) -> _Facts:
    seat = obs.seat
    state = obs.sample_state(random.Random(0))  # any world gives the same effects
    exposed = {i for i in range(N_ISLANDS)
               if state.control[i] == seat and state.counts[seat][i] == MAJORITY[i]}
    ready_before, ready_after = _ready(state, seat), None
    facts = _Facts()
    for action in turn:
        if action.kind is Kind.PILE:  # the card it brings is a guess: judged before it
            ready_after = _ready(state, seat)
        fx = state.play(action)  # checked: a hint's turn comes from outside
        facts.gained.update(fx.gained)
        facts.broken.update(fx.lost)
        removed = fx.removed
        if action.kind is Kind.REMOVE:
            facts.removed.append(removed[0])
            removed = removed[1:]
        facts.swept += len(removed)
        if action.kind in (Kind.PLACE, Kind.REMOVE, Kind.DISCARD):
            facts.spent += len(action.cards)
        if fx.scoring is not None and state.phase is not Phase.OVER:
            facts.points += fx.scoring[seat]
            facts.their_points += fx.scoring[1 - seat]
        if fx.outcome is not None:
            facts.wins = fx.outcome.winner == seat
        if action.kind in TURN_ENDING:
            facts.ending = action
    held = {i for i in range(N_ISLANDS) if state.control[i] == seat}
    facts.held = held
    facts.gained &= held
    facts.broken = {i for i in facts.broken if state.control[i] != 1 - seat}
    facts.secured = {i for i in exposed & held if state.counts[seat][i] > MAJORITY[i]}
    facts.ready = (_ready(state, seat) if ready_after is None else ready_after) - ready_before
    return facts


def _ready(state: State, seat: int) -> set[int]:
    """Islands ``seat`` does not hold that one more bridge would take, with a card in
    hand to place it on a free line (R8, R10)."""
    hand, owner, counts = state.hands[seat], state.owner, state.counts[seat]
    return {i for i in range(N_ISLANDS)
            if state.control[i] != seat and counts[i] == MAJORITY[i] - 1
            and any(owner[line] < 0 and (hand[i] or hand[far]) for line, far in ENDS_OF[i])}


def _clauses(f: _Facts, secured: set[int], blocked: set[int], ending: Action | None
             ) -> list[Clause]:
    """The clauses for facts ``f`` (already reduced to what counts), in ``Why`` order;
    ``ending``: the turn's draw, if it is worth naming."""
    out: list[Clause] = []
    if f.wins:
        out.append(Clause(Why.WINS))
    if f.points > 0:
        out.append(Clause(Why.SCORES, count=f.points))
    if f.gained:
        out.append(Clause(Why.CAPTURES, tuple(sorted(f.gained))))
    if f.broken:
        out.append(Clause(Why.BREAKS, tuple(sorted(f.broken))))
    elif f.removed:  # a removal that breaks nothing still weakens them
        out.append(Clause(Why.REMOVES, line=f.removed[0]))
    if f.their_points < 0:  # a difference: fewer points for them than the other turn
        out.append(Clause(Why.DENIES, count=-f.their_points))
    if f.swept:
        out.append(Clause(Why.SWEEPS, count=f.swept))
    if secured:
        out.append(Clause(Why.SECURES, tuple(sorted(secured))))
    if blocked:
        out.append(Clause(Why.BLOCKS, tuple(sorted(blocked))))
    if ending is not None and ending.kind is Kind.TAKE:
        out.append(Clause(Why.TAKES_CARD, (ending.cards[0],)))
    elif ending is not None:
        out.append(Clause(Why.DRAWS if ending.kind is Kind.PILE else Why.PASSES))
    if f.ready:
        out.append(Clause(Why.PREPARES, tuple(sorted(f.ready))))
    return out


def why_turn(obs: Observation, turn: Sequence[Action]) -> Reason:
    """What ``turn`` (a whole turn, or its first actions) achieves from ``obs``: for a
    hint. Raises ``IllegalAction`` when the actions are not legal there."""
    f = _facts(obs, turn)
    ending = f.ending if f.ending is not None and f.ending.kind is not Kind.PASS else None
    return tuple(_clauses(f, f.secured, set(), ending)) or (Clause(Why.POSITION),)


def _difference(better: _Facts, played: _Facts, taken: set[int]) -> Reason:
    """What the better turn achieves that the played one does not; ``taken``: islands the
    reply takes after the played turn and not after the better one (ours, or open)."""
    better.wins = better.wins and not played.wins
    better.points -= played.points
    better.their_points -= played.their_points
    better.gained -= played.gained
    better.broken -= played.broken
    better.removed = [line for line in better.removed if line not in played.removed]
    better.swept = better.swept if better.swept > played.swept else 0
    better.ready -= played.ready
    held = better.held  # after the better turn: a taken island of ours is kept safe
    out = _clauses(better, (better.secured - played.secured) | (taken & held), taken - held,
                   better.ending if better.ending != played.ending else None)
    if played.spent > better.spent and len(out) < 2:
        out.append(Clause(Why.KEEPS_CARDS, count=played.spent - better.spent))
    return tuple(out[:3]) or (Clause(Why.POSITION),)


def why_words(reason: Reason, tr: NullTranslations = _ENGLISH, start: bool = True) -> str:
    """A reason as a sentence without a subject, for "the better turn ..." or a hint:
    'Takes ELAI and sweeps away 2 bridges' ('takes ...' when not at the ``start`` of a
    sentence). ``tr``: the language (English by default)."""
    parts = [_clause_words(c, tr) for c in reason]
    if not parts:
        return ""
    text = parts[0] if len(parts) == 1 else tr.gettext("{items} and {last}").format(
        items=", ".join(parts[:-1]), last=parts[-1])
    return text[:1].upper() + text[1:] if start else text


def _clause_words(c: Clause, tr: NullTranslations) -> str:
    names = [ISLANDS[i] for i in c.islands]
    n, w = c.count, c.why
    words = {"count": n, "line": line_name(c.line).replace("-", "–") if c.line >= 0 else "",
             "islands": names[0] if len(names) == 1 else tr.gettext("{items} and {last}").format(
                 items=", ".join(names[:-1]), last=names[-1]) if names else ""}
    if w is Why.WINS:
        # TRANSLATORS: "reason": why a turn is good, in clauses without a subject
        # ("[the better turn] takes ELAI and sweeps away 2 bridges"), joined by "and".
        text = tr.pgettext("reason", "wins the game")
    elif w is Why.SCORES:
        text = tr.npgettext("reason", "scores {count} point", "scores {count} points", n)
    elif w is Why.DENIES:
        text = tr.npgettext("reason", "stops the opponent scoring {count} point",
                            "stops the opponent scoring {count} points", n)
    elif w is Why.CAPTURES:
        text = tr.pgettext("reason", "takes {islands}")
    elif w is Why.BREAKS:
        text = tr.pgettext("reason", "breaks the opponent’s hold on {islands}")
    elif w is Why.REMOVES:
        text = tr.pgettext("reason", "removes the opponent’s {line} bridge")
    elif w is Why.SWEEPS:
        text = tr.npgettext("reason", "sweeps away {count} bridge",
                            "sweeps away {count} bridges", n)
    elif w is Why.SECURES:
        text = tr.pgettext("reason", "keeps {islands} safe")
    elif w is Why.BLOCKS:
        text = tr.pgettext("reason", "stops the opponent taking {islands}")
    elif w is Why.TAKES_CARD:
        text = tr.pgettext("reason", "draws {islands} from the display")
    elif w is Why.DRAWS:
        text = tr.pgettext("reason", "draws from the pile")
    elif w is Why.PASSES:
        text = tr.pgettext("reason", "does not draw, so the opponent must draw next turn")
    elif w is Why.PREPARES:
        text = tr.pgettext("reason", "gets ready to take {islands}")
    elif w is Why.KEEPS_CARDS:
        text = tr.npgettext("reason", "keeps {count} more card in hand",
                            "keeps {count} more cards in hand", n)
    else:
        text = tr.pgettext("reason", "leaves a stronger position")
    return text.format(**words)
