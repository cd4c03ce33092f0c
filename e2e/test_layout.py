"""Layout checks measured in the real page: no control token covers an island name, and
the new-game dialog's option buttons line up, on a desktop and on a 360 px phone; on a
short screen the side panel scrolls instead of squashing its parts into each other.

One boot per screen size: a position link where every island is controlled (so every
island shows its token), then the new-game dialog.
"""

from __future__ import annotations

import pytest

from kahuna.notation.link import encode
from scripts.page_driver import settle, wait_still


# Every island controlled by someone (R10), so every token is drawn.
ALL_HELD = {"bridges": {
    "black": ["ALOA-HUNA", "COCO-KAHU", "DUDA-ELAI", "ELAI-FAAA", "ELAI-HUNA", "ELAI-JOJO",
              "FAAA-JOJO", "GOLA-JOJO", "HUNA-LALE", "JOJO-KAHU"],
    "white": ["ALOA-BARI", "ALOA-DUDA", "BARI-COCO", "BARI-DUDA", "BARI-ELAI", "BARI-FAAA",
              "COCO-FAAA", "COCO-GOLA", "DUDA-HUNA", "ELAI-IFFI", "FAAA-GOLA", "GOLA-KAHU",
              "HUNA-IFFI", "IFFI-JOJO", "IFFI-KAHU", "IFFI-LALE", "KAHU-LALE"]}}

# Pairs (token, name) whose screen boxes come within a board unit of each other. The
# boxes leave out the outlines, so they grow by half of each outline's width: the
# token's rim (3 units) and the name's (5 at most). The name's box runs from the
# font's ascent to its descent, more than the capitals a player sees.
OVERLAPS_JS = """() => {
  const svg = [...document.querySelectorAll('#board svg.board')].find(s => s.getClientRects().length);
  const unit = svg.getScreenCTM().a;  // screen pixels per board unit
  const box = (e, pad) => {
    const b = e.getBoundingClientRect(), p = pad * unit;
    return {left: b.left - p, top: b.top - p, right: b.right + p, bottom: b.bottom + p};
  };
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const names = [...svg.querySelectorAll('text.name')];
  const out = [];
  for (const token of svg.querySelectorAll('.token circle')) {
    for (const name of names) {
      if (hit(box(token, 1.5 + 1), box(name, 2.5))) out.push([token.parentNode.dataset.token, name.textContent]);
    }
  }
  return {shape: svg.classList.contains('portrait') ? 'portrait' : 'landscape',
          tokens: svg.querySelectorAll('.token').length, overlaps: out};
}"""

# The left edge of every option group in the dialog, and whether the dialog scrolls sideways.
DIALOG_JS = """() => {
  const box = document.querySelector('#dialog .box');
  return {lefts: [...box.querySelectorAll('.seg')].map(s => Math.round(s.getBoundingClientRect().left)),
          labels: [...box.querySelectorAll('.label')].map(l => Math.round(l.getBoundingClientRect().left)),
          sideways: box.scrollWidth > box.clientWidth};
}"""


@pytest.mark.parametrize("width, height, shape", [(1024, 768, "landscape"), (360, 740, "portrait")])
def test_tokens_clear_of_names_and_dialog_rows_aligned(page, phone_page, base_url, wait_ready,
                                                       screenshot, width, height, shape,
                                                       external_requests):
    if width < 600:
        page = phone_page(width, height)
    else:
        page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url + "?position=" + encode(ALL_HELD))
    wait_ready(page)
    assert page.locator("#cover").is_hidden()  # a link opens in sight
    board = page.evaluate(OVERLAPS_JS)
    screenshot(page, f"layout-tokens-{width}")
    assert (board["shape"], board["tokens"]) == (shape, 12)
    assert board["overlaps"] == []
    page.click("#btn-new")
    page.click('#dialog [data-act="set:handicap:1"]')  # shows the "Handicap for" row too
    dialog = page.evaluate(DIALOG_JS)
    screenshot(page, f"layout-new-game-{width}")
    assert external_requests == []
    assert len(dialog["lefts"]) == 8 and len(set(dialog["lefts"])) == 1, dialog["lefts"]
    assert not dialog["sideways"]
    if width < 420:  # labels above their buttons, on the same left edge
        assert set(dialog["labels"]) == set(dialog["lefts"])


