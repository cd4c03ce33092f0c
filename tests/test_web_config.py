"""The page's static files: the page's archive holds every module the page imports
(scripts/build_site.py), pyscript.toml boots through web/pyodide-boot.mjs, which unpacks it,
index.html is painted."""

from __future__ import annotations

import hashlib
import io
import json
import re
import tarfile
import tomllib
from pathlib import Path, PurePosixPath

import pytest

from scripts import build_site
from scripts.paint_board import painted

ROOT = Path(__file__).resolve().parent.parent
MAIN = PurePosixPath("web/main.py")  # the page's <script type="py" src>


def test_the_boot_unpacks_the_archive_of_the_modules_the_page_imports(tmp_path):
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # web/pyodide-boot.mjs fetches the archive as the runtime boots; PyScript's [files]
    # would fetch it a second time, after the boot
    assert "files" not in config
    boot = (ROOT / "web/pyodide-boot.mjs").read_text()
    assert 'new URL("./page.tar.gz", import.meta.url)' in boot
    assert build_site.PAGE_ARCHIVE == "web/page.tar.gz"
    assert build_site.python_scripts(ROOT) == {PurePosixPath("pyscript.toml"): [MAIN]}
    listed = build_site.page_archive_files(ROOT)
    assert listed == build_site.python_files(ROOT, [MAIN])
    # the command line stays out of the page; main.py is fetched as the <script src>
    assert not [f for f in listed if f.startswith("kahuna/tools/") or f == "kahuna/__main__.py"]
    assert {"web/__init__.py", "kahuna/__init__.py"} <= set(listed)
    assert "web/main.py" not in listed
    assert "kahuna/players/levels.py" in listed  # imported lazily, inside a function
    assert "packages" not in config  # nothing from a CDN
    # Pyodide's loader, wrapped to find the device's bytecode (web/pyodide-boot.mjs); the
    # runtime itself is in web/vendor/ and ships with the site
    assert config["interpreter"] == "./web/pyodide-boot.mjs"
    assert 'from "./vendor/pyodide.mjs"' in (ROOT / "web/pyodide-boot.mjs").read_text()
    if (ROOT / build_site.PAGE_ARCHIVE).is_file():  # built by scripts/setup.sh
        site = build_site.site_files(ROOT)
        assert {"web/pyodide-boot.mjs", "web/vendor/pyodide.mjs"} <= set(site)
        assert {f"web/vendor/{name}" for name in build_site.PYODIDE_FILES} <= set(site)
    # the archive holds exactly those files, sorted, and no folders (the boot makes them)
    data = build_site.archive_bytes(build_site.page_members(ROOT, listed))
    assert data == build_site.archive_bytes(build_site.page_members(ROOT, listed))  # deterministic
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        assert [(m.name, m.isfile()) for m in tar.getmembers()] == [(n, True) for n in listed]
        tar.extractall(tmp_path, filter="data")
    for name in listed:
        shipped, source = (tmp_path / name).read_bytes(), (ROOT / name).read_bytes()
        if name.endswith(".py"):  # comments and function docstrings out, lines kept
            assert shipped == build_site.shipped_source(source, name)
            assert shipped.count(b"\n") == source.count(b"\n")
        else:
            assert shipped == source


def test_shipped_source_drops_comments_and_function_docstrings_only():
    source = (b'"""Module."""\nimport dataclasses  # why\n\n\n@dataclasses.dataclass\n'
              b'class Point:\n    """A point."""\n    x: int = 0\n\n    def moved(self):\n'
              b'        """Doc."""\n        return Point(self.x + 1)  # step\n')
    shipped = build_site.shipped_source(source, "m.py").decode()
    assert "Module." not in shipped and "Doc." not in shipped and "#" not in shipped
    assert '"""A point."""' in shipped  # dataclasses would compute a signature without it
    namespace: dict = {}
    exec(shipped, namespace)
    assert namespace["Point"]().moved().x == 1 and namespace["Point"].__doc__ == "A point."


def test_the_page_archive_follows_the_sources(tmp_path):
    root = _tree(tmp_path, {**IMPORTS, "index.html": '<script type="py" config="./c.toml" src="./web/main.py"></script>',
                            "c.toml": ""})
    assert build_site.write_page_archive(root)
    assert not build_site.write_page_archive(root)  # unchanged: not rewritten
    (root / "web/dom.py").write_text("node = 2\n")
    assert build_site.write_page_archive(root)
    with tarfile.open(root / build_site.PAGE_ARCHIVE) as tar:
        assert tar.extractfile("web/dom.py").read() == b"node = 2\n"


