"""How much the opponent's last turn tells about its hidden cards (``Level.infer``): in
games of a reading master against the expert, at each of the master's turns where the
expert's last turn can be read, the log of the weight of the expert's true hand over the
mean weight of hands dealt uniformly from the master's view (nats; 0: nothing learned).

    .venv/bin/python bench/card_inference.py [--games 4] [--temperatures 0.1,0.25,0.5]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna import Setup, new_game, observe  # noqa: E402
from kahuna.players.inference import last_turn  # noqa: E402
from kahuna.players.levels import choose, make_player  # noqa: E402


def finished(work):
    try:
        while True:
            next(work)
    except StopIteration as done:
        return done.value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=20, help="uniform deals per turn")
    parser.add_argument("--temperatures", default="0.1,0.25,0.5")
    args = parser.parse_args(argv)
    temperatures = [float(t) for t in args.temperatures.split(",")]
    ratios: dict[float, list[float]] = {t: [] for t in temperatures}
    for game in range(args.games):
        state = new_game(Setup(seed=100 + game))
        players = [make_player("master:infer=0.25"), make_player("expert")]
        rng, deal = random.Random(game), random.Random(7)
        while not state.is_over:
            seat = state.to_move
            obs = observe(state, seat)
            left = players[0]._left
            if seat == 0 and left:
                turn = last_turn(left[1], obs, left[0], players[0].level.weights)
                if turn:
                    known = obs.known[1]
                    worlds = [obs.sample_state(deal) for _ in range(args.worlds)]
                    for t in temperatures:
                        truth = finished(turn.weight(state, known, t))
                        dealt = statistics.mean(finished(turn.weight(w, known, t))
                                                for w in worlds)
                        ratios[t].append(math.log(max(truth, 1e-9) / dealt))
            state.do(choose(players[seat], obs, rng))
    for t in temperatures:
        r = ratios[t]
        print(f"temperature {t}: {len(r)} turns read, mean log ratio {statistics.mean(r):+.3f} "
              f"nats; true hand far less likely (< -0.5) in {sum(x < -0.5 for x in r)}, "
              f"far more (> 0.5) in {sum(x > 0.5 for x in r)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
