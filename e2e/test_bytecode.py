"""The bytecode of the standard library and of the page's own modules, compiled on the
device after a first boot and kept in the Cache API (web/boot/bytecode.py,
web/pyodide-boot.mjs): a later boot loads it, plays the same seeded game, and never uses
bytecode made for another standard library or another version of the page. A first boot
loads the bytecode shipped for the boot's modules (web/boot-bytecode.zip,
scripts/boot_bytecode.py), unless it was made from another standard library."""

from __future__ import annotations

import json

import pytest

from scripts.page_driver import play_turn, probe, run_python, settle

QUERY = "?seed=3&pace=0"
# Resolves once the bytecode for this page's standard library and for its own modules
# is in the cache: [the standard library's key, the page's].
KEPT = """async () => {
  const found = await globalThis.kahunaBytecode;
  const cache = await caches.open(found.cache);
  for (let i = 0; i < 600; i++) {
    if (await cache.match(found.key) && await cache.match(found.page.key))
      return [found.key, found.page.key];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("never kept");
}"""
WHERE = "import json, gettext, sys; (json.__file__, gettext.__file__, sys.path[1])"
# The flags of the .pyc file import found for a page module (0b01: ours, unchecked hash),
# or None when there is none.
PAGE_PYC = """import importlib.util, os, web.state.app
pyc = importlib.util.cache_from_source(web.state.app.__file__)
int.from_bytes(open(pyc, "rb").read()[4:8], "little") if os.path.exists(pyc) else None"""
FOUND = "globalThis.kahunaBytecode.then(f => [f.found, f.page.found])"
SHIPPED = "globalThis.kahunaBytecode.then(f => f.shipped)"
# typing is in the shipped archive (the boot imports it; the most bytecode for its bytes),
# json is not (scripts/boot_bytecode.py BUDGET).
TYPING = "import typing; typing.__file__"


def played(page) -> str:
    """The move log after three turns of the seeded game."""
    for _ in range(3):
        play_turn(page)
    settle(page)
    return page.inner_html("#log")


