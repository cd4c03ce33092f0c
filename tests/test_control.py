"""Control and its cascade (R10, R11) and the board's invariants (R11a)."""

import pytest

from kahuna import BLACK, WHITE, PositionError, Setup, new_game, position_from_json
from kahuna.rules.board import DEGREE, ISLANDS, LINES, LINES_OF, MAJORITY, line_name
from kahuna.rules.state import control_invariants

from .helpers import bridges, island, line, names, play, position


@pytest.mark.parametrize("name", ISLANDS)
def test_r10_majority_of_all_the_island_lines(name):
    """R10: control comes with more than half of the island's lines (2/3, 3/4, 3/5, 4/6),
    counted against all its lines: the opponent's bridges there do not matter."""
    i = island(name)
    lines = [line_name(x) for x in LINES_OF[i]]
    need = MAJORITY[i]
    # Black holds need - 1 lines, White the rest but one; Black then places the last free one.
    s = position(bridges={"black": lines[:need - 1], "white": lines[need - 1:-1]},
                 hands={"black": [name]})
    assert s.control[i] == -1
    other_end = lines[-1].replace(name, "").strip("-")
    (fx,) = play(s, f"{name}>{other_end}")
    assert i in fx.gained and s.control[i] == BLACK
    assert DEGREE[i] - need < need  # at most one player can hold an island


def test_r10_half_is_not_enough():
    """R10: three of ELAI's six lines are half, not more than half."""
    s = position(bridges={"black": ["BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA"]},
                 hands={"black": ["ELAI"]})
    assert s.control[island("ELAI")] == -1
    play(s, "ELAI>HUNA")
    assert s.control[island("ELAI")] == BLACK


def test_r11_both_ends_and_the_cascade():
    """R11: one placement gains both ends; every White bridge touching them goes; White then
    loses the islands whose majority went with them (BARI, HUNA), and the chain stops."""
    s = position(
        bridges={"black": ["ALOA-HUNA", "BARI-DUDA", "DUDA-ELAI"],
                 "white": ["ALOA-BARI", "BARI-COCO", "BARI-FAAA",
                           "DUDA-HUNA", "ELAI-HUNA", "HUNA-IFFI"]},
        hands={"black": ["ALOA"]})
    assert names(s.islands(WHITE)) == ["BARI", "HUNA"]
    (fx,) = play(s, "ALOA>DUDA")
    assert names(fx.gained) == ["ALOA", "DUDA"]
    assert fx.removed == [line("ALOA-BARI"), line("DUDA-HUNA")]
    assert names(fx.lost) == ["BARI", "HUNA"]
    # losing a token removes no bridge: White's other bridges stay
    assert bridges(s, WHITE) == ["BARI-COCO", "BARI-FAAA", "ELAI-HUNA", "HUNA-IFFI"]
    assert s.supply == [21, 21]
    assert control_invariants(s) == []


def test_r11_only_a_new_island_sweeps():
    """R11: a bridge added to an island already held removes nothing."""
    s = position(bridges={"black": ["BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA", "ELAI-HUNA"],
                          "white": ["ELAI-IFFI"]},
                 hands={"black": ["ELAI"]})
    assert s.control[island("ELAI")] == BLACK
    (fx,) = play(s, "ELAI>JOJO")
    assert fx.gained == [] and fx.removed == [] and bridges(s, WHITE) == ["ELAI-IFFI"]


def test_r11a_invariants_hold_and_catch_corruption():
    """R11a: tokens match majorities, one bridge a line, 25 bridges each, 24 cards."""
    s = new_game(Setup(seed=4))
    assert control_invariants(s) == []
    broken = s.copy()
    broken.control[0] = BLACK
    assert any("token on ALOA" in p for p in control_invariants(broken))
    broken = s.copy()
    broken.supply[WHITE] -= 1
    assert any("supply" in p for p in control_invariants(broken))
    broken = s.copy()
    broken.pile.pop()
    assert control_invariants(broken) == ["the 24 cards are not all accounted for"]
    broken = s.copy()
    broken.owner[0] = BLACK
    assert control_invariants(broken)


@pytest.mark.parametrize("data, words", [
    ({"bridges": {"black": ["ALOA-BARI"], "white": ["BARI-ALOA"]}}, "two bridges"),
    ({"hands": {"black": ["ALOA"], "white": ["ALOA", "ALOA"]}}, "third ALOA"),
    ({"hands": {"black": ["ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA"]}}, "more than 5"),
    ({"bridges": {"black": [line_name(x) for x in range(26)]}}, "more than 25"),
    ({"pile": ["ALOA"]}, "nowhere"),
    ({"display": ["ALOA", None, None]}, "refilled"),
    ({"known": {"black": ["ALOA"]}}, "known cards"),
    ({"free_line": "ALOA-BARI"}, "V1"),
    ({"round": 2}, "scorings"),
    ({"phase": "final"}, "final_turns"),
    ({"phase": "final", "final_turns": 2, "round": 2, "scorings": [[0, 0]]}, "R20"),
    ({"phase": "final", "final_turns": 2, "round": 3, "scorings": [[0, 0], [0, 0]]}, "R20"),
    ({"to_move": "red"}, "black"),
    ({"bridges": {"black": ["ALOA-LALE"]}}, "no line"),
    ([], "object"),
    ({"variants": {"open_draws": "false"}}, "true or false"),
    ({"opponent_abstained": 1}, "true or false"),
])
def test_r11a_bad_positions_are_refused_with_a_reason(data, words):
    with pytest.raises(PositionError) as err:
        position_from_json(data)
    assert words in str(err.value)


def test_r11a_control_of_a_position_follows_from_its_bridges():
    """R10/R11a: a position names no tokens; they follow from the bridges."""
    lines = [line_name(x) for x in LINES_OF[island("ALOA")]]
    s = position(bridges={"white": lines[:2]})
    assert names(s.islands(WHITE)) == ["ALOA"] and s.islands(BLACK) == []
    assert all(len(LINES[x]) == 2 for x in s.bridges(WHITE))
