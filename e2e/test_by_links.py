"""Issue 31 in the browser: a game with a friend by links between two devices (two
browser contexts: a 1024 px page and a 360 px phone), each link opened as the address
it is sent as, the tests' ?pace=0 before its fragment (the friend's turn then shows at
once; one test opens a link exactly as sent and watches the turn shown step by step).
Invite, accept, turns both ways; a link opened twice, altered, or of another game; two
games at once and Send again; the verified end."""

from __future__ import annotations

import functools
import json

from kahuna import Setup
from kahuna.correspondence import load
from kahuna.tools.by_links import self_play
from kahuna import translations
from scripts.a11y import axe
from scripts.page_driver import (DIALOG, build_by_keys, draw_a_turn, end_turn_by_keys,
                                 first_visit, focused, invite, link_offered, my_turn,
                                 open_link, play_a_turn, send, settle)
from web.game.by_links import ByLinks

from .conftest import phone

#: The inviter plays Black and moves first: its first turn is the third link.
HOST_FIRST = ("set:colour:black", "set:first:black")

def test_two_devices_invite_accept_play_and_meet_bad_links(
        page, phone_page, base_url, wait_ready, screenshot, external_requests):
    url = invite(page, base_url, wait_ready, "Bea", "?pace=0")
    assert url.startswith(base_url + "#play=")
    screenshot(page, "by_links_invitation")
    phone = phone_page()
    open_link(phone, url, wait_ready)
    assert phone.is_visible(f'{DIALOG} [data-act="friend-accept"]')
    phone.fill("#friend-name", "anna.kowalska@example.com")  # a long name, no space in it
    phone.click(f'{DIALOG} [data-act="friend-accept"]')
    screenshot(phone, "by_links_accepted_360")
    devices = [page, phone]
    sender, turns, last = 1, 0, ""
    while turns < 4:  # two turns each way
        receiver = devices[1 - sender]
        last = send(devices[sender], receiver, wait_ready)
        if my_turn(receiver):
            assert "Waiting for" in devices[sender].text_content("#prompt")
            play_a_turn(receiver)
            turns += 1
        sender = 1 - sender
    screenshot(phone, "by_links_turn_360")
    # the long name is cut or wrapped: the page never scrolls sideways (review 28)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    # the last link opened again on the device that took it: said, nothing changes
    took = devices[sender]  # it holds the link to send now; ``last`` came to it
    took.click(f'{DIALOG} [data-act="close"]')
    # its turn ended with a draw: the card is counted, face down, until the friend's link
    # opens it, and a tap says so (review 28: it was left out of the hand and the counts)
    sealed = took.locator('#hand .card.back[data-act="tip:sealed"]')
    assert sealed.count() == 1
    sealed.click()
    took.wait_for_function("document.querySelector('#tip').textContent.includes('not opened')")
    screenshot(took, "by_links_sealed_card")
    before = took.evaluate("() => JSON.stringify(localStorage)")
    open_link(took, last, wait_ready)
    assert "opened already" in took.text_content("#dialog")
    took.click(f'{DIALOG} [data-act="close"]')
    altered = last[:-10] + ("A" if last[-10] != "A" else "B") + last[-9:]
    open_link(took, altered, wait_ready)
    assert "damaged" in took.text_content("#dialog")
    screenshot(took, "by_links_damaged")
    took.click(f'{DIALOG} [data-act="close"]')
    open_link(took, base_url + "#play=" + _foreign_turn(), wait_ready)
    assert "another game" in took.text_content("#dialog")
    took.click(f'{DIALOG} [data-act="close"]')
    # an author's ?builder over this game (a review found a traceback): refused, said
    took.goto(base_url + "?builder")
    wait_ready(took)
    assert "cannot go into the embed builder" in took.text_content("#dialog")
    assert took.is_hidden("#builder") and took.is_hidden("#problem-dialog")
    took.click(f'{DIALOG} [data-act="close"]')
    assert took.evaluate("() => JSON.stringify(localStorage)") == before
    assert external_requests == []


