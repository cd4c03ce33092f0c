"""``python -m kahuna svg``: a position or a record's step as a picture that stands alone,
each option, and every bad file or option refused with a reason and exit status 1."""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kahuna import position_to_json
from kahuna.drawing.picture import DARK
from kahuna.tools.cli import main

from .helpers import HOLD_ALOA, kahuna, last_card, random_record, write

SVG = "{http://www.w3.org/2000/svg}"


def _svg(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["svg", *args])
    out, err = capsys.readouterr()
    return status, out, err


def _board(text: str) -> ET.Element:
    head, _, body = text.partition("\n")
    assert head.startswith("<?xml")
    return ET.fromstring(body)


def _bridges(root: ET.Element) -> set[str]:
    return {g.get("data-line") for g in root.iter(f"{SVG}g")
            if (g.get("class") or "").startswith("bridge ")}


def test_the_command_draws_the_end_of_a_record(tmp_path):
    record, state = random_record(7, cut=30)
    run = kahuna("svg", write(tmp_path, record))
    assert run.returncode == 0, run.stderr
    root = _board(run.stdout)
    assert len(_bridges(root)) == len(state.bridges(0)) + len(state.bridges(1)) > 0
    assert "landscape" in root.get("class") and root[0].tag == f"{SVG}style"


def test_a_step_is_the_position_after_that_many_actions(tmp_path, capsys):
    record, _ = random_record(8, cut=20)
    path = write(tmp_path, record)
    status, start, _ = _svg(capsys, path, "--step", "0")
    assert status == 0 and _bridges(_board(start)) == set()
    first = record["actions"][0]  # a handicap-free deal: the first action builds a bridge
    status, one, _ = _svg(capsys, path, "--step", "1")
    assert status == 0 and len(_bridges(_board(one))) == 1, first
    status, last, _ = _svg(capsys, path, "--step", "20")
    assert status == 0 and last == _svg(capsys, path)[1]


def test_steps_writes_one_picture_per_step_named_to_sort(tmp_path, capsys):
    record, _ = random_record(9, cut=12)
    path = write(tmp_path, record)
    status, out, _ = _svg(capsys, path, "--steps", str(tmp_path / "steps"), "--labels", "ELAI:1")
    assert status == 0 and "13 pictures" in out
    names = sorted(p.name for p in (tmp_path / "steps").iterdir())
    assert names == [f"step-{n:03d}.svg" for n in range(13)]
    for n in (0, 5, 12):
        drawn = (tmp_path / "steps" / names[n]).read_text(encoding="utf-8")
        assert drawn == _svg(capsys, path, "--step", str(n), "--labels", "ELAI:1")[1]


def test_a_position_file_is_drawn_as_it_is(tmp_path, capsys):
    path = write(tmp_path, position_to_json(last_card(black=HOLD_ALOA, white=[])), "pos.json")
    status, out, _ = _svg(capsys, path)
    root = _board(out)
    assert status == 0 and _bridges(root) == set(HOLD_ALOA)
    assert {g.get("data-token") for g in root.iter(f"{SVG}g") if g.get("data-token")} == {"ALOA"}


def test_the_notes_language_orientation_and_theme_options(tmp_path, capsys):
    path = write(tmp_path, random_record(10, cut=6)[0])
    status, out, _ = _svg(capsys, path, "--islands", "elai", "--lines", "ALOA-HUNA",
                          "--arrows", "ALOA>HUNA,BARI>ELAI", "--labels", "ELAI:1,HUNA:?",
                          "--portrait", "--lang", "de", "--theme", "dark")
    assert status == 0
    root = _board(out)
    assert "portrait" in root.get("class") and root.get("aria-label") == "Kahuna-Spielplan"
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g")
              if (g.get("class") or "").startswith("note-")]
    assert labels == ["Linie ALOA–HUNA, hervorgehoben", "ELAI, hervorgehoben",
                      "Pfeil von ALOA nach HUNA", "Pfeil von BARI nach ELAI",
                      "ELAI, markiert mit 1", "HUNA, markiert mit ?"]
    assert DARK in out


def test_either_seat_sees_the_same_board_r24(tmp_path, capsys):
    path = write(tmp_path, random_record(11, cut=25)[0])
    black, white = (_svg(capsys, path, "--seat", seat)[1] for seat in ("black", "WHITE"))
    assert black == white == _svg(capsys, path)[1]


def test_output_goes_to_a_file(tmp_path, capsys):
    path = write(tmp_path, random_record(12, cut=3)[0])
    status, out, _ = _svg(capsys, path, "-o", str(tmp_path / "board.svg"))
    assert status == 0 and out == ""
    assert (tmp_path / "board.svg").read_text(encoding="utf-8") == _svg(capsys, path)[1]


