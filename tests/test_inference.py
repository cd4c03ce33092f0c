"""The master's model of the opponent's hidden cards (issue 14): what its last turn says
(kahuna/players/inference.py), read from the seat's own view only (R24)."""

import copy
import random

import pytest

from kahuna import BLACK, WHITE, Setup, new_game, observe
from kahuna.players.evaluate import DEFAULT
from kahuna.players.inference import last_turn, sampler
from kahuna.players.levels import choose, make_player

from .helpers import island, play
from .test_players import finished, hidden_twin
from .test_worked_example import start as worked_example_start

#: A master that reads the opponent's turns, on a small budget.
READER = "master:iterations=12,candidates=4,infer=0.25"


def black_to_move():
    """The rulebook's position after White's two captures: Black's ELAI and two HUNA
    cards retake HUNA and ELAI (R9, R11), as test_players shows the levels find."""
    state = worked_example_start()
    play(state, "BARI>DUDA", "ALOA>BARI", "pile")
    return state


def world_with(state, cards):
    """``state`` with Black's hand replaced by ``cards`` (names)."""
    world = state.copy()
    world.hands[BLACK] = [0] * 12
    for name in cards:
        world.hands[BLACK][island(name)] += 1
    return world


def weight(state, before, cards, temperature=0.25):
    obs = observe(state, WHITE)
    turn = last_turn(before, obs, len(before.history), DEFAULT)
    assert turn is not None
    return finished(turn.weight(world_with(state, cards), obs.known[BLACK], temperature))


def test_a_turn_that_passed_up_a_capture_makes_the_cards_for_it_unlikely():
    """Black only drew (R12) where ELAI, HUNA and HUNA would have taken two islands: a
    world that gives it those cards explains that turn far worse than one that does not.
    Which hidden card it drew is unknown (R24), so each is weighed."""
    before = black_to_move()
    after = before.copy()
    play(after, "pile")
    capture = weight(after, before, ["ELAI", "HUNA", "HUNA", "COCO"])
    without = weight(after, before, ["COCO", "FAAA", "GOLA", "IFFI"])
    assert 0 < capture < without / 4


def test_a_turn_that_made_the_capture_says_little_against_the_cards_left():
    before = black_to_move()
    after = before.copy()
    play(after, "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA", "pile")
    assert island("ELAI") in after.islands(BLACK)
    assert weight(after, before, ["COCO"]) == 1.0
    assert weight(after, before, ["FAAA"]) == 1.0


def test_the_card_taken_from_the_display_was_not_held_in_the_turn_that_took_it():
    """A card taken from the display (R12) is known to be held from then on (R24); it
    was not in the hand the turn began with, so not playing it says nothing. Held all
    along and not played, the same card makes the turn a little less likely."""
    before = black_to_move()
    took, passed = before.copy(), before.copy()
    play(took, "take:GOLA")
    play(passed, "pass")
    assert observe(took, WHITE).known[BLACK][island("GOLA")] == 1
    assert weight(took, before, ["GOLA"]) == 1.0
    assert weight(passed, before, ["GOLA"]) < 1.0


@pytest.mark.parametrize("script", [
    ("d:ELAI", "pile"),  # a face-down discard (R9a) hides its cards
])
def test_a_turn_with_hidden_cards_is_not_read(script):
    before = black_to_move()
    before.hands[BLACK][island("ELAI")] += 2  # a hand of five may discard (R9a)
    before.hand_size[BLACK] += 2
    after = before.copy()
    play(after, *script)
    assert last_turn(before, observe(after, WHITE), len(before.history), DEFAULT) is None


def test_a_turn_is_not_read_from_the_wrong_position_or_the_wrong_history():
    before = black_to_move()
    after = before.copy()
    play(after, "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA", "pile")
    obs = observe(after, WHITE)
    since = len(before.history)
    assert last_turn(before, obs, since, DEFAULT) is not None
    other = worked_example_start(to_move="black")  # a different board
    assert last_turn(other, obs, since, DEFAULT) is None
    assert last_turn(before, obs, since - 1, DEFAULT) is None  # White's own action too
    assert last_turn(before, obs, len(after.history), DEFAULT) is None  # nothing read


def test_a_turn_that_ended_the_round_is_not_read():
    """R16-R18 reshuffle the cards: the hands the turn began with are not traced."""
    state = new_game(Setup(seed=3))
    rng = random.Random(3)
    turn_start = state.copy()
    while state.round == 1:
        if state.to_move != turn_start.to_move:
            turn_start = state.copy()
        state.do(rng.choice(state.legal_actions()))
    reader = state.to_move  # the other player begins the next round (R18)
    assert turn_start.to_move == 1 - reader
    read = last_turn(turn_start, observe(state, reader), len(turn_start.history), DEFAULT)
    assert read is None


def test_without_a_turn_to_read_the_worlds_are_dealt_as_the_observation_deals_them():
    state = black_to_move()
    obs = observe(state, BLACK)
    for temperature in (0.0, 0.25):
        dealt = finished(sampler(obs, None, temperature)(random.Random(4)))
        assert observe(dealt, BLACK) == observe(obs.sample_state(random.Random(4)), BLACK)
        assert dealt.hands == obs.sample_state(random.Random(4)).hands


def test_reading_a_turn_deals_fewer_worlds_with_the_cards_it_passed_up():
    before = black_to_move()
    after = before.copy()
    play(after, "pile")
    obs = observe(after, WHITE)
    turn = last_turn(before, obs, len(before.history), DEFAULT)
    rng = random.Random(5)

    def elai_and_two_huna(world):
        hand = world.hands[BLACK]
        return hand[island("ELAI")] >= 1 and hand[island("HUNA")] >= 2

    read = sum(elai_and_two_huna(finished(sampler(obs, turn, 0.25)(rng))) for _ in range(300))
    uniform = sum(elai_and_two_huna(obs.sample_state(rng)) for _ in range(300))
    assert uniform > 0 and read < uniform / 2


def test_a_master_that_reads_turns_decides_the_same_whatever_is_hidden():
    """R24 and determinism with a memory: the reader's last turn is remembered from its
    own sampled world, so two games that differ only in the opponent's hidden cards and
    the pile's order lead to the same decision with the same seed."""
    checked = 0
    for seed in range(8):
        state = new_game(Setup(seed=seed))
        players = {BLACK: make_player(READER), WHITE: make_player("casual")}
        rng = random.Random(seed)
        while not state.is_over and checked < 3:
            seat = state.to_move
            obs = observe(state, seat)
            reader = players[seat]
            if seat == BLACK and reader._left and not reader._rest and state.round == 2:
                since, world = reader._left
                if last_turn(world, obs, since, DEFAULT) is not None:
                    twin = hidden_twin(state, seed)
                    if twin.hands != state.hands:
                        assert observe(twin, seat) == obs
                        first, again, other = (copy.deepcopy(reader) for _ in range(3))
                        actions = [choose(first, obs, random.Random(seed)),
                                   choose(again, obs, random.Random(seed)),
                                   choose(other, observe(twin, seat), random.Random(seed))]
                        assert actions[0] == actions[1] == actions[2]
                        checked += 1
                        break
            state.do(choose(reader, obs, rng))
    assert checked >= 3
