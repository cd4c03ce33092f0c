"""One table of a State's fields (kahuna.rules.fields) drives the State, its copies, the
Observation, sampled worlds and position notation: each reads every field from it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kahuna import (
    Action, IllegalAction, Observation, Phase, PositionError, State, observe, position_from_json,
)
from kahuna import Kind as ActionKind
from kahuna.notation import position
from kahuna.rules.fields import FIELDS, Seen, Shape, ValueKind

from .helpers import midgame


NAMES = [f.name for f in FIELDS]
GAMES = [(seed, variants) for seed in (1, 2, 3)
         for variants in ({}, {"fewer_surprises": True, "open_draws": True})]


def test_the_state_holds_the_fields_of_the_table_and_nothing_else():
    assert len(set(NAMES)) == len(NAMES)
    assert set(State.__slots__) == {*NAMES, "rng", "history"}


def test_a_new_state_takes_every_default_and_no_two_share_a_list():
    a, b = State(), State()
    for f in FIELDS:
        assert getattr(a, f.name) == f.default()
        if f.shape is not Shape.VALUE:
            assert getattr(a, f.name) is not getattr(b, f.name), f.name


def _mutables(value):
    """Every list inside ``value``, itself included."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _mutables(item)


@pytest.mark.parametrize("seed,variants", GAMES)
@pytest.mark.parametrize("how", ["fork", "copy"])
def test_a_copy_equals_its_state_field_by_field_and_shares_no_list(seed, variants, how):
    s = midgame(seed, moves=40, **variants)
    s.reshuffles = [[1, 2], [3]]  # NESTED: the only field of that shape in play here
    twin = getattr(s, how)()
    for f in FIELDS:
        assert getattr(twin, f.name) == getattr(s, f.name), f.name
        originals = {id(x) for x in _mutables(getattr(s, f.name))}
        assert not originals & {id(x) for x in _mutables(getattr(twin, f.name))}, f.name


def test_the_observation_has_a_field_for_each_field_a_seat_sees():
    names = [f.name for f in dataclasses.fields(Observation)]
    expected = ["seat", *(f.observed for f in FIELDS if f.observed), "history"]
    assert names == expected
    hidden = {f.name for f in FIELDS if not f.observed}
    assert hidden == {"counts", "reshuffles"}  # derived from the bridges; the future deck


@pytest.mark.parametrize("seed,variants", GAMES)
def test_each_field_is_seen_as_the_table_says(seed, variants):
    """R24 field by field: public ones whole, a hand only by its owner, piles by size."""
    s = midgame(seed, moves=50, **variants)
    for seat in (0, 1):
        obs = observe(s, seat)
        for f in FIELDS:
            if not f.observed:
                continue
            seen, value = getattr(obs, f.observed), getattr(s, f.name)
            if f.seen is Seen.SIZE:
                assert seen == len(value)
            elif f.seen is Seen.OWN:
                assert seen == tuple(value[seat])
            elif f.seen is Seen.CARDS:
                assert seen == tuple(sorted(value))
            elif f.shape is Shape.ROWS:
                assert seen == (tuple(value[0]), tuple(value[1]))
            else:
                assert seen == (value if f.shape is Shape.VALUE else tuple(value)), f.name


@pytest.mark.parametrize("seed,variants", GAMES)
def test_a_sampled_world_gives_back_every_public_field(seed, variants):
    s = midgame(seed, moves=50, **variants)
    obs = observe(s, s.to_move)
    world = obs.sample_state(random.Random(seed))
    for f in FIELDS:
        if f.seen in (Seen.PUBLIC, Seen.DERIVED):
            assert getattr(world, f.name) == getattr(s, f.name), f.name
    assert dataclasses.replace(observe(world, s.to_move), history=()) == \
        dataclasses.replace(obs, history=())


def test_position_notation_writes_every_field_or_says_why_not():
    """Each field is a single value written by its kind, a structure written its own
    way, or named as not written: a new field cannot be forgotten silently."""
    by_kind = {f.name for f in FIELDS if f.kind is not ValueKind.OTHER}
    structured = set(position._WRITE_FIELD)
    assert not by_kind & structured and not (by_kind | structured) & position.NOT_WRITTEN
    assert by_kind | structured | position.NOT_WRITTEN == set(NAMES)


@pytest.mark.parametrize("seed,variants", GAMES)
def test_a_position_read_back_equals_its_state_in_every_field(seed, variants):
    s = midgame(seed, moves=45, **variants)
    back = position_from_json(position.position_to_json(s))
    for f in FIELDS:
        if f.name not in ("reshuffles", "outcome"):  # the future deck; a position is unfinished
            assert getattr(back, f.name) == getattr(s, f.name), f.name


@pytest.mark.parametrize("field,value", [
    ("round", 2.9), ("round", "2"), ("round", True), ("handicap_left", 1.5),
    ("final_turns", "1"), ("version", True), ("version", 1.0), ("to_move", 0),
    ("phase", "PLAY "), ("opponent_abstained", "false"), ("free_line", 7),
])
def test_single_values_of_the_wrong_type_are_refused_not_converted(field, value):
    with pytest.raises(PositionError):
        position_from_json({field: value})


@pytest.mark.parametrize("scoring", [[float("inf"), 0], [1.5, 0], [1, 0, 0], [True, 0], "1,0",
                                     [-1, 0], [13, 0]])
def test_a_scoring_is_two_whole_numbers_of_points(scoring):
    """Issue 10: [Infinity, 0] escaped as an OverflowError."""
    assert position_from_json({"round": 2, "scorings": [[1, 0]]}).scorings == [(1, 0)]
    with pytest.raises(PositionError, match="scoring"):
        position_from_json({"round": 2, "scorings": [scoring]})


@pytest.mark.parametrize("handicap_left", [-1, 4, 30])
def test_r7_a_handicap_left_outside_1_to_3_is_refused(handicap_left):
    with pytest.raises(PositionError, match="R7"):
        position_from_json({"phase": "handicap", "handicap_left": handicap_left})


def test_r3_r7_handicap_bridges_beyond_the_supply_are_refused():
    """Issue 10: 25 bridges on the board and one handicap bridge to place gave 26 bridges
    and a supply of -1."""
    from kahuna.rules.board import N_LINES, line_name
    lines = [line_name(line) for line in range(N_LINES)]
    with pytest.raises(PositionError, match="R3"):
        position_from_json({"phase": "handicap", "handicap_left": 1,
                            "bridges": {"black": lines[:25]}})
    s = position_from_json({"phase": "handicap", "handicap_left": 1,
                            "bridges": {"black": lines[:24]}})
    s.play(s.legal_actions()[0])
    assert s.supply == [0, 25]
    s.phase, s.handicap_left = Phase.HANDICAP, 1  # hand-built past the position's checks
    free = next(line for line in range(N_LINES) if s.owner[line] < 0)
    with pytest.raises(IllegalAction, match="R3"):
        s.play(Action(ActionKind.HANDICAP, line=free))
    assert s.supply == [0, 25]


@pytest.mark.parametrize("seed,variants", GAMES)
def test_an_observation_counts_the_points_as_its_state_does(seed, variants):
    s = midgame(seed, moves=400, min_pile=-1, **variants)  # past the first scoring
    assert s.scorings, "the game reached a scoring"
    assert observe(s, 0).totals() == observe(s, 1).totals() == s.totals()
