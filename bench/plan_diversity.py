"""How many different phase As the master's candidates hold: the beam's best plans,
counted by their actions before the draw, in positions of expert self-play games. When
most candidates share one phase A, the trials choose the draw and the evaluation
chooses the phase A (docs/players.md, the master's second session).

    .venv/bin/python bench/plan_diversity.py [--games 3] [--every 6] [--level master]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna import Setup, new_game, observe  # noqa: E402
from kahuna.players.levels import choose, level_named, make_player  # noqa: E402
from kahuna.players.plans import plans  # noqa: E402
from kahuna.players.search import Level  # noqa: E402
from kahuna.rules.actions import TURN_ENDING  # noqa: E402
from kahuna.rules.observation import Observation  # noqa: E402


def phase_as(obs_seed: int, obs: Observation, level: Level) -> int:
    """Different phase As among ``level``'s candidates in one world of ``obs``."""
    search = plans(obs.sample_state(random.Random(obs_seed)), level.width, level.depth,
                   level.weights)
    try:
        while True:
            next(search)
    except StopIteration as done:
        ranked = done.value
    top = [plan for _, plan in ranked[:level.candidates]]
    return len({plan[:-1] if plan[-1].kind in TURN_ENDING else plan for plan in top})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=6, help="every n-th decision")
    parser.add_argument("--level", default="master")
    args = parser.parse_args(argv)
    level = level_named(args.level)
    counts: Counter[int] = Counter()
    decision = 0
    for game in range(args.games):
        state = new_game(Setup(seed=game))
        players = [make_player("expert"), make_player("expert")]
        rng = random.Random(game)
        while not state.is_over:
            obs = observe(state, state.to_move)
            if decision % args.every == 0:
                counts[phase_as(decision, obs, level)] += 1
            decision += 1
            state.play(choose(players[state.to_move], obs, rng))
    print(f"{args.level}'s {level.candidates} candidates in {sum(counts.values())} positions "
          f"of {args.games} expert games: different phase As -> positions")
    for n in sorted(counts):
        print(f"{n:>3} {counts[n]:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
