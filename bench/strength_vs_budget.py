"""How a level's strength grows with its search budget: its score against a fixed
opponent (greedy by default) at several iteration budgets, on the same seat-swapped deals.

    .venv/bin/python bench/strength_vs_budget.py --games 100 --budgets 0,40,160,640
    .venv/bin/python bench/strength_vs_budget.py --level master \
        --opponent expert@/tmp/engine-base --scales 0.25,0.5,1,2,4 --games 200

``--scales`` gives the budgets as multiples of the level's own (``iterations``).

Prints one row per budget: games, A's wins/draws, score with its 95% interval, and the
mean and 95th-percentile seconds per decision (CPython, this machine). Budget 0 is the
plan of the turn alone, with no replies tested.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna.players.levels import level_named  # noqa: E402
from kahuna.tools.tournament import match  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--budgets", default="0,20,40,80,160,320",
                        help="comma-separated iteration budgets")
    parser.add_argument("--scales", default="",
                        help="budgets as multiples of the level's own, e.g. 0.25,1,4")
    parser.add_argument("--tuning", default="", help="extra Level fields, e.g. candidates=12")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    own = level_named(args.level).iterations
    budgets = ([round(own * float(x)) for x in args.scales.split(",")] if args.scales
               else [int(b) for b in args.budgets.split(",")])
    rows = []
    if not args.json:
        print(f"{args.level} (its budget: {own} iterations) vs {args.opponent}, "
              f"{args.games} games per row, seed {args.seed}")
        print(f"{'iterations':>10} {'games':>6} {'wins':>5} {'draws':>5} {'score':>7} "
              f"{'95% CI':>13} {'mean ms':>8} {'p95 ms':>8}")
    for budget in budgets:
        tuning = f"iterations={budget}" + (f",{args.tuning}" if args.tuning else "")
        result = match(f"{args.level}:{tuning}", args.opponent, args.games, args.seed, args.jobs)
        rows.append({"iterations": budget, **result})
        if not args.json:
            t = result["time_a"]
            low, high = result["ci95"]
            print(f"{budget:>10} {result['games']:>6} {result['wins']:>5} {result['draws']:>5} "
                  f"{100 * result['score']:>6.1f}% {100 * low:>5.1f}-{100 * high:>5.1f}% "
                  f"{1000 * t['mean']:>8.1f} {1000 * t['p95']:>8.1f}", flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
