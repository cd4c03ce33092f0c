"""Pictures that stand alone (``python -m kahuna svg``, docs/embedding.md) in Chromium:
served from 127.0.0.1, opened as a file of their own and shown by ``<img>``, landscape and
portrait, light and dark, with a diagram's notes: their own style paints them (without it
the islands would be black). Then the same notes drawn by the page itself (web/view/render.py)
in both of its themes, taking no click."""

from __future__ import annotations

import pytest

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from kahuna.tools.cli import main
from tests.helpers import HOLD_ALOA, HOLD_LALE, last_card, write

from scripts.page_driver import probe, run_python

from .conftest import FAVICON_404, SCREENSHOT_DIR, phone

# A page of a test's own folder (a host page, a picture) may ask /favicon.ico.
pytestmark = pytest.mark.expected_errors(FAVICON_404, optional=True)

POSITION = position_to_json(last_card(black=HOLD_ALOA + ["BARI-ELAI"],
                                      white=HOLD_LALE + ["DUDA-ELAI", "JOJO-KAHU"]))
NOTES = ["--islands", "ELAI,GOLA", "--lines", "ALOA-HUNA", "--arrows", "ALOA>HUNA,JOJO>GOLA",
         "--labels", "ELAI:1,HUNA:2,KAHU:?"]
PICTURES = {"board.svg": [], "tall.svg": ["--portrait"], "dark.svg": ["--theme", "dark"],
            "tall-dark.svg": ["--portrait", "--theme", "dark", "--lang", "de"]}
#: Each picture twice, side by side on a phone's width.
HTML = """<!doctype html><meta charset="utf-8"><title>pictures</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 8px; font: 14px sans-serif; } img { max-width: 100%; height: auto; }
.tall { max-width: 48%; }</style>
<p>A rules page's figure: <img id="board" src="board.svg" alt="a diagram"></p>
<p><img id="tall" class="tall" src="tall.svg" alt="turned"> <img id="tall-dark" class="tall"
src="tall-dark.svg" alt="turned, dark"></p>
<p><img id="dark" src="dark.svg" alt="dark"></p>"""
#: How many pixels of each colour an image shows, drawn on a canvas at its own size.
TALLY = """img => {
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  const near = (i, [r, gr, b]) =>
    Math.abs(d[i] - r) + Math.abs(d[i + 1] - gr) + Math.abs(d[i + 2] - b) < 24;
  const count = {land: 0, red: 0, black: 0};
  for (let i = 0; i < d.length; i += 4) {
    if (near(i, [95, 158, 69]) || near(i, [79, 138, 57])) count.land++;  // light, dark land
    if (near(i, [227, 23, 62])) count.red++;  // the notes' arrows and marks
    if (near(i, [0, 0, 0])) count.black++;
  }
  return {...count, width: img.naturalWidth, height: img.naturalHeight};
}"""


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pictures")
    position = write(folder, POSITION, "position.json")
    for name, options in PICTURES.items():
        assert main(["svg", position, *NOTES, *options, "-o", str(folder / name)]) == 0
    (folder / "index.html").write_text(HTML, encoding="utf-8")
    return folder


def test_a_picture_opens_on_its_own(page, pictures, serve_site):
    site = serve_site(pictures)
    for name in ("board.svg", "tall.svg"):
        page.set_viewport_size({"width": 720, "height": 520} if name == "board.svg"
                               else {"width": 520, "height": 720})
        page.goto(site.url + name)
        assert page.evaluate("document.documentElement.localName") == "svg"
        fill = page.evaluate("getComputedStyle(document.querySelector('.land')).fill")
        assert fill == "rgb(95, 158, 69)"  # its own <style>: no page around it
        assert page.locator(".note-arrow").count() == 2
        # The viewport only: a whole-page screenshot of an SVG document never ends.
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOT_DIR / f"picture-{name[:-4]}-own.png"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_pictures_show_in_an_img_with_their_notes(page, phone_page, pictures, serve_site,
                                                  screenshot, size, external_requests):
    site = serve_site(pictures)
    if size == "phone":
        page = phone_page()
    else:
        page.set_viewport_size({"width": 720, "height": 520})
    page.goto(site.url + "index.html")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth)")
    screenshot(page, f"picture-img-{size}")
    tallies = {i: page.eval_on_selector(f"#{i}", TALLY) for i in ("board", "tall", "dark",
                                                                  "tall-dark")}
    assert (tallies["board"]["width"], tallies["board"]["height"]) == (960, 680)
    assert (tallies["tall"]["width"], tallies["tall"]["height"]) == (680, 960)
    for name, tally in tallies.items():
        # Green land on twelve islands and red notes: the picture's own style painted them
        # (an unstyled polygon is black; the bridges' black rims are thin lines).
        assert tally["land"] > 8_000 and tally["red"] > 1_500, (name, tally)
        assert tally["black"] < tally["land"], (name, tally)
    assert external_requests == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_page_draws_a_diagrams_notes_in_both_themes(browser, base_url, wait_ready,
                                                        screenshot, size):
    if size == "phone":
        context, page, _ = phone(browser)
    else:
        context = browser.new_context(viewport={"width": 720, "height": 520},
                                      service_workers="block")
        page = context.new_page()
    probe(context, base_url)
    page.goto(base_url + "?pace=0&lang=de&position=" + encode(POSITION))
    wait_ready(page)
    page.keyboard.press("Enter")  # the hot-seat cover
    portrait = page.evaluate("matchMedia('(orientation: portrait) and (max-width: 759px)')"
                             ".matches")
    assert portrait == (size == "phone")
    run_python(page, f"""
from pyscript import document
from kahuna import annotated, observe, parse_annotations, position_from_json
from web.view.render import board_svg
notes = parse_annotations(islands="ELAI,GOLA", lines="ALOA-HUNA", arrows="ALOA>HUNA,JOJO>GOLA",
                          labels="ELAI:1,HUNA:2,KAHU:?")
obs = observe(position_from_json({POSITION!r}), 0)
document.getElementById("board").innerHTML = board_svg(obs, annotated(notes), {portrait})
""")
    assert page.locator("#board .note-arrow").count() == 2
    assert page.get_attribute("#board .note-arrow", "aria-label") == "Pfeil von ALOA nach HUNA"
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        screenshot(page, f"picture-page-{size}-{theme}")
        style = page.eval_on_selector("#board .note-mark rect", "r => getComputedStyle(r).fill")
        assert style == "rgb(227, 23, 62)"
        # A note takes no click: what lies under the middle of a mark is the board below.
        box = page.locator("#board .note-mark").first.bounding_box()
        under = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('.notes, .highlights')",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert under is None
    context.close()
