"""Bytecode compiled on this device, kept for the next boot (web/pyodide-boot.mjs).

After the board is ready, for each archive the page runs on whose bytecode the boot did
not find, ``remember()`` compiles its modules with this runtime, a module at a time
while the person is not playing (``_calm``), and stores the result in the Cache API:

- the standard library (/lib/python314.zip): an archive of unchecked-hash .pyc files
  (PEP 552) next to their sources, which zipimport loads without comparing with anything,
  tracebacks still finding the source lines;
- the page's own modules (web/page.tar.gz, unpacked under /home/pyodide): a tar of
  unchecked-hash .pyc files at the paths in their __pycache__ folders where import
  looks, which the boot writes there.

Best effort: any failure leaves the page as it is, booting from source.
"""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Generator, Iterable
from typing import Any

STDLIB = "/lib/python314.zip"
#: A module compiles in one task, 1.3 to 2.6 ms a kB of source on a phone's CPU (180 ms
#: for zipfile's 72 kB), and a tap or a click that comes meanwhile waits for it (issue 33:
#: a tap shown within 100 ms, no task over 200 ms while the computer thinks). So modules
#: are compiled once nobody has tapped or pressed a key for QUIET seconds, and while the
#: computer plays those of at most THINKING bytes (about 100 ms there at most).
QUIET = 3.0
THINKING = 40_000
_started = False
_shown = 0.0  # performance.now() when the compiling was started, the board just shown


def pyc(source: bytes, path: str) -> bytes:
    """``source`` (the file at ``path``) compiled, as an unchecked-hash .pyc file."""
    from importlib._bootstrap_external import _code_to_hash_pyc

    code = compile(source, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, b"\0" * 8, False))


def bytecode_archive(stdlib: str = STDLIB, shipped: str | None = None
                     ) -> Generator[int, None, bytes]:
    """Yield the size of each module's source before compiling it, then return the
    archive's bytes (a generator, so that the caller chooses when each module compiles).
    ``shipped``: the site's archive of .pyc files for this very library, which this boot
    ran on: what it holds is taken as it is, not compiled again (typing, subprocess and
    html.entities are among the largest)."""
    # Read by zipimport, which has read the standard library since the boot, and written
    # by hand: zipfile (with shutil, bz2 and lzma) would be compiled from source for this,
    # in one task of half a second on a phone's CPU (issue 33: none over 200 ms).
    import zipimport

    with open(stdlib, "rb") as file:
        names = zip_names(file.read())
    source = zipimport.zipimporter(stdlib)
    held: set[str] = set()
    if shipped is not None:
        with open(shipped, "rb") as file:
            held = set(zip_names(file.read()))
        ready = zipimport.zipimporter(shipped)
    entries: list[tuple[str, bytes]] = []
    for name in names:
        if not name.endswith(".py"):
            continue
        data = source.get_data(name)
        if name + "c" in held:  # taken as it is: no task of its own
            code = ready.get_data(name + "c")
        else:
            yield len(data)
            code = pyc(data, f"{stdlib}/{name}")
        entries += [(name + "c", code), (name, data)]
    return stored_zip(entries)


def _number(data: bytes, at: int, size: int) -> int:
    return int.from_bytes(data[at:at + size], "little")


def zip_names(data: bytes) -> list[str]:
    """The names of the files in the zip archive ``data``, from its central directory
    (found by its end record, which an archive comment may follow: the shipped
    bytecode's names the library it was compiled from)."""
    low, mark = max(0, len(data) - 22 - 0xFFFF), b"PK\x05\x06"
    end = data.rfind(mark, low, len(data) - 18)
    while end >= 0 and end + 22 + _number(data, end + 20, 2) != len(data):
        end = data.rfind(mark, low, end + 3)  # the comment held those bytes: look before
    if end < 0:
        raise ValueError("not a zip archive")
    count, at = _number(data, end + 10, 2), _number(data, end + 16, 4)
    names = []
    for _ in range(count):
        if data[at:at + 4] != b"PK\x01\x02":
            raise ValueError("a broken central directory")
        length = _number(data, at + 28, 2)
        names.append(data[at + 46:at + 46 + length].decode())
        at += 46 + length + _number(data, at + 30, 2) + _number(data, at + 32, 2)
    return names


