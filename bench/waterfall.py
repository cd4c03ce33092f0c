"""When each file of a first visit was asked for and arrived, until the board can be
played (issue 33): a round trip that waits for another shows as a late start.

    .venv/bin/python bench/waterfall.py [--page bench/bare.html] [--phone]

One first visit (a fresh browser context) of the page (the game by default), its
resource timings in ms from navigation: start, first byte, end, bytes over the wire,
and what asked (a link, a script, a fetch); then when the page's Python script began
and when the board was ready. ``--phone``: on issue 33's phone (bench/page_figures.py),
the files gzipped as a static host sends them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.page_figures import _probed_page, phone_options, phone_profile, ready_ms  # noqa: E402
from scripts.boot_bytecode import build as build_boot_bytecode  # noqa: E402
from scripts.browser import launch_chromium  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

ENTRIES = """performance.getEntriesByType('resource').map((e) =>
  [e.name, e.startTime, e.responseStart, e.responseEnd, e.transferSize, e.initiatorType])"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="?seed=1", help="address from the site's root")
    phone_options(parser)
    args = parser.parse_args()
    write_page_archive(ROOT)
    build_boot_bytecode(ROOT)
    server = SiteServer(ROOT, cache_control="no-cache", compress=args.phone)
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page, outside = _probed_page(browser, **phone_profile(args))
        page.goto(server.url + args.page)
        ready = ready_ms(page)
        script = page.evaluate("window.__figures.script")
        entries = page.evaluate(ENTRIES)
        browser.close()
    server.close()
    if outside:
        sys.exit(f"requests left 127.0.0.1: {outside}")
    print(f"{'start':>7} {'first':>7} {'end':>7} {'bytes':>9}  by        file")
    for name, start, first, end, size, by in entries:
        print(f"{start:7.0f} {first:7.0f} {end:7.0f} {size:9d}  {by:9} "
              f"{name.removeprefix(server.url)}")
    print(f"the page's Python script began at {script:.0f} ms; the board was ready at "
          f"{ready:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
