"""web/boot/guard.py under CPython: the calm dialog's HTML for an unexpected error, and the
guard's flow (an error becomes the dialog, never an exception; a way forward that fails
is not offered again)."""

from __future__ import annotations

import asyncio
import threading

from web.boot.guard import CONTINUE, NEW, RELOAD, TITLE_ID, Guard, details, problem_html


def _raised(exc: Exception) -> Exception:
    try:
        raise exc
    except Exception as caught:
        return caught


def test_the_dialog_says_what_happened_offers_ways_and_folds_the_details():
    exc = _raised(ValueError("bad <card> & worse"))
    html = problem_html(exc, (CONTINUE, NEW, RELOAD))
    assert f'<h2 id="{TITLE_ID}">Sorry, something went wrong</h2>' in html
    assert "continue from where it stands" in html
    assert html.count("<button") == 3
    assert '<button type="button" data-problem="continue" class="primary">Continue</button>' in html
    assert 'data-problem="new">Start a new game</button>' in html
    assert 'data-problem="reload">Reload the page</button>' in html
    # the traceback only inside the collapsed details, escaped
    before, _, folded = html.partition("<details")
    assert "Traceback" not in before and "ValueError" not in before
    assert "<summary>Details for a bug report</summary>" in folded and "<details open" not in html
    assert "Traceback (most recent call last)" in folded
    assert "ValueError: bad &lt;card&gt; &amp; worse" in folded
    assert "<card>" not in html


def test_the_words_follow_the_ways_left():
    exc = _raised(KeyError("x"))
    assert "cannot go on from here. You can start a new game" in problem_html(exc, (NEW, RELOAD))
    only = problem_html(exc, (RELOAD,))
    assert "Reloading it usually helps" in only
    assert 'data-problem="reload" class="primary"' in only and only.count("<button") == 1


def test_details_hold_the_traceback_with_the_failing_line():
    text = details(_raised(ZeroDivisionError("division by zero")))
    assert text.startswith("Traceback") and text.endswith("ZeroDivisionError: division by zero")
    assert "_raised" in text


def _guard():
    shown, logged = [], []
    guard = Guard(shown.append, logged.append)
    guard.ways = {CONTINUE: lambda: None, RELOAD: lambda: None}
    return guard, shown, logged


def test_an_error_in_a_handler_becomes_the_dialog_and_the_log():
    guard, shown, logged = _guard()
    calls = []
    guard.wrap(calls.append)("click")  # no error: nothing shown
    assert calls == ["click"] and shown == [] and guard.errors == 0
    guard.wrap(lambda event: 1 / 0)("click")  # returns, does not raise
    assert guard.errors == 1
    assert "ZeroDivisionError" in logged[0] and "Traceback" in logged[0]
    assert 'data-problem="continue"' in shown[0] and 'data-problem="reload"' in shown[0]
    assert 'data-problem="new"' not in shown[0]  # not registered: not offered


def test_a_coroutine_error_becomes_the_dialog():
    guard, shown, _ = _guard()

    async def turns():
        await asyncio.sleep(0)
        raise RuntimeError("in the computer's turn")

    # On a thread of its own: in a parallel run, a worker's Playwright (e2e) may hold
    # this thread's event loop, and asyncio.run refuses to start inside it.
    thread = threading.Thread(target=asyncio.run, args=(guard.run(turns),))
    thread.start()
    thread.join()
    assert guard.errors == 1 and "in the computer&#x27;s turn" in shown[0]


def test_a_way_that_fails_is_not_offered_again_and_one_that_works_clears_it():
    guard, shown, _ = _guard()
    went = []
    guard.ways[NEW] = lambda: went.append("new")

    def broken():
        raise RuntimeError("still broken")

    guard.ways[CONTINUE] = broken
    guard.failed(_raised(RuntimeError("first")))
    guard.choose(CONTINUE)
    assert shown[1] == ""  # the dialog went down before trying
    assert 'data-problem="continue"' not in shown[2] and 'data-problem="new"' in shown[2]
    assert guard.offered() == (NEW, RELOAD)
    guard.choose(NEW)
    assert went == ["new"] and shown[-1] == "" and guard.offered() == (CONTINUE, NEW, RELOAD)
    guard.choose("nonsense")  # an unknown way does nothing
    assert shown[-1] == ""


def test_the_guard_never_raises_even_when_showing_fails():
    def show(html):
        raise RuntimeError("no document")

    guard = Guard(show, lambda text: None)
    guard.call(lambda: 1 / 0)
    assert guard.errors == 1
