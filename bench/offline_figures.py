"""Time to an interactive board: cold visit, warm reloads online, offline reload.

    .venv/bin/python bench/offline_figures.py [--runs 9] [--json]

One run of headless Chromium against the built site (scripts/build_site.py copy) served
from 127.0.0.1 with GitHub Pages' caching header (Cache-Control: max-age=600, plus
Last-Modified). "Interactive board" is body[data-ready="1"], set by web/boot/start.py once the
board is drawn and clickable. Each figure is the median of --runs loads:

- cold visit: a fresh browser context (empty caches), with the service worker (which
  installs meanwhile) and without it (its cost on a first visit);
- warm reload, no worker: service workers blocked, the HTTP cache only;
- warm reload, worker: online, every file from the worker's cache; after the first
  visit this is every online reload a player makes;
- offline reload: the context offline and the server dropping every connection.

The three warm figures are taken in rounds, one reload of each per round with the order
rotating, and the offline reload is compared with each online one round by round: the
median of the differences, with a distribution-free 95% interval for it.

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

from bench.order_statistics import median_interval  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import copy_site  # noqa: E402
from bench.page_figures import SETTLED  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

QUERY = "?pace=0"

LABELS = {
    "cold": "cold visit, worker installing",
    "cold_http": "cold visit, no worker",
    "warm_http": "warm reload, online, no worker",
    "warm_sw": "warm reload, online, worker",
    "offline": "offline reload, worker",
}
WARM = ("warm_http", "warm_sw", "offline")


def _timed(action, page: Page) -> float:
    start = time.perf_counter()
    action()
    wait_ready(page)
    return time.perf_counter() - start


def _offline_reload(page: Page, server: SiteServer) -> float:
    """Seconds to an interactive board after a reload with no network at all."""
    server.down = True
    page.context.set_offline(True)
    try:
        seconds = _timed(page.reload, page)
        if page.evaluate("navigator.serviceWorker.controller === null"):
            raise RuntimeError("the offline page was not served by the worker")
        return seconds
    finally:
        server.down = False
        page.context.set_offline(False)


def measure(runs: int) -> dict[str, list[float]]:
    """Seconds to an interactive board, ``runs`` times per situation; the warm lists are
    paired (entry i of each comes from round i)."""
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
            outside.append([])
            guard_network(context, outside[-1])
            page = context.new_page()
            seconds = _timed(lambda: page.goto(server.url + QUERY), page)
            if workers == "allow":
                page.evaluate("navigator.serviceWorker.ready")
            return page, seconds

        try:
            for _ in range(runs):
                for key, workers in (("cold_http", "block"), ("cold", "allow")):
                    page, seconds = visit(workers)
                    times[key].append(seconds)
                    page.context.close()

            # Two tabs side by side, one with workers blocked, reloaded in turn.
            http_page, _ = visit("block")
            sw_page, _ = visit("allow")
            _timed(sw_page.reload, sw_page)  # from now on the worker serves the page
            for page in (http_page, sw_page):  # a returning visitor: the bytecode is kept
                page.evaluate(SETTLED)
            reload = {
                "warm_http": lambda: _timed(http_page.reload, http_page),
                "warm_sw": lambda: _timed(sw_page.reload, sw_page),
                "offline": lambda: _offline_reload(sw_page, server),
            }
            order = list(WARM)
            for _ in range(runs):
                for key in order:
                    times[key].append(reload[key]())
                order = order[1:] + order[:1]
            http_page.context.close()
            sw_page.context.close()
        finally:
            browser.close()
            server.close()
    left = [url for urls in outside for url in urls]
    if left:
        raise RuntimeError(f"the site asked for files outside 127.0.0.1: {left}")
    return times


def paired(times: dict[str, list[float]], key: str, other: str) -> dict[str, float]:
    """``key`` minus ``other`` round by round: median, 95% interval, rounds ``key`` was
    faster (in the unit of ``times``: seconds here, milliseconds in bench/boot_ab.py)."""
    diffs = [a - b for a, b in zip(times[key], times[other])]
    low, high = median_interval(diffs)
    return {
        "median_s": statistics.median(diffs),
        "low_s": low,
        "high_s": high,
        "faster_rounds": sum(d < 0 for d in diffs),
        "rounds": len(diffs),
    }


def boot_lines(times: dict[str, dict[str, list[float]]], key: str, other: str,
               names: tuple[str, str]) -> list[str]:
    """For each of "cold" and "warm": both medians and the paired difference ``key`` -
    ``other`` (ms), as bench/boot_ab.py and bench/embed_figures.py print them; ``names``
    are how the two are called."""
    lines = []
    for kind in ("cold", "warm"):
        runs = {k: times[k][kind] for k in (key, other)}
        c = paired(runs, key, other)
        lines.append(f"  {kind}: {names[0]} {statistics.median(runs[key]):.0f}, {names[1]} "
                     f"{statistics.median(runs[other]):.0f}; {names[0]} - {names[1]}: median "
                     f"{c['median_s']:+.0f}, 95% interval {c['low_s']:+.0f} to "
                     f"{c['high_s']:+.0f}; {names[0]} faster in {c['faster_rounds']} of "
                     f"{c['rounds']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="loads per figure (median)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        times = measure(args.runs)
    except FileNotFoundError as exc:  # e.g. no Chromium: the message says what to do
        print(exc, file=sys.stderr)
        return 1
    medians = {k: statistics.median(v) for k, v in times.items()}
    comparisons = {other: paired(times, "offline", other) for other in ("warm_sw", "warm_http")}
    if args.json:
        print(json.dumps({"runs": args.runs, "median_s": medians, "all_s": times,
                          "offline_minus": comparisons}, indent=1))
        return 0
    print(f"time to an interactive board, median of {args.runs} (all runs in brackets)")
    for key, label in LABELS.items():
        runs = ", ".join(f"{t:.2f}" for t in times[key])
        print(f"  {label:32} {medians[key]:5.2f} s   [{runs}]")
    print("offline reload minus online reload, round by round (negative: offline faster)")
    for other, c in comparisons.items():
        print(f"  vs {LABELS[other]:31} median {c['median_s'] * 1000:+5.0f} ms, "
              f"95% interval {c['low_s'] * 1000:+.0f} to {c['high_s'] * 1000:+.0f} ms, "
              f"offline faster in {c['faster_rounds']} of {c['rounds']} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
