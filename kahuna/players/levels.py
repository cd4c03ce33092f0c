"""Computer players. Each decides from an Observation (R24) and an injected random
generator only; it never sees a State.

The page runs a decision in short slices so the browser never freezes:

>>> import random
>>> from kahuna import Setup, new_game, observe
>>> state = new_game(Setup(seed=2))
>>> thinking = make_player("expert").think(observe(state, state.to_move), random.Random(1))
>>> while not thinking.step(0.02):
...     pass
>>> thinking.action() in state.legal_actions()
True

Baselines (yardsticks, not levels): ``random`` and ``greedy``. Levels, weakest first:
``LEVELS``. Their budgets were chosen from ``bench/strength_vs_budget.py``.
"""

from __future__ import annotations

import dataclasses
import random
from functools import partial
from typing import Any, Callable

from ..rules.actions import Action
from ..rules.observation import Observation
from .evaluate import FITTED, Weights
from .fitted_model import MODEL
from .greedy import GreedyPlayer
from .protocol import Decided, Player, Sliced, Thinking, legal_actions
from .search import Level, SearchPlayer

__all__ = ["Decided", "Player", "Sliced", "Thinking", "RandomPlayer", "GreedyPlayer",
           "SearchPlayer", "Level", "LEVEL_SETTINGS", "MASTER", "CANDIDATES", "PLAYERS", "LEVELS",
           "choose", "level_named", "make_player"]


class RandomPlayer:
    """Uniformly random legal action: a yardstick, not a level."""

    name = "random"

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        return Decided(rng.choice(legal_actions(obs)))


def choose(player: Player, obs: Observation, rng: random.Random) -> Action:
    """Run ``player``'s decision to the end, in one go."""
    thinking = player.think(obs, rng)
    while not thinking.step(1.0):
        pass
    return thinking.action()


#: The top level (issues 14, 34): the expert's trials, but its own next turn and the
#: opponent's answer to it are each the best turn of a beam search (width 6, depth 5),
#: where the expert plays one best action at a time; the opponent's reply to the plan is
#: the one of its 3 best planned turns (different phase As) that is worst for the master
#: in a world dealt from the opponent's own view, since it cannot see the master's hand
#: (R24); a draw from the pile is valued by 3 cards under its top, which nobody has seen
#: (``decoys``). 12 plans, 180 trials (twice as many scored the same: docs/players.md),
#: and the evaluation's weights fitted to who won self-play games (``FITTED``).
MASTER = Level("master", width=8, depth=5, candidates=12, iterations=180, horizon=3, planned=6,
               plan_width=6, plan_depth=5, replies=3, reply_view=1, decoys=3, weights=FITTED)

#: The levels, weakest first. A beginner plays short turns, often forgets that bridges
#: can be removed, does not see what a capture sweeps away or which of its islands hang
#: by one bridge, and sometimes settles for a near miss. Casual plans its whole turn but
#: never thinks about the reply. Skilled and expert try their best plans in sampled
#: worlds three turns ahead (the reply, their next turn, the reply to that); the
#: expert tries more plans in more worlds; the master plans the turns of its trials
#: and meets each plan with the one of the opponent's best few replies that the
#: opponent, from what it can see, would find worst for the master.
#: Budgets: bench/strength_vs_budget.py; the ladder: bench/ladder.py.
LEVEL_SETTINGS: tuple[Level, ...] = (
    Level("beginner", width=3, depth=3, blind_removals=0.5, temperature=0.4,
          weights=Weights(cascade=0.0, exposed=0.0, reach=0.1)),
    Level("casual", width=6, depth=5),
    Level("skilled", width=6, depth=5, candidates=4, iterations=12, horizon=3),
    Level("expert", width=8, depth=5, candidates=10, iterations=120, horizon=3),
    MASTER,
)
LEVELS: tuple[str, ...] = tuple(level.name for level in LEVEL_SETTINGS)

