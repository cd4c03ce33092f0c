"""web/tar.js, the page archive's reader and writer in the browser (the boot unpacks the
archive with it, the service worker rebuilds it on an update), run by Node against
Python's tarfile: what either writes, the other reads the same."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from scripts import build_site

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

#: Node runs web/tar.js as the browser does (it sets self.kahunaTar): `write` the files
#: given as JSON to OUT (gzip), then list what `entries` reads back from IN.
SCRIPT = """
import fs from "fs";
globalThis.self = globalThis;
await import(process.argv[2]);
const [input, out, given] = process.argv.slice(3);
const { names, texts } = JSON.parse(given);
const files = texts.map((t) => new TextEncoder().encode(t));
fs.writeFileSync(out, Buffer.from(await self.kahunaTar.gzip(self.kahunaTar.write(names, files))));
const tar = await self.kahunaTar.tar(new Uint8Array(fs.readFileSync(input)));
const read = [...self.kahunaTar.entries(tar)].map(
  ({ name, data }) => [name, new TextDecoder().decode(data)]);
console.log(JSON.stringify(read));
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the browser's JavaScript")


def _node(tmp_path: Path, archive: Path, names: list, texts: list) -> tuple[list, Path]:
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT)
    out = tmp_path / "out.tar.gz"
    done = subprocess.run(
        [NODE, str(script), str(ROOT / "web/tar.js"), str(archive), str(out),
         json.dumps({"names": names, "texts": texts})],
        capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout), out


def test_what_python_packs_the_browser_reads_and_what_it_writes_python_reads(tmp_path):
    members = {"kahuna/__init__.py": b"", "kahuna/rules/state.py": b"x = 1\n" * 200,
               "locale/de/LC_MESSAGES/kahuna.mo": bytes(range(256)).decode("latin-1").encode(),
               "web/a-long-name-" + "x" * 60 + ".py": "é = 'ł'\n".encode()}
    archive = tmp_path / "page.tar.gz"
    archive.write_bytes(build_site.archive_bytes(members))
    names = sorted(members)
    texts = [members[n].decode("utf-8", "replace") for n in names]
    read, written = _node(tmp_path, archive, names, texts)
    # the boot's reading: every file in order, with its contents (no folders)
    assert read == [[n, t] for n, t in zip(names, texts)]
    # the worker's writing: what Python's tarfile reads, files only
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(written.read_bytes()))) as tar:
        got = [(m.name, m.isfile(), tar.extractfile(m).read().decode()) for m in tar.getmembers()]
    assert got == [(n, True, t) for n, t in zip(names, texts)]


def test_an_archive_a_host_already_unpacked_is_read_as_it_is(tmp_path):
    """A host that sends the archive with Content-Encoding: gzip hands over the bare tar."""
    raw = gzip.decompress(build_site.archive_bytes({"web/x.py": b"y = 2\n"}))
    archive = tmp_path / "page.tar"
    archive.write_bytes(raw)
    read, _ = _node(tmp_path, archive, [], [])
    assert read == [["web/x.py", "y = 2\n"]]


def test_an_older_archive_with_folders_gives_its_files_only(tmp_path):
    """Archives before 24 November 2026 held folder entries too; a worker updating from
    one reuses its files and passes over its folders."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        folder = tarfile.TarInfo("web")
        folder.type = tarfile.DIRTYPE
        tar.addfile(folder)
        info = tarfile.TarInfo("web/x.py")
        info.size = 6
        tar.addfile(info, io.BytesIO(b"y = 2\n"))
    archive = tmp_path / "old.tar.gz"
    archive.write_bytes(gzip.compress(raw.getvalue()))
    read, _ = _node(tmp_path, archive, [], [])
    assert read == [["web/x.py", "y = 2\n"]]
