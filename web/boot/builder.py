"""The embed builder in the browser (web/state/builder.py): writes its controls into
``#builder``, turns a click on its board and a change of its fields into acts, and keeps
its live preview: one frame of the game, loaded once, then sent each new example with
``kahuna:open?`` (docs/embedding.md), once it has said it is ready."""

from __future__ import annotations

from typing import Callable

from pyodide.ffi import JsProxy, create_proxy
from pyscript import document, window

from ..state.app import App
from ..state.builder import SIZES
from ..view.builder import controls_html, preview_html
from .elements import board_place, exists, morph
from .problem import GUARD

OPEN = "kahuna:open?"  # the frame's message for another example (web/boot/dom.py)


class BuilderView:
    """``#builder`` and its preview frame, for one Page: ``act`` does an act and draws."""

    def __init__(self, app: App, act: Callable[[str], None]) -> None:
        self.app, self.act = app, act
        self.written = ""  # the controls' HTML last written
        self.shown = ""  # the query the preview shows, or was sent
        self.ready = False  # the preview said "ready" (web/view/host.py)
        box = document.getElementById("builder")
        self._click = create_proxy(GUARD.wrap(self.on_click))
        box.addEventListener("click", self._click)
        self._change = create_proxy(GUARD.wrap(self.on_change))
        box.addEventListener("change", self._change)
        self._heard = create_proxy(GUARD.wrap(self.on_message))
        window.addEventListener("message", self._heard)

    def on_click(self, event: JsProxy) -> None:
        """A click on the builder's board: a note on that island or line."""
        if exists(event.target.closest("[data-act]")):
            return  # the page's own click handler does the act
        place = board_place(event, "#builder-board")
        if place:
            self.act(f"builder:{'line' if '-' in place else 'island'}:{place}")

    def on_change(self, event: JsProxy) -> None:
        """A text field changed (on leaving it, or Enter): its act."""
        name = event.target.getAttribute("data-field")
        if isinstance(name, str):
            self.act(f"builder:set:{name}:{event.target.value}")

    def on_message(self, event: JsProxy) -> None:
        """The preview said it is ready: show it the example as it is now."""
        frame = self._frame()
        data = event.data
        if (exists(frame) and event.source == frame.contentWindow
                and getattr(data, "kahuna", None) == "ready"):
            self.ready = True
            self.render(self.app)

    def _frame(self) -> JsProxy:
        return document.querySelector("#builder-preview iframe")

    def render(self, app: App) -> None:
        """Write the controls when they changed; show or hide the builder; bring the
        preview up to date."""
        box = document.getElementById("builder")
        b = app.builder
        if b is None:
            if not box.hidden:
                box.hidden = True
                document.getElementById("builder-preview").innerHTML = ""
                self.written, self.shown, self.ready = "", "", False
            return
        html = controls_html(b, app.site, app.portrait)
        if html != self.written:
            self.written = html
            morph(document.getElementById("builder-controls"), html)
        box.hidden = False
        query, (width, height) = b.query(), SIZES[b.size]
        frame = self._frame()
        if not exists(frame):
            document.getElementById("builder-preview").innerHTML = preview_html(
                f"{app.site}?{query}", b.size)
            frame = self._frame()
            self.shown, self.ready = query, False
        elif query != self.shown and self.ready:
            frame.contentWindow.postMessage(OPEN + query, "*")
            self.shown = query
        frame.width, frame.height = str(width), str(height)