def test_two_games_at_once_in_the_list_and_send_again(page, base_url, wait_ready, screenshot):
    first = invite(page, base_url, wait_ready, "Bea", "?pace=0")
    page.click(f'{DIALOG} [data-act="close"]')
    page.click("#btn-new")
    page.click(f'{DIALOG} [data-act="friend-new"]')
    page.fill("#friend-name", "Carl")
    page.click(f'{DIALOG} [data-act="set:colour:white"]')  # the dialog is drawn anew
    assert page.input_value("#friend-name") == "Carl"
    page.press("#friend-name", "Enter")  # as in a form: the invitation is made
    second = link_offered(page)
    assert second != first
    page.click(f'{DIALOG} [data-act="close"]')
    page.click("#btn-new")
    listed = page.text_content("#dialog")
    assert "with Bea by links" in listed and "with Carl by links" in listed
    screenshot(page, "by_links_list")
    page.locator(f'{DIALOG} li', has_text="Bea").locator('[data-act^="friend-send:"]').click()
    assert link_offered(page) == first


def test_copy_and_the_share_sheet_hand_over_the_link_to_send(page, phone_page, base_url,
                                                              wait_ready):
    """Copy puts the link on the clipboard and says so. Where the browser has a share
    sheet, Share… hands it the link: headless Chromium on Linux has none, so the phone's
    ``navigator.share`` is a stand-in that keeps what it was given."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    url = invite(page, base_url, wait_ready, "Bea", "?pace=0")
    assert page.locator(f'{DIALOG} [data-act="friend-share"]').count() == 0  # no sheet here
    page.click(f'{DIALOG} [data-act="friend-copy"]')
    page.wait_for_selector(f'{DIALOG} .note:has-text("The link is copied.")')
    assert page.evaluate("navigator.clipboard.readText()") == url
    phone = phone_page()
    phone.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
    url = invite(phone, base_url, wait_ready, "Al", "?pace=0")
    phone.click(f'{DIALOG} [data-act="friend-share"]')
    phone.wait_for_function("window.__shared !== undefined")
    assert phone.evaluate("window.__shared") == {"url": url}


def test_the_end_is_verified_and_the_finished_game_replays(page, base_url, wait_ready,
                                                             screenshot):
    """A game the computer played through the protocol, kept on this device up to its
    last link: opening that link ends the game, and both hands are checked. Its review
    (this player's turns, judged by the master) and its replay are offered."""
    _verified_end(page, base_url, wait_ready)
    assert "Verified" in page.text_content("#dialog")
    screenshot(page, "by_links_verified")
    page.click(f'{DIALOG} [data-act="friend-review"]')
    page.wait_for_selector(f'{DIALOG} h2:has-text("Review of your game")')
    # the master judges turn after turn (minutes for a whole game here): the first is enough
    page.wait_for_function("""() => /: [1-9][0-9]* of [0-9]/.test(
        document.querySelector('#dialog').textContent)""", timeout=120_000)
    screenshot(page, "by_links_review")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog", state="hidden")
    _verified_end(page, base_url, wait_ready)  # kept again as before its last link
    page.click(f'{DIALOG} [data-act="friend-verified"]')
    page.wait_for_selector(f'{DIALOG} [data-act="replay"]')
    screenshot(page, "by_links_replayable")


def _verified_end(page, base_url: str, wait_ready) -> None:
    """A game the computer played through the protocol, kept on this device up to its
    last link, which is then opened: the verified end's dialog is up."""
    host, guest = _played(11)
    last = len(host.links) - 1
    mine = guest if last % 2 == 0 else host  # the side the last link went to
    stored = load({**mine.to_json(), "links": mine.links[:-1]})
    entry = ByLinks("e2e", stored, "Bea", [], 1.0, 1.0)
    # another address than the link's (with its ?pace=0): the link is opened by a new
    # load, which reads the game stored behind the back of the page shown now
    page.goto(base_url)
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  ["kahuna.links.e2e", json.dumps(entry.to_json())])
    open_link(page, base_url + "#play=" + mine.links[-1], wait_ready)
    page.wait_for_selector(f'{DIALOG} [data-act="friend-verified"]')


def _foreign_turn() -> str:
    """A turn's link of a game no device of this test holds."""
    host, _ = _played(12)
    return host.links[3]


