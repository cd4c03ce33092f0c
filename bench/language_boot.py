"""What speaking a language costs the page's boot: this checkout in English and in each
other language, against another checkout (the code before the page spoke languages),
side by side (A B A B), in one run.

    .venv/bin/python bench/language_boot.py OTHER_ROOT [--rounds 12] [--langs de,pl]

OTHER_ROOT needs ``web/vendor/`` (a link to ours will do when the runtime is the same)
and whatever else its own setup builds. Each round times a cold visit and a warm reload
of every variant, in an order that turns round by round; the note takes the medians and
the median of the round-by-round differences against OTHER with its 95% sign-test interval.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.offline_figures import paired  # noqa: E402
from bench.page_figures import boot_times  # noqa: E402
from scripts.browser import launch_chromium  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--langs", default="de,fr,pl", help="languages besides English")
    args = parser.parse_args()
    if not (args.other / "web" / "vendor" / "pyodide.mjs").exists():
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
