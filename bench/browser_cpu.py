"""What a boot of the game costs in CPU, by Chromium build: Debian's full Chromium
against its headless shell (the same version without the browser's windows), or any
executables named. The e2e suite is bound by CPU on two cores, so its browser is the
one whose boots cost less (scripts/browser.py CHROMIUM).

    .venv/bin/python bench/browser_cpu.py [--rounds 2] [--boots 5] [EXECUTABLE ...]

Per round and executable, in turn (A B A B): the browser's launch; a new context's first
boot until the page kept its bytecode; then ``--boots`` boots of the same page as the
e2e suite's kept page makes them (a blank page between, storage cleared but the
bytecode). Each figure is the CPU seconds of every process of the browser and of this
script. Prints medians and ranges, with the load average beside them.
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

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.browser import (FULL, HEADLESS_SHELL, launch_chromium, wait_compiled,  # noqa: E402
                             wait_ready)
from scripts.cpu_report import TreeClock  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

STEPS = ("launch", "first boot", "later boot")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("executables", nargs="*", default=[FULL, HEADLESS_SHELL])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--boots", type=int, default=5, help="later boots per round")
    args = parser.parse_args()
    found: dict[tuple[str, str], list[float]] = {}
    server = SiteServer(ROOT, "")
    print(f"load before: {os.getloadavg()[0]:.2f}")
    with sync_playwright() as pw:
        for _ in range(args.rounds):
            for exe in args.executables:
                clock = TreeClock(os.getpid())
                browser = launch_chromium(pw, executable=exe)
                found.setdefault((exe, "launch"), []).append(clock.seconds())
                clock = TreeClock(os.getpid())
                page = browser.new_context(viewport={"width": 1024, "height": 768},
                                           service_workers="block").new_page()
                page.goto(server.url)
                wait_ready(page)
                wait_compiled(page)
                found.setdefault((exe, "first boot"), []).append(clock.seconds())
                for _ in range(args.boots):
                    page.goto(server.url + "e2e/blank.html")
                    page.evaluate("localStorage.clear()")
                    clock = TreeClock(os.getpid())
                    page.goto(server.url)
                    wait_ready(page)
                    time.sleep(0.5)  # what the boot leaves running just after ready
                    found.setdefault((exe, "later boot"), []).append(clock.seconds())
                browser.close()
    server.close()
    print("CPU seconds, median [min-max] (n):")
    for exe in args.executables:
        for step in STEPS:
            values = found[(exe, step)]
            print(f"  {exe:34} {step:10} {statistics.median(values):6.2f} "
                  f"[{min(values):.2f}-{max(values):.2f}] ({len(values)})")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
