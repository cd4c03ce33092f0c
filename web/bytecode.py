"""The standard library's bytecode, compiled on this device (web/pyodide-boot.mjs).

After the board is ready, when the boot found no bytecode for the standard library it
runs on, ``remember()`` compiles every module of that archive (/lib/python314.zip) with
this runtime, a module at a time between frames, and stores the result in the Cache API
for the next boot. Unchecked-hash .pyc files (PEP 552) next to their sources: zipimport
loads the .pyc without comparing it with anything, and tracebacks still find the source
lines. Best effort: any failure leaves the page as it is, booting from source.
"""

from __future__ import annotations

import asyncio
import io

STDLIB = "/lib/python314.zip"
_started = False


def bytecode_archive(stdlib: str = STDLIB):
    """Yield once per module compiled, then return the archive's bytes (a generator, so
    that the caller can pause between modules)."""
    # Here, not at the top: zipfile (with shutil) is 0.1 s to compile on a first visit, and
    # this module is imported in the task that makes the board ready (web/main.py).
    import zipfile
    from importlib._bootstrap_external import _code_to_hash_pyc

    buffer = io.BytesIO()
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for name in source.namelist():
            if not name.endswith(".py"):
                continue
            data = source.read(name)
            code = compile(data, f"{stdlib}/{name}", "exec", dont_inherit=True)
            out.writestr(name + "c", bytes(_code_to_hash_pyc(code, b"\0" * 8, False)))
            out.writestr(name, data)
            yield
    return buffer.getvalue()


async def _remember(found) -> None:
    from js import Response, caches
    from pyodide.ffi import to_js

    steps = bytecode_archive()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            data = done.value
            break
        await asyncio.sleep(0.005)  # a frame for the page between two modules
    cache = await caches.open(found.cache)
    for request in await cache.keys():  # the one entry: an older standard library's
        await cache.delete(request)
    await cache.put(found.key, Response.new(to_js(data)))


async def _start() -> None:
    try:
        from js import globalThis

        pending = getattr(globalThis, "kahunaBytecode", None)
        found = await pending if pending is not None else None
        if found is None or found.found:
            return
        await _remember(found)
    except Exception as error:  # noqa: BLE001 - an optimisation: never the player's problem
        from js import console

        console.warn(f"kahuna: standard library bytecode not kept: {error!r}")


def remember() -> None:
    """Compile and keep the standard library's bytecode, in the background, once."""
    global _started
    if not _started:
        _started = True
        asyncio.ensure_future(_start())
