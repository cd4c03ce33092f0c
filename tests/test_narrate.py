"""The move log's plain words (narrate.describe) for every kind of action and event."""

from kahuna import BLACK, WHITE, Setup, describe, new_game

from .helpers import HOLD_ALOA, HOLD_COCO, HOLD_LALE, final_position, last_card, play, position


def test_v1_r9a_discard_removal_free_bridge_pass_in_words():
    """R9a: a face-down discard is named to its owner only (R24); V1's free bridge."""
    s = position(variants={"fewer_surprises": True}, bridges={"white": ["ELAI-HUNA"]},
                 hands={"black": ["ELAI", "HUNA", "IFFI", "IFFI", "JOJO"]})
    effects = play(s, "d:IFFI+JOJO", "ELAI+HUNA/ELAI-HUNA", "f:ELAI-HUNA", "pass")
    assert [describe(fx, viewer=BLACK) for fx in effects] == [
        "Black discards IFFI and JOJO face down",
        "Black plays ELAI and HUNA and removes White's ELAI–HUNA bridge",
        "Black places a free bridge on ELAI–HUNA",
        "Black ends the turn without drawing",
    ]
    assert describe(effects[0], viewer=WHITE) == "Black discards 2 cards face down"
    assert describe(effects[0]) == "Black discards 2 cards face down"


def test_r7_handicap_in_words():
    (fx,) = play(new_game(Setup(handicap=1)), "h:ALOA-BARI")
    assert describe(fx) == "Black places a handicap bridge on ALOA–BARI"


def test_r17_r22_r23_round_ends_scorings_and_results_in_words():
    s = last_card(black=HOLD_ALOA + HOLD_COCO, white=HOLD_LALE)
    assert describe(play(s, "take:GOLA")[0]) == (
        "Black takes GOLA from the display; round 1 ends; Black scores 1")
    s = last_card(black=HOLD_ALOA, white=HOLD_LALE)
    assert describe(play(s, "take:GOLA")[0]).endswith("round 1 ends; nobody scores")
    s = final_position([[1, 0], [0, 2]], HOLD_ALOA, ["DUDA-ELAI"])
    assert describe(play(s, "pass")[0]) == (
        "Black ends the turn without drawing; Black scores 1; "
        "Black wins (equal points, higher final scoring)")
    s = last_card(black=HOLD_ALOA, white=[])
    assert describe(play(s, "take:GOLA")[0]).endswith(
        "Black scores 1; Black wins (White has no bridge left)")
