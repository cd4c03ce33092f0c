"""The position editor in the real page (issue 32; web/view/editor.py): the rulebook's
worked example built from empty by mouse on a laptop, a breach refused with the rule
named and nothing lost, a pasted garbage link refused, play from the position; the same
in German on a 360 px phone; and keys alone."""

from __future__ import annotations

from scripts.page_driver import editor_acts, edit, edit_by_keys

from .conftest import phone

ALERT = "#lesson .breach[role=alert]"
SIDEWAYS = "document.documentElement.scrollWidth > innerWidth"


def hand(page, seat: str) -> list[str]:
    return page.eval_on_selector_all(f'#lesson [data-act^="edit:drop:{seat}:"]',
                                     "els => els.map(e => e.dataset.act.split(':')[3])")


def test_the_worked_example_built_from_empty_on_a_laptop(page, base_url, wait_ready,
                                                         screenshot) -> None:
    page.goto(f"{base_url}?editor&pace=0")
    wait_ready(page)
    assert page.locator("#editor-title").is_visible()
    assert page.locator('#lesson [data-rule="R16"]').count() == 1  # nothing to draw yet
    for act in editor_acts():
        edit(page, act)
    assert page.locator("#lesson .missing").count() == 0
    # a third HUNA card: refused beside the display, the rule named, nothing lost
    edit(page, "edit:target:black")
    edit(page, "edit:add:HUNA")
    page.wait_for_selector(ALERT)
    assert page.locator(ALERT).get_attribute("data-rule") == "R2"
    assert sorted(hand(page, "black")) == ["ELAI", "HUNA", "HUNA"]
    edit(page, "edit:target:display")
    edit(page, "edit:drop:display:0")
    edit(page, "edit:add:HUNA")
    assert page.locator(ALERT).get_attribute("data-rule") == "R2"
    assert "HUNA" in page.locator(ALERT).inner_text()
    edit(page, "edit:add:GOLA")  # put back: the alert goes
    assert page.locator(ALERT).count() == 0
    screenshot(page, "editor-worked-example-laptop")
    # garbage pasted: refused in words, the position kept
    page.fill("#editor-paste", "https://example.test/?position=not-a-position")
    edit(page, "edit:paste")
    page.wait_for_selector(ALERT)
    assert sorted(hand(page, "white")) == ["ALOA", "BARI", "KAHU"]
    screenshot(page, "editor-garbage-pasted")
    edit(page, "edit:play:hotseat")
    page.wait_for_selector('body[data-turn="person"]')
    names = page.locator('#hand [data-act^="card:"]').all_inner_texts()
    assert sorted(n.strip()[:4] for n in names) == ["ALOA", "BARI", "KAHU"]  # White's hand


def test_in_german_on_a_phone(browser, base_url, wait_ready, screenshot) -> None:
    context, page, outside = phone(browser)
    page.goto(f"{base_url}?editor&lang=de&pace=0")
    wait_ready(page)
    assert page.locator("#editor-title").inner_text() == "Stellung aufbauen"
    for act in editor_acts()[:9]:
        edit(page, act)
    for _ in range(6):
        edit(page, "edit:unknown:black:1")
    page.wait_for_selector(ALERT)
    assert page.locator(ALERT).get_attribute("data-rule") == "R14"
    assert "höchstens 5 Karten" in page.locator(ALERT).inner_text()
    assert not page.evaluate(SIDEWAYS)
    screenshot(page, "editor-phone-de")
    context.close()
    assert outside == []


def test_keys_alone(page, base_url, wait_ready) -> None:
    page.goto(f"{base_url}?pace=0")
    wait_ready(page)
    page.keyboard.press("Tab")
    page.click("#btn-new")  # the header's New game, then the editor from the dialog
    page.focus('#dialog [data-act="edit:open:empty"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#editor-title")
    page.focus('#lesson [data-act="edit:open:empty"]')
    pressed = sum(edit_by_keys(page, act) for act in editor_acts()[:3])
    assert pressed > 3
    built = page.locator('svg.board .offers [data-act="edit:line:ALOA-HUNA"]')
    assert "Black bridge" in built.get_attribute("aria-label")
    assert "Press to change it" in built.get_attribute("aria-label")
    assert page.locator('#lesson [data-act="edit:undo"]').count() == 1


def test_a_pressed_choice_shows_in_the_dark_theme(page, base_url, wait_ready, screenshot) -> None:
    """The dark theme's lesson buttons all took one colour, over the editor's pressed
    one's: who is to move, the round, where cards go could not be told apart."""
    page.emulate_media(color_scheme="dark")
    page.goto(f"{base_url}?editor&pace=0")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background = ("s => getComputedStyle(document.querySelector(`#lesson [data-act='${s}']`))"
                  ".backgroundColor")
    pressed = page.get_attribute('#lesson [data-act="edit:target:black"]', "aria-pressed")
    assert pressed == "true"
    assert page.evaluate(background, "edit:target:black") != page.evaluate(
        background, "edit:target:white")
    screenshot(page, "editor-dark")


def test_set_up_from_a_replays_step_then_embed_it(page, base_url, wait_ready, screenshot) -> None:
    """A finished game replayed: "Set up from here" opens the editor on the step shown (its
    start),
    by keys as by mouse; "Embed this position" opens the builder on it, and closing the
    builder comes back to the editor."""
    from scripts.a11y import finished_link

    page.goto(f"{base_url}?pace=0&record={finished_link()}")
    wait_ready(page)
    page.click('#dialog [data-act="replay"]')
    page.focus('#lesson [data-act="edit:open:step"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#editor-title")
    assert page.locator("#lesson .missing").count() == 0  # a whole position, ready to use
    edit(page, "edit:embed")
    page.wait_for_selector("#builder:not([hidden]) #builder-title")
    screenshot(page, "editor-replay-step-embedded")
    page.keyboard.press("Escape")
    page.wait_for_selector("#builder", state="hidden")
    assert page.locator("#editor-title").is_visible()
