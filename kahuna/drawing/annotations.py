"""A teaching diagram's notes on the board, and the one reader of them that the page's
address and the command line share (``python -m kahuna svg --islands ELAI ...``).

Each kind is written as a comma-separated list, island names in any case:

- ``islands="ELAI,HUNA"``: islands highlighted (a ring round each);
- ``lines="ALOA-HUNA"``: lines highlighted (a bright band along each);
- ``arrows="ALOA>HUNA,BARI>ELAI"``: arrows from one island to another;
- ``labels="ELAI:1,HUNA:?"``: a short mark on an island, 1 to 3 letters, digits, ``?``
  or ``!``.

Anything else raises NotationError naming the kind and the bad item: the text comes from
outside (an address, a command line) and is shown back only through an error message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules.actions import parse_island, parse_line
from ..rules.board import ISLANDS, line_name
from ..rules.errors import NotationError, shown

#: The longest text read for one kind (all 27 lines written out take 269 characters).
MAX_TEXT = 400
#: At most this many arrows: more would hide the board they explain.
MAX_ARROWS = 12
#: A mark on an island has 1 to this many characters.
MAX_MARK = 3


@dataclass(frozen=True, kw_only=True)
class Annotations:
    """What a diagram points out: ``islands`` and ``lines`` highlighted, ``arrows`` as
    (from, to) islands, ``labels`` as (island, mark). Keyword-only, so that ``Marks``,
    which adds the page's own marks, keeps its fields' order for positional use."""

    islands: frozenset[int] = frozenset()
    lines: frozenset[int] = frozenset()
    arrows: tuple[tuple[int, int], ...] = ()
    labels: tuple[tuple[int, str], ...] = ()


def _items(kind: str, text: object) -> list[str]:
    """The comma-separated items of ``text``; none when it is empty."""
    if not isinstance(text, str):
        raise NotationError(f"{kind}: not text but {shown(text)}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"{kind}: {len(text)} characters, at most {MAX_TEXT}")
    if not text.strip():
        return []
    items = [item.strip() for item in text.split(",")]
    if "" in items:
        raise NotationError(f"{kind}: an empty item in {shown(text)}")
    return items


def _read(kind: str, parse: Callable[[str], int], text: str) -> int:
    """An island or a line, by ``parse``; its error names the kind too."""
    try:
        return parse(text)
    except NotationError as exc:
        raise NotationError(f"{kind}: {exc}") from None


def _add(kind: str, found: dict[Any, Any], key: Any, value: Any, name: str) -> None:
    """Keep ``value`` under ``key``, refusing a repeated item: in hand-written notes it is
    a slip worth telling."""
    if key in found:
        raise NotationError(f"{kind}: {name} is named twice")
    found[key] = value


def _mark(item: str, text: str) -> str:
    if not 1 <= len(text) <= MAX_MARK or not all(c.isalnum() or c in "?!" for c in text):
        raise NotationError(f"labels: {shown(item)}: a mark is 1 to {MAX_MARK} letters, "
                            "digits, ? or !")
    return text


def parse_annotations(islands: str = "", lines: str = "", arrows: str = "",
                      labels: str = "") -> Annotations:
    """Read a diagram's notes; NotationError names the kind and the bad item.

    >>> notes = parse_annotations(islands="elai", arrows="ALOA>HUNA", labels="ELAI:1")
    >>> sorted(notes.islands), notes.arrows, notes.labels
    ([4], ((0, 7),), ((4, '1'),))
    >>> parse_annotations(lines="ALOA-ELAI")
    Traceback (most recent call last):
    ...
    kahuna.rules.errors.NotationError: lines: there is no line between ALOA and ELAI
    """
    highlighted: dict[int, None] = {}
    for item in _items("islands", islands):
        island = _read("islands", parse_island, item)
        _add("islands", highlighted, island, None, ISLANDS[island])
    banded: dict[int, None] = {}
    for item in _items("lines", lines):
        line = _read("lines", parse_line, item)
        _add("lines", banded, line, None, line_name(line))
    pointed: dict[tuple[int, int], None] = {}  # a dict keeps the order written
    for item in _items("arrows", arrows):
        ends = item.split(">")
        if len(ends) != 2:
            raise NotationError(f"arrows: an arrow is written FROM>TO, not {shown(item)}")
        start, end = (_read("arrows", parse_island, text) for text in ends)
        if start == end:
            raise NotationError(f"arrows: {shown(item)} points from {ISLANDS[start]} to itself")
        _add("arrows", pointed, (start, end), None, f"{ISLANDS[start]}>{ISLANDS[end]}")
        if len(pointed) > MAX_ARROWS:
            raise NotationError(f"arrows: more than {MAX_ARROWS}")
    marked: dict[int, str] = {}
    for item in _items("labels", labels):
        where, colon, text = item.partition(":")
        if not colon:
            raise NotationError(f"labels: a label is written ISLAND:MARK, not {shown(item)}")
        island = _read("labels", parse_island, where)
        _add("labels", marked, island, _mark(item, text.strip()), ISLANDS[island])
    return Annotations(islands=frozenset(highlighted), lines=frozenset(banded),
                       arrows=tuple(pointed), labels=tuple(marked.items()))