@functools.cache
def _played(seed: int) -> tuple:
    """A game the computer played against itself through the protocol (its two sides),
    played once for the file's tests: 1.7 s of CPU each time; they only read it."""
    return self_play(Setup(), seed=seed)


def accepted(host, guest, base_url: str, wait_ready, query: str = "?pace=0") -> None:
    """The host invites (Black, moving first), the guest accepts, the acceptance is opened
    on the host: the host's turn."""
    url = invite(host, base_url, wait_ready, "Bea", query, *HOST_FIRST)
    open_link(guest, url, wait_ready)
    guest.click(f'{DIALOG} [data-act="friend-accept"]')
    send(guest, host, wait_ready)
    assert my_turn(host)


def test_a_whole_turn_by_keyboard_alone(page, phone_page, base_url, wait_ready, screenshot,
                                       external_requests):
    """The host's first turn by keys alone: a bridge, the turn's end, the link to send
    with focus in its dialog, Escape back to the board; the friend gets the turn."""
    guest = phone_page()
    accepted(page, guest, base_url, wait_ready)
    page.locator("#hand button.card").first.focus()
    build_by_keys(page)
    end_turn_by_keys(page)
    url = link_offered(page)
    assert focused(page)["where"] == "dialog"
    screenshot(page, "by_links_keyboard_link")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog", state="hidden")
    assert focused(page)["where"] != "dialog" and not my_turn(page)
    open_link(guest, url, wait_ready)
    assert my_turn(guest)
    assert external_requests == []


def test_the_flow_in_german(browser, base_url, wait_ready, screenshot):
    """Two friends whose browsers speak German (a tablet and a phone): invite, accept and a
    turn each way, every link opened as sent (no ?lang=): the dialogs, the prompt and the
    live region speak German."""
    de = translations("de").gettext
    host_context, page, outside = phone(browser, 1024, 768, locale="de-DE")
    context, guest, outside_too = phone(browser, locale="de-DE")
    try:
        url = invite(page, base_url, wait_ready, "Bea", "?pace=0", *HOST_FIRST)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert de("Copy") in page.text_content("#dialog")
        open_link(guest, url, wait_ready)
        assert de("Accept") in guest.text_content("#dialog")
        screenshot(guest, "by_links_accept_de")
        guest.click(f'{DIALOG} [data-act="friend-accept"]')
        send(guest, page, wait_ready)
        play_a_turn(page)
        send(page, guest, wait_ready)
        assert my_turn(guest)
        play_a_turn(guest)
        send(guest, page, wait_ready)
        assert my_turn(page)
        assert de("Your turn.") in page.text_content("#announce")
        screenshot(page, "by_links_turn_de")
        assert outside == outside_too == []
    finally:
        context.close()
        host_context.close()


def test_a_phone_held_sideways_accepts_and_plays_a_turn(page, phone_page, base_url, wait_ready,
                                                          screenshot, external_requests):
    """A phone on its side accepts and plays its first turn; its link, opened as sent on
    the inviter's page, shows the friend's turn action by action (issue 31)."""
    guest = phone_page(844, 390)
    url = invite(page, base_url, wait_ready, "Bea", "?pace=0", "set:colour:black",
                 "set:first:white")
    open_link(guest, url, wait_ready)
    screenshot(guest, "by_links_accept_844x390")
    accept = guest.locator(f'{DIALOG} [data-act="friend-accept"]')
    accept.scroll_into_view_if_needed()
    assert accept.is_visible()
    accept.tap()
    send(guest, page, wait_ready)
    send(page, guest, wait_ready)  # the inviter's deal link: the friend starts
    assert my_turn(guest)
    play_a_turn(guest)
    screenshot(guest, "by_links_turn_sent_844x390")
    url = link_offered(guest)
    # opened as sent (no ?pace=0): the friend's turn is shown as the computer's is,
    # its bridge placed first (the board's fresh bridge), nothing playable meanwhile
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector('body[data-turn="wait"] #board g.bridge.fresh')
    assert "as their link brought it" in page.text_content("#prompt")
    assert "Your turn" not in page.text_content("#announce")
    screenshot(page, "by_links_friend_turn_shown")
    settle(page)
    assert my_turn(page) and "Your turn." in page.text_content("#announce")
    assert external_requests == []


