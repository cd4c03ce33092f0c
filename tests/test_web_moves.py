"""The move log, the latest moves and the marks of the other side's last turn
(web/view/moves.py): whole turns, numbers past 99, board facts only (R24)."""

from __future__ import annotations

import random
import re
from dataclasses import fields

from kahuna import BLACK, WHITE, Setup, describe
from web.game.match import HOTSEAT, Match
from web.view.moves import NOTHING, last_turn, log_html, recent_html, turns
from web.view.render import Marks, board_svg

from .helpers import island, line, play, play_randomly, worked_example


def _worked_turns():
    """White's two placements and draw (R11), then Black's removal and placement."""
    s = worked_example()
    return s, play(s, "BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA")


def test_actions_group_into_turns_by_player():
    _, effects = _worked_turns()
    assert turns(effects) == [range(0, 3), range(3, 5)]
    assert turns([]) == []


def test_latest_moves_show_the_whole_last_turn_of_each_side():
    """A three-action turn is shown whole, then the other side's turn so far."""
    _, effects = _worked_turns()
    lines = [describe(fx, BLACK) for fx in effects]
    html = recent_html(lines, effects)
    assert [int(n) for n in re.findall(r'class="num">(\d+)\.', html)] == [1, 2, 3, 4, 5]
    assert html.count('<li class="turn') == 2 and html.count("last-turn") == 1
    more = lines + lines[:1]  # a longer game: only the last two turns remain
    assert re.findall(r'class="num">(\d+)\.', recent_html(more, effects + effects[:1])) == [
        "4", "5", "6"]


def test_move_numbers_past_99_are_text_numbered_in_the_order_played():
    lines = [f"move {n}" for n in range(1, 114)]
    html = log_html(lines)
    numbers = re.findall(r'<li><span class="num">(\d+)\.</span> move (\d+)</li>', html)
    assert len(numbers) == 113
    assert numbers[0] == ("113", "113") and numbers[-1] == ("1", "1")  # newest first
    assert all(a == b for a, b in numbers)


def test_r11_the_other_sides_last_turn_is_marked_until_the_viewer_acts():
    _, effects = _worked_turns()
    white = last_turn(effects[:3], BLACK)  # White's whole turn, Black not yet acted
    assert white.placed == {line("BARI-DUDA"), line("ALOA-BARI")}
    assert white.removed == {line("ALOA-HUNA")}  # ALOA-BARI was Black's, built on again
    assert white.islands == {island("BARI"), island("ALOA"), island("HUNA")}
    assert last_turn(effects[:4], BLACK) == NOTHING  # Black acted: the marks go
    assert last_turn(effects[:3], WHITE) == NOTHING  # one's own turn is not marked
    assert last_turn([], BLACK) == NOTHING
    black = last_turn(effects, WHITE)
    assert black.placed == {line("ELAI-HUNA")} and island("DUDA") in black.islands


def test_r24_the_marks_show_board_facts_only():
    """The pile draw of the marked turn leaves no trace on the board: the same marks
    whatever card was drawn."""
    _, effects = _worked_turns()
    marks = last_turn(effects[:3], BLACK)
    assert {f.name for f in fields(marks)} == {"placed", "removed", "islands"}  # no card
    svg = board_svg(None, Marks(last=marks))
    assert svg.count('class="built"') == 2 and svg.count('class="cleared"') == 1
    assert svg.count('class="island changed"') == 3
    assert "last-turn" not in board_svg(None)


def test_a_long_random_game_numbers_every_action():
    match = Match.new(Setup(seed=5), HOTSEAT, None)
    play_randomly(match, random.Random(5), 130)
    html = log_html([describe(fx) for fx in match.effects])
    assert html.startswith(f'<li><span class="num">{len(match.effects)}.</span>')
    assert len(match.effects) > 99

