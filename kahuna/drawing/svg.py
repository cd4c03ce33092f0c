"""Small pieces of SVG text that the board and a diagram's notes share."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .layout import Point, line_shape


def points(outline: Sequence[Point]) -> str:
    """A polygon's ``points`` attribute."""
    return " ".join(f"{x:g},{y:g}" for x, y in outline)


@functools.cache  # the page draws every line at every drawing
def line_path(line: int, portrait: bool) -> str:
    """The ``d`` of a path along the visible part of ``line`` (a bent one as a curve)."""
    (x1, y1), bend, (x2, y2) = line_shape(line, portrait)
    via = "L" if bend is None else f"Q{bend[0]:g},{bend[1]:g} "
    return f"M{x1:g},{y1:g} {via}{x2:g},{y2:g}"