def test_a_reload_and_a_link_opened_offline_in_the_middle_of_a_game(
        phone_page, built_site, serve_site, sw_context, wait_ready, screenshot,
        external_requests):
    """The site as deployed, visited once; a turn each way; then, the network gone, the
    inviter's tab reloads (the game is there, waiting) and the friend's next link is
    opened in a new tab, as a messenger opens it: the page comes from the service worker
    and the turn applies. The game goes on to its end, each link pasted into the other's
    tab (no new load): the friend (a phone) never builds, so the first interim scoring
    ends it (R23). Both pages show the verified result."""
    server = serve_site(built_site)
    host = first_visit(sw_context, server.url, wait_ready)
    guest = phone_page()
    accepted(host, guest, server.url, wait_ready)
    play_a_turn(host)
    send(host, guest, wait_ready)
    draw_a_turn(guest)
    url = link_offered(guest)
    server.down = True
    sw_context.set_offline(True)
    host.reload()
    wait_ready(host)
    assert not my_turn(host) and "Bea" in host.text_content("#prompt")
    tab = sw_context.new_page()
    open_link(tab, url, wait_ready)
    assert my_turn(tab) and tab.evaluate("navigator.serviceWorker.controller !== null")
    screenshot(tab, "by_links_offline_turn")
    host.close()  # the reloaded tab would follow every turn the new one stores
    play_a_turn(tab)  # and the next turn goes out, still offline
    server.down = False  # the friend's phone is online (its page asks for its icon)
    devices, sender, turns = [tab, guest], 0, 3
    while True:
        receiver = devices[1 - sender]
        send(devices[sender], receiver, wait_ready, pasted=True)
        if receiver.is_visible(f'{DIALOG} [data-act="friend-verified"]'):
            break
        if my_turn(receiver):
            draw_a_turn(receiver)
            turns += 1
        sender = 1 - sender
        assert turns < 40, "the game does not end"
    # the last link's sender (its seed in it) shows the result from its panel
    devices[sender].click('[data-act="friend-result"]')
    for device, name in ((tab, "by_links_end_offline"), (guest, "by_links_end_360")):
        device.wait_for_selector(f'{DIALOG} [data-act="friend-verified"]')
        assert "Verified" in device.text_content("#dialog")
        screenshot(device, name)
    assert turns == 18  # the 18 cards of the first round's pile and display
    assert external_requests == []


def test_the_dialogs_of_games_by_links_pass_axe(page, phone_page, base_url, wait_ready,
                                                 screenshot, external_requests):
    """axe-core on the options, the link to send, the invitation to accept, a bad link's
    notice and the verified end, in both themes: no serious or critical violation."""
    found: dict[str, list] = {}

    def check(where, name: str) -> None:
        where.wait_for_timeout(700)  # animations settle (colour contrast is read as drawn)
        found[name] = [v for v in axe(where) if v["impact"] in ("serious", "critical")]

    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        page.goto(base_url + "?pace=0")
        wait_ready(page)
        page.click("#btn-new")
        page.click(f'{DIALOG} [data-act="friend-new"]')
        check(page, f"options-{theme}")
        page.fill("#friend-name", "Bea")
        page.click(f'{DIALOG} [data-act="friend-invite"]')
        url = link_offered(page)
        check(page, f"link-{theme}")
        guest = phone_page()  # as good as new at each theme
        guest.emulate_media(color_scheme=theme)
        open_link(guest, url, wait_ready)
        check(guest, f"accept-{theme}")
        screenshot(guest, f"by_links_accept_{theme}")
        guest.click(f'{DIALOG} [data-act="friend-decline"]')
        open_link(guest, url[:-10] + ("A" if url[-10] != "A" else "B") + url[-9:], wait_ready)
        assert guest.is_visible(DIALOG)
        check(guest, f"bad-link-{theme}")
        screenshot(guest, f"by_links_bad_link_{theme}")
        assert external_requests == []
        _verified_end(page, base_url, wait_ready)
        check(page, f"verified-{theme}")
        screenshot(page, f"by_links_verified_{theme}")
    assert len(found) == 10 and {name: v for name, v in found.items() if v} == {}
