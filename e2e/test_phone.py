"""A phone held either way (844x390, 390x844), as a player meets it (issue 16): every
control of a turn on the screen without scrolling, text on the board at least 12 px,
touch targets at least 44 px (scripts/measure.py measures them as bench/touch_figures.py
does); the other side's last turn marked until the player acts; a long game's log
numbers whole, and the log opened without moving the hand."""

from __future__ import annotations

import random

import pytest

from kahuna import Setup, new_game, setup_to_json
from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from scripts.measure import OVERFLOW, TOUCH_JS
from scripts.page_driver import click_line, settle
from scripts.page_driver import new_game as start_game
from tests.helpers import play_randomly
from tests.helpers import worked_example as start


PHONES = [(844, 390), (390, 844)]
#: The acts of a turn before any card is chosen: the hand, the display, the pile, the
#: turn's end, and the header's buttons.
TURN = ("card:", "do:take:", "do:pile", "do:pass", "hint", "menu", "languages")


def _check(found: dict, width: int) -> None:
    """Board text >= 12 px; every lit line and control >= 44 px and on the screen."""
    small = [t for t in found["text"] if t["px"] < 12]
    assert not small, small
    narrow = [line for line in found["lines"] if line["px"] < 44]
    assert not narrow, narrow
    tiny = [c for c in found["controls"] if c["px"] < 44]
    assert not tiny, tiny
    off = [c["act"] for c in found["controls"] if c["act"].startswith(TURN) and not c["onscreen"]]
    assert not off, off
    if width > 800:  # sideways: the page itself never scrolls, the side column may
        assert not found["scrolls"]


@pytest.mark.parametrize("width, height", PHONES)
def test_a_whole_turn_on_the_screen_with_readable_text_and_large_targets(
        phone_page, base_url, wait_ready, screenshot, width, height, external_requests):
    page = phone_page(width, height)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    found = page.evaluate(TOUCH_JS)
    _check(found, width)
    acts = {c["act"] for c in found["controls"]}
    assert {"do:pile", "do:pass", "hint", "menu"} <= acts and any(
        a.startswith("do:take:") for a in acts)
    if width > height:  # held sideways, the scores are on the screen too
        scores = page.locator("#players").bounding_box()
        assert scores is not None and scores["y"] + scores["height"] <= height
    screenshot(page, f"phone-{width}x{height}-turn")
    cards = page.locator("#hand button.card")
    for i in range(cards.count()):  # a card that lights lines
        cards.nth(i).click()
        if page.locator("#board path.hit").count():
            break
        cards.nth(i).click()
    found = page.evaluate(TOUCH_JS)
    assert found["lines"], "no card of the hand lights a line"
    _check(found, width)
    screenshot(page, f"phone-{width}x{height}-lines")
    click_line(page, page.locator("#board path.hit").first)
    page.wait_for_selector('#acts [data-act="undo"]')
    found = page.evaluate(TOUCH_JS)
    _check(found, width)
    undo = [c for c in found["controls"] if c["act"] == "undo"]
    assert undo and undo[0]["onscreen"]
    screenshot(page, f"phone-{width}x{height}-built")
    assert external_requests == []


def _long_game_link() -> tuple[str, int]:
    """A game against the computer over 114 actions in, the person to move; and how
    many actions it holds."""
    setup = Setup(seed=21)
    state = new_game(setup)
    actions = play_randomly(state, random.Random(21),
                            until=lambda s: len(s.history) >= 115 and s.to_move == 0)
    assert not state.is_over
    return encode({"format": "kahuna-record", "version": 1, "setup": setup_to_json(setup),
                   "actions": [str(a) for a in actions],
                   "meta": {"mode": "computer", "human": 0}}), len(actions)


