"""The site's file list, its version, the generated service worker and the deployable folder.

The site is everything the game page loads, found by following its references:
index.html (href/src/config attributes), pyscript.toml (`interpreter`, every [files]
source), the web app manifest (icons), CSS `url(...)`s, and the ES-module imports and
`new URL("./file", import.meta.url)`s of the JavaScript modules. The service worker
precaches exactly this list; the deployed folder holds exactly this list plus the worker
itself.

The page's own Python reaches Pyodide as one archive, PAGE_ARCHIVE (web/page.tar.gz),
which web/pyodide-boot.mjs downloads while the runtime boots and writes into Pyodide's
file system before Python starts: one request instead of one per module. It holds the
modules of the page's own packages (kahuna/, web/) that the page's script (web/main.py)
imports, at any depth, lazy imports inside functions included, with the __init__.py of
every package on the way, and the data files those modules read (DATA_FILES: the compiled
message catalogues, locale/<lang>/LC_MESSAGES/kahuna.mo). It is generated (`sw`, `copy`
and `archive` write it when its contents change), never committed.

The archive is made from PAGE_MEMBERS (page/), its files one by one as it holds them, with
PAGE_INDEX (page/index.json): each file's hash (``short_hash``), in the archive's order. A
first visit downloads the archive only; an update downloads the index and the files that
changed, from which the service worker rebuilds the archive (web/sw-core.js). Generated
too.

    python3 scripts/build_site.py files [--root DIR]   print the list (site-relative paths)
    python3 scripts/build_site.py sw [--root DIR]      write DIR/sw.js (only when it changes)
    python3 scripts/build_site.py copy OUT [--root DIR]  sw.js, then the site into OUT
    python3 scripts/build_site.py archive [--root DIR]  write PAGE_MEMBERS, PAGE_INDEX and
        PAGE_ARCHIVE (each file only when it changes)

Standard library only (Python 3.11+), so the GitHub Pages workflow needs no virtualenv.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import io
import json
import re
import shutil
import sys
import tarfile
from pathlib import Path, PurePosixPath

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    sys.exit("scripts/build_site.py needs Python 3.11 or newer (tomllib); set KAHUNA_PYTHON")

REPO_ROOT = Path(__file__).resolve().parent.parent
SW_NAME = "sw.js"
SW_CORE = "web/sw-core.js"
# The worker's code, written into sw.js after the site's data, in this order (the tar
# reader and writer first: the worker's code uses it). Browsers check a worker's scripts
# for a change at every visit, so it is one script: sw.js.
WORKER_SOURCES = ("web/tar.js", SW_CORE)
WORKER_SCRIPTS = (SW_NAME,)
#: The hex digits of SHA-256 kept as a file's hash (in sw.js and PAGE_INDEX): 64 bits
#: tell the versions of a file apart and catch a wrong download; the full 256 added a
#: quarter to what every later visit's check of sw.js downloads. web/sw-core.js HASH_CHARS.
HASH_CHARS = 16
#: The site's pages: the game, the demo of its embeds (scripts/examples_page.py), and
#: the rules pages (scripts/rules_page.py; the game links them from its settings, which
#: the closure does not read).
PAGES = ("index.html", "examples.html")
RULES_PAGES = "rules/*.html"
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
# (codemirror), zip archives unpacked from [files] and `packages` (pyodide_graph).
# What a plugin imports lazily loads only when its feature is used and is not followed.
# e2e/test_offline_site.py checks the result against what Chromium really fetches.
UNUSED_CHUNKS = ("codemirror", "zip-", "pyodide_graph-")

_ATTR = re.compile(r"""\s(?:href|src|config)\s*=\s*["']([^"']+)["']""")
_CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.\.?/[^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\.\.?/[^"']+)["']\s*\)""")
# A file a module fetches by its own address (a folder, ending in "/", is no file).
_MODULE_URL = re.compile(
    r"""\bnew URL\(\s*["'](\.\.?/[^"']*[^"'/])["']\s*,\s*import\.meta\.url\s*\)""")
