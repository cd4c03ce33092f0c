"""How long the embed builder's page is busy while its preview starts: the preview is a
same-origin frame of the game (web/boot/builder.py), so its runtime boots on the builder's
own main thread, and a key or click of the author waits for it.

    .venv/bin/python bench/builder_preview.py [--runs 5] [--root PATH]

Each run opens the builder on the removal example in a fresh context (nothing cached
but what the HTTP cache keeps between runs) on a laptop's screen, where the preview is in
view and starts with the builder. From when the builder's page is ready until the preview
is, a 20 ms timer in the builder's page measures how late it fires (what an author's key
would wait), and the long tasks (PerformanceObserver 'longtask') are listed with their
start (ms after the builder was ready).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser  # noqa: E402

from kahuna.notation.link import encode  # noqa: E402
from scripts.browser import guard_network, site_in_chromium, wait_ready  # noqa: E402
from scripts.examples_page import REMOVAL  # noqa: E402

PROBE = """() => {
  window.__late = []; window.__long = [];
  new PerformanceObserver(list => { for (const e of list.getEntries())
    window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask'});
  (function tick() { const asked = performance.now(); setTimeout(() => {
    window.__late.push([asked, performance.now() - asked - 20]); tick(); }, 20); })();
  return performance.now();
}"""


def run(browser: Browser, url: str) -> dict:
    """One opening of the builder and its preview: the time until the preview is ready, the timer's
    lateness and the long tasks meanwhile (ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 860},
                                  service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    page = context.new_page()
    page.goto(f"{url}?builder&position={encode(REMOVAL)}")
    wait_ready(page)
    page.wait_for_selector("#builder:not([hidden]) #builder-title")
    shown = page.evaluate(PROBE)  # the builder is ready; its preview is starting
    frame = page.locator("#builder-preview iframe")
    wait_ready(frame.element_handle().content_frame())
    ready = page.evaluate("performance.now()")
    late = [ms for at, ms in page.evaluate("window.__late") if shown <= at <= ready]
    tasks = [(at - shown, ms) for at, ms in page.evaluate("window.__long") if at >= shown]
    context.close()
    if outside:
        raise SystemExit(f"the page asked the network for {outside}")
    return {"boot": ready - shown, "latest": max(late, default=0.0), "tasks": tasks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    with site_in_chromium(args.root.resolve()) as (browser, url):
        runs = [run(browser, url) for _ in range(args.runs)]
    for i, r in enumerate(runs):
        tasks = ", ".join(f"{d:.0f} ms at {a:.0f}" for a, d in r["tasks"])
        print(f"run {i + 1}: preview ready in {r['boot']:.0f} ms; the builder's 20 ms timer "
              f"at most {r['latest']:.0f} ms late; long tasks: {tasks or 'none'}")
    longest = sorted(max((d for _, d in r["tasks"]), default=0.0) for r in runs)
    print(f"median over {len(runs)} runs: preview ready in "
          f"{statistics.median(r['boot'] for r in runs):.0f} ms, the builder busy at most "
          f"{statistics.median(r['latest'] for r in runs):.0f} ms at a time, longest task "
          f"{statistics.median(longest):.0f} ms (range {longest[0]:.0f}-{longest[-1]:.0f})")


if __name__ == "__main__":
    main()
