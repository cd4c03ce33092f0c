"""The game review in the page (Pyodide in Chromium): how long the master takes to
review a whole finished game, and the longest main-thread task while it judges.

    .venv/bin/python bench/review_page.py [--games 5] [--other ROOT] [--phone] [--read S]

Each game is a different finished game against the computer (the person's actions at
random), opened from its link; the time is the page's own ("kahuna-review <ms>" in the
console, from the click on Review to the last turn judged). With ``--other``, each game
is reviewed by this checkout's page and the other's in turn (A B B A), the same games.
``--phone``: on issue 33's phone (bench/page_figures.py's ``phone_profile``). ``--read``:
seconds between the board's being ready and the click, as a person reads the game's end
first (0: at once; the page readies the review meanwhile, web/learn/review.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.order_statistics import median_interval  # noqa: E402
from bench.page_figures import (  # noqa: E402
    _probed_page, in_turn, phone_options, phone_profile, tree_servers,
)
from kahuna.notation.link import encode  # noqa: E402
from scripts.browser import launch_chromium, wait_ready  # noqa: E402
from scripts.positions import finished_record  # noqa: E402


def review_once(browser, url: str, read: float = 0.0, **profile) -> tuple[float, float, int]:
    """(review ms, longest task ms while reviewing, turns judged) for one game's link,
    clicked ``read`` seconds after ready; ``profile``: ``network`` and ``cpu`` for
    ``_probed_page``."""
    page, outside = _probed_page(browser, **profile)
    times: list[float] = []
    page.on("console", lambda m: m.text.startswith("kahuna-review ")
            and times.append(float(m.text.split()[1])))
    page.goto(url)
    wait_ready(page)
    page.wait_for_timeout(read * 1000)
    begun = page.evaluate("performance.now()")
    page.click('#dialog [data-act="review"]')
    page.wait_for_selector('#dialog [data-act^="review-turn:"]', timeout=600_000)
    page.wait_for_timeout(100)
    longest = page.evaluate(
        f"Math.max(0, ...window.__figures.longtasks.filter(t => t[0] >= {begun})"
        ".map(t => t[1]))")
    turns = page.locator('#dialog [data-act^="review-turn:"]').count()
    page.context.close()
    if outside:
        raise RuntimeError(f"the page asked for files outside 127.0.0.1: {outside}")
    return times[0], longest, turns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--other", type=Path, help="another checkout, run in turn with this")
    parser.add_argument("--read", type=float, default=0.0,
                        help="seconds from ready to the click on Review")
    phone_options(parser)
    args = parser.parse_args()
    servers = tree_servers(args.other)
    rows: dict[str, list[tuple[float, float, int]]] = {name: [] for name in servers}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for game, name in in_turn(list(servers), args.games):
            link = "?pace=0&record=" + encode(finished_record(game + 1))
            rows[name].append(review_once(browser, servers[name][1].url + link,
                                           args.read, **phone_profile(args)))
        browser.close()
    for _, server in servers.values():
        server.close()
    for name, (root, _) in servers.items():
        print(f"{name} ({root}):")
        summary(rows[name])
    return 0


def summary(rows: list[tuple[float, float, int]]) -> None:
    """Print the review time and the longest task of one tree's games."""
    seconds = [ms / 1000 for ms, _, _ in rows]
    low, high = median_interval(seconds)
    print(f"review of a whole game in the page, {len(rows)} games "
          f"({', '.join(str(t) for _, _, t in rows)} turns)")
    print(f"  time: median {statistics.median(seconds):.1f} s (95% {low:.1f} to {high:.1f}), "
          f"per turn {statistics.median(s / t for s, (_, _, t) in zip(seconds, rows)) * 1000:.0f} ms")
    print(f"  longest main-thread task while judging: {max(l for _, l, _ in rows):.0f} ms "
          f"(each game's: {', '.join(f'{l:.0f}' for _, l, _ in rows)} ms)")


if __name__ == "__main__":
    sys.exit(main())
