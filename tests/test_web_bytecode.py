"""web/boot/bytecode.py: the standard library compiled into unchecked-hash .pyc files beside
their sources, an archive zipimport loads without compiling (here under CPython, whose
own bytecode it then holds; in the page, Pyodide's)."""

from __future__ import annotations

import importlib
import sys
import zipfile
import zipimport

import pytest

from web.boot import bytecode


def build(tmp_path, files: dict[str, str], shipped: str | None = None):
    stdlib = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)
    steps = bytecode.bytecode_archive(str(stdlib), shipped)
    sizes = []
    while True:
        try:
            sizes.append(next(steps))
        except StopIteration as done:
            return sizes, done.value


def test_every_module_compiled_once_beside_its_source(tmp_path):
    files = {"alpha.py": "VALUE = 41 + 1\n", "pkg/__init__.py": "from .inner import f\n",
             "pkg/inner.py": "def f():\n    return 'inner'\n", "notes.txt": "not Python"}
    sizes, data = build(tmp_path, files)
    # one pause per module, none for other files, each telling how much is to compile
    # (web/boot/bytecode.py _calm: while the computer thinks, only small modules)
    assert sorted(sizes) == sorted(len(files[name]) for name in files if name.endswith(".py"))
    archive = tmp_path / "bytecode.zip"
    archive.write_bytes(data)
    names = zipfile.ZipFile(archive).namelist()
    assert sorted(names) == sorted(["alpha.py", "alpha.pyc", "pkg/__init__.py", "pkg/__init__.pyc",
                                    "pkg/inner.py", "pkg/inner.pyc"])
    pyc = zipfile.ZipFile(archive).read("alpha.pyc")
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked (PEP 552)
    importer = zipimport.zipimporter(str(archive))
    spec = importer.find_spec("alpha")
    assert spec is not None and spec.origin.endswith("alpha.pyc")  # the .pyc, not the .py
    namespace: dict = {}
    exec(importer.get_code("alpha"), namespace)
    assert namespace["VALUE"] == 42
    inner = zipimport.zipimporter(f"{archive}/pkg/")
    exec(inner.get_code("inner"), namespace)
    assert namespace["f"]() == "inner"
    assert importer.get_source("alpha") == "VALUE = 41 + 1\n"  # tracebacks keep their lines


def test_what_the_site_shipped_is_taken_as_it_is_and_the_rest_compiled(tmp_path):
    """A first visit boots on the site's .pyc files of the library's largest modules
    (web/boot-bytecode.zip, with its comment): the device's archive copies them rather
    than compile them again, in no task of their own."""
    shipped = tmp_path / "shipped.zip"
    marked = bytecode.pyc(b"VALUE = 'shipped'\n", "alpha.py")  # other bytes: seen if taken
    with zipfile.ZipFile(shipped, "w") as out:
        out.writestr("alpha.pyc", marked)
        out.comment = b"?pyodide=0.29&sha256=00"
    files = {"alpha.py": "VALUE = 'compiled'\n", "beta.py": "VALUE = 'beta'\n"}
    sizes, data = build(tmp_path, files, str(shipped))
    assert sizes == [len(files["beta.py"])]  # beta only
    archive = tmp_path / "bytecode.zip"
    archive.write_bytes(data)
    with zipfile.ZipFile(archive) as read:
        assert sorted(read.namelist()) == ["alpha.py", "alpha.pyc", "beta.py", "beta.pyc"]
        assert read.read("alpha.pyc") == marked
        assert read.read("alpha.py") == b"VALUE = 'compiled'\n"  # the source, for tracebacks
    for module, value in (("alpha", "shipped"), ("beta", "beta")):
        namespace: dict = {}
        exec(zipimport.zipimporter(str(archive)).get_code(module), namespace)
        assert namespace["VALUE"] == value


