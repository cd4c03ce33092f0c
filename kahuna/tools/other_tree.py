"""Players from another checkout of this project, for matches against frozen code:
``expert@/tmp/engine-base`` is the expert of the tree at /tmp/engine-base.

The other tree's ``kahuna`` is imported under another module name (its imports are all
relative), so both versions live in one process. Its player sees the other tree's own
Observation, rebuilt field by field from ours, and its action comes back as notation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from ..players.protocol import Player, Thinking
from ..rules.actions import Action
from ..rules.observation import Observation

_TREES: dict[str, ModuleType] = {}


def tree_player(name: str) -> Player:
    """``NAME@ROOT``: player NAME (any name that tree's ``make_player`` takes) of the
    checkout at ROOT; KeyError when ROOT holds no ``kahuna`` package or NAME is unknown."""
    base, _, root = name.partition("@")
    players = importlib.import_module(_load(root).__name__ + ".players")
    return _Foreign(name, players.make_player(base), _load(root))


def _load(root: str) -> ModuleType:
    """The ``kahuna`` package of the tree at ``root``, under a name of its own."""
    path = Path(root).resolve()
    key = str(path)
    if key not in _TREES:
        init = path / "kahuna" / "__init__.py"
        if not init.exists():
            raise KeyError(f"no kahuna package in {root!r}")
        module_name = "kahuna_" + hashlib.sha1(key.encode()).hexdigest()[:10]
        spec = importlib.util.spec_from_file_location(
            module_name, init, submodule_search_locations=[str(init.parent)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
        _TREES[key] = module
    return _TREES[key]


class _Foreign:
    """Our side of the protocol around a player of the other tree."""

    def __init__(self, name: str, player: Player, tree: ModuleType) -> None:
        self.name = name
        self._player = player
        self._observation = importlib.import_module(tree.__name__ + ".rules.observation")

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        theirs = self._observation.Observation(
            **{f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)})
        return _Translated(self._player.think(theirs, rng))


class _Translated:
    """The other tree's Thinking, its action read back as ours."""

    def __init__(self, thinking: Thinking) -> None:
        self._thinking = thinking

    def step(self, seconds: float) -> bool:
        return self._thinking.step(seconds)

    def action(self) -> Action:
        return Action.parse(str(self._thinking.action()))
