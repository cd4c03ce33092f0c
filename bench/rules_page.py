"""Figures of the rules page (rules/, issue 13): long tasks while scrolling it, and its
memory with one live board against the game page and against six frames that each run
the game.

    .venv/bin/python bench/rules_page.py [--runs 3] [--lang en] [--json] [--try-only]
                                         [--after-game]
                                         [--phone]

1. Scrolling: the rules page is opened at 1280x800 (pictures only; with one live board
   started; and at once after "Try it", while the game in the frame starts: a frame of
   the same site shares the page's main thread), then scrolled top to bottom and back by
   the mouse wheel, 120 px every 16 ms. The longest main-thread task while scrolling
   (PerformanceObserver 'longtask', over the scroll only) and how many there were.
2. Memory, each case in a fresh Chromium once every frame's game is ready, then 3 s of
   quiet:
   - the game page (one board, the full game);
   - the rules page with its pictures only (no game runs);
   - the rules page with one live board (one "Try it"), and after moving it twice more;
   - the rules page with six frames, each running the game (what one shared frame saves).
   Three measures: the sum of the proportional set size (PSS, /proc/PID/smaps_rollup:
   shared pages split among their users) of every Chromium process of that browser —
   the memory the whole browser holds for the page; the JS heap in use (the Chrome
   DevTools Protocol's Performance.getMetrics, JSHeapUsedSize, for the page and the
   frames of its process); and the WebAssembly memory of each document (Pyodide's heap:
   every WebAssembly.Memory made or exported, summed over the frames). performance.measureUserAgent-
   SpecificMemory() is not offered here: it needs cross-origin isolation, which the site
   does not have.
3. "Try it" (issue 33), in a fresh Chromium: from the click on the first figure's button
   until the frame that shows its game ready, then from the click on another figure's
   until the frame that draws that figure's example in the moved board (the first change
   of the frame's board after the click).
Medians of ``--runs`` runs. Linux only (/proc). Nothing leaves 127.0.0.1. ``--try-only``:
3 alone; ``--phone``: every page on issue 33's phone (bench/page_figures.py);
``--after-game``: 3 as a player gets there from the game's "How to play": the game opened
first in the same browser, until it has kept its bytecode (the files then revalidated, as
a static host's caching has them, rather than sent afresh).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from bench.page_figures import SETTLED, _probed_page, phone_options, phone_profile  # noqa: E402
from scripts.browser import launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.rules_page import PAGES  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

# Long tasks from the start; and every WebAssembly memory a document makes (Pyodide's
# heap), made or exported, whatever loads it.
PROBE = """
window.__longtasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
const memories = [];
window.__wasmBytes = () => memories.reduce((sum, m) => sum + m.buffer.byteLength, 0);
const Memory = WebAssembly.Memory;
WebAssembly.Memory = function (descriptor) {
  const memory = new Memory(descriptor);
  memories.push(memory);
  return memory;
};
WebAssembly.Memory.prototype = Memory.prototype;
const keep = (result) => {
  const instance = result.instance || result;
  for (const v of Object.values(instance.exports || {}))
    if (v instanceof Memory && !memories.includes(v)) memories.push(v);
  return result;
};
for (const name of ['instantiate', 'instantiateStreaming']) {
  const original = WebAssembly[name];
  WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(keep);
}
"""
READY = 'body[data-ready="1"]'
WHEEL_PX, WHEEL_MS = 120, 16


def _descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (this script's Playwright driver and its Chromium)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def chromium_pss_mb() -> float:
    """The PSS of every Chromium process under this script, in MB."""
    total = 0
    for pid in _descendants(os.getpid()):
        try:
            if b"chrom" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def _games_ready(page: Page, frames: int) -> None:
    """Wait until ``frames`` live boards of the page run their game."""
    # A function, not an expression: the page's policy forbids eval ('unsafe-eval').
    page.wait_for_function(f"() => [...document.querySelectorAll('iframe')].filter(f => "
                           f"f.contentDocument?.querySelector('{READY}')).length === {frames}",
                           timeout=240_000, polling=250)


def _heap_mb(page: Page) -> tuple[float, float]:
    """(JS heap in use, WebAssembly memory of the games) in MB."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    wasm = sum(f.evaluate("window.__wasmBytes ? window.__wasmBytes() : 0") for f in page.frames)
    return metrics["JSHeapUsedSize"] / 2**20, wasm / 2**20


