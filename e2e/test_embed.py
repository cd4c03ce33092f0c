"""The game embedded in a rules page (``?embed``, docs/embedding.md): an <iframe> on a
host page of another origin, as on a real rules site. One host page holds the game at a
typical embed size and a narrow one (two boots, side by side)."""

from __future__ import annotations

import pytest

from bench.embed_figures import nine_frames
from kahuna.notation.link import encode
from scripts.examples_page import examples
from scripts.browser import FULL, guard_network, launch_chromium
from scripts.page_driver import (
    HOST_HEAD, SIZES, end_turn, host_page, open_frames, place_a_bridge, settle,
)
from tests.helpers import tutorial_position

from .conftest import FAVICON_404, _watch

# A page of a test's own folder (a host page, a picture) may ask /favicon.ico.
pytestmark = pytest.mark.expected_errors(FAVICON_404, optional=True)


# Whether the element is what a reader sees at its centre (not clipped away, nor covered).
IN_SIGHT_JS = """selector => { const e = document.querySelector(selector);
  const r = e.getBoundingClientRect();
  return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""
# The header's parts that stick out of the frame, cut off: [text, left, right].
OUTSIDE_JS = """() => [...document.querySelectorAll('.bar .when, .bar .left, .bar nav button, .bar nav a')]
  .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width)
  .filter(([e, r]) => r.left < 0 || r.right > innerWidth)
  .map(([e, r]) => [e.textContent, r.left, r.right])"""


def test_an_embedded_position_plays_in_memory_only(page, base_url, serve_site, tmp_path,
                                                   external_requests, wait_ready, screenshot):
    position = tutorial_position()
    query = f"position={encode(position)}&pace=0"
    (tmp_path / "index.html").write_text(host_page(f"{base_url}?embed&{query}"))
    host = serve_site(tmp_path)
    assert host.url != base_url  # another origin, as on a real rules site
    wide, narrow = open_frames(page, host.url, wait_ready)
    for frame in (wide, narrow):
        settle(frame)
    screenshot(page, "embed-host")

    # A phone-width frame has no room for the title, but the round and the cards left
    # before its scoring (R16-R17) stay in sight, and the header's controls in the frame.
    for frame in (wide, narrow):
        assert frame.evaluate(IN_SIGHT_JS, "#round .when") and frame.evaluate(IN_SIGHT_JS, "#round .left")
        assert frame.evaluate(OUTSIDE_JS) == []
    assert wide.locator("#cover").is_hidden()  # no hot-seat cover on a linked position
    assert wide.locator("#btn-new").is_hidden()
    assert wide.locator("#hand button.card").count() > 0  # Black's hand, face up
    backs = len(position["hands"]["white"]) - len(position["known"]["white"])
    assert wide.locator("#opp-hand .card.back").count() == backs > 0  # R24: White's hidden
    full = wide.locator("a.full-game")
    assert full.get_attribute("target") == "_blank" and full.get_attribute("rel") == "noopener"
    assert full.evaluate("a => a.href") == f"{base_url}?{query}"  # the same game, not embedded

    assert place_a_bridge(wide)
    end_turn(wide)
    settle(wide)
    assert wide.locator("#board .bridges .bridge.black").count() > 0
    assert wide.locator("#log li").count() >= 2 and wide.locator("#cover").is_hidden()
    assert wide.locator("#hand button.card").count() > 0  # now White's hand, for the reader
    screenshot(page, "embed-host-after-a-turn")
    assert wide.evaluate("Object.keys(localStorage)") == []  # nothing saved, in memory only

    wide.click("#btn-reset")  # back to the linked start
    assert wide.locator("#log li").count() == 0
    assert wide.locator("#opp-hand .card.back").count() == backs

    game_origin = page.context.new_page()  # the game's origin as a top-level page
    game_origin.goto(base_url + "README.md")
    assert game_origin.evaluate("Object.keys(localStorage)") == []
    assert external_requests == []


def test_an_embedded_game_works_offline_after_the_first_visit(sw_context, built_site, serve_site,
                                                              tmp_path, wait_ready,
                                                              external_requests):
    """The frame installs the site's service worker like the full page does; once it is
    active, the frame boots with the game's site gone (the rules page still there)."""
    game = serve_site(built_site)  # the deployed files, on a server that can go down
    query = f"?embed&position={encode(tutorial_position())}&pace=0"
    (tmp_path / "index.html").write_text(host_page(game.url + query, {"wide": SIZES["wide"]}))
    host = serve_site(tmp_path)
    page = sw_context.new_page()
    page.goto(host.url)
    frame = page.locator("iframe#wide").element_handle().content_frame()
    wait_ready(frame)
    frame.evaluate("navigator.serviceWorker.ready")  # installed: its cache is complete
    game.down = True  # the game's site is gone
    seen = len(game.hits)
    page.reload()
    frame = page.locator("iframe#wide").element_handle().content_frame()
    wait_ready(frame)
    assert frame.locator("#hand button.card").count() > 0
    assert game.hits[seen:] == []  # everything came from the frame's service worker
    assert external_requests == []


