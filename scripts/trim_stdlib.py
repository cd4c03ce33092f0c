"""The standard library the page ships: Pyodide's python_stdlib.zip trimmed to the modules
the page can import, their comments and docstrings taken out.

    python3 scripts/trim_stdlib.py OUT_DIR [--root DIR] [--js DIR]

reads node_modules/pyodide/python_stdlib.zip and writes OUT_DIR/python_stdlib.zip (run by
scripts/build-site.sh into web/vendor/, which the page loads it from, on every build: the
page's imports change). It also writes OUT_DIR/pyodide-lock.json without its package list
(113 kB, 26 kB compressed, fetched at every boot; the page loads no packages).

Which modules. Everything the page's Python can import when it runs, found from its entry
points, never kept by hand:
- what Pyodide itself imports while it boots: the modules in ``sys.modules`` after
  ``loadPyodide`` (the real runtime, run by Node from node_modules; modules Python has
  frozen into the WebAssembly binary, such as ``os`` or ``zipimport``, are left out);
- what PyScript's own Python imports (its modules and boot snippets, found in its
  JavaScript chunks: ``import x`` / ``from x import y`` lines);
- what the page's modules import (``scripts/build_site.py``'s closure from web/main.py,
  imports inside functions included: the players load lazily);
- the codecs looked up by name (CODECS), which no import statement names;
- then, transitively, every module that one of these imports when it is imported
  (statements at module or class level, under ``try``/``if`` too, not inside
  functions, nor in ``if`` branches the runtime never takes: ``__name__ == "__main__"``,
  ``sys.platform == "win32"``), as Python 3.14 itself parses the files (the parsing runs
  in Pyodide).
Imports inside standard-library functions are not followed (they pull in half the
library: pdb, unittest, multiprocessing); that the page's paths need none missing is what
tests/test_stdlib_trim.py (every page module imported under an import hook, CPython) and
the e2e suite (the trimmed site in Chromium, every level, dialog, embed and language)
check.

How. Comments and docstrings are taken out of each file (``strip_source``), keeping its
line numbers; Pyodide compiles both texts with ``optimize=2`` (what ``python -OO``
does) and a file is stripped only when the code objects come out identical, else
shipped as it is. Bytecode (.pyc) is not shipped: for these modules it is 2.8 times the
size of the stripped sources, compressed (1.30 MB against 0.47 MB).

Pyodide's package loader is shipped edited (LOADER_EDITS): it imports shutil, tempfile and
zipfile where loadPackage and unpackArchive use them, not at every boot.

The archive is deterministic (sorted names, fixed dates), so the site's version changes
only when its contents do.

Standard library only (Python 3.11+); needs ``node`` (as ``npm ci`` does).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import re
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

try:
    from scripts.strip_source import strip_source
except ModuleNotFoundError:  # run as a script: scripts/ is on the path
    from strip_source import strip_source

REPO_ROOT = Path(__file__).resolve().parent.parent
PYODIDE = REPO_ROOT / "node_modules" / "pyodide"
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
PROBE_CACHE = ".runtime-probe.json"
PROBE = Path(__file__).resolve().parent / "runtime_probe.mjs"
STRIPPER = Path(__file__).resolve().parent / "strip_source.py"  # the probe runs it too
# Codecs found by name at run time (str.encode/bytes.decode, open(..., encoding=)): no
# import statement names them. utf-8 is the page's only encoding; the others are what
# Python falls back on for file names and zip archives (cp437) and byte-for-byte data.
CODECS = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
          "encodings.latin_1", "encodings.cp437")
# `import x` / `from x import y` in PyScript's JavaScript chunks: its Python modules and
# boot snippets are string literals there ("...\nimport js,inspect\n...").
_PY_IN_JS = re.compile(
    r"""(?:^|\\n|\n|;|:|["'`])(?:[ \t]|\\t)*(?:import[ \t]+([A-Za-z_][\w.]*(?:[ \t]*,[ \t]*"""
    r"""[A-Za-z_][\w.]*)*)|from[ \t]+([A-Za-z_][\w.]*)[ \t]+import\b)""")
# What PyScript's Python unpacks a [files] archive with ("import os, gzip, tarfile" in its
# core chunk), and the archives it unpacks so (by name; a .zip it reads in JavaScript).
ARCHIVE_UNPACKING = ("gzip", "tarfile")
ARCHIVES = (".tar.gz", ".tgz")
_DATE = (1980, 1, 1, 0, 0, 0)
# Pyodide imports its package loader at every boot (pyodide/_package_loader.py, which
# imports pyodide/common.py), and the loader imports shutil, tempfile and zipfile at its
# top (and with them bz2, lzma, compression.zstd...) for loadPackage and unpackArchive,
# which the page never calls. The shipped copies import them where those functions use
# them: Pyodide's boot from 1.04 to 0.83 of the bare page's in a CPU profile
# (bench/cold_profile.py), a gain within the noise of wall time (docs/deploy.md). Each edit must
# match the runtime's text exactly once, else the build stops: a new Pyodide's loader is
# to be looked at again (tests/test_stdlib_trim.py checks them on the pinned one).
DEFERRED = ("shutil", "tempfile", "zipfile")
_FIRST_USE = """def _shutil():
    # shutil with the wheel format registered, imported at first use (scripts/trim_stdlib.py)
    import shutil

    if IN_PYODIDE and "whl" not in {name for name, _, _ in shutil.get_unpack_formats()}:
        _register_wheel_format(shutil)
    return shutil


def get_format(format: str) -> str:
"""
LOADER_EDITS: dict[str, list[tuple[str, str]]] = {
    "pyodide/_package_loader.py": [
        ("\nimport shutil\n", "\n"),
        ("\nfrom tempfile import NamedTemporaryFile\n", "\n"),
        ("\nfrom zipfile import ZipFile\n", "\n"),
        ("    return shutil._make_zipfile(", "    return _shutil()._make_zipfile("),
        ("    for fmt, extensions, _ in shutil.get_unpack_formats():",
         "    for fmt, extensions, _ in _shutil().get_unpack_formats():"),
        ("\nif IN_PYODIDE:\n    shutil.register_archive_format(",
         "\ndef _register_wheel_format(shutil):\n    shutil.register_archive_format("),
        ("def get_format(format: str) -> str:\n", _FIRST_USE),
        ("    with NamedTemporaryFile(suffix=filename) as f:",
         "    from tempfile import NamedTemporaryFile\n    from zipfile import ZipFile\n\n"
         "    with NamedTemporaryFile(suffix=filename) as f:"),
        ("        shutil.unpack_archive(f.name,", "        _shutil().unpack_archive(f.name,"),
        ("    import tarfile\n", "    import tarfile\n    from zipfile import ZipFile\n"),
    ],
    "pyodide/common.py": [
        ("\nimport shutil\n", "\n"),
        ("    src = Path(src).resolve()\n", "    import shutil\n\n    src = Path(src).resolve()\n"),
    ],
}


class TrimError(Exception):
    """The runtime or its standard library is not what this script understands."""


# ------------------------------------------------------------- pure (CPython and Pyodide)


def module_files(names: list[str]) -> dict[str, str]:
    """Module name -> archive path for each .py in an archive's name list."""
    found = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts and all(p.isidentifier() for p in parts):
            found[".".join(parts)] = name
    return found


def imports_at_import(source: bytes | str, module: str, is_package: bool,
                      platform: dict[str, str] | None = None) -> list[str]:
    """The modules ``module`` imports while it is being imported: import statements at
    module or class level (under try/if/with too), not in function bodies, nor in the
    branches of an ``if`` that the runtime never takes (``if __name__ == "__main__"``,
    ``if sys.platform == "win32"``: see ``_branch``). Relative imports resolved;
    ``from a import b`` gives ``a`` and ``a.b`` (b may be a module)."""
    tree = ast.parse(source)
    package = module.split(".") if is_package else module.split(".")[:-1]
    facts = {"__name__": module, **(platform or {})}
    found: list[str] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If):
            taken = _branch(node.test, facts)
            children = ([node.test, *node.body, *node.orelse] if taken is None
                        else node.body if taken else node.orelse)
        else:
            children = list(ast.iter_child_nodes(node))
        for child in children:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                found += [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = package[: len(package) - child.level + 1] if child.level else []
                name = ".".join(base + ([child.module] if child.module else []))
                found += [name] + [f"{name}.{a.name}" for a in child.names if a.name != "*"]
            todo.append(child)
    return [name for name in found if name]


def _branch(test: ast.expr, facts: dict[str, str]) -> bool | None:
    """Whether an ``if`` test is true in the runtime, when it only compares ``__name__``,
    ``sys.platform`` or ``os.name`` (``facts``) with constants; else None (both branches
    count)."""
    def value(node: ast.expr) -> str | None:
        if isinstance(node, ast.Name):
            return facts.get(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return facts.get(f"{node.value.id}.{node.attr}")
        return None

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _branch(test.operand, facts)
        return None if inner is None else not inner
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) \
            and test.func.attr == "startswith" and len(test.args) == 1 \
            and isinstance(test.args[0], ast.Constant) and isinstance(test.args[0].value, str):
        known = value(test.func.value)
        return None if known is None else known.startswith(test.args[0].value)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    known, other = value(test.left), test.comparators[0]
    if known is None:
        return None
    try:
        constant = ast.literal_eval(other)
    except ValueError:
        return None
    op = test.ops[0]
    if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(constant, str):
        return (known == constant) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.In, ast.NotIn)) and isinstance(constant, (tuple, list, set)):
        return (known in constant) == isinstance(op, ast.In)
    return None


