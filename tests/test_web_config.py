"""The page's static files: pyscript.toml lists every module, index.html is painted."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from scripts.paint_board import painted

ROOT = Path(__file__).resolve().parent.parent


#: Modules the browser never imports (the command line's); not fetched at boot.
COMMAND_LINE_ONLY = {"kahuna/__main__.py", "kahuna/tools/__init__.py", "kahuna/tools/cli.py",
                     "kahuna/tools/bench.py", "kahuna/tools/tournament.py"}


def imported_modules(path: Path) -> set[str]:
    """Files of kahuna/ and web/ that ``path`` imports (absolute or relative), anywhere."""
    package = ".".join(path.relative_to(ROOT).parent.parts)
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = f"{base}.{node.module}" if base and node.module else (node.module or base)
            names = [module] + [f"{module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] in ("kahuna", "web"):
                for n in range(1, len(parts) + 1):  # each package on the way, and the module
                    for candidate in ("/".join(parts[:n]) + "/__init__.py", "/".join(parts[:n]) + ".py"):
                        if (ROOT / candidate).exists():
                            found.add(candidate)
    return found


def test_pyscript_toml_lists_every_module_the_browser_needs():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    files = config["files"]
    assert all(src == dest for src, dest in files.items())
    listed = {src.removeprefix("./") for src in files}
    modules = {str(p.relative_to(ROOT)) for d in ("kahuna", "web") for p in (ROOT / d).rglob("*.py")}
    needed = modules - COMMAND_LINE_ONLY - {"web/main.py"}  # main.py is the <script src>
    assert sorted(needed - listed) == [], "add these to pyscript.toml [files]"
    assert sorted(listed - needed) == [], "these are gone or command-line only"
    for module in sorted(listed | {"web/main.py"}):
        missing = imported_modules(ROOT / module) - listed
        assert not missing, f"{module} imports {missing}, which the browser would not have"
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


def test_micropython_config_turns_off_the_same_plugins_as_pyscript_toml():
    html = (ROOT / "index.html").read_text()
    mpy = re.search(r"<mpy-config>(.*?)</mpy-config>", html, re.S)
    assert mpy is not None, "index.html has no <mpy-config>"
    toml = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert tomllib.loads(mpy.group(1))["plugins"] == toml["plugins"]
