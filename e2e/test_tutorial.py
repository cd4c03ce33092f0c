"""The tutorial in real Chromium (issue 13): a first visit is offered it; a scripted player
follows every lesson to its end by clicking as a person would, on a desktop window and a
360 px phone (in each language), each lesson's words on the screen, whole; another skips it and gets a game;
it is reopened from the new-game dialog. Screenshots of every step in e2e/screenshots/.

This file's browser is a first visit's: the others open the game as a returning player
(scripts/browser.py RETURNING)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scripts.a11y import axe
from scripts.measure import OVERFLOW
from scripts.page_driver import click_line, settle
from web.learn.tutorial import LESSONS as TUTORIAL

from .conftest import SCREENSHOT_DIR, Browsers

#: The lessons, in order (web/learn/tutorial.py LESSONS).
LESSONS = ("board", "place", "draw", "control", "remove", "pass", "last")


@pytest.fixture(scope="module")
def browsers(playwright_session):
    """Chromium whose contexts keep nothing from before: every page is a first visit."""
    holder = Browsers(playwright_session, first_visit=True)
    yield holder
    holder.close()


def storage(page: Page, key: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", key)


def at_step(page: Page, n: int) -> None:
    """Wait until the coach shows lesson ``n`` (1-based) and the person may act on it."""
    # "Step 2 of 7", "Schritt 2 von 7", "Krok 2 z 7": the numbers, in any language
    page.wait_for_selector(f'#coach .coach-step:text-matches("^[^0-9]*{n}[^0-9]+7$")',
                           timeout=30_000)
    settle(page)


def whole(page: Page) -> None:
    """The coach's words and buttons are on the screen, nothing clipped, no sideways
    scrolling, and the board is not under them."""
    box = page.locator("#coach").bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    found = page.evaluate(OVERFLOW)
    assert not found["clipped"] and not found["sideways"], found
    board = page.locator("#board svg.board:visible").bounding_box()
    assert board is not None
    apart = (box["y"] >= board["y"] + board["height"] - 1 or box["x"] >= board["x"] + board["width"] - 1)
    assert apart, (box, board)


def card(page: Page, island: str):
    return page.locator("#hand button.card", has_text=island).first


def lit_line(page: Page):
    return page.locator("#board path.hit:visible").first


def follow(page: Page, shots: str, screenshot) -> None:
    """Do what each lesson says, as a person would; a screenshot of each."""
    for n, key in enumerate(LESSONS, start=1):
        at_step(page, n)
        page.locator("#coach").scroll_into_view_if_needed()
        whole(page)
        screenshot(page, f"{shots}-{n}-{key}")
        if key == "pass":  # the coach names the button as it is shown
            label = page.text_content('#acts [data-act="do:pass"]')
            assert label and label in page.text_content("#coach")
        do_step(page, key)
    page.wait_for_selector('#dialog:not([hidden]) [data-act="tutorial:play"]')
    screenshot(page, f"{shots}-8-end")


def do_step(page: Page, key: str) -> None:
    """Do what the lesson ``key`` asks, by clicking as a person would."""
    if key == "board":
        page.click('#coach [data-act="tutorial:next"]')
    elif key in ("place", "control"):
        card(page, "ALOA").click()
        click_line(page, lit_line(page))
    elif key == "draw":
        page.locator('#table [data-act^="do:take:"]').first.click()
    elif key == "remove":
        card(page, "JOJO").click()
        page.locator('#hand button.card[aria-pressed="false"]', has_text="JOJO").click()
        click_line(page, lit_line(page))
    elif key == "pass":
        page.click('#acts [data-act="do:pass"]')
    elif key == "last":
        page.locator('#table [data-act^="do:take:"]').click()


def test_a_first_visit_is_offered_the_tutorial_and_follows_it_to_its_end(
        page, base_url, wait_ready, screenshot):
    page.set_viewport_size({"width": 720, "height": 520})
    page.goto(base_url + "?pace=0")
    wait_ready(page)
    dialog = page.locator("#dialog")
    assert dialog.is_visible() and "New to Kahuna?" in dialog.text_content()
    assert page.locator("#hand button.card").count() == 0  # nothing dealt yet
    screenshot(page, "tutorial-desktop-0-welcome")
    # The keyboard: the offer has focus; Enter takes it, and focus lands on the coach's Next.
    assert page.evaluate("document.activeElement.dataset.act") == "tutorial:start"
    page.keyboard.press("Enter")
    at_step(page, 1)
    assert page.evaluate("document.activeElement.dataset.act") == "tutorial:next"
    assert page.get_attribute("#coach", "aria-live") == "polite"
    assert page.locator("#btn-hint").is_disabled()
    follow(page, "tutorial-desktop", screenshot)
    text = dialog.text_content()
    assert "You know the basics" in text and "you 1, the computer 0" in text
    assert storage(page, "kahuna.tutorial") == "done"
    assert storage(page, "kahuna.save.tutorial") is None  # not a saved game
    page.click('#dialog [data-act="tutorial:play"]')
    page.wait_for_selector('#dialog:not([hidden]) [data-act="start"]')
    page.click('#dialog [data-act="start"]')
    settle(page)
    assert page.locator("#coach").is_hidden() and page.locator("#hand .card").count() == 3
    page.reload()
    wait_ready(page)
    assert page.locator("#dialog").is_hidden()  # done: not offered again


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl"])
def test_a_phone_shows_every_lesson_whole(phone_page, base_url, wait_ready, screenshot, lang,
                                          external_requests):
    page = phone_page(360, 740)
    page.goto(base_url + f"?pace=0&lang={lang}")
    wait_ready(page)
    shots = "tutorial-phone" + ("" if lang == "en" else f"-{lang}")
    screenshot(page, f"{shots}-0-welcome")
    page.click('#dialog [data-act="tutorial:start"]')
    follow(page, shots, screenshot)
    found = page.evaluate(OVERFLOW)
    assert not found["clipped"] and not found["sideways"], found
    assert external_requests == []


def test_skipping_gives_a_game_at_once_and_the_tutorial_reopens_from_new_game(
        page, base_url, wait_ready, screenshot):
    page.set_viewport_size({"width": 720, "height": 520})
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    page.click('#dialog [data-act="tutorial:skip"]')
    settle(page)
    assert page.locator("#dialog").is_hidden() and page.locator("#coach").is_hidden()
    assert page.locator("#hand .card").count() >= 3
    assert storage(page, "kahuna.tutorial") == "skipped"
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.locator("#dialog").is_hidden()  # remembered: no offer on a reload
    page.click("#btn-new")
    screenshot(page, "tutorial-new-game-dialog")
    page.click('#dialog [data-act="tutorial:start"]')
    at_step(page, 1)
    page.click('#coach [data-act="tutorial:next"]')
    at_step(page, 2)
    page.reload()  # half-way: the same lesson again
    wait_ready(page)
    at_step(page, 2)
    page.click('#coach [data-act="tutorial:skip"]')  # leave it: the new-game dialog
    page.wait_for_selector('#dialog:not([hidden]) [data-act="start"]')
    assert page.locator("#coach").is_hidden()
    saved = page.locator("#dialog .saves li")
    assert saved.count() == 1  # the game from before; the tutorial was never saved
    page.click('#dialog .saves [data-act^="continue:"]')
    settle(page)
    assert page.locator("#dialog").is_hidden() and page.locator("#coach").is_hidden()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_offer_and_a_lesson_pass_axe_in_both_themes(page, base_url, wait_ready,
                                                       screenshot, theme):
    page.set_viewport_size({"width": 720, "height": 520})
    page.emulate_media(color_scheme=theme)
    page.goto(base_url + "?pace=0")
    wait_ready(page)
    found = axe(page)
    page.click('#dialog [data-act="tutorial:start"]')
    at_step(page, 1)
    page.click('#coach [data-act="tutorial:next"]')
    at_step(page, 2)
    card(page, "JOJO").click()  # a card this lesson does not ask for: the coach says so
    page.wait_for_selector("#coach .note")
    page.wait_for_timeout(700)  # animations settle (colour contrast is read as drawn)
    found += axe(page)
    screenshot(page, f"tutorial-a11y-{theme}")
    assert [v for v in found if v["impact"] in ("serious", "critical")] == []


def in_sight(page: Page, selector: str) -> bool:
    """``selector``'s first element wholly inside the window and not under the coach,
    where the person's eyes are, without anything scrolled by the test."""
    return page.evaluate("""sel => {
      const el = document.querySelector(sel), box = el.getBoundingClientRect();
      const coach = document.getElementById('coach').getBoundingClientRect();
      const under = !sel.startsWith('#coach') && box.top < coach.bottom && box.bottom > coach.top;
      return box.top >= 0 && box.bottom <= innerHeight + 1 && !under;
    }""", selector)


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1280, 800)])
def test_on_a_laptop_each_step_shows_its_words_and_the_cards_it_names(
        page, base_url, wait_ready, screenshot, size):
    """The side panel is taller than a laptop's window: on each step the coach stays at
    the panel's top and the panel scrolls the hand into sight under it, so the cards a
    step names are on the screen with its words (they were below the window). So are
    the other parts a step is about: at 1280 x 800 the last step's words spoke of the
    computer's hand, half under the coach. The person's row of points stays in sight
    too, and the hand from step 2 on: from step 4 that row was under the coach, and at
    step 7 the hand fell below the window as the latest moves grew (1280 x 800)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base_url + "?pace=0")
    wait_ready(page)
    page.click('#dialog [data-act="tutorial:start"]')
    for n, key in enumerate(LESSONS, start=1):
        at_step(page, n)
        assert in_sight(page, "#coach h2") and in_sight(page, "#coach .coach-step"), key
        screenshot(page, f"tutorial-laptop-{size[0]}-{n}-{key}")
        assert in_sight(page, "#players .player.black"), key  # the person's points
        if key != "board":
            assert in_sight(page, "#hand button.card"), key
        lesson = TUTORIAL[n - 1]
        for part in {lesson.part, lesson.also} - {"", "board"}:
            assert in_sight(page, "#" + part), (key, part)
        do_step(page, key)
    page.wait_for_selector('#dialog:not([hidden]) [data-act="tutorial:play"]')
    screenshot(page, f"tutorial-laptop-{size[0]}-8-end")
    # Escape closes the end as "Play a real game" does (the first test clicks it): the
    # new-game dialog, where it was ignored. Then a game after the tutorial: the panel
    # scrolls as it did, no room kept for a coach.
    page.keyboard.press("Escape")
    page.wait_for_selector('#dialog:not([hidden]) [data-act="start"]')
    page.click('#dialog [data-act="start"]')
    page.wait_for_selector("#coach:empty", state="attached")
    assert page.evaluate("document.querySelector('.side').style.scrollPaddingTop") == ""


#: Whether the coach and the part of the page a step is about are in sight, and whether
#: both fit at once, in the part of the window where the coach scrolls: the window on a
#: phone held upright, the side column on one held sideways.
SIGHT = """part => {
  const box = id => document.getElementById(id).getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let el = document.getElementById('coach').parentElement; el; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) {
      const view = el.getBoundingClientRect();
      top = Math.max(top, view.top); bottom = Math.min(bottom, view.bottom);
      break;
    }
  }
  const coach = box('coach'), it = box(part);
  const inside = b => b.top >= top - 1 && b.bottom <= bottom + 1;
  return {coach: inside(coach), part: inside(it),
          fits: Math.max(coach.bottom, it.bottom) - Math.min(coach.top, it.top) <= bottom - top,
          boxes: [[top, bottom], [coach.top, coach.bottom], [it.top, it.bottom]].flat()
            .map(Math.round)};
}"""


#: The islands a step's words name ("Build your second bridge on ALOA"), each with
#: whether it is whole in the window, on the board drawn for this orientation.
NAMED_IN_SIGHT = """() => {
  const board = [...document.querySelectorAll('svg.board')]
    .find(svg => svg.getBoundingClientRect().height > 0);
  const words = document.getElementById('coach').innerText.match(/\\b[A-Z]{4}\\b/g) || [];
  return [...new Set(words)].filter(name => board.querySelector('#island-' + name))
    .map(name => {
      const box = board.querySelector('#island-' + name).getBoundingClientRect();
      return [name, box.top >= -1 && box.bottom <= innerHeight + 1];
    });
}"""


@pytest.mark.parametrize("size, lang", [((360, 740), "en"), ((360, 740), "de"),
                                        ((390, 844), "en"),
                                        ((844, 390), "en"), ((740, 360), "en"),
                                        ((740, 360), "de"), ((740, 360), "pl")])
def test_a_phone_scrolls_each_step_and_what_it_is_about_into_sight(phone_page, base_url,
                                                                   wait_ready, size, lang):
    """Each step's words come into sight, with the part of the page they are about (the
    board, the hand, the display, the turn's buttons) and the islands they name, with
    nothing scrolled by the test. Step 3's display was below the window, under the hand;
    on a phone held sideways the hand was never in sight under the step's words (the
    panel now puts the part the step is about right under them). On a 360 x 740 phone
    held upright, step 4 ("Build your second bridge on ALOA") left ALOA above the window,
    where step 3 had scrolled the page, and step 5's ALOA was cut off by the top edge."""
    page = phone_page(*size)
    page.goto(base_url + f"?pace=0&lang={lang}")
    wait_ready(page)
    page.click('#dialog [data-act="tutorial:start"]')
    upright = size[1] > size[0]
    found: set[str] = set()
    for n, lesson in enumerate(TUTORIAL, start=1):
        at_step(page, n)
        seen = page.evaluate(SIGHT, lesson.part)
        if lesson.also:  # the computer's hand too, under the display the step acts on
            also = page.evaluate(SIGHT, lesson.also)  # (a phone on its side has no room)
            assert also["part"] or not upright, (lesson.key, also)
        # what the window shows, not the whole page
        page.screenshot(path=SCREENSHOT_DIR / f"tutorial-phone-{size[0]}-{lang}-sight-{n}.png")
        assert seen["coach"] and (seen["part"] or not seen["fits"]), (lesson.key, seen)
        named = page.evaluate(NAMED_IN_SIGHT)
        assert all(whole for _, whole in named), (lesson.key, named)
        found.update(name for name, _ in named)
        # Both fit, but on a phone held sideways for the board, in a column of its own.
        assert seen["fits"] or not upright and lesson.part == "board", (lesson.key, seen)
        do_step(page, lesson.key)
    assert found == {"ALOA", "HUNA", "JOJO"}  # the steps name islands
