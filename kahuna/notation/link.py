"""Links to a game: a game record or a position as base64url JSON in the page's
address (``?record=...`` or ``?position=...``, see docs/embedding.md).

``encode``/``decode`` make and read the parameter; ``as_record`` gives the record a
link opens; ``link_url`` checks a record or position and writes the whole address.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from ..rules.errors import RecordError, refused
from .position import position_from_json
from .reading import MAX_BYTES, load_json
from .record import FORMAT, VERSION, replay

#: The address parameters that carry a game.
KEYS = ("record", "position")


def encode(data: Any) -> str:
    """JSON as base64url without padding, for ``?record=`` and ``?position=`` links."""
    raw = json.dumps(data, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text: str) -> Any:
    """The JSON a parameter holds (padding optional); RecordError saying what is wrong."""
    text = text.strip()
    if len(text) > MAX_BYTES * 4 // 3 + 4:
        raise refused(RecordError, "size", f"too long: {len(text)} characters")
    try:
        raw = base64.urlsafe_b64decode((text + "=" * (-len(text) % 4)).encode("ascii"))
    except (ValueError, UnicodeEncodeError):  # binascii.Error is a ValueError
        raise refused(RecordError, "text", "not base64url text") from None
    return load_json(raw, RecordError)


def as_record(key: str, data: Any) -> Any:
    """The game record a ``key`` ("record" or "position") link opens: a position starts
    a record with no actions; a record is itself (not checked here)."""
    if key == "position":
        return {"format": FORMAT, "version": VERSION, "position": data, "actions": []}
    return data


def kind_of(data: Any) -> str:
    """"record" for a game record (its "format" says so), else "position"."""
    return "record" if isinstance(data, dict) and data.get("format") == FORMAT else "position"


def link_url(data: Any, base: str = "./", embed: bool = False) -> str:
    """The address opening ``data`` (a record or a position, checked first) on the page
    at ``base``; ``embed`` adds the parameter for an ``<iframe>``."""
    key = kind_of(data)
    if key == "position":
        position_from_json(data)  # PositionError says what is wrong
    else:
        replay(data)  # RecordError likewise
    try:
        text = encode(data)
    except ValueError:  # json.dumps refuses a number of thousands of digits
        raise RecordError(f"the {key} holds a number too large to write") from None
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}{key}={text}" + ("&embed" if embed else "")
