"""The trimmed standard library (scripts/trim_stdlib.py): the page's Python never needs a
module that the shipped web/vendor/python_stdlib.zip lacks.

The guard runs under CPython: a fresh interpreter imports every module of the page (the
files of its archive, web/page.tar.gz, and what web/main.py imports) with an import hook
that stands in for the browser's modules (``js``, ``pyscript``, ``pyodide``), and every
standard-library module it ends up with must be in the trimmed archive (or frozen into
the runtime). The e2e suite then runs the trimmed site itself in Chromium.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scripts import build_site, trim_stdlib
from scripts.strip_source import strip_source

ROOT = Path(__file__).resolve().parent.parent
TRIMMED = ROOT / "web" / "vendor" / trim_stdlib.STDLIB
FULL = trim_stdlib.PYODIDE / trim_stdlib.STDLIB
PROBE = ROOT / "web" / "vendor" / trim_stdlib.PROBE_CACHE

needs_build = pytest.mark.skipif(
    not (TRIMMED.is_file() and FULL.is_file() and PROBE.is_file()),
    reason="no built runtime: run scripts/setup.sh")

# Runs in a fresh interpreter (-I -S: no site, no user paths): records every module asked
# for; the browser-only ones are stand-ins that answer every attribute and call.
IMPORT_ALL = r"""
import builtins, importlib, importlib.abc, importlib.machinery, importlib.util, json, os, sys
BROWSER = ("js", "pyscript", "pyodide", "pyodide_js")
PAGE = tuple(os.path.join(sys.argv[1], p) + os.sep for p in ("web", "kahuna"))
asked = set()
real_import = builtins.__import__

def hooked_import(name, globals=None, locals=None, fromlist=(), level=0):
    # every import statement the page's own code runs, its module already loaded or not
    if globals and str(globals.get("__file__", "")).startswith(PAGE):
        package = globals.get("__package__") or ""
        full = importlib.util.resolve_name("." * level + name, package) if level else name
        asked.add(full)
        asked.update(f"{full}.{item}" for item in fromlist or () if item != "*")
    return real_import(name, globals, locals, fromlist, level)

class Anything:
    def __getattr__(self, name):
        return self
    def __call__(self, *args, **kwargs):
        return self
    def __iter__(self):
        return iter(())
    def __bool__(self):
        return False

