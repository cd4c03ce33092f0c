"""Clicks where nobody means to click: beside every control, on every screen, on a
desktop and a phone. None may show an error box or log an error (issue 10)."""

from __future__ import annotations

import pytest

from scripts.page_driver import click_line, place_a_bridge, settle

from .conftest import page_errors

#: Places that hold no control: the sea, the header's title, the prompt, the move log's
#: summary and the hand labels (the panel's headings).
STRAY = ["#board svg .sea", ".bar h1", "#prompt", ".log-box summary", "#hand-label",
         "#opp-label", "#players", "#scores"]
SIZES = {"desktop": {"width": 1024, "height": 768}, "phone": {"width": 360, "height": 740}}


def _errors(page, console_messages) -> list[str]:
    boxes = page.locator(".py-error").all_text_contents()
    logged = page_errors(console_messages)
    return boxes + logged


def _one_loop_played(page, console_messages) -> None:
    """The computer's turn is over and one loop played it: the person's turn again (no
    loop of the computer plays on from there), and one decision logged by the page
    ("kahuna-decision computer <ms>") for each of the computer's actions in the log (a
    second loop's decisions would be more lines, or actions of its own)."""
    page.wait_for_selector('body[data-turn="person"]', state="attached")
    theirs = [t for t in page.locator("#log li").all_text_contents() if " Computer " in f" {t} "]
    decided = [m for m in console_messages if m.startswith("debug: kahuna-decision computer ")]
    assert theirs and len(decided) == len(theirs), (decided, theirs)


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


@pytest.mark.parametrize("end", ['#table [data-act="do:pile"]', "#table button.card",
                                 '#acts [data-act="do:pass"]'])
def test_a_double_click_ends_the_turn_once(end, page, base_url, wait_ready, console_messages,
                                           screenshot):
    """A double click on the pile, a display card or "End turn" (a tester's): the second
    click kicked the computer a second time, and two of its loops played at once, one of
    them for the person, or raised an illegal action. At pace 0 the computer's turn is
    over before the second click: that click must not be a move in the next turn either."""
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    page.locator(end).first.dblclick()  # both clicks are handled when it returns
    _one_loop_played(page, console_messages)
    screenshot(page, "double-click-end-turn")
    mine = [t for t in page.locator("#log li").all_text_contents() if " You " in f" {t} "]
    assert len(mine) == 2, mine  # the bridge and the turn's end, nothing more
    assert not _errors(page, console_messages)



def test_a_click_right_after_the_turn_s_end_starts_one_computer_turn(page, base_url,
                                                                      wait_ready,
                                                                      console_messages):
    """Any act redraws and kicks the computer: two in one task (the pile, then the
    discards' help) kicked it twice before its loop began, and two loops played."""
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    page.evaluate("""() => {
        document.querySelector('#table [data-act="do:pile"]').click();
        document.querySelector('#table [data-act="tip:discards"]').click();
    }""")
    _one_loop_played(page, console_messages)
    mine = [t for t in page.locator("#log li").all_text_contents() if " You " in f" {t} "]
    assert len(mine) == 2, mine
    assert not _errors(page, console_messages)


def test_a_free_line_or_an_island_clicked_with_no_card_chosen_says_what_to_choose(
        page, base_url, wait_ready, screenshot, console_messages):
    """They did nothing (issue 29): the help bubble names the cards to choose first, and
    nothing is chosen or played."""
    page.set_viewport_size(SIZES["phone"])
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    log = page.locator("#log li").all_text_contents()
    line = page.locator("#board svg.board path.free:visible").first
    a, b = line.get_attribute("data-line").split("-")
    click_line(page, line)
    tip = page.locator("#tip .tip-box")
    tip.wait_for()
    assert tip.inner_text() == (f"{a}–{b} To build here, choose a card of {a} or {b} first, "
                                "then this line.")
    screenshot(page, "spot-free-line-phone")
    page.locator("#board svg.board:visible #island-ELAI .land").click()
    page.wait_for_function("document.querySelector('#tip').textContent.includes('next to ELAI')")
    assert page.locator('#hand button.card[aria-pressed="true"]').count() == 0
    assert page.locator("#log li").all_text_contents() == log
    assert not _errors(page, console_messages)
