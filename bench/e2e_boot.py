"""What a boot of the game costs the browser tests (e2e/), by how the test gets its page
(issue 30: the suite mostly waits on some 190 boots of Pyodide):

- ``context``: a new browser context and page, as the ``page`` fixture gives each test;
- ``page``:    a new page in a context that has booted the game once already;
- ``reload``:  a reload of a booted page;
- ``again``:   a booted page sent to about:blank, its origin's storage cleared, then to
  the game again (a page reused by the next test, as good as new);
- ``listing``: the same, but by way of a page of the same origin (a folder's listing),
  its storage cleared (Cache Storage, where the page keeps its bytecode, included);
- ``warm``:    the same, but the bytecode the page compiled kept (e2e/kept_page.py);
- ``compiled``: after the first boot's ready, until the page has compiled and kept its
  bytecode (the work a cold boot leaves to run beside the test).

    .venv/bin/python bench/e2e_boot.py [--rounds 5] [--cache no-store max-age=600]

Each ``--cache`` value is a Cache-Control the server sends (e2e's server sends
"no-store"; with it nothing is cached, not even the compiled WebAssembly). Rounds
alternate the order of the cache settings. Prints the median and range of the seconds
from navigation until the page says it is ready, and the load average beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts.browser import clear_storage, launch_chromium, wait_compiled, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

WAYS = ("context", "compiled", "page", "reload", "again", "listing", "warm")


def one_round(browser: Browser, url: str) -> dict[str, float]:
    """Seconds to ready for each way of getting a booted page, in one new context."""
    times: dict[str, float] = {}
    start = time.monotonic()
    context = browser.new_context(viewport={"width": 1024, "height": 768},
                                  service_workers="block")
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    times["context"] = time.monotonic() - start
    start = time.monotonic()
    wait_compiled(page)
    times["compiled"] = time.monotonic() - start
    start = time.monotonic()
    page.reload()
    wait_ready(page)
    times["reload"] = time.monotonic() - start
    start = time.monotonic()
    second = context.new_page()
    second.goto(url)
    wait_ready(second)
    times["page"] = time.monotonic() - start
    times["again"] = _boot_via(context, page, url, "about:blank")
    times["listing"] = _boot_via(context, page, url, url.split("?")[0] + "bench/")
    wait_compiled(page)
    times["warm"] = _boot_via(context, page, url, url.split("?")[0] + "bench/", keep=True)
    context.close()
    return times


def _boot_via(context, page, url: str, between: str, keep: bool = False) -> float:
    """Seconds to boot ``url`` again in ``page`` by way of ``between``, the game's
    origin's storage cleared there (but for its bytecode if ``keep``)."""
    start = time.monotonic()
    page.goto(between)
    parts = urllib.parse.urlsplit(url)
    clear_storage(context, page, {f"{parts.scheme}://{parts.netloc}"}, keep_bytecode=keep)
    page.goto(url)
    wait_ready(page)
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cache", nargs="+", default=["no-store", "max-age=600"])
    args = parser.parse_args()
    write_page_archive(ROOT)
    servers = {cache: SiteServer(ROOT, cache_control=cache) for cache in args.cache}
    times = {cache: {way: [] for way in WAYS} for cache in args.cache}
    loads: list[float] = []
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for round_ in range(args.rounds):
            order = args.cache if round_ % 2 == 0 else args.cache[::-1]
            for cache in order:
                for way, seconds in one_round(browser, servers[cache].url + "?seed=1").items():
                    times[cache][way].append(seconds)
                loads.append(os.getloadavg()[0])
        browser.close()
    for server in servers.values():
        server.close()
    print(f"navigation -> ready, seconds, median [min-max] of {args.rounds} rounds;"
          f" load average (1 min) {min(loads):.1f}-{max(loads):.1f}")
    for cache in args.cache:
        print(f"  Cache-Control {cache}: " + "; ".join(
            f"{way} {statistics.median(s):.1f} [{min(s):.1f}-{max(s):.1f}]"
            for way, s in times[cache].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