def defer_imports(path: str, source: bytes) -> bytes:
    """``source`` of a LOADER_EDITS file with its edits made (other files as they are).
    Raises TrimError when an edit does not match exactly once, or when the file still
    imports a DEFERRED module as it is imported."""
    edits = LOADER_EDITS.get(path)
    if edits is None:
        return source
    text = source.decode("utf-8")
    for old, new in edits:
        if text.count(old) != 1:
            raise TrimError(f"{path} is not the package loader scripts/trim_stdlib.py knows "
                            f"({old.strip()!r} is there {text.count(old)} times, not once): "
                            "look at its LOADER_EDITS again for this Pyodide")
        text = text.replace(old, new)
    module = path[:-3].replace("/", ".")
    left = set(DEFERRED) & set(imports_at_import(text, module, is_package=False))
    if left:
        raise TrimError(f"{path} still imports {', '.join(sorted(left))} as it is imported")
    return text.encode("utf-8")


def closure(roots: list[str], files: dict[str, str], imports: dict[str, list[str]]) -> set[str]:
    """The modules of ``files`` that importing ``roots`` brings in: each root, the packages
    on its way, and what each of those imports at import time (``imports``), transitively.
    Names that are no module of the archive (built-ins, ``js``) are skipped."""
    found: set[str] = set()
    queue = list(roots)
    while queue:
        name = queue.pop()
        parts = name.split(".")
        for n in range(1, len(parts) + 1):
            module = ".".join(parts[:n])
            if module in files and module not in found:
                found.add(module)
                queue.extend(imports.get(module, ()))
    return found


