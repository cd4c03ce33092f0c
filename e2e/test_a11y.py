"""axe-core on every screen in both colour themes (scripts/a11y.py): no serious and no
critical violation; screenshots of both themes at desktop and phone size, and one in
grayscale, where bridges and tokens must still be told apart (by shape)."""

from __future__ import annotations

import pytest

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from tests.helpers import HOLD_ALOA, HOLD_LALE, last_card

from scripts.a11y import axe, AXE, DESKTOP, PHONE, SCREENS, show_screen, THEMES


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_serious_or_critical_violation(page, phone_page, base_url, screen, theme, screenshot,
                                          external_requests):
    assert AXE.exists(), "axe-core is missing: bash scripts/setup.sh"
    phone = SCREENS[screen][0] is PHONE
    page = show_screen(phone_page(**PHONE) if phone else page, base_url, screen, theme)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    found = axe(page)
    screenshot(page, f"a11y-{screen.replace(' ', '-')}-{theme}")
    assert [v for v in found if v["impact"] in ("serious", "critical")] == []
    assert external_requests == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_bridges_and_tokens_read_in_grayscale(page, base_url, wait_ready, screenshot, size):
    page.set_viewport_size(DESKTOP if size == "desktop" else PHONE)
    page.goto(base_url + "?pace=0&position=" + encode(position_to_json(
        last_card(black=HOLD_ALOA + ["BARI-ELAI"], white=HOLD_LALE + ["DUDA-ELAI"]))))
    wait_ready(page)
    page.keyboard.press("Enter")  # the hot-seat cover
    page.evaluate("document.documentElement.style.filter = 'grayscale(1)'")
    screenshot(page, f"a11y-grayscale-{size}")
    marks = page.eval_on_selector_all("#board .token path", "ps => ps.map(p => p.getAttribute('d'))")
    assert len({d.count("L") for d in marks}) == 2  # a triangle and a diamond
