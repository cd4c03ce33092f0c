"""Boot: read the address, open the saved or linked game, draw, become interactive.

Address parameters (all optional):
  ?record=<base64url JSON>    open a game record (kahuna.record format) as a new game
  ?position=<base64url JSON>  open a position (kahuna.position format) for two players
                              (kahuna.link.encode makes both; a bad one says why)
  ?seed=N                     fixed deals and computer choices for new games (tests)
  ?pace=SECONDS               pause between the computer's actions (0 in tests)
"""

import time

from pyscript import document, window

from web.app import App
from web.dom import LocalStorage, Page
from web.saves import MemoryStorage

# The browser parses the address (no urllib import: every import costs boot time).
query = window.URLSearchParams.new(window.location.search)
params = {key: query.get(key) for key in ("record", "position", "seed", "pace") if query.has(key)}
seed = params.get("seed", "")
reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
try:  # ?pace=SECONDS sets the computer's pace (0 for tests)
    pace = max(0.0, min(3.0, float(params["pace"])))
except (KeyError, ValueError):
    pace = 0.35 if reduced else 0.7

try:
    storage = LocalStorage()
except Exception:  # storage switched off (e.g. some private modes): play without saving
    storage = MemoryStorage()
app = App(storage, time.time, int(seed) if seed.isdigit() else None)
if isinstance(storage, MemoryStorage):
    app.save_problem = "This browser does not let the page keep games: this one ends on reload."
app.boot(params)
if "record" in params or "position" in params:  # a reload must not open the link again
    query.delete("record")
    query.delete("position")
    rest = query.toString()
    window.history.replaceState(None, "", window.location.pathname + ("?" + rest if rest else ""))
page = Page(app, pace)
page.render()
document.getElementById("status").textContent = "ready"
document.body.dataset.ready = "1"
page.kick()
