"""Figures of the game page in Chromium (issue 3): boot time against the bare PyScript
page, first paint of the board, and main-thread long tasks while playing.

    .venv/bin/python bench/page_figures.py [--runs 5] [--turns 8] [--level expert]
                                           [--network fast4g|slow4g] [--json]

1. Navigation -> interactive board (``body[data-ready="1"]``), cold (a new browser
   context each run) and warm (a reload in the same context, HTTP cache revalidated, once
   the first visit's background work is done: the game keeps its standard library's
   bytecode, web/boot/bytecode.py),
   median of ``--runs``, the game and bench/bare.html side by side in the same run (A B
   B A: the order alternates by round), and the ratio game / bare round by round with its
   median and 95% interval (sign test). bench/bare.html runs the same Pyodide untrimmed,
   from node_modules/ (bench/bare.toml). Cold is also split where the page's script
   starts (PyScript's ``hooks.main.onReady``): the runtime's boot, then the page's code.
2. First contentful paint of the game page: the sea and islands are a static SVG in
   index.html, painted before Python starts.
   With ``--network``, both pages are served compressed as a static host does
   (scripts/site_server.py) and reach the browser through a slower connection, emulated
   by Chromium (NETWORKS): on this machine's loopback the boot is all computing, on a
   phone's connection the download counts too.
3. Long tasks (PerformanceObserver 'longtask', buffered) after the page is ready, while
   the person plays ``--turns`` turns by clicks against ``--level`` and asks for a hint
   (``--turns 0``: not measured).
The local server and browser launch are shared with the e2e suite (scripts/site_server.py,
scripts/browser.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from bench.order_statistics import median_interval  # noqa: E402
from scripts.page_driver import new_game, play_turn  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

#: Connections for ``--network``: (bits per second down, up, round trip in ms), as
#: Chrome's DevTools call "Fast 4G" and as Lighthouse throttles a phone ("Slow 4G").
#: "phone" is issue 33's: a mid-range phone on a good mobile connection.
NETWORKS = {"fast4g": (9_000_000, 1_500_000, 165), "slow4g": (1_600_000, 750_000, 150),
            "phone": (9_000_000, 1_500_000, 150)}
#: The CPU of issue 33's phone: DevTools' CPU throttling, this many times slower.
PHONE_CPU = 4.0

# Collects the moment the page says ready, paint entries and long tasks from the start.
PROBE = """
window.__figures = {ready: null, script: null, longtasks: []};
// When the runtime is up and the page's Python script starts: PyScript's public hooks,
// from the core module the page has already loaded (both pages load the site's).
addEventListener('DOMContentLoaded', () =>
  import(new URL('/web/vendor/core.js', location.origin).href).then(({hooks}) =>
    hooks.main.onReady.add(() => { window.__figures.script ??= performance.now(); })));
