"""A turn (R8-R9b, R12-R15): the actions of phase A and the draw or abstention of phase B."""

import pytest

from kahuna import BLACK, WHITE, IllegalAction, Kind
from kahuna.rules.actions import sub_multisets

from .helpers import bridges, island, legal, line, names, play, position, rest_of

ENDS = {"pile", "pass"}


def turn_endings(state):
    return {t for t in legal(state) if t in ENDS or t.startswith("take:")}


def test_r8_place_on_a_free_line_from_the_card_island():
    """R8: a card of island X puts a bridge on any free line with X at one end."""
    s = position(bridges={"white": ["ELAI-HUNA"]}, hands={"black": ["HUNA"]})
    places = {t for t in legal(s) if ">" in t}
    assert places == {"HUNA>ALOA", "HUNA>DUDA", "HUNA>IFFI", "HUNA>LALE"}
    (fx,) = play(s, "HUNA>LALE")
    assert s.owner[line("HUNA-LALE")] == BLACK and s.supply[BLACK] == 24
    assert fx.gained == fx.removed == fx.lost == [] and s.hand(BLACK) == []


@pytest.mark.parametrize("text", ["HUNA>ELAI", "ALOA>HUNA", "ALOA>BARI"])
def test_r8_illegal_placements(text):
    """R8: not on a taken line, not without the card."""
    s = position(bridges={"white": ["ELAI-HUNA"]}, hands={"black": ["HUNA"]})
    with pytest.raises(IllegalAction) as err:
        play(s, text)
    assert err.value.rule == "R8"
    assert s.hand(BLACK) == [island("HUNA")] and s.history == []


def test_r9_remove_with_any_fitting_pair():
    """R9: {A,A}, {A,B} or {B,B} removes the opponent's bridge on A-B; never one's own."""
    s = position(bridges={"white": ["ELAI-HUNA"], "black": ["ALOA-HUNA"]},
                 hands={"black": ["ELAI", "ELAI", "HUNA", "ALOA"]})
    removals = {t for t in legal(s) if "/" in t}
    assert removals == {"ELAI+ELAI/ELAI-HUNA", "ELAI+HUNA/ELAI-HUNA"}
    s2 = position(bridges={"white": ["ELAI-HUNA"]}, hands={"black": ["HUNA", "HUNA"]})
    assert {t for t in legal(s2) if "/" in t} == {"HUNA+HUNA/ELAI-HUNA"}
    (fx,) = play(s, "ELAI+HUNA/ELAI-HUNA")
    assert fx.removed == [line("ELAI-HUNA")] and s.supply == [24, 25]
    assert names(s.hand(BLACK)) == ["ALOA", "ELAI"]


@pytest.mark.parametrize("text", ["ALOA+HUNA/ALOA-HUNA", "HUNA+HUNA/ELAI-HUNA",
                                  "ELAI+IFFI/ELAI-IFFI"])
def test_r9_illegal_removals(text):
    """R9: not one's own bridge, not without the cards, not from an empty line."""
    s = position(bridges={"white": ["ELAI-HUNA"], "black": ["ALOA-HUNA"]},
                 hands={"black": ["ELAI", "ELAI", "HUNA", "ALOA", "IFFI"]})
    with pytest.raises(IllegalAction) as err:
        play(s, text)
    assert err.value.rule == "R9"


def test_r9_r11_a_removal_can_cost_the_opponent_an_island():
    """R9 with R11: taking away a bridge the opponent's majority needed loses them the island."""
    s = position(bridges={"white": ["ALOA-BARI", "ALOA-DUDA"]}, hands={"black": ["ALOA", "BARI"]})
    assert names(s.islands(WHITE)) == ["ALOA"]
    (fx,) = play(s, "ALOA+BARI/ALOA-BARI")
    assert names(fx.lost) == ["ALOA"] and fx.gained == [] and s.islands(WHITE) == []


def test_r9a_discard_only_from_a_hand_of_five():
    """R9a: with five cards, any non-empty set of them may go face down; never otherwise."""
    hand = ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]
    s = position(hands={"black": hand})
    discards = {t for t in legal(s) if t.startswith("d:")}
    assert len(discards) == len(sub_multisets(s.hands[BLACK])) == 3 * 2 * 2 * 2 - 1
    assert "d:ALOA+ALOA+BARI+COCO+DUDA" in discards
    (fx,) = play(s, "d:ALOA+COCO")
    assert fx.gained == fx.removed == [] and s.hand_size[BLACK] == 3
    assert names(s.discard_down) == ["ALOA", "COCO"] and s.discard_up == []
    assert not {t for t in legal(s) if t.startswith("d:")}
    with pytest.raises(IllegalAction) as err:
        play(s, "d:BARI")
    assert err.value.rule == "R9a"


def test_r9a_discard_needs_the_cards():
    s = position(hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]})
    for text in ("d:ELAI", "d:BARI+BARI"):
        with pytest.raises(IllegalAction) as err:
            play(s, text)
        assert err.value.rule == "R9a"


