"""The engine against a second, plain reading of the rules (tests/reference.py): in random
games, both offer the same actions and every action leads to the same position."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kahuna import BLACK, WHITE, Setup, new_game, position_to_json

from . import reference
from .helpers import play, worked_example


def compare_game(state, rng, max_actions=10_000):
    """Step through a random game, comparing the engine with the reference at every action."""
    for _ in range(max_actions):
        if state.is_over:
            return
        pos = position_to_json(state)
        actions = state.legal_actions()
        assert reference.legal(pos) == {str(a) for a in actions}, pos
        action = rng.choice(actions)
        expected = reference.apply(pos, str(action))
        state.do(action)
        if state.is_over:
            winner = None if state.outcome.winner is None else reference.COLOURS[state.outcome.winner]
            assert expected["outcome"] == (winner, state.outcome.termination.value)
            assert expected["scorings"] == [list(s) for s in state.scorings]
            return
        assert "outcome" not in expected
        actual = position_to_json(state)
        if expected["display"] is None:  # after R18's reshuffle: the same cards
            assert sorted(actual["pile"] + actual["display"]) == expected["pile"]
            for key in ("pile", "display"):
                del actual[key], expected[key]
        assert actual == expected, str(action)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.booleans(), st.integers(0, 3),
       st.sampled_from([BLACK, WHITE]))
def test_r1_to_r23_v1_v2_engine_agrees_with_the_reference(seed, v1, v2, handicap, who):
    """R7-R23, V1, V2: same legal actions and same resulting position, action by action."""
    state = new_game(Setup(seed=seed, fewer_surprises=v1, open_draws=v2, handicap=handicap,
                           handicap_player=who))
    compare_game(state, random.Random(seed))


def test_r11_reference_agrees_on_the_worked_example():
    s = worked_example()
    for text in ("BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA"):
        pos = position_to_json(s)
        expected = reference.apply(pos, text)
        play(s, text)
        assert position_to_json(s) == expected
