"""The arrow keys on the board: from an island along one of its lines, from a line on to
the island at its end. Pure geometry on the drawn board (kahuna/drawing/layout.py), so
the arrows follow what the person sees, the turned board included.
"""

from __future__ import annotations

import math

from kahuna import ISLANDS, LINES, island_centre as centre, line_name

#: Arrow key -> direction on the screen (y grows downwards).
ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowUp": (0.0, -1.0),
          "ArrowDown": (0.0, 1.0)}
#: A line is taken when it points within about 70 degrees of the arrow.
_WITHIN = 0.34

_ISLAND = {name: i for i, name in enumerate(ISLANDS)}
_LINE = {line_name(line): line for line in range(len(LINES))}


def _toward(start: tuple[float, float], end: tuple[float, float],
            way: tuple[float, float]) -> float:
    """Cosine between ``way`` and the direction from ``start`` to ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return (dx * way[0] + dy * way[1]) / (math.hypot(dx, dy) or 1.0)


def step(kind: str, name: str, key: str, portrait: bool = False) -> tuple[str, str] | None:
    """Where ``key`` leads from the island or line ``name`` (``kind`` "island" or "line"):
    ("line", "HUNA-ELAI") or ("island", "ELAI"); None when nothing lies that way."""
    way = ARROWS.get(key)
    if way is None:
        return None
    if kind == "island" and name in _ISLAND:
        here = _ISLAND[name]
        best = max(((_toward(centre(here, portrait), centre(b if a == here else a, portrait), way),
                     line) for line, (a, b) in enumerate(LINES) if here in (a, b)),
                   default=(-1.0, -1))
        return ("line", line_name(best[1])) if best[0] >= _WITHIN else None
    if kind == "line" and name in _LINE:
        a, b = LINES[_LINE[name]]
        pa, pb = centre(a, portrait), centre(b, portrait)
        middle = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        to_a, to_b = _toward(middle, pa, way), _toward(middle, pb, way)
        if max(to_a, to_b) < _WITHIN:
            return None
        return ("island", ISLANDS[a] if to_a > to_b else ISLANDS[b])
    return None
