"""The rules engine's speed in this checkout against another's, side by side (A B A B):
``python -m kahuna bench`` (random games per second) of both trees in subprocesses.

    .venv/bin/python bench/engine_ab.py OTHER_ROOT [--rounds 11] [--games 1000]

OTHER_ROOT is a checkout of the code to compare with (``git worktree add /tmp/base
<commit>``). The order alternates round by round, so a machine that slows down for a
while slows both; the note takes each tree's median and the median of the round-by-round
ratios (this / other) with its 95% sign-test interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.order_statistics import median_interval  # noqa: E402


def games_per_second(root: Path, games: int, seed: int) -> float:
    """One ``python -m kahuna bench`` run of the tree at ``root``."""
    out = subprocess.run(
        [sys.executable, "-m", "kahuna", "bench", "--games", str(games), "--seed", str(seed),
         "--json"], cwd=root, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["games_per_second"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    trees = {"this": ROOT, "other": args.other.resolve()}
    runs: dict[str, list[float]] = {"this": [], "other": []}
    for round_ in range(args.rounds):
        order = ("this", "other") if round_ % 2 == 0 else ("other", "this")
        for key in order:
            runs[key].append(games_per_second(trees[key], args.games, args.seed))
    ratios = [a / b for a, b in zip(runs["this"], runs["other"])]
    low, high = median_interval(ratios)
    print(f"random games per second, {args.rounds} rounds A B A B of {args.games} games")
    print(f"  this ({ROOT}): median {statistics.median(runs['this']):.0f}")
    print(f"  other ({trees['other']}): median {statistics.median(runs['other']):.0f}")
    print(f"  this / other: median {statistics.median(ratios):.2f}x, "
          f"95% interval {low:.2f}x to {high:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
