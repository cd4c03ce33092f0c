"""Figures of the game page on phones (issue 16): the smallest text and the smallest
touch target, measured in Chromium at 390x844 (portrait) and 844x390 (landscape).

    .venv/bin/python bench/touch_figures.py [--root PATH] [--shots DIR] [--json]

``--root`` serves another checkout (with its own web/vendor), so that a base commit is
measured by the same script. The page is a game against the computer at the person's
turn, in two states: the first card of the hand that lights lines selected, and the
handicap bridges to place (R7), when every line is lit; the figures:

- text on the board: the island names and the line counts, in CSS pixels on the screen
  (font size times the board's scale);
- touch targets on the board: each lit line's hit area, measured where a finger aims, in
  the middle of the line (the best of the points at 40%, 50% and 60% of its length): how
  far across and along the line a tap still reaches its act (elementFromPoint, so a
  neighbour drawn on top counts against it);
- the other controls of the turn (cards, pile, buttons): the smaller side of each box,
  and whether each is on the screen without scrolling.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts.measure import TOUCH_JS  # noqa: E402
from scripts.page_driver import choose_a_card_that_lights_lines, new_game, settle  # noqa: E402
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

SIZES = ((390, 844), (844, 390))



def _a_card_selected(page) -> None:
    settle(page)
    choose_a_card_that_lights_lines(page)


def _every_line_lit(page) -> None:
    """The handicap bridges (R7): every line is on offer, the most crowded board."""
    new_game(page, "set:colour:black", "set:handicap:1", "set:handicap_player:black")
    settle(page)


#: The states measured: name -> how to reach it from a fresh page.
STATES = {"a card selected": _a_card_selected, "every line lit": _every_line_lit}


def measure(browser: Browser, url: str, width: int, height: int, state: str,
            shots: Path | None) -> dict:
    """The figures at one screen size, in one of ``STATES``."""
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, device_scale_factor=1, service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    page = context.new_page()
    page.goto(url + "?seed=3&pace=0")
    wait_ready(page)
    STATES[state](page)
    found = page.evaluate(TOUCH_JS)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"touch-{width}x{height}-{state.split()[0]}.png"))
    context.close()
    if outside:
        raise RuntimeError(f"requests left 127.0.0.1: {outside}")
    return found


def _smallest(items: list[dict], key: str = "px") -> dict:
    return min(items, key=lambda item: item[key]) if items else {}


def summary(found: dict) -> dict:
    """The smallest of each kind, and the controls not on the screen."""
    names = [t for t in found["text"] if t["kind"] == "name"]
    return {"text_min_px": _smallest(found["text"]).get("px"),
            "text_min": _smallest(found["text"]),
            "name_min_px": _smallest(names).get("px"),
            "board_hit_min_px": _smallest(found["lines"]).get("px"),
            "board_hit_min": _smallest(found["lines"]),
            "lines_lit": len(found["lines"]),
            "control_min_px": _smallest(found["controls"]).get("px"),
            "control_min": _smallest(found["controls"]),
            # the help's words (tip:) are not controls of a turn; their padded hit areas
            # may reach past the screen's edge while the words are on it
            "off_screen": [c["act"] for c in found["controls"]
                           if not c["onscreen"] and not c["act"].startswith("tip:")],
            "page_scrolls": found["scrolls"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--shots", type=Path, help="save a screenshot per size here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = SiteServer(args.root.resolve())
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        figures = {f"{w}x{h}, {state}": summary(measure(browser, server.url, w, h, state,
                                                        args.shots))
                   for w, h in SIZES for state in STATES}
        browser.close()
    server.close()
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{args.root.resolve()}: a game at the person's turn")
    for size, f in figures.items():
        t, h, c = f["text_min"], f["board_hit_min"], f["control_min"]
        print(f"  {size}: smallest text on the board {f['text_min_px']} px ({t.get('kind')} "
              f"{t.get('text')}; island names >= {f['name_min_px']} px); smallest hit area on "
              f"the board {f['board_hit_min_px']} px ({h.get('line')}: {h.get('across')} across, "
              f"{h.get('along')} along; {f['lines_lit']} lines lit); smallest other control "
              f"{f['control_min_px']} px ({c.get('act')} {c.get('w')}x{c.get('h')}); "
              f"controls off the screen: {', '.join(f['off_screen']) or 'none'}; "
              f"page scrolls: {f['page_scrolls']}")


if __name__ == "__main__":
    main()
