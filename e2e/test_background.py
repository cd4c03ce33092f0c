"""What thinks in the background (a hint, the computer, a review) never leaves the game
waiting on nothing (issue 29, a tester's find: Hint, then End turn while the hint was
looked for, and the computer never played). Each act below is made in one task with the
press of Hint, so it lands while the hint is being worked out, every time."""

from __future__ import annotations

import pytest

from scripts.page_driver import place_a_bridge, settle

ENDS = {"pile": '#table [data-act="do:pile"]', "display": "#table button.card",
        "pass": '#acts [data-act="do:pass"]'}


def _in_one_task(page, *selectors: str) -> None:
    """Click each element in turn inside one browser task, as a quick person might."""
    page.evaluate("""selectors => {
        for (const s of selectors) document.querySelector(s).click();
    }""", list(selectors))


def _computer_played(page) -> None:
    """Wait until the computer has played its turn and the person is to act again."""
    page.wait_for_function("""() => document.body.dataset.turn === 'person'
        && [...document.querySelectorAll('#log li')].some(li => !/\\bYou\\b/.test(li.textContent))
    """, timeout=60_000)


@pytest.mark.parametrize("end", ENDS)
def test_the_computer_plays_after_a_turn_ended_while_a_hint_was_looked_for(
        end, page, base_url, wait_ready, screenshot):
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    _in_one_task(page, "#btn-hint", ENDS[end])
    _computer_played(page)  # it stalled here for minutes
    screenshot(page, f"hint-then-{end}")
    # The hint for a position played past is dropped, not shown on the person's next turn.
    assert page.locator('#hand button.card[aria-pressed="true"]').count() == 0
    assert page.locator("#btn-hint").is_enabled()


def test_the_turn_ended_while_the_hint_is_thought_lets_the_computer_play(
        page, base_url, wait_ready, console_messages):
    """The tester's order: the hint has begun thinking (the button says it is busy) when
    the pile is clicked; the hint's thinking stops, and the computer plays."""
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    page.evaluate("""pile => new Promise((clicked, failed) => {
        const hint = document.querySelector('#btn-hint');
        setTimeout(() => failed(new Error('the hint never said it was thinking')), 60000);
        new MutationObserver((_, watch) => {  // runs as the hint's thinking yields
            if (hint.getAttribute('aria-busy') !== 'true') return;
            watch.disconnect();
            document.querySelector(pile).click();
            clicked();
        }).observe(hint, {attributes: true, attributeFilter: ['aria-busy']});
        hint.click();
    })""", ENDS["pile"])
    _computer_played(page)
    assert page.locator('#hand button.card[aria-pressed="true"]').count() == 0
    assert not [m for m in console_messages if m.startswith(("error", "pageerror"))]


def test_hint_pressed_twice_then_a_turn_s_end_lets_the_computer_play(page, base_url,
                                                                     wait_ready):
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    _in_one_task(page, "#btn-hint", "#btn-hint", ENDS["pile"])
    _computer_played(page)


def test_undo_while_a_hint_is_looked_for_drops_the_hint(page, base_url, wait_ready):
    """Undo puts another position on show: the hint worked out for the old one is not
    shown over it (its action may not even be legal), and the person plays on."""
    page.goto(base_url + "?seed=7&pace=0")
    wait_ready(page)
    settle(page)
    assert place_a_bridge(page)
    page.click("#btn-hint")
    page.wait_for_selector('#btn-hint[aria-busy="true"]', state="attached")
    page.click('#acts [data-act="undo"]')
    page.wait_for_selector('#btn-hint:not([aria-busy])')
    assert page.locator('#hand button.card[aria-pressed="true"]').count() == 0
    assert "Hint from" not in page.locator("#prompt").inner_text()
    assert place_a_bridge(page)
    page.locator(ENDS["pile"]).click()
    _computer_played(page)
