"""Boot time of this checkout's page against another checkout's, side by side (A B A B):
is a change no slower to boot?

    .venv/bin/python bench/boot_ab.py OTHER_ROOT [--rounds 15] [--phone]

OTHER_ROOT is a checkout of the code to compare with (``git worktree add /tmp/base
<commit>``); it needs ``web/vendor/`` like this one (a copy or a link of ours will do, when
the runtime's version is the same; a copy of its own runtime when it differs) and, for a
checkout whose page is an archive, its ``scripts/setup.sh`` run. Each round times a cold
visit and a warm reload of each page, in an order that alternates; the note takes the
medians and the median of the round-by-round differences with its 95% sign-test
interval. ``--phone``: on issue 33's phone (bench/page_figures.py), the files gzipped as
a static host sends them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.offline_figures import boot_lines  # noqa: E402
from bench.page_figures import boot_times, phone_options, phone_profile  # noqa: E402
from scripts.browser import launch_chromium  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=15)
    phone_options(parser)
    args = parser.parse_args()
    if not (args.other / "web" / "vendor" / "pyodide.mjs").exists():
        sys.exit(f"{args.other}/web/vendor/ has no runtime: copy or link this checkout's")
    write_page_archive(ROOT)  # this checkout's modules as they are now
    servers = {key: SiteServer(root, cache_control="no-cache", compress=args.phone)
               for key, root in (("this", ROOT), ("other", args.other))}
    times: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in servers}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for round_ in range(args.rounds):
            order = ("this", "other") if round_ % 2 == 0 else ("other", "this")
            for key in order:
                cold, warm, _ = boot_times(browser, servers[key].url + "?seed=1", 1,
                                           **phone_profile(args))
                times[key]["cold"] += cold
                times[key]["warm"] += warm
        browser.close()
    for server in servers.values():
        server.close()
    print(f"navigation -> interactive board, {args.rounds} rounds A B A B (ms)")
    print("\n".join(boot_lines(times, "this", "other", ("this", "other"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
