"""The browser's ``localStorage`` as the saves' ``Storage`` (web/game/saves.py)."""

from __future__ import annotations

from pyscript import window


class LocalStorage:
    """``window.localStorage`` as ``web.game.saves.Storage``: JS null comes back as None."""

    def __init__(self) -> None:
        self._store = window.localStorage
        self._store.length  # raises here, not mid-game, when storage is refused

    @property
    def length(self) -> int:
        return int(self._store.length)

    def getItem(self, key: str) -> str | None:
        value = self._store.getItem(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        self._store.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self._store.removeItem(key)

    def key(self, index: int) -> str | None:
        value = self._store.key(index)
        return value if isinstance(value, str) else None
