"""Build the puzzle set (kahuna/learn/collection.py) from positions of self-play games,
and rate it.

    .venv/bin/python scripts/make_puzzles.py [--games 30] [--seed 1] [--level expert]
                                             [--attempts 40] [--dry-run]
    .venv/bin/python scripts/make_puzzles.py --rate-only [--attempts 40] [--dry-run]

Plays ``--games`` games of ``--level`` against itself (deals ``seed``, ``seed + 1``, ...).
At the start of each turn it lists every whole turn of the mover (``whole_turns``) and
every goal worth asking there (``candidate_goals``), and keeps a goal when:
- some turn reaches it, but at most half of them (else it is no puzzle);
- no turn that only draws or passes reaches it (the trivial turn);
- the obvious turn does not: one best single action at a time (``greedy_turn``).
Goals are judged from what the mover sees (R24), so the hidden cards the position keeps
do not matter. From that pool it picks a few goals of each aim, one per position, spread
over the shares of winning turns (``SHARE_BANDS``). Then each level of the computer tries
each picked puzzle ``--attempts`` times from the mover's observation (``solve_rates``),
and the rates give the stars (``stars_of``); the set is written fewest stars first, with
the table of rates printed. ``--rate-only`` rates the set as it stands (its ids, which
browsers remember as solved, stay). The same arguments give the same set. See
docs/puzzles.md.
"""

from __future__ import annotations

import argparse
import pprint
import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna.learn.goals import Aim, Goal, judge, play_turn  # noqa: E402
from kahuna.learn.puzzle import Puzzle, puzzles, stars_of, whole_turns  # noqa: E402
from kahuna.notation.position import position_from_json, position_to_json  # noqa: E402
from kahuna.players.levels import LEVELS, choose, make_player  # noqa: E402
from kahuna.players.plans import Plan, greedy_turn  # noqa: E402
from kahuna.rules.actions import TURN_ENDING  # noqa: E402
from kahuna.rules.board import DEGREE, ISLANDS, MAJORITY, N_ISLANDS, N_LINES  # noqa: E402
from kahuna.rules.deal import Setup, new_game  # noqa: E402
from kahuna.rules.fields import Phase  # noqa: E402
from kahuna.rules.observation import observe  # noqa: E402
from kahuna.rules.state import State  # noqa: E402
from kahuna.tools.rating import solve_rates  # noqa: E402

OUT = ROOT / "kahuna" / "learn" / "collection.py"
#: The most goals of one aim in the set, and the most of one band of shares.
PER_AIM, PER_LEVEL = 3, 4
#: The pool's candidates spread over five bands by the share of the mover's turns that
#: reach the goal (at least 25 %, 12.5 %, 8 %, 4 %, or less), so that the set holds goals
#: few turns reach as well as common ones; the stars come from the levels' tries instead.
SHARE_BANDS = (0.25, 0.125, 0.08, 0.04, 0.0)
#: Tries of each level at each puzzle: a rate near one half is then known to about 0.08.
ATTEMPTS = 40
#: Bridges a position needs on the board: the empty board of the opening is no puzzle.
MIN_BRIDGES = 4


@dataclass
class Candidate:
    goal: Goal
    share: float
    solution: Plan
    position: dict
    source: str


def candidate_goals(state: State) -> list[Goal]:
    """Every goal worth asking of the mover's turn here, whether reachable or not."""
    p = state.to_move
    goals = [Goal(Aim.GAIN, island=i) for i in range(N_ISLANDS) if state.control[i] != p]
    goals += [Goal(Aim.REMOVE, line=x) for x in range(N_LINES) if state.owner[x] == 1 - p]
    goals += [Goal(Aim.SAFE, island=i, count=margin) for i in range(N_ISLANDS)
              for margin in (1, 2) if MAJORITY[i] + margin <= DEGREE[i]]
    goals += [Goal(Aim.CONTROL, count=n) for n in range(len(state.islands(p)) + 1, N_ISLANDS)]
    goals += [Goal(Aim.SCORE), Goal(Aim.SHIELD)]
    return goals


def survey(state: State, source: str) -> list[Candidate]:
    """The goals here that make a puzzle (see the module's doc)."""
    p = state.to_move
    turns = whole_turns(state)
    goals = candidate_goals(state)
    before = observe(state, p)
    wins: dict[Goal, list[Plan]] = {goal: [] for goal in goals}
    trivial: set[Goal] = set()
    for plan in turns:
        after, effects = play_turn(state, plan)
        seen = observe(after, p)
        for goal in goals:
            if judge(goal, before, seen, effects).reached:
                wins[goal].append(plan)
                if len(plan) == 1 and plan[0].kind in TURN_ENDING:
                    trivial.add(goal)
    obvious = state.copy()
    greedy_turn(obvious)
    greedy = [action for _, action in obvious.history[len(state.history):]]
    after, effects = play_turn(state, greedy)
    seen = observe(after, p)
    position = position_to_json(state)
    found = []
    for goal, plans in wins.items():
        share = len(plans) / len(turns)
        if not plans or share > 0.5 or goal in trivial \
                or judge(goal, before, seen, effects).reached:
            continue
        shortest = min(plans, key=len)  # the first shortest: the evaluator's favourite
        found.append(Candidate(goal, share, shortest, position, source))
    return found


