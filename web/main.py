# Minimal boot script (to be replaced by the real game): proves that the
# `web` package mapped through pyscript.toml [files] imports in the browser.
from pyscript import document

from web.hello import greet

document.querySelector("#status").textContent = greet()
document.body.dataset.ready = "1"
