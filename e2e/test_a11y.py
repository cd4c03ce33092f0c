"""axe-core on every screen in both colour themes (scripts/a11y.py): no serious and no
critical violation; screenshots of both themes at desktop and phone size, and one in
grayscale, where bridges and tokens must still be told apart (by shape)."""

from __future__ import annotations

import pytest

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from tests.helpers import HOLD_ALOA, HOLD_LALE, last_card

from scripts.a11y import axe, AXE, DESKTOP, open_screen, PHONE, SCREENS, THEMES


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_serious_or_critical_violation(browser, base_url, screen, theme, screenshot):
    assert AXE.exists(), "axe-core is missing: bash scripts/setup.sh"
    page = open_screen(browser, base_url, screen, theme)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    found = axe(page)
    screenshot(page, f"a11y-{screen.replace(' ', '-')}-{theme}")
    page.context.close()
    assert [v for v in found if v["impact"] in ("serious", "critical")] == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_bridges_and_tokens_read_in_grayscale(browser, base_url, wait_ready, screenshot, size):
    viewport = DESKTOP if size == "desktop" else PHONE
    context = browser.new_context(viewport=viewport, service_workers="block")
    page = context.new_page()
    page.goto(base_url + "?pace=0&position=" + encode(position_to_json(
        last_card(black=HOLD_ALOA + ["BARI-ELAI"], white=HOLD_LALE + ["DUDA-ELAI"]))))
    wait_ready(page)
    page.keyboard.press("Enter")  # the hot-seat cover
    page.evaluate("document.documentElement.style.filter = 'grayscale(1)'")
    screenshot(page, f"a11y-grayscale-{size}")
    marks = page.eval_on_selector_all("#board .token path", "ps => ps.map(p => p.getAttribute('d'))")
    assert len({d.count("L") for d in marks}) == 2  # a triangle and a diamond
    context.close()
