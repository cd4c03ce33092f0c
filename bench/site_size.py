"""Download sizes of the site (a size budget): first visit, later visit, an update.

    python3 bench/site_size.py [--root DIR] [--json] [--top N]

Sizes are what a static host sends: text, JavaScript and WebAssembly compressed
(gzip level 6, and brotli quality 5 when `node` is there: the on-the-fly levels of common
hosts and CDNs), PNG, ZIP and .gz files as they are (already compressed). Counted:

- first visit: every file of the game page once (the page loads them; the service
  worker's install then revalidates them against the HTTP cache, so headers only), plus
  the worker scripts, plus the rules page in the player's language with its own files
  (the worker keeps it once installed, for "How to play" offline: the largest of them);
- other pages: the other rules pages, the embeds' demo and their own files, downloaded
  (and kept by the worker) only when a reader opens them;
- later visit: the browser asks whether the worker's script (sw.js, which holds the
  worker's code) changed; nothing else;
- update: the files that changed plus the worker's script (the worker copies unchanged
  files from the previous version's cache); shown for a change of one page module, of
  the median size: the page's archive changes, and the worker rebuilds it from the older
  one, downloading only the archive's index (page/index.json) and that module.

Exits 1 when a budget below is exceeded (checked by e2e/test_offline_site.py).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.build_site import (  # noqa: E402
    PAGE_INDEX, REPO_ROOT, SW_NAME, WORKER_SCRIPTS, game_files, rules_pages, site_files,
    update_files,
)
from scripts.site_server import SENT_AS_IS  # noqa: E402

# Bytes over the wire (gzip), with head-room over the measured values.
# issue 15's 4.5 MB (6.59 MB before the trimmed stdlib), plus issue 29's rules page kept
# for offline reading (about 24 kB), issue 32's board editor, embed builder and Best turn
# (about 45 kB), and issue 31's games by links, which must open offline (about 20 kB;
# docs/deploy.md); then issue 33's 5.0 MB, for the boot's bytecode shipped where it buys
# time on a phone (scripts/boot_bytecode.py, about 0.35 MB)
BUDGET_FIRST_VISIT = 5_000_000
BUDGET_LATER_VISIT = 4_500  # issue 15: "as small as today" (4.9 kB that day)
BUDGET_UPDATE = 7_200  # issue 15: 6.3 kB that day; the index names more modules since (29-32)


def _brotli_sizes(paths: list[Path]) -> list[int] | None:
    """Brotli (quality 5) sizes through Node's zlib, or None without node."""
    node = shutil.which("node")
    if node is None:
        return None
    script = (
        "const z = require('zlib'), fs = require('fs');"
        "const q = {params: {[z.constants.BROTLI_PARAM_QUALITY]: 5}};"
        "for (const f of process.argv.slice(1))"
        " console.log(z.brotliCompressSync(fs.readFileSync(f), q).length);"
    )
    out = subprocess.run([node, "-e", script, *map(str, paths)], capture_output=True, text=True)
    return [int(n) for n in out.stdout.split()] if out.returncode == 0 else None


def measure(root: Path = REPO_ROOT) -> dict:
    """Per-file sizes (raw, gzip, brotli) and the visit totals."""
    updates = update_files(root)
    names = [*site_files(root), *updates, SW_NAME]
    paths = [root / n for n in names]
    brotli = _brotli_sizes(paths)
    files = []
    for i, (name, path) in enumerate(zip(names, paths)):
        data = path.read_bytes()
        as_is = name.endswith(SENT_AS_IS)
        files.append({
            "file": name,
            "raw": len(data),
            "gzip": len(data) if as_is else len(gzip.compress(data, 6)),
            "brotli": None if brotli is None else (len(data) if as_is else brotli[i]),
        })

    def total(selected: list[dict]) -> dict:
        return {
            key: None if any(f[key] is None for f in selected) else sum(f[key] for f in selected)
            for key in ("raw", "gzip", "brotli")
        }

    worker = [f for f in files if f["file"] in WORKER_SCRIPTS]
    gzipped = {f["file"]: f["gzip"] for f in files}
    rules = max(([page, *own] for page, own in rules_pages(root).items()),
                key=lambda names: sum(gzipped[n] for n in names), default=[])
    # the rest: when a page is opened
    game = set(game_files(root)) | {SW_NAME} | set(rules)
    # A changed page module: the archive's index and that module (the median one).
    index = [f for f in files if f["file"] == PAGE_INDEX]
    modules = sorted((f for f in files if f["file"] in updates and f["file"].endswith(".py")),
                     key=lambda f: f["gzip"])
    module = modules[len(modules) // 2: len(modules) // 2 + 1]
    maps = [f["file"] for f in files if f["file"].endswith(".map")]
    return {
        "files": files,
        "first_visit": total([f for f in files if f["file"] in game]),
        "other_pages": total([f for f in files if f["file"] not in game and f["file"] not in updates]),
        "later_visit": total(worker),
        "update_one_file": total([*worker, *index, *module]),
        "source_maps": maps,
    }


def _fmt(n: int | None) -> str:
    return "   n/a" if n is None else f"{n / 1e6:6.2f} MB" if n >= 100_000 else f"{n / 1e3:6.1f} kB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="site folder")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--top", type=int, default=8, help="list the N largest files")
    args = parser.parse_args(argv)
    m = measure(args.root)
    if args.json:
        print(json.dumps(m, indent=1))
    else:
        print(f"{'':34} {'raw':>9} {'gzip':>9} {'brotli':>9}")
        for f in sorted(m["files"], key=lambda f: -f["raw"])[: args.top]:
            print(f"  {f['file']:32} {_fmt(f['raw'])} {_fmt(f['gzip'])} {_fmt(f['brotli'])}")
        for label, key in (
            ("first visit (the game)", "first_visit"),
            ("other pages, when opened", "other_pages"),
            ("later visit (worker check)", "later_visit"),
            ("update (a page module changed)", "update_one_file"),
        ):
            t = m[key]
            print(f"{label:34} {_fmt(t['raw'])} {_fmt(t['gzip'])} {_fmt(t['brotli'])}")
    problems = []
    if m["first_visit"]["gzip"] > BUDGET_FIRST_VISIT:
        problems.append(f"first visit {m['first_visit']['gzip']} B > budget {BUDGET_FIRST_VISIT} B")
    if m["later_visit"]["gzip"] > BUDGET_LATER_VISIT:
        problems.append(f"later visit {m['later_visit']['gzip']} B > budget {BUDGET_LATER_VISIT} B")
    if m["update_one_file"]["gzip"] > BUDGET_UPDATE:
        problems.append(f"update {m['update_one_file']['gzip']} B > budget {BUDGET_UPDATE} B")
    if m["source_maps"]:
        problems.append(f"source maps shipped: {', '.join(m['source_maps'])}")
    for p in problems:
        print(f"over budget: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
