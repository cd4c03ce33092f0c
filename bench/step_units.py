"""The longest unit of work of each level: the time of one ``step(0)`` call, which does
exactly one unit (a beam step, a greedy trial, or a beam step of a master trial's planned
turns). The page steps a decision in slices of a few tens of milliseconds, so a slice
overruns its time by at most one unit. Wall time and the process's CPU time: on a machine
shared with other work, the longest wall time is often a pause of this process.

    .venv/bin/python bench/step_units.py [--games 4] [--levels beginner,casual,skilled,expert]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna import Setup, new_game, observe  # noqa: E402
from kahuna.players.levels import LEVELS, make_player  # noqa: E402


def longest_unit(level: str, games: int) -> tuple[float, float, int]:
    """Self-play ``games`` games of ``level``, both variants in turn; the longest
    ``step(0)`` in seconds of wall time and of CPU time, and the number of steps."""
    worst = worst_cpu = 0.0
    steps = 0
    for game in range(games):
        state = new_game(Setup(seed=300 + game, fewer_surprises=game % 2 == 1,
                               open_draws=game % 4 >= 2))
        players = [make_player(level), make_player(level)]
        rngs = [random.Random(2 * game + 1), random.Random(2 * game + 2)]
        while not state.is_over:
            seat = state.to_move
            thinking = players[seat].think(observe(state, seat), rngs[seat])
            done = False
            while not done:
                start, cpu = time.perf_counter(), time.process_time()
                done = thinking.step(0.0)
                worst = max(worst, time.perf_counter() - start)
                worst_cpu = max(worst_cpu, time.process_time() - cpu)
                steps += 1
            state.play(thinking.action())
    return worst, worst_cpu, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args(argv)
    print(f"{'level':10} {'steps':>7} {'longest ms':>11} {'CPU ms':>8}")
    for level in args.levels.split(","):
        worst, worst_cpu, steps = longest_unit(level, args.games)
        print(f"{level:10} {steps:>7} {1000 * worst:>11.2f} {1000 * worst_cpu:>8.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
