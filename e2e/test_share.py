"""Share links and game record files in the real page (web/view/share.py, web/state/opening.py):
a finished game's link opens the same game in another browser; a position's link hides
the opponent's cards (R24); a copy the browser refuses; a link over the limit; record
files good, corrupt, huge and binary; the dialogs on a 360 px phone."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlsplit

from kahuna import ISLANDS, Setup, decode_link, make_record, new_game
from kahuna.notation.link import encode
from tests.helpers import play_randomly
from tests.web_helpers import new_app
from web.state.sharing import share

from scripts.page_driver import probe, run_python, settle


DESKTOP = {"width": 720, "height": 520}
#: The page says how a copy went in the share dialog's status line.
STATUS = "#dialog .box .note[role=status]"
#: What does not fit a phone: the dialog wider than the screen, or the page scrolling sideways.
FITS = """() => {
  const box = document.querySelector('#dialog .box').getBoundingClientRect();
  const field = document.querySelector('#share-link');
  const inside = !field || field.getBoundingClientRect().right <= box.right + 0.5;
  return {box: box.left >= 0 && box.right <= innerWidth, inside,
          sideways: document.documentElement.scrollWidth > innerWidth};
}"""


def whole_game(seed: int = 3) -> dict:
    """A whole game for two players on one device, played at random, as its record."""
    setup = Setup(seed=seed)
    actions = play_randomly(new_game(setup), random.Random(seed), sort=True)
    return make_record(setup, actions, {"mode": "hotseat"})


def parameter(url: str) -> tuple[str, dict]:
    """The game a share link carries: ("record" or "position", its JSON)."""
    (key, (value,)), = parse_qs(urlsplit(url).query).items()
    return key, decode_link(value)


def log_of(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


#: Pixels to spare under an underscore drawn in a text field (negative: cut off). A field
#: shows one line box: at ``line-height: normal`` that is the font's ascent and descent,
#: and the monospace font's "_" goes 1 px below its descent.
UNDERSCORE_ROOM = """(field) => {
  const style = getComputedStyle(field);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const glyph = context.measureText("_");
  const box = glyph.fontBoundingBoxAscent + glyph.fontBoundingBoxDescent;
  const line = parseFloat(style.lineHeight) || box;  // "normal": the font's box
  return (line - box) / 2 + glyph.fontBoundingBoxDescent - glyph.actualBoundingBoxDescent;
}"""


def test_a_finished_game_is_shared_copied_and_opens_elsewhere(browser, base_url, wait_ready,
                                                              screenshot):
    record = whole_game()
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url[:-1])
    probe(context, base_url)
    page = context.new_page()
    page.goto(f"{base_url}?pace=0&record={encode(record)}")
    wait_ready(page)
    assert page.locator('#dialog [data-act="share"]').is_visible()  # in the end dialog
    page.click('#dialog [data-act="share"]')
    field = page.locator("#share-link")
    link = field.input_value()
    assert link.startswith(base_url + "?record=") and field.get_attribute("readonly") is not None
    assert field.evaluate(UNDERSCORE_ROOM) >= 0  # a link's "_" was cut off: it read as a space
    key, data = parameter(link)
    assert key == "record" and data["actions"] == record["actions"] and "meta" not in data
    page.click('#dialog [data-act="copy"]')
    page.wait_for_function(f"document.querySelector('{STATUS}').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    screenshot(page, "share-record-desktop")

    other = browser.new_context(viewport=DESKTOP, service_workers="block")  # someone else
    there = other.new_page()
    there.goto(link)
    wait_ready(there)
    assert "Rematch" in there.text_content("#dialog")  # the end of the same game
    there.click('#dialog [data-act="close"]')
    assert there.locator("#cover").is_hidden()  # a shared end hides nothing
    page.click('#dialog [data-act="back"]')  # back to the end of the game
    assert "Rematch" in page.text_content("#dialog")
    assert log_of(there) == log_of(page) and len(log_of(page)) == len(record["actions"])
    other.close()

    # A link over the limit (made small here) is refused, with the record's download.
    run_python(page, "import web.state.sharing; web.state.sharing.LIMIT = 100")
    page.click('#dialog [data-act="close"]')
    page.click(".log-box summary#log-label")
    page.click('#export [data-act="share"]')
    assert "too long" in page.text_content("#dialog h2")
    assert page.locator("#share-link").count() == 0
    screenshot(page, "share-too-long-desktop")
    with page.expect_download() as info:
        page.click('#dialog [data-act="export"]')
    assert json.loads(open(info.value.path()).read())["actions"] == record["actions"]
    context.close()


def person_starts() -> int:
    """A seed whose deal has the person (Black, the new-game dialog's default) move first."""
    return next(seed for seed in range(1, 50)
                if new_app(seed=seed).match.state.to_move == 0)


def test_a_position_link_hides_the_opponents_cards_and_a_refused_copy_is_said(
        page, base_url, wait_ready, screenshot):
    page.add_init_script(  # a browser that refuses the clipboard
        "Object.defineProperty(navigator, 'clipboard', {value: {writeText: () =>"
        " Promise.reject(new DOMException('denied', 'NotAllowedError'))}});")
    page.set_viewport_size(DESKTOP)
    seed = person_starts()
    real = new_app(seed=seed).match.state  # the same deal as the page's (?seed=)
    page.goto(f"{base_url}?seed={seed}&pace=0")
    wait_ready(page)
    settle(page)
    hand = sorted(page.locator("#hand .card b").all_inner_texts())
    assert hand == sorted(ISLANDS[c] for c in real.hand(0))
    page.click(".log-box summary#log-label")
    page.click('#export [data-act="share"]')
    assert "dealt at random" in page.text_content("#dialog")
    link = page.locator("#share-link").input_value()
    key, data = parameter(link)
    assert key == "position" and sorted(data["hands"]["black"]) == hand  # the sharer's own
    assert sorted(data["hands"]["white"]) != sorted(ISLANDS[c] for c in real.hand(1))  # R24
    assert data["pile"] != [ISLANDS[c] for c in real.pile[::-1]]  # nor the pile's order
    page.click('#dialog [data-act="copy"]')
    page.wait_for_function(f"document.querySelector('{STATUS}').textContent.length > 0")
    assert "select the link and copy it" in page.text_content(STATUS)
    page.keyboard.press("Shift+Tab")  # from Copy back to the link: selected whole
    assert page.evaluate("document.activeElement.id") == "share-link"
    assert page.evaluate("(f => [f.selectionStart, f.selectionEnd])"
                         "(document.querySelector('#share-link'))") == [0, len(link)]
    screenshot(page, "share-position-refused-desktop")
    page.keyboard.press("Escape")
    assert page.locator("#dialog").is_hidden() and page.locator("#hand .card").count() == 3


def test_a_position_link_opens_in_sight_and_a_finished_game_hides_nothing(
        page, base_url, wait_ready, screenshot):
    """Issue 29: a shared position opened behind the two-player cover (New game waited
    for "I am Black"); a finished game's link showed the last hand of the opponent as a
    card back, where the end of the same game showed it."""
    app = new_app(seed=8)
    _, data = parameter(share(app.match, "http://x/", random.Random(2)).url)
    page.goto(f"{base_url}?pace=0&position={encode(data)}")
    wait_ready(page)
    assert page.locator("#cover").is_hidden() and page.locator("#hand button.card").count()
    page.click("#btn-new")  # at once, nothing to tap first
    assert page.locator('#dialog [data-act="start"]').is_visible()
    page.goto(f"{base_url}?pace=0&record={encode(whole_game(seed=4))}")  # its last hand: 3
    wait_ready(page)
    page.click('#dialog [data-act="close"]')
    assert page.locator("#opp-hand .card").count() == 3 and page.locator("#opp-hand .back").count() == 0
    screenshot(page, "finished-game-link-both-hands")


def test_record_files_open_or_are_refused_and_the_game_stays(page, base_url, wait_ready,
                                                            screenshot, tmp_path):
    record = whole_game(seed=4)
    files = {"good.json": json.dumps(record, indent=1).encode(),
             "huge.json": b" " * 2_000_000,
             "photo.json": bytes(range(256)) * 40}
    broken = dict(record, actions=record["actions"][:2] + ["h:ALOA-BARI"])
    files["corrupt.json"] = json.dumps(broken).encode()
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    page.set_viewport_size(DESKTOP)
    chosen: list = []
    # Choosers intercepted from the start: expect_file_chooser() (interception switched on
    # just before the key) missed the chooser in some runs.
    page.on("filechooser", lambda chooser: chosen.append(chooser))
    page.goto(f"{base_url}?seed=2&pace=0")
    wait_ready(page)
    settle(page)
    before = (log_of(page), page.evaluate("JSON.stringify(localStorage)"))
    for name, detail in (("corrupt.json", "action 3"), ("huge.json", "too large"),
                         ("photo.json", "not UTF-8 text")):
        page.click("#btn-new")
        page.set_input_files("#open-file", str(tmp_path / name))
        page.wait_for_selector("#dialog:not([hidden]) .problem")
        assert "This file holds no game" in page.text_content("#dialog h2")
        assert name in page.text_content("#dialog .problem")
        assert detail in page.text_content("#dialog .detail")
        if name == "corrupt.json":
            screenshot(page, "open-file-corrupt-desktop")
        page.click('#dialog [data-act="close"]')
        assert (log_of(page), page.evaluate("JSON.stringify(localStorage)")) == before

    page.click("#btn-new")
    for _ in range(40):  # the dialog's button is reached by keyboard, and opens the chooser
        if page.evaluate("document.activeElement.dataset.act") == "open-file":
            break
        page.keyboard.press("Tab")
    screenshot(page, "open-file-new-game-desktop")
    page.keyboard.press("Enter")
    for _ in range(100):  # the chooser opens once Python has handled the click
        if chosen:
            break
        page.wait_for_timeout(100)
    assert len(chosen) == 1
    chosen[0].set_files(str(tmp_path / "good.json"))
    page.wait_for_selector("#dialog:not([hidden]) .end-game")
    page.click('#dialog [data-act="close"]')
    assert len(log_of(page)) == len(record["actions"])
    saved = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kahuna.save.'))")
    assert len(saved) == 2  # the game played before, and the file's
    screenshot(page, "open-file-good-desktop")


def test_the_share_and_file_dialogs_fit_a_phone(phone_page, base_url, wait_ready, screenshot,
                                                tmp_path, external_requests):
    page = phone_page()
    page.goto(f"{base_url}?pace=0&lang=de&record={encode(whole_game())}")
    wait_ready(page)
    page.click('#dialog [data-act="share"]')
    assert page.evaluate(FITS) == {"box": True, "inside": True, "sideways": False}
    screenshot(page, "share-record-phone-de")
    page.click('#dialog [data-act="back"]')
    page.click('#dialog [data-act="menu"]')
    page.locator('#dialog [data-act="open-file"]').scroll_into_view_if_needed()
    assert page.locator('#dialog [data-act="open-file"]').is_visible()
    screenshot(page, "open-file-new-game-phone-de")
    (tmp_path / "x.json").write_bytes(b"\x00\xff" * 10)
    page.set_input_files("#open-file", str(tmp_path / "x.json"))
    page.wait_for_selector("#dialog:not([hidden]) .problem")
    assert page.evaluate(FITS) == {"box": True, "inside": True, "sideways": False}
    screenshot(page, "open-file-refused-phone-de")
    assert external_requests == []
