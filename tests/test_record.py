"""Game records: setups and starting positions, replay, and bad records refused with the
first bad action named."""

import random

import pytest

from kahuna import WHITE, RecordError, Setup, make_record, new_game, replay
from kahuna.notation.record import setup_from_json, setup_to_json, start_of

from .helpers import names, play_randomly


def record(**fields):
    return {"format": "kahuna-record", "version": 1, "actions": [], **fields}


def test_r5_r6_r7_setup_round_trips_through_json():
    """Every setup choice survives the record: seed, who starts (R5), an explicit deck (R6),
    handicap (R7), the variants (V1, V2) and recorded reshuffles (R18)."""
    deck = tuple(i for i in range(12) for _ in range(2))
    order = tuple(range(12)) + tuple(range(12))
    for setup in (Setup(), Setup(seed=9, first=WHITE, fewer_surprises=True, open_draws=True,
                                 handicap=3, handicap_player=WHITE, deck=deck,
                                 reshuffles=(order[:20], order[4:]))):
        assert setup_from_json(setup_to_json(setup)) == setup


def test_a_record_may_start_from_a_position():
    s = start_of(record(position={"to_move": "white", "hands": {"white": ["ALOA"]}}, seed=3))
    assert s.to_move == WHITE and names(s.hand(WHITE)) == ["ALOA"] and len(s.pile) == 20
    again = start_of(record(position={"to_move": "white", "hands": {"white": ["ALOA"]}}, seed=3))
    assert again.pile == s.pile and again.display == s.display


def test_meta_is_kept_and_ignored():
    rec = make_record(Setup(seed=2), [], {"black": "Ana"})
    assert rec["meta"] == {"black": "Ana"} and replay(rec)[0].to_move == new_game(Setup(seed=2)).to_move
    assert "meta" not in make_record(Setup(seed=2), [])


@pytest.mark.parametrize("data, words", [
    ([], "JSON object"),
    ({"format": "chess-pgn", "version": 1}, "not a Kahuna game record"),
    ({}, 'it has no "format" field'),
    (record(version=2), "unknown record version 2; this program reads version 1"),
    # A version as text or true is said as such, not as "unknown version '1' ... reads 1"
    # (a tester found that sentence contradicting itself).
    (record(version="1"), "the record's version must be a whole number, such as 1, not '1'"),
    (record(version=True), "must be a whole number"),
    ({"format": "kahuna-record", "actions": []}, 'it has no "version" field'),
    (record(setup={"colour": "red"}), "'setup' has no key 'colour'; its keys are seed, first"),
    (record(setup={"seed": "one"}), "whole number"),
    (record(setup={"open_draws": "false"}), "true or false"),
    (record(setup={"first": "red"}), "black"),
    (record(setup={"handicap": 4}), "handicap"),
    (record(setup={"deck": ["ALOA"] * 24}), "two cards of each island"),
    (record(setup={"deck": ["ALOA", "NOPE"]}), "unknown island"),
    (record(setup=[]), "'setup' must be an object"),
    (record(actions="pass"), "'actions' must be a list"),
    (record(setup={"first": "black"}, actions=["pass", "pass"]), "action 2 ('pass'): R13"),
    (record(setup={"first": "black"}, actions=["pile", 5]), "action 2 (5)"),
    (record(setup={"first": "black"}, actions=["ALOA>LALE"]), "action 1 ('ALOA>LALE')"),
    # a hand-edited file that lost its setup: the action is refused, and why it may be
    ({"format": "kahuna-record", "version": 1, "actions": ["ALOA>HUNA"]},
     'action 1 (\'ALOA>HUNA\'): R8: no ALOA card in hand; the record has no "setup"'),
])
def test_bad_records_are_refused_with_a_reason(data, words):
    with pytest.raises(RecordError) as err:
        replay(data)
    assert words in str(err.value) and "None" not in str(err.value)


def test_r18_a_wrong_recorded_reshuffle_names_the_action():
    """R18: a recorded reshuffle that is not the discard pile is refused at the draw that
    ends the round."""
    setup = Setup(seed=4, reshuffles=(tuple(range(12)) * 2,))
    s = new_game(Setup(seed=4))
    actions = play_randomly(s, random.Random(4), until=lambda state: state.round != 1)
    with pytest.raises(RecordError) as err:
        replay(make_record(setup, actions))
    assert f"action {len(actions)} " in str(err.value) and "R18" in str(err.value)