def probe_in_runtime(archive: str, candidates: str) -> dict:
    """Run inside Pyodide (scripts/runtime_probe.mjs): what the runtime imported while it
    booted, what it has frozen, each archive module's import-time imports as Python 3.14
    parses it, and which stripped files (``candidates``, a zip) compile to the same code."""
    import importlib.util
    import marshal
    import os

    booted = sorted(sys.modules)
    frozen = sorted(name for name, mod in sys.modules.items()
                    if getattr(getattr(mod, "__spec__", None), "origin", None) == "frozen")
    full = zipfile.ZipFile(archive)
    stripped = zipfile.ZipFile(candidates)
    files = module_files(full.namelist())
    platform = {"sys.platform": sys.platform, "os.name": os.name}
    imports, same = {}, []
    for module, path in files.items():
        source = full.read(path)
        try:
            imports[module] = imports_at_import(source, module, path.endswith("__init__.py"),
                                                platform)
            original = marshal.dumps(compile(source, path, "exec", optimize=2, dont_inherit=True))
        except SyntaxError:  # a test file written to fail, say
            imports[module] = []
            continue
        try:
            light = stripped.read(path)
            if marshal.dumps(compile(light, path, "exec", optimize=2, dont_inherit=True)) == original:
                same.append(path)
        except (KeyError, SyntaxError):
            pass
    return {"booted": booted, "frozen": frozen, "imports": imports, "same": same,
            "version": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex()}