@pytest.mark.parametrize(("data", "words"), [
    ("{not json", "not JSON"),
    ({"format": "kahuna-record", "version": 1, "actions": ["HUNA>>ELAI"]}, "action 1"),
    ({"hands": {"white": ["ALOA"] * 3}}, "third ALOA"),
    ([1, 2], "a position is a JSON object"),
])
def test_a_bad_file_is_refused_with_a_reason(tmp_path, capsys, data, words):
    path = write(tmp_path, data)
    status, out, err = _svg(capsys, path)
    assert (status, out) == (1, "")
    assert err.startswith(f"no picture drawn: {path}: ") and words in err, err


def test_a_missing_file_or_folder_is_refused(tmp_path, capsys):
    status, _, err = _svg(capsys, str(tmp_path / "missing.json"))
    assert status == 1 and "missing.json: No such file or directory" in err
    path = write(tmp_path, random_record(13, cut=2)[0])
    status, _, err = _svg(capsys, path, "-o", str(tmp_path / "no" / "such" / "board.svg"))
    assert status == 1 and "No such file or directory" in err
    status, _, err = _svg(capsys, path, "--steps", path)  # a file where a folder should be
    assert status == 1 and "File exists" in err


@pytest.mark.parametrize(("options", "words"), [
    (["--islands", "ELAJ"], "islands: unknown island 'ELAJ'"),
    (["--lines", "ALOA-ELAI"], "lines: there is no line between ALOA and ELAI"),
    (["--arrows", "ALOA>ALOA"], "arrows: 'ALOA>ALOA' points from ALOA to itself"),
    (["--labels", "ELAI:<b>"], "labels: 'ELAI:<b>': a mark is 1 to 3"),
    (["--lang", "xx"], "--lang: 'xx' is none of en, de, fr, pl"),
    (["--theme", "sepia"], "--theme: 'sepia' is none of light, dark, auto"),
    (["--step", "x"], "--step: 'x' is not a number of actions"),
    (["--step", "-1"], "--step: '-1' is not a number"),
    (["--step", "99"], "no position after 99 actions: the game has 4"),
    (["--seat", "red"], "a player is 'black' or 'white', not 'red'"),
    (["--steps", "out", "--step", "2"], "--steps writes every step to a folder: not with"),
    (["--steps", "out", "-o", "x.svg"], "--steps writes every step to a folder: not with"),
])
def test_a_bad_option_is_refused_with_a_reason(tmp_path, capsys, options, words):
    path = write(tmp_path, random_record(14, cut=4)[0])
    status, out, err = _svg(capsys, path, *options)
    assert (status, out) == (1, "") and "no picture drawn: " in err and words in err, err
    assert not list(tmp_path.glob("out"))  # nothing written


@pytest.mark.parametrize("option", ["--arow", "--marks", "--highlight"])
def test_a_misspelled_notes_option_is_refused_by_name(tmp_path, option):
    """A kind of note is an option, so a misspelled one is named, never passed over
    (issue 32); a start of one is that one, as argparse reads it (``--arrow``)."""
    path = write(tmp_path, random_record(14, cut=4)[0])
    run = kahuna("svg", path, option, "ELAI")
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert f"unrecognized arguments: {option} ELAI" in run.stderr
    run = kahuna("svg", path, "--arrow", "ALOA>HUNA")
    assert run.returncode == 0 and "note-arrow" in run.stdout


def test_help_says_what_a_picture_shows():
    run = kahuna("svg", "--help")
    assert run.returncode == 0
    assert re.search(r"never\s+a\s+card", run.stdout) and "--steps DIR" in run.stdout


def test_the_documented_command_draws_the_documented_position(tmp_path, capsys, monkeypatch):
    """docs/embedding.md's example stays true."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "embedding.md").read_text(
        encoding="utf-8")
    (tmp_path / "removal.json").write_text(re.search(r"```json\n(.*?)```", doc, re.S).group(1),
                                           encoding="utf-8")
    command = re.search(r"^python -m kahuna svg .*$", doc, re.M).group(0)
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(command)[3:]) == 0, capsys.readouterr().err
    root = _board((tmp_path / "removal.svg").read_text(encoding="utf-8"))
    assert "ALOA-HUNA" in _bridges(root)
    assert [g.get("aria-label") for g in root.iter(f"{SVG}g") if g.get("class") == "note-arrow"] \
        == ["arrow from HUNA to ALOA"]