new PerformanceObserver(list => {
  for (const e of list.getEntries())
    window.__figures.longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
new MutationObserver(() => {
  if (window.__figures.ready === null && document.body && document.body.dataset.ready === '1')
    window.__figures.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


def ready_ms(page: Page) -> float:
    """Milliseconds from navigation until the page said it was ready."""
    wait_ready(page)
    page.wait_for_function("window.__figures.ready !== null")
    return page.evaluate("window.__figures.ready")


def _probed_page(browser: Browser, probe: str = PROBE, network: str | None = None,
                 cpu: float = 1.0, prepare: Callable[[BrowserContext], None] | None = None,
                 **context_options: Any) -> tuple[Page, list[str]]:
    """A page in a fresh 1280x800 context (service workers blocked; ``context_options``
    for Playwright's new_context) with the timing probe (or
    another init script), and the list of its requests that leave 127.0.0.1; its
    connection slowed to NETWORKS[network] when given, its CPU ``cpu`` times slower;
    ``prepare``, when given, called with the context first (routes, say)."""
    options = {"viewport": {"width": 1280, "height": 800}} | context_options
    context = browser.new_context(service_workers="block", **options)
    if prepare is not None:
        prepare(context)
    outside: list[str] = []
    guard_network(context, outside)
    context.add_init_script(probe)
    page = context.new_page()
    emulate(page, network, cpu)
    return page, outside


def emulate(page: Page, network: str | None = None, cpu: float = 1.0) -> None:
    """Slow ``page`` (its reloads too: the settings stay with its DevTools session) to
    NETWORKS[network] when given, and its CPU ``cpu`` times (DevTools' throttling)."""
    if not network and cpu == 1.0:
        return
    cdp = page.context.new_cdp_session(page)
    if network:
        down, up, rtt = NETWORKS[network]
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt, "downloadThroughput": down / 8,
            "uploadThroughput": up / 8})
    if cpu != 1.0:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def phone_options(parser: argparse.ArgumentParser) -> None:
    """``--phone``: run on issue 33's phone (NETWORKS["phone"], the CPU PHONE_CPU times
    slower); read back with ``phone_profile(args)``."""
    parser.add_argument("--phone", action="store_true",
                        help=f"a phone's CPU ({PHONE_CPU:g}x slower) and network "
                             f"{NETWORKS['phone']}")


def phone_profile(args: argparse.Namespace) -> dict[str, Any]:
    """The ``network`` and ``cpu`` keywords of ``_probed_page`` that ``--phone`` asks for."""
    return {"network": "phone", "cpu": PHONE_CPU} if args.phone else {}


# Resolves once the game has kept the standard library's bytecode for the next boot
# (web/pyodide-boot.mjs, web/boot/bytecode.py), at once for a page that keeps none.
SETTLED = """async () => {
  const pending = globalThis.kahunaBytecode;
  const found = pending ? await pending : null;
  if (!found) return;
  // the standard library's, then (web/boot/bytecode.py compiles it next) the page's own
  const keys = [found.key, found.page?.key].filter((key) => key);
  for (let i = 0; i < 600; i++) {
    const cache = await caches.open(found.cache);
    if ((await Promise.all(keys.map((key) => cache.match(key)))).every((hit) => hit)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the bytecode was never kept");
}"""


def in_turn(names: list[str], rounds: int) -> Iterator[tuple[int, str]]:
    """(round, name): every name once a round, in the order A B, then B A the next round,
    so that neither comes first more often (the benches that compare two checkouts)."""
    for round_ in range(rounds):
        for name in (names if round_ % 2 == 0 else names[::-1]):
            yield round_, name


def tree_servers(other: Path | None) -> dict[str, tuple[Path, SiteServer]]:
    """This checkout's page served as "this", and ``other``'s as "other" when given (to
    run both in turn), each page archive rebuilt from its code as it is now."""
    trees = {"this": ROOT} | ({"other": other.resolve()} if other else {})
    servers = {}
    for name, root in trees.items():
        write_page_archive(root)
        servers[name] = (root, SiteServer(root, cache_control="no-cache"))
    return servers


def boot_times(browser: Browser, url: str, runs: int, network: str | None = None,
               started: list[float] | None = None, cpu: float = 1.0,
               prepare: Callable[[BrowserContext], None] | None = None,
               ) -> tuple[list[float], list[float], list[float]]:
    """(cold, warm, first contentful paint) in ms for ``runs`` fresh contexts. Warm is a
    returning visitor: the reload once the first visit's work after the board was ready
    is done (the game's bytecode kept; the service worker is blocked here). ``started`` gets, cold, when the page's Python script began
    to run (the runtime's boot done). ``network``, ``cpu`` and ``prepare`` as for ``_probed_page``."""
    cold, warm, fcp = [], [], []
    for _ in range(runs):
        page, outside = _probed_page(browser, network=network, cpu=cpu, prepare=prepare)
        page.goto(url)
        cold.append(ready_ms(page))
        if started is not None:
            started.append(page.evaluate("window.__figures.script"))
        fcp.append(page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"))
        page.evaluate(SETTLED)
        page.reload()
        warm.append(ready_ms(page))
        page.context.close()
        if outside:
            raise RuntimeError(f"{url} asked for files outside 127.0.0.1: {outside}")
    return cold, warm, fcp


def playing(browser: Browser, base: str, level: str, turns: int) -> dict:
    """Play ``turns`` turns by clicks against ``level``; long tasks after ready."""
    page, outside = _probed_page(browser)
    decisions: dict[str, list[float]] = {"computer": [], "hint": []}

    def note(message) -> None:  # web/boot/dom.py logs "kahuna-decision <who> <ms>"
        parts = message.text.split()
        if len(parts) == 3 and parts[0] == "kahuna-decision":
            decisions[parts[1]].append(float(parts[2]))
    page.on("console", note)
    page.goto(base + "?seed=11")  # the computer's real pace: it plays as for a person
    ready = ready_ms(page)
    new_game(page, f"set:level:{level}", "set:colour:black", "set:first:white")
    played = 0
    while played < turns:
        step = play_turn(page)
        if step == "end":
            break
        played += step == "turn"
        if played == 2:
            page.click("#btn-hint")
            page.wait_for_selector("#board path.glow.hint, .card.hint, .act.hint",
                                   state="attached", timeout=60_000)
    every = page.evaluate("window.__figures.longtasks")
    tasks = [(s, d) for s, d in every if s > ready]
    page.context.close()
    return {"level": level, "turns": played, "boot_longtasks": len(every) - len(tasks),
            "longtasks": len(tasks),
            "longest_ms": round(max((d for _, d in tasks), default=0.0)),
            "over_200ms": sum(1 for _, d in tasks if d > 200), "outside_requests": outside,
            "decision_ms": {who: _spread(times) for who, times in decisions.items()}}


def _spread(times: list[float]) -> dict:
    """Count, mean and 95th percentile of decision times (ms)."""
    if not times:
        return {"n": 0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"n": len(times), "mean": round(statistics.mean(times)), "p95": round(p95),
            "max": round(ordered[-1])}


def median(values: list[float]) -> float:
    """The median, rounded to whole milliseconds."""
    return round(statistics.median(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--network", choices=sorted(NETWORKS), help="a slower connection")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # Cacheable like a static host (Last-Modified revalidation), so that "warm" means
    # what it means for a visitor who comes back.
    write_page_archive(ROOT)  # the page's modules as they are now
    server = SiteServer(ROOT, cache_control="no-cache", compress=bool(args.network))
    base = server.url
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        game_cold, game_warm, game_fcp, bare_cold, bare_warm = [], [], [], [], []
        game_start, bare_start = [], []
        for round_ in range(args.runs):  # interleaved, so both pages see the same load
            for page in (("game", "bare") if round_ % 2 == 0 else ("bare", "game")):
                if page == "game":
                    c, w, f = boot_times(browser, base, 1, args.network, game_start)
                    game_cold += c; game_warm += w; game_fcp += f
                else:
                    c, w, _ = boot_times(browser, base + "bench/bare.html", 1, args.network,
                                         bare_start)
                    bare_cold += c; bare_warm += w
        play = playing(browser, base, args.level, args.turns) if args.turns else None
        browser.close()
    server.close()
    pairs = (("cold", game_cold, bare_cold), ("warm", game_warm, bare_warm),
             ("start", game_start, bare_start))
    ratios = {kind: [g / b for g, b in zip(game, bare)] for kind, game, bare in pairs}
    intervals = {kind: [round(x, 2) for x in median_interval(r)] for kind, r in ratios.items()}
    figures = {
        "boot_ms": {"game_cold": median(game_cold), "bare_cold": median(bare_cold),
                    "game_warm": median(game_warm), "bare_warm": median(bare_warm),
                    "ratio_cold": round(median(game_cold) / median(bare_cold), 2),
                    "ratio_warm": round(median(game_warm) / median(bare_warm), 2),
                    "round_ratio_cold": round(statistics.median(ratios["cold"]), 2),
                    "round_ratio_warm": round(statistics.median(ratios["warm"]), 2),
                    "round_ratio_cold_95": intervals["cold"],
                    "round_ratio_warm_95": intervals["warm"]},
        # cold, until the page's script starts (PyScript's onReady): the runtime's boot
        # alone; then the page's own code (game: its modules imported, the board drawn;
        # bare: PyScript's module imported, one line)
        "script_start_ms": {"game": median(game_start), "bare": median(bare_start),
                            "round_ratio": round(statistics.median(ratios["start"]), 2),
                            "round_ratio_95": intervals["start"],
                            "game_own_ms": median([r - s for r, s in zip(game_cold, game_start)]),
                            "bare_own_ms": median([r - s for r, s in zip(bare_cold, bare_start)])},
        "network": args.network and NETWORKS[args.network],
        "first_paint_ms": median(game_fcp),
        "playing": play,
        "runs": {"game_cold": game_cold, "bare_cold": bare_cold, "game_warm": game_warm,
                 "bare_warm": bare_warm, "game_fcp": game_fcp, "game_start": game_start,
                 "bare_start": bare_start},
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    b = figures["boot_ms"]
    over = f", network {args.network} {NETWORKS[args.network]}" if args.network else ""
    print(f"navigation -> interactive, median of {args.runs} (ms), rounds A B B A{over}:")
    for kind in ("cold", "warm"):
        low, high = b[f"round_ratio_{kind}_95"]
        print(f"  {kind}: game {b[f'game_{kind}']:>6}  bare {b[f'bare_{kind}']:>6}  ratio of "
              f"medians {b[f'ratio_{kind}']}; round by round: median {b[f'round_ratio_{kind}']},"
              f" 95% interval {low} to {high}  (target <= 0.9)")
    s = figures["script_start_ms"]
    print(f"  cold, until the page's script starts: game {s['game']:>6}  bare {s['bare']:>6}  "
          f"round by round: median {s['round_ratio']}, 95% interval {s['round_ratio_95'][0]} to "
          f"{s['round_ratio_95'][1]}; then their own code: game {s['game_own_ms']} ms, bare "
          f"{s['bare_own_ms']} ms")
    print(f"first contentful paint (static board): {figures['first_paint_ms']} ms (target < 500)")
    if play is None:
        return
    print(f"playing {play['turns']} turns vs {play['level']} (+ a hint): {play['longtasks']} long "
          f"tasks after ready, longest {play['longest_ms']} ms, {play['over_200ms']} over 200 ms "
          f"({play['boot_longtasks']} during boot, showing the observer works)"
          f"; requests leaving 127.0.0.1: {len(play['outside_requests'])}")
    for who, spread in play["decision_ms"].items():
        if spread["n"]:
            print(f"time per decision in the page, {who} ({play['level']}): n={spread['n']}, "
                  f"mean {spread['mean']} ms, p95 {spread['p95']} ms, max {spread['max']} ms "
                  "(wall time, slices included)")


if __name__ == "__main__":
    main()
