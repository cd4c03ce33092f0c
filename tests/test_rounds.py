"""Rounds and scoring (R16-R23): round ends, interim and final scoring, the two final turns,
the winner and every tie-break, the early end."""

import pytest

from kahuna import BLACK, WHITE, IllegalAction, Phase, Termination
from kahuna.rules.board import LINES_OF, line_name

from .helpers import (HOLD_ALOA, HOLD_COCO, HOLD_LALE, final_position, island, last_card,
                      legal, names, play, position, rest_of)

def test_r16_r17_r18_end_of_the_first_round():
    """R16: taking the last card ends the round (and the turn); R17: 1 point for more
    islands; R18: the discard pile is the new pile, 3 cards face up, hands kept, and the
    other player moves next."""
    s = last_card(black=HOLD_ALOA + HOLD_COCO, white=HOLD_LALE)
    order = list(s.discard_up)[::-1]  # the recorded reshuffle, top first
    s.reshuffles = [[island(n) for n in names(order)]]
    (fx,) = play(s, "take:GOLA")
    assert fx.round_ended == 1 and fx.scoring == (1, 0) and fx.outcome is None
    assert s.round == 2 and s.scorings == [(1, 0)] and s.to_move == WHITE
    assert names(s.hand(BLACK)) == ["ALOA", "GOLA"] and names(s.hand(WHITE)) == ["BARI"]
    assert s.display == order[:3] and s.pile[::-1] == order[3:]
    assert s.discard_up == s.discard_down == [] and not s.opponent_abstained
    assert "pass" in legal(s)  # R19: a round ends with a draw, so White may abstain


def test_r17_second_scoring_is_worth_two_and_a_tie_nothing():
    s = last_card(round_no=2, black=HOLD_ALOA, white=HOLD_LALE + HOLD_COCO, scorings=[[1, 0]])
    (fx,) = play(s, "take:GOLA")
    assert fx.scoring == (0, 2) and s.scorings == [(1, 0), (0, 2)] and s.round == 3
    s = last_card(black=HOLD_ALOA, white=HOLD_LALE)
    (fx,) = play(s, "take:GOLA")
    assert fx.scoring == (0, 0) and s.totals() == (0, 0)


def test_r18_reshuffle_is_random_from_the_seed_and_checked_when_recorded():
    """R18: without a recorded order the state's generator shuffles; a recorded order that
    is not the discard pile is refused."""
    a = last_card(black=HOLD_ALOA, white=HOLD_LALE, seed=1)
    b = last_card(black=HOLD_ALOA, white=HOLD_LALE, seed=1)
    play(a, "take:GOLA")
    play(b, "take:GOLA")
    assert a.pile == b.pile and a.display == b.display and len(a.pile) == 21 - 3
    s = last_card(black=HOLD_ALOA, white=HOLD_LALE)
    s.reshuffles = [[island("ALOA")] * 21]
    with pytest.raises(IllegalAction) as err:
        play(s, "take:GOLA")
    assert err.value.rule == "R18"


def test_r19_abstaining_looks_only_at_the_turn_before():
    """R19: a player's own earlier pass does not stop a pass now; the opponent's does."""
    s = position(hands={"black": ["ALOA"], "white": ["BARI"]}, to_move="white")
    play(s, "pass", "pile")  # White abstains, Black draws
    assert "pass" in legal(s)
    play(s, "pass")
    assert "pass" not in legal(s)


def test_r20_final_turns_opponent_then_drawer_nothing_to_draw():
    """R20: the third round's last draw ends the turn; White then Black take one more turn,
    with only ``pass`` to end it (R15); then the final scoring (R21)."""
    s = last_card(round_no=3, black=["ALOA-BARI"], white=HOLD_LALE,
                  hands={"black": ["ALOA"], "white": ["BARI"]})
    (fx,) = play(s, "take:GOLA")
    assert fx.round_ended == 3 and fx.scoring is None and s.scorings == [(0, 0), (0, 0)]
    assert s.phase is Phase.FINAL and s.to_move == WHITE and s.final_turns == 2
    assert {t for t in legal(s) if ">" not in t} == {"pass"}
    fx = play(s, "BARI>FAAA", "pass")[1]
    assert fx.scoring is None and s.to_move == BLACK and s.final_turns == 1
    assert "pass" in legal(s)  # R15: R13 does not apply
    play(s, "ALOA>HUNA")  # the drawer's last turn: Black takes ALOA
    (fx,) = play(s, "pass")
    assert fx.scoring == (0, 0) and s.is_over  # 1 island each; White has 3 bridges to 2
    assert s.outcome.winner == WHITE
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        play(s, "pass")


def test_r21_final_scoring_is_the_difference():
    s = final_position([[0, 0], [0, 0]], HOLD_ALOA + HOLD_COCO + ["DUDA-ELAI"], HOLD_LALE)
    (fx,) = play(s, "pass")
    assert fx.scoring == (1, 0)
    s = final_position([[0, 0], [0, 0]], ["DUDA-ELAI"], HOLD_LALE + HOLD_ALOA + HOLD_COCO)
    (fx,) = play(s, "pass")
    assert fx.scoring == (0, 3) and s.outcome.winner == WHITE


