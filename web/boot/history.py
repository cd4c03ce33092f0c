"""The browser's Back leaves a screen over the person's game (the embed builder, the
board editor, a site's puzzle, the tutorial) as the screen's own button does, rather
than leave the site.
While one is open, the tab's history holds one more entry, marked ``MARK``; Back takes the
tab to the entry under it, in the same document, and the page leaves the screen. Leaving
by the page's own buttons takes the marked entry back too, so that the next Back leaves
the site as it would have. A reload keeps the entry, and the puzzle or the tutorial
(web/learn/solved.py, web/learn/tutorial.py)."""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import JsProxy, create_proxy
from pyscript import window

from ..state.app import App
from .problem import GUARD

MARK = "kahuna-screen"


def leaving(app: App) -> str:
    """The act that leaves the screen on show, the uppermost first ("" for the game)."""
    if app.builder is not None:
        return "builder:close"
    if app.editor is not None:
        return "edit:close"
    if app.puzzle is not None:
        return "puzzle:leave"
    return "tutorial:skip" if app.tutorial is not None else ""


def _marked() -> bool:
    return window.history.state == MARK


class ScreenBack:
    """Keeps the tab's history in step with the screen on show (``sync``, after each
    drawing) and leaves the screen when the person goes back past its entry."""

    def __init__(self, app: App, act: Callable[[str], None]) -> None:
        self.app, self.act = app, act
        self.popping = False  # the page itself went back: that popstate is no Back
        self._pop = create_proxy(GUARD.wrap(self.on_pop))
        window.addEventListener("popstate", self._pop)

    def sync(self) -> None:
        """The marked entry while a screen is open, none once it is left."""
        if self.popping:
            return
        if leaving(self.app):
            if not _marked():
                window.history.pushState(MARK, "")
        elif _marked():
            self.popping = True
            window.history.back()

    def on_pop(self, event: JsProxy) -> None:
        """The tab went to another of its entries: Back (or Forward) in the same page."""
        ours, self.popping = self.popping, False
        act = leaving(self.app)
        if ours:  # a screen opened since then gets its entry again
            self.sync()
        elif act and not _marked():
            self.act(act)  # drawn, and in step again (a screen under it gets its entry)
        elif not act and _marked():  # Forward onto a screen since left: none to show
            window.history.replaceState(None, "")
