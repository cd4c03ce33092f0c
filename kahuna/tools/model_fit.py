"""The data and the fit of the master's model of the chance to win (issue 34): self-play
games as compact records, the positions replayed from them, and the L2-regularised
logistic fit per round by Newton's method, in pure Python (the project has no numpy).
``bench/selfplay_data.py`` and ``bench/fit_model.py`` are the command lines.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import defaultdict
from collections.abc import Iterable
from operator import mul
from pathlib import Path

from ..players.evaluate import CHANCE_SCALE, FITTED, evaluate, win_chance
from ..players.fitted_model import MODEL
from ..players.levels import choose, level_named
from ..players.model import NAMES, features
from ..players.search import SearchPlayer
from ..rules.actions import Action
from ..rules.deal import Setup, new_game
from ..rules.observation import observe
from ..rules.state import Phase
from .tournament import variants


def game(level_name: str, deal: int, rules: str = "", model: bool = False) -> dict:
    """One self-play game of the level on the deal ``deal`` with the variants ``rules``
    (``model``: the level evaluates with the fitted model), as a record: the deal, the
    variants, the actions in notation and the winner (None for a draw)."""
    level = level_named(level_name)
    if model:
        level = dataclasses.replace(level, weights=MODEL)
    state = new_game(Setup(seed=deal, **variants(rules)))
    players = [SearchPlayer(level), SearchPlayer(level)]
    rngs = [random.Random(deal * 2 + 1), random.Random(deal * 2 + 2)]
    actions = []
    while not state.is_over:
        seat = state.to_move
        action = choose(players[seat], observe(state, seat), rngs[seat])
        state.play(action)
        actions.append(str(action))
    return {"deal": deal, "rules": rules, "actions": " ".join(actions),
            "winner": state.outcome.winner}


#: Per round, the distinct feature rows: row -> [weight, sum of results, sum of the old
#: evaluation's log-loss].
Rows = list[dict[tuple[float, ...], list[float]]]


def positions(line: dict) -> tuple[list, list[float]]:
    """The positions at each turn's start of one recorded game (after the handicap, R7),
    and each seat's result. The replay must end as recorded."""
    state = new_game(Setup(seed=line["deal"], **variants(line["rules"])))
    kept = []
    mover = None
    for text in line["actions"].split():
        if state.to_move != mover and state.phase is not Phase.HANDICAP:
            mover = state.to_move
            kept.append(state.fork())
        state.play(Action.parse(text))
    if state.outcome.winner != line["winner"]:
        raise ValueError(f"deal {line['deal']}: the replay does not end as recorded")
    winner = line["winner"]
    results = [0.5, 0.5] if winner is None else [float(winner == s) for s in (0, 1)]
    return kept, results


def collect(records: Iterable[dict]) -> tuple[Rows, Rows, int]:
    """The rows of the even-numbered games (to fit) and of the odd ones (to check), and
    the games' number; identical rows are merged, so a fit step costs less."""
    train: Rows = [defaultdict(lambda: [0.0, 0.0, 0.0]) for _ in range(3)]
    check: Rows = [defaultdict(lambda: [0.0, 0.0, 0.0]) for _ in range(3)]
    n = 0
    for n, record in enumerate(records, 1):
        kept, results = positions(record)
        rows = train if n % 2 == 1 else check
        for state in kept:
            for seat in (0, 1):
                y = results[seat]
                p = win_chance(evaluate(state, seat, FITTED))
                slot = rows[state.round - 1][tuple(features(state, seat))]
                slot[0] += 1.0
                slot[1] += y
                slot[2] += _cross_entropy(p, y)
    return train, check, n


def fit(rows: dict, l2: float, steps: int = 25) -> list[float]:
    """The weights minimising the cross-entropy of one round's rows plus ``l2`` / 2 times
    their squared norm, by Newton's method from zero. The sums run column by column
    (``map`` over whole columns), which is many times faster in pure Python than row by
    row: a fit of 16,000 games takes seconds, not an hour."""
    k = len(NAMES)
    columns = [list(c) for c in zip(*rows)] if rows else [[] for _ in range(k)]
    counts = [v[0] for v in rows.values()]
    ysums = [v[1] for v in rows.values()]
    w = [0.0] * k
    for _ in range(steps):
        z = [0.0] * len(counts)
        for wi, column in zip(w, columns):
            if wi:
                z = list(map(lambda a, b: a + wi * b, z, column))
        p = list(map(_sigmoid, z))
        g = list(map(lambda c, pi, y: c * pi - y, counts, p, ysums))
        h = list(map(lambda c, pi: c * pi * (1.0 - pi), counts, p))
        grad = [l2 * wi + sum(map(mul, g, column)) for wi, column in zip(w, columns)]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for i in range(k):
            weighted = list(map(mul, h, columns[i]))
            for j in range(i, k):
                hess[i][j] += sum(map(mul, weighted, columns[j]))
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def loss(rows: dict, w: list[float]) -> tuple[float, float]:
    """Mean cross-entropy over ``rows`` of the model ``w`` and of today's evaluation."""
    total = old = n = 0.0
    for x, (count, ysum, old_sum) in rows.items():
        p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
        y = ysum / count
        total += count * _cross_entropy(p, y)
        old += old_sum
        n += count
    return total / max(n, 1.0), old / max(n, 1.0)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is changed)."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, k):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, k + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][j] * x[j] for j in range(r + 1, k))) / m[r][r]
    return x


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def _cross_entropy(p: float, y: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def module_text(rounds: list[list[float]], sources: list[str], l2: float) -> str:
    """The text of ``kahuna/players/fitted_model.py`` holding the weights ``rounds``,
    fitted from the files ``sources``."""
    def row(w: list[float]) -> str:
        numbers = [f"{v:.4f}" for v in w]
        lines = [", ".join(numbers[i:i + 8]) for i in range(0, len(numbers), 8)]
        return "    (" + ",\n     ".join(lines) + ")"

    body = ",\n".join(row(w) for w in rounds)
    return (f'"""The master\'s model of the chance to win: written by ``bench/fit_model.py``'
            f' (L2 {l2}) from\n{", ".join(Path(s).name for s in sources)}; the features are'
            f' ``model.NAMES``, one row per round."""\n\n'
            "from .model import Logistic\n\n"
            f"MODEL = Logistic(rounds=(\n{body},\n), scale={CHANCE_SCALE})\n")


