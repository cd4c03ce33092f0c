"""The game page in real Chromium + Pyodide, driven only through clicks on the page.

Kept lean: each test boots the page once or twice (~3-5 s a boot on two cores).
``?seed=N`` fixes the deals and ``?pace=0`` lets the computer play without pauses.
"""

from __future__ import annotations

import json

from kahuna.notation.link import encode
from scripts.page_driver import (choose_a_card_that_lights_lines, click_line, end_turn,
                                 new_game, place_a_bridge, play_turn, probe, run_python,
                                 settle)

from .conftest import phone as phone_context

#: Lines are lit and none of them is animated any more.
STILL_GLOWS = """() => {
  const glows = [...document.querySelectorAll('#board path.glow')];
  return glows.length > 0 && glows.every(g => g.getAnimations().every(a => a.playState === 'finished'));
}"""


def test_complete_game_against_the_computer_by_clicks(page, base_url, external_requests,
                                                      wait_ready, screenshot):
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    screenshot(page, "page-start")
    page.click("#btn-new")
    assert page.locator("#dialog").is_visible()
    screenshot(page, "page-new-game-dialog")
    page.click('#dialog [data-act="set:colour:black"]')
    page.click('#dialog [data-act="set:first:black"]')
    page.click('#dialog [data-act="start"]')
    settle(page)
    page.locator("#hand button.card").first.click()
    screenshot(page, "page-card-chosen")
    page.locator("#hand button.card").first.click()
    turns = scorings = 0
    while True:
        settle(page)
        assert not page.locator("#cover").is_visible(), "no cover screen against the computer"
        if page.locator("#dialog").is_visible() and "End of round" in page.text_content("#dialog"):
            scorings += 1
            if scorings == 1:
                screenshot(page, "page-scoring")
        step = play_turn(page)
        if step == "end":
            break
        turns += step == "turn"
        if turns == 12:
            screenshot(page, "page-mid-game")
        assert turns < 200, "the game does not end"
    assert scorings >= 1 or "no bridge left" in page.text_content("#dialog")
    screenshot(page, "page-end")
    text = page.text_content("#dialog")
    assert "You win" in text or "Computer wins" in text or "Draw" in text
    assert "Total" in text and "Rematch" in text
    assert page.locator("#log li").count() > 20  # the move log narrated the game
    assert external_requests == []


#: Each island's start tag (its words, its marks) and whether it is still the element
#: ``window.kept`` noted.
KEPT = """() => Object.fromEntries([...document.querySelectorAll('#board g.island')].map(
  g => [g.dataset.island, [g.cloneNode(false).outerHTML, window.kept.includes(g)]]))"""


#: The board's HTML as the page last meant it (web/boot/dom.py ``Page.written``).
MEANT = """from web.boot.guard import CONTINUE
from web.boot.problem import GUARD
GUARD.ways[CONTINUE].__self__.written["board"]"""
#: That HTML as the browser reads it written whole, and the board as written.
READ = """html => { const whole = document.createElement('div'); whole.innerHTML = html;
  return [whole.innerHTML, document.getElementById('board').innerHTML]; }"""


def _as_meant(page) -> None:
    """The board written bit by bit is the board written whole from the page's HTML."""
    whole, written = page.evaluate(READ, run_python(page, MEANT))
    assert written == whole


def _drawn_whole(page) -> str:
    """The board as the page draws it whole (the screen turned and back)."""
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_selector("#board svg.portrait")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_selector("#board svg.landscape")
    return page.inner_html("#board")


def test_a_card_chosen_rewrites_only_the_layers_it_changes(page, base_url, wait_ready):
    """A card chosen lights lines, and the board's other layers stay the elements they
    were (web/boot/dom.py ``_board``, issue 33); the board so written is the board drawn
    whole (the screen turned and back draws it whole), its Tab stop included, and so is a
    card let go again."""
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    settle(page)
    page.evaluate("window.drawnOnce = document.querySelector('#board g.islands')")
    page.focus("#board path.free")  # the board's Tab stop moves to a line (keyboard.py) ...
    assert page.locator('#board [tabindex="0"]:not([data-act])').get_attribute("data-line")
    assert choose_a_card_that_lights_lines(page)  # ... and back to the first island here
    assert page.evaluate("document.querySelector('#board g.islands') === window.drawnOnce")
    for let_go in (True, False):  # lit, then let go
        written = page.inner_html("#board")
        assert _drawn_whole(page) == written
        if let_go:
            page.locator('#hand button.card[aria-pressed="true"]').first.click()
            assert page.locator("#board path.hit").count() == 0


def test_a_bridge_placed_rewrites_only_what_it_touched(page, base_url, wait_ready):
    """A bridge placed adds its bridge and rewrites the islands whose words or marks
    changed; every other island stays the element it was (web/view/changes.py, issue 33),
    turn after turn and after an undo; the board so written is the board written whole,
    Tab stop included."""
    probe(page.context, base_url)
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    # What the boot made is out of the collector's sight (web/main.py), so that a
    # collection in the middle of a tap scans only what the game made since.
    assert run_python(page, "import gc; gc.get_freeze_count()") > 10_000
    for turn in range(4):
        settle(page)
        assert choose_a_card_that_lights_lines(page)
        page.evaluate("window.kept = [...document.querySelectorAll('#board g.island')]")
        before = page.evaluate(KEPT)
        line = page.locator("#board path.hit").first
        name = line.get_attribute("data-line")
        click_line(page, line)
        page.wait_for_selector(f'#board .bridge[data-line="{name}"]', state="attached")
        after = page.evaluate(KEPT)
        assert after.keys() == before.keys()
        for island, (tag, kept) in after.items():
            assert kept == (tag == before[island][0]), (turn, island, tag)
        assert sum(kept for _, kept in after.values()) >= 8
        _as_meant(page)
        if turn == 0:
            page.click('#acts [data-act="undo"]')
            page.wait_for_selector(f'#board .bridge[data-line="{name}"]', state="detached")
            _as_meant(page)
            assert place_a_bridge(page)
        end_turn(page)
    assert run_python(page, "import gc; gc.collect(); len(gc.get_objects())") < 5_000