def scroll_longtasks(page: Page) -> tuple[float, int, int]:
    """Scroll the page down to its end and back by the wheel; (longest task in ms, count)
    of the long tasks while scrolling, and the count before (the observer works)."""
    page.mouse.move(640, 400)
    start = page.evaluate("performance.now()")
    before = page.evaluate(f"window.__longtasks.filter(([t]) => t < {start}).length")
    height = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    for direction in (1, -1):
        for _ in range(int(height / WHEEL_PX) + 2):
            page.mouse.wheel(0, direction * WHEEL_PX)
            page.wait_for_timeout(WHEEL_MS)
    page.wait_for_timeout(500)
    tasks = [d for t, d in page.evaluate("window.__longtasks") if t >= start]
    return (max(tasks) if tasks else 0.0), len(tasks), before


def _try(page: Page, figure: str) -> None:
    page.click(f"#board-{figure} button.try")


#: Clicks a figure's "Try it"; resolves, in ms from the click, at the frame after the
#: live board is ready in that figure, and (``moved``) its board changed after the click.
TRY = """async ([figure, moved]) => {
  const button = document.querySelector(`#board-${figure} button.try`);
  const live = () => document.querySelector('iframe.live-board');
  const changed = {seen: false};
  const board = live()?.contentDocument?.body;
  const seen = new MutationObserver(() => { changed.seen = true; });
  if (moved) seen.observe(board, {subtree: true, childList: true, attributes: true});
  // On the screen, as a reader's click is: a frame off it waits to boot (web/pyodide-boot.mjs)
  button.scrollIntoView({block: 'center'});
  const start = performance.now();
  button.click();
  const shows = () => {
    const frame = live();
    return frame && frame.closest('figure') === button.closest('figure')
      && frame.contentDocument?.body?.dataset.ready === '1' && (!moved || changed.seen);
  };
  while (!shows()) await new Promise((resolve) => requestAnimationFrame(resolve));
  seen.disconnect();
  return performance.now() - start;
}"""


def try_times(pw, rules: str, game: str | None = None, **profile) -> dict[str, float]:
    """ms from "Try it" to the frame showing its board: the first, then moved; ``game``:
    the game's address, visited first until its bytecode is kept."""
    browser = launch_chromium(pw)
    page, outside = _probed_page(browser, PROBE, **profile)
    if game is not None:
        page.goto(game)
        wait_ready(page)
        page.evaluate(SETTLED)
    page.goto(rules)
    out = {"try_first_ms": page.evaluate(TRY, ["remove", False])}
    out["try_moved_ms"] = page.evaluate(TRY, ["cascade", True])
    browser.close()
    if outside:
        raise RuntimeError(f"asked for files outside 127.0.0.1: {outside}")
    return out


