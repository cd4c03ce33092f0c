"""Time to an interactive embed in a host page against the full game page, side by side
(issue 13): is the embed no slower?

    .venv/bin/python bench/embed_figures.py [--rounds 8]

Each round times, in an order that alternates (A B B A): the game page alone, and a host
page of another origin holding one embed (examples.html's diagram, with notes), each cold
(a fresh browser context) and warm (a reload once the first visit's background work is
done, as bench/page_figures.py does). The embed's time runs from the host page's
navigation to the frame's ready board (``body[data-ready]`` in the frame), in the host's
clock. Printed: medians, and the median of the round-by-round differences embed - game
with its 95% sign-test interval.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from bench.offline_figures import boot_lines  # noqa: E402
from bench.page_figures import PROBE, SETTLED, boot_times  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.examples_page import examples  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

#: The frame's ready moment on the wall clock (each page's clock counts from its own
#: navigation; timeOrigin puts the host's and the frame's on one line).
FRAME_READY = """async () => {
  while (window.__figures.ready === null) await new Promise((r) => setTimeout(r, 20));
  return performance.timeOrigin + window.__figures.ready;
}"""


def embed_times(browser: Browser, host_url: str) -> tuple[float, float]:
    """(cold, warm) ms from the host page's navigation to the embed's ready board."""
    context = browser.new_context(viewport={"width": 1000, "height": 700},
                                  service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    context.add_init_script(PROBE)  # in every frame, the embed's too
    page = context.new_page()
    times = []
    for visit in ("cold", "warm"):
        if visit == "cold":
            page.goto(host_url)
        else:
            page.frames[1].evaluate(SETTLED)
            page.reload()
        frame = page.wait_for_selector("iframe").content_frame()
        wait_ready(frame)
        times.append(frame.evaluate(FRAME_READY) - page.evaluate("performance.timeOrigin"))
    context.close()
    if outside:
        raise RuntimeError(f"the host page asked for files outside 127.0.0.1: {outside}")
    return times[0], times[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    write_page_archive(ROOT)
    game = SiteServer(ROOT, cache_control="no-cache")
    query = examples()[0][2]
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "index.html").write_text(
            '<!doctype html><meta charset="utf-8"><title>A rules page</title><h1>Removing</h1>'
            f'<iframe src="{game.url}?{query}" width="720" height="520" style="border:0">'
            "</iframe>", encoding="utf-8")
        host = SiteServer(Path(folder), cache_control="no-cache")
        times: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []}
                                                    for k in ("game", "embed")}
        with sync_playwright() as pw:
            for round_ in range(args.rounds):
                # A fresh browser each round: one renderer for many boots has crashed here.
                browser = launch_chromium(pw)
                for key in (("game", "embed") if round_ % 2 == 0 else ("embed", "game")):
                    if key == "game":
                        cold, warm, _ = boot_times(browser, game.url + "?seed=1", 1)
                        cold_ms, warm_ms = cold[0], warm[0]
                    else:
                        cold_ms, warm_ms = embed_times(browser, host.url)
                    times[key]["cold"].append(cold_ms)
                    times[key]["warm"].append(warm_ms)
                browser.close()
        host.close()
    game.close()
    print(f"navigation -> interactive board, {args.rounds} rounds, order alternating (ms)")
    print("\n".join(boot_lines(times, "embed", "game", ("embed", "game page"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