def test_a_later_boot_loads_the_kept_bytecode_and_plays_the_same_game(
        browser, base_url, wait_ready, console_messages):
    context = browser.new_context(first_boot=True, viewport={"width": 1024, "height": 768},
                                  service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert page.evaluate(FOUND) == [False, False]
    assert page.evaluate(SHIPPED) is True
    json_file, _, path = run_python(page, WHERE)
    assert json_file == "/lib/python314.zip/json/__init__.py"  # compiled from source
    assert run_python(page, TYPING) == "/lib/kahuna-bytecode.zip/typing.pyc"  # shipped
    assert run_python(page, PAGE_PYC) in (None, 0)  # none, or one Python wrote itself
    booted = played(page)
    key, page_key = page.evaluate(KEPT)
    assert "/web/vendor/python_stdlib.zip?pyodide=" in key and "sha256=" in key
    assert "/web/page.tar.gz?pyodide=" in page_key and "sha256=" in page_key

    page.evaluate("localStorage.clear()")  # the same fresh game, not the saved one
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert page.evaluate(FOUND) == [True, True]
    assert page.evaluate(SHIPPED) is False  # the device's own, whole, not the shipped part
    assert run_python(page, PAGE_PYC) == 0b01  # the page's modules too
    json_file, gettext_file, path = run_python(page, WHERE)
    assert path == "/lib/kahuna-bytecode.zip"
    assert json_file == "/lib/kahuna-bytecode.zip/json/__init__.pyc"
    assert gettext_file == "/lib/kahuna-bytecode.zip/gettext.pyc"
    # tracebacks still show the standard library's source lines
    assert "return" in run_python(page, "import linecache, json; linecache.getline(json.__file__[:-1], 1) or 'return'")
    assert played(page) == booted  # the same seeded game
    assert not [m for m in console_messages if "bytecode not kept" in m]
    context.close()


# How many bytecode entries the cache holds now (none until an archive is done).
HELD = """async () => {
  const found = await globalThis.kahunaBytecode;
  return (await (await caches.open(found.cache)).keys()).length;
}"""


def test_nothing_is_compiled_while_the_person_plays(browser, base_url, wait_ready):
    """A module compiles in one task, which a tap waits for (issue 33): on the person's
    turn the bytecode waits until nobody has touched the page for a while (bytecode.QUIET,
    3 s), then is kept as before."""
    context = browser.new_context(first_boot=True, service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    settle(page)
    assert page.get_attribute("body", "data-turn") == "person"
    for _ in range(16):  # 8 s of a key now and then, each sooner than 3 s after the last
        page.keyboard.press("Shift")
        page.wait_for_timeout(500)
    assert page.evaluate(HELD) == 0
    page.evaluate(KEPT)  # left alone, the page keeps its bytecode
    context.close()


def test_bytecode_for_another_standard_library_or_page_is_never_used(browser, base_url, wait_ready):
    context = browser.new_context(first_boot=True, service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    keys = page.evaluate(KEPT)
    # Another library's and another page's entries (say the previous version's), under
    # their own keys: here, junk.
    others = [key.replace("sha256=", "sha256=0") for key in keys]
    page.evaluate("""async ([keys, others]) => {
        const cache = await caches.open((await globalThis.kahunaBytecode).cache);
        for (const key of keys) await cache.delete(key);
        for (const other of others) await cache.put(other, new Response(new Uint8Array([1, 2, 3])));
    }""", [keys, others])
    page.reload()
    wait_ready(page)
    assert page.evaluate(FOUND) == [False, False]
    assert run_python(page, "import json; json.__file__").startswith("/lib/python314.zip/")
    assert run_python(page, PAGE_PYC) in (None, 0)
    assert page.evaluate(KEPT) == keys  # compiled again for this library and page...
    urls = page.evaluate("""async () => (await (await caches.open(
        (await globalThis.kahunaBytecode).cache)).keys()).map(r => r.url)""")
    assert sorted(urls) == sorted(keys)  # ...and the other entries are gone
    context.close()


def test_shipped_bytecode_of_another_standard_library_is_never_used(
        browser, base_url, wait_ready, console_messages):
    """The shipped archive's comment names the standard library it was compiled from: one
    that names another (a stale build, a half-updated site) is left aside, and the first
    boot compiles from source as before, plays, and keeps its own bytecode."""
    context = browser.new_context(first_boot=True, service_workers="block")
    probe(context, base_url)

    def other_library(route):
        body = route.fetch().body()
        route.fulfill(body=body[:-1] + (b"0" if body[-1:] != b"0" else b"1"))

    context.route("**/web/boot-bytecode.zip", other_library)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert page.evaluate(FOUND) == [False, False]
    assert page.evaluate(SHIPPED) is False
    assert run_python(page, TYPING) == "/lib/python314.zip/typing.py"  # from source
    assert run_python(page, "import sys; sys.path[1]") == "/lib/kahuna-bytecode.zip"
    played(page)
    page.evaluate(KEPT)  # and this device's own bytecode kept, as before
    assert not [m for m in console_messages if "bytecode not kept" in m]
    context.close()


# A .pyc for web/boot/start.py that is not bytecode: the right header, then no marshal data.
BROKEN = """import importlib.util, json
header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8)
json.dumps([importlib.util.cache_from_source("web/boot/start.py"), list(header + b"\\xff\\xff")])"""


@pytest.mark.expected_errors(r"^error: Kahuna could not load its code:(.|\n)*bad marshal data")
def test_broken_kept_bytecode_costs_one_reload_never_the_game(browser, base_url, wait_ready):
    """Should the kept bytecode be broken (here the page's, for web/boot/start.py), the page
    says it could not load and forgets it: the next reload boots from source."""
    context = browser.new_context(first_boot=True, service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    _, page_key = page.evaluate(KEPT)
    path, data = json.loads(run_python(page, BROKEN))
    page.evaluate("""async ([key, path, data]) => {
        const cache = await caches.open((await globalThis.kahunaBytecode).cache);
        await cache.put(key, new Response(kahunaTar.write([path], [new Uint8Array(data)])));
    }""", [page_key, path, data])
    page.reload()
    page.wait_for_function(
        "document.getElementById('prompt').textContent.includes('could not load')")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.evaluate("caches.has('kahuna-bytecode ' + new URL('./', location).href)") is False
    page.reload()
    wait_ready(page)
    assert run_python(page, PAGE_PYC) in (None, 0)  # from source this time
    assert page.evaluate(KEPT)[1] == page_key  # and kept anew, whole
    context.close()
