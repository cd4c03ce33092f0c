"""The game at a glance on a phone held either way (issue 29): at 390x844 and 844x390, in
English and in Polish (the longest header), the board, the person's hand, the display
and pile, both players' points and the opponent's cards are each wholly on the screen
with nothing scrolled; and the new-game dialog fills its box with its options, not a
band of nothing between its title and its buttons. A new player found the points and
the opponent's hand below the fold upright, the display cut, Polish's header in two
rows; and sideways, a dialog whose five sticky buttons, in two rows, left its options a
170 px slit under the title."""

from __future__ import annotations

import pytest

from scripts.measure import OVERFLOW
from scripts.page_driver import settle, wait_still


#: What a player looks at to know where the game stands, by its selector.
PARTS = {"header": ".bar", "board": "#board svg.board", "hand": "#hand",
         "display and pile": "#table", "points": "#players", "opponent's cards": "#opp-hand"}

#: The parts (of PARTS) not wholly inside the window, with their boxes.
OUTSIDE = """parts => Object.entries(parts).flatMap(([name, sel]) => {
  const el = [...document.querySelectorAll(sel)].find(e => e.getClientRects().length);
  if (!el) return [[name, 'missing']];
  const r = el.getBoundingClientRect();
  const inside = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
                 && r.right <= innerWidth + 0.5;
  return inside ? [] : [[name, [r.left, r.top, r.right, r.bottom].map(Math.round)]];
})"""

#: The open dialog's box: the tallest stretch of it, top to bottom, with nothing drawn in
#: it (no words, no button), and the height of its sticky row of buttons.
EMPTY_BAND = """() => {
  const box = document.querySelector('#dialog .box'), b = box.getBoundingClientRect();
  const spans = [...box.querySelectorAll('h2, h3, button, .label, .note, li')]
    .map(e => e.getBoundingClientRect())
    .filter(r => r.height && r.bottom > b.top && r.top < b.bottom)
    .map(r => [Math.max(r.top, b.top), Math.min(r.bottom, b.bottom)])
    .sort((p, q) => p[0] - q[0]);
  let reached = b.top, band = 0;
  for (const [top, bottom] of spans) {
    band = Math.max(band, top - reached);
    reached = Math.max(reached, bottom);
  }
  band = Math.max(band, b.bottom - reached);
  const foot = box.querySelector('.buttons.foot').getBoundingClientRect();
  return {band: Math.round(band), foot: Math.round(foot.height), box: Math.round(b.height)};
}"""


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("width, height", [(390, 844), (844, 390)])
def test_a_phone_shows_the_whole_game_at_a_glance(phone_page, base_url, wait_ready, screenshot,
                                                  width, height, lang, external_requests):
    page = phone_page(width, height)
    page.goto(base_url + f"?seed=3&pace=0&lang={lang}")
    wait_ready(page)
    settle(page)
    wait_still(page)
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    off = page.evaluate(OUTSIDE, PARTS)
    fit = page.evaluate(OVERFLOW)
    rows = page.evaluate("document.querySelector('.bar nav').getBoundingClientRect().top"
                         " - document.querySelector('.bar').getBoundingClientRect().top")
    screenshot(page, f"glance-{width}x{height}-{lang}")
    page.click("#btn-new")
    page.wait_for_selector("#dialog:not([hidden]) .buttons.foot")
    wait_still(page)
    dialog = page.evaluate(EMPTY_BAND)
    screenshot(page, f"glance-{width}x{height}-{lang}-new-game")
    assert off == []
    assert fit == {"clipped": [], "overlapped": False, "sideways": False}
    if width < height:  # upright: the header's buttons beside the title, not under it
        assert rows < 12, rows
    assert dialog["band"] <= 40, dialog  # no stretch of the box with nothing in it
    if width > height:  # sideways, its buttons in one row: the options get the room
        assert dialog["foot"] <= 70, dialog
    assert external_requests == []