def test_the_page_s_modules_are_compiled_where_import_finds_and_trusts_them(tmp_path,
                                                                             monkeypatch):
    """Each module's .pyc at its __pycache__ path: import then runs it without looking at
    the source again (the page's bytecode belongs to one version of the page's archive)."""
    (tmp_path / "pkgx").mkdir()
    (tmp_path / "pkgx" / "__init__.py").write_text("from .deep import VALUE\n")
    (tmp_path / "pkgx" / "deep.py").write_text("VALUE = 'compiled'\n")
    steps = bytecode.page_bytecode(str(tmp_path), ["pkgx/__init__.py", "pkgx/deep.py"])
    assert [next(steps), next(steps)] == [24, 19]  # a pause per module, before it, its size
    try:
        next(steps)
    except StopIteration as done:
        paths, files = done.value
    tag = sys.implementation.cache_tag
    assert paths == [f"pkgx/__pycache__/__init__.{tag}.pyc", f"pkgx/__pycache__/deep.{tag}.pyc"]
    assert all(int.from_bytes(pyc[4:8], "little") == 0b01 for pyc in files)  # unchecked
    for path, pyc in zip(paths, files):  # as the boot writes them
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_bytes(pyc)
    (tmp_path / "pkgx" / "deep.py").write_text("VALUE = 'from the source'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    module = importlib.import_module("pkgx")
    try:
        assert module.VALUE == "compiled"
    finally:
        for name in ("pkgx", "pkgx.deep"):
            sys.modules.pop(name, None)


def test_a_stored_zip_reads_back_whole_in_zipfile_and_zipimport(tmp_path):
    """The archive is written by hand (no zipfile in the page: issue 33); zipfile checks
    every entry's CRC, zipimport imports from it."""
    entries = [("mod.py", b"X = 'stored'\n"), ("pkg/data.bin", bytes(range(256)) * 40),
               ("empty.txt", b"")]
    archive = tmp_path / "stored.zip"
    archive.write_bytes(bytecode.stored_zip(entries))
    with zipfile.ZipFile(archive) as read:
        assert read.testzip() is None
        assert [(i.filename, read.read(i)) for i in read.infolist()] == entries
        assert {i.compress_type for i in read.infolist()} == {zipfile.ZIP_STORED}
    namespace: dict = {}
    exec(zipimport.zipimporter(str(archive)).get_code("mod"), namespace)
    assert namespace["X"] == "stored"
    assert bytecode.zip_names(archive.read_bytes()) == [name for name, _ in entries]


def test_the_names_of_a_deflated_zip_are_read_from_its_directory(tmp_path):
    """As the standard library's archive is made: compressed, with extra fields."""
    from scripts.site_server import REPO_ROOT

    stdlib = REPO_ROOT / "web/vendor/python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as read:
        assert bytecode.zip_names(stdlib.read_bytes()) == read.namelist()
    archive = tmp_path / "deflated.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("a.py", "A = 1\n" * 50)
        info = zipfile.ZipInfo("b/c.py")
        info.extra = b"\x99\x99\x02\x00ab"  # an unknown extra field, skipped
        out.writestr(info, "C = 3\n")
    assert bytecode.zip_names(archive.read_bytes()) == ["a.py", "b/c.py"]


def test_a_zip_s_comment_is_read_past_and_what_is_no_zip_is_refused(tmp_path):
    """The shipped bytecode's comment names its library (web/pyodide-boot.mjs); bytes
    after the end record that are not its comment, or no end record, are no zip."""
    archive = tmp_path / "comment.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("a.py", "A = 1\n")
        out.writestr("b.pyc", b"\0" * 30)
        out.comment = b"PK\x05\x06 looks like an end record ?pyodide=1&sha256=ab"
    data = archive.read_bytes()
    assert bytecode.zip_names(data) == ["a.py", "b.pyc"]
    for bad in (b"", b"not a zip at all" * 4, data + b"garbage", data[:-1]):
        with pytest.raises(ValueError):
            bytecode.zip_names(bad)
