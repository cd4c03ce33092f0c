"""The board as SVG text in the page's language: ``kahuna.board_svg`` (kahuna/drawing/)
with the names spoken by web/words/language.py. A pure function of what one seat sees and of
the marks drawn on it (``Marks``: lines on offer, a hint, the last action's effects, a
diagram's notes); the page inserts the text.
"""

from __future__ import annotations

import re

from kahuna import Marks, Observation, board_svg as svg_text

from ..words.language import tr

NO_MARKS = Marks()


def board_svg(obs: Observation | None, marks: Marks = NO_MARKS, portrait: bool = False) -> str:
    """The whole board as one ``<svg>`` element (``obs=None``: the empty board the page
    shows before Python has started; ``portrait``: turned a quarter for tall screens)."""
    return svg_text(obs, marks, portrait, tr())


_IDS = re.compile(r'(\bid="|url\(#)')


def own_ids(svg: str, prefix: str) -> str:
    """``svg`` with its ids, and its references to them, prefixed: a second drawing in the
    same document (the embed builder's board over the game's) keeps ids unique there."""
    return _IDS.sub(lambda m: m[1] + prefix, svg)


#: A start, end or empty tag (greedy to its ">": ten times faster than matching the "/"
#: of an empty tag apart, where the page reads every drawing).
_TAG = re.compile(r"<(/?)[a-zA-Z][^>]*>")


def layers(svg: str) -> tuple[str, tuple[str, ...]]:
    """``svg`` (one element, as ``board_svg`` writes it: no text or comment between its
    children) as its start tag and its top-level children, each whole: the page writes only
    the layers that changed (a card chosen lights lines; the islands stay as they were)."""
    head = _TAG.match(svg)
    if head is None or head[0].endswith("/>") or not svg.endswith(">"):
        raise ValueError("not one element with children")
    children, depth, start = [], 0, head.end()
    for tag in _TAG.finditer(svg, head.end()):
        if tag[1]:
            depth -= 1
        elif not tag[0].endswith("/>"):
            depth += 1
        if depth == 0:
            children.append(svg[start:tag.end()])
            start = tag.end()
        elif depth < 0:  # the outer element's end tag
            if tag.end() != len(svg) or start != tag.start():
                raise ValueError("not one element with children")
            return head[0], tuple(children)
    raise ValueError("an element is never closed")


def start_tag(element: str) -> str:
    """The start tag of one element's text (a child that ``layers`` gave), by which two
    drawings' children are matched."""
    tag = _TAG.match(element)
    return tag[0] if tag else element
