"""The browser's side of games by links (web/state/friend.py): a link opened in this tab
(the address's fragment changes, no reload), the phone's share sheet, the friend's name
field. Parts of ``Page`` (web/boot/dom.py)."""

from __future__ import annotations

import asyncio
from typing import Protocol

from pyodide.ffi import JsProxy, create_proxy, to_js
from pyscript import document, window

from ..state import friend, friend_turn
from ..state.app import App
from .problem import GUARD


class Drawn(Protocol):
    """What showing a friend's turn needs of the Page (web/boot/loops.py calls it)."""

    app: App

    @property
    def pace(self) -> float: ...

    def render(self, after: tuple[str, ...] = ()) -> None: ...


def take_fragment(app: App) -> bool:
    """Open the link in the address's fragment, if it is one, and drop it from the address
    (a reload must not open it again, and the address bar should not keep a game)."""
    fragment = str(window.location.hash or "")
    if not friend.arrived(app, fragment):
        return False
    window.history.replaceState(None, "", window.location.pathname + window.location.search)
    return True


def field_text(target: JsProxy) -> str:
    """The text of the field a button names in ``data-field`` (the friend's name), as
    ":text" to follow its act; "" when it names none."""
    name = target.getAttribute("data-field")
    element = document.getElementById(name) if name else None
    return ":" + str(element.value) if element else ""


class Links:
    """Listens for links opened in this tab and hands a link to the share sheet."""

    def __init__(self, app: App, redraw: object) -> None:
        self.app = app
        self.redraw = redraw  # draws the page and lets the game go on (Page.after_link)
        app.friend.can_share = bool(getattr(window.navigator, "share", None))
        self._hash = create_proxy(GUARD.wrap(self.on_hash))
        window.addEventListener("hashchange", self._hash)

    def on_hash(self, event: JsProxy) -> None:
        """A link pasted into the address bar of this tab (no reload): opened."""
        if take_fragment(self.app):
            self.redraw()  # type: ignore[operator]

    def sheet(self) -> None:
        """The App asked for the share sheet: hand it the link, once."""
        url, self.app.friend.sheet = self.app.friend.sheet, None
        if url:
            asyncio.ensure_future(GUARD.run(lambda: self._share(url)))

    async def _share(self, url: str) -> None:
        try:
            await window.navigator.share(to_js({"url": url}, dict_converter=window.Object.fromEntries))
        except Exception:  # the person closed the sheet, or it is not allowed: Copy is there
            pass


def show_turn(page: Drawn) -> None:
    """A friend's turn just opened (web/state/friend_turn.py): shown action by action at
    the computer's pace, once; at pace 0 (tests) as it stands at once."""
    turn = page.app.friend.turn
    if turn is None or turn.running:
        return
    if page.pace <= 0:
        friend_turn.finish(page.app)
        page.render()
        return
    turn.running = True
    asyncio.ensure_future(GUARD.run(lambda: _steps(page, turn)))


async def _steps(page: Drawn, turn: friend_turn.FriendTurn) -> None:
    while True:
        await asyncio.sleep(page.pace)
        if page.app.friend.turn is not turn:  # another link came meanwhile: its own steps
            return
        more = friend_turn.step(page.app)
        page.render()
        if not more:
            return