class Browser(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BROWSER:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        module.__getattr__ = lambda name: Anything()
        module.__path__ = []

builtins.__import__ = hooked_import
sys.meta_path.insert(0, Browser())
sys.path.insert(0, sys.argv[1])
for name in json.loads(sys.argv[2]):
    importlib.import_module(name)
print(json.dumps(sorted(asked)))
"""


def page_module_names() -> list[str]:
    """Every module of the page's archive, and what web/main.py imports."""
    names = []
    for path in build_site.page_archive_files(ROOT):
        if path.endswith(".py"):
            parts = path[:-3].split("/")
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    tree = ast.parse((ROOT / "web" / "main.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module)
        elif isinstance(node, ast.Try):  # `try: from web.boot.start import run`
            names += [n.module for n in node.body if isinstance(n, ast.ImportFrom)]
    return sorted(set(names))


@needs_build
def test_every_stdlib_module_the_page_imports_is_in_the_trimmed_archive():
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", IMPORT_ALL, str(ROOT), json.dumps(page_module_names())],
        capture_output=True, text=True, check=True, timeout=120)
    asked = json.loads(out.stdout)  # what the page's own code asked for, as it ran
    probe = json.loads(PROBE.read_text())["probe"]
    full = trim_stdlib.module_files(zipfile.ZipFile(FULL).namelist())
    shipped = trim_stdlib.module_files(zipfile.ZipFile(TRIMMED).namelist())
    assert {"kahuna.players.levels", "gettext", "pyscript"} <= set(asked)  # the hook works
    # ... and what those modules import in turn, as Python 3.14 reads them (CPython 3.11's
    # own standard library imports other modules than the runtime's)
    # (imports inside the page's functions that importing did not run: the players' and
    # the first save's, read from the source)
    needed = trim_stdlib.closure([*asked, *trim_stdlib.page_imports(ROOT)], full, probe["imports"])
    assert {"gettext", "hashlib", "traceback", "json", "html.entities"} <= needed
    missing = sorted(needed - set(shipped) - set(probe["frozen"]))
    assert not missing, ("the trimmed standard library lacks modules the page imports: "
                         f"{missing}; run scripts/setup.sh (or scripts/trim_stdlib.py)")


@needs_build
def test_the_trimmed_archive_is_current_and_much_smaller():
    probe = json.loads(PROBE.read_text())["probe"]
    full = zipfile.ZipFile(FULL)
    files = trim_stdlib.module_files(full.namelist())
    wanted = trim_stdlib.wanted_modules(probe, files, ROOT, sorted(TRIMMED.parent.glob("*.js")))
    shipped = trim_stdlib.module_files(zipfile.ZipFile(TRIMMED).namelist())
    assert set(shipped) == wanted, "stale: run scripts/setup.sh"
    # what every page needs: Pyodide's own Python, the page's imports
    assert {"_pyodide._base", "pyodide.ffi", "asyncio", "gettext", "hashlib", "json",
            "traceback", "html.entities", "encodings.utf_8"} <= set(shipped)
    # PyScript's [files] unpacker is not: web/pyodide-boot.mjs unpacks the page's archive
    assert not trim_stdlib.unpacks_archives(ROOT)
    assert not {"tarfile", "gzip"} & set(shipped)
    # frozen into the runtime, so not shipped; and what the page never imports
    assert not {"os", "zipimport", "unittest", "email", "pdb", "multiprocessing"} & set(shipped)
    assert TRIMMED.stat().st_size < FULL.stat().st_size / 4
    assert probe["version"].startswith("3.14")


def test_strip_source_keeps_lines_and_code():
    source = (b'"""Module doc."""\n'
              b'import os  # a comment\n'
              b'\n'
              b'class A:\n'
              b'    """Only a docstring."""\n'
              b'\n'
              b'def f(x):\n'
              b'    """Doc\n'
              b'    on two lines."""\n'
              b'    s = "# not a comment"\n'
              b'    "not a docstring"\n'
              b'    return x  # gone\n')
    stripped = strip_source(source).decode()
    lines = stripped.split("\n")
    assert len(lines) == len(source.decode().split("\n"))
    assert "Module doc" not in stripped and "on two lines" not in stripped
    assert "# a comment" not in stripped and "gone" not in stripped
    assert '"""Only a docstring."""' in stripped  # all its body holds: it stays
    assert 's = "# not a comment"' in stripped and '"not a docstring"' in stripped
    assert lines[9].strip() == 's = "# not a comment"' and lines[11].strip() == "return x"
    namespace: dict = {}
    exec(compile(stripped, "m", "exec"), namespace)
    assert namespace["f"](3) == 3 and namespace["f"].__doc__ is None


def test_imports_at_import_skips_functions_and_branches_never_taken():
    source = ("import a, b.c\n"
              "from . import sibling\n"
              "from .sub import name\n"
              "try:\n    import d\nexcept ImportError:\n    e = None\n"
              "if sys.platform == 'win32':\n    import winonly\nelse:\n    import posixonly\n"
              "if os.name != 'nt':\n    import notnt\n"
              "class K:\n    import inclass\n"
              "def f():\n    import lazy\n"
              "if __name__ == '__main__':\n    import doctest\n")
    found = trim_stdlib.imports_at_import(source, "pkg.mod", False,
                                          {"sys.platform": "emscripten", "os.name": "posix"})
    assert set(found) == {"a", "b.c", "pkg", "pkg.sibling", "pkg.sub", "pkg.sub.name", "d",
                          "posixonly", "notnt", "inclass"}


def test_closure_follows_imports_and_packages():
    files = {"a": "a.py", "p": "p/__init__.py", "p.q": "p/q.py", "r": "r.py", "unused": "u.py"}
    imports = {"a": ["p.q", "js"], "p.q": ["r"], "r": []}
    assert trim_stdlib.closure(["a"], files, imports) == {"a", "p", "p.q", "r"}


def test_pyscript_imports_are_read_from_its_javascript(tmp_path):
    chunk = tmp_path / "core.js"
    chunk.write_text('import{a}from"./x.js";const s={"m.py":"import js,inspect\\n'
                     'from pathlib import Path\\n\\timport os, gzip, tarfile"};')
    assert trim_stdlib.pyscript_imports([chunk]) == [
        "gzip", "inspect", "js", "os", "pathlib", "tarfile"]


def test_pyscript_s_unpacker_is_kept_for_a_page_that_has_it_unpack_an_archive(tmp_path):
    """A config with a .tar.gz in [files] makes PyScript import tarfile and gzip at boot."""
    chunk = tmp_path / "core.js"
    chunk.write_text('e.runPython(`\\n  import os, gzip, tarfile\\n  tar = tarfile.TarFile(...)`);'
                     'const b = "import js,inspect\\n";')
    assert trim_stdlib.pyscript_imports([chunk]) == ["gzip", "inspect", "js", "os", "tarfile"]
    assert trim_stdlib.pyscript_imports([chunk], False) == ["inspect", "js", "os"]
    (tmp_path / "index.html").write_text('<script type="py" config="./c.toml" src="./main.py"></script>')
    (tmp_path / "c.toml").write_text('[files]\n"./m.py" = "./m.py"\n')
    assert not trim_stdlib.unpacks_archives(tmp_path)
    (tmp_path / "c.toml").write_text('[files]\n"./code.tar.gz" = "./*"\n')
    assert trim_stdlib.unpacks_archives(tmp_path)


# The shipped runtime boots, then unpacks a zip and a wheel (pyodide.unpackArchive, which
# PyScript's [files] and loadPackage use); prints what the boot had imported first.
UNPACK = r"""
import { readFileSync } from "node:fs";
const [mjs, zip] = process.argv.slice(1);
const { loadPyodide } = await import(mjs);
const py = await loadPyodide();
const booted = py.runPython("import sys\nsorted(sys.modules)").toJs();
const data = new Uint8Array(readFileSync(zip));
py.unpackArchive(data, "zip", { extractDir: "/unpacked/zip" });
py.unpackArchive(data, "whl", { extractDir: "/unpacked/whl" });
const read = py.runPython(`[open(f"/unpacked/{k}/pkg/hello.txt").read() for k in ("zip", "whl")]`);
console.log(JSON.stringify({ booted: [...booted], read: read.toJs() }));
"""


@needs_build
def test_the_shipped_loader_imports_shutil_tempfile_zipfile_only_to_unpack(tmp_path):
    """Pyodide's package loader, imported at every boot, no longer imports shutil, tempfile
    and zipfile then (LOADER_EDITS); unpacking a zip and a wheel still works (the real
    trimmed runtime, under Node)."""
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("pkg/hello.txt", "hi")
    vendor = ROOT / "web" / "vendor" / "pyodide.mjs"
    out = subprocess.run(["node", "--input-type=module", "-e", UNPACK, vendor.as_uri(),
                          str(archive)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert "pyodide._package_loader" in found["booted"]
    assert not set(trim_stdlib.DEFERRED) & set(found["booted"])
    assert found["read"] == ["hi", "hi"]


def test_defer_imports_edits_the_pinned_loader_and_refuses_another():
    full = zipfile.ZipFile(FULL) if FULL.is_file() else None
    if full is None:
        pytest.skip("no node_modules/pyodide: run scripts/setup.sh")
    for path in trim_stdlib.LOADER_EDITS:
        source = full.read(path)
        edited = trim_stdlib.defer_imports(path, source).decode()
        module = path[:-3].replace("/", ".")
        before = trim_stdlib.imports_at_import(source, module, is_package=False)
        after = trim_stdlib.imports_at_import(edited, module, is_package=False)
        assert {"shutil"} <= set(before) and not set(trim_stdlib.DEFERRED) & set(after)
        assert set(after) == set(before) - set(trim_stdlib.DEFERRED) - {
            "tempfile.NamedTemporaryFile", "zipfile.ZipFile"}
    assert trim_stdlib.defer_imports("json/__init__.py", b"x = 1\n") == b"x = 1\n"
    common = full.read("pyodide/common.py")
    changed = common.replace(b"\nimport shutil\n", b"\nimport shutil, os\n")
    with pytest.raises(trim_stdlib.TrimError, match="pyodide/common.py.*'import shutil'.*0 times"):
        trim_stdlib.defer_imports("pyodide/common.py", changed)
    with pytest.raises(trim_stdlib.TrimError, match="still imports zipfile as it is imported"):
        trim_stdlib.defer_imports("pyodide/common.py", common + b"import zipfile\n")


@needs_build
def test_the_page_imports_no_deferred_module_before_its_board_is_ready():
    """What runs as the page starts (the import statements run at import time, from
    web/main.py down, the standard library's as Python 3.14 reads them) brings in none of
    DEFERRED: web/boot/bytecode.py imports zipfile when it starts compiling, in a later task
    than the one that makes the board ready (bench/page_figures.py times until then)."""
    probe = json.loads(PROBE.read_text())["probe"]
    files = trim_stdlib.module_files(zipfile.ZipFile(FULL).namelist())
    imports = dict(probe["imports"])
    for path in build_site.page_archive_files(ROOT):
        if path.endswith(".py"):
            module = next(iter(trim_stdlib.module_files([path])))
            files[module] = path
            imports[module] = trim_stdlib.imports_at_import(
                (ROOT / path).read_bytes(), module, path.endswith("__init__.py"))
    main = trim_stdlib.imports_at_import((ROOT / "web" / "main.py").read_bytes(), "__main__",
                                         is_package=False)
    started = trim_stdlib.closure(main, files, imports)
    assert {"web.boot.start", "web.boot.bytecode", "kahuna.rules.state", "gettext", "random"} <= started
    assert not set(trim_stdlib.DEFERRED) & started
