"""Players from another checkout of this project, for matches against frozen code:
``expert@/tmp/engine-base`` is the expert of the tree at /tmp/engine-base.

The other tree's ``kahuna`` is imported under another module name (its imports are all
relative), so both versions live in one process. Its player sees the other tree's own
Observation, rebuilt field by field from ours with the other tree's own enums, actions
and records in it (its code asks ``phase is Phase.PLAY`` of its own ``Phase``), and its
action comes back as notation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.util
import random
import sys
from pathlib import Path
from enum import Enum
from types import ModuleType
from typing import Any

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
        self._tree = tree

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        return _Translated(self._player.think(_theirs(obs, self._tree), rng))


def _theirs(value: Any, tree: ModuleType) -> Any:
    """``value`` (an Observation, or any part of one) made of the other tree's types."""
    if isinstance(value, Enum):
        return _their_class(type(value), tree)[value.name]
    if isinstance(value, Action):
        return _their_class(Action, tree).parse(str(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _their_class(type(value), tree)(
            **{f.name: _theirs(getattr(value, f.name), tree) for f in dataclasses.fields(value)})
    if isinstance(value, (list, tuple)):
        return type(value)(_theirs(item, tree) for item in value)
    return value


def _their_class(cls: type, tree: ModuleType) -> Any:
    """The other tree's class of ``cls``'s name: in the module of the same path, else among
    the names its package exports (a class may have moved between the two trees)."""
    try:
        module = importlib.import_module(tree.__name__ + cls.__module__[len("kahuna"):])
        return getattr(module, cls.__name__)
    except (ImportError, AttributeError):
        return getattr(tree, cls.__name__)


class _Translated:
    """The other tree's Thinking, its action read back as ours."""

    def __init__(self, thinking: Thinking) -> None:
        self._thinking = thinking

    def step(self, seconds: float) -> bool:
        return self._thinking.step(seconds)

    def action(self) -> Action:
        return Action.parse(str(self._thinking.action()))
