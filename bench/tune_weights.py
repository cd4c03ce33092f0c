"""Tune the evaluation's weights by self-play: coordinate ascent, each step a match of a
level with changed weights against the same level with today's weights.

    .venv/bin/python bench/tune_weights.py [--level casual] [--games 300] [--seed 11]
                                           [--step 0.5] [--jobs 1]

``--level`` may carry its own tuning (``master:iterations=45``): the weights' tuning is
added to it.

Every weight (and every entry of a tuple of weights) is tried scaled by 1 + step and
1 - step, in turn; a change is kept when the match score beats the best so far. All
matches share the seed (the same deals), so scores compare with less noise, and the
result must be checked on other seeds (``python -m kahuna tournament``) before use.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna.players.evaluate import DEFAULT, Weights  # noqa: E402
from kahuna.tools.tournament import match  # noqa: E402


def knobs(weights: Weights = DEFAULT) -> dict[str, float]:
    """Every tunable weight by its tuning name (``reach``, ``final3``), with its value in
    ``weights``."""
    result: dict[str, float] = {}
    for f in dataclasses.fields(weights):
        value = getattr(weights, f.name)
        if isinstance(value, tuple):
            result.update({f"{f.name}{i + 1}": v for i, v in enumerate(value) if v})
        else:
            result[f.name] = value
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="casual")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--step", type=float, default=0.5)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    current = knobs()
    best = 0.5
    for key in list(current):
        for factor in (1 + args.step, 1 - args.step):
            trial = dict(current, **{key: round(current[key] * factor, 4)})
            tuning = ",".join(f"{k}={v}" for k, v in trial.items())
            joiner = "," if ":" in args.level else ":"
            score = match(f"{args.level}{joiner}{tuning}", args.level, args.games, args.seed,
                          args.jobs)["score"]
            kept = score > best
            print(f"{key}={trial[key]}: {100 * score:.1f}%{'  kept' if kept else ''}",
                  flush=True)
            if kept:
                best, current = score, trial
                break
    print("best:", ",".join(f"{k}={v}" for k, v in current.items()), f"{100 * best:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
