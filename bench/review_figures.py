"""How long a game review takes on CPython (issue 14): whole games played by two computer
players, then one seat's turns reviewed by the judge, timed.

    .venv/bin/python bench/review_figures.py [--games 8] [--seed 1] [--level review]
        [--players skilled,casual] [--seat black] [--json]

Prints, over the games: the seconds to review a whole game (median with its 95%
distribution-free interval, the range), the turns reviewed, the seconds per turn, the
longest single unit of work (one ``Reviewing.step(0)``), by which a slice of the page's
review can overrun its time, and the mean cost per turn (a weaker reviewed player should
cost more), also without the games won or lost within the look-ahead. The games are
generated first and not timed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.order_statistics import median_interval  # noqa: E402
from kahuna.notation.reading import parse_seat  # noqa: E402
from kahuna.players.levels import choose, make_player  # noqa: E402
from kahuna.players.review import JUDGE, Reviewing, review_turns  # noqa: E402
from kahuna.players.search import Level, SearchPlayer  # noqa: E402
from kahuna.rules.actions import Action  # noqa: E402
from kahuna.rules.deal import Setup, new_game  # noqa: E402
from kahuna.rules.observation import observe  # noqa: E402
from kahuna.rules.state import State  # noqa: E402


def game(names: list[str], seed: int) -> tuple[State, list[Action]]:
    """A whole game between ``names`` (Black, White) on the deal of ``seed``: the start
    and the actions."""
    state = new_game(Setup(seed=seed))
    start = state.copy()
    players = [make_player(name) for name in names]
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        action = choose(players[state.to_move], observe(state, state.to_move), rng)
        state.play(action)
        actions.append(action)
    return start, actions


def timed_review(start: State, actions: list[Action], seat: int, judge: Level,
                 seed: int) -> dict[str, float]:
    """Review ``seat``'s turns in ``step(0)`` units: the whole time and the longest unit."""
    reviewing = Reviewing(review_turns(start, actions, seat), judge, seed)
    longest = 0.0
    begin = time.perf_counter()
    while True:
        unit = time.perf_counter()
        finished = reviewing.step(0)
        longest = max(longest, time.perf_counter() - unit)
        if finished:
            break
    seconds = time.perf_counter() - begin
    return {"seconds": seconds, "turns": reviewing.total, "longest_unit": longest,
            "costs": [t.cost for t in reviewing.result().turns],
            "points": [t.points for t in reviewing.result().turns]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default=JUDGE.name,
                        help="the judge: review (the page's, by default) or a level's name")
    parser.add_argument("--players", default="skilled,casual", help="Black,White of the games")
    parser.add_argument("--seat", default="black", help="whose turns are reviewed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    player = None if args.level == JUDGE.name else make_player(args.level)
    if player is not None and not isinstance(player, SearchPlayer) or args.games < 1:
        parser.error("--level must name a search level and --games be at least 1")
    judge = JUDGE if player is None else player.level
    names = args.players.split(",")
    seat = parse_seat(args.seat)
    rows = []
    for i in range(args.games):
        start, actions = game(names, args.seed * 1000 + i)
        rows.append(timed_review(start, actions, seat, judge, args.seed))
        if not args.json:
            r = rows[-1]
            print(f"game {i + 1}: {len(actions)} actions, {r['turns']} turns reviewed in "
                  f"{r['seconds']:.2f} s (longest unit {1000 * r['longest_unit']:.1f} ms)",
                  flush=True)
    seconds = [r["seconds"] for r in rows]
    low, high = median_interval(seconds)
    per_turn = [r["seconds"] / r["turns"] for r in rows if r["turns"]]
    costs = [c for r in rows for c in r["costs"]]
    points = [c for r in rows for c in r["points"]]
    summary = {
        "level": args.level, "players": names, "seat": args.seat, "games": args.games,
        "seed": args.seed, "median_seconds": statistics.median(seconds),
        "median_ci95": [low, high], "min_seconds": min(seconds), "max_seconds": max(seconds),
        "mean_turns": statistics.mean(r["turns"] for r in rows),
        "mean_seconds_per_turn": statistics.mean(per_turn) if per_turn else 0.0,
        "longest_unit": max(r["longest_unit"] for r in rows),
        "mean_cost": statistics.mean(costs) if costs else 0.0,
        "mean_points": statistics.mean(points) if points else 0.0,
        "share_costless": sum(1 for c in costs if c == 0) / len(costs) if costs else 0.0,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"review by {args.level} of {args.seat}'s turns, {args.games} games of "
          f"{args.players} (seed {args.seed}), CPython {summary['python']}:")
    print(f"  whole game: median {summary['median_seconds']:.2f} s "
          f"(95% CI {low:.2f}-{high:.2f} s), range {min(seconds):.2f}-{max(seconds):.2f} s")
    print(f"  {summary['mean_turns']:.1f} turns per game, "
          f"{1000 * summary['mean_seconds_per_turn']:.0f} ms per turn; longest unit of work "
          f"{1000 * summary['longest_unit']:.1f} ms")
    print(f"  mean cost per turn {summary['mean_cost']:.3f} ({summary['mean_points']:.3f} "
          f"without games won or lost), {100 * summary['share_costless']:.0f}% of turns as "
          f"good as the judge's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
