"""Every page of a test is watched (e2e/conftest.py): a context made by hand, or by
phone(), reports its console errors and uncaught errors to ``console_messages`` like the
``page`` fixture's, and the autouse check fails the test on them unless declared."""

from __future__ import annotations

import pytest

from .conftest import page_errors, phone

THROWS = "<script>console.error('said in red'); throw new Error('thrown')</script>"


@pytest.mark.expected_errors(r"^error: said in red", r"^pageerror: .*thrown")
def test_a_context_made_by_hand_is_watched(browser, console_messages):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_content(THROWS)
    page.wait_for_function("true")  # the script has run
    assert len(page_errors(console_messages)) == 2, console_messages
    context.close()


@pytest.mark.expected_errors(r"^error: said in red", r"^pageerror: .*thrown")
def test_a_phone_is_watched(browser, console_messages):
    context, page, outside = phone(browser)
    page.set_content(THROWS)
    assert any(m.startswith("pageerror") for m in console_messages), console_messages
    assert outside == []
    context.close()
