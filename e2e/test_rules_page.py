"""The rules pages (rules/, scripts/rules_page.py) in Chromium: every board shows at once,
in every language, on a wide screen and a phone, with no sideways scroll; "Try it" puts
one live frame of the game in a picture's place, another "Try it" moves that same frame
(not loaded again) to the next board, quick presses end on the last board pressed, and
the worked example steps; axe-core finds nothing serious in the pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from scripts.a11y import AXE, axe
from scripts.page_driver import CACHED, do, end_turn, live_frame, wait_cached
from scripts.rules_page import PAGES


#: Records the page's Content-Security-Policy violations (the rules page's own policy).
VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def open_rules(page: Page, base_url: str, lang: str = "en") -> None:
    page.context.add_init_script(VIOLATIONS)
    page.goto(f"{base_url}rules/{PAGES[lang]}")


def shown_pictures(page: Page) -> list[str]:
    """The figures whose picture is on screen (one of its two boards laid out)."""
    return page.evaluate("""[...document.querySelectorAll('figure.example')].filter(f =>
        [...f.querySelectorAll('.picture svg')].some(s => s.getBoundingClientRect().width > 100)
      ).map(f => f.id)""")


def top_in_sight(page: Page) -> bool:
    """The live board's top edge is on the screen."""
    top = page.evaluate("document.querySelector('iframe.live-board').getBoundingClientRect().top")
    return 0 <= top < page.viewport_size["height"]


def test_every_page_shows_every_board_on_a_wide_screen_and_a_phone(
        page, phone_page, base_url, screenshot, external_requests):
    page.set_viewport_size({"width": 1000, "height": 800})
    for lang in PAGES:
        open_rules(page, base_url, lang)
        figures = page.locator("figure.example").count()
        assert figures >= 6 and shown_pictures(page) == page.evaluate(
            "[...document.querySelectorAll('figure.example')].map(f => f.id)")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert page.locator("iframe").count() == 0  # no game runs until asked
        assert page.evaluate("document.documentElement.lang") == lang
        screenshot(page, f"rules-{lang}")
        assert page.evaluate("window.__violations") == []
        assert AXE.exists(), "axe-core is missing: bash scripts/setup.sh"
        assert [v for v in axe(page) if v["impact"] in ("serious", "critical")] == []
    small = phone_page()
    for lang in PAGES:
        open_rules(small, base_url, lang)
        assert small.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert len(shown_pictures(small)) == small.locator("figure.example").count()
        # upright boards, as the game shows them on a phone
        assert small.locator("figure.example svg.portrait").first.is_visible()
    screenshot(small, "rules-pl-phone")
    assert not external_requests


def test_try_it_makes_one_live_board_and_moves_it_without_loading_again(
        page, base_url, screenshot, external_requests):
    page.set_viewport_size({"width": 1000, "height": 800})
    open_rules(page, base_url)
    page.focus("#board-remove button.try")
    page.keyboard.press("Enter")  # by the keyboard: the live board takes the focus once ready
    frame = live_frame(page)
    assert page.evaluate("document.activeElement.className") == "live-board"
    assert top_in_sight(page)  # its buttons and goal, not only the part under the button
    frame.wait_for_selector("#lesson .goal")
    assert "HUNA" in frame.text_content("#lesson")
    assert page.locator("#board-remove iframe.live-board").count() == 1
    assert "board-remove" not in shown_pictures(page)
    frame.evaluate("window.__booted = 1")  # gone if the frame loads again
    screenshot(page, "rules-live-remove")

    page.click("#board-control button.try")
    frame.wait_for_function("document.querySelector('#lesson .goal')?.textContent"
                            ".includes('ELAI')")
    assert page.locator("iframe").count() == 1
    assert page.locator("#board-control iframe.live-board").count() == 1
    assert frame.evaluate("window.__booted") == 1 and top_in_sight(page)
    assert "board-remove" in shown_pictures(page) and "board-control" not in shown_pictures(page)
    do(frame, "ELAI>HUNA")  # the puzzle's answer: White gains ELAI
    end_turn(frame)
    frame.wait_for_selector("#lesson .verdict.solved")
    screenshot(page, "rules-live-control-solved")

    page.click("#board-worked button.try")
    frame.wait_for_selector('#lesson [data-act="step:next"]')
    assert frame.evaluate("window.__booted") == 1 and frame.locator("#log li").count() == 0
    for _ in range(5):
        frame.click('#lesson [data-act="step:next"]')
    log = frame.locator("#log li")
    assert log.count() == 5
    # the log, newest first: the rulebook's first and last effects
    assert "White places BARI–DUDA" in log.nth(4).text_content()
    assert "White loses DUDA" in log.nth(0).text_content()
    assert page.locator("iframe").count() == 1
    assert page.evaluate("window.__violations") == []
    assert not external_requests


