"""Board geometry for the SVG drawing: where islands, lines and bridges go.

Pure numbers derived from ``kahuna.board`` (the printed arrangement, RULES.md R1);
no drawing and no browser here. ``portrait`` turns the whole board a quarter turn
clockwise, so that on a tall phone screen it is drawn about 40% larger.
"""

from __future__ import annotations

import math

from kahuna.board import DEGREE, LINES, POSITIONS

#: The printed frame cropped to the islands: (x, y, width, height).
_CROP = (150, 235, 960, 680)

#: Island radius by number of lines (R1: 3 to 6), so busy islands look bigger.
_RADIUS = {3: 34, 4: 37, 5: 40, 6: 44}


def viewbox(portrait: bool = False) -> tuple[int, int, int, int]:
    """The SVG viewBox (x, y, width, height) for the chosen orientation."""
    x, y, w, h = _CROP
    return (y, x, h, w) if portrait else _CROP


def centre(island: int, portrait: bool = False) -> tuple[float, float]:
    """The island's centre; turned a quarter clockwise in portrait."""
    x, y = POSITIONS[island]
    if not portrait:
        return (x, y)
    _, top, _, height = _CROP
    return (2 * top + height - y, x)


def radius(island: int) -> int:
    """The island's nominal radius in board units."""
    return _RADIUS[DEGREE[island]]


def island_outline(island: int, portrait: bool = False,
                   points: int = 18) -> list[tuple[float, float]]:
    """A closed, irregular but fixed outline around the island's centre.

    The wobble is a sum of sines seeded by the island number, so each island keeps
    its own shape from one drawing to the next without any random generator."""
    cx, cy = centre(island, portrait)
    r = radius(island)
    outline = []
    for k in range(points):
        t = 2 * math.pi * k / points
        wobble = 0.08 * math.sin(3 * t + island) + 0.05 * math.sin(5 * t + 2.3 * island)
        outline.append((round(cx + r * (1 + wobble) * math.cos(t), 1),
                        round(cy + r * (1 + wobble) * 0.86 * math.sin(t), 1)))
    return outline


def line_ends(line: int, portrait: bool = False
              ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The visible part of ``line``: from one island's shore to the other's."""
    a, b = LINES[line]
    (x1, y1), (x2, y2) = centre(a, portrait), centre(b, portrait)
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    ra, rb = radius(a) * 0.95, radius(b) * 0.95
    return ((round(x1 + ux * ra, 1), round(y1 + uy * ra, 1)),
            (round(x2 - ux * rb, 1), round(y2 - uy * rb, 1)))


def token_spot(island: int, portrait: bool = False) -> tuple[float, float]:
    """Where the Kahuna token sits: on the island's upper left, clear of the name
    (the line count takes the upper right)."""
    x, y = centre(island, portrait)
    r = radius(island)
    return (round(x - r * 0.6, 1), round(y - r * 0.72, 1))