def pool(games: int, seed: int, level: str) -> list[Candidate]:
    """The candidates of every turn of ``games`` self-play games."""
    found: list[Candidate] = []
    for deal in range(seed, seed + games):
        state = new_game(Setup(seed=deal))
        players = [make_player(level), make_player(level)]
        rng = random.Random(deal)
        number = 0
        while not state.is_over:
            p = state.to_move
            turn_start = not state.history or state.history[-1][0] != p
            built = sum(1 for owner in state.owner if owner >= 0)
            if turn_start and state.phase is Phase.PLAY and built >= MIN_BRIDGES:
                # the stored position, read back: the puzzle is exactly what is written
                start = position_from_json(position_to_json(state))
                found += survey(start, f"self-play {level}, deal {deal}, action {number + 1}")
            state.do(choose(players[p], observe(state, p), rng))
            number += 1
        print(f"deal {deal}: {len(found)} candidates so far", file=sys.stderr)
    return found


def band_of(share: float) -> int:
    """The band (1-5) of ``SHARE_BANDS`` a share of winning turns falls in."""
    return next(band for band, low in enumerate(SHARE_BANDS, 1) if share >= low)


def pick(found: list[Candidate]) -> list[Candidate]:
    """A few goals of each aim, one per position, spread over the bands of shares: the
    rarest bands first (they are rare), the aims with fewest picks first."""
    chosen: list[Candidate] = []
    used: set[str] = set()
    per_aim = {aim: 0 for aim in Aim}
    for band in range(len(SHARE_BANDS), 0, -1):
        per_band = 0
        for aim in sorted(Aim, key=lambda a: per_aim[a]):
            fits = [c for c in found if c.goal.aim is aim and c.source not in used
                    and band_of(c.share) == band]
            if not fits or per_aim[aim] == PER_AIM or per_band == PER_LEVEL:
                continue
            # a rarer goal with a longer solution: band n's plays about n actions
            best = min(fits, key=lambda c: (abs(len(c.solution) - 1 - band), c.share))
            chosen.append(best)
            used.add(best.source)
            per_aim[aim] += 1
            per_band += 1
    return chosen


def made(chosen: list[Candidate]) -> list[Puzzle]:
    """The candidates as puzzles, numbered per aim, not yet rated."""
    result: list[Puzzle] = []
    numbers: dict[Aim, int] = {}
    for c in chosen:
        numbers[c.goal.aim] = numbers.get(c.goal.aim, 0) + 1
        result.append(Puzzle(f"{c.goal.aim.value}-{numbers[c.goal.aim]}", c.position, c.goal,
                             0, tuple(str(a) for a in c.solution), c.source))
    return result


def rate(unrated: list[Puzzle], attempts: int) -> list[Puzzle]:
    """Each puzzle with its levels' solve rates and the stars they give, fewest stars
    first (then the most often solved first); prints the table."""
    rated = []
    print(f"{'puzzle':10} {' '.join(f'{name:>8}' for name in LEVELS)}  stars   "
          f"({attempts} tries per level)")
    for puzzle in unrated:
        rates = solve_rates(puzzle, attempts)
        rated.append(replace(puzzle, difficulty=stars_of(rates), rates=rates))
        print(f"{puzzle.id:10} {' '.join(f'{rate:8.2f}' for rate in rates)}  "
              f"{'*' * stars_of(rates):5}", flush=True)
    return sorted(rated, key=lambda p: (p.difficulty, -sum(p.rates)))


def write(rated: list[Puzzle]) -> None:
    """The puzzles, as they are, to kahuna/learn/collection.py."""
    body = pprint.pformat([p.to_json() for p in rated], width=100, sort_dicts=False)
    OUT.write_text('"""The puzzle set, fewest stars first: written by scripts/make_puzzles.py, '
                   'not by hand\n(docs/puzzles.md)."""\n\n'
                   f"PUZZLES = {body}\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--attempts", type=int, default=ATTEMPTS,
                        help="tries of each level at each puzzle")
    parser.add_argument("--rate-only", action="store_true",
                        help="rate the set as it stands instead of building a new one")
    parser.add_argument("--dry-run", action="store_true", help="list, do not write")
    args = parser.parse_args()
    if args.rate_only:
        unrated = list(puzzles())
    else:
        chosen = pick(pool(args.games, args.seed, args.level))
        for c in chosen:
            where = ISLANDS[c.goal.island] if c.goal.island >= 0 else ""
            print(f"{c.goal.aim.value:8} {where:5} share {c.share:.3f} "
                  f"{' '.join(map(str, c.solution))}  [{c.source}]")
        unrated = made(chosen)
    rated = rate(unrated, args.attempts)
    if not args.dry_run:
        write(rated)
        print(f"wrote {len(rated)} puzzles to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
