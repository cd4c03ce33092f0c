"""Boot on a phone (issue 33): the game page against the bare PyScript page of the same
runtime, on a phone's CPU and network and unthrottled over loopback, until the board can
be played.

    .venv/bin/python bench/phone_profile.py [--rounds 6] [--profiles phone loopback]
                                            [--no-bytecode] [--unshipped] [--json]

"phone" is DevTools' CPU throttling at PHONE_CPU (4x) and a network of 9 Mbit/s down,
1.5 Mbit/s up, 150 ms round trip (NETWORKS["phone"]), the files gzipped as a static host
sends them; "loopback" is neither, the files as they are (as bench/page_figures.py and
bench/boot_ab.py measure). Each round, for each profile, times both pages A B (B A the
next round), each with bench/page_figures.py's ``boot_times``:

- first visit: a new browser context, empty caches;
- later visit: a reload in that context once the first visit's work is done (the game's
  bytecode kept; service workers blocked, files revalidated in the HTTP cache: waiting
  for the game's worker on this dev server never ended, 28 November, not yet understood);
- with bytecode (the game only, unless ``--no-bytecode``): a first visit's downloads with
  a later visit's boot: the HTTP cache cleared, the device-made bytecode kept (service
  workers blocked). Its time plus the time the extra bytes of shipped bytecode take on
  the profile's network is what shipping bytecode would give a first visit.

- with ``--unshipped``, a third page each round: the game without the bytecode shipped
  for its boot (web/boot-bytecode.zip answered 404, as on a site built without it), the
  pages in turn A B C, C B A. Every page's requests then pass through Playwright's
  routing (a route that lets them go), the same for all three.

Printed: medians, the ratio game / bare round by round (median and 95% sign-test
interval, bench/order_statistics.py) against issue 33's goals, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

from bench.order_statistics import median_interval  # noqa: E402
from bench.page_figures import (NETWORKS, PHONE_CPU, SETTLED, _probed_page,  # noqa: E402
                                boot_times, ready_ms)
from scripts.browser import launch_chromium  # noqa: E402
from scripts.boot_bytecode import build as build_boot_bytecode  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

#: Profile -> the ``network`` and ``cpu`` of ``boot_times``.
PROFILES: dict[str, dict] = {"phone": {"network": "phone", "cpu": PHONE_CPU}, "loopback": {}}
#: Issue 33's goals: the game's time at most this fraction of the bare page's.
GOALS = {"phone": {"first": 0.8, "later": 0.5}, "loopback": {"first": 1.0, "later": 0.5}}
#: What shipping bytecode adds to a first visit, gzip bytes (docs/deploy.md, "The trimmed
#: standard library", measured with this runtime: the standard library 1.22 MB as
#: bytecode against 0.44 MB of stripped sources; the page's modules 189 kB against 76 kB).
BYTECODE_EXTRA = {"standard library": 1_220_000 - 440_000, "page's modules": 189_000 - 76_000}


def kept_bytecode_ms(browser: Browser, url: str, network: str | None = None,
                     cpu: float = 1.0) -> float:
    """ms to the board with every file downloaded again but the bytecode the first visit
    made kept (as if shipped with the site): a first visit, then a reload with the HTTP
    cache cleared (Cache Storage, where the bytecode is, stays)."""
    page, outside = _probed_page(browser, network=network, cpu=cpu)
    page.goto(url)
    ready_ms(page)
    page.evaluate(SETTLED)
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()
    ms = ready_ms(page)
    page.context.close()
    if outside:
        raise RuntimeError(f"{url} asked for files outside 127.0.0.1: {outside}")
    return ms


def download_ms(extra_bytes: int, network: str | None) -> float:
    """The time ``extra_bytes`` more take at the network's download rate (0 on loopback)."""
    return extra_bytes * 8 / NETWORKS[network][0] * 1000 if network else 0.0


def _shipped(context: BrowserContext) -> None:
    context.route("**/boot-bytecode.zip", lambda route: route.continue_())


def _unshipped(context: BrowserContext) -> None:
    context.route("**/boot-bytecode.zip", lambda route: route.fulfill(status=404))


#: Page -> (its address from the site's root, how its context is prepared).
PAGES: dict[str, tuple[str, Callable[[BrowserContext], None] | None]] = {
    "game": ("?seed=1", None), "bare": ("bench/bare.html", None)}
UNSHIPPED_PAGES: dict[str, tuple[str, Callable[[BrowserContext], None] | None]] = {
    "game": ("?seed=1", _shipped), "game unshipped": ("?seed=1", _unshipped),
    "bare": ("bench/bare.html", _shipped)}


