"""Links to a game: a game record or a position as base64url JSON in the page's
address (``?record=...`` or ``?position=...``, see docs/embedding.md).

``encode``/``decode`` make and read the parameter; ``as_record`` gives the record a
link opens; ``link_url`` checks a record or position and writes the whole address.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from ..rules.errors import RecordError
from .record import FORMAT, VERSION, replay

#: The address parameters that carry a game.
KEYS = ("record", "position")


def encode(data: Any) -> str:
    """JSON as base64url without padding, for ``?record=`` and ``?position=`` links."""
    raw = json.dumps(data, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text: str) -> Any:
    """The JSON a parameter holds (padding optional); ValueError saying what is wrong."""
    padded = text.strip() + "=" * (-len(text.strip()) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
    except (ValueError, UnicodeEncodeError) as exc:  # binascii.Error is a ValueError
        raise ValueError(f"not base64url text ({exc})") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("the decoded bytes are not UTF-8 text") from None
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None


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
    try:
        replay(as_record(key, data))  # RecordError or PositionError: says what is wrong
    except (TypeError, AttributeError) as exc:  # JSON of an unexpected shape
        raise RecordError(f"malformed {key}: {exc}") from exc
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}{key}={encode(data)}" + ("&embed" if embed else "")
