"""The engine package as a whole: no browser imports, and its doctests pass."""

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import kahuna

PACKAGE = Path(kahuna.__file__).parent
BROWSER = {"js", "pyodide", "pyscript"}
# every module but __main__, which runs the command line when imported
MODULES = sorted(m.name for m in pkgutil.walk_packages([str(PACKAGE)], "kahuna.")
                 if m.name != "kahuna.__main__")


def imported_roots(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_engine_imports_nothing_from_the_browser():
    """kahuna/ runs under plain CPython: it never imports js, pyodide or pyscript."""
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) >= 10
    offenders = {str(p.relative_to(PACKAGE)): sorted(set(imported_roots(p)) & BROWSER)
                 for p in sources}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_scan_sees_every_kind_of_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import js\nimport pyodide.ffi as f\nfrom pyscript import window\n"
                      "def f():\n    import os\n", encoding="utf-8")
    assert set(imported_roots(sample)) == {"js", "pyodide", "pyscript", "os"}


def examples(name: str) -> int:
    """How many doctest examples the docstrings of module ``name`` hold."""
    found = doctest.DocTestFinder().find(importlib.import_module(name))
    return sum(len(test.examples) for test in found)


# Only the modules with examples are run: a run over a module without any passes
# whatever happens, and made most of the runs (32 of 43) look like checks.
WITH_EXAMPLES = [name for name in ["kahuna", *MODULES] if examples(name)]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted == examples(name) > 0


def test_doctests_exist():
    """The modules that hold examples, counted: examples lost (or a finder that finds
    none, which would leave test_doctests with nothing to run) fail here. Write the new
    count when a module gains or loses its examples."""
    assert len(WITH_EXAMPLES) == 11, WITH_EXAMPLES


WEB = PACKAGE.parent / "web"


def kahuna_imports(path):
    """The kahuna modules ``path`` imports, anywhere in it (lazy imports too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "kahuna")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "kahuna":
            yield node.module


def test_the_page_uses_only_the_package_face():
    """web/ imports ``kahuna`` itself, never a sub-module: kahuna/__init__.py is the one
    surface the page depends on."""
    found = {str(p.relative_to(WEB)): sorted(set(kahuna_imports(p))) for p in WEB.rglob("*.py")}
    assert sum(1 for names in found.values() if names == ["kahuna"]) >= 5
    assert {k: v for k, v in found.items() if set(v) - {"kahuna"}} == {}


def test_the_face_gives_every_name_it_lists():
    for name in kahuna.__all__:
        assert getattr(kahuna, name) is not None, name


def test_layers_import_only_the_layers_below():
    """rules <- notation <- drawing, rules <- players, notation and players <- learn,
    rules and notation <- correspondence, all <- tools: a layer never imports one below it in the list (players may not use
    notation or drawing; rules uses nothing else). Every package is a layer listed here."""
    allowed = {"rules": {"rules"}, "notation": {"rules", "notation"},
               "drawing": {"rules", "notation", "drawing"},
               "players": {"rules", "players"},
               "learn": {"rules", "notation", "players", "learn"},
               "correspondence": {"rules", "notation", "correspondence"},
               "tools": {"rules", "notation", "drawing", "players", "learn", "correspondence",
                         "tools"}}
    packages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    assert packages == set(allowed)
    for layer, may in allowed.items():
        for path in (PACKAGE / layer).glob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
                    assert node.module.split(".")[0] in may, f"{path.name} imports ..{node.module}"
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    assert node.module.split(".")[0] != "kahuna", f"{path.name}: use relative imports"
