"""The page's script (index.html's ``<script type="py">``): start the game
(web/boot/start.py, whose docstring lists the address parameters).

The guard that turns errors into a calm dialog lives in the page's own code: when that
code cannot even be imported (a module missing from a stale cache or a half-updated
site), say so in plain words here rather than leave "Starting the game…" on screen.
"""

import gc
import traceback

from pyscript import document, window

try:
    from web.boot.start import run
except Exception:  # noqa: BLE001 - whatever failed, the player needs words, not nothing
    window.console.error("Kahuna could not load its code:\n" + traceback.format_exc())
    forget = getattr(window, "kahunaForgetBytecode", None)  # web/pyodide-boot.mjs
    if forget is not None:
        forget()  # should the bytecode kept on this device be at fault, a reload mends it
    document.getElementById("prompt").textContent = (
        "The game could not load. Reloading the page usually helps; if it does not, the "
        "site may be in the middle of an update: try again in a minute.")
else:
    run()
    # The board is ready: compile for the next boot the bytecode this one did not find
    # (web/boot/bytecode.py, web/pyodide-boot.mjs).
    from web.boot import bytecode

    bytecode.remember()
    # What the boot made lives as long as the page: out of the collector's sight, a full
    # collection during a tap takes about 1 ms on a phone's CPU rather than 40-90 ms
    # (issue 33, docs/deploy.md). Cheap: it moves lists, it scans nothing.
    gc.freeze()
