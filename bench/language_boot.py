"""What speaking a language costs the page's boot: this checkout in English and in each
other language, against another checkout (the code before the page spoke languages),
side by side (A B A B), in one run; then, inside the page (Pyodide), the two costs a
language adds: reading its catalogue, and drawing the whole page through it.

    .venv/bin/python bench/language_boot.py OTHER_ROOT [--rounds 12] [--langs de,pl]
    .venv/bin/python bench/language_boot.py --in-page-only

OTHER_ROOT needs ``web/vendor/`` (a link to ours will do when the runtime is the same)
and whatever else its own setup builds. Each round times a cold visit and a warm reload
of every variant, in an order that turns round by round; the note takes the medians and
the median of the round-by-round differences against OTHER with its 95% sign-test interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.offline_figures import paired  # noqa: E402
from bench.page_figures import boot_times  # noqa: E402
from scripts.page_driver import probe, run_python  # noqa: E402
from scripts.browser import launch_chromium, wait_ready  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

#: Run in the page: milliseconds to read each catalogue afresh (gettext's cache emptied),
#: and to build the whole view in each language (medians of REPEAT; only what the page
#: imports anyway: its standard library may be trimmed to that).
IN_PAGE = """
import gettext, json, time
from kahuna import LANGUAGES, translations
from web.state.app import App
from web.game.saves import MemoryStorage
from web.view.page import view
REPEAT = 15
app = App(MemoryStorage(), time.time, 1)
app.start()
loads = {lang: [] for lang in LANGUAGES}
draws = {lang: [] for lang in LANGUAGES}
for lang in LANGUAGES:  # each language's catalogue read, and the page drawn once, first
    app.lang = lang
    view(app)
for _ in range(REPEAT):
    for lang in LANGUAGES:  # the languages in turn, so that none has the warmer interpreter
        gettext._translations.clear()
        t = time.perf_counter(); translations(lang); loads[lang].append(time.perf_counter() - t)
        app.lang = lang
        t = time.perf_counter(); view(app); draws[lang].append(time.perf_counter() - t)
out = {lang: [1000 * sorted(loads[lang])[REPEAT // 2], 1000 * sorted(draws[lang])[REPEAT // 2]]
       for lang in LANGUAGES}
app.lang = "en"
json.dumps(out)
"""


def in_page(browser, url: str) -> dict[str, list[float]]:
    """IN_PAGE's figures, run in the booted page at ``url``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    probe(context, url)
    page = context.new_page()
    page.goto(url + "?seed=1")
    wait_ready(page)
    figures = json.loads(run_python(page, IN_PAGE))
    context.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, nargs="?", help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--langs", default="de,fr,pl", help="languages besides English")
    parser.add_argument("--in-page-only", action="store_true", help="no boot comparison")
    args = parser.parse_args()
    if args.in_page_only:
        server = SiteServer(ROOT, cache_control="no-cache")
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            figures = in_page(browser, server.url)
            browser.close()
        server.close()
        _print_in_page(figures)
        return 0
    if args.other is None or not (args.other / "web" / "vendor" / "pyodide.mjs").exists():
        sys.exit(f"{args.other}/web/vendor/ has no runtime: copy or link this checkout's")
    this = SiteServer(ROOT, cache_control="no-cache")
    other = SiteServer(args.other, cache_control="no-cache")
    variants = {"before": other.url + "?seed=1"}
    for lang in ["en", *args.langs.split(",")]:
        variants[lang] = this.url + f"?seed=1&lang={lang}"
    times = {key: {"cold": [], "warm": []} for key in variants}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        keys = list(variants)
        for round_ in range(args.rounds):
            shift = round_ % len(keys)
            for key in keys[shift:] + keys[:shift]:
                cold, warm, _ = boot_times(browser, variants[key], 1)
                times[key]["cold"] += cold
                times[key]["warm"] += warm
        figures = in_page(browser, this.url)
        browser.close()
    this.close()
    other.close()
    print(f"navigation -> interactive board, {args.rounds} rounds, order turned each round (ms)")
    for kind in ("cold", "warm"):
        runs = {key: times[key][kind] for key in times}
        print(f"  {kind}: before {statistics.median(runs['before']):.0f}")
        for key in variants:
            if key == "before":
                continue
            c = paired(runs, key, "before")
            print(f"    {key}: {statistics.median(runs[key]):.0f}; minus before: median "
                  f"{c['median_s']:+.0f} (95% {c['low_s']:+.0f} to {c['high_s']:+.0f}), "
                  f"faster in {c['faster_rounds']} of {c['rounds']} rounds")
    _print_in_page(figures)
    return 0


def _print_in_page(figures: dict[str, list[float]]) -> None:
    print("in the page (Pyodide), medians of 15 (ms): read the catalogue; draw the whole view")
    for lang, (load, draw) in figures.items():
        print(f"  {lang}: {load:.2f}; {draw:.1f}")


if __name__ == "__main__":
    sys.exit(main())
