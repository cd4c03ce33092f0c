"""The thin browser layer: writes ``web.view.view(app)`` into the page, turns clicks
into acts, and runs the computer's turns in short slices so the page never freezes.

Only this module and ``web.main`` touch the DOM; nothing is ever read back from it
as game state (a click only yields the clicked element's ``data-act``). What happens
in the browser reaches the App through its event methods, never by setting its fields.
"""

from __future__ import annotations

import asyncio
import time

from pyodide.ffi import JsProxy, create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from .app import App
from .guard import CONTINUE, NEW, RELOAD, Guard
from .view import parts, view

#: When the board is drawn turned (keep in step with web/style.css).
PORTRAIT = "(orientation: portrait) and (max-width: 759px)"
SLICE = 0.03  # seconds of thinking between two frames (keeps tasks far below 200 ms)


PROBLEM = "problem-dialog"  # the element the guard's dialog lives in (made by install_guard)


def _show_problem(html: str) -> None:
    """Put the guard's dialog up with ``html``, or take it down ("")."""
    element = document.getElementById(PROBLEM)
    element.querySelector(".box").innerHTML = html
    element.hidden = not html
    if html:
        element.querySelector("button").focus()


#: The one guard every entry point from the browser runs through (web/guard.py).
GUARD = Guard(_show_problem, lambda text: window.console.error(text))


def install_guard() -> None:
    """Once, first thing at boot: the guard's dialog, its buttons, Reload as the way that
    always remains, and the backstops for errors that escape a handler: the event loop's
    (a task's exception) and the window's (a Python error thrown into JS)."""
    document.body.insertAdjacentHTML(
        "beforeend", f'<div id="{PROBLEM}" class="overlay problem-overlay" hidden>'
        '<div class="box" role="alertdialog" aria-modal="true" '
        'aria-labelledby="problem-title"></div></div>')

    def on_choice(event: JsProxy) -> None:
        button = event.target.closest("[data-problem]")
        if button is not None and button is not jsnull:
            GUARD.choose(button.getAttribute("data-problem"))

    def on_window_error(event: JsProxy) -> None:
        if str(event.message).startswith("Uncaught PythonError"):
            event.preventDefault()
            GUARD.failed(RuntimeError(str(event.message)))

    document.getElementById(PROBLEM).addEventListener("click", create_proxy(GUARD.wrap(on_choice)))
    window.addEventListener("error", create_proxy(on_window_error))
    asyncio.get_event_loop().set_exception_handler(
        lambda loop, context: GUARD.failed(
            context.get("exception") or RuntimeError(context.get("message", "?"))))
    GUARD.ways[RELOAD] = lambda: window.location.reload()


