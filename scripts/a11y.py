"""axe-core in the real page, on each screen of the game in both colour themes: shared by
e2e/test_a11y.py and bench/a11y_figures.py.

axe-core comes from the npm registry at a pinned version (e2e/axe/package.json and its
lock, installed by scripts/setup.sh); it is evaluated in the page by the test, never
shipped with the site.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from playwright.sync_api import Browser, Frame, Page

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from scripts.browser import guard_network, wait_ready
from scripts.page_driver import choose_a_card_that_lights_lines, edit, editor_acts, settle
from scripts.positions import HOLD_ALOA, last_card

AXE = Path(__file__).resolve().parent.parent / "e2e" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("critical", "serious", "moderate", "minor")
THEMES = ("light", "dark")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


def scoring_link() -> str:
    """Two players; Black takes GOLA, the round's last card: the interim scoring follows."""
    return encode(position_to_json(last_card(black=HOLD_ALOA, white=["DUDA-ELAI"])))


def finished_link() -> str:
    """A game against the computer just lost by the person (R23)."""
    return encode({"format": "kahuna-record", "version": 1,
                   "position": position_to_json(last_card(black=HOLD_ALOA, white=[])),
                   "seed": 1, "actions": ["take:GOLA"], "meta": {"mode": "computer", "human": 1}})


def _main(page: Page) -> None:
    settle(page)


def _new_game(page: Page) -> None:
    settle(page)
    page.click("#btn-new")
    page.wait_for_selector("#dialog:not([hidden])")


def _card_chosen(page: Page) -> None:
    """A card chosen: its lines lit on the board, each a button."""
    settle(page)
    assert choose_a_card_that_lights_lines(page), "no card of the hand fits a line"


def _scoring(page: Page) -> None:
    page.click('#table [data-act="do:take:GOLA"]')
    page.wait_for_selector("#dialog:not([hidden]) h2")


def _end(page: Page) -> None:
    page.wait_for_selector("#dialog:not([hidden]) h2.winner")


def _cover(page: Page) -> None:
    """The turn of the linked position ended: the device passes to the other player."""
    _scoring(page)
    page.click('#dialog [data-act="close"]')
    page.wait_for_selector("#cover:not([hidden])")


def _editor(page: Page) -> None:
    """The position editor (issue 32) on the worked example, every part filled."""
    for act in editor_acts():
        edit(page, act)


def _builder(page: Page) -> None:
    """The embed builder over the game, its board drawn beside the page's own."""
    page.wait_for_selector("#builder:not([hidden]) #builder-board svg.board")


#: name -> (viewport, the address's query, what brings the screen up)
SCREENS = {
    "main": (DESKTOP, "?seed=5&pace=0", _main),
    "card chosen": (DESKTOP, "?seed=5&pace=0", _card_chosen),
    "new game": (DESKTOP, "?seed=5&pace=0", _new_game),
    "scoring": (DESKTOP, f"?pace=0&position={scoring_link()}", _scoring),
    "end": (DESKTOP, f"?pace=0&record={finished_link()}", _end),
    "hot-seat cover": (DESKTOP, f"?pace=0&position={scoring_link()}", _cover),
    "embed": (PHONE, f"?embed&pace=0&position={scoring_link()}", _main),
    "phone": (PHONE, "?seed=5&pace=0", _main),
    "editor": (DESKTOP, "?editor&pace=0", _editor),
    "builder": (DESKTOP, f"?builder&pace=0&position={scoring_link()}", _builder),
}


def open_screen(browser: Browser, base_url: str, screen: str, theme: str) -> Page:
    """A fresh page showing ``screen``; ``theme`` is the system's colour preference (the
    page's theme follows it by default). Close its context when done."""
    viewport = SCREENS[screen][0]
    context = browser.new_context(viewport=viewport, color_scheme=theme,
                                  service_workers="block", is_mobile=viewport is PHONE,
                                  has_touch=viewport is PHONE)
    outside: list[str] = []
    guard_network(context, outside)
    page = show_screen(context.new_page(), base_url, screen, theme)
    assert outside == [], outside
    return page


def show_screen(page: Page, base_url: str, screen: str, theme: str) -> Page:
    """``page`` (of a phone's context for a PHONE screen) showing ``screen`` at its size,
    the system's colour preference ``theme``."""
    viewport, query, bring_up = SCREENS[screen]
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme=theme)
    page.goto(base_url + query)
    wait_ready(page)
    bring_up(page)
    page.wait_for_timeout(700)  # animations settle (colour contrast is read as drawn)
    return page


def axe(page: Page | Frame) -> list[dict]:
    """axe-core's violations on the page as shown: [{id, impact, nodes}]."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
            targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")


def by_impact(found: list[dict]) -> Counter:
    """How many rules are violated at each impact."""
    return Counter(v["impact"] for v in found)
