"""Boot: read the address, open the saved or linked game, draw, become interactive."""

import time
from urllib.parse import parse_qsl, urlencode

from pyscript import document, window

from web.app import App
from web.dom import LocalStorage, Page

params = dict(parse_qsl(window.location.search.lstrip("?")))
seed = params.get("seed", "")
reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
try:  # ?pace=SECONDS sets the computer's pace (0 for tests)
    pace = max(0.0, min(3.0, float(params["pace"])))
except (KeyError, ValueError):
    pace = 0.35 if reduced else 0.7

app = App(LocalStorage(), time.time, int(seed) if seed.isdigit() else None)
app.boot(params)
if "record" in params or "position" in params:  # a reload must not open the link again
    rest = {k: v for k, v in params.items() if k not in ("record", "position")}
    window.history.replaceState(None, "", window.location.pathname
                                + ("?" + urlencode(rest) if rest else ""))
page = Page(app, pace)
page.render()
document.getElementById("status").textContent = "ready"
document.body.dataset.ready = "1"
page.kick()
