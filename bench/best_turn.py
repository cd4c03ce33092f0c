"""How long "Best turn" takes to answer (issue 32): the master's analysis of a position
(kahuna/players/analysis.py) under CPython, and in the real page (Chromium, Pyodide)
from the editor with the position pasted, for the rulebook's worked example, a deal's
start and a position in the middle of a round.

    .venv/bin/python bench/best_turn.py [--rounds 3] [--root PATH]

Each round measures every position once under CPython (A) and once in the page (B),
A B in one round, B A in the next, so a machine getting busier weighs on both alike.
The page analyses the editor's game state of the pasted position, dealt with the
address's seed (``?editor&seed=1``); CPython analyses that same state, with the same
seed, so both do the same work. For the page it prints its own time (the
"kahuna-analysis <ms>" it logs, from the first slice to the answer) and the time from
the click to the answer shown, and whether it stays responsive while it thinks: the
longest main-thread task the Long Tasks API saw in that time, and the longest but the
first (the click's own task, which opens the dialog and loads the players on first use;
the analysis then runs in 30 ms slices between frames, web/boot/loops.py, each at least
one unit of work). Measured, never asserted. Prints medians with min-max, and the load average (1 min) before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser  # noqa: E402

from kahuna import (  # noqa: E402
    BLACK, Setup, State, best_turns, draft_of, draft_state, link_url, new_game, observe,
    position_to_json, read_pasted,
)
from bench.page_figures import _probed_page  # noqa: E402
from scripts.browser import site_in_chromium, wait_ready  # noqa: E402
from scripts.page_driver import edit  # noqa: E402
from scripts.positions import play_randomly, worked_example  # noqa: E402

SEED = 1  # the address's seed: the editor deals with it, Best turn analyses with it
ANSWER = "#dialog .analysis-said"
WAIT_MS = 600_000  # a bound on waiting for the answer, never a measure


def positions() -> dict[str, State]:
    """The positions measured, by name."""
    middle = new_game(Setup(seed=2, first=BLACK))
    play_randomly(middle, random.Random(2), actions=24, sort=True)
    return {"worked example": worked_example(), "a deal's start": new_game(
        Setup(seed=3, first=BLACK)), "mid-round": middle}


def as_in_the_page(state: State) -> State:
    """The game state the page's editor makes of ``state`` pasted as a link."""
    return draft_state(draft_of(read_pasted(link_url(position_to_json(state), "./"))), SEED)


def in_cpython(state: State) -> float:
    """Milliseconds to the answer under CPython."""
    start = time.perf_counter()
    best_turns(observe(state, state.to_move), seed=SEED)
    return (time.perf_counter() - start) * 1000


def in_page(browser: Browser, url: str, state: State) -> tuple[float, float, float, float]:
    """(the page's own ms to the answer, ms from the click to the answer shown, the
    longest main-thread task in that time, the longest but the first: the click's own,
    which opens the dialog and loads the players), in a fresh 1280x800 context."""
    page, outside = _probed_page(browser)  # its probe keeps the long tasks from the start
    logged: list[str] = []
    page.on("console", lambda m: logged.append(m.text))
    page.goto(f"{url}?editor&seed={SEED}&pace=0")
    wait_ready(page)
    page.fill("#editor-paste", link_url(position_to_json(state), url))
    edit(page, "edit:paste")
    opener = '#lesson [data-act="analysis:open"]'
    page.wait_for_selector(opener)
    clicked = page.evaluate("performance.now()")
    start = time.perf_counter()
    page.click(opener)
    page.wait_for_selector(ANSWER, timeout=WAIT_MS)
    shown = (time.perf_counter() - start) * 1000
    tasks = page.evaluate("t => window.__figures.longtasks.filter(([s]) => s >= t)"
                          ".map(([, d]) => d)", clicked)
    page.context.close()
    if outside:
        raise SystemExit(f"the page asked the network for {outside}")
    own = [float(m.split()[-1]) for m in logged if m.startswith("kahuna-analysis ")]
    if not own:
        raise SystemExit("the page never logged its time to the answer")
    return own[-1], shown, max(tasks, default=0.0), max(tasks[1:], default=0.0)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} [{min(values):.0f}-{max(values):.0f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    shown = {name: as_in_the_page(state) for name, state in positions().items()}
    times: dict[str, dict[str, list[float]]] = {
        name: {"cpython": [], "page": [], "click": [], "longest": [], "slices": []}
        for name in shown}
    load = os.getloadavg()[0]
    with site_in_chromium(args.root.resolve()) as (browser, url):
        for round_ in range(args.rounds):
            for name, state in shown.items():
                for way in (("cpython", "page") if round_ % 2 == 0 else ("page", "cpython")):
                    if way == "cpython":
                        times[name]["cpython"].append(in_cpython(state))
                        continue
                    measured = in_page(browser, url, state)
                    for key, value in zip(("page", "click", "longest", "slices"), measured):
                        times[name][key].append(value)
    print(f"Best turn, ms to the answer, median [min-max] of {args.rounds} rounds (A B, B A);"
          f" load average (1 min) {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    for name, t in times.items():
        print(f"  {name}: CPython {spread(t['cpython'])}; page {spread(t['page'])} "
              f"(click to answer shown {spread(t['click'])}); longest main-thread task "
              f"while it thinks {spread(t['longest'])}, but the click's own "
              f"{spread(t['slices'])}")


if __name__ == "__main__":
    main()
