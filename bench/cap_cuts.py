"""What the page's time cap does to a level's choice: at turn starts of expert self-play,
the whole turn a level plans with ``--cap`` seconds (as on a phone, docs/players.md),
against the one it plans uncapped with the same seed, and, for scale, uncapped with
another seed. A cut that agrees with the uncapped turn as often as two seeds agree with
each other costs nothing beyond the search's own noise.

    .venv/bin/python bench/cap_cuts.py [--games 3] [--every 2] [--level master] [--cap 0.45]

The cap is on the clock: run it alone on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decision_stability import expert_turn_starts, turn_decided  # noqa: E402

from kahuna.players.protocol import legal_actions  # noqa: E402
from kahuna.tools.tournament import wilson  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=2, help="every n-th turn start")
    parser.add_argument("--level", default="master")
    parser.add_argument("--cap", type=float, default=0.45, help="seconds a decision")
    args = parser.parse_args(argv)
    capped_spec = f"{args.level}{',' if ':' in args.level else ':'}time_cap={args.cap}"
    cut = same_cut = same_uncut = seeds_same = positions = 0
    times = []
    for n, obs in expert_turn_starts(args.games, args.every):
        if len(legal_actions(obs)) == 1:
            continue
        positions += 1
        full = turn_decided(args.level, obs, n)
        start = time.perf_counter()
        capped = turn_decided(capped_spec, obs, n)
        times.append(time.perf_counter() - start)
        seeds_same += turn_decided(args.level, obs, n + 10_000) == full
        if times[-1] >= 0.98 * args.cap:
            cut += 1
            same_cut += capped == full
        else:
            same_uncut += capped == full
    print(f"{positions} turn starts of {args.games} expert games, {args.level} capped at "
          f"{args.cap} s against uncapped, the same seed")

    def share(k: int, n: int) -> str:
        low, high = wilson(k / n, n) if n else (0.0, 0.0)
        return f"{k}/{n} ({k / max(n, 1):.0%}, 95% CI {low:.0%}-{high:.0%})"

    print(f"  cut by the cap: {share(cut, positions)}; "
          f"median {statistics.median(times):.2f} s a decision")
    print(f"  cut, the same turn as uncapped: {share(same_cut, cut)}")
    print(f"  not cut, the same turn as uncapped: {share(same_uncut, positions - cut)}")
    print(f"  uncapped with another seed, the same turn: {share(seeds_same, positions)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
