"""Board geometry (kahuna/drawing/layout.py): the Kahuna tokens and a diagram's marks keep
clear of every island name, in both orientations. The name boxes are layout's generous
estimate of the drawn text; e2e/test_layout.py measures the real text in Chromium."""

from __future__ import annotations

import math

import pytest

from kahuna.rules.board import ISLANDS, N_ISLANDS
from kahuna.drawing.layout import (TOKEN_RADIUS, centre, mark_box, name_box, radius, token_spot,
                                   viewbox)

RIM = 1.5  # half the token's 3-unit stroke (web/style.css)
OUTLINE = 2.5  # half the names' outline, 5 units at most (web/style.css)


@pytest.mark.parametrize("portrait", [False, True])
def test_no_token_covers_a_name_and_every_token_is_in_view(portrait):
    x, y, w, h = viewbox(portrait)
    reach = TOKEN_RADIUS[portrait] + RIM
    for island in range(N_ISLANDS):
        cx, cy = token_spot(island, portrait)
        assert x < cx - reach and cx + reach < x + w and y < cy - reach and cy + reach < y + h
        for other in range(N_ISLANDS):
            left, top, right, bottom = name_box(other, portrait)
            gap = math.hypot(max(left - cx, 0, cx - right), max(top - cy, 0, cy - bottom))
            assert gap > reach + OUTLINE, (ISLANDS[island], ISLANDS[other])


@pytest.mark.parametrize("portrait", [False, True])
def test_tokens_stay_on_their_island_side(portrait):
    """A token is raised clear of the name, but still touches its own island's box:
    left of the name's centre, no higher than one token above the name."""
    for island in range(N_ISLANDS):
        cx, cy = token_spot(island, portrait)
        left, top, right, _ = name_box(island, portrait)
        assert left - TOKEN_RADIUS[portrait] < cx < (left + right) / 2
        assert top - 3 * TOKEN_RADIUS[portrait] < cy < top


#: How much larger the page draws a mark on a phone (web/style.css).
PHONE_MARK = 1.35


def _gap(a, b):
    """How far apart two boxes (left, top, right, bottom) are; negative when they overlap."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


@pytest.mark.parametrize("portrait", [False, True])
def test_a_mark_covers_no_name_count_or_token_and_stays_in_view(portrait):
    x, y, w, h = viewbox(portrait)
    for island in range(N_ISLANDS):
        box = mark_box(island, "A!b", portrait)  # the widest mark
        assert x < box[0] and box[2] < x + w and y < box[1] and box[3] < y + h
        for other in range(N_ISLANDS):
            tx, ty = token_spot(other, portrait)
            token = TOKEN_RADIUS[portrait] + RIM
            ox, oy = centre(other, portrait)
            # the line count's circle (board.py), r 18 at most (a phone, web/style.css)
            count = (ox + radius(other) * 0.9, oy - radius(other) * 0.75)
            assert _gap(box, name_box(other, portrait)) > OUTLINE, (ISLANDS[island], ISLANDS[other])
            assert _gap(box, (tx - token, ty - token, tx + token, ty + token)) > 0
            assert _gap(box, (count[0] - 19, count[1] - 19, count[0] + 19, count[1] + 19)) > 0


@pytest.mark.parametrize("portrait", [False, True])
def test_a_mark_drawn_larger_on_a_phone_still_covers_no_name(portrait):
    for island in range(N_ISLANDS):
        left, top, right, bottom = mark_box(island, "A!b", portrait)
        cx, cy, grow = (left + right) / 2, (top + bottom) / 2, PHONE_MARK
        box = (cx - (cx - left) * grow, cy - (cy - top) * grow,
               cx + (right - cx) * grow, cy + (bottom - cy) * grow)
        for other in range(N_ISLANDS):
            assert _gap(box, name_box(other, portrait)) > OUTLINE, (ISLANDS[island], ISLANDS[other])
