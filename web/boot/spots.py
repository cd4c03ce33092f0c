"""A click on the board that hit no control: the line drawn nearest to it, if near enough.
A free line is a thin dotted path, so a finger or a pointer meaning it mostly lands on the
sea beside it (web/boot/dom.py then asks what to do there: web/state/acts.py ``_spot``). Pure: board
units, as kahuna.line_shape draws the lines."""

from __future__ import annotations

import math

from kahuna import N_LINES, line_name, line_shape

#: How far from a line's middle a click still means that line (board units; a lit line's
#: hit area is 36 wide).
REACH = 18.0
#: Points along a bent line, to measure against.
_SAMPLES = 12


def _points(line: int, portrait: bool) -> list[tuple[float, float]]:
    start, bend, end = line_shape(line, portrait)
    if bend is None:
        return [start, end]
    return [((1 - t) ** 2 * start[0] + 2 * (1 - t) * t * bend[0] + t * t * end[0],
             (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * bend[1] + t * t * end[1])
            for t in (i / _SAMPLES for i in range(_SAMPLES + 1))]


def _distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def line_near(x: float, y: float, portrait: bool = False) -> str:
    """The name of the line whose drawn path passes nearest to (``x``, ``y``), within
    REACH ("ALOA-HUNA"); "" if none does (the open sea)."""
    best, nearest = REACH, None
    for line in range(N_LINES):
        points = _points(line, portrait)
        gap = min(_distance((x, y), a, b) for a, b in zip(points, points[1:]))
        if gap <= best:
            best, nearest = gap, line
    return "" if nearest is None else line_name(nearest)
