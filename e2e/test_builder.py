"""The embed builder in the real page (web/boot/builder.py): an author makes a puzzle embed
on a laptop and copies its snippet into a host page on another origin; the frame tells
the host it is ready and how tall it is, the host sizes it, and a reader on a phone solves
the puzzle, which the host hears; in German too; garbage pasted is refused with nothing
lost; and the whole of it by keyboard alone."""

from __future__ import annotations

import re

import pytest

from kahuna import decode_link, goal_from_text, position_from_json, solve
from kahuna.notation.link import encode
from scripts.examples_page import HOST_SCRIPT, REMOVAL
from scripts.page_driver import HOST_HEAD, do, edit, editor_acts, keys_to, settle

from scripts.browser import READY_TIMEOUT_MS


GOAL = "remove:ALOA-HUNA"
#: Collects what the host script hands on, for the test to wait on.
HEARD = ('<script>document.querySelector("iframe").addEventListener("kahuna", '
         '({ detail }) => (window.heard ||= []).push(detail));</script>')


def solution() -> list[str]:
    plans, _count = solve(goal_from_text(GOAL), position_from_json(REMOVAL, 0))
    return [str(action) for action in plans[0]]


def author(page, base_url: str, wait_ready,
           query: str = f"builder&position={encode(REMOVAL)}") -> None:
    """``page`` made a laptop's, which may use the clipboard, on the builder, opened on the
    removal position by the address (or on what ``query`` opens)."""
    page.set_viewport_size({"width": 1280, "height": 860})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=base_url.rstrip("/"))
    page.goto(f"{base_url}?{query}")
    wait_ready(page)
    if query.startswith("builder"):
        page.wait_for_selector("#builder:not([hidden]) #builder-title")


def preview(page, wait_ready):
    shown = page.locator("#builder-preview iframe")
    shown.scroll_into_view_if_needed()  # a frame off the screen waits to start (docs/embedding.md)
    frame = shown.element_handle().content_frame()
    wait_ready(frame)
    return frame


def make_puzzle(page, lang: str) -> None:
    page.click('[data-act="builder:mode:puzzle"]')
    page.fill("#builder-goal", GOAL)
    page.press("#builder-goal", "Enter")
    page.fill("#builder-caption", "Take it away")
    page.press("#builder-caption", "Enter")
    page.click('#builder-board [data-island="ALOA"]')  # the islands tool: a ring
    page.click('[data-act="builder:tool:arrows"]')
    page.click('#builder-board [data-island="HUNA"]')
    page.click('#builder-board [data-island="ALOA"]')
    page.click('[data-act="builder:size:phone"]')
    page.click(f'[data-act="builder:lang:{lang}"]')
    assert page.input_value("#builder-islands") == "ALOA"
    assert page.input_value("#builder-arrows") == "HUNA>ALOA"


def copied_snippet(page) -> str:
    page.click('[data-act="builder:copy:snippet"]')
    page.wait_for_selector("#builder-controls .note:has-text('✓')")
    return page.evaluate("navigator.clipboard.readText()")


@pytest.mark.parametrize("lang, solved", [("en", "Solved!"), ("de", "Gelöst!")])
def test_an_author_s_puzzle_is_solved_on_a_phone_in_a_host_page_of_another_origin(
        page, phone_page, base_url, serve_site, tmp_path, wait_ready, screenshot, lang,
        solved):
    author(page, base_url, wait_ready)
    make_puzzle(page, lang)
    frame = preview(page, wait_ready)
    # the preview is sent the example as it is now, once it said it is ready
    frame.wait_for_selector("#lesson .caption:has-text('Take it away')")
    assert frame.locator("#board svg.board .note-arrow").count() == 1
    screenshot(page, f"builder-laptop-{lang}")
    snippet = copied_snippet(page)
    assert snippet == page.input_value("#builder-snippet")
    assert snippet.startswith(f'<iframe src="{base_url}?embed&amp;mode=puzzle')
    assert 'width="360" height="640"' in snippet and f"lang={lang}" in snippet
    page.goto(base_url + "e2e/blank.html")  # the preview's runtime stops
    solved_on_a_phone(phone_page, base_url, serve_site, tmp_path, wait_ready, screenshot,
                      snippet, GOAL, solution(), solved, f"builder-reader-phone-{lang}")


