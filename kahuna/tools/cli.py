"""``python -m kahuna``: replay records, link to a game, draw a position as a picture,
benchmark the engine, match computer players, review a player's turns, list puzzles and
check a turn against one."""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from typing import Any

from .. import __version__
from ..drawing.annotations import parse_annotations
from ..drawing.marks import Marks, annotated
from ..drawing.picture import THEMES, picture_svg
from ..learn.goals import check_turn, parse_turn
from ..learn.puzzle import find_puzzle, puzzles
from ..learn.words import goal_words, verdict_words
from ..notation.language import LANGUAGES, translations
from ..notation.link import as_record, kind_of, link_url
from ..notation.position import position_to_json
from ..notation.reading import MAX_BYTES, load_json, parse_seat
from ..notation.record import replay, start_of
from ..players.levels import make_player
from ..players.review import JUDGE, Clause, Review, review, why_words
from ..players.search import SearchPlayer
from ..rules.actions import Action
from ..rules.board import ISLANDS, line_name
from ..rules.errors import KahunaError, RecordError
from ..rules.observation import observe
from ..rules.state import COLOURS, State
from .bench import random_games
from .tournament import match


def _read(path: str) -> Any:
    """The JSON in the file at ``path``; OSError or RecordError say what is wrong."""
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    return load_json(raw, RecordError)