def test_the_first_paint_already_has_the_embedded_header(page, base_url):
    # Before Python runs (seconds later), index.html itself marks the page as embedded,
    # so the reader never sees a "New game" button flash in the frame.
    page.goto(base_url + "?embed&pace=0", wait_until="domcontentloaded")
    assert page.evaluate("document.body.dataset.ready") is None  # Python has not run yet
    assert page.evaluate("document.body.dataset.embed") == "1"
    assert not page.is_visible("#btn-new")


@pytest.fixture
def storage_blocked_page(playwright_session, console_messages, external_requests):
    """A page of Debian's full Chromium, guarded and watched like ``page``: its private
    contexts (Playwright's) block the storage of a frame of another site, as a browser
    with third-party cookies blocked does. The headless shell, the suite's browser, lets
    such a frame store (its settings have no such block, nor does the CDP)."""
    try:
        browser = launch_chromium(playwright_session, executable=FULL)
    except FileNotFoundError as exc:
        pytest.fail(str(exc))
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    guard_network(context, external_requests)
    yield _watch(context.new_page(), console_messages)
    browser.close()


def test_an_embed_in_another_sites_page_plays_without_storage(storage_blocked_page, base_url,
                                                               serve_site, tmp_path,
                                                               external_requests, wait_ready,
                                                               console_messages):
    """A rules page on its own site (here "localhost", the game on 127.0.0.1) whose
    reader's browser blocks that site's storage in frames, as with third-party cookies
    blocked: PyScript's IndexedDB is refused, and the game boots anyway (its databases in
    memory, web/idb-memory.js) and plays, with no error on the page. It never booted."""
    query = f"position={encode(tutorial_position())}&pace=0"
    (tmp_path / "index.html").write_text(host_page(f"{base_url}?embed&{query}",
                                                   {"wide": SIZES["wide"]}))
    (tmp_path / "favicon.ico").write_bytes(b"")  # the host's own: no 404 in the console
    host = serve_site(tmp_path).url.replace("127.0.0.1", "localhost")  # another site
    page = storage_blocked_page
    page.goto(host)
    frame = page.locator("iframe#wide").element_handle().content_frame()
    denied = frame.evaluate("""() => { try { localStorage.length; return false; }
                                       catch (error) { return error.name; } }""")
    assert denied == "SecurityError"  # the premise: this frame may store nothing
    wait_ready(frame)
    assert place_a_bridge(frame)
    end_turn(frame)
    settle(frame)
    assert frame.locator("#board .bridges .bridge.black").count() > 0
    assert frame.locator("#log li").count() >= 2
    assert sum("IndexedDB refused" in m for m in console_messages) == 2  # both PyScript's
    assert not [m for m in console_messages if "bytecode not kept" in m]  # no Cache API: quiet
    assert all(url.startswith(host) for url in external_requests)  # the host page's own


# The board as the reader sees it: [width, height] of the drawn one (upright or not).
BOARD_JS = """() => { const r = [...document.querySelectorAll('#board svg')]
  .map(s => s.getBoundingClientRect()).find(r => r.width);
  return [r.width, r.height]; }"""


