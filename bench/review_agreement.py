"""What a smaller review budget keeps (issue 33): whole games reviewed once with each
budget, and the turns each marks (the ``MARKED`` costliest) compared with the reference's.

    .venv/bin/python bench/review_agreement.py [--games 6] [--seed 1] [--jobs 2]
        [--budget 180,32] [--budget 60,12] [--budget 180,32,1,0] ...

A budget is ``iterations,checks[,replies,planned]``: the halving's trials over the
candidate turns, the fresh worlds a cost is measured in (``kahuna.players.review``), and
the trial's kind (``search.Level``: the opponent's replies weighed, the bit mask of the
turns played by a beam search; the master's by default). The first budget is the
reference; it is also run a second time on other worlds, so the figures show how much two
reviews with the reference's own budget agree: the most a smaller one can be asked for.

Prints, per budget: the CPU seconds of a whole game's review (median, 95% interval), and
the share of the reference's marked turns that the budget marks too (mean over the games,
with the games' range). Each review runs in a process of its own (``--jobs`` at a time).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.order_statistics import median_interval  # noqa: E402
from bench.review_figures import game  # noqa: E402
from kahuna.players.levels import MASTER  # noqa: E402
from kahuna.players.review import review  # noqa: E402

PLAYERS = ["skilled", "casual"]


Budget = tuple[int, ...]


def reviewed(game_seed: int, budget: Budget, seed: int) -> tuple[float, set[int]]:
    """The CPU seconds of reviewing Black's turns of game ``game_seed`` with ``budget``
    on the worlds of ``seed``, and the numbers of the turns it marks."""
    start, actions = game(PLAYERS, game_seed)
    iterations, checks, replies, planned = budget
    judge = dataclasses.replace(MASTER, iterations=iterations, replies=replies, planned=planned)
    begin = time.process_time()
    result = review(start, actions, 0, judge, seed, checks)
    return time.process_time() - begin, {t.turn.number for t in result.costliest()}


def parse_budget(text: str) -> Budget:
    parts = tuple(int(part) for part in text.split(","))
    if len(parts) not in (2, 4):
        raise ValueError(f"not iterations,checks[,replies,planned]: {text}")
    return parts if len(parts) == 4 else (*parts, MASTER.replies, MASTER.planned)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", action="append", type=parse_budget,
                        help="iterations,checks[,replies,planned]; the first is the "
                        "reference (default: the master's, 32 checks)")
    args = parser.parse_args(argv)
    budgets = args.budget or [parse_budget(f"{MASTER.iterations},32")]
    runs = ([(budgets[0], 1, "reference again")]
            + [(b, 0, ",".join(map(str, b))) for b in budgets])
    games = [args.seed * 1000 + i for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        # Interleaved by game (A B A B), so the machine's noise falls on every budget alike.
        futures = {(g, label): pool.submit(reviewed, g, budget, seed)
                   for g in games for budget, seed, label in runs}
        results = {key: future.result() for key, future in futures.items()}
    reference = runs[1][2]
    print(f"Black's turns reviewed in {args.games} games of {','.join(PLAYERS)} "
          f"(seed {args.seed}); reference {reference}, CPython {sys.version.split()[0]}")
    for _, _, label in runs:
        seconds = [results[g, label][0] for g in games]
        shares = [len(results[g, label][1] & results[g, reference][1])
                  / len(results[g, reference][1]) for g in games if results[g, reference][1]]
        low, high = median_interval(seconds)
        agree = (f"{100 * statistics.mean(shares):.0f}% [{100 * min(shares):.0f}-"
                 f"{100 * max(shares):.0f}%]" if shares else "-")
        print(f"  {label:>16}: {statistics.median(seconds):6.1f} s CPU [{low:.1f}-{high:.1f}],"
              f" marked turns agree with the reference's {agree}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
