"""The SVG board is a pure function of an Observation and the page's marks."""

from __future__ import annotations

import re

import pytest
from html import unescape
import xml.etree.ElementTree as ET

from kahuna.rules.actions import Action
from kahuna.rules.board import DEGREE, ISLANDS, N_LINES, line_name
from kahuna.rules.observation import observe
from kahuna.rules.deal import Setup, new_game
from kahuna.rules.state import BLACK, WHITE, Effects
from kahuna.drawing.layout import island_outline, line_shape, viewbox
from web.view.render import Marks, board_svg, layers

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_empty_board_has_twelve_islands_and_27_dotted_lines():
    root = parse(board_svg(None))
    islands = root.findall(f".//{SVG}g[@class='island']")
    assert [g.get("data-island") for g in islands] == list(ISLANDS)
    names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "name"]
    assert names == list(ISLANDS)
    counts = [int(t.text) for t in root.iter(f"{SVG}text") if t.get("class") == "degree"]
    assert counts == list(DEGREE)  # line counts printed on the islands (R1)
    free = [l for l in root.iter(f"{SVG}path") if l.get("class") == "free"]
    assert len(free) == N_LINES == 27
    assert not root.findall(f".//{SVG}g[@data-token]")


def test_bridges_and_tokens_follow_the_observation():
    state = new_game(Setup(seed=1, first=BLACK))
    # Black builds ALOA-BARI and ALOA-DUDA: ALOA has 3 lines, 2 give control (R10).
    for text in ("ALOA>BARI", "ALOA>DUDA"):
        card = Action.parse(text).cards[0]
        state.hands[BLACK][card] += 1
        state.hand_size[BLACK] += 1
        state.play(Action.parse(text))
    svg = board_svg(observe(state, WHITE))
    root = parse(svg)
    bridges = {g.get("data-line"): g.get("class") for g in root.iter(f"{SVG}g")
               if (g.get("class") or "").startswith("bridge ")}
    assert bridges == {"ALOA-BARI": "bridge black", "ALOA-DUDA": "bridge black"}
    tokens = {g.get("data-token"): g.get("class") for g in root.iter(f"{SVG}g") if g.get("data-token")}
    assert tokens == {"ALOA": "token black"}
    free = [l for l in root.iter(f"{SVG}path") if l.get("class") == "free"]
    assert len(free) == 25


def test_offers_are_the_only_clickable_lines_and_carry_their_act():
    state = new_game(Setup(seed=3, first=BLACK))
    svg = board_svg(observe(state, BLACK), Marks({0: "do:ALOA>BARI", 5: "do:BARI>ELAI"}, hint=5))
    acts = [unescape(a) for a in re.findall(r'data-act="([^"]*)"', svg)]
    # First the wider bands for a finger (the longer line under the shorter), then each
    # line's own hit area, which alone is focusable and named.
    assert acts == ["do:ALOA>BARI", "do:BARI>ELAI", "do:ALOA>BARI", "do:BARI>ELAI"]
    reach = re.search(r'<g class="reach" aria-hidden="true">(.*?)</g>', svg).group(1)
    assert reach.count('class="reach"') == 2 and "tabindex" not in reach
    assert svg.count('role="button" tabindex="0"') == 2
    assert svg.count('class="glow hint"') == 1


def test_effects_leave_fading_ghosts_of_removed_bridges_and_lost_tokens():
    state = new_game(Setup(seed=3, first=BLACK))
    fx = Effects(WHITE, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0])
    root = parse(board_svg(observe(state, BLACK), Marks(fx=fx)))
    ghosts = [g for g in root.iter(f"{SVG}g") if "gone" in (g.get("class") or "")]
    assert [(g.get("class"), g.get("data-line") or g.get("data-token")) for g in ghosts] == [
        ("bridge black gone", "ALOA-BARI"), ("token black gone", "ALOA")]


