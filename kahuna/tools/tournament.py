"""Matches between two computer players on shared deals, with seats swapped.

Games come in pairs: the same deal (``Setup(seed)``) is played twice, once with A as
Black and once with A as White, so neither the luck of the cards nor the first move
favours a player. Each seat gets its own random generator per game, seeded from the
match seed and the same in both games of a pair (so a player against itself plays the
same game twice: one win each); a match is the same on any machine and with any number
of processes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..players import protocol
from ..players.levels import choose, make_player
from ..players.protocol import Player
from ..rules.deal import Setup, new_game
from ..rules.observation import observe
from ..rules.state import BLACK, WHITE
from .other_tree import tree_player

Z95 = 1.959964  # two-sided 95% normal quantile

#: The variants a match can be played with (docs/rules.md), by their names in the rules.
VARIANTS = {"V1": "fewer_surprises", "V2": "open_draws"}


def player(name: str) -> Player:
    """A player by name; ``NAME@ROOT`` is NAME from the checkout at ROOT (frozen code to
    measure against, ``kahuna.tools.other_tree``)."""
    return tree_player(name) if "@" in name else make_player(name)


def variants(text: str) -> dict[str, bool]:
    """``"V1,V2"`` as keyword arguments of ``Setup``; KeyError for an unknown name."""
    names = [name.strip().upper() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise KeyError(f"unknown variant {unknown[0]!r}; choose from {', '.join(VARIANTS)}")
    return {VARIANTS[name]: True for name in names}


def play_game(names: tuple[str, str], seed: int, rng_seeds: tuple[int, int],
              rules: str = "") -> dict[str, Any]:
    """One game between ``names`` (Black, White) on the deal of ``seed`` with the
    variants ``rules`` (``"V1,V2"``): the winner's seat (None for a draw) and each
    seat's seconds per decision. The seconds are the process's CPU time
    (``time.process_time``), so other work on the machine does not inflate them."""
    state = new_game(Setup(seed=seed, **variants(rules)))
    players = [player(names[BLACK]), player(names[WHITE])]
    rngs = [random.Random(rng_seeds[BLACK]), random.Random(rng_seeds[WHITE])]
    times: list[list[float]] = [[], []]
    while not state.is_over:
        seat = state.to_move
        start = time.process_time()
        action = choose(players[seat], observe(state, seat), rngs[seat])
        times[seat].append(time.process_time() - start)
        state.play(action)  # checked: a bot's illegal action fails the match loudly
    return {"winner": state.outcome.winner, "times": times}


def _pair(args: tuple[str, str, int, int, str, bool]) -> list[dict[str, Any]]:
    """Both games on deal ``pair``: A as Black, then A as White; ``cpu_clock``: time caps
    count this process's CPU time (``protocol.clock``)."""
    a, b, seed, pair, rules, cpu_clock = args
    deal = seed * 1_000_003 + pair
    seats = (deal * 4 + 1, deal * 4 + 2)  # generators go with the seat, not the player
    protocol.clock = time.process_time if cpu_clock else time.perf_counter
    try:
        return [play_game((a, b), deal, seats, rules), play_game((b, a), deal, seats, rules)]
    finally:
        protocol.clock = time.perf_counter


def _games(a: str, b: str, pairs: range, seed: int, jobs: int, rules: str, cpu_clock: bool
           ) -> Iterator[list[dict[str, Any]]]:
    tasks = [(a, b, seed, i, rules, cpu_clock) for i in pairs]
    if jobs <= 1:
        yield from map(_pair, tasks)
        return
    from multiprocessing import Pool  # here: Pyodide has none (bench/pyodide_players.mjs)
    with Pool(jobs) as pool:
        yield from pool.imap(_pair, tasks)


def match(a: str, b: str, games: int = 100, seed: int = 1, jobs: int = 1,
          rules: str = "", progress: Callable[[str], None] | None = None,
          every: int = 10, first: int = 0, cpu_clock: bool = False) -> dict[str, Any]:
    """Play ``games`` (rounded up to an even number) between players ``a`` and ``b``
    with the variants ``rules`` (``"V1,V2"``, none by default); A's wins, losses, draws,
    score rate with its 95% interval, and time per decision. ``progress`` is told the
    score and CPU a decision so far after every ``every`` pairs, so a long match run in
    the background can be read (and a hopeless or too costly candidate stopped) before
    its end. ``first`` (even) skips the seed's first games, so that a match stopped at a
    progress line can go on with the same deals. ``cpu_clock``: a player's time cap
    (``Level.time_cap``) counts CPU time, not the wall clock, so that other work on the
    machine does not cut its thinking (a player from another checkout keeps its own
    clock)."""
    variants(rules)  # an unknown name fails here too, before any process starts
    for name in (a, b):
        player(name)
    if first < 0 or first % 2:
        raise ValueError(f"the first game must be an even number from 0, not {first}")
    pairs = (games + 1) // 2
    wins = losses = draws = 0
    times: dict[str, list[float]] = {"a": [], "b": []}
    for pair in _games(a, b, range(first // 2, first // 2 + pairs), seed, jobs, rules,
                       cpu_clock):
        for a_seat, game in zip((BLACK, WHITE), pair):
            winner = game["winner"]
            if winner is None:
                draws += 1
            elif winner == a_seat:
                wins += 1
            else:
                losses += 1
            times["a"] += game["times"][a_seat]
            times["b"] += game["times"][1 - a_seat]
        played = wins + losses + draws
        if progress and played % (2 * every) == 0 and played < 2 * pairs:
            progress(_so_far(wins, losses, draws, times))
    n = 2 * pairs
    score, low, high = _score(wins, losses, draws)
    return {
        "a": a, "b": b, "games": n, "seed": seed, "first": first, "variants": rules,
        "cpu_clock": cpu_clock,
        "wins": wins, "losses": losses, "draws": draws,
        "win_rate": round(wins / n, 4), "score": round(score, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "time_a": time_stats(times["a"]), "time_b": time_stats(times["b"]),
    }


def _so_far(wins: int, losses: int, draws: int, times: dict[str, list[float]]) -> str:
    """A match's running score and mean CPU a decision, as the progress line says it."""
    score, low, high = _score(wins, losses, draws)
    a, b = (1000 * time_stats(times[seat])["mean"] for seat in ("a", "b"))
    return (f"after {wins + losses + draws} games: {wins}-{losses}-{draws}, score "
            f"{100 * score:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
            f"CPU a decision A/B {a:.0f}/{b:.0f} ms")


def _score(wins: int, losses: int, draws: int) -> tuple[float, float, float]:
    """A's score (a draw counts half) and its 95% Wilson interval."""
    n = wins + losses + draws
    score = (wins + draws / 2) / n
    return (score, *wilson(score, n))


def wilson(p: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def time_stats(values: list[float]) -> dict[str, float]:
    """Mean and 95th percentile (nearest rank) of seconds per decision, and the count."""
    if not values:
        return {"decisions": 0, "mean": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"decisions": len(values), "mean": round(sum(values) / len(values), 4),
            "p95": round(p95, 4), "max": round(ordered[-1], 4)}
