"""What one unit test leaves behind does not reach the next (tests/conftest.py). The two
tests run in this order, in one process (a file goes to one worker)."""

from web.words import language


def test_a_test_may_leave_the_page_speaking_polish():
    language.use("pl")  # as drawing an App whose language is Polish does
    assert language.in_use() == "pl"


def test_the_next_test_starts_in_english():
    assert language.in_use() == "en"
