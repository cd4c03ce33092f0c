"""Posts the messages of web/view/host.py to the page that frames this one, only when
the page is an embed inside a frame (docs/embedding.md, "Messages to the host")."""

from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import window

from ..state.app import App
from ..view.host import Heard, news


class Host:
    """The frame's parent, told what happens in the embed after each drawing."""

    def __init__(self, app: App) -> None:
        self.framed = app.embed is not None and window.parent != window
        self.heard: Heard | None = None  # None: not ready yet (or another example opened)

    def tell(self, app: App) -> None:
        """Post what changed since the last drawing (``ready`` at the first)."""
        if not self.framed:
            return
        self.heard, said = news(app, self.heard)
        for one in said:
            window.parent.postMessage(to_js(one, dict_converter=window.Object.fromEntries), "*")
