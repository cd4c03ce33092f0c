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

    .venv/bin/python bench/embed_figures.py --nine [--other ROOT] [--rounds 4]

A host page of nine frames (``nine_frames``, 720 x 520, ``loading="lazy"``, one under
another) in a 1000 x 700 window, cold: when the first frame (the one in view) is
interactive, how many frames loaded the game's page and how many started its runtime
(asked for web/page.tar.gz) by then, before any scrolling; then the last frame scrolled
to, and when it is interactive after the scroll. With ``--other``, the same for another
checkout (a copy of the code before a change, say), rounds alternating A B B A.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
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


def nine_frames(game_url: str, query: str) -> str:
    """A host page of nine embeds, as a rules site would write them (docs/embedding.md's
    snippet), one under another with a heading and a line of text each."""
    frames = "".join(
        f'<section><h2>Example {i + 1}</h2><p>What this board shows.</p>'
        f'<iframe id="frame-{i + 1}" src="{game_url}?{query}&amp;n={i + 1}" width="720" '
        f'height="520" loading="lazy" style="border: 0; max-width: 100%" '
        f'title="Kahuna: example {i + 1}"></iframe></section>' for i in range(9))
    return ('<!doctype html><html lang="en"><meta charset="utf-8"><title>Nine boards</title>'
            f'<body style="font: 16px sans-serif"><h1>Nine boards</h1>{frames}</body></html>')


def nine_figures(browser: Browser, host_url: str, game_url: str) -> dict[str, float]:
    """One cold visit of the nine-frame host page (see the module docstring)."""
    context = browser.new_context(viewport={"width": 1000, "height": 700},
                                  service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    pages: set[str] = set()
    runtimes: set[str] = set()

    def note(request) -> None:
        if request.url.startswith(game_url + "?"):
            pages.add(request.url)
        elif request.url == game_url + "web/page.tar.gz":
            runtimes.add(request.frame.url)

    context.on("request", note)
    page = context.new_page()
    start = time.monotonic()
    page.goto(host_url)
    # (the host page shares its renderer with the frames' boots: slow on a loaded machine)
    wait_ready(page.wait_for_selector("#frame-1", state="attached", timeout=120_000).content_frame())
    first = time.monotonic() - start
    figures = {"first_ready_s": first, "pages_loaded": len(pages), "runtimes_started": len(runtimes)}
    last = page.locator("#frame-9")
    last.scroll_into_view_if_needed()
    start = time.monotonic()
    wait_ready(last.element_handle().content_frame())
    figures["last_ready_after_scroll_s"] = time.monotonic() - start
    context.close()
    if outside:
        raise RuntimeError(f"the host page asked for files outside 127.0.0.1: {outside}")
    return figures


def nine_main(rounds: int, other: Path | None) -> int:
    """The nine-frame figures of this checkout (and of ``other``), rounds A B B A."""
    roots = {"this": ROOT} | ({"other": other} if other else {})
    servers = {k: SiteServer(r, cache_control="no-cache") for k, r in roots.items()}
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in roots}
    query = examples()[0][2]
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        hosts = {}
        for key, server in servers.items():
            (Path(folder) / key).mkdir()
            (Path(folder) / key / "index.html").write_text(nine_frames(server.url, query),
                                                           encoding="utf-8")
            hosts[key] = SiteServer(Path(folder) / key, cache_control="no-cache")
        for round_ in range(rounds):
            browser = launch_chromium(pw)
            order = list(roots) if round_ % 4 in (0, 3) else list(roots)[::-1]
            for key in order:
                runs[key].append(nine_figures(browser, hosts[key].url, servers[key].url))
                print(key, runs[key][-1], flush=True)
            browser.close()
        for server in [*hosts.values(), *servers.values()]:
            server.close()
    print(f"nine lazy frames, 1000 x 700, cold, {rounds} rounds (medians)")
    for key, figures in runs.items():
        line = ", ".join(f"{name} {statistics.median(f[name] for f in figures):.1f}"
                         for name in figures[0])
        print(f"  {key} ({roots[key]}): {line}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--nine", action="store_true", help="the nine-frame host page")
    parser.add_argument("--other", type=Path, help="with --nine: another checkout, A B B A")
    args = parser.parse_args()
    write_page_archive(ROOT)
    if args.nine:
        if args.other:
            write_page_archive(args.other)
        return nine_main(args.rounds, args.other)
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
