"""No import circle among the project's scripts nor among the page's modules (issue 30):
a module that imports another, at its top, inside a function or for type checking alike,
is never imported back by it, however far round. The page's packages are layers, as
kahuna/'s are (tests/test_package.py): each imports only those below it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported(path: Path, folder: str) -> set[str]:
    """The modules of ``folder`` (a top-level package of the repository) that ``path``
    imports anywhere in it: ``from scripts import x``, ``scripts.x``, or, run as a
    script with its folder on the path, ``import x`` / ``from x import y``."""
    names = {p.stem for p in (ROOT / folder).glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module] + ([f"{node.module}.{a.name}" for a in node.names]
                                       if node.module == folder else [])
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] == folder and len(parts) > 1 and parts[1] in names:
                found.add(parts[1])
            elif parts[0] in names:
                found.add(parts[0])
    return found - {path.stem}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every module from which an import path leads back to it, with one such path."""
    found = []
    for start in sorted(graph):
        path, seen, todo = {start: [start]}, set(), [start]
        while todo:
            here = todo.pop()
            for there in sorted(graph.get(here, ())):
                if there == start:
                    found.append(path[here] + [start])
                    todo = []
                    break
                if there not in seen:
                    seen.add(there)
                    path[there] = path[here] + [there]
                    todo.append(there)
    return found


def test_the_circle_finder_finds_a_circle_and_only_that():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c", "a"], ["b", "c", "a", "b"], ["c", "a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_scripts_import_no_circle():
    graph = {p.stem: imported(p, "scripts") for p in (ROOT / "scripts").glob("*.py")}
    assert graph["trim_stdlib"] >= {"build_site", "strip_source"}  # the scan sees imports
    assert circles(graph) == []


#: web/'s packages, lowest first (docs/architecture.md): each may import only itself and
#: those before it. web/main.py, the script index.html runs, stands above them all.
WEB_LAYERS = ("words", "game", "learn", "state", "view", "boot")


def web_imported(path: Path) -> set[str]:
    """The page's modules (``"state.app"``) that ``path``, a module under web/, imports
    anywhere in it, relative imports resolved; ``from ..game import saves`` counts the
    module ``game.saves``."""
    package = list(path.relative_to(ROOT).parent.parts)  # ["web", "state"]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            modules = [a.name.split(".") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            modules = [module] + [module + [a.name] for a in node.names]
        else:
            continue
        for parts in modules:
            if parts[:1] == ["web"] and (ROOT.joinpath(*parts).with_suffix(".py").is_file()):
                found.add(".".join(parts[1:]))
    return found


def web_graph() -> dict[str, set[str]]:
    return {".".join(p.relative_to(ROOT / "web").with_suffix("").parts): web_imported(p)
            for p in (ROOT / "web").rglob("*.py") if p.name != "__init__.py"}


def test_the_page_imports_no_circle():
    graph = web_graph()
    assert graph["state.acts"] >= {"state.app", "game.match"}  # the scan sees imports
    assert graph["boot.dom"] >= {"state.acts"}
    assert circles(graph) == []


def test_the_page_s_packages_import_only_those_below():
    packages = {p.parent.name for p in (ROOT / "web").glob("*/__init__.py")}
    assert packages == set(WEB_LAYERS), "a package of web/ that is no layer of WEB_LAYERS"
    wrong = [f"web/{module.replace('.', '/')}.py imports web.{there}"
             for module, imports in sorted(web_graph().items()) if "." in module
             for there in sorted(imports)
             if WEB_LAYERS.index(there.split(".")[0]) > WEB_LAYERS.index(module.split(".")[0])]
    assert wrong == []


def test_the_page_s_state_stays_short():
    """Issue 30: ``App`` keeps its fields in typed parts (web/state/parts.py), so that
    web/state/app.py, the class every handler receives, stays under 200 lines."""
    lines = (ROOT / "web" / "state" / "app.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200