# ------------------------------------------------------------------ the build (CPython)


def pyscript_imports(js_files: list[Path], unpacks_archives: bool = True) -> list[str]:
    """Modules named by the Python inside PyScript's JavaScript chunks; without the ones
    it unpacks [files] archives with (ARCHIVE_UNPACKING) when ``unpacks_archives`` is false."""
    names: set[str] = set()
    for path in js_files:
        for plain, source in _PY_IN_JS.findall(path.read_text(encoding="utf-8")):
            names |= {n.strip() for n in plain.split(",")} if plain else {source}
    return sorted(names if unpacks_archives else names - set(ARCHIVE_UNPACKING))


def unpacks_archives(root: Path) -> bool:
    """Whether a PyScript config of the page lists an archive in [files] (PyScript
    unpacks those in Python). The page's own archive is unpacked by web/pyodide-boot.mjs."""
    sys.path.insert(0, str(REPO_ROOT))
    from scripts import build_site  # noqa: PLC0415 - the one place that knows the page

    for config in build_site.python_scripts(root):
        files = tomllib.loads((root / config).read_text(encoding="utf-8")).get("files", {})
        if any(str(source).endswith(ARCHIVES) for source in files):
            return True
    return False


def page_imports(root: Path) -> list[str]:
    """Every module name the page's Python imports (web/main.py and its closure from
    scripts/build_site.py, inside functions too): ``from a import b`` gives ``a`` and ``a.b``."""
    sys.path.insert(0, str(REPO_ROOT))
    from scripts import build_site  # noqa: PLC0415 - the one place that knows the page

    names: set[str] = set()
    for config, scripts in build_site.python_scripts(root).items():
        for path in [*scripts, *build_site.python_files(root, scripts)]:
            if not str(path).endswith(".py"):
                continue
            for node in ast.walk(ast.parse((root / path).read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return sorted(n for n in names if n.split(".")[0] not in build_site.PAGE_PACKAGES)


def run_probe(archive: Path, candidates: Path) -> dict:
    """probe_in_runtime, run in Pyodide under Node."""
    try:
        out = subprocess.run(
            ["node", str(PROBE), str(PYODIDE / "pyodide.mjs"), str(Path(__file__).resolve()),
             str(archive), str(candidates)],
            capture_output=True, text=True, check=True, timeout=300)
    except FileNotFoundError:
        raise TrimError("node is needed (it runs Pyodide to read its standard library)") from None
    except subprocess.CalledProcessError as exc:
        raise TrimError(f"the runtime probe failed:\n{exc.stderr[-3000:]}") from None
    return json.loads(out.stdout.strip().splitlines()[-1])


def write_archive(target: Path, entries: dict[str, bytes]) -> None:
    """A deterministic zip (sorted, fixed dates, deflate level 9) at ``target``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, entries[name], compresslevel=9)
    data = buffer.getvalue()
    if not target.is_file() or target.read_bytes() != data:
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(target)


def cached_probe(out_dir: Path, full_path: Path, stripped: Callable[[], dict[str, bytes]]) -> dict:
    """run_probe's result, kept in out_dir/PROBE_CACHE for this runtime, this script and
    strip_source, and this build Python (whose tokenizer makes the stripped texts): the
    probe takes seconds, the closure, run on every build (the page's imports change), not."""
    key = hashlib.sha256()
    for part in (full_path.read_bytes(), Path(__file__).read_bytes(), PROBE.read_bytes(),
                 STRIPPER.read_bytes(), sys.version.encode()):
        key.update(hashlib.sha256(part).digest())
    cache = out_dir / PROBE_CACHE
    try:
        kept = json.loads(cache.read_text(encoding="utf-8"))
        if kept.get("key") == key.hexdigest():
            return kept["probe"]
    except (OSError, ValueError):
        pass
    with tempfile.TemporaryDirectory() as tmp:
        candidates = Path(tmp) / "stripped.zip"
        write_archive(candidates, stripped())
        probe = run_probe(full_path, candidates)
    out_dir.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"key": key.hexdigest(), "probe": probe}), encoding="utf-8")
    return probe


