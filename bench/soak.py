"""Soak (issue 10): complete games between two computer players in one open page
(``?autoplay=LEVEL&pace=0``); the JS heap and the WebAssembly memory after the first 10
games and after all of them must grow by less than 10%, and no event-handler proxy may be
made while the games run (the page's handlers are made once, at boot).

    .venv/bin/python bench/soak.py [--games 100] [--level beginner] [--json]

Memory is read after a forced garbage collection: Chromium is launched with
``--js-flags=--expose-gc`` (``window.gc()``) and Python's ``gc.collect()`` runs first; the
JS heap is ``performance.memory.usedJSHeapSize``, the WebAssembly memory the byte length
of Pyodide's heap (the interpreter from PyScript's ``hooks``, scripts/page_driver.py PROBE).
Proxies: ``pyodide.ffi.create_proxy`` is wrapped (before the page's code runs) to count calls.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from scripts.page_driver import probe, run_python  # noqa: E402
from scripts.browser import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, NO_NETWORK_ARGS, guard_network, wait_ready,
)
from scripts.site_server import REPO_ROOT, SiteServer  # noqa: E402

#: Runs before the page's own Python (which imports create_proxy from pyodide.ffi):
#: counts the event-handler proxies the page makes.
COUNT_PROXIES = """
import pyodide.ffi as f
f.PROXIES = 0
_make = f.create_proxy
def create_proxy(*args, **kwargs):
    f.PROXIES += 1
    return _make(*args, **kwargs)
f.create_proxy = create_proxy
"""
MEMORY_JS = """() => {
  if (window.gc) window.gc();
  const m = window.__kahuna.py._module;
  return {js_heap: performance.memory ? performance.memory.usedJSHeapSize : null,
          wasm: m.HEAP8 ? m.HEAP8.length : m.wasmMemory.buffer.byteLength};
}"""
GC_ARGS = ["--js-flags=--expose-gc", "--enable-precise-memory-info"]


def games(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.autoplayed || 0"))


def wait_games(page: Page, n: int, timeout_s: float) -> None:
    page.wait_for_function(f"Number(document.body.dataset.autoplayed || 0) >= {n}",
                           timeout=timeout_s * 1000, polling=500)


def measure(page: Page) -> dict:
    """Python's garbage collected, then the JS one; the two memories and the proxies."""
    run_python(page, "import gc; gc.collect()")
    figures = page.evaluate(MEMORY_JS)
    figures["proxies"] = run_python(page, "import pyodide.ffi as f; f.PROXIES")
    figures["games"] = games(page)
    return figures


def open_autoplay(context, url: str, level: str) -> Page:
    """The page playing itself at ``level``, its proxies counted."""
    probe(context, url, before=COUNT_PROXIES)
    page = context.new_page()
    page.goto(f"{url}?autoplay={level}&pace=0")
    wait_ready(page)
    return page


def growth(a: float, b: float) -> float:
    return (b - a) / a * 100


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    server = SiteServer(REPO_ROOT, "")
    errors: list[str] = []
    start = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS + NO_NETWORK_ARGS + GC_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800},
                                          service_workers="block")
            guard_network(context, [])
            context.on("page", lambda pg: pg.on(
                "console", lambda m: m.type == "error" and errors.append(m.text)))
            page = open_autoplay(context, server.url, args.level)
            boot = measure(page)
            wait_games(page, 10, 3600)
            first = measure(page)
            wait_games(page, args.games, 6 * 3600)
            last = measure(page)
            boxes = page.locator(".py-error, #problem-dialog:not([hidden])").count()
            browser.close()
    finally:
        server.close()
    figures = {
        "level": args.level, "seconds": round(time.monotonic() - start),
        "boot": boot, "after_10": first, "after_all": last,
        "js_heap_growth_pct": round(growth(first["js_heap"], last["js_heap"]), 1),
        "wasm_growth_pct": round(growth(first["wasm"], last["wasm"]), 1),
        "proxies_made_while_playing": last["proxies"] - boot["proxies"],
        "console_errors": len(errors), "error_boxes": boxes,
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(f"soak: {last['games']} games at {args.level} in {figures['seconds']} s")
        for name, f in (("boot", boot), ("after 10", first), (f"after {last['games']}", last)):
            print(f"  {name:>10}: JS heap {f['js_heap'] / 1e6:7.1f} MB, "
                  f"wasm {f['wasm'] / 1e6:7.1f} MB, proxies made {f['proxies']}")
        print(f"  growth 10 -> {last['games']}: JS heap {figures['js_heap_growth_pct']:+.1f}%,"
              f" wasm {figures['wasm_growth_pct']:+.1f}%; proxies made while playing: "
              f"{figures['proxies_made_while_playing']}; console errors {len(errors)}, "
              f"error boxes {boxes}")
    ok = (figures["js_heap_growth_pct"] < 10 and figures["wasm_growth_pct"] < 10
          and figures["proxies_made_while_playing"] == 0 and not errors and not boxes)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