def stored_zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip archive of ``entries`` (name, bytes), stored uncompressed, dated 1980."""
    from zlib import crc32

    def n(value: int, size: int) -> bytes:
        return value.to_bytes(size, "little")

    files, directory = io.BytesIO(), io.BytesIO()
    count = 0
    for name, data in entries:
        raw = name.encode()
        # version 2.0, no flags, stored, 00:00 on 1 January 1980, CRC, sizes, name's length
        fields = (n(20, 2) + n(0, 2) + n(0, 2) + n(0, 2) + n(0x21, 2) + n(crc32(data), 4)
                  + n(len(data), 4) * 2 + n(len(raw), 2))
        directory.write(b"PK\x01\x02" + n(20, 2) + fields + n(0, 2) * 4 + n(0, 4)
                        + n(files.tell(), 4) + raw)
        files.write(b"PK\x03\x04" + fields + n(0, 2) + raw + data)
        count += 1
    start, size = files.tell(), directory.tell()
    return (files.getvalue() + directory.getvalue() + b"PK\x05\x06" + n(0, 4)
            + n(count, 2) * 2 + n(size, 4) + n(start, 4) + n(0, 2))


def page_bytecode(home: str, modules: Iterable[str]
                  ) -> Generator[int, None, tuple[list[str], list[bytes]]]:
    """Yield the size of each module's source before compiling it, then return where
    import looks for the .pyc file of each of ``modules`` (paths under ``home``, as those
    are), and those files."""
    from importlib.util import cache_from_source

    paths, files = [], []
    for module in modules:
        source = os.path.join(home, module)
        with open(source, "rb") as file:
            data = file.read()
        yield len(data)
        files.append(pyc(data, source))
        paths.append(os.path.relpath(cache_from_source(source), home))
    return paths, files


async def _calm(size: int) -> None:
    """Wait until a module of ``size`` bytes may be compiled without holding up the
    person's next tap (``kahunaLastInput``: web/pyodide-boot.mjs) or, for long, the
    computer's thinking."""
    from js import document, globalThis, performance

    def calm() -> bool:
        if document.body.dataset.turn == "wait":
            return size <= THINKING
        return performance.now() - max(_shown, globalThis.kahunaLastInput()) >= QUIET * 1000

    while not calm():
        await asyncio.sleep(0.25)
    await asyncio.sleep(0.005)  # a frame for the page between two modules


async def _stepped(steps: Generator[int, None, Any]) -> Any:
    """What a generator above returns, compiling each module at a calm moment for it."""
    try:
        size = next(steps)
        while True:
            await _calm(size)
            size = next(steps)
    except StopIteration as done:
        return done.value


async def _keep(cache_name: str, key: str, data: Any) -> None:
    """Store ``data`` under ``key``, in place of the entry for an older version of the
    same archive (the key's address without its query), if any."""
    from js import Response, caches

    cache = await caches.open(cache_name)
    for request in await cache.keys():
        if request.url.split("?")[0] == key.split("?")[0]:
            await cache.delete(request)
    await cache.put(key, Response.new(data))


async def _start() -> None:
    global _shown
    try:
        from js import globalThis, kahunaTar, performance
        from pyodide.ffi import to_js

        _shown = performance.now()  # the person may be about to tap
        pending = getattr(globalThis, "kahunaBytecode", None)
        found = await pending if pending is not None else None
        if found is None:
            return
        if not found.found:
            shipped = found.path if found.shipped else None  # what the boot read there
            await _keep(found.cache, found.key,
                        to_js(await _stepped(bytecode_archive(shipped=shipped))))
        page = found.page
        if page is not None and not page.found:
            paths, files = await _stepped(page_bytecode(page.home, page.modules.to_py()))
            await _keep(found.cache, page.key, kahunaTar.write(to_js(paths), to_js(files)))
    except Exception as error:  # noqa: BLE001 - an optimisation: never the player's problem
        from js import console

        console.warn(f"kahuna: bytecode not kept: {error!r}")


def remember() -> None:
    """Compile and keep the bytecode the boot did not find, in the background, once."""
    global _started
    if not _started:
        _started = True
        asyncio.ensure_future(_start())