def _hash(data: bytes) -> str:
    """A file's hash as sw.js and the archive's index hold it: 64 bits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def test_the_archive_is_made_from_its_files_one_by_one_and_their_index(tmp_path):
    """page/ holds the archive's files as it holds them, page/index.json each file's hash
    in the archive's order (web/sw-core.js rebuilds the archive from them on an
    update); a deployed copy, without sources, packs the archive again from page/."""
    root = _tree(tmp_path, {**IMPORTS, "index.html": '<script type="py" config="./c.toml" src="./web/main.py"></script>',
                            "c.toml": 'interpreter = "./web/boot.mjs"\n', "web/sw-core.js": "", "web/tar.js": "",
                            "web/boot.mjs": 'fetch(new URL("./page.tar.gz", import.meta.url));\n',
                            "web/dom.py": "node = 1  # why\n"})
    build_site.write_page_archive(root)
    members = build_site.member_files(root)
    assert sorted(members) == build_site.page_archive_files(root)
    assert (root / "page/web/dom.py").read_bytes() == b"node = 1\n"  # as shipped
    index = json.loads((root / build_site.PAGE_INDEX).read_text())
    with tarfile.open(root / build_site.PAGE_ARCHIVE) as tar:
        hashes = [(m.name, _hash(tar.extractfile(m).read())) for m in tar.getmembers()]
    assert hashes == list(index.items())
    assert set(index) == set(members)
    # a module no longer imported leaves page/ too
    (root / "web/ui/panel.py").write_text("from .deep.leaf import f\n")
    build_site.write_page_archive(root)
    assert not (root / "page/web/dom.py").exists() and "web/dom.py" not in build_site.member_files(root)
    # a deployed copy: a file of page/ changed, the archive and the index follow
    (root / "page/web/ui/panel.py").write_text("changed = True\n")
    assert build_site.pack_page(root) and not build_site.pack_page(root)
    with tarfile.open(root / build_site.PAGE_ARCHIVE) as tar:
        assert tar.extractfile("web/ui/panel.py").read() == b"changed = True\n"
    index = json.loads((root / build_site.PAGE_INDEX).read_text())
    assert index["web/ui/panel.py"] == _hash(b"changed = True\n")
    # the worker learns where they are, and the index's hash; a copy carries them
    data = build_site.site_data(root)
    assert data["archive"] == {"file": build_site.PAGE_ARCHIVE, "index": build_site.PAGE_INDEX,
                               "members": "page/",
                               "sha": _hash((root / build_site.PAGE_INDEX).read_bytes())}
    assert build_site.update_files(root) == [build_site.PAGE_INDEX, *(
        f"page/{name}" for name in build_site.member_files(root))]
    assert build_site.PAGE_INDEX not in build_site.site_files(root)  # never a first visit's


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


#: A page whose script imports in every form: absolute and relative (one and two levels
#: up, a dotted module below), `from package import module`, lazily inside functions and
#: a module __getattr__; plus modules nothing imports, and imports from outside.
IMPORTS = {
    "web/__init__.py": "",
    "web/main.py": "import sys\nimport kahuna\nfrom js import document\nfrom web.ui import panel\n",
    "web/ui/__init__.py": "",
    "web/ui/panel.py": "from .deep.leaf import f\n\n\ndef draw():\n    from ..dom import node\n",
    "web/ui/deep/__init__.py": "",
    "web/ui/deep/leaf.py": "import json\nf = 1\n",
    "web/ui/unused.py": "",
    "web/dom.py": "node = 1\n",
    "kahuna/__init__.py": "def __getattr__(name):\n    from . import players\n    return players\n",
    "kahuna/players/__init__.py": "from .levels import LEVELS\n",
    "kahuna/players/levels.py": "from ..rules import state\nLEVELS = state\n",
    "kahuna/rules/__init__.py": "",
    "kahuna/rules/state.py": "from dataclasses import dataclass\n",
    "kahuna/rules/unused.py": "",
    "kahuna/tools/__init__.py": "from kahuna.rules import unused\n",
    "kahuna/__main__.py": "from kahuna.tools import cli\n",
}


def test_closure_follows_every_form_of_import(tmp_path):
    root = _tree(tmp_path, IMPORTS)
    assert build_site.python_files(root, [MAIN]) == [
        "kahuna/__init__.py", "kahuna/players/__init__.py", "kahuna/players/levels.py",
        "kahuna/rules/__init__.py", "kahuna/rules/state.py",
        "web/__init__.py", "web/dom.py", "web/ui/__init__.py", "web/ui/deep/__init__.py",
        "web/ui/deep/leaf.py", "web/ui/panel.py",
    ]


def test_closure_refuses_imports_that_name_no_module(tmp_path):
    root = _tree(tmp_path, {**IMPORTS, "web/dom.py": "def later():\n    from .gone import x\n"})
    with pytest.raises(build_site.SiteError, match="web/dom.py:2: no module web.gone"):
        build_site.python_files(root, [MAIN])
    root = _tree(tmp_path, {**IMPORTS, "web/dom.py": "from .. import x\n"})
    with pytest.raises(build_site.SiteError, match="beyond its top package"):
        build_site.python_files(root, [MAIN])


def test_the_site_holds_what_a_module_fetches_by_its_own_address(tmp_path):
    """``new URL("./file", import.meta.url)`` in a module is a file of the site (web/pyodide-boot.mjs
    fetches the page's archive so); a folder's address is not."""
    root = _tree(tmp_path, {
        "index.html": '<script type="module" src="./web/a.mjs"></script>',
        "web/a.mjs": ('const data = new URL("./data.bin", import.meta.url);\n'
                      "const up = new URL('../', import.meta.url), here = new URL(\"./\", import.meta.url);\n"),
        "web/data.bin": "",
    })
    assert build_site.site_files(root) == ["index.html", "web/a.mjs", "web/data.bin"]
    (root / "web/data.bin").unlink()
    with pytest.raises(build_site.SiteError, match="missing site file: web/data.bin"):
        build_site.site_files(root)


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


def test_the_page_gets_every_compiled_catalogue():
    """The message catalogues are data the page's kahuna.notation.language reads: the page's
    archive puts each .mo at its place in Pyodide's file system, and the service worker
    precaches the archive with the rest of the site."""
    catalogues = sorted(p.relative_to(ROOT).as_posix()
                        for p in (ROOT / "locale").glob("*/LC_MESSAGES/kahuna.mo"))
    assert {f"locale/{lang}/LC_MESSAGES/kahuna.mo" for lang in ("de", "fr", "pl")} <= set(catalogues)
    listed = build_site.page_archive_files(ROOT)
    assert "kahuna/notation/language.py" in listed
    assert set(catalogues) <= set(listed)
    if (ROOT / build_site.PAGE_ARCHIVE).is_file():  # built by scripts/setup.sh
        assert build_site.PAGE_ARCHIVE in build_site.site_files(ROOT)


def test_data_files_follow_the_module_that_reads_them(tmp_path):
    """A DATA_FILES glob is listed only when the page imports the module that reads it."""
    root = _tree(tmp_path, {**IMPORTS, "locale/de/LC_MESSAGES/kahuna.mo": "",
                            "locale/kahuna.pot": "", "kahuna/notation/__init__.py": "",
                            "kahuna/notation/language.py": ""})
    assert not [f for f in build_site.python_files(root, [MAIN]) if f.startswith("locale/")]
    (root / "kahuna/rules/state.py").write_text("from ..notation import language\n")
    listed = build_site.python_files(root, [MAIN])
    assert [f for f in listed if f.startswith(("locale/", "kahuna/notation/"))] == [
        "kahuna/notation/__init__.py", "kahuna/notation/language.py",
        "locale/de/LC_MESSAGES/kahuna.mo"]


def test_a_first_visit_downloads_the_game_and_the_other_pages_wait_until_opened():
    """sw.js lists the game's files for its install and the other pages' (rules,
    examples) as "later": kept when first asked for (web/sw-core.js)."""
    data = build_site.site_data(ROOT)
    game, later = set(data["files"]), set(data["later"])
    assert game == set(build_site.game_files(ROOT)) and not game & later
    assert game | later == set(build_site.site_files(ROOT))
    assert "index.html" in game and build_site.PAGE_ARCHIVE in game
    assert {"examples.html", "rules/index.html", "rules/de.html"} <= later


def test_icons_are_written_compact_and_decode_to_the_same_pixels():
    import struct
    import zlib

    from scripts.make_icons import _unfiltered, compact_png

    def png(rows: list[bytes], width: int, kind: int) -> bytes:
        def chunk(tag: bytes, body: bytes) -> bytes:
            return (struct.pack(">I", len(body)) + tag + body
                    + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))
        header = struct.pack(">IIBBBBB", width, len(rows), 8, 6, 0, 0, 0)
        body = zlib.compress(b"".join(bytes([kind]) + r for r in rows), 1)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")

    pixels = [bytes((x * 7 + y) % 256 if c < 3 else 255 for x in range(32) for c in range(4))
              for y in range(32)]
    sub = [bytes((r[i] - (r[i - 4] if i >= 4 else 0)) & 255 for i in range(len(r))) for r in pixels]
    original = png(sub, 32, 1)  # the "sub" filter, as an encoder might choose
    small = compact_png(original)
    assert len(small) <= len(original)
    decoded = small[small.index(b"IDAT") + 4:]
    size = struct.unpack(">I", small[small.index(b"IDAT") - 4:small.index(b"IDAT")])[0]
    assert _unfiltered(zlib.decompress(decoded[:size]), 32, 32, 4) == pixels
    for icon in (ROOT / "web" / "icons").glob("*.png"):
        data = icon.read_bytes()
        assert compact_png(data) == data, f"{icon.name}: run scripts/make_icons.py"
