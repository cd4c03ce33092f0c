"""A puzzle's goal as a value, and the engine's verdict on a whole turn.

A goal is checked against what the turn did, never against one stored answer: any turn
that reaches it counts. The check sees only what the mover may see (R24): the mover's
``Observation`` before and after the turn, and the scorings the turn caused. Neither the
opponent's hidden cards nor the card the mover draws from the pile can change a verdict.

>>> goal = Goal.from_json({"aim": "gain", "island": "elai"})
>>> goal, goal.to_json()
(Goal(aim=<Aim.GAIN: 'gain'>, island=4, line=-1, count=0), {'aim': 'gain', 'island': 'ELAI'})
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules.actions import Action, parse_island, parse_line
from ..rules.board import ISLANDS, LINES, LINES_OF, MAJORITY, N_ISLANDS, line_name
from ..rules.errors import IllegalAction, KahunaError, NotationError
from ..rules.fields import BRIDGES, Phase
from ..rules.observation import Observation, observe
from ..rules.state import Effects, State, bridge_counts


class Aim(Enum):
    """What a goal asks of the mover's turn."""

    GAIN = "gain"  # control ``island`` at the end of the turn, not at its start (R10, R11)
    CONTROL = "control"  # control at least ``count`` islands at the end of the turn
    SCORE = "score"  # end the round with this turn and win its interim scoring (R16, R17)
    REMOVE = "remove"  # the opponent's bridge on ``line`` is gone (R9 or R11's cascade)
    SAFE = "safe"  # control ``island`` with ``count`` bridges beyond its majority (R10)
    SHIELD = "shield"  # no removal (R9) the opponent may hold can take an island of yours


#: The fields each aim needs, besides the aim.
_NEEDS = {Aim.GAIN: ("island",), Aim.CONTROL: ("count",), Aim.SCORE: (),
          Aim.REMOVE: ("line",), Aim.SAFE: ("island", "count"), Aim.SHIELD: ()}


@dataclass(frozen=True)
class Goal:
    """A goal for the mover's turn; ``island``, ``line`` and ``count`` as the aim needs
    (-1 or 0 when unused)."""

    aim: Aim
    island: int = -1
    line: int = -1
    count: int = 0

    def to_json(self) -> dict[str, Any]:
        """The goal as a JSON object: ``{"aim": "safe", "island": "ELAI", "count": 1}``."""
        data: dict[str, Any] = {"aim": self.aim.value}
        for field in _NEEDS[self.aim]:
            value = getattr(self, field)
            data[field] = (ISLANDS[value] if field == "island" else
                           line_name(value) if field == "line" else value)
        return data

    @staticmethod
    def from_json(data: Any) -> Goal:
        """Read a goal written by ``to_json``; NotationError says what is wrong."""
        if not isinstance(data, dict) or data.get("aim") not in {a.value for a in Aim}:
            raise NotationError(f"a goal needs an aim, one of {', '.join(a.value for a in Aim)}")
        aim = Aim(data["aim"])
        needs = _NEEDS[aim]
        extra = set(data) - {"aim", *needs}
        if extra or set(needs) - set(data):
            raise NotationError(f"a {aim.value} goal has exactly the fields "
                                f"{', '.join(('aim', *needs))}")
        fields: dict[str, int] = {}
        if "island" in needs:
            fields["island"] = parse_island(data["island"])
        if "line" in needs:
            fields["line"] = parse_line(data["line"])
        if "count" in needs:
            count = data["count"]
            if type(count) is not int or not 1 <= count <= N_ISLANDS:
                raise NotationError(f"a {aim.value} goal's count is a whole number, 1 to 12")
            fields["count"] = count
        return Goal(aim, **fields)


