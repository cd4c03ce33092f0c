"""Games by links in the page (issue 31; Pyodide in Chromium): how long the page takes to
make a turn's link and to apply one, and the joint shuffle on each side.

    .venv/bin/python bench/link_speed.py [--games 2] [--turns 24] [--other ROOT] [--new-load]

Two 1280x800 pages, the inviter's and the friend's, play a game by links through the real
UI (web/state/friend.py): each link is opened in the other page's address, each turn is a
bridge if a card fits and a draw. The times are the page's own ("kahuna-link <what>
<links> <ms>" in the console, web/game/timing.py: ``performance.now()`` around the engine's
call and the game's storage, not the drawing):
- making a turn's link: ``take_turn`` when the person's turn ends;
- applying one: the stored game loaded, the link received, a protocol link due made, the
  game stored again (``open_link``);
- with ``--new-load``, each link is opened by a new load of the page (a new tab, as a
  link from a messenger may open), not in the tab that shows the game: the stored game
  loaded at the boot, every link of it applied again ("load"), then the link applied as
  above; the sum of the two;
- the joint shuffle, on each side: every call of the deal's links (the inviter: the
  invitation and its links until the deal is whole; the friend: accepting and the same).
Turn links carry no shuffle's pass; the links of an interim scoring's shuffle are counted
apart. Goals (issue 31): each turn figure at most 300 ms at p95, the shuffle at most 1 s.
With ``--other``, the games alternate between this checkout's page and the other's
(A B A B ...).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from bench.order_statistics import median_interval, quantile_interval  # noqa: E402
from bench.page_figures import tree_servers  # noqa: E402
from kahuna.correspondence.envelope import read  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.page_driver import (DIALOG, invite, link_offered, my_turn, open_link,  # noqa: E402
                                 play_a_turn)

Times = dict[str, list[float]]


def _page(browser: Browser, outside: list[str]) -> tuple[Page, list[tuple[str, int, float]]]:
    """A fresh page and the list its "kahuna-link" console lines go to."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    guard_network(context, outside)
    page = context.new_page()
    said: list[tuple[str, int, float]] = []

    def heard(message) -> None:
        if message.text.startswith("kahuna-link "):
            _, what, links, ms = message.text.split()
            said.append((what, int(links), float(ms)))
    page.on("console", heard)
    return page, said


def one_game(browser: Browser, url: str, turns: int, times: Times, new_load: bool = False
             ) -> None:
    """A game of ``turns`` turns (or to its end) between two pages; its figures into
    ``times``. ``new_load``: each link opened by a new load of the page."""
    outside: list[str] = []
    (host, host_said), (guest, guest_said) = _page(browser, outside), _page(browser, outside)
    pages, said = (host, guest), (host_said, guest_said)
    link = invite(host, url, wait_ready, "Friend", "?pace=0")
    shuffle = [sum(ms for what, _, ms in host_said), 0.0]
    open_link(guest, link, wait_ready)
    guest.click(f'{DIALOG} [data-act="friend-accept"]')
    shuffle[1] += sum(ms for _, _, ms in guest_said)
    sender, played, dealt = 1, 0, False
    while played < turns:
        receiver = 1 - sender
        link = link_offered(pages[sender])
        pages[sender].click(f'{DIALOG} [data-act="close"]')
        body = read(link.split("#", 1)[1])
        before = len(said[receiver])
        if new_load:
            pages[receiver].goto("about:blank")  # else only the fragment would change
        open_link(pages[receiver], link, wait_ready)
        applied = [ms for what, _, ms in said[receiver][before:] if what == "open"]
        loaded = [ms for what, _, ms in said[receiver][before:] if what == "load"]
        dealt = dealt or (body.get("n", 0) > 0 and "t" in body)
        q = body.get("q", {})
        if not dealt or any(name.endswith("0") for name in q):
            shuffle[receiver] += sum(applied)
            shuffle[sender] += _made(said[sender]) if "t" in body else 0.0
        elif q:
            times["apply, an interim scoring's shuffle"] += applied
        else:
            times["apply a turn's link"] += applied
            if new_load:
                times["load and apply, in a new load of the page"].append(
                    sum(loaded) + sum(applied))
        if pages[receiver].get_attribute("body", "data-turn") == "over":
            break
        if pages[receiver].is_visible(DIALOG) and not pages[receiver].is_visible("#share-link"):
            pages[receiver].click(f'{DIALOG} [data-act="close"]')  # a scoring's dialog
        if my_turn(pages[receiver]):
            before = len(said[receiver])
            play_a_turn(pages[receiver])
            made = [ms for what, _, ms in said[receiver][before:] if what == "turn"]
            if dealt:
                times["make a turn's link"] += made
            played += 1
        sender = receiver
    times["shuffle, the inviter's side"].append(shuffle[0])
    times["shuffle, the friend's side"].append(shuffle[1])
    for page in pages:
        page.context.close()
    if outside:
        raise RuntimeError(f"the page asked for files outside 127.0.0.1: {outside}")


def _made(said: list[tuple[str, int, float]]) -> float:
    """The last turn's link the page made (the deal's pass in it)."""
    return next((ms for what, _, ms in reversed(said) if what == "turn"), 0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=24)
    parser.add_argument("--other", type=Path, help="another checkout, run in turn with this")
    parser.add_argument("--new-load", action="store_true",
                        help="open each link by a new load of the page, as in a new tab")
    args = parser.parse_args()
    servers = tree_servers(args.other)
    kinds = ("make a turn's link", "apply a turn's link",
             "load and apply, in a new load of the page", "apply, an interim scoring's shuffle",
             "shuffle, the inviter's side", "shuffle, the friend's side")
    rows: dict[str, Times] = {name: {kind: [] for kind in kinds} for name in servers}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for game in range(args.games):
            for name in servers:  # A B A B: each game on each page in turn
                one_game(browser, servers[name][1].url, args.turns, rows[name], args.new_load)
        browser.close()
    for _, server in servers.values():
        server.close()
    print(f"load average: {' '.join(str(x) for x in os.getloadavg())}")
    for name, (root, _) in servers.items():
        print(f"{name} ({root}), ms in the page, {args.games} games:")
        for kind, values in rows[name].items():
            if not values:
                print(f"  {kind}: none")
                continue
            low, high = median_interval(values)
            p95 = quantile_interval(values, 0.95) if len(values) >= 20 else None
            tail = (f"; p95 {sorted(values)[int(0.95 * (len(values) - 1))]:.0f} "
                    f"[{p95[0]:.0f}-{p95[1]:.0f}]") if p95 else ""
            print(f"  {kind}: n={len(values)} median {statistics.median(values):.0f} "
                  f"[{low:.0f}-{high:.0f}]{tail}; max {max(values):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
