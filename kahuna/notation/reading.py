"""The one door for data from outside: files, links, saves, address parameters.

``load_json`` parses untrusted JSON strictly, the field readers take single values out
of it without converting anything silently, and ``check_keys`` refuses a key an object
should not have (a misspelling) rather than passing it over. Every reader of outside
data (positions, records, links, the page's saves and address) goes through here, and
raises only the engine's own errors, subclasses of ``KahunaError`` that say what is
wrong: never a ``TypeError``, a ``RecursionError`` or a hang, whatever the input
(tests/test_fuzz.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from ..rules.errors import KahunaError, PositionError, refused, shown
from ..rules.state import BLACK, WHITE

#: Far above any real input (a long game's record is about 5 kB) and low enough that
#: parsing cannot stall the page.
MAX_BYTES = 200_000
#: Records nest four levels deep; deep nesting would exhaust the parser's stack.
MAX_DEPTH = 16
#: Digits of a whole number: seeds are 31 bits, counts are small.
MAX_DIGITS = 20

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")
_SEATS = {"black": BLACK, "white": WHITE}


def load_json(raw: bytes | str, error: type[KahunaError]) -> Any:
    """Parse outside JSON: UTF-8 (a leading byte-order mark, as some editors save, is
    passed over), at most MAX_BYTES, nested at most MAX_DEPTH deep, finite numbers of at
    most MAX_DIGITS digits. Raises ``error`` saying what is wrong."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_BYTES:
            raise refused(error, "size", f"too large: {len(raw)} bytes, at most {MAX_BYTES}")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise refused(error, "text", "not UTF-8 text") from None
    raw = raw.removeprefix("\ufeff")
    if len(raw) > MAX_BYTES:
        raise refused(error, "size", f"too large: {len(raw)} characters, at most {MAX_BYTES}")
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', raw)):
        depth += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise refused(error, "text", f"nested {deepest} levels deep, at most {MAX_DEPTH}")
    try:
        return json.loads(raw, parse_int=lambda text: _whole(text, error),
                          parse_float=lambda text: _finite(text, error),
                          parse_constant=lambda name: _no_constant(name, error))
    except json.JSONDecodeError as exc:
        raise refused(error, "text",
                      f"not JSON text (line {exc.lineno}, column {exc.colno})") from None


def _whole(text: str, error: type[KahunaError]) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise error(f"a number of {len(text)} digits; at most {MAX_DIGITS}")
    return int(text)


def _finite(text: str, error: type[KahunaError]) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise error(f"the number {text} is too large")
    return value


def _no_constant(name: str, error: type[KahunaError]) -> None:
    raise error(f"{name} is not a number JSON allows")


def parse_seat(value: Any) -> int:
    """BLACK or WHITE from ``'black'``/``'white'`` (any case); PositionError otherwise."""
    seat = _SEATS.get(value.lower()) if isinstance(value, str) else None
    if seat is None:
        raise PositionError(f"a player is 'black' or 'white', not {shown(value)}")
    return seat


def parse_flag(data: dict[str, Any], key: str) -> bool:
    """A yes/no field (default false); ``"false"`` or ``0`` is refused, not read as true."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise PositionError(f"{key!r} is true or false, not {shown(value)}")
    return value


def parse_number(data: dict[str, Any], key: str, default: int = 0) -> int:
    """A whole-number field; ``2.9``, ``"2"`` or ``true`` is refused, not rounded."""
    value = data.get(key, default)
    if type(value) is not int:  # noqa: E721 - bool is an int subclass, and is refused
        raise PositionError(f"{key!r} is a whole number, not {shown(value)}")
    return value


def parse_list(data: dict[str, Any], key: str) -> list[Any]:
    """A list field (default empty)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise PositionError(f"{key!r} is a list, not {shown(value)}")
    return value


def check_keys(data: dict[str, Any], keys: Collection[str], where: str,
               error: type[KahunaError]) -> None:
    """Refuse a key of ``data`` that is none of ``keys``: a misspelled key (``to-move``)
    would otherwise be passed over, its value lost without a word. ``error`` names the
    key, ``where`` it is (``the position``, ``'bridges'``) and the keys it may have."""
    for key in data:
        if key not in keys:
            exc = refused(error, "key", f"{where} has no key {shown(key)}; "
                                        f"its keys are {', '.join(keys)}")
            exc.key = str(key)
            raise exc
