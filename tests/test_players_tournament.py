"""The tournament command: seat-swapped pairs, deterministic by seed, clear errors."""

import itertools
import json
from pathlib import Path

import pytest

from kahuna.tools.cli import main
from kahuna.tools.tournament import match, time_stats, variants, wilson


def outcome(result):
    """A match's result without its timings (which differ from run to run)."""
    return {k: v for k, v in result.items() if not k.startswith("time_")}


def test_a_match_is_the_same_for_a_seed_with_any_number_of_processes():
    one = match("greedy", "random", games=6, seed=4, jobs=1)
    assert outcome(match("greedy", "random", games=6, seed=4, jobs=2)) == outcome(one)
    assert one["games"] == 6 and one["wins"] + one["losses"] + one["draws"] == 6
    assert one["time_a"]["decisions"] > 0 and one["time_b"]["decisions"] > 0


def test_games_come_in_seat_swapped_pairs_so_self_play_is_balanced():
    """Player A meets the same deal from both seats, and each seat keeps its random
    generator: a player against itself plays the same game twice, one win each."""
    result = match("random", "random", games=8, seed=2)
    assert result["games"] == 8
    assert result["wins"] == result["losses"]


def test_odd_game_counts_round_up_to_whole_pairs():
    assert match("random", "random", games=3, seed=1)["games"] == 4


