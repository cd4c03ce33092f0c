"""Board geometry for the SVG drawing: where islands, lines, bridges and notes go.

Pure numbers derived from ``kahuna.rules.board`` (the printed arrangement, docs/rules.md R1);
no drawing here; the page's arrow keys walk the same geometry (web/boot/keys.py). ``portrait``
turns the whole board a quarter turn clockwise, so that on a tall phone screen it is drawn
about 40% larger.
"""

from __future__ import annotations

import functools
import math

from ..rules.board import DEGREE, ISLANDS, LINES, POSITIONS

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


@functools.cache  # fixed for ever: computed once, not at every drawing
def island_outline(island: int, portrait: bool = False,
                   points: int = 18) -> tuple[tuple[float, float], ...]:
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
    return tuple(outline)


Point = tuple[float, float]

#: How far a line keeps from an island it passes by (board units, beyond its radius).
_CLEARANCE = 20


@functools.cache  # fixed for ever: computed once, not at every drawing
def line_shape(line: int, portrait: bool = False) -> tuple[Point, Point | None, Point]:
    """The visible part of ``line``, from one island's shore to the other's: start,
    the control point of a gentle bend (or None for a straight line), end.

    A straight line that would cross a third island (COCO-KAHU passes GOLA) bends
    around it, so no bridge seems to touch an island it does not reach."""
    a, b = LINES[line]
    (x1, y1), (x2, y2) = centre(a, portrait), centre(b, portrait)
    bend = None
    for other in range(len(POSITIONS)):
        if other in (a, b):
            continue
        px, py = centre(other, portrait)
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        fx, fy = x1 + t * dx, y1 + t * dy
        gap = math.hypot(fx - px, fy - py)
        need = radius(other) + _CLEARANCE
        if gap < need:  # the curve's middle moves by half its control point's shift
            nx, ny = (fx - px) / gap, (fy - py) / gap
            bend = ((x1 + x2) / 2 + 2 * (need - gap) * nx, (y1 + y2) / 2 + 2 * (need - gap) * ny)
    toward_a = bend or (x2, y2)
    toward_b = bend or (x1, y1)
    start = _shore((x1, y1), toward_a, radius(a))
    end = _shore((x2, y2), toward_b, radius(b))
    return start, (None if bend is None else (round(bend[0], 1), round(bend[1], 1))), end


@functools.cache
def line_length(line: int, portrait: bool = False) -> float:
    """How long the visible part of ``line`` is (a bent line: the two legs via its
    control point, a little longer than the curve)."""
    start, bend, end = line_shape(line, portrait)
    via = [start, end] if bend is None else [start, bend, end]
    return sum(math.dist(a, b) for a, b in zip(via, via[1:]))


def _shore(centre_: Point, toward: Point, r: float) -> Point:
    """The point at 95% of ``r`` from ``centre_`` in the direction of ``toward``."""
    (x, y), (tx, ty) = centre_, toward
    length = math.hypot(tx - x, ty - y)
    return (round(x + (tx - x) / length * r * 0.95, 1), round(y + (ty - y) / length * r * 0.95, 1))


#: Island names' font size: at least 12 px on a phone held either way (844x390 and 390x844
#: draw about 0.55 px per unit); the turned board is drawn smaller still, so larger type.
NAME_SIZE = {False: 22, True: 25}
#: How far below the island's centre the name's baseline sits.
NAME_BASELINE = 9
#: Kahuna token radius, larger on the turned board for the same reason.
TOKEN_RADIUS = {False: 14, True: 18}
#: Room kept between a token's circle and a name's box: the token's rim (half its
#: 3-unit stroke), the name's outline (half of at most 5) and a little air.
_TOKEN_AIR = 6


def name_box(island: int, portrait: bool = False) -> tuple[float, float, float, float]:
    """A generous box (left, top, right, bottom) around the island's name as drawn:
    bold capitals about 0.8 em apart, the font's ascent above the baseline (0.95 em)
    and its descent below (0.25 em)."""
    x, y = centre(island, portrait)
    size = NAME_SIZE[portrait]
    half = 0.4 * size * len(ISLANDS[island])
    baseline = y + NAME_BASELINE
    return (x - half, baseline - 0.95 * size, x + half, baseline + 0.25 * size)


def token_spot(island: int, portrait: bool = False) -> tuple[float, float]:
    """Where the Kahuna token sits: on the island's upper left (the line count takes
    the upper right), raised as far as needed to keep clear of the name."""
    x, y = centre(island, portrait)
    r = radius(island)
    top = name_box(island, portrait)[1]
    return (round(x - r * 0.6, 1), round(min(y - r * 0.72, top - TOKEN_RADIUS[portrait] - _TOKEN_AIR), 1))


#: A diagram's mark hangs below its island, clear of every name, count and token
#: (tests/test_drawing_layout.py): its centre this many radii below the island's.
_MARK_BELOW = 1.05
#: A mark's badge: its height, and its width for one character and for each more.
MARK_HEIGHT, MARK_WIDTH, MARK_WIDER = 26, 26, 11


def mark_box(island: int, text: str, portrait: bool = False) -> tuple[float, float, float, float]:
    """The badge (left, top, right, bottom) of a diagram's mark ``text`` on ``island``."""
    x, y = centre(island, portrait)
    cy = y + _MARK_BELOW * radius(island)
    half = (MARK_WIDTH + MARK_WIDER * (len(text) - 1)) / 2
    return (x - half, cy - MARK_HEIGHT / 2, x + half, cy + MARK_HEIGHT / 2)


#: How far an arrow bows out of the straight way, as a share of its length: two arrows
#: between the same islands, one each way, pass side by side, and a bridge on the line
#: between them stays in view.
_BOW = 0.15
#: An arrowhead's length and half its width.
ARROW_HEAD = (22.0, 11.0)


def arrow_shape(start: int, end: int, portrait: bool = False) -> tuple[Point, Point, Point]:
    """An arrow from island ``start`` to ``end``: where it leaves ``start``'s shore, the
    control point of its bow (to the left of the way it goes), and its tip, at ``end``'s
    shore."""
    (x1, y1), (x2, y2) = centre(start, portrait), centre(end, portrait)
    bow = ((x1 + x2) / 2 + _BOW * (y2 - y1), (y1 + y2) / 2 - _BOW * (x2 - x1))
    tail = _shore((x1, y1), bow, radius(start) * 1.25)
    tip = _shore((x2, y2), bow, radius(end) * 1.15)
    return tail, (round(bow[0], 1), round(bow[1], 1)), tip


def arrow_head(start: int, end: int, portrait: bool = False) -> tuple[Point, Point, Point]:
    """The arrowhead's tip and its two back corners, pointing the way the bow ends."""
    _, (bx, by), (tx, ty) = arrow_shape(start, end, portrait)
    length = math.hypot(tx - bx, ty - by)
    ux, uy = (tx - bx) / length, (ty - by) / length
    long, half = ARROW_HEAD
    base = (tx - ux * long, ty - uy * long)
    return ((tx, ty), (round(base[0] - uy * half, 1), round(base[1] + ux * half, 1)),
            (round(base[0] + uy * half, 1), round(base[1] - ux * half, 1)))
