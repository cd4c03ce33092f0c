"""Figures of the game page on phones (issue 16): the smallest text and the smallest
touch target, measured in Chromium at 390x844 (portrait) and 844x390 (landscape).

    .venv/bin/python bench/touch_figures.py [--root PATH] [--shots DIR] [--json]
                                            [--taps TURNS [--runs R] [--phone]]
                                            [--handler N [--phone]]

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

``--taps TURNS`` measures instead how soon a tap shows (issue 33), at 390x844 with touch,
over TURNS of the person's turns against the computer: a card chosen (a tap on the hand's
first card, until it shows pressed) and a bridge placed (a click in the middle of a lit
line, until the bridge is on the board), each from the input's first event
(``pointerdown``'s timestamp) to the frame that draws the change (requestAnimationFrame
after the page's document shows it); p95 with its 95% interval. ``--runs R``: R games,
each in a fresh page, their taps pooled (each run's p95 printed too). ``--phone``: on issue
33's phone (bench/page_figures.py's ``phone_profile``).

``--handler N`` measures instead the page's own part of a card tap, with no input's way to
it: the hand's first card clicked N times by script (chosen, let go, ...), each click's
handler (the act, the view, the DOM written) and then the style and layout it forces, in
ms, medians and p95. Alternate ``--root`` between runs to compare two trees (A B A B).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from bench.order_statistics import quantile_interval  # noqa: E402
from bench.page_figures import (_probed_page, _spread, phone_options,  # noqa: E402
                                phone_profile)
from scripts.measure import TOUCH_JS  # noqa: E402
from scripts.page_driver import (choose_a_card_that_lights_lines, click_line,  # noqa: E402
                                 end_turn, new_game, settle)
from scripts.browser import guard_network, launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
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


#: Until the document holds ``count`` elements matching ``selector`` after the next
#: pointerdown: ms from that event to the frame that draws them (``window.__tap``).
TAP = """([selector, count]) => {
  window.__tap = new Promise((resolve) => {
    let start = null;
    addEventListener('pointerdown', (e) => { start = e.timeStamp; }, {capture: true, once: true});
    const seen = new MutationObserver(() => {
      if (start === null || document.querySelectorAll(selector).length < count) return;
      seen.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    seen.observe(document, {subtree: true, childList: true, attributes: true});
  });
}"""
PRESSED = '#hand button.card[aria-pressed="true"]'


def _timed(page: Page, selector: str, count: int, tap: Callable[[], None]) -> float:
    """ms from ``tap``'s first input event to the frame showing ``count`` ``selector``."""
    page.evaluate(TAP, [selector, count])
    tap()
    return page.evaluate("window.__tap")


def _phone_game(browser: Browser, url: str, **profile) -> tuple[Page, list[str]]:
    """A game at 390x844 with touch, ready (``profile``: ``network`` and ``cpu`` for
    ``_probed_page``), and the list of its requests that leave 127.0.0.1."""
    page, outside = _probed_page(browser, viewport={"width": 390, "height": 844},
                                 is_mobile=True, has_touch=True, device_scale_factor=1,
                                 **profile)
    page.goto(url + "?seed=3&pace=0")
    wait_ready(page)
    return page, outside


def _close(page: Page, outside: list[str]) -> None:
    """Close ``page``'s context; fail if it asked anything of another host."""
    page.context.close()
    if outside:
        raise RuntimeError(f"requests left 127.0.0.1: {outside}")


def tap_times(browser: Browser, url: str, turns: int, **profile) -> dict[str, list[float]]:
    """ms per tap, "card" and "bridge", over ``turns`` of the person's turns at 390x844
    with touch; ``profile``: ``network`` and ``cpu`` for ``_probed_page``."""
    page, outside = _phone_game(browser, url, **profile)
    times: dict[str, list[float]] = {"card": [], "bridge": []}
    for _ in range(turns):
        settle(page, 600_000)  # the computer's turn, on a slow CPU
        if page.locator("#dialog").is_visible():  # a scoring, or the game's end
            if page.locator('#dialog [data-act="close"]').count() == 0:
                break
            page.click('#dialog [data-act="close"]')
            continue
        if page.get_attribute("body", "data-turn") != "person":
            break
        while page.locator(PRESSED).count():
            page.locator(PRESSED).first.click()
        card = page.locator("#hand button.card").first
        times["card"].append(_timed(page, PRESSED, 1, card.tap))
        card.tap()  # chosen no more
        if choose_a_card_that_lights_lines(page):
            line, bridges = page.locator("#board path.hit").first, page.locator("#board .bridge")
            times["bridge"].append(_timed(page, "#board .bridge", bridges.count() + 1,
                                          lambda: click_line(page, line)))
            settle(page, 600_000)
        if page.get_attribute("body", "data-turn") == "person":
            end_turn(page)
    _close(page, outside)
    return times


#: The page's own part of ``n`` card taps: each click's handler, then the layout it forces.
HANDLER = """(n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    document.querySelector('#hand button.card').click();
    const handled = performance.now();
    document.body.offsetHeight;  // style and layout, now rather than at the next frame
    out.push([handled - start, performance.now() - handled]);
  }
  return out;
}"""


def handler_times(browser: Browser, url: str, clicks: int, **profile) -> dict[str, list[float]]:
    """ms of each click's handler and of the layout after it, "handler" and "layout", at
    390x844 with touch at the person's first turn; ``profile`` as for ``tap_times``."""
    page, outside = _phone_game(browser, url, **profile)
    settle(page, 600_000)
    pairs = page.evaluate(HANDLER, clicks)
    _close(page, outside)
    return {"handler": [h for h, _ in pairs], "layout": [lay for _, lay in pairs]}


def tap_lines(times: dict[str, list[float]]) -> list[str]:
    """p95 (with its 95% interval), mean and the longest of each kind of tap."""
    lines = []
    for kind, ms in times.items():
        if ms:
            spread, (low, high) = _spread(ms), quantile_interval(ms, 0.95)
            lines.append(f"  {kind}: {spread['n']} taps, p95 {spread['p95']} ms (95% interval "
                         f"{low:.0f} to {high:.0f}), mean {spread['mean']} ms, longest "
                         f"{spread['max']} ms (goal: p95 <= 100 ms)")
    return lines


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
    parser.add_argument("--taps", type=int, metavar="TURNS", help="how soon a tap shows")
    parser.add_argument("--runs", type=int, default=1, help="games of --taps, pooled")
    parser.add_argument("--handler", type=int, metavar="N", help="a card tap's own work")
    phone_options(parser)
    args = parser.parse_args()
    write_page_archive(args.root.resolve())  # the page as its code is now, not as last built
    server = SiteServer(args.root.resolve(), compress=args.phone)
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        if args.handler:
            times = handler_times(browser, server.url, args.handler, **phone_profile(args))
            browser.close()
            server.close()
            print(f"{args.root.resolve()}: {args.handler} card clicks at 390x844"
                  f"{', on the phone profile' if args.phone else ''} (ms)")
            for kind, ms in times.items():
                print(f"  {kind}: median {statistics.median(ms):.1f}, p95 {_spread(ms)['p95']}")
            return
        if args.taps:
            runs = [tap_times(browser, server.url, args.taps, **phone_profile(args))
                    for _ in range(args.runs)]
            browser.close()
            server.close()
            times = {kind: [ms for run in runs for ms in run[kind]] for kind in runs[0]}
            each = [f"  each run's p95, {kind}: "
                    + ", ".join(f"{_spread(run[kind])['p95']}" for run in runs if run[kind])
                    for kind in runs[0]] if args.runs > 1 else []
            print(json.dumps(times) if args.json else "\n".join(
                [f"{args.root.resolve()}: taps at 390x844"
                 f"{', on the phone profile' if args.phone else ''} (ms)"
                 f"{f', {args.runs} runs pooled' if args.runs > 1 else ''}",
                 *tap_lines(times), *each]))
            return
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
