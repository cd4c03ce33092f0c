"""scripts/boot_bytecode.py and scripts/boot_archive.py: the boot's standard-library
bytecode shipped with the site (here compiled by CPython; at set-up, by the runtime)."""

from __future__ import annotations

import hashlib
import sys
import zipfile
import zipimport

from scripts import boot_archive, boot_bytecode
from web.boot import bytecode

STDLIB = {"big.py": "TABLE = {%s}\n" % ", ".join(f"{i}: 'v{i}'" for i in range(400)),
          "small.py": "X = 1\n", "later.py": "def f():\n    return 2\n",
          "pkg/__init__.py": "from . import used\n", "pkg/used.py": "Y = 'used'\n",
          "pkg/other.py": "Z = 'other'\n"}
BOOTED = ["big.py", "small.py", "pkg/__init__.py", "pkg/used.py"]


def shipped(tmp_path, monkeypatch, budget: int) -> zipfile.ZipFile:
    stdlib = tmp_path / "python314.zip"
    with zipfile.ZipFile(stdlib, "w") as out:
        for name, text in STDLIB.items():
            out.writestr(name, text)
    monkeypatch.setitem(sys.modules, "bytecode", bytecode)  # as the runner writes it
    origins = [f"{stdlib}/{name}" for name in BOOTED] + ["frozen", "/home/pyodide/web/main.py"]
    data = boot_archive.archive(origins, "build=x pyodide=1&sha256=ab", budget, str(stdlib))
    assert data == boot_archive.archive(origins, "build=x pyodide=1&sha256=ab", budget, str(stdlib))
    (tmp_path / "boot.zip").write_bytes(data)
    return zipfile.ZipFile(tmp_path / "boot.zip")


def test_the_boot_s_modules_as_bytecode_with_their_packages_others_left_out(tmp_path, monkeypatch):
    archive = shipped(tmp_path, monkeypatch, 100_000)
    assert sorted(archive.namelist()) == ["big.pyc", "pkg/__init__.pyc", "pkg/other.py",
                                          "pkg/used.pyc", "small.pyc"]
    assert archive.comment.endswith(b"pyodide=1&sha256=ab")  # what web/pyodide-boot.mjs checks
    assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in archive.infolist())
    assert int.from_bytes(archive.read("big.pyc")[4:8], "little") == 0b01  # unchecked hash
    # a package found here has all its modules here: the one the boot skipped as source
    importer = zipimport.zipimporter(f"{tmp_path / 'boot.zip'}/pkg/")
    namespace: dict = {}
    exec(importer.get_code("other"), namespace)
    assert namespace["Z"] == "other"


def test_the_budget_keeps_the_most_bytecode_for_its_bytes(tmp_path, monkeypatch):
    whole = shipped(tmp_path, monkeypatch, 100_000)
    size = {i.filename: i.compress_size for i in whole.infolist()}
    budget = size["big.pyc"] + boot_archive.ZIP_ENTRY + 10  # room for the table alone
    assert shipped(tmp_path, monkeypatch, budget).namelist() == ["big.pyc"]
    assert shipped(tmp_path, monkeypatch, 0).namelist() == []


def test_the_stamp_is_the_query_of_the_boot_s_cache_key():
    """web/pyodide-boot.mjs keys kept bytecode `${url}?pyodide=${version}&sha256=${hex}`
    and uses the shipped archive only when its comment ends with that query."""
    data = b"a standard library"
    assert boot_bytecode.stamp("314.0.7", data) == (
        "pyodide=314.0.7&sha256=" + hashlib.sha256(data).hexdigest())
    boot = (boot_bytecode.REPO_ROOT / "web" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert "?pyodide=${version}&sha256=${hex(digest)}" in boot


def test_the_page_s_boot_imports_leave_out_imports_inside_functions():
    names = boot_bytecode.page_boot_imports()
    assert "traceback" in names  # web/main.py, at its top
    assert "pyscript" in names
    assert not any(n.split(".")[0] in ("kahuna", "web") for n in names)
    # imported inside remember()'s task, once the board is ready
    assert "zipfile" not in names and "importlib._bootstrap_external" not in names


def test_an_unchanged_build_is_not_run_again(tmp_path, monkeypatch):
    """The comment holds a hash of what the build read: the same inputs, no Node run; a
    new standard library, a new archive stamped with it."""
    (tmp_path / "web" / "boot").mkdir(parents=True)
    (tmp_path / "web" / "vendor").mkdir()
    (tmp_path / boot_bytecode.STDLIB).write_bytes(b"stdlib")
    (tmp_path / boot_bytecode.DEVICE_COMPILER).write_bytes(b"compiler")
    monkeypatch.setattr(boot_bytecode, "boot_roots", lambda root: ["json"])
    comments = []

    def runner(args, **kwargs):  # scripts/boot_bytecode.mjs: COMMENT BUDGET OUT last
        comments.append(args[-3])
        with zipfile.ZipFile(args[-1], "w") as out:
            out.comment = args[-3].encode()

    monkeypatch.setattr(boot_bytecode.subprocess, "run", runner)
    assert boot_bytecode.build(tmp_path) is True
    assert boot_bytecode.build(tmp_path) is False and len(comments) == 1
    (tmp_path / boot_bytecode.STDLIB).write_bytes(b"another stdlib")
    assert boot_bytecode.build(tmp_path) is True and len(comments) == 2
    assert comments[1].endswith("&sha256=" + hashlib.sha256(b"another stdlib").hexdigest())