# The side panel's visible parts whose content does not fit their box (squashed, so
# that their text runs into the next part): [class, content height, box height].
# Texts for screen readers only are 1 px boxes by design.
SQUASHED_JS = """() => [...document.querySelectorAll('.side > *:not(.visually-hidden)')]
  .filter(e => e.getClientRects().length && e.scrollHeight > e.clientHeight + 1)
  .map(e => [e.className || e.id, e.scrollHeight, e.clientHeight])"""


def test_side_panel_parts_keep_their_height_on_a_short_screen(page, base_url, wait_ready):
    page.set_viewport_size({"width": 800, "height": 500})
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    assert page.evaluate("document.querySelector('.side').scrollHeight > innerHeight")
    assert page.evaluate(SQUASHED_JS) == []


# A ring around a card (a hint's, a chosen one's), with a chosen card's lift, that
# reaches into the heading of its row: [card, the heading's words' bottom, the ring's top].
# A heading read but not shown (a phone's hand, web/style.css) has no words: there the
# ring must stay inside its row, off the prompt above it.
RINGS_JS = """() => [...document.querySelectorAll('.card.hint, .card[aria-pressed="true"]')]
  .map(card => {
    const style = getComputedStyle(card);
    const reach = Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
    const row = card.closest('.hand-row'), heading = row.querySelector('h2');
    const words = document.createRange();
    words.selectNodeContents(heading);
    const top = heading.getBoundingClientRect().width > 1 ? words.getBoundingClientRect().bottom
                                                          : row.getBoundingClientRect().top;
    return [card.textContent, top, card.getBoundingClientRect().top - reach];
  }).filter(([card, heading, ring]) => ring < heading)"""


@pytest.mark.parametrize("width, height", [(1024, 700), (390, 844)])
def test_a_hinted_or_chosen_card_stays_clear_of_its_heading(
        phone_page, base_url, wait_ready, screenshot, width, height, external_requests):
    page = phone_page(width, height)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    page.click("#btn-hint")  # the advice rings a card, and chooses it
    page.wait_for_selector("#hand .card.hint", state="attached")
    assert page.evaluate(RINGS_JS) == []
    screenshot(page, f"layout-hint-{width}")
    act = page.locator("#hand button.card:not(.hint)").first.get_attribute("data-act")
    other = page.locator(f'#hand [data-act="{act}"]')
    other.click()  # another card, chosen by hand (two chosen: a removal's pair, R11)
    assert other.get_attribute("aria-pressed") == "true"
    assert page.evaluate(RINGS_JS) == []
    assert external_requests == []


@pytest.mark.parametrize("width, height", [(768, 1024), (800, 800), (1000, 820)])
def test_one_column_keeps_the_hand_and_the_turns_end_in_sight(page, base_url, wait_ready,
                                                              screenshot, width, height):
    """A tablet upright or a squarish window has no room for the panel beside the board:
    the board is no taller than leaves the prompt, the hand and the turn's end under it
    on the screen (a tester found them below the fold)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    bottoms = page.evaluate("""() => Object.fromEntries(['#board', '#prompt', '#hand', '#acts']
      .map(s => [s, document.querySelector(s).getBoundingClientRect().bottom]))""")
    screenshot(page, f"layout-one-column-{width}x{height}")
    assert bottoms["#board"] < bottoms["#prompt"] < bottoms["#hand"] < bottoms["#acts"] <= height


@pytest.mark.parametrize("width, height", [(1366, 657), (1280, 600), (1024, 600), (1440, 900)])
def test_a_laptop_window_shows_the_hand_and_the_turns_end_without_scrolling(
        page, base_url, wait_ready, screenshot, width, height):
    """A laptop's window (1366x768 leaves about 660 px): two turns in, with the latest
    moves listed, the hand and the turn's end are on the screen with the side panel
    unscrolled; the moves come after them on a short window, before them on a tall one
    (a look at 1366x657 found "End turn" below the window)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    for _ in range(2):
        wait_still(page)
        page.locator('#table [data-act^="do:take:"]').first.click()
        page.wait_for_selector("body[data-turn='person']")
        settle(page)
    wait_still(page)
    found = page.evaluate("""() => ({scrolled: document.querySelector('.side').scrollTop,
      moves: document.querySelectorAll('#recent li').length,
      ...Object.fromEntries(['#prompt', '#recent', '#hand', '#acts']
        .map(s => [s, document.querySelector(s).getBoundingClientRect().bottom]))})""")
    screenshot(page, f"layout-laptop-{width}x{height}")
    assert found["scrolled"] == 0 and found["moves"] >= 2, found
    assert found["#prompt"] < found["#hand"] < found["#acts"] <= height, found
    assert (found["#recent"] > found["#acts"]) == (height <= 760), found