def test_quick_presses_on_a_phone_end_on_the_last_board_pressed(phone_page, base_url, screenshot,
                                                                 external_requests):
    small = phone_page()
    open_rules(small, base_url, "de")
    small.dblclick("#board-place button.try")  # pressed twice
    # While the game starts, the picture stays and its button says so.
    assert "board-place" in shown_pictures(small)
    assert small.locator("#board-place button.try").text_content() == "Wird gestartet…"
    small.click("#board-scoring button.try")  # before the game in the frame has started
    small.click("#board-worked button.try")
    assert small.locator("#board-place button.try").text_content() == "Ausprobieren"
    frame = live_frame(small)
    frame.wait_for_selector('#lesson [data-act="step:next"]')
    frame.evaluate("window.__booted = 1")
    # Pressed again where the live board already is (by a script: it is hidden there).
    small.evaluate("document.querySelector('#board-worked button.try').click()")
    small.wait_for_timeout(300)
    assert frame.evaluate("window.__booted") == 1
    assert small.locator("iframe").count() == 1
    assert small.locator("#board-worked iframe.live-board").count() == 1
    assert small.locator("figure.live").count() == 1
    assert small.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert frame.evaluate("document.documentElement.lang") == "de"
    frame.click('#lesson [data-act="step:next"]')
    assert frame.locator("#log li").count() == 1
    small.locator("#board-worked").scroll_into_view_if_needed()
    screenshot(small, "rules-de-phone-live")
    assert not external_requests


#: The live frame's document shows all of itself: nothing to scroll inside it.
FITS = "document.documentElement.scrollHeight <= document.documentElement.clientHeight"


def test_the_live_board_on_a_phone_takes_its_games_height(phone_page, base_url, screenshot,
                                                           external_requests):
    """At 390 x 844 the live frame is as tall as its game (web/embed-height.js posts the
    height, rules/rules.js sets it), on every board it moves to: the reader scrolls the
    page, never inside the frame. A height posted by any other window is not heard."""
    small = phone_page(390, 844)
    open_rules(small, base_url)
    small.click("#board-worked button.try")
    frame = live_frame(small)
    frame.wait_for_selector('#lesson [data-act="step:next"]')
    frame.wait_for_function(FITS)
    for _ in range(3):
        frame.click('#lesson [data-act="step:next"]')
    frame.wait_for_function(FITS)
    small.locator("#board-worked iframe.live-board").scroll_into_view_if_needed()
    screenshot(small, "rules-phone-live-fits")
    small.click("#board-control button.try")
    frame.wait_for_function("document.querySelector('#lesson .goal')?.textContent"
                            ".includes('ELAI')")
    frame.wait_for_function(FITS)
    height = small.evaluate("document.querySelector('iframe.live-board').offsetHeight")
    assert height > 844 - 40  # taller than the screen's cap it had: the whole game
    # The page itself says 40 px: rules.js hears only the frame's own window.
    small.evaluate("""() => new Promise(heard => {
        addEventListener("message", () => setTimeout(heard), {once: true});
        postMessage({kahuna: "height", px: 40}, "*"); })""")
    assert small.evaluate("document.querySelector('iframe.live-board').offsetHeight") == height
    assert small.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert not external_requests


