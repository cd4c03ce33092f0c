"""The site's file list, its version, the generated service worker and the deployable folder.

The site is everything the game page loads, found by following its references:
index.html (href/src/config attributes), pyscript.toml (`interpreter`, every [files]
source), the web app manifest (icons), CSS `url(...)`s and the ES-module imports of the
PyScript runtime. The service worker precaches exactly this list; the deployed folder holds
exactly this list plus the worker itself.

    python3 scripts/build_site.py files [--root DIR]   print the list (site-relative paths)
    python3 scripts/build_site.py sw [--root DIR]      write DIR/sw.js (only when it changes)
    python3 scripts/build_site.py copy OUT [--root DIR]  sw.js, then the site into OUT

Standard library only (Python 3.11+), so the GitHub Pages workflow needs no virtualenv.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path, PurePosixPath

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    sys.exit("scripts/build_site.py needs Python 3.11 or newer (tomllib); set KAHUNA_PYTHON")

REPO_ROOT = Path(__file__).resolve().parent.parent
SW_NAME = "sw.js"
SW_CORE = "web/sw-core.js"
# Pyodide's loader fetches these next to pyodide.mjs by name (not through imports).
PYODIDE_FILES = (
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Dynamic imports: PyScript's core imports its plugin chunks at boot, except those the
# config turns off ("!py-editor"), so the dynamic imports of modules the page loads are
# followed, minus those plugins and the features this page does not use: the code editor
# (codemirror), archives unpacked from [files] (zip) and `packages` (pyodide_graph).
# What a plugin imports lazily loads only when its feature is used and is not followed.
# e2e/test_offline_site.py checks the result against what Chromium really fetches.
UNUSED_CHUNKS = ("codemirror", "zip-", "pyodide_graph-")

_ATTR = re.compile(r"""\s(?:href|src|config)\s*=\s*["']([^"']+)["']""")
_CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.\.?/[^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\.\.?/[^"']+)["']\s*\)""")


class SiteError(Exception):
    """The site references a file that does not exist (or an unusable path)."""


def _local(base: PurePosixPath, ref: str) -> PurePosixPath | None:
    """Site-relative path of ``ref`` as seen from the file at ``base``; None if external."""
    ref = ref.split("#", 1)[0].split("?", 1)[0]
    if not ref or re.match(r"^[a-z][a-z0-9+.-]*:", ref, re.I) or ref.startswith("//"):
        return None
    if ref.startswith("/"):
        raise SiteError(f"{base}: absolute URL {ref!r} breaks sub-path hosting")
    parts: list[str] = []
    for part in (base.parent / ref).parts:
        if part == "..":
            if not parts:
                raise SiteError(f"{base}: {ref!r} leaves the site folder")
            parts.pop()
        elif part != ".":
            parts.append(part)
    return PurePosixPath(*parts)


def _disabled_plugins(root: Path) -> tuple[str, ...]:
    """Chunk-name prefixes ("py-editor-") of the plugins the page's configs turn off."""
    html = (root / "index.html").read_text(encoding="utf-8")
    names: set[str] = set()
    for ref in re.findall(r"""\sconfig\s*=\s*["']([^"']+)["']""", html):
        path = _local(PurePosixPath("index.html"), ref)
        if path is not None and (root / path).is_file():
            config = tomllib.loads((root / path).read_text(encoding="utf-8"))
            names |= {p[1:] + "-" for p in config.get("plugins", []) if str(p).startswith("!")}
    return tuple(sorted(names))


def _references(
    root: Path, path: PurePosixPath, skipped: tuple[str, ...]
) -> tuple[list[PurePosixPath], list[PurePosixPath]]:
    """Files that ``path`` loads: (always, through dynamic imports not ``skipped``)."""
    file = root / path
    if not file.is_file():
        raise SiteError(f"missing site file: {path}")
    parsed = (".html", ".toml", ".webmanifest", ".css", ".js", ".mjs")
    text = file.read_text(encoding="utf-8") if path.suffix in parsed else ""
    refs: list[str] = []
    extra: list[PurePosixPath] = []
    dynamic: list[str] = []
    if path.suffix == ".html":
        refs = _ATTR.findall(text)
    elif path.suffix == ".toml":
        config = tomllib.loads(text)
        refs = list(config.get("files", {}))
        if config.get("interpreter"):
            # `interpreter` is resolved against the page (index.html at the root).
            mjs = _local(PurePosixPath("index.html"), config["interpreter"])
            if mjs is not None:
                extra = [mjs, *(mjs.parent / name for name in PYODIDE_FILES)]
    elif path.suffix == ".webmanifest":
        refs = [icon["src"] for icon in json.loads(text).get("icons", [])]
    elif path.suffix == ".css":
        refs = _CSS_URL.findall(text)
    elif path.suffix in (".js", ".mjs"):
        refs = _STATIC_IMPORT.findall(text)
        dynamic = [
            r for r in _DYNAMIC_IMPORT.findall(text) if not r.rsplit("/", 1)[-1].startswith(skipped)
        ]

    def resolve(items: list[str]) -> list[PurePosixPath]:
        found = (_local(path, ref) for ref in items)
        return [t for t in found if t is not None and t.name != SW_NAME]

    return resolve(refs) + extra, resolve(dynamic)


