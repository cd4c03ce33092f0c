"""Speed of the rules engine: complete games of uniformly random legal actions."""

from __future__ import annotations

import random
import time
from typing import Any

from ..rules.deal import Setup, new_game


def random_games(games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games; games and decisions per second, mean game length."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for n in range(games):
        state = new_game(Setup(seed=seed * 1_000_003 + n))
        while not state.is_over:
            state.do(rng.choice(state.legal_actions()))
            decisions += 1
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "decisions_per_second": round(decisions / seconds),
        "mean_decisions_per_game": round(decisions / games, 1),
    }