# The page's own Python packages: PAGE_ARCHIVE holds the modules of these that the page
# imports (the rest, the standard library and `js`/`pyscript`, comes with Pyodide and PyScript).
PAGE_PACKAGES = ("kahuna", "web")
_SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.I)
_TAG_ATTR = re.compile(r"""([\w-]+)\s*=\s*["']([^"']*)["']""")
# The data files a module of the page reads at run time, by the module's path: a glob
# from the site's root. They go into PAGE_ARCHIVE when the page imports that module.
DATA_FILES = {"kahuna/notation/language.py": "locale/*/LC_MESSAGES/*.mo"}
# The page's own files in one archive (see the module docstring), unpacked by
# web/pyodide-boot.mjs into Pyodide's working directory.
PAGE_ARCHIVE = "web/page.tar.gz"
# The archive's files one by one and its index, for updates (see the module docstring).
PAGE_MEMBERS = "page"
PAGE_INDEX = "page/index.json"


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
    folder = ref.endswith("/") or ref.rsplit("/", 1)[-1] in (".", "..")  # its index.html
    return PurePosixPath(*parts, "index.html") if folder else PurePosixPath(*parts)


def _disabled_plugins(root: Path) -> tuple[str, ...]:
    """Chunk-name prefixes ("py-editor-") of the plugins the page's configs turn off."""
    html = (root / "index.html").read_text(encoding="utf-8")
    names: set[str] = set()
    for ref in re.findall(r"""\sconfig\s*=\s*["']([^"']+)["']""", html):
        path = _local(PurePosixPath("index.html"), ref)
        if path is not None and (root / path).is_file():
            config = tomllib.loads((root / path).read_text(encoding="utf-8"))
            names |= {p[1:] + "-" for p in config.get("plugins", []) if str(p).startswith("!")}
    # "!error" still loads its chunk: PyScript's core imports it to switch it off
    # (notOnDOM), so it is no skipped chunk.
    return tuple(sorted(names - {"error-"}))


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
            # `interpreter` is resolved against the page (index.html at the root): Pyodide's
            # pyodide.mjs, or a module of ours that imports it (see below).
            mjs = _local(PurePosixPath("index.html"), config["interpreter"])
            if mjs is not None:
                extra = [mjs]
    elif path.suffix == ".webmanifest":
        refs = [icon["src"] for icon in json.loads(text).get("icons", [])]
    elif path.suffix == ".css":
        refs = _CSS_URL.findall(text)
    elif path.suffix in (".js", ".mjs"):
        refs = _STATIC_IMPORT.findall(text) + _MODULE_URL.findall(text)
        if path.name == "pyodide.mjs":  # its loader fetches these by name, next to it
            extra = [path.parent / name for name in PYODIDE_FILES]
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
    """Every file the site's pages need, as sorted site-relative POSIX paths."""
    pages = [PurePosixPath(name) for name in PAGES if (root / name).is_file()]
    pages += [PurePosixPath(p.relative_to(root).as_posix()) for p in sorted(root.glob(RULES_PAGES))]
    return _page_files(root, pages)


def game_files(root: Path = REPO_ROOT) -> list[str]:
    """The files the game page needs: what a first visit downloads and the service worker
    keeps at once. The site's other pages (rules, examples) and their own files are kept
    when first opened (``site_data``'s "later")."""
    return _page_files(root, [PurePosixPath("index.html")])


def rules_pages(root: Path = REPO_ROOT) -> dict[str, list[str]]:
    """Each rules page with the files of its own it needs (not the game's): the service
    worker keeps the one in the player's language on a first visit (web/sw-core.js
    ``keep``), so "How to play" opens offline."""
    game = set(game_files(root))  # the pages it links to (other languages) are no file of its own
    return {page: [f for f in _page_files(root, [PurePosixPath(page)])
                   if f not in game and not f.endswith(".html")]
            for page in (p.relative_to(root).as_posix() for p in sorted(root.glob(RULES_PAGES)))}


def _page_files(root: Path, pages: list[PurePosixPath]) -> list[str]:
    skipped = UNUSED_CHUNKS + _disabled_plugins(root)
    boot: list[PurePosixPath] = []
    page = _closure(root, pages, skipped, boot)
    return sorted(str(p) for p in page | _closure(root, boot, skipped, None))


# --------------------------------------------------------------------------- the page archive