def one_run(pw, base: str, lang: str, try_only: bool = False, after_game: bool = False,
            **profile) -> dict:
    """Every case once, each in a fresh browser (``try_only``: "Try it" alone, after the
    game when ``after_game``); ``profile``: ``network`` and ``cpu`` for ``_probed_page``."""
    rules = f"{base}rules/{PAGES[lang]}"
    out: dict[str, float] = try_times(pw, rules, base if after_game else None, **profile)
    if try_only:
        return out

    def case(name: str, url: str, then, frames: int) -> None:
        browser = launch_chromium(pw)
        page, outside = _probed_page(browser, PROBE, **profile)
        page.goto(url)
        then(page)
        if name == "rules_booting":  # scrolled while the game in the frame starts
            out["booting_scroll_longest_ms"], out["booting_scroll_longtasks"], _ = \
                scroll_longtasks(page)
        if frames:
            _games_ready(page, frames)
        page.wait_for_timeout(3000)
        js, wasm = _heap_mb(page)
        out[f"{name}_pss_mb"], out[f"{name}_js_mb"], out[f"{name}_wasm_mb"] = (
            chromium_pss_mb(), js, wasm)
        if name in ("rules_pictures", "rules_one_live"):
            (out[f"{name}_scroll_longest_ms"], out[f"{name}_scroll_longtasks"],
             out[f"{name}_longtasks_before"]) = scroll_longtasks(page)
        browser.close()
        if outside:
            raise RuntimeError(f"asked for files outside 127.0.0.1: {outside}")

    def game(page: Page) -> None:
        page.wait_for_selector(READY, state="attached", timeout=240_000)

    def one_live(page: Page) -> None:
        _try(page, "remove")

    def moved(page: Page) -> None:
        _try(page, "remove")
        _games_ready(page, 1)
        _try(page, "cascade")
        page.wait_for_timeout(1000)
        _try(page, "worked")
        page.wait_for_timeout(1000)

    def six(page: Page) -> None:
        # Six frames as a page without sharing would hold them, each loading the game.
        page.evaluate("""() => [...document.querySelectorAll('button.try')].slice(0, 6)
          .forEach(b => { const f = document.createElement('iframe');
            f.src = new URL('../?embed&' + b.dataset.query, location.href).href;
            f.style.width = '100%'; f.style.height = '620px';
            b.closest('figure').append(f); })""")

    case("game", f"{base}?pace=0", game, 0)
    case("rules_pictures", rules, lambda page: None, 0)
    case("rules_one_live", rules, one_live, 1)
    case("rules_booting", rules, one_live, 1)
    case("rules_moved_twice", rules, moved, 1)
    case("rules_six_frames", rules, six, 6)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", choices=sorted(PAGES), default="en")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--try-only", action="store_true", help='"Try it" alone')
    parser.add_argument("--after-game", action="store_true",
                        help='"Try it" alone, after a visit of the game')
    phone_options(parser)
    args = parser.parse_args()
    write_page_archive()
    server = SiteServer(ROOT, compress=args.phone,
                        **({"cache_control": "no-cache"} if args.after_game else {}))
    try:
        with sync_playwright() as pw:
            runs = [one_run(pw, server.url, args.lang, args.try_only or args.after_game,
                            args.after_game, **phone_profile(args))
                    for _ in range(args.runs)]
    finally:
        server.close()
    medians = {key: round(statistics.median(r[key] for r in runs), 1) for key in runs[0]}
    if args.json:
        print(json.dumps({"runs": args.runs, "median": medians, "each": runs}, indent=1))
        return
    print(f"rules page ({args.lang}), median of {args.runs} runs, each case in a fresh Chromium"
          f"{', on the phone profile' if args.phone else ''}"
          f"{', after a visit of the game' if args.after_game else ''}")
    each = ", ".join(f"{r['try_first_ms']:.0f}/{r['try_moved_ms']:.0f}" for r in runs)
    print(f'"Try it": the first board {medians["try_first_ms"]:.0f} ms after the click '
          f"(goal <= 4000), moved to another figure {medians['try_moved_ms']:.0f} ms (goal "
          f"<= 1500); each run (first/moved): {each}")
    if args.try_only or args.after_game:
        return
    for name in ("rules_pictures", "rules_one_live"):
        print(f"scrolling {name}: longest task {medians[f'{name}_scroll_longest_ms']} ms, "
              f"{medians[f'{name}_scroll_longtasks']} long tasks "
              f"({medians[f'{name}_longtasks_before']} before scrolling)")
    print(f"scrolling while the live board starts: longest task "
          f"{medians['booting_scroll_longest_ms']} ms, "
          f"{medians['booting_scroll_longtasks']} long tasks")
    print(f"{'case':<20}{'Chromium PSS MB':>16}{'JS heap MB':>12}{'wasm MB':>10}")
    for name in ("game", "rules_pictures", "rules_one_live", "rules_booting",
                 "rules_moved_twice", "rules_six_frames"):
        print(f"{name:<20}{medians[f'{name}_pss_mb']:>16}{medians[f'{name}_js_mb']:>12}"
              f"{medians[f'{name}_wasm_mb']:>10}")


if __name__ == "__main__":
    main()
