"""The computer's thinking in the page (issue 14): a level's time per decision in Pyodide
in Chromium, the longest main-thread task while it thinks, and how soon the menu opens
meanwhile, and the frames it draws; side by side with another checkout when one is given
(A B A B).

    .venv/bin/python bench/thinking_page.py [--level master] [--games 1] [--rounds 2]
                                            [--other ROOT] [--raw FILE] [--phone]

A run opens ``?autoplay=LEVEL&pace=0&seed=S`` (the level in both seats, game after game:
it is thinking nearly all the time) and reads the page's own "kahuna-decision computer
<ms>" console lines (web/boot/dom.py: wall time from the decision's start to its end, slices
and frames included; a step of a turn already planned counts as a decision too, as in
the tournament) until ``--games`` games are over. Long tasks are the PerformanceObserver's
after the page was ready; frames are requestAnimationFrame's from then to the last game's
end (the page draws after every action as well). Every 3 s the mouse clicks the menu
button and the time until its dialog shows is taken twice: as Playwright sees it (its
round trips included) and in the page's own clock (from the click event to the frame that
shows the dialog); then the menu is closed (the computer goes on); a click that opens no
menu within 10 s is counted apart. Round r uses seed r + 1 in both trees, so both play
the same games when they decide alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from bench.order_statistics import mean_interval, quantile_interval  # noqa: E402
from bench.page_figures import (_probed_page, in_turn, phone_options,  # noqa: E402
                                phone_profile, ready_ms, tree_servers)
from scripts.browser import launch_chromium  # noqa: E402

#: How often the menu is opened while the games go on.
MENU_EVERY_MS = 3000


def run(browser: Browser, url: str, games: int, **profile) -> dict[str, list[float]]:
    """One page playing ``games`` games by itself: decision times, long tasks after
    ready and menu latencies, all in ms; ``profile``: ``network`` and ``cpu`` for
    ``_probed_page`` (``--phone``: on issue 33's phone)."""
    page, outside = _probed_page(browser, **profile)
    page.context.add_init_script(COUNT)
    decisions: list[float] = []
    page.on("console", lambda m: m.text.startswith("kahuna-decision computer ")
            and decisions.append(float(m.text.split()[2])))
    page.goto(url)
    ready = ready_ms(page)
    frames_from = page.evaluate("[window.__frames, performance.now()]")
    button = page.locator("#btn-new").bounding_box()
    assert button is not None, "no menu button"
    menus: list[float] = []
    missed = 0
    while not page.evaluate(f"window.__ends.length >= {games}"):
        page.wait_for_timeout(MENU_EVERY_MS)
        if page.evaluate(f"window.__ends.length >= {games}"):
            break
        if page.evaluate("!document.getElementById('dialog').hidden"):
            continue  # a scoring shown for a moment: the page behind it is inert
        begun = time.perf_counter()  # a person's click: no wait for the button to settle
        page.mouse.click(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
        try:
            page.wait_for_selector("#dialog:not([hidden])", timeout=10_000)
        except PlaywrightTimeout:
            missed += 1
            continue
        menus.append((time.perf_counter() - begun) * 1000)
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog", state="hidden", timeout=60_000)
    end = page.evaluate(f"window.__ends[{games - 1}]")
    frames, now = page.evaluate("[window.__frames, performance.now()]")
    page.wait_for_timeout(200)  # the last console lines of those games arrive
    times = decisions[:end]
    tasks = [d for s, d in page.evaluate("window.__figures.longtasks") if s > ready]
    shown = page.evaluate("window.__menus")
    page.context.close()
    if outside:
        raise RuntimeError(f"the page asked for files outside 127.0.0.1: {outside}")
    fps = [1000 * (frames - frames_from[0]) / (now - frames_from[1])]
    return {"decisions": times, "tasks": tasks, "menus": menus, "shown": shown, "fps": fps,
            "missed": [missed]}


#: Counts the page's decisions as they are logged, and notes the count at each game's
#: end (body[data-autoplayed] goes up), for run()'s waits and cut; counts frames drawn;
#: times each menu in the page's own clock, from the click event's time stamp (it waits
#: behind a busy main thread too) to the frame that shows the dialog (its callbacks run,
#: not its time stamp, which may be older than the click), without Playwright's round
#: trips.
COUNT = """
window.__decisions = 0;
window.__ends = [];
const _debug = console.debug;
console.debug = (...args) => {
  if (String(args[0]).startsWith('kahuna-decision computer ')) window.__decisions++;
  _debug.apply(console, args);
};
window.__frames = 0;
const _tick = () => { window.__frames++; requestAnimationFrame(_tick); };
requestAnimationFrame(_tick);
new MutationObserver(() => window.__ends.push(window.__decisions)).observe(
  document, {attributes: true, subtree: true, attributeFilter: ['data-autoplayed']});
window.__menus = [];
let _clicked = null;
document.addEventListener('click', (e) => {
  if (e.target.closest && e.target.closest('#btn-new')) _clicked = e.timeStamp;
}, true);
addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  if (_clicked === null || document.getElementById('dialog').hidden) return;
  const begun = _clicked;
  _clicked = null;
  requestAnimationFrame(() => window.__menus.push(performance.now() - begun));
}).observe(document.getElementById('dialog'), {attributes: true, attributeFilter: ['hidden']}));
"""


def summary(name: str, runs: list[dict[str, list[float]]]) -> str:
    """The figures of one tree's runs, in a few lines."""
    times = [t for r in runs for t in r["decisions"]]
    tasks = [t for r in runs for t in r["tasks"]]
    menus = [t for r in runs for t in r["menus"]]
    shown = [t for r in runs for t in r["shown"]]
    longest = ", ".join(f"{max(r['tasks'], default=0):.0f}" for r in runs)
    low, high = mean_interval(times)
    p95 = sorted(times)[min(len(times) - 1, int(0.95 * len(times)))]
    p95_low, p95_high = quantile_interval(times, 0.95)
    return (f"{name}: {len(times)} decisions: mean {statistics.mean(times):.0f} ms "
            f"(95% {low:.0f}-{high:.0f}), p95 {p95:.0f} ms (95% {p95_low:.0f}-{p95_high:.0f}),"
            f" max {max(times):.0f} ms\n"
            f"  long tasks after ready (thinking, drawing, menus): {len(tasks)}, longest "
            f"{max(tasks, default=0):.0f} ms, over 200 ms: {sum(t > 200 for t in tasks)}; "
            f"the longest of each run: {longest} ms; frames per second: "
            f"{', '.join(f'{f:.0f}' for r in runs for f in r['fps'])}\n"
            f"  menu shown after a click while thinking: median "
            f"{statistics.median(menus) if menus else 0:.0f} ms, longest "
            f"{max(menus, default=0):.0f} ms ({len(menus)} clicks; no menu within 10 s: "
            f"{sum(m for r in runs for m in r['missed'])}); in the page's clock, from the "
            f"click to the frame that shows it: median "
            f"{statistics.median(shown) if shown else 0:.0f} ms, longest "
            f"{max(shown, default=0):.0f} ms ({len(shown)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="master")
    parser.add_argument("--games", type=int, default=1, help="games per run")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--other", type=Path, help="another checkout, run in turn with this")
    parser.add_argument("--raw", type=Path, help="write every run's numbers here (JSON)")
    phone_options(parser)
    args = parser.parse_args()
    servers = tree_servers(args.other)
    results: dict[str, list[dict[str, list[float]]]] = {name: [] for name in servers}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for round_, name in in_turn(list(servers), args.rounds):
            url = f"{servers[name][1].url}?autoplay={args.level}&pace=0&seed={round_ + 1}"
            results[name].append(run(browser, url, args.games, **phone_profile(args)))
            print(f"round {round_ + 1} {name}: {len(results[name][-1]['decisions'])} "
                  f"decisions", flush=True)
        browser.close()
    for _, server in servers.values():
        server.close()
    if args.raw:
        args.raw.write_text(json.dumps(results))
    print(f"{args.level} in the page (Pyodide in Chromium), {args.rounds} rounds of "
          f"{args.games} game(s) per tree, the trees in turn (A B B A)")
    for name, (root, _) in servers.items():
        print(summary(f"{name} ({root})", results[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