#: Nothing of the wide layout's side panel (its hand, its buttons) scrolls inside the frame.
PANEL_FITS = "(s => s.scrollHeight <= s.clientHeight + 1)(document.querySelector('.side'))"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_live_board_on_a_laptop_shows_its_whole_panel(page, base_url, screenshot, lang,
                                                          external_requests):
    """At 1024 x 768 the live frame lays the game out beside its panel at the frame's own
    height, and it first took the height of the picture it stood over: the frame grows
    until the panel's hand and buttons show whole (web/embed-height.js counts what the
    panel hides). Kept at that first height, the hand scrolled inside the panel and slid
    under the sticky goal, and a second card could not be clicked (German, offline)."""
    open_rules(page, base_url, lang)
    page.click("#board-control button.try")
    frame = live_frame(page)
    frame.wait_for_selector("#lesson .goal")
    frame.wait_for_function(PANEL_FITS)
    frame.wait_for_function(FITS)
    do(frame, "ELAI>HUNA")  # the puzzle's answer: two cards chosen one after the other
    end_turn(frame)
    frame.wait_for_selector("#lesson .verdict.solved")
    page.locator("#board-control iframe.live-board").scroll_into_view_if_needed()
    screenshot(page, f"rules-laptop-live-{lang}")
    assert not external_requests


#: The addresses the service worker's caches hold.
def test_the_rules_pages_open_offline_once_read(sw_context, built_site, serve_site, wait_ready):
    """The deployed site's service worker keeps a rules page once it was read (a first
    visit of the game does not download them, web/sw-core.js): the folder's address
    (rules/) and a language's page open with no network; a page never read does not."""
    site = serve_site(built_site)
    page = sw_context.new_page()
    page.goto(site.url + "?pace=0")
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    assert site.url + "rules/de.html" not in page.evaluate(CACHED)  # not with the game
    for address in ("rules/", "rules/de.html"):  # read once, online
        page.goto(site.url + address)
        page.wait_for_selector("figure.example svg.board")
    wait_cached(page, site.url + "rules/de.html", site.url + "rules/rules.css")
    site.down = True
    sw_context.set_offline(True)
    for address, lang in (("rules/", "en"), ("rules/de.html", "de")):
        page.goto(site.url + address)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("figure.example svg.board").count() >= 12  # both shapes of each
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != \
            "rgba(0, 0, 0, 0)"  # its stylesheets came from the cache too
    # Last: the browser's error page that follows would interrupt a next navigation.
    with pytest.raises(PlaywrightError):  # never read: nowhere to come from
        page.goto(site.url + "rules/fr.html")


def test_the_rules_follow_the_games_theme(browser, base_url, screenshot):
    """A system that prefers dark gets the dark page, as the game does, unless the
    person chose light in the game's settings; the headings stay readable on it."""
    context = browser.new_context(color_scheme="dark", service_workers="block")
    page = context.new_page()
    page.goto(base_url + "rules/fr.html")
    looks = "() => [document.documentElement.dataset.theme, getComputedStyle(document.body)" \
            ".backgroundColor, getComputedStyle(document.querySelector('main h2')).color]"
    assert page.evaluate(looks) == ["dark", "rgb(28, 36, 41)", "rgb(143, 211, 240)"]
    screenshot(page, "rules-dark")
    page.evaluate("localStorage.setItem('kahuna.settings', JSON.stringify({theme: 'light'}))")
    page.reload()
    assert page.evaluate(looks) == ["light", "rgb(246, 239, 220)", "rgb(18, 80, 110)"]
    page.evaluate("localStorage.setItem('kahuna.settings', '{not json')")  # as the system then
    page.reload()
    assert page.evaluate(looks)[0] == "dark"
    context.close()
