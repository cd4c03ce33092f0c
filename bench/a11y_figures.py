"""Figures of issue 12 (keyboard and screen readers), for two checkouts side by side:

    .venv/bin/python bench/a11y_figures.py --before /tmp/wt12base [--after .]

1. Keys pressed for one full turn of each kind (place, remove, discard, draw), from the
   moment the hot-seat cover is put away by the keyboard until the turn has ended. The
   same cards and lines each time. "tab" is the only way on a page without arrow keys
   (Tab until the control has focus, then Enter); "keys" is the way the keys' list (``?``)
   describes: arrows along a row of cards and between rows, Space to choose a first card
   and stay, Enter to choose and go on, Tab between lit lines.
2. axe-core's violations (rules, by impact) on each screen (scripts/a11y.py) in both colour
   themes (the system's preference; a page without themes draws the same both times).
Counts, not times: each run gives the same numbers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from scripts.a11y import IMPACTS, SCREENS, THEMES, axe, by_impact, open_screen  # noqa: E402
from scripts.page_driver import keys_to  # noqa: E402
from kahuna.notation.link import encode  # noqa: E402
from kahuna.notation.position import position_to_json  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402
from scripts.positions import position, rest_of  # noqa: E402


def _link(hand: list[str]) -> str:
    """Two players, Black to move with ``hand``; White's bridges on ALOA-BARI and HUNA-LALE."""
    hands = {"black": hand, "white": ["COCO"]}
    used = [c for h in hands.values() for c in h] + ["GOLA", "KAHU", "JOJO"]
    rest = rest_of(*used)
    state = position(round=1, bridges={"black": ["DUDA-ELAI"], "white": ["ALOA-BARI", "HUNA-LALE"]},
                     hands=hands, display=["GOLA", "KAHU", "JOJO"], pile=rest[:10],
                     discard={"up": rest[10:]})
    return encode(position_to_json(state))


FULL = ["ALOA", "BARI", "BARI", "HUNA", "LALE"]  # hand positions 0-4, sorted as drawn
LINE = 'path.hit[data-line="{}"]'
PILE = '#table [data-act="do:pile"]'
#: kind -> (hand, the steps: (the control to reach, the key that chooses it)).
TURNS = {
    "place": (FULL, [('#hand [data-act="card:3"]', "Enter"), (LINE.format("HUNA-IFFI"), "Enter"),
                     (PILE, "Enter")]),
    "remove": (FULL, [('#hand [data-act="card:3"]', " "), ('#hand [data-act="card:4"]', "Enter"),
                      (LINE.format("HUNA-LALE"), "Enter"), (PILE, "Enter")]),
    "discard": (FULL, [('#hand [data-act="card:4"]', " "), ('#acts [data-act^="do:d:"]', "Enter"),
                       (PILE, "Enter")]),
    "draw": (FULL[:4], [(PILE, "Enter")]),
}
FOCUSED = "s => { const e = document.activeElement; return !!e && e.matches(s); }"


def _tab_to(page: Page, selector: str) -> int:
    """Tab until ``selector`` has focus; the keys pressed."""
    pressed = 0
    while not page.evaluate(FOCUSED, selector):
        page.keyboard.press("Tab")
        pressed += 1
        if pressed > 300:
            raise RuntimeError(f"Tab never reaches {selector}")
    return pressed


def keys_per_turn(browser: Browser, base: str, kind: str, way: str) -> int:
    """Keys pressed for one turn of ``kind`` by ``way`` ("tab" or "keys")."""
    hand, steps = TURNS[kind]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    page = context.new_page()
    page.goto(f"{base}?pace=0&position={_link(hand)}")
    wait_ready(page)
    _tab_to(page, '#cover [data-act="uncover"]')  # not counted: the turn starts after it
    page.keyboard.press("Enter")
    page.wait_for_selector("#cover", state="hidden")
    pressed = 0
    for selector, key in steps:
        pressed += (_tab_to if way == "tab" else keys_to)(page, selector) + 1
        page.keyboard.press(key)
    page.wait_for_selector("#cover:not([hidden])", timeout=10_000)  # the turn is over
    context.close()
    assert outside == [], outside
    return pressed


def axe_counts(browser: Browser, base: str) -> dict[tuple[str, str], list[dict]]:
    """(screen, theme) -> axe-core's violations."""
    found = {}
    for screen in SCREENS:
        for theme in THEMES:
            page = open_screen(browser, base, screen, theme)
            found[screen, theme] = axe(page)
            page.context.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the base checkout")
    parser.add_argument("--after", type=Path, default=ROOT)
    args = parser.parse_args()
    servers = {"before": SiteServer(args.before.resolve()), "after": SiteServer(args.after.resolve())}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        print("keys for one turn (Tab only | the keys' list):")
        print(f"  {'turn':<8} {'before':>14} {'after':>14}")
        for kind in TURNS:
            before = keys_per_turn(browser, servers["before"].url, kind, "tab")
            after_tab = keys_per_turn(browser, servers["after"].url, kind, "tab")
            after_keys = keys_per_turn(browser, servers["after"].url, kind, "keys")
            print(f"  {kind:<8} {before:>14} {after_tab:>6} | {after_keys:<6}")
        print("axe-core rules violated, critical/serious/moderate/minor:")
        counts = {name: axe_counts(browser, server.url) for name, server in servers.items()}
        for screen, theme in counts["before"]:
            row = [" ".join(str(by_impact(counts[n][screen, theme]).get(i, 0)) for i in IMPACTS)
                   for n in ("before", "after")]
            rules = [",".join(sorted(v["id"] for v in counts[n][screen, theme]))
                     for n in ("before", "after")]
            print(f"  {screen + ' (' + theme + ')':<24} before {row[0]:<8} after {row[1]:<8}"
                  f" ({rules[0] or '-'} | {rules[1] or '-'})")
        browser.close()
    for server in servers.values():
        server.close()


if __name__ == "__main__":
    main()