def test_reload_restores_mid_turn_and_undo_stays_within_the_turn(page, base_url, external_requests,
                                                                  wait_ready):
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    new_game(page, "set:colour:black", "set:first:black")
    settle(page)
    assert place_a_bridge(page)
    bridges = page.locator("#board .bridges .bridge.black").count()
    assert bridges == 1
    assert page.locator('#acts [data-act="undo"]').count() == 1
    hand = page.text_content("#hand")
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.locator("#board .bridges .bridge.black").count() == 1  # mid-turn, exactly
    assert page.text_content("#hand") == hand
    page.click('#acts [data-act="undo"]')
    assert page.locator("#board .bridges .bridge.black").count() == 0
    # the lit lines pulse a few times, then stay lit and still (web/style.css path.glow)
    assert choose_a_card_that_lights_lines(page)
    page.wait_for_function(STILL_GLOWS, timeout=20_000)
    assert page.eval_on_selector("#board path.glow", "g => getComputedStyle(g).opacity") == "0.95"
    page.click("#btn-hint")  # the strongest level's advice, from the person's own view
    page.wait_for_selector("#board path.glow.hint, .card.hint, .act.hint", state="attached")
    assert page.text_content("#prompt").startswith("Hint from the ")
    assert place_a_bridge(page)
    end_turn(page)  # a draw: no undo past it
    settle(page)
    assert page.locator('#acts [data-act="undo"]').count() == 0
    assert external_requests == []


def test_hot_seat_cover_hides_the_hands(page, base_url, external_requests, wait_ready, screenshot):
    page.goto(base_url + "?seed=6")
    wait_ready(page)
    new_game(page, "set:mode:hotseat", "set:first:black")
    assert page.locator("#cover").is_visible()
    assert "Black to play" in page.text_content("#cover")
    assert page.locator("#hand .card b").count() == 0  # backs only under the cover
    screenshot(page, "page-hotseat-cover")
    page.click('#cover [data-act="uncover"]')
    assert page.locator("#hand .card b").count() == 3
    end_turn(page)
    assert page.locator("#cover").is_visible() and "White to play" in page.text_content("#cover")
    assert page.locator("#hand .card b").count() == 0
    assert external_requests == []


def test_corrupt_save_is_explained_kept_and_downloadable(page, base_url, external_requests,
                                                         wait_ready, screenshot):
    bad = '{"format": "kahuna-record", "version": 1, "actions": ["pile", '
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        "  sessionStorage.setItem('seeded', '1');"
        f"  localStorage.setItem('kahuna.save.1', {json.dumps(bad)});"
        "  localStorage.setItem('kahuna.current', '1');"
        "  localStorage.setItem('someone.else', 'untouched');"
        "}")
    page.goto(base_url)
    wait_ready(page)
    assert "cannot be opened" in page.text_content("#dialog")
    screenshot(page, "page-corrupt-save")
    with page.expect_download() as info:
        page.click('#dialog [data-act="download:1"]')
    assert open(info.value.path()).read() == bad
    page.click('#dialog [data-act="menu"]')
    page.click('#dialog [data-act="start"]')
    settle(page)
    stored = page.evaluate("() => [localStorage.getItem('kahuna.save.1'), "
                           "localStorage.getItem('someone.else')]")
    assert stored == [bad, "untouched"]
    page.click("#btn-new")  # the bad save is still listed, with download and delete
    assert page.locator('#dialog [data-act="delete:1"]').count() == 1
    assert external_requests == []


def test_v1_changes_what_is_offered_and_phone_layout(browser, base_url, wait_ready, screenshot):
    """A link opens a position where White holds ALOA; with V1 Black's DUDA card may not
    build DUDA-ALOA (V1), without V1 it may. Seen on a 360 px phone."""
    position = {"variants": {"fewer_surprises": True}, "to_move": "black",
                "bridges": {"white": ["ALOA-BARI", "ALOA-HUNA"]},
                "hands": {"black": ["DUDA", "BARI", "COCO"], "white": ["LALE"]}}
    context, phone, outside = phone_context(browser)
    offered = {}
    for v1 in (True, False):
        position["variants"]["fewer_surprises"] = v1
        phone.goto(base_url + "?position=" + encode(position))
        wait_ready(phone)
        phone.locator("#hand button.card").nth(2).click()  # DUDA (sorted: BARI COCO DUDA)
        offered[v1] = {phone.get_attribute(f"#board path.hit >> nth={i}", "data-line")
                       for i in range(phone.locator("#board path.hit").count())}
        if v1:
            screenshot(phone, "page-phone-360")
    context.close()
    assert outside == []
    assert "ALOA-DUDA" in offered[False]
    assert "ALOA-DUDA" not in offered[True] and offered[True]
