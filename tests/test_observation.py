"""Hidden information (R24): what a seat sees, and sampling worlds consistent with it."""

import dataclasses
import random

import pytest

from kahuna import BLACK, WHITE, Action, Setup, describe, new_game, observe
from kahuna.rules.board import ISLANDS
from kahuna.rules.state import control_invariants

from .helpers import island, midgame, play, position, rest_of


def without_history(obs):
    return dataclasses.replace(obs, history=())


def test_r24_equal_views_of_states_differing_only_in_hidden_cards():
    """R24: White's hidden cards, the pile order and the face-down discards are unseen by
    Black: two positions differing only there look the same to Black, not to White."""
    common = dict(to_move="black", bridges={"black": ["ALOA-BARI"], "white": ["HUNA-LALE"]},
                  display=["COCO", "DUDA", "ELAI"], discard={"up": ["FAAA"]},
                  known={"white": ["GOLA"]})
    hidden_a = ["GOLA", "HUNA", "IFFI"], ["JOJO", "KAHU"]  # White's hand, face-down discards
    hidden_b = ["GOLA", "LALE", "LALE"], ["HUNA", "JOJO"]
    states = []
    for (white_hand, down), seed in ((hidden_a, 1), (hidden_b, 2)):
        black_hand = ["ALOA", "BARI"]
        used = black_hand + white_hand + down + ["COCO", "DUDA", "ELAI", "FAAA"]
        pile = rest_of(*used)
        random.Random(seed).shuffle(pile)
        states.append(position(hands={"black": black_hand, "white": white_hand},
                               discard={"up": ["FAAA"], "down": down}, pile=pile,
                               **{k: v for k, v in common.items() if k != "discard"}))
    a, b = states
    assert a.pile != b.pile and a.hands[WHITE] != b.hands[WHITE]
    assert observe(a, BLACK) == observe(b, BLACK)
    assert hash(observe(a, BLACK)) == hash(observe(b, BLACK))
    assert observe(a, WHITE) != observe(b, WHITE)


@pytest.mark.parametrize("seed", range(8))
def test_r24_pile_order_and_hidden_cards_are_not_observed(seed):
    """R24: permuting the pile, or swapping an unknown opponent card with a pile card,
    changes no seat's (resp. the other seat's) observation."""
    s = midgame(seed, moves=8 + 3 * seed, min_pile=2, open_draws=seed % 2 == 1)
    assert len(s.pile) >= 2 and s.history
    before = {q: observe(s, q) for q in (BLACK, WHITE)}
    t = s.copy()
    t.pile.reverse()
    assert {q: observe(t, q) for q in (BLACK, WHITE)} == before
    for q in (BLACK, WHITE):
        hidden = [c for c in range(12) for _ in range(s.hands[q][c] - s.known[q][c])]
        swap = next((c for c in hidden if c != s.pile[0]), None)
        if swap is None:
            continue
        t = s.copy()
        t.hands[q][swap] -= 1
        t.hands[q][t.pile[0]] += 1
        t.pile[0] = swap
        assert observe(t, 1 - q) == before[1 - q]
        assert observe(t, q) != before[q]


@pytest.mark.parametrize("seed", range(10))
def test_r24_sampled_states_match_the_observation(seed):
    """R24: a sampled world gives the same observation (history aside), keeps the
    invariants (R11a) and offers the same legal actions."""
    s = midgame(seed, moves=10 * seed + 5, open_draws=seed % 3 == 0,
                fewer_surprises=seed % 2 == 0)
    for q in (BLACK, WHITE):
        obs = observe(s, q)
        for k in range(3):
            world = obs.sample_state(random.Random(k))
            assert control_invariants(world) == []
            assert without_history(observe(world, q)) == without_history(obs)
            if s.to_move == q and not s.is_over:
                assert world.legal_actions() == s.legal_actions() == obs.legal_actions()
        if s.to_move != q:
            assert obs.legal_actions() == []


def test_r24_observation_holds_only_what_the_seat_may_see():
    """R24: own hand, hand sizes, known cards, the display, counts of the piles."""
    s = midgame(3, moves=40)
    obs = observe(s, WHITE)
    assert obs.hand == tuple(s.hands[WHITE]) and obs.hand_sizes == tuple(s.hand_size)
    assert obs.pile_size == len(s.pile) and obs.discard_down == len(s.discard_down)
    assert sorted(obs.discard_up) == sorted(s.discard_up)
    fields = {f.name for f in dataclasses.fields(obs)}
    assert not fields & {"pile", "hands", "rng", "reshuffles"}
    assert len(obs.unseen()) == (len(s.pile) + len(s.discard_down) + s.hand_size[BLACK]
                                 - sum(s.known[BLACK]))


def test_r24_cards_taken_from_the_display_are_remembered_until_played():
    """R24: the opponent knows a display card taken is in the hand, until one is played."""
    s = position(hands={"black": ["ALOA"], "white": ["BARI"]}, display=["HUNA", "ELAI", "DUDA"])
    play(s, "take:HUNA")
    assert observe(s, WHITE).known[BLACK][island("HUNA")] == 1
    play(s, "pile", "HUNA>ELAI")
    assert observe(s, WHITE).known[BLACK][island("HUNA")] == 0


def test_r24_pile_draws_and_face_down_discards_stay_secret_in_the_history():
    s = position(hands={"black": ["ALOA", "BARI", "COCO", "DUDA", "ELAI"], "white": ["FAAA"]})
    fx_discard, _, fx_pile = play(s, "d:ALOA+BARI", "pile", "pile")
    white_view = observe(s, WHITE).history
    black_view = observe(s, BLACK).history
    assert [t for _, t in white_view] == ["d:?+?", "pile", "pile"]
    assert [t for _, t in black_view] == ["d:ALOA+BARI", "pile", "pile"]
    card = fx_pile.drawn
    assert card >= 0
    assert ISLANDS[card] in describe(fx_pile, viewer=WHITE)
    assert ISLANDS[card] not in describe(fx_pile, viewer=BLACK)
    assert "ALOA" not in describe(fx_discard, viewer=WHITE)
    assert "ALOA" in describe(fx_discard, viewer=BLACK)


def test_r24_observation_is_a_value():
    """Observations are frozen and hashable, so a bot can cache by them."""
    s = new_game(Setup(seed=5, first=BLACK))
    obs = observe(s, BLACK)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.round = 2  # type: ignore[misc]
    assert {obs: 1}[observe(new_game(Setup(seed=5, first=BLACK)), BLACK)] == 1
    assert obs.legal_actions() == s.legal_actions() and Action.parse("pile") in obs.legal_actions()
