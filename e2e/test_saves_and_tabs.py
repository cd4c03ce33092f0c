"""Issue 10 in the browser: the game record leaves the page only once the game is over;
two tabs on one game never lose a move silently; a full storage is said in plain words
and caught up; a finished-game link opened three times is one save and one result."""

from __future__ import annotations

import json

from kahuna.notation.link import encode
from kahuna.notation.record import replay
from scripts.page_driver import end_turn, new_game, place_a_bridge, settle
from tests.web_helpers import finished_record

SAVE = "kahuna.save."


def stored_games(page) -> list[dict]:
    return page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith("{SAVE}"))
        .map(k => JSON.parse(localStorage.getItem(k)))""")


def current_game(page) -> dict:
    return page.evaluate(f"""() => JSON.parse(
        localStorage.getItem("{SAVE}" + localStorage.getItem("kahuna.current")))""")


def click_every_button(page) -> int:
    """Click each button shown now (those a click hides or removes are skipped)."""
    clicked = 0
    for button in page.locator("button:visible").all():
        try:
            if button.is_visible():
                button.click(timeout=2_000)
                clicked += 1
        except Exception:  # gone or covered since the list was made
            continue
    return clicked


def dismiss(page) -> None:
    """Close whatever dialog is up (or start the game it offers), and the cover."""
    for _ in range(5):
        settle(page)
        if not page.locator("#dialog").is_visible():
            if page.locator("#cover").is_visible():
                page.click('#cover [data-act="uncover"]')
            return
        # close it, or go back to the new-game dialog (a game by links' options have
        # Back, not Close), or start the game it offers
        for act in ("close", "menu", "start"):
            target = page.locator(f'#dialog [data-act="{act}"]')
            if target.count():
                target.first.click()
                break


def test_no_record_leaves_the_page_during_a_game_and_the_finished_one_replays(
        page, base_url, wait_ready, screenshot, external_requests):
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    new_game(page, "set:colour:black", "set:first:black")
    settle(page)
    assert place_a_bridge(page)
    page.click(".log-box summary")
    assert page.locator('[data-act="export"]').count() == 0
    assert "when the game is over" in page.text_content("#export")
    screenshot(page, "record-during-game")
    clicked = click_every_button(page)  # the hand, the acts, Undo, Hint, New game...
    settle(page)
    if not page.locator("#dialog").is_visible():
        page.click("#btn-new")
    clicked += click_every_button(page)  # the new-game dialog's options, Start
    dismiss(page)
    assert clicked > 10
    # hot seat: under the cover nothing at all is offered
    new_game(page, "set:mode:hotseat", "set:first:black", "set:handicap:0")
    page.click('#cover [data-act="uncover"]')
    end_turn(page)
    page.wait_for_selector("#cover:not([hidden])")
    assert page.locator("#export").inner_html() == ""
    page.wait_for_timeout(500)
    assert downloads == [], "a record left the page during a game"
    # after the game: offered, and the file replays to the same result
    record = finished_record()
    page.goto(base_url + "?pace=0&record=" + encode(record))
    wait_ready(page)
    assert "Rematch" in page.text_content("#dialog")
    page.click('#dialog [data-act="close"]')
    page.click(".log-box summary")
    screenshot(page, "record-after-game")
    with page.expect_download() as info:
        page.click('#export [data-act="export"]')
    with open(info.value.path(), encoding="utf-8") as f:
        got, _ = replay(json.load(f))
    want, _ = replay(record)
    assert got.is_over and got.outcome == want.outcome and got.totals() == want.totals()
    assert external_requests == []


def two_tabs(page, base_url: str, wait_ready, pace: int = 0) -> tuple:
    """(a, b): ``page`` with a new game, Black to move, and a second tab on that game."""
    page.goto(base_url + f"?seed=5&pace={pace}")
    wait_ready(page)
    new_game(page, "set:colour:black", "set:first:black")
    settle(page)
    other = page.context.new_page()
    other.goto(base_url + f"?pace={pace}")  # the same game, from the storage they share
    wait_ready(other)
    settle(other)
    return page, other


def test_two_tabs_never_lose_a_move_silently(page, base_url, wait_ready, screenshot):
    a, b = two_tabs(page, base_url, wait_ready)
    assert place_a_bridge(b)
    b.wait_for_selector("#board .bridges .bridge.black")  # B placed it (a loaded machine
    assert len(current_game(a)["actions"]) == 1            # once read A's storage before)
    a.wait_for_selector('#dialog [data-act="newer"]', timeout=10_000)  # A noticed
    assert "continued in another tab" in a.text_content("#dialog")
    screenshot(a, "tabs-continued-elsewhere")
    a.set_viewport_size({"width": 360, "height": 740})
    screenshot(a, "tabs-continued-elsewhere-phone")
    box = a.locator("#dialog .box").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    a.set_viewport_size({"width": 1024, "height": 768})
    a.click('#dialog [data-act="newer"]')  # Load the newer game: A shows B's bridge
    assert a.locator("#board .bridges .bridge.black").count() == 1
    a.click('#acts [data-act="undo"]')  # A plays on: B is now the stale one
    assert current_game(a)["actions"] == []
    b.wait_for_selector('#dialog [data-act="keep"]', timeout=10_000)
    assert b.locator("#board .bridges .bridge.black").count() == 1
    b.click('#dialog [data-act="keep"]')  # Keep playing here: B's game over A's
    assert len(current_game(a)["actions"]) == 1
    a.wait_for_selector('#dialog [data-act="keep"]', timeout=10_000)
    a.click('#dialog [data-act="keep"]')  # and back: A's game (no bridge) is stored
    assert current_game(a)["actions"] == []
    b.wait_for_selector('#dialog [data-act="newer"]', timeout=10_000)
    b.click('#dialog [data-act="newer"]')
    assert b.locator("#board .bridges .bridge.black").count() == 0
    assert a.locator("#board .bridges .bridge.black").count() == 0


def test_a_game_deleted_in_another_tab_is_said_and_kept_only_if_played_on(
        page, base_url, wait_ready, screenshot):
    """Tab B deletes, from its saved games, the game tab A plays: A says so at once (it
    used to save it again at its next move, unsaid); playing on saves it again."""
    a, b = two_tabs(page, base_url, wait_ready)
    assert place_a_bridge(a)
    key = SAVE + a.evaluate('localStorage.getItem("kahuna.current")')
    b.click('#dialog [data-act="newer"]', timeout=10_000)  # B follows A's move first
    b.click("#btn-new")
    b.click('#dialog .saves li:has-text("(this game)") [data-act^="delete:"]')
    a.wait_for_selector('#dialog:not([hidden]) [data-act="menu"]', timeout=10_000)
    assert "deleted in another tab" in a.text_content("#dialog")
    assert a.evaluate(f"localStorage.getItem('{key}')") is None  # nothing written yet
    screenshot(a, "tabs-deleted-elsewhere")
    a.click('#dialog [data-act="close"]')
    end_turn(a)
    settle(a)
    again = a.evaluate(f"JSON.parse(localStorage.getItem('{key}'))")
    assert len(again["actions"]) >= 2  # the bridge and the draw, saved again


def test_a_full_storage_is_said_plainly_the_game_goes_on_and_catches_up(
        page, base_url, wait_ready, screenshot, console_messages):
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    new_game(page, "set:colour:black", "set:first:black")
    settle(page)
    # Fill the storage until it refuses even one letter, then even an empty item under a
    # short key: the few letters a long key leaves free could hold a save's growth when
    # its time stamp is written shorter than the last one (the likely cause of a rare
    # failure of this test).
    error = page.evaluate("""() => {
        let n = 0, error = "";
        for (const size of [100000, 1000, 10, 1]) {
            const text = "x".repeat(size);
            try { for (;;) localStorage.setItem("filler." + n++, text); }
            catch (e) { error = e.name; }
        }
        try { for (let i = 0; i < 10000; i++) localStorage.setItem("f" + i, ""); }
        catch (e) { error = e.name; }
        return error;
    }""")
    assert error == "QuotaExceededError"
    assert place_a_bridge(page)
    prompt = page.text_content("#prompt")
    assert "This game is not being saved just now" in prompt
    assert "Exception" not in prompt and "Error" not in prompt and "object" not in prompt
    screenshot(page, "storage-full")
    assert len(current_game(page)["actions"]) == 0  # not saved, and the game went on
    assert any("could not be saved" in line for line in console_messages)  # the details
    # A reload now would open the copy without the bridge: the browser asks first, and
    # staying keeps the game as it is.
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.evaluate("() => { window.stayed = true; setTimeout(() => location.reload()); }")
    page.wait_for_timeout(1000)
    assert asked == ["beforeunload"] and page.evaluate("window.stayed") is True
    assert "This game is not being saved just now" in page.text_content("#prompt")
    # So does the new-game dialog, whose every way out but Back leaves this game (a
    # tester started a new game here and lost the moves unwarned).
    page.click("#btn-new")
    assert "is not saved in full" in page.text_content("#dialog")
    screenshot(page, "storage-full-new-game")
    page.click('#dialog [data-act="close"]')
    page.evaluate("""() => Object.keys(localStorage).filter(k => /^(filler[.]|f[0-9])/.test(k))
        .forEach(k => localStorage.removeItem(k))""")
    end_turn(page)
    settle(page)
    assert "not being saved" not in page.text_content("#prompt")
    assert len(current_game(page)["actions"]) >= 2  # the bridge and the draw, caught up
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.reload()  # saved: nothing to ask
    wait_ready(page)
    assert asked == ["beforeunload"] and len(current_game(page)["actions"]) >= 2


def test_a_finished_game_link_opened_three_times_is_one_save_and_no_result(
        page, base_url, wait_ready, screenshot):
    """Someone's finished game, opened here: one saved game, and not one of this
    person's results (a tester saw it counted as a loss of theirs)."""
    record = finished_record(7)
    for _ in range(3):
        page.goto(base_url + "?pace=0&record=" + encode(record))
        wait_ready(page)
        assert "Rematch" in page.text_content("#dialog")
    assert len(stored_games(page)) == 1
    assert page.evaluate('() => localStorage.getItem("kahuna.results")') is None
    assert "Your games against" not in page.text_content("#dialog")
    screenshot(page, "link-three-times")


