"""The page a worker hands from test to test (e2e/kept_page.py): the next test gets the
same page, with nothing the last one stored but the game's compiled bytecode; a test
that changed it for good leaves a new one to the next, which has that bytecode too; so
has the worker's phone page, which never compiled it itself."""

from __future__ import annotations

from e2e.kept_page import VIEWPORT, Compiled, KeptPage

from .conftest import _watch

STORE = """async () => {
  localStorage.setItem("kahuna.kept", "1");
  await (await caches.open("kahuna-kept")).put("/kept", new Response("1"));
  await new Promise(done => { const open = indexedDB.open("kahuna-kept");
    open.onupgradeneeded = () => open.result.createObjectStore("s");
    open.onsuccess = () => { open.result.close(); done(); }; });
}"""
#: Whether this boot found both archives' bytecode kept (web/pyodide-boot.mjs).
BOOTED_FROM_BYTECODE = "kahunaBytecode.then(b => b.found && b.page.found)"
STORED = """async () => [localStorage.getItem("kahuna.kept"), await caches.has("kahuna-kept"),
  (await indexedDB.databases()).map(d => d.name).includes("kahuna-kept")]"""


def test_the_next_test_gets_the_same_page_with_nothing_stored_but_bytecode(
        browsers, base_url, kahuna_url, wait_ready, console_messages, external_requests):
    compiled = Compiled()
    kept = KeptPage(compiled)

    def take():
        return kept.take(browsers.current(), base_url, _watch, console_messages,
                         external_requests)

    try:
        page = take()
        assert [e["url"].split("?")[0].rsplit("/", 1)[1] for e in compiled.entries] == [
            "python_stdlib.zip", "page.tar.gz"]  # what its first boot kept, read
        for url in (kahuna_url, base_url):  # two origins visited, both cleared
            page.goto(url + "?seed=3")
            wait_ready(page)
            page.evaluate(STORE)
        assert page.evaluate(BOOTED_FROM_BYTECODE)  # the first test's boot too
        page.set_viewport_size({"width": 360, "height": 740})
        page.emulate_media(color_scheme="dark")  # undone for the next test
        kept.release()
        again = take()
        assert again is page and again.viewport_size == VIEWPORT
        assert again.evaluate("matchMedia('(prefers-color-scheme: light)').matches")
        for url in (kahuna_url, base_url):
            again.goto(url + "?seed=3")
            wait_ready(again)
            assert again.evaluate(STORED) == [None, False, False], url
        assert again.evaluate(BOOTED_FROM_BYTECODE)  # a returning player's device
        again.on("dialog", lambda dialog: dialog.accept())  # a listener stays: dropped
        kept.release()
        fresh = take()
        assert fresh is not page
        fresh.goto(base_url + "?seed=3")
        wait_ready(fresh)
        assert fresh.evaluate(BOOTED_FROM_BYTECODE)  # the new context was given it
        assert not external_requests
    finally:
        kept.drop()


def test_a_kept_phone_page_is_a_touch_phone_of_the_size_asked_each_time(
        browsers, base_url, compiled, page, wait_ready, console_messages,
        external_requests):
    assert compiled.entries  # the worker's laptop page (``page``) booted first
    kept = KeptPage(compiled, is_mobile=True, has_touch=True)
    try:
        phone = kept.take(browsers.current(), base_url, _watch, console_messages,
                          external_requests, viewport={"width": 390, "height": 844})
        phone.goto(base_url + "e2e/blank.html")
        assert phone.viewport_size == {"width": 390, "height": 844}
        assert phone.evaluate("navigator.maxTouchPoints > 0")
        kept.release()
        again = kept.take(browsers.current(), base_url, _watch, console_messages,
                          external_requests, viewport={"width": 844, "height": 390})
        assert again is phone and again.viewport_size == {"width": 844, "height": 390}
        again.goto(base_url + "?seed=3")
        wait_ready(again)
        assert again.evaluate(BOOTED_FROM_BYTECODE)  # compiled by the worker's laptop page
    finally:
        kept.drop()


def test_a_context_made_by_hand_holds_the_bytecode_unless_it_asks_for_a_first_boot(
        browser, base_url, wait_ready):
    for first_boot in (False, True):
        context = browser.new_context(first_boot=first_boot, service_workers="block")
        page = context.new_page()
        page.goto(base_url + "?seed=3")
        wait_ready(page)
        assert page.evaluate(BOOTED_FROM_BYTECODE) is not first_boot
        context.close()
