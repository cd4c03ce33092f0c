"""A picture that stands alone (kahuna/drawing/picture.py): a whole SVG file with its own
style, and that style the page's own (web/style.css), rule for rule, in both themes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kahuna import annotated, board_svg, parse_annotations
from kahuna.drawing.layout import viewbox
from kahuna.drawing.picture import DARK, LIGHT, THEMES, picture_svg, stylesheet

PAGE_CSS = Path(__file__).resolve().parent.parent / "web" / "style.css"
DARK_ROOT = ':root[data-theme="dark"] '
#: What a picture need not carry: how the page's board answers a pointer, and moves.
NOT_DRAWN = re.compile(r"pointer-events|cursor|animation.*|transition|transform.*")
SVG = "{http://www.w3.org/2000/svg}"


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """The top-level rules of ``css`` in order, as (selector, declarations); the rules
    inside ``@media`` blocks are left out (a picture has no screen size or motion)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    at = 0
    while (brace := css.find("{", at)) >= 0:
        selector = " ".join(css[at:brace].split())
        if selector.startswith("@"):  # skip the whole block, nested braces and all
            depth, at = 1, brace + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(css[at], 0)
                at += 1
            continue
        end = css.index("}", brace)
        declarations = {}
        for item in css[brace + 1:end].split(";"):
            name, colon, value = item.partition(":")
            if colon:
                declarations[name.strip()] = " ".join(value.split())
        found.append((selector, declarations))
        at = end + 1
    return found


def cascade(css: str) -> dict[str, dict[str, str]]:
    """Each selector's declarations, the later winning, with the page's variables filled in."""
    merged: dict[str, dict[str, str]] = {}
    for selector, declarations in rules(css):
        merged.setdefault(selector, {}).update(declarations)
    variables = {name: value for name, value in merged.get(":root", {}).items()
                 if name.startswith("--")}

    def filled(value: str) -> str:  # a variable no rule defines stays as written
        return re.sub(r"var\((--[\w-]+)\)", lambda m: variables.get(m.group(1), m.group(0)),
                      value)

    return {selector: {name: filled(value) for name, value in declarations.items()}
            for selector, declarations in merged.items()}


PAGE = cascade(PAGE_CSS.read_text(encoding="utf-8"))


def test_the_parser_reads_selectors_declarations_and_skips_media_blocks():
    css = ":root { --a: #123; } /* x { y: z } */ p.q, r { fill: var(--a); stroke: #000 }" \
          " @media (x) { p.q { fill: red; } } p.q, r { stroke: #111; }"
    assert cascade(css)["p.q, r"] == {"fill": "#123", "stroke": "#111"}
    assert len(rules(css)) == 3


def test_a_picture_carries_the_pages_own_light_rules_for_the_board_and_its_notes():
    light = cascade(LIGHT)
    assert len(light) >= 25
    for selector, declarations in light.items():
        page = {name: value for name, value in PAGE.get(selector, {}).items()
                if not NOT_DRAWN.fullmatch(name)}
        assert declarations == page, selector


def test_a_picture_carries_the_pages_own_dark_rules():
    dark = cascade(DARK)
    page_dark = {selector[len(DARK_ROOT):]: declarations for selector, declarations in PAGE.items()
                 if selector.startswith(DARK_ROOT)}
    board = set(cascade(LIGHT)) | {s for s in page_dark if s.startswith("#sea")}
    assert {s: d for s, d in page_dark.items() if s in board} == dark


def test_the_pages_notes_take_no_click():
    assert PAGE[".highlights, .notes"]["pointer-events"] == "none"


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("theme", THEMES)
def test_a_picture_is_a_whole_svg_file_with_its_size_and_style(portrait, theme):
    notes = annotated(parse_annotations(islands="ELAI", arrows="ALOA>HUNA", labels="ELAI:1"))
    text = picture_svg(None, notes, portrait, theme=theme)
    head, _, body = text.partition("\n")
    assert head == '<?xml version="1.0" encoding="UTF-8"?>' and text.endswith("</svg>\n")
    root = ET.fromstring(body)
    _, _, w, h = viewbox(portrait)
    assert (root.get("width"), root.get("height")) == (str(w), str(h))
    assert root[0].tag == f"{SVG}style" and root[0].text == "\n" + stylesheet(theme)
    assert ("@media (prefers-color-scheme: dark)" in text) == (theme == "auto")
    assert (DARK in text) == (theme != "light")
    # The board itself is the page's, drawn the same.
    page = board_svg(None, notes, portrait)
    assert body.replace(f' width="{w}" height="{h}"', "").replace(
        f"<style>{root[0].text}</style>", "") == page + "\n"


def test_an_unknown_theme_is_refused():
    with pytest.raises(ValueError, match="light, dark, auto"):
        stylesheet("sepia")