def test_a_tab_that_takes_up_the_game_in_the_computers_turn_leaves_it_to_the_other_tab(
        page, base_url, wait_ready, screenshot):
    """A tester's race: A ends the person's turn, its computer plays slowly (pace 1),
    and B, asked, loads the newer game mid-turn. B must not play that turn as well (it
    did, differently, and asked again): it follows A's actions as A stores them."""
    a, b = two_tabs(page, base_url, wait_ready, pace=1)
    decided_in_b: list[str] = []  # B's own "kahuna-decision computer <ms>" lines
    b.on("console", lambda m: decided_in_b.append(m.text)
         if m.text.startswith("kahuna-decision computer ") else None)
    assert place_a_bridge(a)
    end_turn(a)  # the computer's turn begins in A
    b.wait_for_selector('#dialog [data-act="newer"]', timeout=10_000)
    b.click('#dialog [data-act="newer"]')
    settle(a)  # A's computer has played its whole turn
    stored, log = current_game(a)["actions"], a.text_content("#log")
    b.wait_for_function("log => document.querySelector('#log').textContent === log", arg=log,
                        timeout=15_000)  # B shows A's turn
    # B is at the person's turn, where no computer plays on: a turn of its own would have
    # been thought before (the page logs each decision) and shown in its log
    b.wait_for_selector('body[data-turn="person"]', state="attached")
    assert decided_in_b == []
    screenshot(b, "tabs-computer-turn-followed")
    assert b.locator("#dialog").is_hidden() and a.locator("#dialog").is_hidden()  # not asked
    assert b.text_content("#log") == log and current_game(a)["actions"] == stored