def solved_on_a_phone(phone_page, base_url, serve_site, tmp_path, wait_ready, screenshot,
                      snippet: str, goal: str, actions: list[str], solved: str,
                      name: str) -> None:
    """``snippet`` pasted into a host page on another origin, which a reader on a phone
    opens and solves by playing ``actions``; the host hears ready, the height, solved."""
    (tmp_path / "index.html").write_text(
        HOST_HEAD + '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<body><h1>Rules</h1>{snippet}<script>{HOST_SCRIPT}</script>{HEARD}"
        "</body></html>")
    host = serve_site(tmp_path).url
    assert host.split("/")[2] != base_url.split("/")[2]  # another origin
    page = phone_page()
    page.goto(host)
    # the frame's runtime may hold the phone's one renderer a while: the boot's own timeout
    frame = page.wait_for_selector("iframe", timeout=READY_TIMEOUT_MS).content_frame()
    wait_ready(frame)
    page.wait_for_function("(window.heard || []).some(m => m.kahuna === 'ready')")
    ready = page.evaluate("window.heard.find(m => m.kahuna === 'ready')")
    assert ready == {"kahuna": "ready", "version": 1, "mode": "puzzle"}
    page.wait_for_function("""() => (window.heard || []).some(m => m.kahuna === 'height'
        && document.querySelector('iframe').style.height === Math.ceil(m.px) + 'px')""")
    settle(frame)
    for action in actions:
        do(frame, action)
    frame.wait_for_selector("#lesson .verdict.solved")
    assert solved in frame.text_content("#lesson")
    page.wait_for_function("(window.heard || []).some(m => m.kahuna === 'solved')")
    said = page.evaluate("window.heard.find(m => m.kahuna === 'solved')")
    assert said == {"kahuna": "solved", "version": 1, "goal": goal, "puzzle": ""}
    screenshot(page, name)


EDITOR_GOAL = "gain:BARI"  # the worked example's: White places ALOA>BARI among others


@pytest.mark.parametrize("lang, solved, reach", [("en", "Solved!", "reached by 120 of"),
                                                 ("de", "Gelöst!", "in 120 von 180")])
def test_a_position_built_in_the_editor_becomes_a_puzzle_solved_on_a_phone(
        page, phone_page, base_url, serve_site, tmp_path, wait_ready, screenshot, lang, solved,
        reach):
    """Issue 32's story from the editor: the worked example built from empty on a laptop,
    its goal checked by the solver (how many turns, one shown), "Embed this position" in
    puzzle mode with that goal, the snippet in a host page on another origin, and a reader
    on a phone solves it."""
    author(page, base_url, wait_ready, f"editor&pace=0&lang={lang}")
    for act in editor_acts():
        edit(page, act)
    page.fill("#editor-goal", EDITOR_GOAL)
    edit(page, "edit:goal")
    answer = page.wait_for_selector("#lesson .ed-answer .solvable")
    assert reach in answer.inner_text()
    screenshot(page, f"editor-puzzle-checked-{lang}")
    edit(page, "edit:embed")
    page.wait_for_selector("#builder:not([hidden]) #builder-title")
    assert page.get_attribute('[data-act="builder:mode:puzzle"]', "aria-pressed") == "true"
    assert page.input_value("#builder-goal") == EDITOR_GOAL
    page.click('[data-act="builder:size:phone"]')
    page.click(f'[data-act="builder:lang:{lang}"]')
    snippet = copied_snippet(page)
    page.goto(base_url + "e2e/blank.html")  # the preview's runtime stops
    position = decode_link(re.search(r"position=([^&\"]+)", snippet)[1])
    plans, _count = solve(goal_from_text(EDITOR_GOAL), position_from_json(position, 0))
    solved_on_a_phone(phone_page, base_url, serve_site, tmp_path, wait_ready, screenshot,
                      snippet, EDITOR_GOAL, [str(a) for a in plans[0]], solved,
                      f"editor-puzzle-reader-phone-{lang}")


def test_garbage_pasted_is_refused_and_nothing_is_lost(page, base_url, wait_ready,
                                                      screenshot):
    author(page, base_url, wait_ready)
    page.fill("#builder-caption", "Keep me")
    # One click leaves the field and copies: the controls written anew under the mouse
    # lost that click, and Tab's focus (review 28).
    page.click('[data-act="builder:copy:snippet"]')
    page.wait_for_selector("#builder-controls .note:has-text('✓')")
    assert "Keep%20me" in page.evaluate("navigator.clipboard.readText()")
    before = page.input_value("#builder-snippet")
    for garbage, enter in (("https://example.org/?position=not-a-game", True),
                           ("{\"to-move\": \"black\"}", False)):
        page.fill("#builder-pasted", garbage)
        if enter:
            page.press("#builder-pasted", "Enter")
        page.click('[data-act="builder:paste"]')  # once
        alert = page.locator('#builder [role="alert"] .problem')
        alert.wait_for()
        assert "nothing was changed" in alert.text_content()
        assert page.input_value("#builder-snippet") == before
        assert page.input_value("#builder-pasted") == garbage  # there to correct
        assert page.input_value("#builder-caption") == "Keep me"
    page.fill("#builder-islands", "ELAI")
    page.keyboard.press("Tab")  # on to the next note's field, what is typed there kept
    page.keyboard.type("ALOA-HUNA")
    page.keyboard.press("Tab")
    page.wait_for_function("document.querySelector('#builder-snippet').value"
                           ".includes('lines=ALOA-HUNA')")
    assert page.evaluate("document.activeElement.id") == "builder-arrows"
    preview(page, wait_ready)  # as in the keyboard test: no picture while the preview boots
    screenshot(page, "builder-garbage")


