"""Perft: how many action sequences of length 1, 2, 3 the generator allows from fixed
positions (as in chess). Any change to move generation changes these numbers."""

import pytest

from kahuna import Setup, new_game

from .helpers import position, rest_of


def perft(state, depth):
    """The number of legal action sequences of ``depth`` actions (fewer if the game ends)."""
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.copy()
        child.do(action)
        total += perft(child, depth - 1)
    return total


def small():
    """Black holds one ALOA; White holds nothing; the display is BARI COCO DUDA and the
    pile (top first) ELAI ELAI FAAA ... so every refill differs from the display."""
    return position(hands={"black": ["ALOA"], "white": []}, display=["BARI", "COCO", "DUDA"],
                    pile=rest_of("ALOA", "BARI", "COCO", "DUDA")[::-1])


def test_r8_r12_r13_perft_small_position_checked_by_hand():
    """Depth 1: 3 placements (ALOA has 3 lines, R8) + 3 takes + pile + pass (R12, R13) = 8.
    Depth 2: after a placement Black has only the 5 turn endings: 3 x 5 = 15; after one
    of Black's 4 draws White (no cards) has 3 takes + pile + pass: 4 x 5 = 20; after Black's
    pass White must draw (R13): 4. Total 39."""
    s = small()
    assert perft(s, 1) == 8
    assert perft(s, 2) == 3 * 5 + 4 * 5 + 4 == 39
    assert perft(s, 3) == 334


def test_r9_r9a_r14_v1_perft_hand_of_five_after_a_pass():
    """V1, a hand of five after White abstained (R13 + R14: no turn ending until a card
    goes). Depth 1 by hand: placements BARI 4 + ELAI 5 + HUNA 2 (nothing touches White's
    ALOA) = 11; removals ALOA+BARI, ELAI+HUNA, HUNA+HUNA = 3; discards 2*2*2*3 - 1 = 23."""
    s = position(variants={"fewer_surprises": True},
                 bridges={"white": ["ALOA-BARI", "ALOA-DUDA", "ELAI-HUNA"],
                          "black": ["IFFI-LALE", "HUNA-IFFI"]},
                 hands={"black": ["ALOA", "BARI", "ELAI", "HUNA", "HUNA"], "white": ["COCO", "JOJO"]},
                 display=["GOLA", "KAHU", "KAHU"], opponent_abstained=True, seed=7)
    assert perft(s, 1) == 11 + 3 + 23 == 37
    assert [perft(s, d) for d in (2, 3)] == [389, 3576]


@pytest.mark.parametrize("setup, counts", [
    (Setup(seed=1), [19, 280, 3576]),
    (Setup(seed=2), [20, 297, 3686]),
    (Setup(seed=3), [17, 236, 3036]),
    (Setup(seed=4, fewer_surprises=True, open_draws=True, handicap=2, handicap_player=1),
     [27, 702, 12010]),
])
def test_r6_r7_perft_from_the_deal(setup, counts):
    """From the deal (R6) and a handicap start (R7): seed 1's first count by hand is Black's
    COCO (4 lines) + FAAA (5) + KAHU (5) = 14 placements, 3 takes, pile, pass = 19."""
    s = new_game(setup)
    assert [perft(s, d) for d in (1, 2, 3)] == counts
