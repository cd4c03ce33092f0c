"""What the game costs the device while the player only thinks: the CPU seconds of the
browser (all its processes) over a still window, on a booted page with nothing chosen,
and with a card chosen (its lines lit), in the first and the next window after the choice.
The lit lines' pulse is an animation: while it runs, the page is painted again each frame.

    .venv/bin/python bench/idle_cpu.py [--rounds 2] [--window 10]

Each round opens the page with motion on and with reduced motion asked (A B A B).
Prints each reading and the medians, with the load average beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts.browser import launch_chromium, wait_compiled, wait_ready  # noqa: E402
from scripts.cpu_report import TreeClock  # noqa: E402
from scripts.page_driver import choose_a_card_that_lights_lines, settle  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

MOTIONS = ("no-preference", "reduce")
WINDOWS = ("nothing chosen", "card chosen, first", "card chosen, next")


def readings(browser: Browser, url: str, motion: str, window: float) -> list[float]:
    """The CPU seconds of each of WINDOWS, on a new page with ``motion``."""
    context = browser.new_context(viewport={"width": 1024, "height": 768},
                                  service_workers="block", reduced_motion=motion)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_compiled(page)
    settle(page)
    seconds = []
    for name in WINDOWS:
        if name == "card chosen, first" and not choose_a_card_that_lights_lines(page):
            raise SystemExit("no card of the hand lights a line: another seed is needed")
        clock = TreeClock(os.getpid())
        time.sleep(window)
        seconds.append(clock.seconds())
    context.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--window", type=float, default=10.0, help="seconds per window")
    args = parser.parse_args()
    found: dict[tuple[str, str], list[float]] = {}
    server = SiteServer(ROOT, "")
    print(f"load before: {os.getloadavg()[0]:.2f}")
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for _ in range(args.rounds):
            for motion in MOTIONS:
                seconds = readings(browser, server.url + "?seed=3&pace=0", motion, args.window)
                print(motion, " ".join(f"{s:.2f}" for s in seconds), flush=True)
                for name, value in zip(WINDOWS, seconds):
                    found.setdefault((motion, name), []).append(value)
        browser.close()
    server.close()
    print(f"CPU seconds per {args.window:g} s window, median [min-max] of {args.rounds}:")
    for (motion, name), values in found.items():
        print(f"  {motion:14} {name:20} {statistics.median(values):5.2f} "
              f"[{min(values):.2f}-{max(values):.2f}]")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