def test_wilson_interval_and_time_stats():
    low, high = wilson(0.5, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(1.0, 10)[1] == pytest.approx(1.0)
    stats = time_stats([0.1] * 19 + [1.0])
    assert stats["decisions"] == 20 and stats["p95"] == 0.1 and stats["max"] == 1.0
    assert time_stats([])["decisions"] == 0


def test_cli_prints_the_win_rate_interval_and_times(capsys):
    assert main(["tournament", "greedy", "random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random: 2 games" in out and "95% CI" in out and "p95" in out
    assert main(["tournament", "greedy", "random", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and len(data["ci95"]) == 2


def test_progress_tells_the_running_score_and_the_match_is_unchanged():
    lines: list[str] = []
    result = match("greedy", "random", games=6, seed=4, progress=lines.append, every=1)
    assert outcome(result) == outcome(match("greedy", "random", games=6, seed=4))
    # after pairs 1 and 2 of 3; the whole match is the result itself, not a progress line
    assert [line.split(":")[0] for line in lines] == ["after 2 games", "after 4 games"]
    w, l, d = (int(n) for n in lines[-1].split(": ")[1].split(",")[0].split("-"))
    assert w + l + d == 4 and "95% CI" in lines[-1]


def test_progress_tells_each_side_s_cpu_a_decision_so_far():
    """Trials of whole turns against random moves: A's mean is the larger."""
    lines: list[str] = []
    match("skilled:iterations=48", "random", games=4, seed=4, progress=lines.append, every=1)
    a_ms, b_ms = (int(n) for n in lines[0].split("A/B ")[1].removesuffix(" ms").split("/"))
    assert a_ms > b_ms >= 0


def test_cli_prints_progress_to_stderr_only_when_asked(capsys):
    assert main(["tournament", "greedy", "random", "--games", "4", "--progress", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("after 2 games: ") and "after" not in captured.out
    assert main(["tournament", "greedy", "random", "--games", "4"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("args", [["nobody", "random"], ["greedy", "random", "--games", "0"],
                                  ["greedy", "random", "--progress", "-1"],
                                  ["greedy", "random", "--first", "3"],
                                  ["greedy", "random", "--first", "-2"]])
def test_cli_rejects_bad_players_and_counts_with_a_message(args, capsys):
    assert main(["tournament", *args]) == 2
    assert capsys.readouterr().err.strip()


ROOT = str(Path(__file__).resolve().parent.parent)


def test_a_player_from_another_checkout_plays_as_its_own_code_would():
    """``NAME@ROOT`` runs that tree's code (here this very checkout, loaded a second time
    under another module name): the same decisions, so the same games as the original."""
    assert outcome(match("skilled:iterations=4", f"skilled:iterations=4@{ROOT}", games=2,
                         seed=3)) | {"b": "-"} == outcome(
        match("skilled:iterations=4", "skilled:iterations=4", games=2, seed=3)) | {"b": "-"}


def test_a_player_from_a_folder_without_the_package_is_refused(tmp_path):
    with pytest.raises(KeyError, match="no kahuna package"):
        match("greedy", f"greedy@{tmp_path}", games=2)


def test_a_match_can_be_played_with_variants(capsys):
    """``--variants V1,V2`` sets those rules up for every game (``variants`` names the
    Setup's flags); an unknown variant is refused before any game."""
    assert variants("V1, v2") == {"fewer_surprises": True, "open_draws": True}
    assert variants("") == {}
    plain = outcome(match("greedy", "random", games=2, seed=5))
    both = outcome(match("greedy", "random", games=2, seed=5, rules="V1,V2"))
    assert both["variants"] == "V1,V2" and both["games"] == 2
    assert main(["tournament", "random", "random", "--games", "2", "--variants", "v1"]) == 0
    assert main(["tournament", "random", "random", "--variants", "V3"]) == 2
    assert "V3" in capsys.readouterr().err
    assert plain["variants"] == ""


def test_a_player_of_another_tree_sees_its_own_types_and_decides_as_in_its_tree():
    """``NAME@ROOT`` (kahuna/tools/other_tree.py): the Observation is rebuilt with the
    other tree's own enums and actions, so that tree's ``is Phase.PLAY`` holds. Our own
    tree loaded as another must decide exactly as ours."""
    import random
    from pathlib import Path

    from kahuna import Setup, make_player, new_game, observe
    from kahuna.tools.other_tree import _load, _theirs, tree_player

    root = str(Path(__file__).resolve().parent.parent)
    theirs = _theirs(observe(new_game(Setup(seed=1)), 0), _load(root))
    assert type(theirs.phase).__module__.startswith(_load(root).__name__)
    ours, wrapped = make_player("casual"), tree_player(f"casual@{root}")
    state, decisions = new_game(Setup(seed=2)), 0
    while not state.is_over and decisions < 150:
        seen = observe(state, state.to_move)
        chosen = []
        for player in (ours, wrapped):
            thinking = player.think(seen, random.Random(decisions))
            while not thinking.step(1.0):
                pass
            chosen.append(thinking.action())
        assert chosen[0] == chosen[1], decisions
        state.play(chosen[0])
        decisions += 1
    assert decisions == 150 or state.is_over


def test_a_stopped_match_goes_on_with_the_same_deals():
    """``first`` skips the seed's first games: the rest of a match is the whole match
    less its start, game for game (each game's count of decisions tells it apart)."""
    def counts(result):
        return (result["wins"], result["losses"], result["draws"],
                result["time_a"]["decisions"], result["time_b"]["decisions"])

    whole, start = (counts(match("beginner", "greedy", games=n, seed=4)) for n in (6, 2))
    rest = match("beginner", "greedy", games=4, seed=4, first=2)
    assert rest["first"] == 2 and rest["games"] == 4
    assert counts(rest) == tuple(w - s for w, s in zip(whole, start))
    assert counts(rest) != counts(match("beginner", "greedy", games=4, seed=4))
    with pytest.raises(ValueError, match="even"):
        match("beginner", "greedy", games=2, first=3)


def test_a_cpu_clock_cap_counts_thinking_not_waiting(monkeypatch):
    """``--cpu-clock``: a time cap counts CPU time, so a player whose core is lent to
    other work is not cut short, as the wall clock (the page's) cuts it. Two made-up
    clocks: the wall's 50 ms on at every reading, the CPU's never (the work waited)."""
    from kahuna.players import protocol

    def work():
        for _ in range(3):
            if (yield):
                return "cut"
        return "whole"

    for clock, expected in ((itertools.count(0, 0.05).__next__, "cut"),
                            (lambda: 0.0, "whole")):
        monkeypatch.setattr(protocol, "clock", clock)
        thinking = protocol.Sliced(work(), time_cap=0.12)
        while not thinking.step(1.0):
            pass
        assert thinking.action() == expected
    monkeypatch.undo()
    page_clock = protocol.clock
    result = match("expert:time_cap=0.01", "greedy", games=2, seed=4, cpu_clock=True)
    assert result["cpu_clock"] and protocol.clock is page_clock  # the page's again after


def test_the_tournament_module_loads_without_multiprocessing():
    """Pyodide has no multiprocessing: ``bench/pyodide_players.mjs`` plays games with
    ``play_game`` there, so the module takes ``Pool`` only for a match with jobs."""
    import subprocess
    import sys
    out = subprocess.run(
        [sys.executable, "-c", "import sys, kahuna.tools.tournament; "
         "print('multiprocessing' in sys.modules)"],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "False"
