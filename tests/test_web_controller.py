"""A game on the page is a record: Setup + actions; undo stays within the turn."""

from __future__ import annotations

import random

import pytest

from kahuna.rules.actions import TURN_ENDING, Action, Kind
from kahuna.rules.errors import KahunaError, RecordError
from kahuna.notation.record import replay
from kahuna.rules.deal import Setup
from kahuna.rules.state import Phase
from web.game.match import COMPUTER, HOTSEAT, Match

from .helpers import play_randomly


def test_record_round_trip_resumes_exactly_mid_turn():
    m = Match.new(Setup(seed=11, first=0), COMPUTER, 0, "random", "g1", 5.0)
    play_randomly(m, random.Random(2), 37)
    again = Match.from_record(m.to_record())
    assert again.actions == m.actions
    assert again.state.legal_actions() == m.state.legal_actions()
    assert again.state.hands == m.state.hands and again.state.pile == m.state.pile
    assert (again.mode, again.human, again.level, again.id, again.created) == (
        COMPUTER, 0, "random", "g1", 5.0)
    assert again.log() == m.log()
    state, _ = replay(m.to_record())  # the saved record is a plain kahuna record
    assert state.owner == m.state.owner


def test_undo_within_the_turn_but_never_after_a_draw():
    m = Match.new(Setup(seed=5, first=0), HOTSEAT, None)
    place = next(a for a in m.state.legal_actions() if a.kind is Kind.PLACE)
    before = m.state.owner[:]
    m.play(place)
    assert m.can_undo()
    m.undo()
    assert m.state.owner == before and m.actions == []
    m.play(place)
    end = next(a for a in m.state.legal_actions() if a.kind in TURN_ENDING)
    m.play(end)
    assert not m.can_undo()  # R12: the draw revealed a card
    with pytest.raises(RecordError):
        m.undo()


@pytest.mark.parametrize("first", [0, 1])
def test_handicap_bridges_are_undone_while_their_player_is_to_move(first):
    """R7: a misplaced handicap bridge is taken back like any other, one by one; once the
    other player is to move (the cover is up in a hot-seat game), it stays."""
    m = Match.new(Setup(seed=5, first=first, handicap=2, handicap_player=0), HOTSEAT, None)
    bridges = [Action.parse("h:ALOA-BARI"), Action.parse("h:HUNA-ELAI")]
    m.play(bridges[0])
    assert m.can_undo()
    m.undo()
    assert m.actions == [] and m.state.phase is Phase.HANDICAP and not m.can_undo()
    for bridge in bridges:
        m.play(bridge)
    assert m.state.phase is not Phase.HANDICAP and m.state.to_move == first
    assert m.can_undo() == (first == 0)  # the handicap player starts: the turn is not begun
    if first == 0:
        m.undo()
        assert m.actions == bridges[:1] and m.state.phase is Phase.HANDICAP


def test_computer_actions_cannot_be_undone_by_the_person():
    m = Match.new(Setup(seed=5, first=1), COMPUTER, 0)
    place = next(a for a in m.state.legal_actions() if a.kind is Kind.PLACE)
    m.play(place)  # the computer (White) acts
    assert m.computer_to_move() and not m.can_undo()


def test_illegal_actions_are_refused():
    m = Match.new(Setup(seed=5, first=0), HOTSEAT, None)
    with pytest.raises(KahunaError):
        m.play(Action.parse("h:ALOA-BARI"))
    assert m.actions == []


def test_hot_seat_shows_the_player_to_move_and_names_no_pile_card():
    m = Match.new(Setup(seed=8, first=0), HOTSEAT, None)
    assert m.viewer() == 0
    m.play(Action.parse("pile"))
    assert m.viewer() == 1
    assert m.log() == ["Black draws from the pile"]
    record = {**m.to_record(), "meta": {**m.meta(), "human": 0}}  # a seat in a two-player record
    assert Match.from_record(record).viewer() == 1  # ignored: still the player to move


def test_a_finished_game_on_one_device_shows_the_hand_of_whoever_ended_it():
    """The device is still in the hands of the player who made the last move: the page
    showed the other player's hand, the one to move had the game gone on (a tester)."""
    rng = random.Random(5)
    for seed in range(4):
        m = Match.new(Setup(seed=seed), HOTSEAT, None)
        play_randomly(m, rng)
        assert m.state.is_over
        last = m.effects[-1].player
        assert m.viewer() == last and m.observation().seat == last, seed


def test_against_the_computer_the_person_sees_their_own_pile_card():
    m = Match.new(Setup(seed=8, first=0), COMPUTER, 0)
    m.play(Action.parse("pile"))
    assert m.log()[0].startswith("You draw from the pile (")


def test_the_log_names_the_players_as_the_player_rows_do():
    """Against the computer "You" and "Computer", whichever colour the person has; the
    computer's pile card stays hidden (R24)."""
    m = Match.new(Setup(seed=8, first=0), COMPUTER, 1)
    assert m.names() == ("Computer", "You")
    m.play(Action.parse("pile"))
    m.play(Action.parse("pile"))
    assert m.log()[0] == "Computer draws from the pile"
    assert m.log()[1].startswith("You draw from the pile (")


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(version=99), "version"),
    (lambda r: r.update(format="chess"), "format"),
    (lambda r: r["actions"].append("take:ZZZZ"), "action"),
    (lambda r: r.update(meta={"mode": "tv"}), "unknown game mode 'tv'; modes: computer"),
    # a valid mode is not blamed for a bad seat (a tester read "unknown game mode 'computer'")
    (lambda r: r.update(meta={"mode": "computer", "human": 5}), r"^'human' .* not 5$"),
    (lambda r: r.update(meta={"mode": "computer"}), r"^'human' .* not None$"),
])
def test_bad_records_say_what_is_wrong(mutate, words):
    m = Match.new(Setup(seed=1), COMPUTER, 0)
    record = m.to_record()
    mutate(record)
    with pytest.raises(RecordError, match=words):
        Match.from_record(record)
