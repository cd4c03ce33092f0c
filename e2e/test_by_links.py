"""Issue 31 in the browser: a game with a friend by links between two devices (two
browser contexts: a 1024 px page and a 360 px phone), each link opened as the address
it is sent as. Invite, accept, turns both ways; a link opened twice, altered, or of
another game; two games at once and Send again; the verified end."""

from __future__ import annotations

import json

from kahuna import Setup
from kahuna.correspondence import load
from kahuna.tools.by_links import self_play
from scripts.page_driver import (DIALOG, invite, link_offered, my_turn, open_link, play_a_turn,
                                 send)
from web.game.by_links import ByLinks

from .conftest import phone

def test_two_devices_invite_accept_play_and_meet_bad_links(
        page, browser, base_url, wait_ready, screenshot, external_requests):
    url = invite(page, base_url, wait_ready, "Bea", "?pace=0")
    assert url.startswith(base_url + "#play=")
    screenshot(page, "by_links_invitation")
    context, phone_page, outside = phone(browser)
    try:
        open_link(phone_page, url, wait_ready)
        assert phone_page.is_visible(f'{DIALOG} [data-act="friend-accept"]')
        phone_page.fill("#friend-name", "Al")
        phone_page.click(f'{DIALOG} [data-act="friend-accept"]')
        screenshot(phone_page, "by_links_accepted_360")
        devices = [page, phone_page]
        sender, turns, last = 1, 0, ""
        while turns < 4:  # two turns each way
            receiver = devices[1 - sender]
            last = send(devices[sender], receiver, wait_ready)
            if my_turn(receiver):
                assert "Waiting for" in devices[sender].text_content("#prompt")
                play_a_turn(receiver)
                turns += 1
            sender = 1 - sender
        screenshot(phone_page, "by_links_turn_360")
        # the last link opened again on the device that took it: said, nothing changes
        took = devices[sender]  # it holds the link to send now; ``last`` came to it
        took.click(f'{DIALOG} [data-act="close"]')
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
        assert took.evaluate("() => JSON.stringify(localStorage)") == before
        assert outside == []
    finally:
        context.close()
    assert external_requests == []


def test_two_games_at_once_in_the_list_and_send_again(page, base_url, wait_ready, screenshot):
    first = invite(page, base_url, wait_ready, "Bea", "?pace=0")
    page.click(f'{DIALOG} [data-act="close"]')
    page.click("#btn-new")
    page.click(f'{DIALOG} [data-act="friend-new"]')
    page.fill("#friend-name", "Carl")
    page.click(f'{DIALOG} [data-act="friend-invite"]')
    second = link_offered(page)
    assert second != first
    page.click(f'{DIALOG} [data-act="close"]')
    page.click("#btn-new")
    listed = page.text_content("#dialog")
    assert "with Bea by links" in listed and "with Carl by links" in listed
    screenshot(page, "by_links_list")
    page.locator(f'{DIALOG} li', has_text="Bea").locator('[data-act^="friend-send:"]').click()
    assert link_offered(page) == first


def test_the_end_is_verified_and_the_finished_game_replays(page, base_url, wait_ready,
                                                             screenshot):
    """A game the computer played through the protocol, kept on this device up to its
    last link: opening that link ends the game, and both hands are checked."""
    host, guest = self_play(Setup(), seed=11)
    last = len(host.links) - 1
    mine = guest if last % 2 == 0 else host  # the side the last link went to
    stored = load({**mine.to_json(), "links": mine.links[:-1]})
    entry = ByLinks("e2e", stored, "Bea", [], 1.0, 1.0)
    page.goto(base_url + "?pace=0")
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  ["kahuna.links.e2e", json.dumps(entry.to_json())])
    open_link(page, base_url + "#play=" + mine.links[-1], wait_ready)
    page.wait_for_selector(f'{DIALOG} [data-act="friend-verified"]')
    assert "Verified" in page.text_content("#dialog")
    screenshot(page, "by_links_verified")
    page.click(f'{DIALOG} [data-act="friend-verified"]')
    page.wait_for_selector(f'{DIALOG} [data-act="replay"]')
    screenshot(page, "by_links_replayable")


def _foreign_turn() -> str:
    """A turn's link of a game no device of this test holds."""
    host, _ = self_play(Setup(), seed=12)
    return host.links[3]