@pytest.mark.parametrize("portrait", [False, True])
def test_geometry_stays_inside_the_view_and_every_line_shows(portrait):
    x, y, w, h = viewbox(portrait)
    assert (w > h) != portrait
    for island in range(len(ISLANDS)):
        for px, py in island_outline(island, portrait):
            assert x < px < x + w and y < py < y + h
    for line in range(N_LINES):
        (x1, y1), bend, (x2, y2) = line_shape(line, portrait)
        assert ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 > 30, line_name(line)
        assert (bend is not None) == (line_name(line) == "COCO-KAHU")  # it bends round GOLA


def test_portrait_is_the_same_board_turned_a_quarter():
    """Same islands, lines and bridges; only the coordinates turn (R1's arrangement)."""
    obs = observe(new_game(Setup(seed=9)), BLACK)
    flat, tall = parse(board_svg(obs)), parse(board_svg(obs, portrait=True))
    def names(root):
        return [t.text for t in root.iter(f"{SVG}text")]
    assert names(flat) == names(tall)
    assert "portrait" in tall.get("class") and "landscape" in flat.get("class")


def boards() -> list[str]:
    """Boards as the page draws them: empty, in play with every kind of mark, turned."""
    state = new_game(Setup(seed=3, first=BLACK))
    fx = Effects(WHITE, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0])
    marks = Marks({0: "do:ALOA>BARI", 5: "do:BARI>ELAI"}, hint=5, fx=fx)
    return [board_svg(None), board_svg(observe(state, BLACK)),
            board_svg(observe(state, BLACK), marks), board_svg(observe(state, WHITE), marks, True)]


@pytest.mark.parametrize("svg", boards())
def test_a_board_splits_into_its_layers_and_back(svg):
    """web/boot/dom.py writes only the layers that changed: each top-level element whole."""
    head, children = layers(svg)
    assert head + "".join(children) + "</svg>" == svg
    root = parse(svg)
    wrapped = [parse(f'<w xmlns="http://www.w3.org/2000/svg">{child}</w>') for child in children]
    assert [len(w) for w in wrapped] == [1] * len(children)  # one element each
    assert [w[0].tag for w in wrapped] == [element.tag for element in root]


def test_a_lit_line_changes_only_the_last_layers():
    """A card chosen lights lines: the sea, lines, islands and bridges stay as written."""
    obs = observe(new_game(Setup(seed=3, first=BLACK)), BLACK)
    _, before = layers(board_svg(obs))
    _, after = layers(board_svg(obs, Marks({0: "do:ALOA>BARI"})))
    assert after[:len(before)] == before and len(after) > len(before)


@pytest.mark.parametrize("text", ["", "<svg/>", "<svg><g></g>", "<svg><g></svg>",
                                  "<svg><g></g></svg><p></p>", "text"])
def test_what_is_not_one_element_with_children_is_refused(text):
    with pytest.raises(ValueError):
        layers(text)


def test_same_input_same_text():
    obs = observe(new_game(Setup(seed=9)), BLACK)
    assert board_svg(obs) == board_svg(obs)


def test_the_page_draws_a_diagrams_notes_in_its_language_beside_its_own_marks():
    """The fields a diagram embed sets (web/view/render.py passes the page's language)."""
    from kahuna import annotated, parse_annotations
    from web.words import language

    notes = parse_annotations(islands="ELAI", lines="ALOA-HUNA", arrows="ALOA>HUNA",
                              labels="ELAI:1")
    state = new_game(Setup(seed=3, first=BLACK))
    marks = annotated(notes, Marks({0: "do:ALOA>BARI"}, hint=0))
    language.use("fr")
    try:
        for portrait in (False, True):
            root = parse(board_svg(observe(state, BLACK), marks, portrait))
            named = [g.get("aria-label") for g in root.iter(f"{SVG}g")
                     if (g.get("class") or "").startswith("note-")]
            assert named == ["liaison ALOA–HUNA, mise en évidence", "ELAI, mise en évidence",
                             "flèche de ALOA vers HUNA", "ELAI, marquée 1"]
            acts = [e.get("data-act") for e in root.iter() if e.get("data-act")]
            assert acts == ["do:ALOA>BARI", "do:ALOA>BARI"]  # the offer's band and hit area
    finally:
        language.use("en")