def measure(rounds: int, profiles: list[str], bytecode: bool, unshipped: bool = False
            ) -> dict[str, dict[str, list]]:
    """ms per profile and figure ("game first", "bare later", "game bytecode"...), one
    entry per round; the load average (1 min) before each round under "load"."""
    write_page_archive(ROOT)  # the page's modules as they are now
    build_boot_bytecode(ROOT)  # and the bytecode shipped for its boot
    servers = {name: SiteServer(ROOT, cache_control="no-cache", compress=bool(PROFILES[name]))
               for name in profiles}
    times: dict[str, dict[str, list]] = {name: {} for name in profiles}
    pages = UNSHIPPED_PAGES if unshipped else PAGES
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for round_ in range(rounds):
            for name in profiles:
                base, profile, got = servers[name].url, PROFILES[name], times[name]
                got.setdefault("load", []).append(os.getloadavg()[0])
                for page in list(pages) if round_ % 2 == 0 else list(pages)[::-1]:
                    url, prepare = base + pages[page][0], pages[page][1]
                    first, later, _ = boot_times(browser, url, 1, prepare=prepare, **profile)
                    got.setdefault(f"{page} first", []).extend(first)
                    got.setdefault(f"{page} later", []).extend(later)
                    if page == "game" and bytecode:
                        got.setdefault("game bytecode", []).append(
                            kept_bytecode_ms(browser, url, **profile))
                print(f"round {round_ + 1} {name}: "
                      + ", ".join(f"{k} {v[-1]:.0f}" for k, v in got.items()), flush=True)
        browser.close()
    for server in servers.values():
        server.close()
    return times


def report(times: dict[str, dict[str, list]]) -> list[str]:
    """The lines to print: medians, ratios round by round against the goals, bytecode."""
    lines = []
    for name, got in times.items():
        network = PROFILES[name].get("network")
        load = got["load"]
        how = (f"CPU {PHONE_CPU:g}x slower, network {NETWORKS[network]}" if network
               else "unthrottled, loopback")
        lines.append(f"{name} ({how}), "
                     f"{len(load)} rounds A B A B, load average {min(load):.1f} to "
                     f"{max(load):.1f} (median {statistics.median(load):.1f}); ms:")
        for visit in ("first", "later"):
            game, bare = got[f"game {visit}"], got[f"bare {visit}"]
            ratios = [g / b for g, b in zip(game, bare)]
            low, high = median_interval(ratios)
            ratio, goal = statistics.median(ratios), GOALS[name][visit]
            lines.append(
                f"  {visit} visit: game {statistics.median(game):.0f} "
                f"({'/'.join(f'{g:.0f}' for g in game)}), bare {statistics.median(bare):.0f} "
                f"({'/'.join(f'{b:.0f}' for b in bare)}); game / bare round by round: "
                f"median {ratio:.2f}, 95% interval {low:.2f} to {high:.2f}; goal <= {goal}: "
                f"{'met' if high <= goal else 'not met' if low > goal else 'undecided'}")
        if "game unshipped first" in got:
            for visit in ("first", "later"):
                shipped, other = got[f"game {visit}"], got[f"game unshipped {visit}"]
                bare = got[f"bare {visit}"]
                ratios = [o / b for o, b in zip(other, bare)]
                diffs = [s - o for s, o in zip(shipped, other)]
                low, high = median_interval(ratios)
                dlow, dhigh = median_interval(diffs)
                lines.append(
                    f"  {visit} visit without the shipped bytecode: "
                    f"{statistics.median(other):.0f} ({'/'.join(f'{o:.0f}' for o in other)}); "
                    f"/ bare round by round: median {statistics.median(ratios):.2f}, 95% "
                    f"interval {low:.2f} to {high:.2f}; shipped minus not: median "
                    f"{statistics.median(diffs):+.0f} ms (95% interval {dlow:+.0f} to "
                    f"{dhigh:+.0f}), shipped faster in {sum(d < 0 for d in diffs)} of {len(diffs)}")
        if "game bytecode" in got:
            kept = got["game bytecode"]
            extra = sum(BYTECODE_EXTRA.values())
            cost = download_ms(extra, network)
            estimate = [k + cost for k in kept]
            ratios = [e / b for e, b in zip(estimate, got["bare first"])]
            low, high = median_interval(ratios)
            lines.append(
                f"  first visit as if bytecode were shipped: {statistics.median(kept):.0f} "
                f"with the device's bytecode + {cost:.0f} to download {extra / 1e6:.2f} MB "
                f"more = {statistics.median(estimate):.0f}; game / bare round by round: "
                f"median {statistics.median(ratios):.2f}, 95% interval {low:.2f} to "
                f"{high:.2f} (sources: {statistics.median(got['game first']):.0f})")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--profiles", nargs="+", choices=sorted(PROFILES),
                        default=["phone", "loopback"])
    parser.add_argument("--no-bytecode", action="store_true",
                        help="leave out the first visit with the bytecode kept")
    parser.add_argument("--unshipped", action="store_true",
                        help="time the game without its shipped boot bytecode too (A B C)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times = measure(args.rounds, args.profiles, not args.no_bytecode, args.unshipped)
    print(json.dumps(times, indent=1) if args.json else "\n".join(report(times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