class Page:
    """Connects one App to the document. Every browser event reaches it through GUARD."""

    def __init__(self, app: App, pace: float) -> None:
        self.app = app
        self.pace = pace  # seconds between the computer's actions
        self.written: dict[str, str] = {}  # element id -> the HTML last written there
        self.busy = False
        self._click = create_proxy(GUARD.wrap(self.on_click))
        document.addEventListener("click", self._click)
        self._key = create_proxy(GUARD.wrap(self.on_key))
        document.addEventListener("keydown", self._key)
        self._press = create_proxy(GUARD.wrap(self.on_long_press))
        document.addEventListener("contextmenu", self._press)
        self._shape = window.matchMedia(PORTRAIT)
        app.set_portrait(bool(self._shape.matches))
        self._reshape = create_proxy(GUARD.wrap(self.on_reshape))
        self._shape.addEventListener("change", self._reshape)
        self._storage = create_proxy(GUARD.wrap(self.on_storage))
        window.addEventListener("storage", self._storage)
        GUARD.ways[CONTINUE] = self.recover
        GUARD.ways[NEW] = self.fresh_game

    def recover(self) -> None:
        """After an unexpected error: draw everything again from the App, go on."""
        self.written.clear()
        self.render()
        self.kick()

    def fresh_game(self) -> None:
        """After an unexpected error: a new game with the last options, drawn afresh."""
        self.app.start()
        self.recover()

    def on_storage(self, event: JsProxy) -> None:
        """Another tab of this site wrote to the storage: the App checks its game."""
        key = event.key
        self.app.storage_changed(key if isinstance(key, str) else None)
        self.render()

    def on_reshape(self, event: JsProxy) -> None:
        """The screen turned: draw the board for the new orientation."""
        self.app.set_portrait(bool(self._shape.matches))
        self.render()

    def render(self) -> None:
        """Write the view: every part whose HTML changed, then the fields in
        ``web.view.OWN_WAY``, each its own way."""
        current = view(self.app)
        for target, html in parts(current).items():
            if self.written.get(target) != html:
                self.written[target] = html
                document.getElementById(target).innerHTML = html
        self._overlay("dialog", current.dialog)
        self._overlay("cover", current.cover)
        document.getElementById("btn-hint").disabled = not current.hint_ok
        document.documentElement.lang = current.lang
        document.body.dataset.turn = current.turn  # for tests and styling: who may act
        self.app.drawn()  # animate once, not again on the next drawing; download once
        if current.download is not None:
            _download(*current.download)

    def _overlay(self, target: str, html: str) -> None:
        """A dialog or cover: its HTML (the dialog's into its box), hidden when empty."""
        element = document.getElementById(target)
        if self.written.get(target) != html:
            self.written[target] = html
            inner = element.querySelector(".box") if target == "dialog" else element
            inner.innerHTML = html
        element.hidden = not html

    def on_click(self, event: JsProxy) -> None:
        """A click on an element with ``data-act``: the hint, or an act for the App."""
        target = event.target.closest("[data-act]")
        if target is None or target is jsnull:  # a click beside every control
            return
        act = target.getAttribute("data-act")
        if act == "hint":
            asyncio.ensure_future(GUARD.run(self.hint))
            return
        self.app.handle(act)
        self.render()
        self.kick()

    def on_long_press(self, event: JsProxy) -> None:
        """A long press on a face-up card (a phone's context menu; a right click): what its
        corner number means, instead of the browser's menu."""
        corner = event.target.closest(".card")
        corner = None if corner is None or corner is jsnull else corner.querySelector("small")
        if corner is not None and corner is not jsnull:
            event.preventDefault()
            self.app.handle("tip:lines")
            self.render()

    def on_key(self, event: JsProxy) -> None:
        """Enter or Space on a focused board line acts like a click (buttons do so anyway)."""
        if event.key in ("Enter", " ") and event.target.tagName == "path":
            event.preventDefault()
            self.on_click(event)

    def kick(self) -> None:
        """Let the computer play if it is its turn (one loop at a time)."""
        m = self.app.match
        if not self.busy and m is not None and m.computer_to_move() and not self.app.dialog:
            asyncio.ensure_future(GUARD.run(self.computer_turns))

    async def _decide(self, for_hint: bool):
        start = time.perf_counter()
        thinking = self.app.think(for_hint)
        while not thinking.step(SLICE):
            await asyncio.sleep(0)  # yield to the browser between slices
        # bench/page_figures.py reads these lines for the time per decision
        window.console.debug(f"kahuna-decision {'hint' if for_hint else 'computer'} "
                             f"{(time.perf_counter() - start) * 1000:.0f}")
        return thinking.action()

    async def computer_turns(self) -> None:
        """Play the computer's actions one at a time, at a pace a person can follow."""
        self.busy = True
        try:
            while True:
                m = self.app.match
                if self.app.autoplay and m is not None and m.state.is_over:
                    self.app.autoplay_next()
                    document.body.dataset.autoplayed = str(self.app.autoplayed)
                    self.render()
                    await asyncio.sleep(0)
                    continue
                if m is None or not m.computer_to_move() or self.app.dialog:
                    break
                self.app.thinking_started()
                self.render()
                action = await self._decide(False)
                await asyncio.sleep(self.pace)
                self.app.thinking_done()
                if self.app.match is not m:  # a new game began meanwhile
                    continue
                self.app.play(action)
                self.render()
        finally:
            self.app.thinking_done()
            self.busy = False
            self.render()

    async def hint(self) -> None:
        """Ask the strongest level what it would do in the person's place."""
        m = self.app.match
        if m is None or self.busy:
            return
        self.busy = True
        self.app.looking_for_hint()
        self.render()
        try:
            action = await self._decide(True)
            if self.app.match is m:
                self.app.show_hint(action)
        finally:
            self.busy = False
            self.render()


class LocalStorage:
    """``window.localStorage`` as ``web.saves.Storage``: JS null comes back as None."""

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


def _download(name: str, text: str) -> None:
    """Offer ``text`` as a file download (keeps an unreadable save's raw data)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
