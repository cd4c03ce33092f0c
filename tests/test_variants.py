"""The variants: V1 "fewer surprises" and V2 "open draws", alone and together."""

import random

import pytest

from kahuna import BLACK, WHITE, IllegalAction, Setup, new_game, observe
from kahuna.rules.board import line_name

from .helpers import bridges, island, legal, line, names, play, play_randomly, position

V1 = {"fewer_surprises": True}
V2 = {"open_draws": True}


def test_v1_no_bridge_touching_an_opponent_island():
    """V1: a placement may not touch an island the opponent holds (either end)."""
    s = position(variants=V1, bridges={"white": ["ALOA-BARI", "ALOA-DUDA"]},
                 hands={"black": ["ALOA", "HUNA", "DUDA"]})
    assert s.control[island("ALOA")] == WHITE
    places = {t for t in legal(s) if ">" in t}
    assert not any("ALOA" in t for t in places)
    assert places == {"HUNA>DUDA", "HUNA>ELAI", "HUNA>IFFI", "HUNA>LALE",
                      "DUDA>BARI", "DUDA>ELAI", "DUDA>HUNA"}
    for text in ("ALOA>HUNA", "HUNA>ALOA"):
        with pytest.raises(IllegalAction) as err:
            play(s, text)
        assert err.value.rule == "V1"
    # without V1 the same placements are legal
    s = position(bridges={"white": ["ALOA-BARI", "ALOA-DUDA"]},
                 hands={"black": ["ALOA", "HUNA", "DUDA"]})
    assert {"ALOA>HUNA", "HUNA>ALOA"} <= legal(s)


def test_v1_free_bridge_after_a_removal():
    """V1: after a removal the remover may put a bridge on the freed line without a card,
    checked after the removal's own effects (White lost ALOA, so ALOA-BARI is allowed)."""
    s = position(variants=V1, bridges={"white": ["ALOA-BARI", "ALOA-DUDA"]},
                 hands={"black": ["ALOA", "BARI"]})
    (fx,) = play(s, "ALOA+BARI/ALOA-BARI")
    assert names(fx.lost) == ["ALOA"]
    assert s.free_line == line("ALOA-BARI") and "f:ALOA-BARI" in legal(s)
    (fx,) = play(s, "f:ALOA-BARI")
    assert s.owner[line("ALOA-BARI")] == BLACK and s.hand_size[BLACK] == 0
    assert s.free_line == -1 and fx.gained == []
    assert bridges(s, BLACK) == ["ALOA-BARI"] and s.supply == [24, 24]


def test_v1_free_bridge_is_optional_and_lost_after_another_action():
    s = position(variants=V1, bridges={"white": ["ELAI-HUNA"]},
                 hands={"black": ["ELAI", "HUNA", "IFFI"]})
    play(s, "ELAI+HUNA/ELAI-HUNA", "IFFI>JOJO")
    assert "f:ELAI-HUNA" not in legal(s)
    with pytest.raises(IllegalAction) as err:
        play(s, "f:ELAI-HUNA")
    assert err.value.rule == "V1"
    s = position(variants=V1, bridges={"white": ["ELAI-HUNA"]}, hands={"black": ["ELAI", "HUNA"]})
    play(s, "ELAI+HUNA/ELAI-HUNA", "pile")  # ending the turn also forgoes it
    assert s.to_move == WHITE and s.owner[line("ELAI-HUNA")] == -1


def test_v1_free_bridge_needs_a_free_end_and_a_bridge():
    """V1: no free bridge where the opponent still holds an end, nor without a bridge (R3)."""
    s = position(variants=V1, bridges={"white": ["ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA"]},
                 hands={"black": ["ALOA", "ALOA"]})
    play(s, "ALOA+ALOA/ALOA-BARI")
    assert s.control[island("ALOA")] == WHITE  # 2 of 3 left
    assert not any(t.startswith("f:") for t in legal(s))
    with pytest.raises(IllegalAction) as err:
        play(s, "f:ALOA-BARI")
    assert err.value.rule == "V1"
    all_lines = [line_name(x) for x in range(27)]
    s = position(variants=V1, bridges={"black": all_lines[2:], "white": all_lines[:1]},
                 hands={"black": ["ALOA", "BARI"]})
    assert s.supply[BLACK] == 0
    play(s, "ALOA+BARI/ALOA-BARI")
    assert not any(t.startswith("f:") for t in legal(s))
    with pytest.raises(IllegalAction) as err:
        play(s, "f:ALOA-BARI")
    assert err.value.rule == "R3"


def test_v1_free_bridge_does_not_exist_without_v1():
    s = position(bridges={"white": ["ELAI-HUNA"]}, hands={"black": ["ELAI", "HUNA"]})
    play(s, "ELAI+HUNA/ELAI-HUNA")
    assert s.free_line == -1
    with pytest.raises(IllegalAction) as err:
        play(s, "f:ELAI-HUNA")
    assert err.value.rule == "V1"


def test_v2_display_cards_stay_open_and_count_for_the_hand():
    """V2: a display card taken is open: it counts for the limit (R14), can be played, and
    the opponent sees it; a card played goes from the open ones first (engine decision:
    cards of one island are alike and this reveals least)."""
    s = position(variants=V2, hands={"black": ["ALOA", "BARI", "COCO"], "white": ["DUDA"]},
                 display=["ALOA", "ELAI", "FAAA"])
    play(s, "take:ALOA")
    assert s.known[BLACK][island("ALOA")] == 1 and s.hand_size[BLACK] == 4
    assert observe(s, WHITE).known[BLACK][island("ALOA")] == 1
    play(s, "pile", "ALOA>BARI")
    assert s.known[BLACK][island("ALOA")] == 0 and s.hands[BLACK][island("ALOA")] == 1


def test_v2_face_down_discards_take_hidden_copies_first():
    """V2: discarding an island the player holds open and hidden keeps the open copy open."""
    s = position(variants=V2, hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]},
                 known={"black": ["ALOA", "BARI"]})
    play(s, "d:ALOA+BARI")
    assert names([i for i in range(12) for _ in range(s.known[BLACK][i])]) == ["ALOA"]
    assert names(s.hand(BLACK)) == ["ALOA", "COCO", "DUDA"]


def test_r24_without_v2_a_face_down_discard_blurs_the_memory():
    """R24 (no V2): after n cards go face down, the opponent can only be sure of the
    remembered copies beyond n of each island (engine decision, see docs/notation.md)."""
    s = position(hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]},
                 known={"black": ["ALOA", "ALOA", "BARI"]})
    play(s, "d:COCO")
    assert s.known[BLACK][island("ALOA")] == 1 and s.known[BLACK][island("BARI")] == 0
    s = position(hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]},
                 known={"black": ["ALOA", "ALOA", "BARI"]})
    play(s, "d:COCO+DUDA")
    assert sum(s.known[BLACK]) == 0


def test_v1_v2_combine_in_whole_games():
    """V1 and V2 together: random games run to the end with free bridges and open cards."""
    kinds = set()
    for seed in range(30):
        s = new_game(Setup(seed=seed, fewer_surprises=True, open_draws=True))
        kinds |= {action.kind.name for action in play_randomly(s, random.Random(seed))}
        assert s.is_over
    assert {"FREE", "TAKE", "REMOVE", "DISCARD"} <= kinds
