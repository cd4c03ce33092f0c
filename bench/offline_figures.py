"""Time to an interactive board: cold visit, warm reloads online, offline reload.

    .venv/bin/python bench/offline_figures.py [--runs 5] [--json]

One run of headless Chromium against the built site (scripts/build_site.py copy) served
from 127.0.0.1 with GitHub Pages' caching header (Cache-Control: max-age=600, plus
Last-Modified). "Interactive board" is body[data-ready="1"], set by web/main.py once the
board is drawn and clickable. Each figure is the median of --runs loads:

- cold visit: a fresh browser context (empty caches), with the service worker (which
  installs meanwhile) and without it (its cost on a first visit);
- warm reload, no worker: service workers blocked, the HTTP cache only;
- warm reload, worker: online, every file from the worker's cache;
- offline reload: the context offline and the server dropping every connection.

The network is local, so cold and warm differ by much less than on a real connection:
what the figures show is that the worker adds no delay, and that offline is no slower.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.conftest import SiteServer, launch_chromium, wait_ready  # noqa: E402
from e2e.page_driver import record_outside  # noqa: E402
from scripts.build_site import copy_site  # noqa: E402

QUERY = "?pace=0"

LABELS = {
    "cold": "cold visit, worker installing",
    "cold_http": "cold visit, no worker",
    "warm_http": "warm reload, online, no worker",
    "warm_sw": "warm reload, online, worker",
    "offline": "offline reload, worker",
}


def _timed(action, page: Page) -> float:
    start = time.perf_counter()
    action()
    wait_ready(page)
    return time.perf_counter() - start


def measure(runs: int) -> dict[str, list[float]]:
    """Seconds to an interactive board, ``runs`` times per situation."""
    times: dict[str, list[float]] = {k: [] for k in LABELS}
    outside: list[list[str]] = []  # per context: requests that left 127.0.0.1
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        root = Path(tmp) / "site"
        copy_site(root)
        server = SiteServer(root, cache_control="max-age=600")
        browser = launch_chromium(pw)

        def visit(workers: str) -> tuple[Page, float]:
            """A first visit in a fresh context; the page and its time to ready."""
            context = browser.new_context(service_workers=workers)
            outside.append(record_outside(context))  # no route(): it would empty the cache
            page = context.new_page()
            return page, _timed(lambda: page.goto(server.url + QUERY), page)

        try:
            for _ in range(runs):
                for key, workers in (("cold_http", "block"), ("cold", "allow")):
                    page, seconds = visit(workers)
                    times[key].append(seconds)
                    if workers == "allow":
                        page.evaluate("navigator.serviceWorker.ready")
                    page.context.close()

            page, _ = visit("block")
            for _ in range(runs):
                times["warm_http"].append(_timed(page.reload, page))
            page.context.close()

            page, _ = visit("allow")
            page.evaluate("navigator.serviceWorker.ready")
            _timed(page.reload, page)  # from now on the worker serves the page
            # Online and offline reloads alternate, so a drift over the tab's life
            # (memory, caches warming) weighs on both figures alike.
            for _ in range(runs):
                times["warm_sw"].append(_timed(page.reload, page))
                server.down = True
                page.context.set_offline(True)
                times["offline"].append(_timed(page.reload, page))
                if page.evaluate("navigator.serviceWorker.controller === null"):
                    raise RuntimeError("the offline page was not served by the worker")
                server.down = False
                page.context.set_offline(False)
            page.context.close()
        finally:
            browser.close()
            server.close()
    left = [url for urls in outside for url in urls]
    if left:
        raise RuntimeError(f"the site asked for files outside 127.0.0.1: {left}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per figure (median)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        times = measure(args.runs)
    except FileNotFoundError as exc:  # e.g. no Chromium: the message says what to do
        print(exc, file=sys.stderr)
        return 1
    medians = {k: statistics.median(v) for k, v in times.items()}
    if args.json:
        print(json.dumps({"runs": args.runs, "median_s": medians, "all_s": times}, indent=1))
        return 0
    print(f"time to an interactive board, median of {args.runs} (all runs in brackets)")
    for key, label in LABELS.items():
        runs = ", ".join(f"{t:.2f}" for t in times[key])
        print(f"  {label:32} {medians[key]:5.2f} s   [{runs}]")
    ratio = medians["offline"] / medians["warm_http"]
    print(f"  offline / warm online (no worker): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