def test_small_and_short_frames_keep_the_board_and_the_header_in_them(page, base_url, serve_site,
                                                                       tmp_path, wait_ready,
                                                                       screenshot):
    """Frames wider than tall and at most 460 px high: a phone-sized column beside the
    board where there is room for both (600 px and more), the board above the panel
    where there is not (a 300 x 200 frame gave the board 10 px beside a 290 px column).
    Nothing sticks out sideways: "Open in the full game" ran over Reset at 740 x 360."""
    sizes = {"tiny": (300, 200), "short": (600, 300), "phone": (740, 360)}
    (tmp_path / "index.html").write_text(host_page(f"{base_url}?embed&pace=0", sizes))
    page.set_viewport_size({"width": 1700, "height": 600})
    page.goto(serve_site(tmp_path).url)
    for name, (width, height) in sizes.items():
        frame = page.locator(f"iframe#{name}").element_handle().content_frame()
        wait_ready(frame)
        shown = frame.evaluate(BOARD_JS)
        assert shown[0] >= width / 2 and shown[1] >= height / 2, (name, shown)
        assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        assert frame.evaluate(OUTSIDE_JS) == [], name
        assert frame.evaluate(IN_SIGHT_JS, "#round .left"), name
        link = frame.locator("a.full-game").bounding_box()
        reset = frame.locator("#btn-reset").bounding_box()
        assert link["x"] >= reset["x"] + reset["width"] or link["y"] >= reset["y"] + reset["height"]
    screenshot(page, "embed-short-frames")


def test_an_embeds_notice_leaves_the_keyboard_with_the_host_page(page, base_url, serve_site,
                                                                 tmp_path, wait_ready):
    """A reader typing in the rules page while an embed with a mistaken address boots
    keeps typing there: the embed shows its notice without taking focus (its OK button
    took it, and the reader's keys went into the frame; a tester's find, 8 of 8). Inside
    the frame, once the reader is there, the notice has the keyboard as on the page."""
    (tmp_path / "index.html").write_text(
        HOST_HEAD + '<body><input id="notes" aria-label="notes" autofocus>'
        f'<iframe id="frame" src="{base_url}?embed&mode=bogus" width="720" height="520" '
        'title="Kahuna"></iframe></body></html>', encoding="utf-8")
    host = serve_site(tmp_path)
    page.goto(host.url)
    page.focus("#notes")
    page.keyboard.type("ab")
    frame = page.locator("iframe#frame").element_handle().content_frame()
    wait_ready(frame)
    frame.wait_for_selector("#dialog:not([hidden]) button")
    assert "not understood" in frame.text_content("#dialog")
    page.keyboard.type("XY")
    assert page.input_value("#notes") == "abXY"
    assert page.evaluate("document.activeElement.id") == "notes"
    # the reader comes to the frame (a click on the notice's text): Tab reaches its button
    frame.click("#dialog .box", position={"x": 8, "y": 8})
    page.keyboard.press("Tab")
    assert frame.evaluate("document.getElementById('dialog').contains(document.activeElement)")


def test_of_nine_lazy_frames_only_those_in_view_boot(page, serve_site, tmp_path, base_url,
                                                     wait_ready, external_requests):
    """A host page of nine frames (bench/embed_figures.py's), 1000 x 700: the browser
    loads a few screens of lazy frames at once, but a frame off screen waits with its
    runtime unstarted (web/pyodide-boot.mjs) until the reader scrolls to it."""
    (tmp_path / "index.html").write_text(nine_frames(base_url, examples()[0][2]))
    host = serve_site(tmp_path)
    started: list[str] = []  # the frames that asked for the page's archive: their runtime
    page.on("request", lambda r: started.append(r.frame.url)
            if r.url == base_url + "web/page.tar.gz" else None)
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(host.url)
    wait_ready(page.locator("#frame-1").element_handle().content_frame())
    frames = [page.locator(f"#frame-{i}").element_handle().content_frame() for i in range(1, 10)]
    loaded = [f for f in frames[1:] if f.url.startswith(base_url)]
    assert loaded, "no lazy frame loaded ahead: the test shows nothing"
    for frame in loaded:
        frame.wait_for_selector('html[data-boot="waiting"]', state="attached")
        assert frame.locator('body[data-ready="1"]').count() == 0
    assert started == [frames[0].url]
    last = page.locator("#frame-9")
    last.scroll_into_view_if_needed()
    wait_ready(frames[8])
    assert frames[8].locator("html[data-boot]").count() == 0
    assert frames[1].locator('body[data-ready="1"]').count() == 0  # never in view: waits still
    assert external_requests == []
