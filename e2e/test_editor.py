"""The position editor in the real page (issue 32; web/view/editor.py): the rulebook's
worked example built from empty by mouse on a laptop, a breach refused with the rule
named and nothing lost, a pasted garbage link refused, play from the position; the same
in German on a 360 px phone; and keys alone: Tab and Enter, and the editor's own keys
(web/state/editor_keys.py), which never fire while typing in a field."""

from __future__ import annotations

from scripts.page_driver import WORKED_EXAMPLE, editor_acts, editor_keys, edit, edit_by_keys


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


def test_in_german_on_a_phone(phone_page, base_url, wait_ready, screenshot,
                              external_requests) -> None:
    page = phone_page()
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
    page.click('#lesson [data-act="keys"]')  # the editor's keys, for a phone's keyboard too
    page.wait_for_selector("#dialog:not([hidden]) dl.keys")
    assert "Umschalt+P" in page.inner_text("#dialog")
    assert not page.evaluate(SIDEWAYS)
    screenshot(page, "editor-keys-phone-de")
    assert external_requests == []


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


def press(page, keys: list[str]) -> None:
    for key in keys:
        page.keyboard.press(key)


def test_the_worked_example_built_by_the_editors_keys_alone(page, base_url, wait_ready,
                                                            screenshot) -> None:
    """From the page as it opens, nothing focused: the letters go to the board, Enter
    cycles a line, T and the letters fill the hands and display, P the pile, M the mover."""
    page.goto(f"{base_url}?editor&pace=0")
    wait_ready(page)
    press(page, editor_keys())
    assert page.locator("#lesson .missing, #lesson .breach").count() == 0
    for seat in ("white", "black"):
        assert sorted(hand(page, seat)) == WORKED_EXAMPLE["hands"][seat]
    shown = page.eval_on_selector_all('#lesson [data-act^="edit:drop:display:"]',
                                      "els => els.map(e => e.textContent.slice(0, 4))")
    assert shown == WORKED_EXAMPLE["display"]
    assert page.get_attribute('#lesson [data-act="edit:move:white"]', "aria-pressed") == "true"
    line = page.locator('svg.board .offers [data-act="edit:line:ALOA-DUDA"]')
    assert "White bridge" in line.get_attribute("aria-label")
    assert page.locator("svg.board [data-island=\"HUNA\"]").get_attribute(
        "aria-keyshortcuts") == "H"
    screenshot(page, "editor-by-its-keys")
    press(page, ["z"])  # undo: White to move no more
    assert page.get_attribute('#lesson [data-act="edit:move:black"]', "aria-pressed") == "true"
    press(page, ["Control+Shift+Z"])
    assert page.get_attribute('#lesson [data-act="edit:move:white"]', "aria-pressed") == "true"
    press(page, ["?"])  # the keys' list, the editor's among them, then back
    page.wait_for_selector("#dialog:not([hidden]) dl.keys")
    assert "In the position editor" in page.inner_text("#dialog")
    screenshot(page, "editor-keys-list")
    press(page, ["Escape"])
    page.wait_for_selector("#dialog", state="hidden")
    assert page.locator("#lesson .missing, #lesson .breach").count() == 0


def test_a_shortcut_typed_into_a_field_is_typed_and_does_nothing_else(page, base_url,
                                                                     wait_ready) -> None:
    page.goto(f"{base_url}?editor&pace=0")
    wait_ready(page)
    press(page, ["a", "b", "Enter"])  # one Black bridge, for undo to take back
    lesson, board = page.inner_html("#lesson"), page.inner_html("#board")
    for field, text in (("#editor-goal", "control:3 tpmxzy?"),
                        ("#editor-paste", "https://x.test/?position=AZ")):
        page.focus(field)
        page.keyboard.type(text)
        assert page.input_value(field) == text
    assert page.is_hidden("#dialog")
    assert (page.inner_html("#lesson"), page.inner_html("#board")) == (lesson, board)


def test_a_refused_key_names_the_rule_as_a_click_does(page, base_url, wait_ready,
                                                      screenshot) -> None:
    """Black's 25 bridges all built (R3): a 26th by keys is refused beside the board,
    the rule named, the line still free and focus on it; a third HUNA by a letter in
    Black's hand, likewise (R2)."""
    from dataclasses import replace

    from kahuna import BLACK, Setup, draft_of, draft_position, link_url, new_game

    draft = draft_of(new_game(Setup(seed=1, first=BLACK)))
    full = replace(draft, owner=(BLACK,) * 25 + (-1, -1), cards=((7, 7), draft.cards[1]))
    page.goto(f"{base_url}?editor&pace=0")
    wait_ready(page)
    page.fill("#editor-paste", link_url(draft_position(full, 1), base_url))
    edit(page, "edit:paste")
    page.wait_for_selector('#lesson [data-act="edit:drop:black:HUNA"]')
    press(page, ["Escape", "j", "k", "Enter"])
    page.wait_for_selector(ALERT)
    assert page.locator(ALERT).get_attribute("data-rule") == "R3"
    assert "25 bridges" in page.locator(ALERT).inner_text()
    assert page.locator(f"{ALERT} a.rule").count() == 1
    free = 'svg.board .offers [data-act="edit:line:JOJO-KAHU"]'
    assert "free" in page.get_attribute(free, "aria-label")
    assert page.evaluate("s => document.activeElement.matches(s)", free)
    screenshot(page, "editor-key-refused-r3")
    page.focus('#lesson [data-act="edit:unknown:black:1"]')
    press(page, ["h"])
    page.wait_for_selector(f'{ALERT}[data-rule="R2"]')
    assert sorted(hand(page, "black")) == ["HUNA", "HUNA"]
