"""The computer's speed of thought in this checkout against another's, side by side (A B
A B): the CPU a level takes per decision at the same positions, each tree in its own
subprocess, and whether both trees chose the same actions (a change meant only to be
faster must decide exactly as before).

    .venv/bin/python bench/search_ab.py OTHER_ROOT [--level master] [--rounds 6] \
        [--games 3] [--every 7]

OTHER_ROOT holds the other code (``git archive COMMIT kahuna | tar -x -C /tmp/base``).
The positions: every ``--every``-th action of ``--games`` casual self-play games, the
handicap left out. The order alternates round by round, so a machine that slows down
for a while slows both; prints each tree's median, the median of the round-by-round
ratios (other / this: how many times faster this tree is) with its 95% sign-test
interval, and the decisions that differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(root: str, level: str, games: int, every: int) -> None:
    """In a subprocess: decide every position with the tree at ``root``; print JSON."""
    sys.path.insert(0, root)
    import random

    from kahuna import Setup, new_game, observe
    from kahuna.players.levels import choose, make_player
    from kahuna.rules.state import Phase

    positions = []
    for seed in range(games):
        state = new_game(Setup(seed=seed))
        players = [make_player("casual"), make_player("casual")]
        rng = random.Random(seed)
        n = 0
        while not state.is_over:
            obs = observe(state, state.to_move)
            if n % every == 0 and state.phase is not Phase.HANDICAP:
                positions.append(obs)
            state.do(choose(players[state.to_move], obs, rng))
            n += 1
    start = time.process_time()
    actions = [str(choose(make_player(level), obs, random.Random(i)))
               for i, obs in enumerate(positions)]
    cpu = (time.process_time() - start) / len(positions)
    print(json.dumps({"cpu": cpu, "actions": actions}))


def run(root: Path, args: argparse.Namespace) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(root), "--level", args.level,
         "--games", str(args.games), "--every", str(args.every)],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, nargs="?", help="the checkout to compare with")
    parser.add_argument("--level", default="master")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.level, args.games, args.every)
        return 0
    if args.other is None:
        parser.error("the checkout to compare with is needed")
    sys.path.insert(0, str(ROOT))
    from bench.order_statistics import median_interval

    trees = {"this": ROOT, "other": args.other.resolve()}
    cpu: dict[str, list[float]] = {"this": [], "other": []}
    actions: dict[str, list[str]] = {}
    for round_ in range(args.rounds):
        for key in ("this", "other") if round_ % 2 == 0 else ("other", "this"):
            result = run(trees[key], args)
            cpu[key].append(result["cpu"])
            actions.setdefault(key, result["actions"])
    ratios = [b / a for a, b in zip(cpu["this"], cpu["other"])]
    low, high = median_interval(ratios)
    differ = sum(a != b for a, b in zip(actions["this"], actions["other"]))
    print(f"{args.level}: CPU a decision at {len(actions['this'])} positions, "
          f"{args.rounds} rounds, the order alternating")
    for key in ("this", "other"):
        print(f"  {key} ({trees[key]}): median {1000 * statistics.median(cpu[key]):.0f} ms "
              f"(range {1000 * min(cpu[key]):.0f} to {1000 * max(cpu[key]):.0f})")
    print(f"  other / this: median {statistics.median(ratios):.2f}x, "
          f"95% interval {low:.2f}x to {high:.2f}x")
    print(f"  decisions that differ: {differ} of {len(actions['this'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
