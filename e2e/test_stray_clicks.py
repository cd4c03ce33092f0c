"""Clicks where nobody means to click: beside every control, on every screen, on a
desktop and a phone. None may show an error box or log an error (issue 10)."""

from __future__ import annotations

import pytest

from .page_driver import settle

#: Places that hold no control: the sea, the header's title, the prompt, the move log's
#: summary and the hand labels (the panel's headings).
STRAY = ["#board svg .sea", ".bar h1", "#prompt", ".log-box summary", "#hand-label",
         "#opp-label", "#players", "#scores"]
SIZES = {"desktop": {"width": 1024, "height": 768}, "phone": {"width": 360, "height": 740}}


def _errors(page, console_messages) -> list[str]:
    boxes = page.locator(".py-error").all_text_contents()
    logged = [m for m in console_messages if m.startswith(("error", "pageerror"))]
    return boxes + logged


def _click_beside(page, selector: str) -> int:
    """Click every visible element of ``selector`` near a corner (not on a child
    control); returns how many clicks were made."""
    clicks = 0
    for element in page.locator(selector).all():
        if element.is_visible():
            element.click(position={"x": 2, "y": 2}, force=True)
            clicks += 1
    return clicks


@pytest.mark.parametrize("size", SIZES)
def test_stray_clicks_on_every_screen_show_no_error(size, page, base_url, console_messages,
                                                   wait_ready, screenshot):
    page.set_viewport_size(SIZES[size])
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    clicks = sum(_click_beside(page, s) for s in STRAY)  # the game screen
    page.click("#btn-new")
    clicks += _click_beside(page, "#dialog .box")  # inside the dialog, beside its buttons
    page.locator("#dialog").click(position={"x": 3, "y": 3})  # the dialog's backdrop
    clicks += 1
    screenshot(page, f"stray-clicks-{size}")
    assert clicks >= 8
    assert _errors(page, console_messages) == []
    # the game still answers a real click afterwards
    page.click('#dialog [data-act="close"]')
    assert not page.locator("#dialog").is_visible()