def test_r9b_played_cards_go_face_up_discards_face_down_one_at_a_time():
    """R9b: played cards go on the discard pile in the order played; each action resolves
    fully before the next (the second placement here only exists after the first)."""
    s = position(bridges={"white": ["ALOA-BARI"]},
                 hands={"black": ["ALOA", "BARI", "BARI", "DUDA", "HUNA"]})
    assert "BARI>ALOA" not in legal(s)
    play(s, "d:HUNA", "ALOA+BARI/ALOA-BARI")
    assert "BARI>ALOA" in legal(s)
    play(s, "BARI>ALOA", "DUDA>BARI")
    assert names(s.discard_up) == ["ALOA", "BARI", "BARI", "DUDA"]
    assert names(s.discard_down) == ["HUNA"]
    assert bridges(s, BLACK) == ["ALOA-BARI", "BARI-DUDA"] and s.hand_size[BLACK] == 0


def test_r12_take_from_the_display_refills_from_the_pile():
    """R12: a display card is replaced at once by the top of the pile; ``pile`` takes the top."""
    rest = ["GOLA", "GOLA", "HUNA", "HUNA", "IFFI", "IFFI", "JOJO", "JOJO", "KAHU", "KAHU",
            "LALE", "LALE", "COCO", "DUDA", "DUDA", "ELAI", "ELAI", "FAAA", "FAAA"]
    s = position(hands={"black": ["ALOA"], "white": ["ALOA"]},
                 display=["BARI", "BARI", "COCO"], pile=rest)
    assert turn_endings(s) == {"take:BARI", "take:COCO", "pile", "pass"}  # BARI offered once
    (fx,) = play(s, "take:BARI")
    assert fx.drawn == island("BARI") and names(s.display) == ["GOLA", "BARI", "COCO"]
    assert names(s.hand(BLACK)) == ["ALOA", "BARI"] and s.to_move == WHITE
    (fx,) = play(s, "pile")
    assert fx.drawn == island("GOLA") and names(s.hand(WHITE)) == ["ALOA", "GOLA"]
    assert len(s.pile) == len(rest) - 2
    with pytest.raises(IllegalAction) as err:
        play(s, "take:ALOA")
    assert err.value.rule == "R12"


def test_r12_no_pile_draw_from_an_empty_pile():
    s = position(hands={"black": ["ALOA"]}, display=["BARI", None, None], pile=[],
                 discard={"up": rest_of("ALOA", "BARI")})
    assert turn_endings(s) == {"take:BARI", "pass"}
    with pytest.raises(IllegalAction) as err:
        play(s, "pile")
    assert err.value.rule == "R12"


def test_r13_no_abstaining_after_the_opponent_abstained():
    """R13: after the opponent's ``pass``, the player must draw."""
    s = position(hands={"black": ["ALOA"], "white": ["BARI"]})
    play(s, "pass")
    assert s.to_move == WHITE and s.opponent_abstained
    assert "pass" not in legal(s) and "pile" in legal(s)
    with pytest.raises(IllegalAction) as err:
        play(s, "pass")
    assert err.value.rule == "R13"
    play(s, "pile")
    assert "pass" in legal(s)


def test_r14_no_draw_with_five_cards():
    """R14: a hand of five may not draw, but may abstain (the opponent did not)."""
    s = position(hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]})
    assert turn_endings(s) == {"pass"}
    for text in ("pile", f"take:{names(s.display)[0]}"):
        with pytest.raises(IllegalAction) as err:
            play(s, text)
        assert err.value.rule == "R14"


def test_r13_r14_five_cards_after_the_opponent_abstained():
    """R13 + R14: holding five after the opponent abstained, no turn ending is offered until
    a card is played or discarded; then a draw (not a pass) ends the turn."""
    for first_action in ("d:COCO", "DUDA>ALOA"):
        s = position(hands={"black": ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]},
                     opponent_abstained=True)
        assert turn_endings(s) == set()
        assert any(a.kind is Kind.DISCARD for a in s.legal_actions())
        for text in ("pass", "pile"):
            with pytest.raises(IllegalAction) as err:
                play(s, text)
            assert err.value.rule == ("R13" if text == "pass" else "R14")
        play(s, first_action)
        ends = turn_endings(s)
        assert "pile" in ends and "pass" not in ends
        play(s, "pile")
        assert s.hand_size[BLACK] == 5 and s.to_move == WHITE


def test_r15_nothing_to_draw_means_abstaining_even_after_a_pass():
    """R15: in the final turns (R20) only ``pass`` ends the turn, whatever R13 or R14 say."""
    hand = ["ALOA", "ALOA", "BARI", "COCO", "DUDA"]
    s = position(round=3, scorings=[[0, 0], [0, 0]], phase="final", final_turns=1,
                 opponent_abstained=True, display=[None, None, None], pile=[],
                 hands={"black": hand}, discard={"up": rest_of(*hand)})
    assert turn_endings(s) == {"pass"}
    for text in ("pile", "take:ALOA"):
        with pytest.raises(IllegalAction) as err:
            play(s, text)
        assert err.value.rule == "R15"
    play(s, "pass")
    assert s.is_over  # that was the last final turn
