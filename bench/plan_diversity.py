"""How many different phase As a level's candidates hold (the beam's best plans, counted
by their actions before the draw, R8-R15), and how often its trials choose a phase A
other than the beam's first, at turn starts of expert self-play games. When the
candidates share one phase A, the trials choose the draw and the evaluation the phase A
(docs/players.md, the master's second session and issue 34).

    .venv/bin/python bench/plan_diversity.py [--games 3] [--every 2] [master:reply_view=1]

Per level: positions by their count of phase As among the candidates; where there are
two or more, how often the trials' choice plays another phase A than the beam's first,
and the actions of phase A that each of the two plays there.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.decision_stability import expert_turn_starts  # noqa: E402
from kahuna.players.levels import make_player  # noqa: E402
from kahuna.players.plans import plans  # noqa: E402
from kahuna.players.protocol import run_to_end  # noqa: E402
from kahuna.players.search import _test_replies  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=2, help="every n-th turn start")
    parser.add_argument("levels", nargs="*", default=["master"])
    args = parser.parse_args(argv)
    for spec in args.levels:
        level = make_player(spec).level
        counts: Counter[int] = Counter()
        other: list[tuple[int, int]] = []  # phase-A actions: the beam's first, the chosen
        for n, obs in expert_turn_starts(args.games, args.every):
            rng = random.Random(n)
            ranked = run_to_end(plans(obs.sample_state(rng), level.width, level.depth,
                                      level.weights, decoys=level.decoys))
            candidates = [plan for _, plan in ranked[:level.candidates]]
            phase_as = len({plan[:-1] for plan in candidates})
            counts[phase_as] += 1
            if phase_as < 2:
                continue
            chosen = run_to_end(_test_replies(obs, rng, candidates, level))
            first = ranked[0][1]
            if chosen[:-1] != first[:-1]:
                other.append((len(first) - 1, len(chosen) - 1))
        several = sum(k for size, k in counts.items() if size > 1)
        print(f"{spec}: {sum(counts.values())} turn starts of {args.games} expert games, "
              f"phase As among its {level.candidates} candidates -> turn starts: "
              + ", ".join(f"{n}: {counts[n]}" for n in sorted(counts)))
        print(f"  where there are two or more ({several}), the trials choose another phase A "
              f"than the beam's first in {len(other)}; its actions of phase A there, the "
              f"beam's first / the chosen: {sum(a for a, _ in other)} / "
              f"{sum(b for _, b in other)}; the chosen builds nothing in "
              f"{sum(1 for a, b in other if a and not b)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
