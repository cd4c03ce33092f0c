"""Run inside the runtime (Pyodide under Node, scripts/boot_bytecode.mjs): the archive of
the bytecode the boot needs, shipped with the site (scripts/boot_bytecode.py says what
and why). Standard library only, as the runtime has it."""

from __future__ import annotations

import io
import zipfile
import zlib

# Where the runtime puts python_stdlib.zip (web/boot/bytecode.py STDLIB).
RUNTIME_STDLIB = "/lib/python314.zip"
# A zip entry's own bytes beyond its data (its headers, twice its name), about.
ZIP_ENTRY = 100


def _units(boot: set[str], names: list[str]) -> dict[str, list[str]]:
    """The archive's names by what can be shipped alone: a top-level module, or a package
    with all its modules (a package found in the archive looks for its modules there only)."""
    units: dict[str, list[str]] = {}
    tops = {name.split("/")[0].removesuffix(".py") for name in boot}
    for name in names:
        top = name.split("/")[0].removesuffix(".py")
        if top in tops:
            units.setdefault(top, []).append(name)
    return units


def archive(origins: list[str], comment: str, budget: int, stdlib: str = RUNTIME_STDLIB) -> bytes:
    """Run inside Pyodide (scripts/boot_bytecode.mjs): the archive's bytes, for the modules
    whose files (``origins``, from ``sys.modules``) are in ``stdlib``, at most ``budget``
    bytes compressed: the units (``_units``) with the most bytecode for their compressed
    bytes first (the bytecode's size standing for its compiling time; a measured time would
    make the archive differ from build to build). ``comment`` is its zip comment.
    Deterministic: sorted, fixed dates; compressed (hosts send a .zip as it is)."""
    from bytecode import pyc  # web/boot/bytecode.py, written beside this file by the runner

    prefix = stdlib + "/"
    boot = {o[len(prefix):] for o in origins if o.startswith(prefix)}
    entries: dict[str, tuple[str, bytes]] = {}
    chosen: list[str] = []
    with zipfile.ZipFile(stdlib) as source:
        for unit, names in _units(boot, source.namelist()).items():
            for name in names:
                data = source.read(name)
                entries[name] = (name + "c", pyc(data, prefix + name)) if name in boot else (name, data)
        units = _units(boot, sorted(entries))
    cost = {unit: sum(len(zlib.compress(entries[n][1], 9)) + ZIP_ENTRY for n in names)
            for unit, names in units.items()}
    value = {unit: sum(len(entries[n][1]) for n in names if n in boot) for unit, names in units.items()}
    spent = 0
    for unit in sorted(units, key=lambda u: (-value[u] / cost[u], u)):
        if spent + cost[unit] <= budget:
            spent += cost[unit]
            chosen += units[unit]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name in sorted(chosen):
            info = zipfile.ZipInfo(entries[name][0], (1980, 1, 1, 0, 0, 0))
            info.external_attr, info.compress_type = 0o644 << 16, zipfile.ZIP_DEFLATED
            out.writestr(info, entries[name][1])
        out.comment = comment.encode()
    return buffer.getvalue()
