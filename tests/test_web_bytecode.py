"""web/bytecode.py: the standard library compiled into unchecked-hash .pyc files beside
their sources, an archive zipimport loads without compiling (here under CPython, whose
own bytecode it then holds; in the page, Pyodide's)."""

from __future__ import annotations

import zipfile
import zipimport

from web import bytecode


def build(tmp_path, files: dict[str, str]):
    stdlib = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)
    steps = bytecode.bytecode_archive(str(stdlib))
    yielded = 0
    while True:
        try:
            next(steps)
            yielded += 1
        except StopIteration as done:
            return yielded, done.value


def test_every_module_compiled_once_beside_its_source(tmp_path):
    files = {"alpha.py": "VALUE = 41 + 1\n", "pkg/__init__.py": "from .inner import f\n",
             "pkg/inner.py": "def f():\n    return 'inner'\n", "notes.txt": "not Python"}
    yielded, data = build(tmp_path, files)
    assert yielded == 3  # one pause per module, none for other files
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
