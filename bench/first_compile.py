"""The first visit's background work (issue 33): once the board is ready, the page
compiles the standard library's and its own bytecode for the next boot, a module a task
(web/boot/bytecode.py). How long that takes, and the main-thread tasks it makes, which a
tap in the meantime waits behind.

    .venv/bin/python bench/first_compile.py [--runs 4] [--other ROOT] [--phone]

Each run is a first visit (a fresh context), from the board's being ready until both
archives are kept (bench/page_figures.py's SETTLED); this checkout and ``--other`` in
turn (A B B A). Printed per tree: the median time to keep them, the tasks over 50 ms in
that time (median count, the longest of all runs) and their summed length (median).
``--phone``: on issue 33's phone (bench/page_figures.py's ``phone_profile``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.page_figures import (  # noqa: E402
    SETTLED, _probed_page, in_turn, phone_options, phone_profile, tree_servers,
)
from scripts.browser import launch_chromium, wait_ready  # noqa: E402


def first_compile(browser, url: str, **profile) -> tuple[float, list[float]]:
    """(ms from ready until the bytecode is kept, the long tasks' lengths meanwhile) for a
    first visit of ``url``."""
    page, outside = _probed_page(browser, **profile)
    page.goto(url)
    wait_ready(page)
    ready = page.evaluate("performance.now()")
    page.evaluate(SETTLED)
    kept = page.evaluate("performance.now()")
    tasks = page.evaluate(f"""window.__figures.longtasks
        .filter(t => t[0] >= {ready} && t[0] < {kept}).map(t => t[1])""")
    page.context.close()
    if outside:
        raise RuntimeError(f"the page asked for files outside 127.0.0.1: {outside}")
    return kept - ready, tasks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--other", type=Path, help="another checkout, run in turn with this")
    phone_options(parser)
    args = parser.parse_args()
    servers = tree_servers(args.other)
    rows: dict[str, list[tuple[float, list[float]]]] = {name: [] for name in servers}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for _, name in in_turn(list(servers), args.runs):
            rows[name].append(first_compile(browser, servers[name][1].url + "?seed=1",
                                            **phone_profile(args)))
        browser.close()
    for _, server in servers.values():
        server.close()
    for name, (root, _) in servers.items():
        times = [ms for ms, _ in rows[name]]
        tasks = [t for _, ts in rows[name] for t in ts]
        print(f"{name} ({root}), {len(times)} first visits:")
        print(f"  ready to kept: median {statistics.median(times):.0f} ms "
              f"(runs: {', '.join(f'{t:.0f}' for t in times)})")
        print(f"  tasks over 50 ms: median {statistics.median(len(ts) for _, ts in rows[name])}"
              f" a visit, longest {max(tasks, default=0):.0f} ms, summed median "
              f"{statistics.median(sum(ts) for _, ts in rows[name]):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
