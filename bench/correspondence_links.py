"""Games by links (kahuna.correspondence): how long each link is, and how long the
protocol's work takes under CPython, over games the computer plays against itself
through two simulated devices.

    .venv/bin/python bench/correspondence_links.py [--games 200] [--level beginner]
        [--site https://someone.github.io/kahuna/] [--json]

Links fall in four groups: the invitation, the friend's reply (each holds a pass of the
deal's 24 sealed cards), the other links that carry a shuffle's pass (the deal's two
others, two after each interim scoring) and the turn links. For each group: the length
in characters of the whole address sent (``--site``, then ``#play=`` and the link;
median, p95, max) and the time to make a link and to apply it (median,
p95, max, in ms of this process's CPU time, so that a busy machine does not inflate them;
the computer's thinking is not counted). ``accept`` both applies the
invitation and makes the reply: its time counts as both. The games take the set-ups of
``SETUPS`` in turn (who starts, V1, V2, a handicap). The figures for the issue are in
docs/correspondence.md.
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
from kahuna import BLACK, WHITE, Setup  # noqa: E402
from kahuna.correspondence import (OVER, PLAY, accept, invite, receive, reply,  # noqa: E402
                                   take_turn)
from kahuna.correspondence.envelope import Link, read  # noqa: E402
from kahuna.tools.by_links import turn_of  # noqa: E402

GROUPS = ("invitation", "reply", "pass", "turn")
#: The set-ups the games take in turn: the plain game, either side first, the variants
#: (V1, V2) and a handicap (R7), whose bridges travel in the links too.
SETUPS = (Setup(), Setup(first=WHITE, fewer_surprises=True),
          Setup(open_draws=True, handicap=2, handicap_player=WHITE),
          Setup(first=BLACK, fewer_surprises=True, open_draws=True, handicap=3))
#: A typical address of the game: a fork on GitHub Pages.
SITE = "https://someone.github.io/kahuna/"


def group_of(text: str) -> str:
    body = read(text)
    if body["n"] < 2:
        return GROUPS[body["n"]]
    return "pass" if "q" in body else "turn"


def one_game(level: str, seed: int, found: dict[str, dict[str, list[float]]],
             site: str = SITE) -> int:
    """Play one game, adding each link's length and times to ``found``; its links."""
    rng = random.Random(seed)

    def note(text: str, made: float, applied: float) -> None:
        entry = found[group_of(text)]
        entry["chars"].append(len(Link(text, 0).url(site)))
        entry["make"].append(made * 1000)
        entry["apply"].append(applied * 1000)

    start = time.process_time()
    setup = SETUPS[seed % len(SETUPS)]
    host, link = invite(setup, rand=random.Random(rng.getrandbits(64)))
    made = time.process_time() - start
    devices = [host, None]
    start = time.process_time()
    guest, answer = accept(link.text, random.Random(rng.getrandbits(64)))
    accepting = time.process_time() - start
    note(link.text, made, accepting)  # accepting applies the invitation and makes the reply
    devices[1] = guest
    link, made, sender, count = answer, accepting, 1, 2
    while True:
        device = devices[1 - sender]
        start = time.process_time()
        receive(device, link.text)
        note(link.text, made, time.process_time() - start)
        if device.status == OVER:
            return count
        if device.status == PLAY:
            actions = turn_of(device, level, rng)
            start = time.process_time()
            link = take_turn(device, actions)
        else:
            start = time.process_time()
            link = reply(device)
        made = time.process_time() - start
        sender, count = 1 - sender, count + 1


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": statistics.median(ordered),
            "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "max": ordered[-1], "n": len(ordered)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--site", default=SITE, help="the game's address, before #play=")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = {g: {"chars": [], "make": [], "apply": []} for g in GROUPS}
    links = [one_game(args.level, seed, found, args.site) for seed in range(args.games)]
    result = {"games": args.games, "level": args.level, "site": args.site,
              "links per game": summary(links),
              **{g: {k: summary(v) for k, v in found[g].items()} for g in GROUPS}}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"{args.games} games of {args.level} against itself; links per game: "
          f"median {result['links per game']['median']:.0f}, max {result['links per game']['max']:.0f}")
    for g in GROUPS:
        row = result[g]
        print(f"{g:>10}: {row['chars']['n']:5} links, chars median {row['chars']['median']:.0f} "
              f"p95 {row['chars']['p95']:.0f} max {row['chars']['max']:.0f}; make ms median "
              f"{row['make']['median']:.1f} p95 {row['make']['p95']:.1f}; apply ms median "
              f"{row['apply']['median']:.1f} p95 {row['apply']['p95']:.1f} max {row['apply']['max']:.1f}")


if __name__ == "__main__":
    main()
