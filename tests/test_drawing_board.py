"""A diagram's notes on the board (kahuna/drawing/board.py, notes.py): where each is drawn,
in both orientations, named for a screen reader in the language asked for, escaped, and
leaving the rest of the board as it was."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from kahuna import (
    Annotations, Marks, Setup, annotated, board_svg, new_game, observe, parse_annotations,
    translations,
)
from kahuna.drawing.layout import centre, radius
from kahuna.rules.board import ISLAND_INDEX

SVG = "{http://www.w3.org/2000/svg}"
NOTES = parse_annotations(islands="ELAI,LALE", lines="ALOA-HUNA,COCO-KAHU",
                          arrows="ALOA>HUNA,HUNA>ALOA,JOJO>GOLA", labels="ELAI:1,KAHU:?,GOLA:A!b")
ELAI, HUNA, ALOA = ISLAND_INDEX["ELAI"], ISLAND_INDEX["HUNA"], ISLAND_INDEX["ALOA"]


def _obs():
    return observe(new_game(Setup(seed=3)), 0)


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def _numbers(text: str) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in text.split()]


@pytest.mark.parametrize("portrait", [False, True])
def test_each_note_is_drawn_once_and_named(portrait):
    root = ET.fromstring(board_svg(_obs(), annotated(NOTES), portrait))
    named = {cls: [g.get("aria-label") for g in _groups(root, cls)]
             for cls in ("note-island", "note-line", "note-arrow", "note-mark")}
    assert named == {
        "note-island": ["ELAI, highlighted", "LALE, highlighted"],
        "note-line": ["line ALOA–HUNA, highlighted", "line COCO–KAHU, highlighted"],
        "note-arrow": ["arrow from ALOA to HUNA", "arrow from HUNA to ALOA",
                       "arrow from JOJO to GOLA"],
        "note-mark": ["ELAI, marked 1", "KAHU, marked ?", "GOLA, marked A!b"],
    }
    assert all(g.get("role") == "img" for cls in named for g in _groups(root, cls))
    marks = [t.text for g in _groups(root, "note-mark") for t in g.iter(f"{SVG}text")]
    assert marks == ["1", "?", "A!b"]


@pytest.mark.parametrize("portrait", [False, True])
def test_the_notes_leave_the_rest_of_the_board_as_it_was(portrait):
    obs = _obs()
    marks = Marks({0: "do:ALOA>BARI"}, 0)
    plain = ET.fromstring(board_svg(obs, marks, portrait))
    noted = ET.fromstring(board_svg(obs, annotated(NOTES, marks), portrait))
    for parent in noted.iter():
        for child in list(parent):
            if (child.get("class") or "").split()[:1] in (["highlights"], ["notes"]):
                parent.remove(child)
    assert ET.tostring(noted) == ET.tostring(plain)


def test_highlights_lie_under_the_lines_arrows_under_the_names_marks_over_all():
    svg = board_svg(_obs(), annotated(NOTES))
    order = [svg.index(f'<g class="{cls}"') for cls in (
        "highlights", "lines", "islands", "bridges", "notes arrows", "names", "tokens",
        "notes marks")]
    assert order == sorted(order)
    assert "data-act" not in svg  # notes take no click


@pytest.mark.parametrize("portrait", [False, True])
def test_a_ring_circles_its_island_and_an_arrow_runs_from_shore_to_shore(portrait):
    root = ET.fromstring(board_svg(None, annotated(NOTES), portrait))
    ring = _numbers(next(g for g in _groups(root, "note-island")
                         if g.get("aria-label").startswith("ELAI")).find(f"{SVG}polygon")
                    .get("points"))
    cx, cy = centre(ELAI, portrait)
    assert math.dist((sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring)),
                     (cx, cy)) < 5
    assert min(math.dist(p, (cx, cy)) for p in ring) > radius(ELAI)  # outside the shore
    arrow = _groups(root, "note-arrow")[0]  # ALOA>HUNA
    tip, left, right = _numbers(arrow.find(f"{SVG}polygon").get("points"))
    to_huna = math.dist(tip, centre(HUNA, portrait))
    assert radius(HUNA) < to_huna < 1.3 * radius(HUNA)
    assert math.dist(left, centre(HUNA, portrait)) > to_huna  # the head points at HUNA
    shaft = arrow.find(f"{SVG}path").get("d")
    start = tuple(map(float, shaft[1:].split()[0].split(",")))
    assert radius(ALOA) < math.dist(start, centre(ALOA, portrait)) < 1.4 * radius(ALOA)


def test_two_arrows_between_the_same_islands_bow_apart():
    root = ET.fromstring(board_svg(None, annotated(NOTES)))
    there, back = (g.find(f"{SVG}path").get("d") for g in _groups(root, "note-arrow")[:2])
    bow = [tuple(map(float, d.split("Q")[1].split()[0].split(","))) for d in (there, back)]
    assert math.dist(*bow) > 50


def test_a_mark_is_escaped_even_when_it_never_went_through_the_reader():
    hostile = Annotations(labels=((ELAI, '<b>&"'),))
    svg = board_svg(None, annotated(hostile))
    assert "<b>" not in svg
    mark = _groups(ET.fromstring(svg), "note-mark")[0]
    assert mark.find(f"{SVG}text").text == '<b>&"'
    assert mark.get("aria-label") == 'ELAI, marked <b>&"'


def test_the_notes_speak_the_language_asked_for():
    svg = board_svg(None, annotated(NOTES), tr=translations("de"))
    assert 'aria-label="Pfeil von ALOA nach HUNA"' in svg
    assert 'aria-label="ELAI, hervorgehoben"' in svg and 'aria-label="Kahuna-Spielplan"' in svg


def test_r24_the_board_never_shows_a_card():
    """Two deals with other hands and another pile, the same (empty) board: the same
    picture, whichever seat looks."""
    a, b = new_game(Setup(seed=1, first=0)), new_game(Setup(seed=2, first=0))
    assert a.hand(0) != b.hand(0)
    pictures = {board_svg(observe(state, seat), annotated(NOTES))
                for state in (a, b) for seat in (0, 1)}
    assert len(pictures) == 1
