"""The command line: ``python -m kahuna replay FILE`` and ``python -m kahuna bench``."""

import json
import subprocess
import sys

from .helpers import ROOT, kahuna, random_record, write


def test_replay_a_complete_game_prints_the_result(tmp_path):
    record, state = random_record(1)
    run = kahuna("replay", write(tmp_path, record))
    assert run.returncode == 0, run.stderr
    assert f"Result: {state.outcome}" in run.stdout
    assert "Black:" in run.stdout and "White:" in run.stdout


def test_replay_an_unfinished_game_prints_the_position(tmp_path):
    record, state = random_record(2, cut=10)
    run = kahuna("replay", write(tmp_path, record))
    assert run.returncode == 0, run.stderr
    assert '"format": "kahuna-position"' in run.stdout and "to move" in run.stdout


def test_replay_names_the_first_illegal_action(tmp_path):
    record, _ = random_record(3, cut=6)
    record["actions"][3:] = ["pass", "pass", "pass"]  # the second pass breaks R13
    run = kahuna("replay", write(tmp_path, record))
    assert run.returncode == 1
    assert "action 5 ('pass')" in run.stderr and "R13" in run.stderr


def test_replay_names_the_first_malformed_action(tmp_path):
    record, _ = random_record(4, cut=4)
    record["actions"].insert(2, "HUNA>>ELAI")
    run = kahuna("replay", write(tmp_path, record))
    assert run.returncode == 1 and "action 3 ('HUNA>>ELAI')" in run.stderr


def test_replay_refuses_what_is_not_a_record(tmp_path):
    run = kahuna("replay", write(tmp_path, "{not json"))
    assert run.returncode != 0 and "cannot read" in run.stderr
    run = kahuna("replay", write(tmp_path, {"format": "something-else"}))
    assert run.returncode != 0 and "not a Kahuna game record" in run.stderr
    run = kahuna("replay", str(tmp_path / "missing.json"))
    assert run.returncode != 0 and "cannot read" in run.stderr


def test_bench_json_shape():
    """Only the shape is tested, never the speed (the figure is measured by the command)."""
    run = kahuna("bench", "--games", "20", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["games"] == 20
    for key in ("games_per_second", "decisions_per_second", "mean_decisions_per_game",
                "seconds"):
        assert isinstance(result[key], (int, float)) and result[key] > 0


def test_bench_text():
    run = kahuna("bench", "--games", "3")
    assert run.returncode == 0 and "games/s" in run.stdout and "decisions/s" in run.stdout


def test_link_prints_the_address_of_a_record_or_a_position(tmp_path):
    from kahuna.notation.link import decode

    record, _ = random_record(5, cut=8)
    run = kahuna("link", write(tmp_path, record))
    assert run.returncode == 0, run.stderr
    url = run.stdout.strip()
    assert url.startswith("./?record=") and decode(url.removeprefix("./?record=")) == record
    position = {"hands": {"black": ["ALOA"]}, "to_move": "white"}
    run = kahuna("link", write(tmp_path, position, "pos.json"), "--base",
                 "https://example.org/kahuna/", "--embed")
    assert run.returncode == 0, run.stderr
    url = run.stdout.strip()
    assert url.startswith("https://example.org/kahuna/?position=") and url.endswith("&embed")


def test_link_refuses_a_bad_file_with_a_reason(tmp_path):
    record, _ = random_record(6, cut=4)
    record["actions"].append("pass")
    record["actions"].append("pass")  # two passes in a row break R13
    cases = [(write(tmp_path, "{not json"), "not JSON"),
             (write(tmp_path, record, "bad.json"), "R13"),
             (write(tmp_path, {"hands": {"white": ["ALOA"] * 3}}, "pos.json"), "third ALOA"),
             (str(tmp_path / "missing.json"), "cannot read it")]
    for path, words in cases:
        run = kahuna("link", path)
        assert run.returncode == 1 and run.stdout == ""
        assert "no link made" in run.stderr and words in run.stderr, run.stderr


def test_a_reader_that_stops_reading_sees_no_traceback():
    """``python -m kahuna puzzles | head -1``: the pipe closes before the list is written;
    the command ends quietly (it printed a BrokenPipeError's traceback)."""
    run = subprocess.Popen([sys.executable, "-m", "kahuna", "puzzles"], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    run.stdout.close()  # before the command writes: it is still starting
    said = run.stderr.read()
    assert run.wait(timeout=60) == 1 and said == b""