@pytest.mark.parametrize("width, height", [*PHONES, (1024, 768)])
def test_long_game_log_numbers_whole_and_the_hand_stays_put(
        phone_page, base_url, wait_ready, screenshot, width, height, external_requests):
    page = phone_page(width, height)
    link, played = _long_game_link()
    page.goto(base_url + "?pace=0&record=" + link)
    wait_ready(page)
    settle(page)
    hand = page.locator("#hand").bounding_box()
    page.click(".log-box summary")
    page.locator("#log").scroll_into_view_if_needed()
    first = page.evaluate("""() => {
        const num = document.querySelector('#log li .num'), log = document.querySelector('#log');
        const r = num.getBoundingClientRect(), l = log.getBoundingClientRect();
        return {text: num.textContent, inside: r.left >= l.left - 0.5,
                whole: num.scrollWidth <= num.clientWidth + 0.5};
    }""")
    screenshot(page, f"phone-{width}x{height}-log")
    assert first == {"text": f"{played}.", "inside": True, "whole": True}
    page.evaluate("scrollTo(0, 0); document.querySelector('.side').scrollTop = 0")
    assert page.locator("#hand").bounding_box() == hand  # the log opened below the hand
    recent = page.locator("#recent .last-turn li").count()
    assert recent >= 1 and page.locator("#recent > li").count() == 2
    assert external_requests == []


def test_r11_r24_the_computers_last_turn_is_marked_until_the_person_acts(
        phone_page, base_url, wait_ready, screenshot, external_requests):
    """White (the computer) placed two bridges and drew from the pile: both new bridges
    have a halo, the cleared line a trace, the three islands that changed hands a ring;
    the latest moves show the whole turn, and nothing names the card it drew."""
    record = {"format": "kahuna-record", "version": 1,
              "position": position_to_json(start()), "seed": 1,
              "actions": ["BARI>DUDA", "ALOA>BARI", "pile"],
              "meta": {"mode": "computer", "human": 0}}
    page = phone_page(844, 390)
    page.goto(base_url + "?pace=0&record=" + encode(record))
    wait_ready(page)
    settle(page)
    marks = page.evaluate("""() => ({
        built: [...document.querySelectorAll('#board .last-turn .built')].length,
        cleared: [...document.querySelectorAll('#board .last-turn .cleared')].length,
        islands: [...document.querySelectorAll('#board .island.changed')].map(g => g.dataset.island),
        recent: [...document.querySelectorAll('#recent .last-turn li')].map(li => li.textContent)})""")
    screenshot(page, "phone-844x390-last-turn")
    assert (marks["built"], marks["cleared"]) == (2, 1)
    assert sorted(marks["islands"]) == ["ALOA", "BARI", "HUNA"]
    assert len(marks["recent"]) == 3
    assert marks["recent"][-1].endswith("Computer draws from the pile")  # no card named
    page.click("#hand button.card >> nth=1")  # HUNA: on ALOA-HUNA, the line White cleared
    click_line(page, page.locator("#board path.hit").first)
    page.wait_for_selector('#acts [data-act="undo"]')
    assert page.locator("#board .last-turn, #board .island.changed").count() == 0
    assert external_requests == []


def test_the_counters_and_corner_numbers_explain_themselves_on_a_tap(
        phone_page, base_url, wait_ready, screenshot, external_requests):
    page = phone_page(390, 844)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    page.tap("#players .stat >> nth=0")
    page.wait_for_selector("#tip .tip-box")
    assert "(isl.)" in page.text_content("#tip")
    screenshot(page, "phone-390x844-tip")
    page.tap("#prompt")  # any other tap puts it away
    page.wait_for_selector("#tip .tip-box", state="detached")
    page.dispatch_event("#hand .card >> nth=0", "contextmenu")  # a long press on a card
    page.wait_for_selector("#tip .tip-box")
    assert "lines" in page.text_content("#tip")
    assert page.locator('#hand [aria-pressed="true"]').count() == 0  # not chosen by it
    assert external_requests == []


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_held_sideways_every_language_fits(phone_page, base_url, wait_ready, screenshot, lang,
                                           external_requests):
    """The header's and the side column's words fit 844x390 in every language: nothing
    clipped, nothing under another control, the page never wider than the screen."""
    page = phone_page(844, 390)
    page.goto(base_url + f"?seed=3&pace=0&lang={lang}")
    wait_ready(page)
    settle(page)
    fit = page.evaluate(OVERFLOW)
    covered = page.evaluate("""() => {
        const buttons = [...document.querySelectorAll('.bar nav button')]
          .map(b => b.getBoundingClientRect());
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return [...document.querySelectorAll('.bar .round > span')]
          .filter(s => { const text = document.createRange();  // the words, not the hit area
                         text.selectNodeContents(s);
                         return buttons.some(b => meet(text.getBoundingClientRect(), b)); })
          .map(s => s.textContent);
    }""")
    screenshot(page, f"phone-844x390-{lang}")
    assert fit == {"clipped": [], "overlapped": False, "sideways": False}
    assert covered == []
    assert external_requests == []


