"""The whole game by keyboard alone (issue 12), in the real page: no click() anywhere in
this file. Focus is checked after every action: it stays where the person plays, moves
into a dialog, is kept there, and comes back when the dialog closes."""

from __future__ import annotations

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from tests.helpers import HOLD_ALOA, HOLD_LALE, last_card

from scripts.page_driver import build_by_keys, end_turn_by_keys, focused, keys_to, press, settle

#: Where focus may be when the person's turn begins (a card, or the pile when no card
#: can be chosen) or a dialog waits.
TURN_START = ("hand", "table", "acts")


def _tab_to(page, selector: str, most: int = 40) -> None:
    for _ in range(most):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}: {focused(page)}")


def test_a_whole_game_against_the_computer_by_keyboard_alone(page, base_url, wait_ready,
                                                             screenshot):
    page.goto(base_url + "?seed=8&pace=0")
    wait_ready(page)
    settle(page)
    _tab_to(page, "#btn-new")
    where = press(page, "Enter")
    assert where["where"] == "dialog" and where["act"] == "start", where  # focus moved in
    keys_to(page, '#dialog [data-act="set:colour:black"]')  # Tab inside the dialog
    assert press(page, "Enter")["act"] == "set:colour:black"  # the same option, drawn anew
    keys_to(page, '#dialog [data-act="set:first:black"]')
    page.keyboard.press("Enter")
    keys_to(page, '#dialog [data-act="start"]')
    page.keyboard.press("Enter")
    settle(page)
    turns = built = scorings = 0
    while True:
        settle(page)
        where = focused(page)
        if page.locator("#dialog").is_visible():
            assert where["where"] == "dialog", where
            if page.locator("#dialog h2.winner").count():
                break
            scorings += 1
            assert where["act"] == "close", where  # "Play on", the dialog's first choice
            page.keyboard.press("Enter")
            continue
        if page.get_attribute("body", "data-turn") != "person":
            page.wait_for_selector("#dialog:not([hidden])", timeout=10_000)
            continue
        assert where["where"] in TURN_START, (turns, where)
        built += build_by_keys(page, screenshot if not built else None)
        settle(page)
        if page.get_attribute("body", "data-turn") == "person":
            end_turn_by_keys(page)
        turns += 1
        assert turns < 80
    screenshot(page, "keyboard-end")
    assert turns >= 8 and built >= 3
    where = press(page, "Escape")  # "Look at the board"
    assert not page.locator("#dialog").is_visible() and where["where"] != "body", where
    # On the button that shows the end again, with its ring (the hand's row has none).
    assert where["act"] == "result", where
    assert page.evaluate("document.activeElement.matches(':focus-visible')")


def test_dialogs_take_keep_and_give_back_focus(page, base_url, wait_ready, screenshot):
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    _tab_to(page, "#btn-new")
    assert press(page, "Enter")["where"] == "dialog"
    for _ in range(40):  # Tab round and round: never behind the dialog
        assert press(page, "Tab")["where"] == "dialog"
    for _ in range(5):
        assert press(page, "Shift+Tab")["where"] == "dialog"
    where = press(page, "Escape")
    assert not page.locator("#dialog").is_visible()
    assert page.evaluate("document.activeElement.id") == "btn-new", where
    # Moves → Share this position: Escape gives focus back to the Share button.
    _tab_to(page, "#log-label")
    page.keyboard.press("Enter")  # the moves open
    _tab_to(page, '#export [data-act="share"]')
    assert press(page, "Enter")["where"] == "dialog"
    where = press(page, "Escape")
    assert page.evaluate("document.activeElement.dataset.act") == "share", where
    # ? shows the keys from anywhere, over the place the person was; Escape goes back.
    keys_to(page, "#hand button.card")
    before = focused(page)
    where = press(page, "?")
    assert where["where"] == "dialog" and page.locator("#dialog dl.keys").count()
    screenshot(page, "keyboard-keys")
    assert press(page, "Escape") == before
    # Escape drops a chosen card; focus stays on that card.
    keys_to(page, '#hand [data-act="card:1"]')
    page.keyboard.press(" ")
    assert page.locator('#hand [aria-pressed="true"]').count() == 1
    where = press(page, "Escape")
    assert where["where"] == "hand" and where["act"] == "card:1", where
    assert page.locator('#hand [aria-pressed="true"]').count() == 0


