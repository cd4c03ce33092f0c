"""The browser's Back in a site's puzzle goes back to the person's game, as the puzzle's
"Back to your game" does, rather than off the site. Posing a puzzle in the full page adds
one entry to the tab's history, marked ``MARK``; Back takes the tab to the entry under
it, in the same document, and the page leaves the puzzle. Leaving by the page's own
buttons takes the marked entry back too, so that the next Back leaves the site as it
would have. A reload keeps the entry, and the puzzle (web/learn/solved.py)."""

from __future__ import annotations

from typing import Callable

from pyodide.ffi import JsProxy, create_proxy
from pyscript import window

from ..state.app import App
from .problem import GUARD

MARK = "kahuna-puzzle"


def _marked() -> bool:
    return window.history.state == MARK


class PuzzleBack:
    """Keeps the tab's history in step with the puzzle on show (``sync``, after each
    drawing) and leaves the puzzle when the person goes back past its entry."""

    def __init__(self, app: App, act: Callable[[str], None]) -> None:
        self.app, self.act = app, act
        self.popping = False  # the page itself went back: that popstate is no Back
        self._pop = create_proxy(GUARD.wrap(self.on_pop))
        window.addEventListener("popstate", self._pop)

    def sync(self) -> None:
        """The marked entry while a site's puzzle is posed, none once it is left."""
        if self.app.puzzle is not None:
            if not _marked() and not self.popping:
                window.history.pushState(MARK, "")
        elif _marked() and not self.popping:
            self.popping = True
            window.history.back()

    def on_pop(self, event: JsProxy) -> None:
        """The tab went to another of its entries: Back (or Forward) in the same page."""
        ours, self.popping = self.popping, False
        if ours:  # a puzzle posed since then gets its entry again
            self.sync()
        elif self.app.puzzle is not None and not _marked():
            self.act("puzzle:leave")
        elif self.app.puzzle is None and _marked():  # Forward onto a puzzle left: no puzzle
            window.history.replaceState(None, "")
