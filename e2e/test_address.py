"""Hostile address parameters (web/state/address.py): each reaches a ready page with a notice
that says what was left out, and a game to play; never a page frozen at "Starting"."""

from __future__ import annotations

import pytest

from kahuna.notation.link import encode
from scripts.page_driver import settle

HOSTILE = {"seed-arabic-digit": "?seed=٣", "seed-5000-digits": "?seed=" + "9" * 5000,
           "pace-nan": "?pace=NaN", "record-percent": "?record=%%%"}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_bad_parameter_gives_a_notice_and_a_game(page, base_url, wait_ready, screenshot, name):
    page.goto(base_url + HOSTILE[name])
    wait_ready(page)
    dialog = page.locator("#dialog")
    assert dialog.is_visible()
    text = dialog.text_content()
    assert "address" in text and "Traceback" not in text and "Error" not in text
    if name != "seed-arabic-digit":
        screenshot(page, f"address-{name}")
    else:
        page.set_viewport_size({"width": 360, "height": 740})
        screenshot(page, f"address-{name}-phone")
        box = page.locator("#dialog .box").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.click('#dialog [data-act="close"]')
    settle(page)
    assert page.locator("#hand .card").count() > 0  # the game started without it


def test_a_game_embeds_full_game_link_offers_its_game_once(page, base_url, wait_ready):
    """The full game from a game embed's link (its level, colour, variants; a diagram's
    ``explore`` flag): the new-game dialog with those options, over the game kept; the
    address is cleaned of them, so a reload shows the game kept, no dialog, and no
    leftover ``?explore=`` (a tester's find)."""
    page.goto(base_url + "?seed=3&pace=0")
    wait_ready(page)
    page.goto(base_url + "?level=casual&colour=white&variants=v1&explore=&pace=0")
    wait_ready(page)
    page.wait_for_selector("#dialog:not([hidden])")
    for act in ("set:level:casual", "set:colour:white"):
        assert page.get_attribute(f'#dialog [data-act="{act}"]', "aria-pressed") == "true"
    assert "level=" not in page.url and "explore" not in page.url and "pace=0" in page.url
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.locator("#dialog").is_hidden()


def test_a_garbage_position_is_said_in_german_with_the_english_folded(page, base_url,
                                                                      wait_ready, screenshot):
    """A German reader reads why in German; the engine's English reason waits, folded, in
    "Details" for a bug report (it was shown in brackets after the German sentence)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url + "?lang=de&position=Z2FyYmFnZQ")  # "garbage" in base64url
    wait_ready(page)
    problem = page.locator("#dialog .problem")
    assert "ließ sich nicht lesen" in problem.inner_text()
    fold = page.locator("#dialog details.bug-report")
    assert not fold.locator("pre").is_visible()  # folded until asked for
    assert "JSON" not in page.locator("#dialog").inner_text()  # nothing English in sight
    screenshot(page, "address-garbage-position-de-phone")
    fold.locator("summary").click()
    detail = fold.locator("pre[lang='en']")
    detail.wait_for(state="visible")
    assert "not JSON text" in detail.inner_text()
    assert fold.locator("summary").inner_text() == "Details für einen Fehlerbericht"
    screenshot(page, "address-garbage-position-de-details")


def test_a_misspelled_key_is_named_on_a_phone(page, base_url, wait_ready, screenshot):
    """A position written by hand with "brigdes" for "bridges" (issue 32: it opened as a
    board without bridges, unsaid): the notice names the key in French, the English
    details list the keys allowed and fit the phone's width, and a game goes on."""
    link = encode({"to_move": "white", "brigdes": {"black": ["ALOA-BARI"]}})
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(base_url + f"?lang=fr&position={link}")
    wait_ready(page)
    assert "« brigdes »" in page.locator("#dialog .problem").inner_text()
    fold = page.locator("#dialog details.bug-report")
    fold.locator("summary").click()
    detail = fold.locator("pre[lang='en']")
    detail.wait_for(state="visible")
    assert "its keys are format, version, variants" in detail.inner_text()
    box = page.locator("#dialog .box").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "address-misspelled-key-fr-phone")
    page.click('#dialog [data-act="close"]')
    settle(page)
    assert page.locator("#hand .card").count() > 0
