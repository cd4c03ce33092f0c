"""A teaching diagram's notes drawn on the board (``Annotations``): highlighted islands and
lines under the islands and bridges, arrows over the bridges but under the islands' names,
marks over everything.

Each note is its own named image for a screen reader; none takes a click. The colours
are the stylesheet's (web/style.css, and kahuna/drawing/picture.py for a picture that
stands alone): here only classes.
"""

from __future__ import annotations

from gettext import NullTranslations
from html import escape

from .annotations import Annotations
from .layout import MARK_HEIGHT, arrow_head, arrow_shape, centre, island_outline, mark_box
from .svg import line_path, points
from .words import arrow_label, band_label, highlight_label, mark_label

#: A highlighted island's ring: its shore, this much larger.
_RING = 1.3


def _named(cls: str, label: str, inner: str) -> str:
    return f'<g class="{cls}" role="img" aria-label="{escape(label)}">{inner}</g>'


def _band(line: int, portrait: bool, tr: NullTranslations) -> str:
    return _named("note-line", band_label(line, tr),
                  f'<path class="band" d="{line_path(line, portrait)}"/>')


def _ring(island: int, portrait: bool, tr: NullTranslations) -> str:
    x, y = centre(island, portrait)
    ring = [(round(x + (px - x) * _RING, 1), round(y + (py - y) * _RING, 1))
            for px, py in island_outline(island, portrait)]
    return _named("note-island", highlight_label(island, tr),
                  f'<polygon class="ring" points="{points(ring)}"/>')


def highlights_svg(notes: Annotations, portrait: bool, tr: NullTranslations) -> str:
    """Under the islands: a band along each highlighted line, a ring round each
    highlighted island (bridges and tokens stay on top, in view)."""
    if not (notes.lines or notes.islands):
        return ""
    return ('<g class="highlights">'
            + "".join(_band(line, portrait, tr) for line in sorted(notes.lines))
            + "".join(_ring(island, portrait, tr) for island in sorted(notes.islands))
            + "</g>")


def _arrow(start: int, end: int, portrait: bool, tr: NullTranslations) -> str:
    (x1, y1), (bx, by), _ = arrow_shape(start, end, portrait)
    tip, left, right = arrow_head(start, end, portrait)
    # The shaft stops at the head's base, so its round end never shows past the tip.
    x2, y2 = (left[0] + right[0]) / 2, (left[1] + right[1]) / 2
    shaft = f"M{x1:g},{y1:g} Q{bx:g},{by:g} {x2:g},{y2:g}"
    return _named("note-arrow", arrow_label(start, end, tr),
                  f'<path class="edge" d="{shaft}"/><path class="shaft" d="{shaft}"/>'
                  f'<polygon class="head" points="{points([tip, left, right])}"/>')


def _mark(island: int, text: str, portrait: bool, tr: NullTranslations) -> str:
    left, top, right, bottom = mark_box(island, text, portrait)
    return _named("note-mark", mark_label(island, text, tr),
                  f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" '
                  f'height="{MARK_HEIGHT}" rx="{MARK_HEIGHT / 2:g}"/>'
                  f'<text x="{(left + right) / 2:g}" y="{bottom - 7:g}">{escape(text)}</text>')


def arrows_svg(notes: Annotations, portrait: bool, tr: NullTranslations) -> str:
    """Over the bridges, under the names, line counts and tokens: the arrows."""
    if not notes.arrows:
        return ""
    return ('<g class="notes arrows">'
            + "".join(_arrow(start, end, portrait, tr) for start, end in notes.arrows) + "</g>")


def marks_svg(notes: Annotations, portrait: bool, tr: NullTranslations) -> str:
    """Over everything: the marks."""
    if not notes.labels:
        return ""
    return ('<g class="notes marks">'
            + "".join(_mark(island, text, portrait, tr) for island, text in notes.labels)
            + "</g>")