@pytest.mark.parametrize("scorings, black, white, winner, reason", [
    # more points wins, whatever the final scoring
    ([[1, 0], [0, 0]], HOLD_ALOA, HOLD_LALE, BLACK, "more points"),
    ([[1, 0], [0, 0]], ["DUDA-ELAI"], HOLD_LALE + HOLD_ALOA, WHITE, "more points"),
    # equal totals: the higher final scoring wins
    ([[1, 0], [0, 2]], HOLD_ALOA, ["DUDA-ELAI"], BLACK, "equal points, higher final scoring"),
    ([[0, 1], [2, 0]], ["DUDA-ELAI"], HOLD_ALOA, WHITE, "equal points, higher final scoring"),
    # no points at all: more bridges on the board
    ([[0, 0], [0, 0]], HOLD_ALOA + ["ELAI-JOJO"], HOLD_LALE, BLACK,
     "no points, more bridges on the board"),
    ([[0, 0], [0, 0]], ["ELAI-JOJO"], ["DUDA-ELAI", "GOLA-KAHU"], WHITE,
     "no points, more bridges on the board"),
    # still equal: a draw
    ([[0, 0], [0, 0]], HOLD_ALOA, HOLD_LALE, None, "equal in every tie-break"),
])
def test_r22_winner_and_every_tie_break(scorings, black, white, winner, reason):
    s = final_position(scorings, black, white)
    (fx,) = play(s, "pass")
    assert fx.outcome is s.outcome and s.outcome.termination is Termination.SCORING
    assert (s.outcome.winner, s.outcome.reason) == (winner, reason)
    assert s.phase is Phase.OVER


def test_r23_early_end_after_any_action():
    """R23: after the first scoring, taking the opponent's last bridge wins at once."""
    s = position(round=2, scorings=[[0, 0]], bridges={"black": ["ALOA-BARI"], "white": ["DUDA-HUNA"]},
                 hands={"black": ["DUDA", "HUNA", "LALE"]})
    (fx,) = play(s, "DUDA+HUNA/DUDA-HUNA")
    assert fx.outcome.winner == BLACK and fx.outcome.termination is Termination.EARLY
    assert s.is_over and s.legal_actions() == []


def test_r23_early_end_by_a_sweep_in_the_final_turns():
    ends = [line_name(x) for x in LINES_OF[island("ALOA")]]
    s = position(round=3, phase="final", final_turns=2, scorings=[[0, 0], [0, 0]],
                 bridges={"black": ends[:1], "white": ends[1:2]}, hands={"black": ["ALOA"]},
                 display=[None, None, None], pile=[], discard={"up": rest_of("ALOA")})
    (fx,) = play(s, f"ALOA>{ends[2].replace('ALOA', '').strip('-')}")
    assert names(fx.gained) == ["ALOA"] and len(fx.removed) == 1
    assert fx.outcome.winner == BLACK and fx.outcome.termination is Termination.EARLY


def test_r23_early_end_at_the_start_of_the_second_round():
    """R23: the first scoring itself is checked: White has no bridge then, Black wins."""
    s = last_card(black=HOLD_ALOA, white=[])
    (fx,) = play(s, "take:GOLA")
    assert fx.round_ended == 1 and fx.scoring == (1, 0)
    assert fx.outcome.winner == BLACK and fx.outcome.termination is Termination.EARLY and s.is_over


def test_r23_both_without_bridges_play_goes_on():
    """R23: if both have no bridge, nothing ends; the first bridge placed then ends it."""
    s = last_card(black=[], white=[])
    (fx,) = play(s, "take:GOLA")
    assert fx.outcome is None and s.phase is Phase.PLAY and s.round == 2
    play(s, "BARI>ALOA")  # White's turn: now only Black has no bridge
    assert s.outcome.winner == WHITE and s.outcome.termination is Termination.EARLY


def test_r23_not_in_the_first_round():
    s = position(bridges={"black": ["ALOA-BARI"], "white": ["DUDA-HUNA"]},
                 hands={"black": ["DUDA", "HUNA"]})
    play(s, "DUDA+HUNA/DUDA-HUNA")
    assert not s.is_over and s.bridges(WHITE) == []


def test_r16_the_round_goes_on_until_the_display_is_empty():
    """R16: an empty pile alone does not end the round; taking the last display card does.
    R12: a take that empties the pile still refills its slot."""
    s = position(hands={"black": ["ALOA"], "white": ["BARI"]}, display=["GOLA", "HUNA", "IFFI"],
                 pile=["JOJO"], discard={"up": rest_of("ALOA", "BARI", "GOLA", "HUNA", "IFFI",
                                                       "JOJO")})
    play(s, "take:GOLA")
    assert names(s.display) == ["JOJO", "HUNA", "IFFI"] and s.pile == [] and s.round == 1
    fx = play(s, "take:JOJO", "take:HUNA")[-1]
    assert fx.round_ended == 0 and s.display[:2] == [-1, -1] and "pile" not in legal(s)
    (fx,) = play(s, "take:IFFI")
    assert fx.round_ended == 1 and s.round == 2 and s.to_move == BLACK