#: A candidate for the top level, not a level (issue 34): the master's search with the
#: logistic model of the chance to win as its evaluation (``model.py``, fitted by
#: ``bench/fit_model.py``), measured against the master before it may replace it.
CANDIDATES: tuple[Level, ...] = (dataclasses.replace(MASTER, name="master-model", weights=MODEL),)

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    **{level.name: partial(SearchPlayer, level) for level in LEVEL_SETTINGS + CANDIDATES},
}
_SETTINGS = {level.name: level for level in LEVEL_SETTINGS + CANDIDATES}


def level_named(name: str) -> Level:
    """The settings of the level ``name``; KeyError if there is none."""
    if name not in _SETTINGS:
        raise KeyError(f"no level {name!r}; levels: {', '.join(_SETTINGS)}")
    return _SETTINGS[name]


def make_player(name: str, time_cap: float | None = None) -> Player:
    """A new player by name; raises KeyError listing the names.

    A level may be tuned for experiments: ``"expert:iterations=400,candidates=12"``
    (the fields of ``Level``, numbers only). ``time_cap`` (seconds of thinking per
    decision) makes a level answer early on a slow machine, e.g. in the browser; keep
    one player per seat for a whole game, as it remembers the rest of its turn's plan.
    """
    base, _, tuning = name.partition(":")
    if base not in PLAYERS:
        raise KeyError(f"unknown player {base!r}; choose from {', '.join(PLAYERS)}")
    level = _SETTINGS.get(base)
    if level is None:
        if tuning:
            raise KeyError(f"only a level can be tuned, not {base!r}; "
                           f"levels: {', '.join(LEVELS)}")
        return PLAYERS[base]()
    if tuning:
        level = dataclasses.replace(level, name=name, **_tuning(tuning, level.weights))
    if time_cap is not None:
        level = dataclasses.replace(level, time_cap=time_cap)
    return SearchPlayer(level)


def _tuning(text: str, weights: Weights) -> dict[str, Any]:
    """``"iterations=400,candidates=12"`` to keyword arguments of ``Level``. The
    evaluation's weights are tuned the same way (``reach=0.3``), an entry of a tuple of
    weights by its 1-based position (``final3=1.2``)."""
    tunable = [f.name for f in dataclasses.fields(Level) if f.name not in ("name", "weights")]
    weight_names = {f.name for f in dataclasses.fields(Weights)}
    result: dict[str, Any] = {}
    changed: dict[str, Any] = {}
    for item in text.split(","):
        key, _, value = item.partition("=")
        key = key.strip()
        field, index = key.rstrip("0123456789"), key[len(key.rstrip("0123456789")):]
        if key not in tunable and field not in weight_names:
            raise KeyError(f"cannot tune {key!r}; numbers only: {', '.join(tunable)}, "
                           f"or a weight: {', '.join(sorted(weight_names))}")
        try:
            number = int(value) if value.strip().lstrip("-").isdigit() else float(value)
        except ValueError:
            raise KeyError(f"{key} needs a number, not {value!r}") from None
        if key in tunable:
            result[key] = number
        elif not isinstance(weights, Weights):
            raise KeyError(f"cannot tune {key!r}: this player's evaluation is a fitted "
                           f"model (bench/fit_model.py); numbers only: {', '.join(tunable)}")
        elif index:
            entries = list(changed.get(field, getattr(weights, field)))
            if not 1 <= int(index) <= len(entries):
                raise KeyError(f"{field} has entries 1 to {len(entries)}, not {index}")
            entries[int(index) - 1] = float(number)
            changed[field] = tuple(entries)
        elif isinstance(getattr(weights, field), tuple):
            raise KeyError(f"{field} is a tuple: tune its entries ({field}1=...)")
        else:
            changed[field] = float(number)
    if changed:
        result["weights"] = dataclasses.replace(weights, **changed)
    return result