def goal_from_text(text: str) -> Goal:
    """A goal written short, as an address or a command line takes it: the aim, then the
    fields it needs in the order of ``_NEEDS``, separated by colons; NotationError if bad.

    >>> goal_from_text("safe:elai:1") == Goal(Aim.SAFE, island=4, count=1)
    True
    """
    aim, *values = text.strip().split(":")
    if aim not in {a.value for a in Aim}:
        raise NotationError(f"a goal starts with its aim, one of {', '.join(a.value for a in Aim)}")
    needs = _NEEDS[Aim(aim)]
    if len(values) != len(needs):
        raise NotationError(f"a {aim} goal is written "
                            + ":".join((aim, *(f"<{field}>" for field in needs))))
    data: dict[str, Any] = {"aim": aim}
    for field, value in zip(needs, values):
        digits = field == "count" and value.isascii() and value.isdigit() and len(value) < 3
        data[field] = int(value) if digits else value
    return Goal.from_json(data)


def beyond_reach(goal: Goal, state: State) -> tuple[int, int] | None:
    """For a control goal no turn from ``state`` can reach, by counting bridges: the fewest
    bridges its count of islands takes (each island needs more than half its lines, R10,
    and a bridge counts at both its ends), and the most the mover can have on the board at
    the turn's end (those there now, plus one per card in hand at best: R8; a removal, R9,
    and V1's free bridge after it spend two cards on one bridge; the supply, R3). None
    when the count may be reachable (then the solver tells, ``solve``)."""
    if goal.aim is not Aim.CONTROL or state.phase == Phase.HANDICAP:  # R7: no cards needed
        return None
    mover = state.to_move
    need = -(-sum(sorted(MAJORITY)[:goal.count]) // 2)
    placed = BRIDGES - state.supply[mover]
    most = placed + min(sum(state.hands[mover]), state.supply[mover])
    return (need, most) if most < need else None


def goal_text(goal: Goal) -> str:
    """The short form ``goal_from_text`` reads: ``"gain:ELAI"``."""
    return ":".join(str(value) for value in goal.to_json().values())


class Because(Enum):
    """Because a turn reached its goal or not; the Verdict's other fields fill in the detail."""

    GAINED = "gained"  # island
    NOT_GAINED = "not gained"  # island
    CONTROL = "control"  # count islands held, need asked for
    SCORED = "scored"  # count points
    NO_ROUND_END = "no round end"  # the turn did not draw the round's last card (R16)
    NO_POINTS = "no points"  # the round ended with count islands against the opponent's need
    REMOVED = "removed"  # line
    STILL_THERE = "still there"  # line
    SAFE = "safe"  # island, count bridges of the mover's on it
    THIN = "thin"  # island held with count bridges, need wanted
    NOT_HELD = "not held"  # island
    SHIELDED = "shielded"
    EXPOSED = "exposed"  # islands a removal could take


@dataclass(frozen=True)
class Verdict:
    """The engine's answer for a turn: ``reached``, and ``why`` with its detail."""

    reached: bool
    why: Because
    islands: tuple[int, ...] = ()
    line: int = -1
    count: int = 0
    need: int = 0


class TurnError(IllegalAction):
    """A turn the rules forbid: action ``index`` (from 0) is illegal, the turn went on
    after it ended, or it stopped before its draw or pass (``index`` is then -1)."""

    def __init__(self, rule: str, message: str, index: int = -1) -> None:
        KahunaError.__init__(self, message)
        self.rule = rule
        self.index = index


def parse_turn(text: str) -> list[Action]:
    """Actions in the notation, separated by spaces or commas; NotationError if one is bad.

    >>> [str(a) for a in parse_turn("huna>elai, pile")]
    ['HUNA>ELAI', 'pile']
    """
    return [Action.parse(word) for word in re.split(r"[\s,]+", text.strip()) if word]


def turn_over(state: State, mover: int) -> bool:
    """``mover``'s turn has ended: a draw or pass (R12, R13), or the game ended (R23)."""
    return state.is_over or state.to_move != mover


def play_turn(before: State, actions: Sequence[Action]) -> tuple[State, list[Effects]]:
    """Play ``actions`` as the mover's whole turn on a copy of ``before``: the state after
    it and each action's effects. TurnError names the broken rule."""
    state = before.copy()  # a copy, not a fork: a round's reshuffle must not touch before
    mover = state.to_move
    effects = []
    for index, action in enumerate(actions):
        if turn_over(state, mover):
            raise TurnError("R12", f"action {index + 1} ({action}): the turn has already "
                            "ended with its draw or pass", index)
        try:
            effects.append(state.play(action))
        except IllegalAction as exc:
            raise TurnError(exc.rule, f"action {index + 1} ({action}): {exc}", index) from None
    if not turn_over(state, mover):
        raise TurnError("R12", "the turn is not over: it ends by drawing a card or passing "
                        "(R12, R13)")
    return state, effects


def check_turn(goal: Goal, before: State, actions: Sequence[Action]) -> Verdict:
    """Whether the mover's whole turn ``actions`` from ``before`` reaches ``goal``, and
    why; TurnError if the turn is not a legal whole turn."""
    after, effects = play_turn(before, actions)
    mover = before.to_move
    return judge(goal, observe(before, mover), observe(after, mover), effects)


def judge(goal: Goal, before: Observation, after: Observation,
          effects: Sequence[Effects]) -> Verdict:
    """The verdict from what the mover saw before and after the turn (R24)."""
    p = before.seat
    aim, island = goal.aim, goal.island
    mine = bridge_counts(after.owner)[p]
    if aim is Aim.GAIN:
        gained = after.control[island] == p and before.control[island] != p
        return Verdict(gained, Because.GAINED if gained else Because.NOT_GAINED, (island,))
    if aim is Aim.CONTROL:
        held = sum(1 for holder in after.control if holder == p)
        return Verdict(held >= goal.count, Because.CONTROL, count=held, need=goal.count)
    if aim is Aim.SCORE:
        # R16-R17: only a draw ends a round, so the scoring is the last action's
        scoring = next((fx.scoring for fx in effects if fx.scoring and fx.round_ended in (1, 2)),
                       None)
        if scoring is None:
            return Verdict(False, Because.NO_ROUND_END)
        if scoring[p]:
            return Verdict(True, Because.SCORED, count=scoring[p])
        held = [sum(1 for holder in after.control if holder == q) for q in (p, 1 - p)]
        return Verdict(False, Because.NO_POINTS, count=held[0], need=held[1])
    if aim is Aim.REMOVE:
        gone = before.owner[goal.line] == 1 - p and after.owner[goal.line] != 1 - p
        return Verdict(gone, Because.REMOVED if gone else Because.STILL_THERE, line=goal.line)
    if aim is Aim.SAFE:
        if after.control[island] != p:
            return Verdict(False, Because.NOT_HELD, (island,))
        need = MAJORITY[island] + goal.count
        if mine[island] >= need:
            return Verdict(True, Because.SAFE, (island,), count=mine[island])
        return Verdict(False, Because.THIN, (island,), count=mine[island], need=need)
    at_risk = exposed(before, after)
    return Verdict(not at_risk, Because.EXPOSED if at_risk else Because.SHIELDED, at_risk)


def exposed(before: Observation, after: Observation) -> tuple[int, ...]:
    """The mover's islands after the turn that one removal (R9) on the opponent's next
    turn could take, with any hand the opponent may hold as far as the mover knows: its
    known cards and any of the cards unseen before the turn (R24). The opponent's hand
    does not change during the mover's turn, and it draws only after its actions."""
    p, q = before.seat, 1 - before.seat
    known = before.known[q]
    hidden = before.hand_sizes[q] - sum(known)
    unseen = [0] * N_ISLANDS
    for card in before.unseen():
        unseen[card] += 1

    def removable(line: int) -> bool:
        a, b = LINES[line]
        return known[a] + known[b] + min(unseen[a] + unseen[b], hidden) >= 2

    mine = bridge_counts(after.owner)[p]
    return tuple(
        island for island in range(N_ISLANDS)
        if after.control[island] == p and mine[island] == MAJORITY[island]
        and any(after.owner[line] == p and removable(line) for line in LINES_OF[island]))