def wanted_modules(probe: dict, files: dict[str, str], root: Path, js_files: list[Path]) -> set[str]:
    """The modules the trimmed archive holds (see the module docstring)."""
    roots = [*(m for m in probe["booted"] if m not in probe["frozen"]),
             *pyscript_imports(js_files, unpacks_archives(root)), *page_imports(root), *CODECS]
    return closure(roots, files, probe["imports"]) - set(probe["frozen"])


def trim(out_dir: Path, root: Path = REPO_ROOT, js_dir: Path | None = None) -> dict:
    """Write out_dir/python_stdlib.zip and out_dir/pyodide-lock.json; return what the
    archive holds."""
    full_path = PYODIDE / STDLIB
    full = zipfile.ZipFile(full_path)
    files = module_files(full.namelist())
    stripped: dict[str, bytes] = {}

    def strip_all() -> dict[str, bytes]:
        stripped.update((path, strip_source(full.read(path))) for path in files.values())
        return stripped

    probe = cached_probe(out_dir, full_path, strip_all)
    js_files = sorted((js_dir or root / "web" / "vendor").glob("*.js"))
    if not js_files:
        raise TrimError(f"no PyScript chunks in {js_dir or root / 'web' / 'vendor'}")
    keep = wanted_modules(probe, files, root, js_files)
    same = set(probe["same"])
    entries = {}
    for module in keep:
        path = files[module]
        if path in LOADER_EDITS:  # stripped after the edits, when the original strips
            source = defer_imports(path, full.read(path))
            entries[path] = strip_source(source) if path in same else source
        else:
            entries[path] = (stripped.get(path) or strip_source(full.read(path))
                             if path in same else full.read(path))
    write_archive(out_dir / STDLIB, entries)
    lock = json.loads((PYODIDE / LOCK).read_text(encoding="utf-8"))
    lock["packages"] = {}
    text = json.dumps(lock, separators=(",", ":"), sort_keys=True)
    if not (out_dir / LOCK).is_file() or (out_dir / LOCK).read_text(encoding="utf-8") != text:
        (out_dir / LOCK).write_text(text, encoding="utf-8")
    return {"modules": sorted(keep), "not_stripped": sorted(set(entries) - same),
            "python": probe["version"], "magic": probe["magic"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for python_stdlib.zip")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="site folder")
    parser.add_argument("--js", type=Path, help="folder of PyScript's chunks (default web/vendor)")
    args = parser.parse_args(argv)
    try:
        report = trim(args.out, args.root, args.js)
    except (TrimError, OSError, zipfile.BadZipFile) as exc:
        print(f"trim_stdlib: {exc}", file=sys.stderr)
        return 1
    size = (args.out / STDLIB).stat().st_size
    print(f"[build-site] {STDLIB}: {len(report['modules'])} modules for Python "
          f"{report['python']}, {size / 1e6:.2f} MB (from {(PYODIDE / STDLIB).stat().st_size / 1e6:.2f}); "
          f"not stripped: {', '.join(report['not_stripped']) or 'none'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
