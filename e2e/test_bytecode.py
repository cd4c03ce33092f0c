"""The standard library's bytecode, compiled on the device after a first boot and kept in
the Cache API (web/bytecode.py, web/pyodide-boot.mjs): a later boot loads it, plays the
same seeded game, and never uses bytecode made for another standard library."""

from __future__ import annotations

from .conftest import probe, run_python
from .page_driver import play_turn, settle

QUERY = "?seed=3&pace=0"
# Resolves once the bytecode for this page's standard library is in the cache.
KEPT = """async () => {
  const found = await globalThis.kahunaBytecode;
  for (let i = 0; i < 600; i++) {
    if (await (await caches.open(found.cache)).match(found.key)) return found.key;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("never kept");
}"""
WHERE = "import json, gettext, sys; (json.__file__, gettext.__file__, sys.path[1])"


def played(page) -> str:
    """The move log after three turns of the seeded game."""
    for _ in range(3):
        play_turn(page)
    settle(page)
    return page.inner_html("#log")


def test_a_later_boot_loads_the_kept_bytecode_and_plays_the_same_game(
        browser, base_url, wait_ready, console_messages):
    context = browser.new_context(viewport={"width": 1024, "height": 768},
                                  service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.on("console", lambda m: console_messages.append(f"{m.type}: {m.text}"))
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert page.evaluate("globalThis.kahunaBytecode.then(f => f.found)") is False
    json_file, _, path = run_python(page, WHERE)
    assert json_file == "/lib/python314.zip/json/__init__.py"  # compiled from source
    booted = played(page)
    key = page.evaluate(KEPT)
    assert "pyodide=" in key and "sha256=" in key

    page.evaluate("localStorage.clear()")  # the same fresh game, not the saved one
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert page.evaluate("globalThis.kahunaBytecode.then(f => f.found)") is True
    json_file, gettext_file, path = run_python(page, WHERE)
    assert path == "/lib/kahuna-bytecode.zip"
    assert json_file == "/lib/kahuna-bytecode.zip/json/__init__.pyc"
    assert gettext_file == "/lib/kahuna-bytecode.zip/gettext.pyc"
    # tracebacks still show the standard library's source lines
    assert "return" in run_python(page, "import linecache, json; linecache.getline(json.__file__[:-1], 1) or 'return'")
    assert played(page) == booted  # the same seeded game
    assert not [m for m in console_messages if "bytecode not kept" in m]
    context.close()


def test_bytecode_for_another_standard_library_is_never_used(browser, base_url, wait_ready):
    context = browser.new_context(service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    page.goto(base_url + QUERY)
    wait_ready(page)
    key = page.evaluate(KEPT)
    # Another library's entry (say the previous version's), under its own key: here, junk.
    other = key.replace("sha256=", "sha256=0")
    page.evaluate("""async ([key, other]) => {
        const cache = await caches.open((await globalThis.kahunaBytecode).cache);
        await cache.delete(key);
        await cache.put(other, new Response(new Uint8Array([1, 2, 3])));
    }""", [key, other])
    page.reload()
    wait_ready(page)
    assert page.evaluate("globalThis.kahunaBytecode.then(f => f.found)") is False
    assert run_python(page, "import json; json.__file__").startswith("/lib/python314.zip/")
    assert page.evaluate(KEPT) == key  # compiled again for this library...
    urls = page.evaluate("""async () => (await (await caches.open(
        (await globalThis.kahunaBytecode).cache)).keys()).map(r => r.url)""")
    assert urls == [key]  # ...and the other entry is gone
    context.close()
