"""The game review in the real page: a finished game against the computer, opened from
its link, is reviewed turn by turn in slices (the page stays responsive), and the better
turn of a costly one is stepped through on the review's board; closed, it opens again from
the result under the hand."""

from __future__ import annotations

import re

from kahuna.notation.link import encode
from scripts.page_driver import probe
from tests.web_helpers import finished_record
from web.learn.review import REVIEW_MODULES

DIALOG = "#dialog:not([hidden])"


def test_a_finished_game_is_reviewed_and_its_better_turn_stepped_through(
        page, base_url, wait_ready, screenshot, console_messages):
    # A game that ends early (R23): the same review, of 11 turns (the next test's has 37)
    page.goto(base_url + "?pace=0&record=" + encode(finished_record(5, early_end=True)))
    wait_ready(page)
    page.click(f'{DIALOG} [data-act="review"]')
    page.wait_for_selector(f"{DIALOG} [role=status]")  # the progress, while judging
    page.wait_for_selector(f'{DIALOG} [data-act^="review-turn:"]', timeout=180_000)
    screenshot(page, "review-judged")
    turns = page.locator(f'{DIALOG} [data-act^="review-turn:"]')
    assert turns.count() > 5
    assert page.locator(f"{DIALOG} .review-turns .costly").count() == 3
    costly = page.locator(f"{DIALOG} .review-turns .costly").first
    costly.click()
    assert "Better:" in page.inner_text(DIALOG)
    board = page.inner_html(f"{DIALOG} .review-board")
    page.click(f'{DIALOG} .buttons [data-act^="review-step:"]:has-text("Next")')
    assert page.inner_html(f"{DIALOG} .review-board") != board  # the board moved on
    screenshot(page, "review-step")
    # By keyboard (a tester's second Enter on Next closed the review): focus stays on
    # Next while it steps, then moves to Back at the turn's end, never to Close.
    forward = f'{DIALOG} [data-act="review-step:next"]'
    page.focus(forward)
    presses = 0
    while page.is_enabled(forward):
        page.keyboard.press("Enter")
        presses += 1
        page.wait_for_function("""() => ['review-step:next', 'review-step:back']
            .includes(document.activeElement.dataset.act)""")
    assert presses >= 1 and page.locator("#dialog").is_visible()
    assert page.evaluate("document.activeElement.dataset.act") == "review-step:back"
    while page.evaluate("document.activeElement.dataset.act") == "review-step:back":
        page.keyboard.press("Enter")  # back to the start: then focus moves on to Next
        page.wait_for_function("""() => ['review-step:next', 'review-step:back']
            .includes(document.activeElement.dataset.act)""")
    assert page.is_enabled(forward) and page.locator("#dialog").is_visible()
    assert page.is_disabled(f'{DIALOG} [data-act="review-step:back"]')
    page.click(f'{DIALOG} [data-act="close"]')
    assert page.locator("#dialog").is_hidden()
    # Closed, the result and its review come back from under the hand; Escape
    # closes the review as its button does.
    screenshot(page, "review-closed")
    page.click('#acts [data-act="result"]')
    page.click(f'{DIALOG} [data-act="review"]')
    page.wait_for_selector(f'{DIALOG} [data-act^="review-turn:"]')  # kept: not judged again
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog", state="hidden")
    assert any(m.startswith("debug: kahuna-review ") for m in console_messages)


def test_the_review_on_a_phone_fits_its_turns_and_keeps_its_stepper_above_its_foot(
        page, base_url, wait_ready, screenshot):
    """At 360 x 740 (a tester's): the turns' grid filled the dialog, "Turn 1" to "Turn 37"
    three to a row, and Next, brought into sight, stopped under the sticky Close row,
    which took the tap. The turns now show their numbers (and are named in full)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url + "?pace=0&record=" + encode(finished_record(5)))
    wait_ready(page)
    page.click(f'{DIALOG} [data-act="review"]')
    page.wait_for_selector(f'{DIALOG} [data-act^="review-turn:"]', timeout=180_000)
    turns = page.locator(f'{DIALOG} [data-act^="review-turn:"]')
    assert turns.first.locator(".short").inner_text() == "1"
    assert turns.first.locator(".short").is_visible()
    width = turns.first.locator(".long").bounding_box()
    assert width is not None and width["width"] <= 1  # read out, not shown
    assert page.get_by_role("button", name=re.compile(r"^Turn 1\b")).count() == 1
    grid = page.locator(f"{DIALOG} .review-turns").bounding_box()
    assert grid is not None and grid["height"] < 740 / 2, grid  # 37 turns: 12 rows were 600 px
    page.locator(f"{DIALOG} .review-turns .costly").first.click()
    forward = page.locator(f'{DIALOG} [data-act="review-step:next"]')
    # brought into sight from above by its nearest edge, as Tab does
    page.evaluate("document.querySelector('#dialog .box').scrollTop = 0")
    forward.evaluate("button => button.scrollIntoView({block: 'nearest'})")
    close = page.locator(f'{DIALOG} [data-act="close"]').bounding_box()
    box = forward.bounding_box()
    assert box is not None and close is not None
    assert box["y"] + box["height"] <= close["y"] - 8, (box, close)  # above the foot's row
    screenshot(page, "review-phone")
    board = page.inner_html(f"{DIALOG} .review-board")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.inner_html(f"{DIALOG} .review-board") != board  # the tap stepped


def test_the_review_is_made_ready_while_the_game_s_end_is_read(
        browser, base_url, wait_ready, console_messages):
    """While the end dialog offers Review, the page imports the review's modules (one a
    task: web/learn/review.py REVIEW_MODULES) before any click, which then finds them
    there (whether the dialog offers it: tests/test_web_review.py)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + "?pace=0&record=" + encode(finished_record(5, early_end=True)))
    wait_ready(page)
    assert page.locator(f'{DIALOG} [data-act="review"]').is_visible()
    loaded = f"import sys; all(m in sys.modules for m in {REVIEW_MODULES!r})"
    page.wait_for_function("code => window.__kahuna.py.runPython(code)", arg=loaded)
    assert page.locator(f'{DIALOG} [data-act="review"]').is_visible()  # nothing else moved
    page.click(f'{DIALOG} [data-act="review"]')
    page.wait_for_selector(f'{DIALOG} [data-act^="review-turn:"]', timeout=180_000)
    context.close()
