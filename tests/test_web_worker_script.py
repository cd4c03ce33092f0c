"""sw.js, the service worker's one script: the build writes the site's data and the
worker's code (web/tar.js, web/sw-core.js, their comments left out) into it, so a later
visit's check for a new version downloads one small file (issue 15)."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scripts import build_site

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

#: Runs sw.js as a worker would, with only what it touches at its start stubbed: the
#: scope, and the events it listens to.
RUN = """
const fs = require("fs"), vm = require("vm");
globalThis.self = globalThis;
self.registration = { scope: "http://127.0.0.1:8000/kahuna/" };
const events = [];
self.addEventListener = (type) => events.push(type);
vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"), { filename: "sw.js" });
const site = self.KAHUNA_SITE.version;
console.log(JSON.stringify({ events, tar: Object.keys(self.kahunaTar), site }));
"""


def _worker(tmp_path: Path) -> Path:
    path = tmp_path / "sw.js"
    data = {"version": "0123456789abcdef", "files": {"index.html": "0" * build_site.HASH_CHARS},
            "later": {}}
    path.write_text(build_site.worker_source(data), encoding="utf-8")
    return path


def test_the_worker_is_one_script_holding_its_code_without_comments(tmp_path):
    text = _worker(tmp_path).read_text(encoding="utf-8")
    assert "importScripts" not in text  # nothing else for a browser to check
    lines = text.splitlines()
    assert lines[2] == '"use strict";' and text.count('"use strict";') == 1  # first statement
    code = [line for line in lines[3:] if not line.startswith("self.KAHUNA_SITE = ")]
    assert not [line for line in code if line.lstrip().startswith("//") or not line.strip()]
    wanted = [line for name in build_site.WORKER_SOURCES
              for line in (ROOT / name).read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.lstrip().startswith("//") and line != '"use strict";']
    assert code == wanted  # every line of code, in order
    # comments stand on their own lines in the sources, so none reaches the worker
    assert not [line for line in code if " // " in line]


@pytest.mark.skipif(NODE is None, reason="node runs the worker's JavaScript")
def test_the_worker_script_runs_to_its_end(tmp_path):
    out = subprocess.run([NODE, "-e", RUN, str(_worker(tmp_path))], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        '{"events":["install","activate","message","fetch"],'
        '"tar":["entries","write","tar","gzip"],"site":"0123456789abcdef"}')


def test_the_worker_checks_hashes_of_the_length_the_build_writes():
    core = (ROOT / build_site.SW_CORE).read_text(encoding="utf-8")
    assert re.search(r"const HASH_CHARS = (\d+);", core)[1] == str(build_site.HASH_CHARS)
    assert build_site.short_hash(b"kahuna") == hashlib.sha256(b"kahuna").hexdigest()[:16]
