"""The test suite's own rules (issue 30), read from its sources: no test module imports
another (shared helpers live in tests/helpers.py, tests/web_helpers.py and, shared with
bench/, scripts/page_driver.py, scripts/positions.py and scripts/measure.py), the benches
import nothing from the tests, no unit test reads the clock or sets a Hypothesis deadline
(speed is measured by bench/, never asserted), and no test returns before its assertions."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
TEST_PACKAGES = ("tests", "e2e")
#: Where a test module could be imported from: the tests, their helpers, the benches.
IMPORTERS = ("tests", "e2e", "bench", "scripts")
CLOCKS = {"time", "perf_counter", "monotonic", "process_time", "perf_counter_ns", "time_ns",
          "monotonic_ns"}


def imported_modules(path: Path, package: str) -> set[str]:
    """The dotted names ``path`` (a module of ``package``) imports, relative ones resolved,
    with ``from X import name`` giving both X and X.name (name may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package if node.level else ""
            module = ".".join(filter(None, [base, node.module]))
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def written(folder: Path, text: str, name: str = "test_sample.py") -> Path:
    """A module of ``text`` in ``folder``, for a scan to read."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return len(parts) == 2 and parts[0] in TEST_PACKAGES and parts[1].startswith("test_")


def test_modules_importing_test_modules() -> None:
    """A test module imported by another ties the two together (its helpers change with
    its tests): what several use is a helper module's."""
    offenders = {}
    for folder in IMPORTERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "node_modules" in path.parts:
                continue
            package = ".".join(path.relative_to(ROOT).parent.parts)
            bad = sorted(m for m in imported_modules(path, package) if is_test_module(m))
            if bad:
                offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_the_import_scan_sees_every_form(tmp_path: Path) -> None:
    sample = written(tmp_path, "from .test_a import x\nfrom . import test_b\nimport tests.test_c\n"
                     "from tests import test_d\nfrom e2e.test_e import y\n"
                     "from .helpers import z\nimport tests.web_helpers\n"
                     "def f():\n    from tests.test_f import w\n")
    found = {m for m in imported_modules(sample, "tests") if is_test_module(m)}
    assert found == {"tests.test_a", "tests.test_b", "tests.test_c", "tests.test_d",
                     "e2e.test_e", "tests.test_f"}


def test_the_benches_and_scripts_import_nothing_of_the_tests() -> None:
    """Issue 30: what the benches share with the tests (the page's driving, positions and
    whole games) lives in scripts/ (page_driver.py, positions.py), never in tests/ or e2e/,
    whose helpers change with their tests."""
    offenders = {}
    for folder in ("bench", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            package = ".".join(path.relative_to(ROOT).parent.parts)
            bad = sorted(m for m in imported_modules(path, package)
                         if m.split(".")[0] in TEST_PACKAGES)
            if bad:
                offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def timing(path: Path) -> list[str]:
    """The clock reads and Hypothesis deadlines in ``path``, as source text."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in CLOCKS \
                and isinstance(node.value, ast.Name) and node.value.id == "time":
            found.append(ast.unparse(node))
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            found += [f"from time import {a.name}" for a in node.names if a.name in CLOCKS]
        elif isinstance(node, ast.keyword) and node.arg == "deadline" \
                and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            found.append(f"deadline={ast.unparse(node.value)}")
    return found


def test_no_unit_test_is_timed() -> None:
    """Speed is measured by the scripts in bench/, never asserted: a timed assertion
    fails on a busy machine and passes a slow change on a fast one."""
    found = {p.name: timing(p) for p in sorted((ROOT / "tests").glob("*.py"))}
    assert {name: reads for name, reads in found.items() if reads} == {}


def test_the_timing_scan_sees_clocks_and_deadlines(tmp_path: Path) -> None:
    sample = written(tmp_path, "import time\nfrom time import monotonic\nt = time.perf_counter()\n"
                     "s = settings(deadline=2000)\nu = settings(deadline=None)\ntime.sleep(0)\n")
    assert sorted(timing(sample)) == ["deadline=2000", "from time import monotonic",
                                      "time.perf_counter"]


def early_returns(path: Path) -> list[str]:
    """Test functions of ``path`` with a ``return`` of their own (not a nested function's)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            todo = list(node.body)
            while todo:
                inner = todo.pop()
                if isinstance(inner, ast.Return):
                    found.append(f"{node.name}:{inner.lineno}")
                elif not isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef,
                                            ast.Lambda, ast.ClassDef)):
                    todo.extend(ast.iter_child_nodes(inner))
    return found


def test_no_test_returns_before_its_assertions() -> None:
    """A return in a test ends it, or a Hypothesis example, before what follows: two
    thirds of a property test's examples once checked nothing that way. Draw the input
    within reach, or assert what must hold, instead."""
    found = {str(p.relative_to(ROOT)): early_returns(p)
             for folder in TEST_PACKAGES for p in sorted((ROOT / folder).glob("test_*.py"))}
    assert len(found) > 50
    assert {name: where for name, where in found.items() if where} == {}


def test_the_return_scan_skips_nested_functions(tmp_path: Path) -> None:
    sample = written(tmp_path, "def test_a(x):\n    if x:\n        return\n    assert x\n\n"
                     "def test_b():\n    def inner():\n        return 1\n    assert inner()\n"
                     "\ndef helper():\n    return 2\n")
    assert early_returns(sample) == ["test_a:3"]


def test_hypothesis_runs_without_a_deadline() -> None:
    """tests/conftest.py's profile: a test's own settings keep no 200 ms default."""
    assert settings(max_examples=5).deadline is None