def _cannot_read(path: str, exc: OSError | KahunaError) -> int:
    """Say why the file at ``path`` cannot be read; the exit status."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
    print(f"cannot read {path}: {reason}", file=sys.stderr)
    return 2


def _replay(args: argparse.Namespace) -> int:
    try:
        record = _read(args.file)
    except (OSError, KahunaError) as exc:  # no file, or not UTF-8 JSON
        return _cannot_read(args.file, exc)
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


def _picture_options(args: argparse.Namespace) -> tuple[Marks, int | None, int | None]:
    """The notes, the seat (None: the side to move) and the step (None: the last) the
    options ask for; KahunaError or ValueError saying which option is wrong."""
    if args.lang not in LANGUAGES:
        raise ValueError(f"--lang: {args.lang!r} is none of {', '.join(LANGUAGES)}")
    if args.theme not in THEMES:
        raise ValueError(f"--theme: {args.theme!r} is none of {', '.join(THEMES)}")
    if args.steps is not None and (args.step is not None or args.output is not None):
        raise ValueError("--steps writes every step to a folder: not with --step or -o")
    step = None
    if args.step is not None:
        if not (args.step.isascii() and args.step.isdigit() and len(args.step) < 7):
            raise ValueError(f"--step: {args.step!r} is not a number of actions (0, 1, ...)")
        step = int(args.step)
    seat = None if args.seat is None else parse_seat(args.seat)
    notes = parse_annotations(args.islands, args.lines, args.arrows, args.labels)
    return annotated(notes), seat, step


def _after(record: dict[str, Any], n: int) -> State:
    """The position after the first ``n`` actions of a record already replayed whole."""
    return replay({**record, "actions": record.get("actions", [])[:n]})[0]


def _write(path: str | None, text: str) -> None:
    if path is None:
        sys.stdout.write(text)
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _svg(args: argparse.Namespace) -> int:
    try:
        marks, seat, step = _picture_options(args)
    except (KahunaError, ValueError) as exc:
        print(f"no picture drawn: {exc}", file=sys.stderr)
        return 1
    tr = translations(args.lang)

    def draw(n: int) -> str:
        state = _after(record, n)
        obs = observe(state, state.to_move if seat is None else seat)
        return picture_svg(obs, marks, args.portrait, tr, args.theme)

    try:
        data = _read(args.file)
        record = as_record(kind_of(data), data)
        count = len(replay(record)[1])  # checked whole first: the error names the bad action
        if step is not None and step > count:
            raise RecordError(f"no position after {step} actions: the game has {count}")
        if args.steps is None:
            _write(args.output, draw(count if step is None else step))
        else:
            os.makedirs(args.steps, exist_ok=True)
            width = max(3, len(str(count)))  # step-000.svg, ...: the names sort as the steps
            names = [os.path.join(args.steps, f"step-{n:0{width}d}.svg") for n in range(count + 1)]
            for n, name in enumerate(names):
                _write(name, draw(n))
            print(f"{len(names)} pictures: {names[0]} to {names[-1]}")
    except OSError as exc:
        problem = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc)
    except KahunaError as exc:  # not UTF-8, not JSON, or a bad record or position
        problem = f"{args.file}: {exc}"
    else:
        return 0
    print(f"no picture drawn: {problem}", file=sys.stderr)
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
    if args.games < 1 or args.jobs < 1 or args.progress < 0 or args.first < 0 or args.first % 2:
        print("--games and --jobs must be at least 1, --progress at least 0, --first an even "
              "number from 0", file=sys.stderr)
        return 2
    try:
        result = match(args.a, args.b, args.games, args.seed, args.jobs, args.variants,
                       partial(print, file=sys.stderr, flush=True) if args.progress else None,
                       args.progress, args.first, args.cpu_clock)
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


def _review(args: argparse.Namespace) -> int:
    try:
        record = _read(args.file)
    except (OSError, KahunaError) as exc:  # no file, or not UTF-8 JSON
        return _cannot_read(args.file, exc)
    try:
        player = None if args.level == JUDGE.name else make_player(args.level)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if player is not None and not isinstance(player, SearchPlayer):
        print(f"{args.level} cannot judge turns: name a level (master, expert, ...)",
              file=sys.stderr)
        return 2
    seat = parse_seat(args.seat)
    try:
        _, effects = replay(record)  # checked first: the error names the bad action
        result = review(start_of(record), [fx.action for fx in effects], seat,
                        JUDGE if player is None else player.level, args.seed)
    except KahunaError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(_review_json(result, args)))
        return 0
    colour = COLOURS[seat]
    n = len(result.turns)
    print(f"{colour}: {n} turn{'' if n == 1 else 's'} judged by {args.level} (seed {args.seed}); "
          f"* marks the {len(result.costliest())} costliest; cost in points (a game won "
          f"or lost counts 100)")
    for t in result.turns:
        turn = t.turn
        print(f"{'*' if t.marked else ' '} turn {turn.number:2} (action {turn.first + 1}, "
              f"round {turn.round}): cost {t.cost:5.2f}  played {_plan(turn.played)}")
        if t.cost > 0:
            won = f", {100 * t.won:+.0f}% games won" if t.won else ""
            print(f"      better: {_plan(t.better)}{won}\n      why: {why_words(t.reason)}")
    return 0


def _plan(actions: tuple[Action, ...]) -> str:
    return " ".join(str(a) for a in actions)


def _review_json(result: Review, args: argparse.Namespace) -> dict[str, Any]:
    def clause(c: Clause) -> dict[str, Any]:
        return {"why": c.why.value, "islands": [ISLANDS[i] for i in c.islands],
                "count": c.count, "line": line_name(c.line) if c.line >= 0 else None}
    return {"seat": args.seat, "level": args.level, "seed": args.seed,
            "turns": [{"turn": t.turn.number, "action": t.turn.first + 1,
                       "round": t.turn.round, "cost": round(t.cost, 4),
                       "points": round(t.points, 4), "won": round(t.won, 4),
                       "marked": t.marked, "played": [str(a) for a in t.turn.played],
                       "better": [str(a) for a in t.better],
                       "reason": [clause(c) for c in t.reason], "why": why_words(t.reason)}
                      for t in result.turns]}


def _puzzles(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps([{**p.to_json(), "text": goal_words(p.goal)} for p in puzzles()]))
        return 0
    for p in puzzles():
        print(f"{p.id:10} {p.difficulty}/5 stars  {COLOURS[p.mover]:5}  {goal_words(p.goal)}")
    return 0


def _puzzle(args: argparse.Namespace) -> int:
    try:
        puzzle = find_puzzle(args.id)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if args.check is None:
        print(json.dumps(puzzle.position, indent=1))
        print(f"{puzzle.id} ({puzzle.difficulty}/5 stars), {COLOURS[puzzle.mover]} to play: "
              f"{goal_words(puzzle.goal)}")
        return 0
    try:
        verdict = check_turn(puzzle.goal, puzzle.start(), parse_turn(args.check))
    except KahunaError as exc:  # bad notation, or a turn the rules forbid (names the rule)
        print(f"not a turn from this position: {exc}", file=sys.stderr)
        return 2
    print(f"{'reached' if verdict.reached else 'not reached'}: {verdict_words(verdict)}")
    return 0 if verdict.reached else 1


def main(argv: list[str] | None = None, prog: str = "python -m kahuna") -> int:
    """Run one subcommand; the exit status (0 success, 1 bad record or file, 2 bad input).
    ``prog``: the command's name in its help and errors."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check and replay a game record")
    p.add_argument("file")
    p.set_defaults(run=_replay)
    p = sub.add_parser("link", help="the page's address opening a game record or position")
    p.add_argument("file", help="a game record or a position (JSON, docs/notation.md)")
    p.add_argument("--base", default="./", help="the game page's address (default ./)")
    p.add_argument("--embed", action="store_true", help="for an <iframe> (docs/embedding.md)")
    p.set_defaults(run=_link)
    p = sub.add_parser("svg", help="a position as a picture (SVG) that stands alone")
    p.add_argument("file", help="a game record or a position (JSON, docs/notation.md)")
    p.add_argument("--step", metavar="N", help="a record's position after N actions "
                   "(default: after all of them)")
    p.add_argument("--steps", metavar="DIR", help="one picture per step of a record, "
                   "DIR/step-000.svg, step-001.svg, ...")
    p.add_argument("--islands", default="", metavar="ISLANDS",
                   help="islands highlighted, e.g. ELAI,HUNA")
    p.add_argument("--lines", default="", metavar="LINES", help="lines highlighted, e.g. ALOA-HUNA")
    p.add_argument("--arrows", default="", metavar="ARROWS",
                   help="arrows from one island to another, e.g. ALOA>HUNA,BARI>ELAI")
    p.add_argument("--labels", default="", metavar="LABELS",
                   help="a mark of 1 to 3 letters, digits, ? or ! on an island, e.g. ELAI:1,HUNA:?")
    p.add_argument("--portrait", action="store_true", help="the board turned a quarter")
    p.add_argument("--lang", default="en", help=f"the names' language: {', '.join(LANGUAGES)}")
    p.add_argument("--seat", help="whose view, black or white (default: the side to move); "
                   "a board shows only what both see, bridges and Kahuna tokens, never a card")
    p.add_argument("--theme", default="light", help=f"{', '.join(THEMES)} (auto: as the "
                   "viewer's system prefers)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    p.set_defaults(run=_svg)
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
    p.add_argument("--progress", type=int, default=0, metavar="PAIRS",
                   help="print the score so far to stderr every PAIRS pairs of games")
    p.add_argument("--first", type=int, default=0, metavar="GAME",
                   help="skip the seed's first GAME games (even): go on with a stopped match")
    p.add_argument("--cpu-clock", action="store_true",
                   help="time caps count CPU time, not the wall clock: a capped player "
                        "thinks as long on a busy machine as alone")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_tournament)
    p = sub.add_parser("review", help="what each of a player's turns cost, and the better turn")
    p.add_argument("file", help="a game record (JSON, docs/notation.md)")
    p.add_argument("--seat", required=True, choices=("black", "white"), help="whose turns")
    p.add_argument("--level", default=JUDGE.name,
                   help="the judge: review (the page's: the master's search on a smaller "
                   "budget, the default) or a level's name")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_review)
    p = sub.add_parser("puzzles", help="the puzzles (docs/puzzles.md), easiest first")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_puzzles)
    p = sub.add_parser("puzzle", help="a puzzle's position and goal, or check a turn against it")
    p.add_argument("id", help="the puzzle's id (python -m kahuna puzzles)")
    p.add_argument("--check", metavar="ACTIONS",
                   help='a whole turn, e.g. "HUNA>ELAI pile": exit 0 if it reaches the goal, '
                        "1 if not, 2 if it is no legal turn")
    p.set_defaults(run=_puzzle)
    args = parser.parse_args(argv)
    return args.run(args)


def command(prog: str = "kahuna") -> int:
    """``main`` as a command: ``kahuna`` (pyproject.toml) and ``python -m kahuna``. A
    reader that stops reading (``kahuna puzzles | head -3``) ends it quietly, with no
    traceback."""
    try:
        status = main(prog=prog)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at the exit
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush too
        return 1
    return status