#: What a player sees of the header's parts: the round's words and badges (a badge's frame
#: is its ::before on a phone, its element's box being the finger-sized hit area), and the
#: buttons. Pairs that overlap, and parts outside the header: [text, text].
HEADER_CLASHES = """() => {
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const seen = el => {
    const r = el.getBoundingClientRect(), frame = getComputedStyle(el, '::before');
    if (frame.content === 'none' || frame.position !== 'absolute') {
      if (el.matches('.variant, button')) return r;
      const words = document.createRange();
      words.selectNodeContents(el);
      return words.getBoundingClientRect();
    }
    return {left: r.left + parseFloat(frame.left), right: r.right - parseFloat(frame.right),
            top: r.top + parseFloat(frame.top), bottom: r.bottom - parseFloat(frame.bottom)};
  };
  const parts = [...document.querySelectorAll('.bar h1, .bar .round > span, .bar nav button')]
    .filter(el => el.getClientRects().length).map(el => [el.textContent.trim(), seen(el)]);
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                         && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = parts.filter(([t, r]) => r.top < bar.top || r.bottom > bar.bottom).map(([t]) => [t, 'outside']);
  parts.forEach(([t, a], i) => parts.slice(i + 1).forEach(([u, b]) => { if (meet(a, b)) out.push([t, u]); }));
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_header_badges_of_variants_and_a_handicap_clash_with_nothing(
        phone_page, base_url, wait_ready, screenshot, lang, external_requests):
    """V1, V2 and a handicap: their badges in the header, on a tall phone, each framed
    around its own words, over no other words or button (a tester saw their frames drawn
    around the finger-sized hit areas, over the round and the buttons)."""
    page = phone_page(390, 844)
    page.goto(base_url + f"?seed=9&pace=0&lang={lang}")
    wait_ready(page)
    settle(page)
    start_game(page, "set:handicap:3", "set:fewer_surprises:on", "set:open_draws:on")
    settle(page)
    assert page.locator(".bar .round .variant").count() == 3
    clashes = page.evaluate(HEADER_CLASHES)
    screenshot(page, f"phone-390-badges-{lang}")
    assert clashes == []
    assert external_requests == []


#: The buttons of the open dialog that are not wholly inside its visible box.
HIDDEN_BUTTONS = """() => {
  const box = document.querySelector('#dialog .box').getBoundingClientRect();
  return [...document.querySelectorAll('#dialog .box .buttons.foot button, '
                                       + '#dialog .box .buttons:last-child button')]
    .filter(b => { const r = b.getBoundingClientRect();
                   return r.top < box.top || r.bottom > box.bottom || r.bottom > innerHeight; })
    .map(b => b.dataset.act);
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_held_sideways_a_tall_dialogs_buttons_stay_in_sight(phone_page, base_url, wait_ready,
                                                            screenshot, lang):
    """On a phone on its side (740x360) the end of a whole game (its table of three
    scorings) and the new-game dialog are taller than the screen: they scroll, and their
    buttons stay at the foot of the box, Rematch and Start first, not below its edge."""
    setup = Setup(seed=5, first=0)
    record = {"format": "kahuna-record", "version": 1, "setup": setup_to_json(setup),
              "actions": [str(a) for a in play_randomly(new_game(setup), random.Random(5))],
              "meta": {"mode": "computer", "human": 0, "level": "beginner"}}
    page = phone_page(740, 360)
    page.goto(base_url + f"?pace=0&lang={lang}&record=" + encode(record))
    wait_ready(page)
    settle(page)
    assert page.locator('#dialog [data-act="rematch"]').is_visible()
    end = page.evaluate(HIDDEN_BUTTONS)
    scrolls = page.evaluate("(b => b.scrollHeight > b.clientHeight)"
                            "(document.querySelector('#dialog .box'))")
    screenshot(page, f"phone-740x360-end-{lang}")
    page.click('#dialog [data-act="menu"]')
    settle(page)
    new = page.evaluate(HIDDEN_BUTTONS)
    screenshot(page, f"phone-740x360-new-game-{lang}")
    assert scrolls  # the case this test is about
    assert end == [] and new == []


#: Records the page's CloseWatchers (``window.__watchers``) and whether each was destroyed.
WATCHERS = """
window.__watchers = [];
const Native = window.CloseWatcher;
window.CloseWatcher = class extends Native {
  constructor(options) { super(options); this.destroyed = false; window.__watchers.push(this); }
  destroy() { this.destroyed = true; super.destroy(); }
};
"""


def test_back_closes_a_dialog_instead_of_leaving_the_page(phone_page, base_url, wait_ready,
                                                          external_requests):
    """A phone's Back is a request to close (what ``requestClose()`` does): over a dialog
    that may be closed it closes that dialog, as Escape does, and the page stays."""
    page = phone_page(390, 844)
    page.context.add_init_script(WATCHERS)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    assert page.evaluate("window.__watchers.length") == 0  # no dialog: Back leaves
    page.tap("#btn-new")
    page.wait_for_selector("#dialog", state="visible")
    assert page.evaluate("window.__watchers.length") == 1
    page.evaluate("window.__watchers[0].requestClose()")
    page.wait_for_selector("#dialog", state="hidden")
    assert page.url.startswith(base_url) and page.locator("#board").count() == 1
    # Closed by its own button, the dialog leaves no watcher behind to swallow a Back.
    page.tap("#btn-new")
    page.wait_for_selector("#dialog", state="visible")
    page.tap('#dialog [data-act="close"]')
    page.wait_for_selector("#dialog", state="hidden")
    assert page.evaluate("window.__watchers.map(w => w.destroyed)") == [False, True]
    # Escape closes the keys' list once: the card chosen before stays chosen.
    page.tap("#hand .card >> nth=0")
    page.keyboard.press("?")
    page.wait_for_selector("#dialog dl.keys")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog", state="hidden")
    assert page.locator('#hand [aria-pressed="true"]').count() == 1
    assert page.evaluate("window.__watchers.map(w => w.destroyed)") == [False, True, True]
    assert external_requests == []


def _bubble_over(locator) -> bool:
    """Whether the help bubble's box overlaps the element of ``locator``."""
    return locator.evaluate("""e => {
        const a = document.querySelector('#tip .tip-box').getBoundingClientRect(),
              b = e.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }""")


def test_the_help_bubble_never_blocks_a_control_and_leaves_by_itself(
        phone_page, base_url, wait_ready, screenshot, external_requests):
    """The bubble stayed until tapped, over the Computer row (issue 29): the row's control
    under it takes a tap at once (the tap also puts it away), and left alone the bubble
    goes by itself."""
    page = phone_page(390, 844)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    row = "#players .stat >> nth=1"  # the Computer row's counters: a control (their help)
    page.locator(row).scroll_into_view_if_needed()
    page.evaluate("""() => {  // the row where the bubble shows, as a long page has it
        const r = document.querySelector('#players').getBoundingClientRect();
        window.scrollBy(0, r.bottom - innerHeight + 12);
    }""")
    page.tap("#table [data-act='tip:discards']")
    page.wait_for_selector("#tip .tip-box")
    assert _bubble_over(page.locator(row))
    screenshot(page, "phone-390x844-tip-over-computer-row")
    page.tap(row)  # reaches the row's control through the bubble
    page.wait_for_function("document.querySelector('#tip').textContent.includes('(isl.)')")
    page.wait_for_selector("#tip .tip-box", state="detached", timeout=20_000)  # by itself
    page.tap("#table [data-act='tip:discards']")
    page.wait_for_selector("#tip .tip-box")
    page.tap("#board svg.board.portrait", position={"x": 4, "y": 4})  # the sea: away too
    page.wait_for_selector("#tip .tip-box", state="detached")
    assert external_requests == []


def test_a_real_long_press_on_a_card_shows_its_help_and_never_takes_the_card(
        phone_page, base_url, wait_ready, external_requests):
    """A finger held on a card (Chromium's touch emulation through the DevTools protocol,
    as a phone's touch screen sends it), not a synthetic contextmenu event."""
    page = phone_page(390, 844)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    card = page.locator("#hand button.card >> nth=0")
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(800)  # the finger held down: the gesture itself, not a wait
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("document.querySelector('#tip').textContent.includes('lines')")
    page.tap("#players .stat >> nth=0")  # after anything the press sent: another help
    page.wait_for_function("document.querySelector('#tip').textContent.includes('(isl.)')")
    assert page.locator('#hand [aria-pressed="true"]').count() == 0  # not taken by it
    assert external_requests == []
