"""Shared helpers for the web unit tests (not a test module itself)."""

from __future__ import annotations

from web.app import App
from web.saves import MemoryStorage

__all__ = ["App", "Clock", "MemoryStorage", "clickable", "new_app"]


class Clock:
    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def new_app(storage=None, seed: int = 7, **choice) -> App:
    """An App with a fresh game from the dialog's options ``choice``."""
    app = App(storage if storage is not None else MemoryStorage(), Clock(), seed=seed)
    for key, value in choice.items():
        setattr(app.choice, key, value)
    app.start()
    return app


def clickable(html: str) -> list[str]:
    """Every data-act in a piece of HTML/SVG, in order."""
    import re
    from html import unescape
    return [unescape(a) for a in re.findall(r'data-act="([^"]*)"', html)]