def test_the_builder_by_keyboard_alone_from_the_game_to_the_copied_snippet(
        page, base_url, wait_ready, screenshot):
    author(page, base_url, wait_ready, f"position={encode(REMOVAL)}")
    page.focus("body")
    keys_to(page, "#log-label")  # the Moves box, opened by its summary
    page.keyboard.press("Enter")
    keys_to(page, '[data-act="builder:open"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#builder:not([hidden])")
    assert page.evaluate("document.activeElement.dataset.act") == "builder:mode:diagram"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.act") == "builder:mode:puzzle"
    page.keyboard.press("Enter")
    keys_to(page, "#builder-goal")
    page.keyboard.type(GOAL)
    page.keyboard.press("Enter")
    keys_to(page, "#builder-islands")
    page.keyboard.type("ALOA,HUNA")
    page.keyboard.press("Enter")
    keys_to(page, '[data-act="builder:copy:snippet"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#builder-controls .note:has-text('✓')")
    text = page.evaluate("navigator.clipboard.readText()")
    assert "mode=puzzle" in text and "goal=remove:ALOA-HUNA" in text
    assert "islands=ALOA,HUNA" in text
    # The preview boots its own runtime in this page's process; a picture taken while it
    # boots waits on it (a fresh clone's CI timed out there at 30 s under load)
    preview(page, wait_ready)
    screenshot(page, "builder-keyboard")
    page.keyboard.press("Escape")
    page.wait_for_selector("#builder", state="hidden")
    assert page.evaluate("document.activeElement.dataset.act") == "builder:open"


def test_the_builder_fits_a_phone_and_a_double_tap_draws_one_note(phone_page, base_url,
                                                                  wait_ready, screenshot,
                                                                  external_requests):
    page = phone_page()
    page.goto(f"{base_url}?builder&position={encode(REMOVAL)}")
    wait_ready(page)
    page.wait_for_selector("#builder:not([hidden]) #builder-title")
    island = page.locator('#builder-board [data-island="ELAI"]')
    island.dblclick()  # two quick taps: on, then off again, never two rings
    page.wait_for_function("document.querySelector('#builder-islands').value === ''")
    island.click()
    page.wait_for_function("document.querySelector('#builder-islands').value === 'ELAI'")
    wide = page.evaluate("""() => [...document.querySelectorAll('#builder-controls *:not(svg *)')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
        .map(e => e.outerHTML.slice(0, 80))""")
    assert not wide
    preview(page, wait_ready)
    screenshot(page, "builder-phone")
    assert not external_requests


#: Whether the builder's board is drawn for the screen's shape: upright on a phone held
#: upright (web/boot/dom.py PORTRAIT), wide otherwise.
UPRIGHT_DRAWN = """() => matchMedia('(orientation: portrait) and (max-width: 759px)').matches
  === document.querySelector('#builder svg.board').classList.contains('portrait')"""

#: Whether the centre of the element of ``s`` is the element itself (nothing over it).
UNCOVERED = """s => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
    return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""


@pytest.mark.parametrize("width, height", [(360, 640), (390, 844), (844, 390), (1280, 800)])
def test_download_picture_is_never_under_the_close_row(page, base_url, wait_ready,
                                                       screenshot, width, height):
    """Scrolled into sight as the keyboard and a finger bring it, "Download picture" is
    the button under the pointer, not the sticky Close row at the box's foot."""
    author(page, base_url, wait_ready)
    page.set_viewport_size({"width": width, "height": height})
    # a phone held upright redraws the builder (its board turns): its buttons are new then
    page.wait_for_function(UPRIGHT_DRAWN)
    for act in ("builder:copy:snippet", "builder:picture"):
        button = page.locator(f'#builder [data-act="{act}"]')
        button.scroll_into_view_if_needed()
        assert page.evaluate(UNCOVERED, f'#builder [data-act="{act}"]'), act
    screenshot(page, f"builder-foot-{width}x{height}")