def _closure(
    root: Path, starts: list[PurePosixPath], skipped: tuple[str, ...], boot: list[PurePosixPath] | None
) -> set[PurePosixPath]:
    """Files reached from ``starts`` by what always loads; dynamic imports go to ``boot``."""
    found: set[PurePosixPath] = set()
    queue = list(starts)
    while queue:
        path = queue.pop()
        if path in found:
            continue
        found.add(path)
        always, dynamic = _references(root, path, skipped)
        queue.extend(always)
        if boot is not None:
            boot.extend(dynamic)
    return found


def site_files(root: Path = REPO_ROOT) -> list[str]:
    """Every file the game page needs, as sorted site-relative POSIX paths."""
    skipped = UNUSED_CHUNKS + _disabled_plugins(root)
    boot: list[PurePosixPath] = []
    page = _closure(root, [PurePosixPath("index.html")], skipped, boot)
    return sorted(str(p) for p in page | _closure(root, boot, skipped, None))


def file_hashes(root: Path, files: list[str]) -> dict[str, str]:
    """SHA-256 (hex) of each file."""
    return {f: hashlib.sha256((root / f).read_bytes()).hexdigest() for f in files}


def site_version(hashes: dict[str, str], worker_code: bytes) -> str:
    """Short content hash of the whole site, the worker's own code included."""
    digest = hashlib.sha256(worker_code)
    for name in sorted(hashes):
        digest.update(f"{name}\0{hashes[name]}\n".encode())
    return digest.hexdigest()[:16]


def site_data(root: Path = REPO_ROOT) -> dict:
    """{"version": ..., "files": {path: sha256}}: what sw.js carries."""
    hashes = file_hashes(root, site_files(root))
    return {"version": site_version(hashes, (root / SW_CORE).read_bytes()), "files": hashes}


def worker_source(data: dict) -> str:
    """The text of sw.js: this version's file list and hashes, then the shared worker code."""
    return (
        "// Generated by scripts/build_site.py: do not edit, do not commit.\n"
        "// Browsers notice a new deployment because these bytes change.\n"
        f"self.KAHUNA_SITE = {json.dumps(data, indent=1, sort_keys=True)};\n"
        f'importScripts("./{SW_CORE}");\n'
    )


def built_version(root: Path = REPO_ROOT) -> str:
    """The version written into root/sw.js."""
    text = (root / SW_NAME).read_text(encoding="utf-8")
    return json.loads(text.split("self.KAHUNA_SITE = ", 1)[1].split(";\n", 1)[0])["version"]


def write_worker(root: Path = REPO_ROOT) -> tuple[str, bool]:
    """Write root/sw.js if its text changed; return (version, whether it was written)."""
    data = site_data(root)
    text = worker_source(data)
    target = root / SW_NAME
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return data["version"], False
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    return data["version"], True


def copy_site(out: Path, root: Path = REPO_ROOT) -> list[str]:
    """Write sw.js, then copy the site (its files, sw.js, the worker code) into ``out``.

    ``out`` is replaced; a folder that holds the source or is no earlier build is refused.
    """
    out, root = out.resolve(), root.resolve()
    if out == root or out in root.parents:
        raise SiteError(f"{out}: the build would replace its own source")
    if out.exists() and any(out.iterdir()) and not (out / SW_NAME).is_file():
        raise SiteError(f"{out}: not empty and not an earlier build; not deleting it")
    write_worker(root)
    files = [*site_files(root), SW_NAME, SW_CORE]
    if out.exists():
        shutil.rmtree(out)
    for name in files:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, out / name)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("files", "sw", "copy"))
    parser.add_argument("out", nargs="?", type=Path, help="target folder (copy)")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="site folder")
    args = parser.parse_args(argv)
    try:
        if args.command == "files":
            print("\n".join(site_files(args.root)))
        elif args.command == "sw":
            version, written = write_worker(args.root)
            note = "" if written else " (unchanged)"
            print(f"[build-site] sw.js: version {version}{note}", file=sys.stderr)
        else:
            if args.out is None:
                parser.error("copy needs an OUT folder")
            files = copy_site(args.out, args.root)
            print(f"[build-site] {args.out}: {len(files)} files", file=sys.stderr)
    except (SiteError, OSError, tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
