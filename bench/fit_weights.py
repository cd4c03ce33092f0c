"""Fit the evaluation's weights to the outcomes of self-play games (Texel tuning): the
weights with which ``sigmoid(evaluate / scale)`` best predicts who won, from the
positions at the start of each turn.

    .venv/bin/python bench/fit_weights.py --level expert --games 400 --seed 5 --jobs 2
                                          [--variants V1,V2] [--data /tmp/fit.pickle]
                                          [--start fitted]

Games of ``--level`` against itself are played, with the variants ``--variants`` (or read
back from ``--data``, which the first run writes); at each turn's first action, the
position is kept with both seats' results (1 won, 0.5 drawn, 0 lost). The loss is the mean
cross-entropy over both seats' views (each seat's evaluation reads its own hand, as in
play). A scale is fitted first with the weights of ``--start`` (the hand-set ``DEFAULT``,
or the master's ``FITTED``), then every weight by coordinate descent from there
(multiplied or divided by 1 + step, the step halved when a pass improves nothing, the
scale fitted again after each pass), on the even-numbered games; the loss on the
odd-numbered ones is printed beside it, so a fit that only learns its own games shows.
The result is a tuning to test by matches (``python -m kahuna tournament master:TUNING
...``): a better fit of the outcomes is not yet a stronger player.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna.players.evaluate import DEFAULT, FITTED, Weights, evaluate  # noqa: E402
from kahuna.players.levels import choose, make_player  # noqa: E402
from kahuna.rules.deal import Setup, new_game  # noqa: E402
from kahuna.rules.observation import observe  # noqa: E402
from kahuna.tools.tournament import variants  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from tune_weights import knobs  # noqa: E402


def _game(args: tuple[str, int, str]) -> tuple[list, list[float]]:
    """One self-play game: the positions at each turn's start, and each seat's result."""
    level, deal, rules = args
    state = new_game(Setup(seed=deal, **variants(rules)))
    players = [make_player(level), make_player(level)]
    rngs = [random.Random(deal * 2 + 1), random.Random(deal * 2 + 2)]
    positions = []
    mover = None
    while not state.is_over:
        seat = state.to_move
        if seat != mover:
            positions.append(state.fork())
            mover = seat
        state.play(choose(players[seat], observe(state, seat), rngs[seat]))
    winner = state.outcome.winner
    results = [0.5, 0.5] if winner is None else [float(winner == s) for s in (0, 1)]
    return positions, results


def games(level: str, n: int, seed: int, jobs: int,
          rules: str = "") -> list[tuple[list, list[float]]]:
    """``n`` self-play games of ``level``, each on its own deal, with the variants ``rules``."""
    tasks = [(level, seed * 1_000_003 + i, rules) for i in range(n)]
    with Pool(jobs) as pool:
        return list(pool.imap(_game, tasks))


def loss(samples: list, weights: Weights, scale: float) -> float:
    """Mean cross-entropy of ``sigmoid(evaluate / scale)`` against the results."""
    total = 0.0
    for state, results in samples:
        for seat in (0, 1):
            p = 1.0 / (1.0 + math.exp(-evaluate(state, seat, weights) / scale))
            p = min(max(p, 1e-9), 1 - 1e-9)
            y = results[seat]
            total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / (2 * len(samples))


def fit_scale(samples: list, weights: Weights) -> float:
    """The scale that minimises the loss (golden-section search on its logarithm)."""
    lo, hi = math.log(0.3), math.log(30.0)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(30):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(samples, weights, math.exp(a)) < loss(samples, weights, math.exp(b)):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def as_weights(tuning: dict[str, float]) -> Weights:
    """The evaluation's weights with ``tuning`` (``{"near2": 0.9}``), as a level takes them."""
    return make_player("casual:" + ",".join(f"{k}={v}" for k, v in tuning.items())).level.weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--step", type=float, default=0.4)
    parser.add_argument("--variants", default="", help="e.g. V1,V2 (docs/rules.md)")
    parser.add_argument("--data", help="pickle of the games: read if it exists, else written")
    parser.add_argument("--keep", default="", help="weights left as they are, e.g. exposed,reach")
    parser.add_argument("--start", choices=("default", "fitted"), default="default",
                        help="the weights the descent starts from")
    args = parser.parse_args()
    if args.data and Path(args.data).exists():
        played = pickle.loads(Path(args.data).read_bytes())
    else:
        played = games(args.level, args.games, args.seed, args.jobs, args.variants)
        if args.data:
            Path(args.data).write_bytes(pickle.dumps(played))
    train = [(s, r) for i, (ps, r) in enumerate(played) if i % 2 == 0 for s in ps]
    test = [(s, r) for i, (ps, r) in enumerate(played) if i % 2 == 1 for s in ps]
    print(f"{len(played)} games, {len(train)} positions to fit, {len(test)} to check",
          flush=True)
    start = FITTED if args.start == "fitted" else DEFAULT
    current = knobs(start)
    kept = set(filter(None, args.keep.split(",")))
    scale = fit_scale(train, start)
    best = loss(train, start, scale)
    print(f"the {args.start} weights: scale {scale:.3f}, loss {best:.5f} (check "
          f"{loss(test, start, scale):.5f})", flush=True)
    step = args.step
    while step > 0.02:
        improved = False
        for key in [k for k in current if k not in kept]:
            for factor in (1 + step, 1 / (1 + step)):
                trial = dict(current, **{key: round(current[key] * factor, 4)})
                value = loss(train, as_weights(trial), scale)
                if value < best - 1e-5:
                    best, current, improved = value, trial, True
                    print(f"  {key}={trial[key]}: {best:.5f}", flush=True)
                    break
        if not improved:
            step /= 2
        scale = fit_scale(train, as_weights(current))
        best = loss(train, as_weights(current), scale)  # the bar at the new scale
    weights = as_weights(current)
    print(f"fitted: scale {scale:.3f}, loss {loss(train, weights, scale):.5f} (check "
          f"{loss(test, weights, scale):.5f})")
    print("tuning:", ",".join(f"{k}={v}" for k, v in current.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