def test_the_arrows_walk_the_board_and_everything_on_it_has_a_name(page, base_url, wait_ready,
                                                                   screenshot):
    page.goto(base_url + "?pace=0&position=" + encode(position_to_json(
        last_card(black=HOLD_ALOA, white=HOLD_LALE))))
    wait_ready(page)
    assert page.locator("#cover").is_hidden()  # a link opens in sight (issue 29)
    _tab_to(page, '#board svg.landscape [data-island="ALOA"]', most=60)
    label = page.get_attribute("#board svg.landscape [data-island='ALOA']", "aria-label")
    assert label == "ALOA, 3 lines, Black 2 bridges, controlled by Black"
    screenshot(page, "keyboard-island")
    assert press(page, "ArrowRight") == {"where": "board", "act": "", "line": "ALOA-BARI",
                                          "island": ""}
    screenshot(page, "keyboard-bridge")
    assert press(page, "ArrowRight")["island"] == "BARI"
    line = press(page, "ArrowDown")["line"]
    assert line.startswith("BARI-")
    # Tab leaves the board from a line as from an island (it went back to ALOA), and
    # Shift+Tab comes back to that line.
    assert press(page, "Tab")["where"] not in ("board", "body"), "Tab stayed on the board"
    assert press(page, "Shift+Tab")["line"] == line
    # A focused free line shows in bold dots: a whole white stroke read as White's bridge.
    dashes = """s => { const e = document.querySelector(s); e.focus();
      return getComputedStyle(e).strokeDasharray; }"""
    assert page.evaluate(dashes, "#board svg.landscape path.free") not in ("none", "")
    assert page.evaluate("getComputedStyle(document.querySelector("
                         "'#board svg.landscape .bridge.white .deck')).strokeDasharray") == "none"
    # The position as text, and the last action in the polite live region.
    assert page.locator("#board-text > li").count() == 12
    assert page.get_attribute("#announce", "aria-live") == "polite"
    page.keyboard.press("Escape")
    keys_to(page, '#table [data-act="do:take:GOLA"]')
    page.keyboard.press("Enter")  # the round's last card: a scoring
    assert focused(page)["where"] == "dialog"
    assert "GOLA" in page.text_content("#announce")


def test_settings_by_keyboard_are_remembered_and_draw_the_dark_theme(page, base_url, wait_ready,
                                                                     screenshot):
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    _tab_to(page, "#btn-settings")
    assert press(page, "Enter")["where"] == "dialog"
    keys_to(page, '#dialog [data-act="pref:theme:dark"]')
    page.keyboard.press("Enter")
    keys_to(page, '#dialog [data-act="pref:animations:off"]')
    page.keyboard.press("Enter")
    screenshot(page, "settings-dark")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "btn-settings"
    page.reload()
    wait_ready(page)
    assert page.evaluate("[document.documentElement.dataset.theme,"
                         " document.documentElement.dataset.motion]") == ["dark", "off"]


def test_the_hot_seat_cover_takes_focus_keeps_it_and_hands_it_to_the_next_player(
        page, base_url, wait_ready, screenshot):
    """Two players at one device, by keyboard: the cover between turns holds focus (Tab
    and Shift+Tab stay on it, the page behind is inert), Enter shows the next player's
    cards and focus lands where that player plays."""
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    _tab_to(page, "#btn-new")
    page.keyboard.press("Enter")
    keys_to(page, '#dialog [data-act="set:mode:hotseat"]')
    page.keyboard.press("Enter")
    keys_to(page, '#dialog [data-act="set:first:black"]')
    page.keyboard.press("Enter")
    keys_to(page, '#dialog [data-act="start"]')
    page.keyboard.press("Enter")
    for player in ("Black", "White"):
        page.wait_for_selector("#cover:not([hidden])")
        where = focused(page)
        assert where == {"where": "cover", "act": "uncover", "line": "", "island": ""}, where
        assert player in page.text_content("#cover h2")
        for key in ("Tab", "Tab", "Shift+Tab"):  # one control: focus stays on it
            assert press(page, key)["act"] == "uncover"
        assert page.evaluate("document.querySelector('main.game').inert")
        if player == "White":
            screenshot(page, "keyboard-hotseat-cover")
        where = press(page, "Enter")
        assert page.locator("#cover").is_hidden()
        assert where["where"] in TURN_START, where  # the next player's turn, in reach
        assert page.locator("#hand button.card").count() > 0  # their cards, face up
        end_turn_by_keys(page)
