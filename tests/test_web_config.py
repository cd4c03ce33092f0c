"""The page's static files: pyscript.toml lists every module, index.html is painted."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from scripts.paint_board import painted

ROOT = Path(__file__).resolve().parent.parent


def test_pyscript_toml_lists_every_module_of_kahuna_and_web():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    files = config["files"]
    assert all(src == dest for src, dest in files.items())
    listed = {src.removeprefix("./") for src in files}
    needed = {str(p.relative_to(ROOT)) for d in ("kahuna", "web") for p in (ROOT / d).glob("*.py")}
    needed.discard("web/main.py")  # the page's <script src>, not imported
    assert sorted(needed - listed) == [], "add these to pyscript.toml [files]"
    assert sorted(listed - needed) == [], "these files no longer exist"
    assert "packages" not in config  # nothing from a CDN
    assert config["interpreter"] == "./web/vendor/pyodide.mjs"


def test_index_html_holds_the_current_static_board():
    html = (ROOT / "index.html").read_text()
    assert html == painted(html), "run: python scripts/paint_board.py"


def test_index_html_uses_only_relative_urls():
    html = (ROOT / "index.html").read_text()
    for url in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert url.startswith("./") or url.startswith("data:"), url
    assert './manifest.webmanifest' in html and './web/sw-register.js' in html
