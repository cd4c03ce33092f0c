"""How often a level decides the same whole turn when only its own random seed changes:
the positions at the start of turns of expert self-play, each decided by every level
given (side by side, position by position) with ``--seeds`` seeds. A level whose trials
are short of samples picks different turns from one seed to the next; more trials then
help it only if its choice was not already settled (docs/players.md, "Twice the trials,
head to head").

    .venv/bin/python bench/decision_stability.py [--games 2] [--every 4] [--seeds 5] \
        master master:iterations=360
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna import Setup, new_game, observe  # noqa: E402
from kahuna.players.levels import choose, make_player  # noqa: E402
from kahuna.players.protocol import legal_actions  # noqa: E402
from kahuna.rules.actions import Action  # noqa: E402
from kahuna.rules.observation import Observation  # noqa: E402
from kahuna.rules.state import Phase  # noqa: E402
from kahuna.tools.tournament import Z95  # noqa: E402


def turn_decided(spec: str, obs: Observation, seed: int) -> tuple[Action, ...]:
    """The whole turn a fresh ``spec`` player plans in ``obs`` with ``seed``."""
    player = make_player(spec)
    first = choose(player, obs, random.Random(seed))
    return (first, *player.planned())


def expert_turn_starts(games: int, every: int) -> Iterator[tuple[int, Observation]]:
    """Every ``every``-th turn start after the handicap (R7) of ``games`` expert
    self-play games: its number among them all, and the mover's observation."""
    starts = 0
    for game in range(games):
        state = new_game(Setup(seed=1000 + game))
        players = [make_player("expert"), make_player("expert")]
        rng = random.Random(game)
        mover = None
        while not state.is_over:
            obs = observe(state, state.to_move)
            if state.to_move != mover and obs.phase is not Phase.HANDICAP:
                if starts % every == 0:
                    yield starts, obs
                starts += 1
            mover = state.to_move
            state.play(choose(players[state.to_move], obs, rng))


def agreement(turns: list[tuple[Action, ...]]) -> float:
    """The share of ``turns`` equal to the most frequent one."""
    return Counter(turns).most_common(1)[0][1] / len(turns)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help="levels, e.g. master master:iterations=360")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=4, help="every n-th turn start")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args(argv)
    shares: dict[str, list[float]] = {spec: [] for spec in args.specs}
    for _, obs in expert_turn_starts(args.games, args.every):
        if len(legal_actions(obs)) > 1:
            for spec in args.specs:  # side by side, position by position
                turns = [turn_decided(spec, obs, seed) for seed in range(args.seeds)]
                shares[spec].append(agreement(turns))
    print(f"{len(shares[args.specs[0]])} turn starts of {args.games} expert games, "
          f"{args.seeds} seeds each: the share of seeds that chose the most chosen turn")
    for spec, values in shares.items():
        mean = statistics.fmean(values)
        half = Z95 * statistics.stdev(values) / len(values) ** 0.5
        settled = sum(v == 1 for v in values) / len(values)
        print(f"  {spec}: mean {mean:.1%} (95% CI {mean - half:.1%} to {mean + half:.1%}), "
              f"all seeds agree in {settled:.0%} of positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