def python_scripts(root: Path = REPO_ROOT) -> dict[PurePosixPath, list[PurePosixPath]]:
    """index.html's PyScript scripts (``<script type="py" config=... src=...>``): the
    site-relative path of each config, with the scripts it runs."""
    html = (root / "index.html").read_text(encoding="utf-8")
    page = PurePosixPath("index.html")
    found: dict[PurePosixPath, list[PurePosixPath]] = {}
    for tag in _SCRIPT_TAG.findall(html):
        attrs = dict((k.lower(), v) for k, v in _TAG_ATTR.findall(tag))
        if attrs.get("type") != "py" or "src" not in attrs or "config" not in attrs:
            continue
        config, src = _local(page, attrs["config"]), _local(page, attrs["src"])
        if config is None or src is None:
            raise SiteError(f"index.html: a Python script or config off the site: {tag}")
        found.setdefault(config, []).append(src)
    return found


def module_file(root: Path, parts: list[str]) -> PurePosixPath | None:
    """The file of module ``parts`` (a package's __init__.py, or a .py file), if any."""
    package, module = PurePosixPath(*parts, "__init__.py"), PurePosixPath(*parts).with_suffix(".py")
    return next((path for path in (package, module) if (root / path).is_file()), None)


def imported_files(root: Path, path: PurePosixPath) -> set[PurePosixPath]:
    """Files of PAGE_PACKAGES that the Python file ``path`` imports anywhere in it
    (functions included; relative imports too), with the __init__.py of each package on
    the way. ``from package import name`` counts ``package.name`` when it is a module."""
    package = list(path.parent.parts)  # the package of a module, or of an __init__.py
    found: set[PurePosixPath] = set()
    for node in ast.walk(ast.parse((root / path).read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            modules, names = [alias.name.split(".") for alias in node.names], []
        elif isinstance(node, ast.ImportFrom):
            if node.level > len(package):
                raise SiteError(f"{path}:{node.lineno}: relative import beyond its top package")
            base = package[: len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            modules = [module]
            names = [module + [alias.name] for alias in node.names if alias.name != "*"]
        else:
            continue
        for parts in modules + names:
            if parts[0] not in PAGE_PACKAGES:
                continue
            for n in range(1, len(parts) + 1):  # each package on the way, then the module
                file = module_file(root, parts[:n])
                if file is None:
                    if parts in modules:  # a name after `import` may be no module
                        raise SiteError(f"{path}:{node.lineno}: no module {'.'.join(parts)}")
                    break
                found.add(file)
    return found


def python_files(root: Path, scripts: list[PurePosixPath]) -> list[str]:
    """The modules ``scripts`` import, directly or not, and the DATA_FILES they read: sorted
    site-relative paths (a script itself only when something imports it: the page fetches
    it as its ``src``)."""
    found: set[PurePosixPath] = set()
    queue = [file for script in scripts for file in imported_files(root, script)]
    while queue:
        path = queue.pop()
        if path not in found:
            found.add(path)
            queue.extend(imported_files(root, path))
    data = {PurePosixPath(file.relative_to(root).as_posix())
            for module, pattern in DATA_FILES.items() if PurePosixPath(module) in found
            for file in root.glob(pattern) if file.is_file()}
    return sorted(str(p) for p in found | data)


def page_archive_files(root: Path = REPO_ROOT) -> list[str]:
    """What PAGE_ARCHIVE holds: the files python_files finds for the page's scripts."""
    scripts = [s for group in python_scripts(root).values() for s in group]
    return python_files(root, scripts)


def shipped_source(source: bytes, name: str) -> bytes:
    """A page module as the archive holds it: without comments and without the docstrings
    of its module and functions (classes keep theirs), every line where it was, when its
    syntax tree is the original's less those docstrings (else the original). About a
    third less to download; tracebacks keep their line numbers."""
    try:
        from scripts.strip_source import strip_source
    except ModuleNotFoundError:  # run as a script: scripts/ is on the path
        from strip_source import strip_source
    stripped = strip_source(source, class_docstrings=True)

    def tree(text: bytes, drop_docstrings: bool) -> str:
        parsed = ast.parse(text, name)
        if drop_docstrings:
            for node in ast.walk(parsed):
                body = getattr(node, "body", None)
                if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                        and len(body) > 1 and isinstance(body[0], ast.Expr)
                        and isinstance(body[0].value, ast.Constant)
                        and isinstance(body[0].value.value, str)):
                    del body[0]
        return ast.dump(parsed)

    # The same program but for those docstrings (CPython before 3.14 keeps a NOP for a
    # docstring's line even under -OO, so the syntax trees are compared, not the code).
    return stripped if tree(stripped, False) == tree(source, True) else source


def page_members(root: Path, files: list[str]) -> dict[str, bytes]:
    """The archive's files as it holds them (Python files as ``shipped_source`` gives them)."""
    members = {}
    for name in sorted(files):
        data = (root / name).read_bytes()
        members[name] = shipped_source(data, name) if name.endswith(".py") else data
    return members


def archive_bytes(members: dict[str, bytes]) -> bytes:
    """A deterministic .tar.gz of ``members``, sorted: fixed dates and owners, no folders
    (the boot makes each file's folder)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in sorted(members):
            info = tarfile.TarInfo(name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            info.size, info.mode = len(members[name]), 0o644
            tar.addfile(info, io.BytesIO(members[name]))
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def _index(members: dict[str, bytes]) -> bytes:
    """PAGE_INDEX's bytes: {name: short_hash, ...} in the archive's order (web/sw-core.js
    writes a tar of exactly these files)."""
    index = {name: short_hash(members[name]) for name in sorted(members)}
    return json.dumps(index, separators=(",", ":")).encode() + b"\n"


def write_bytes(target: Path, data: bytes) -> bool:
    """Write ``data`` to ``target`` in one step when its bytes change; return whether written."""
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(target)
    return True


def member_files(root: Path = REPO_ROOT) -> dict[str, Path]:
    """The files in root/PAGE_MEMBERS by archive name (the index aside)."""
    folder = root / PAGE_MEMBERS
    index = root / PAGE_INDEX
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
            if p.is_file() and p != index}


def pack_page(root: Path = REPO_ROOT) -> bool:
    """PAGE_ARCHIVE and PAGE_INDEX from the files in PAGE_MEMBERS (also in a deployed copy,
    which has no sources); return whether the archive was written."""
    members = {name: path.read_bytes() for name, path in member_files(root).items()}
    write_bytes(root / PAGE_INDEX, _index(members))
    return write_bytes(root / PAGE_ARCHIVE, archive_bytes(members))


def write_page_archive(root: Path = REPO_ROOT) -> bool:
    """PAGE_MEMBERS from the sources (stale files removed), then ``pack_page``."""
    members = page_members(root, page_archive_files(root))
    for name, path in member_files(root).items():
        if name not in members:
            path.unlink()
    for name, data in members.items():
        write_bytes(root / PAGE_MEMBERS / name, data)
    return pack_page(root)


def update_files(root: Path = REPO_ROOT) -> list[str]:
    """What only an update downloads: PAGE_INDEX and the archive's files one by one
    (none when the site has no page archive)."""
    if not (root / PAGE_INDEX).is_file():
        return []
    return [PAGE_INDEX, *(f"{PAGE_MEMBERS}/{name}" for name in member_files(root))]


def short_hash(data: bytes) -> str:
    """The first HASH_CHARS hex digits of the SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def file_hashes(root: Path, files: list[str]) -> dict[str, str]:
    """``short_hash`` of each file."""
    return {f: short_hash((root / f).read_bytes()) for f in files}


def site_version(hashes: dict[str, str], worker_code: bytes) -> str:
    """Short content hash of the whole site, the worker's own code included."""
    digest = hashlib.sha256(worker_code)
    for name in sorted(hashes):
        digest.update(f"{name}\0{hashes[name]}\n".encode())
    return digest.hexdigest()[:16]


def site_data(root: Path = REPO_ROOT) -> dict:
    """{"version": ..., "files": {path: hash}, "later": {path: hash}, "rules": {page:
    [its own files]}, "archive": ...}: what sw.js carries; "files" are fetched at install
    (the game), "later" when first asked for, or a rules page and its files when the game
    asks the worker to keep it (``rules_pages``); "archive" (when the site has a page archive) names the archive, its index
    with the index's hash, and the folder of its files, for updates."""
    hashes = file_hashes(root, site_files(root))
    game = set(game_files(root))
    worker_code = b"".join((root / name).read_bytes() for name in WORKER_SOURCES)
    data = {"version": site_version(hashes, worker_code),
            "files": {f: h for f, h in hashes.items() if f in game},
            "later": {f: h for f, h in hashes.items() if f not in game},
            "rules": rules_pages(root)}
    if PAGE_ARCHIVE in data["files"] and (root / PAGE_INDEX).is_file():
        data["archive"] = {"file": PAGE_ARCHIVE, "index": PAGE_INDEX, "members": PAGE_MEMBERS + "/",
                           "sha": file_hashes(root, [PAGE_INDEX])[PAGE_INDEX]}
    return data


def shipped_js(text: str) -> str:
    """Worker code as sw.js holds it: without its comment lines, blank lines and "use
    strict" (sw.js states it once, first); comments after code stay."""
    return "".join(line + "\n" for line in text.splitlines() if line.strip()
                   and not line.lstrip().startswith("//") and line != '"use strict";')


def worker_source(data: dict, root: Path = REPO_ROOT) -> str:
    """The text of sw.js: this version's file list and hashes, then the worker's code
    (WORKER_SOURCES, their comments left in the sources)."""
    code = "".join(shipped_js((root / name).read_text(encoding="utf-8")) for name in WORKER_SOURCES)
    return (
        "// Generated by scripts/build_site.py from " + ", ".join(WORKER_SOURCES) + ": do not\n"
        "// edit, do not commit. Browsers notice a new deployment because these bytes change.\n"
        '"use strict";\n'
        f"self.KAHUNA_SITE = {json.dumps(data, separators=(',', ':'), sort_keys=True)};\n"
        + code
    )


def built_version(root: Path = REPO_ROOT) -> str:
    """The version written into root/sw.js."""
    text = (root / SW_NAME).read_text(encoding="utf-8")
    return json.loads(text.split("self.KAHUNA_SITE = ", 1)[1].split(";\n", 1)[0])["version"]


def write_worker(root: Path = REPO_ROOT) -> tuple[str, bool]:
    """Write root/sw.js if its text changed; return (version, whether it was written).
    (The page's archive is one of the files it lists: ``build`` writes both.)"""
    data = site_data(root)
    text = worker_source(data, root)
    return data["version"], write_bytes(root / SW_NAME, text.encode())


def build(root: Path = REPO_ROOT) -> tuple[str, bool]:
    """The page's archive, then sw.js, each written if its contents changed (in a source
    checkout: a deployed copy has the archive and no sources); as write_worker."""
    write_page_archive(root)
    return write_worker(root)


def copy_site(out: Path, root: Path = REPO_ROOT) -> list[str]:
    """Write sw.js, then copy the site (its files, the archive's files for updates, sw.js,
    and the worker's code, from which a deployed copy writes sw.js again) into ``out``.

    ``out`` is replaced; a folder that holds the source or is no earlier build is refused.
    """
    out, root = out.resolve(), root.resolve()
    if out == root or out in root.parents:
        raise SiteError(f"{out}: the build would replace its own source")
    if out.exists() and any(out.iterdir()) and not (out / SW_NAME).is_file():
        raise SiteError(f"{out}: not empty and not an earlier build; not deleting it")
    build(root)
    files = [*site_files(root), *update_files(root), SW_NAME, SW_CORE]
    if out.exists():
        shutil.rmtree(out)
    for name in files:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, out / name)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("files", "sw", "copy", "archive"))
    parser.add_argument("out", nargs="?", type=Path, help="target folder (copy)")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="site folder")
    args = parser.parse_args(argv)
    try:
        if args.command == "files":
            print("\n".join(site_files(args.root)))
        elif args.command == "archive":
            written = write_page_archive(args.root)
            print(f"[build-site] {PAGE_ARCHIVE}: {'written' if written else 'unchanged'}",
                  file=sys.stderr)
        elif args.command == "sw":
            version, written = build(args.root)
            note = "" if written else " (unchanged)"
            print(f"[build-site] sw.js: version {version}{note}", file=sys.stderr)
        else:
            if args.out is None:
                parser.error("copy needs an OUT folder")
            files = copy_site(args.out, args.root)
            print(f"[build-site] {args.out}: {len(files)} files", file=sys.stderr)
    except (SiteError, OSError, SyntaxError, tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
