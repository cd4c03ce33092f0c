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


@pytest.mark.parametrize("name", ["kahuna", *MODULES])
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_doctests_exist():
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted
                    for name in ["kahuna", *MODULES])
    assert attempted >= 3
