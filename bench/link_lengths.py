"""How long share links are (web/state/sharing.py): games a level plays against itself, the
link to each finished game (``?record=``) and to the position at each of its turns
(``?position=``), against the limit the page refuses longer links at.

    .venv/bin/python bench/link_lengths.py [--level expert] [--games 50] [--json]

The address starts with a GitHub Pages site's (``https://someone.github.io/kahuna/``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kahuna import Setup, link_url, make_record, new_game, observe, position_to_json  # noqa: E402
from kahuna.players import choose, make_player  # noqa: E402
from web.state.sharing import LIMIT  # noqa: E402

SITE = "https://someone.github.io/kahuna/"


def game_links(level: str, seed: int) -> tuple[int, int, list[int]]:
    """One game of ``level`` against itself: its actions, its record link's length, and
    the length of a position link at each turn (hidden cards re-dealt, as the page does)."""
    setup = Setup(seed=seed)
    state = new_game(setup)
    players, rng = (make_player(level), make_player(level)), random.Random(seed)
    positions = []
    while not state.is_over:
        obs = observe(state, state.to_move)
        positions.append(len(link_url(position_to_json(obs.sample_state(rng)), SITE)))
        state.play(choose(players[state.to_move], obs, rng))
    record = make_record(setup, [action for _, action in state.history])
    return len(state.history), len(link_url(record, SITE)), positions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    actions, records, positions = [], [], []
    for seed in range(1, args.games + 1):
        count, record, at_turns = game_links(args.level, seed)
        actions.append(count)
        records.append(record)
        positions += at_turns
    figures = {
        "level": args.level, "games": args.games, "limit": LIMIT,
        "actions": {"median": statistics.median(actions), "longest": max(actions)},
        "record_link": {"median": statistics.median(records), "longest": max(records)},
        "position_link": {"median": statistics.median(positions), "longest": max(positions)},
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{args.games} games of {args.level} against itself; links on {SITE}")
    for key, label in (("actions", "actions per game"), ("record_link", "record link"),
                       ("position_link", "position link")):
        unit = "" if key == "actions" else " characters"
        print(f"  {label:17} median {figures[key]['median']:>6}{unit}, "
              f"longest {figures[key]['longest']:>6}{unit}")
    print(f"  the page refuses links over {LIMIT} characters "
          f"(longest record link: {max(records) / LIMIT:.0%} of that)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
