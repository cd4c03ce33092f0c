"""``python -m kahuna``: replay records, link to a game, benchmark the engine, match
computer players."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..notation.link import link_url
from ..notation.position import position_to_json
from ..notation.reading import MAX_BYTES, load_json
from ..notation.record import replay
from ..rules.board import ISLANDS
from ..rules.errors import KahunaError, RecordError
from ..rules.state import COLOURS
from .bench import random_games
from .tournament import match


def _read(path: str) -> Any:
    """The JSON in the file at ``path``; OSError or RecordError say what is wrong."""
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    return load_json(raw, RecordError)


def _replay(args: argparse.Namespace) -> int:
    try:
        record = _read(args.file)
    except (OSError, KahunaError) as exc:  # no file, or not UTF-8 JSON
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        print(f"cannot read {args.file}: {reason}", file=sys.stderr)
        return 2
    try:
        state, _ = replay(record)
    except KahunaError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    if state.is_over:
        totals = state.totals()
        for q, colour in enumerate(COLOURS):
            islands = ", ".join(ISLANDS[i] for i in state.islands(q)) or "none"
            print(f"{colour}: {totals[q]} points "
                  f"{[s[q] for s in state.scorings]}, {len(state.bridges(q))} bridges, "
                  f"islands: {islands}")
        print(f"Result: {state.outcome}")
    else:
        print(json.dumps(position_to_json(state), indent=1))
        print(f"Game in progress, {COLOURS[state.to_move]} to move")
    return 0


def _link(args: argparse.Namespace) -> int:
    try:
        print(link_url(_read(args.file), args.base, args.embed))
    except OSError as exc:
        problem = f"cannot read it ({exc.strerror or exc})"
    except KahunaError as exc:  # not UTF-8, not JSON, or a bad record or position
        problem = str(exc)
    else:
        return 0
    print(f"{args.file}: no link made: {problem}", file=sys.stderr)
    return 1


def _bench(args: argparse.Namespace) -> int:
    result = random_games(args.games, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} random games in {result['seconds']} s: "
              f"{result['games_per_second']} games/s, "
              f"{result['decisions_per_second']} decisions/s, "
              f"{result['mean_decisions_per_game']} decisions per game")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    if args.games < 1 or args.jobs < 1:
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        result = match(args.a, args.b, args.games, args.seed, args.jobs, args.variants)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    low, high = result["ci95"]
    print(f"{result['a']} vs {result['b']}: {result['games']} games (seat-swapped pairs, "
          f"seed {result['seed']})")
    print(f"{result['a']} wins {result['wins']}, loses {result['losses']}, "
          f"draws {result['draws']}: win rate {100 * result['win_rate']:.1f}%, "
          f"score {100 * result['score']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    for key in ("a", "b"):
        t = result[f"time_{key}"]
        print(f"  {result[key]} ({key.upper()}): {t['decisions']} decisions, "
              f"mean {1000 * t['mean']:.1f} ms, p95 {1000 * t['p95']:.1f} ms, "
              f"max {1000 * t['max']:.1f} ms")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; the exit status (0 success, 1 bad record or file, 2 bad input)."""
    parser = argparse.ArgumentParser(prog="python -m kahuna", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check and replay a game record")
    p.add_argument("file")
    p.set_defaults(run=_replay)
    p = sub.add_parser("link", help="the page's address opening a game record or position")
    p.add_argument("file", help="a game record or a position (JSON, docs/notation.md)")
    p.add_argument("--base", default="./", help="the game page's address (default ./)")
    p.add_argument("--embed", action="store_true", help="for an <iframe> (docs/embedding.md)")
    p.set_defaults(run=_link)
    p = sub.add_parser("bench", help="random games per second")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_bench)
    p = sub.add_parser("tournament", help="games between two computer players, seats swapped")
    p.add_argument("a", help="player A (its win rate is reported)")
    p.add_argument("b", help="player B (NAME@ROOT: NAME from the checkout at ROOT)")
    p.add_argument("--games", type=int, default=100, help="games, played in pairs (even)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (same result)")
    p.add_argument("--variants", default="", help="variants to play with, e.g. V1,V2")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_tournament)
    args = parser.parse_args(argv)
    return args.run(args)
