"""How many clicks and keys the position editor takes (issue 32's figure): the rulebook's
worked example (docs/rules.md, the position its two turns start from) built from an
empty editor in the real page, once by mouse, once by keys alone with the editor's own
keys (the letters of the ``?`` list: web/state/editor_keys.py), and once by Tab to each
control then Enter; each checked against the engine's own position of it.

    .venv/bin/python bench/editor_clicks.py [--root PATH]

The acts are ``scripts/page_driver.py``'s ``editor_acts``: a Black bridge is one click
on its line, a White one two (none -> Black -> White), each card one click on the
palette after choosing where cards go, the pile one click per card, then the mover. The
editor's keys are ``editor_keys``: a line's two islands' letters, then Enter once for
Black, twice for White; T and a letter per card; P per card of the pile; M.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser  # noqa: E402

from scripts.browser import guard_network, site_in_chromium, wait_ready  # noqa: E402
from scripts.page_driver import edit, edit_by_keys, editor_acts, editor_keys  # noqa: E402


def build(browser: Browser, url: str, way: str) -> int:
    """Build the worked example from empty by "mouse", "keys" (the editor's own) or
    "tab"; the clicks or keys it took."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    page = context.new_page()
    page.goto(url + "?editor&pace=0")
    wait_ready(page)
    if way == "keys":  # from the page as it opens, nothing focused
        for key in editor_keys():
            page.keyboard.press(key)
        count = len(editor_keys())
    elif way == "tab":
        page.focus('#lesson [data-act="edit:open:empty"]')
        count = sum(edit_by_keys(page, act) for act in editor_acts())
    else:
        for act in editor_acts():
            edit(page, act)
        count = len(editor_acts())
    if page.locator("#lesson .missing, #lesson .breach").count():
        raise SystemExit("the editor did not take the worked example")
    context.close()
    if outside:
        raise SystemExit(f"the page asked the network for {outside}")
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    with site_in_chromium(args.root.resolve()) as (browser, url):
        clicks = build(browser, url, "mouse")
        keys = build(browser, url, "keys")
        tabs = build(browser, url, "tab")
    acts = editor_acts()
    lines = sum(a.startswith("edit:line:") for a in acts)
    print(f"worked example from empty: {clicks} clicks by mouse ({lines} on board lines), "
          f"{keys} keys with the editor's keys, {tabs} keys by Tab and Enter alone")


if __name__ == "__main__":
    main()
