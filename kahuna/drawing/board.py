"""The board as SVG text: a pure function of what one seat sees (an Observation), of the
marks drawn on it (``Marks``: a diagram's notes, lines on offer, a hint, the last action's
effects) and of a translations object for its names (English by default).

No DOM and no I/O: the page inserts the text (web/view/render.py), the command line writes it
to a file (kahuna/drawing/picture.py), tests read it under CPython. Every clickable
element carries ``data-act``; the page turns a click into that act and nothing else.
"""

from __future__ import annotations

import functools
from gettext import NullTranslations
from html import escape

from ..notation.language import ENGLISH
from ..notation.position import seat_name
from ..rules.board import DEGREE, ISLANDS, N_ISLANDS, N_LINES, line_name
from ..rules.observation import Observation
from ..rules.state import BLACK
from .layout import (NAME_BASELINE, NAME_SIZE, TOKEN_RADIUS, centre, island_outline,
                     line_length, radius, token_spot, viewbox)
from .marks import NO_MARKS, LastTurn, Marks
from .notes import arrows_svg, highlights_svg, marks_svg
from .svg import line_path, points
from .words import bridge_title, island_label, line_label, offer_label, token_title

#: No last turn to mark.
_NO_TURN = LastTurn()


def _sea(portrait: bool) -> str:
    # Far larger than the viewBox: when the page's box has another shape than the
    # board, the sea still fills it (preserveAspectRatio "meet" shows the margin).
    x, y, w, h = viewbox(portrait)
    return (f'<rect class="sea" x="{x - 2 * w}" y="{y - 2 * h}" width="{5 * w}" '
            f'height="{5 * h}" fill="url(#sea)"/>'
            '<defs><radialGradient id="sea" cx="50%" cy="45%" r="75%">'
            '<stop offset="0" stop-color="#2b8fb3"/><stop offset="1" stop-color="#12506e"/>'
            '</radialGradient></defs>')


@functools.cache  # the same at every drawing
def _island_shape(island: int, portrait: bool) -> str:
    x, y = centre(island, portrait)
    outline = island_outline(island, portrait)
    inner = [(x + (px - x) * 0.72, y + (py - y) * 0.72) for px, py in outline]
    return (f'<polygon class="shore" points="{points(outline)}"/>'
            f'<polygon class="land" points="{points(inner)}"/>')


def _island(island: int, portrait: bool, label: str, cls: str = "") -> str:
    name = ISLANDS[island]
    # Reached with the arrow keys (web/boot/keys.py); the first island is the board's Tab stop.
    tab = 0 if island == 0 else -1
    return (f'<g class="island{cls}" id="island-{name}" data-island="{name}" role="img" '
            f'tabindex="{tab}" aria-label="{escape(label)}">{_island_shape(island, portrait)}</g>')


def _name(island: int, portrait: bool) -> str:
    """The island's name, in its own layer above the bridges: on the turned board the
    names are wider than the islands, and a bridge's end would cover a letter."""
    x, y = centre(island, portrait)
    return (f'<text class="name" x="{x}" y="{y + NAME_BASELINE}" font-size="{NAME_SIZE[portrait]}">'
            f'{ISLANDS[island]}</text>')


def _degree(island: int, portrait: bool) -> str:
    """The island's line count (R10), in its own layer so bridges never cover it."""
    x, y = centre(island, portrait)
    r = radius(island)
    bx, by = x + r * 0.9, y - r * 0.75  # up and out, clear of the name below
    return (f'<circle class="degree" cx="{bx:g}" cy="{by:g}" r="11"/>'
            f'<text class="degree" x="{bx:g}" y="{by + 4:g}">{DEGREE[island]}</text>')


def _segment(line: int, portrait: bool, cls: str, extra: str = "") -> str:
    return f'<path class="{cls}" d="{line_path(line, portrait)}"{extra}/>'


def _bridge(line: int, portrait: bool, owner: int, tr: NullTranslations, cls: str = "") -> str:
    named = (f' role="img" tabindex="-1" aria-label="{escape(line_label(owner, line, tr))}"'
             if "gone" not in cls else ' aria-hidden="true"')  # fading: gone already
    title = escape(bridge_title(owner, line, tr), False)
    return (f'<g class="bridge {seat_name(owner)}{cls}" data-line="{line_name(line)}"{named}>'
            f'<title>{title}</title>{_segment(line, portrait, "deck-edge")}'
            f'{_segment(line, portrait, "deck")}</g>')


def _token(island: int, portrait: bool, owner: int, tr: NullTranslations, cls: str = "") -> str:
    x, y = token_spot(island, portrait)
    r = TOKEN_RADIUS[portrait]
    k = r / 14  # the mark grows with the token
    # Told apart by shape too, not only by colour: Black's triangle, White's diamond.
    mark = (f'M{x - 6 * k:g},{y + 6 * k:g} L{x:g},{y - 7 * k:g} L{x + 6 * k:g},{y + 6 * k:g} Z'
            if owner == BLACK else
            f'M{x:g},{y - 7 * k:g} L{x + 7 * k:g},{y:g} L{x:g},{y + 7 * k:g} L{x - 7 * k:g},{y:g} Z')
    return (f'<g class="token {seat_name(owner)}{cls}" data-token="{ISLANDS[island]}">'
            f'<title>{escape(token_title(owner, island, tr), False)}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r}"/><path d="{mark}"/></g>')


def _last_turn(last: LastTurn, portrait: bool) -> str:
    """Under the islands: a halo along each line the other side built on in its last
    turn, and a trace where it cleared one (the islands that changed hands are ringed)."""
    if last == _NO_TURN:
        return ""
    return ('<g class="last-turn">'
            + "".join(_segment(line, portrait, "built") for line in sorted(last.placed))
            + "".join(_segment(line, portrait, "cleared") for line in sorted(last.removed))
            + "</g>")


def _reach(offers: dict[int, str], portrait: bool) -> str:
    """Under the lit lines' own hit areas, a wider band for a finger (web/style.css sets
    its width per screen): the same act, for the pointer only. Shorter lines are laid
    over longer ones, so that where bands overlap a short line is not hidden."""
    if not offers:
        return ""
    by_length = sorted(offers, key=lambda line: -line_length(line, portrait))
    return ('<g class="reach" aria-hidden="true">'
            + "".join(_segment(line, portrait, "reach", f' data-act="{escape(offers[line])}"')
                      for line in by_length) + "</g>")


def board_svg(obs: Observation | None, marks: Marks = NO_MARKS, portrait: bool = False,
              tr: NullTranslations = ENGLISH, *, style: str = "") -> str:
    """The whole board as one ``<svg>`` element. ``obs=None`` draws the empty board
    (sea, islands, free lines) that the page shows before Python has started;
    ``portrait`` turns it a quarter turn for tall screens; ``tr`` speaks its names.
    ``style``, a stylesheet, is carried inside with the board's own size, for a picture
    that stands alone (kahuna/drawing/picture.py); the page styles the board itself."""
    p = portrait
    owner = obs.owner if obs is not None else (-1,) * N_LINES
    control = obs.control if obs is not None else (-1,) * N_ISLANDS
    fx = marks.fx
    x, y, w, h = viewbox(p)
    shape = "portrait" if p else "landscape"
    size = f' width="{w}" height="{h}"' if style else ""
    # A group, not an image: it holds the islands, lines and bridges a screen reader and
    # the arrow keys visit, each named with its state (kahuna/drawing/words.py).
    parts = [f'<svg class="board {shape}" viewBox="{x} {y} {w} {h}"{size} role="group" '
             f'aria-label="{escape(tr.gettext("Kahuna board"))}" '
             'xmlns="http://www.w3.org/2000/svg">']
    if style:
        parts.append(f"<style>{style}</style>")
    parts.append(_sea(p))
    parts.append(highlights_svg(marks, p, tr))
    # Lines first, under the islands: free lines dotted, bridges solid (R8).
    parts.append('<g class="lines">')
    for line in range(N_LINES):
        if owner[line] < 0:
            parts.append(_segment(line, p, "free", f' data-line="{line_name(line)}" role="img" '
                                  f'tabindex="-1" aria-label="{escape(line_label(-1, line, tr))}"'))
    parts.append("</g>")
    parts.append(_last_turn(marks.last, p))
    changed = {i: " changed" for i in marks.last.islands}
    parts.append('<g class="islands">' + "".join(_island(i, p, island_label(obs, i, tr),
                                                         changed.get(i, ""))
                                                 for i in range(N_ISLANDS)) + "</g>")
    placed = fx.action.line if fx is not None and fx.action.line >= 0 else -1
    parts.append('<g class="bridges">')
    for line in range(N_LINES):
        if owner[line] >= 0:
            parts.append(_bridge(line, p, owner[line], tr, " fresh" if line == placed else ""))
    if fx is not None:  # removed bridges fade out where they stood (R9, R11)
        for line in fx.removed:
            if owner[line] < 0:
                parts.append(_bridge(line, p, 1 - fx.player, tr, " gone"))
    parts.append("</g>")
    parts.append(arrows_svg(marks, p, tr))
    # The islands' own labels say all this: the drawn words are not read twice.
    parts.append('<g class="names" aria-hidden="true">'
                 + "".join(_name(i, p) for i in range(N_ISLANDS)) + "</g>")
    parts.append('<g class="degrees" aria-hidden="true">'
                 + "".join(_degree(i, p) for i in range(N_ISLANDS)) + "</g>")
    parts.append('<g class="tokens" aria-hidden="true">')
    gained = set(fx.gained) if fx is not None else set()
    for island in range(N_ISLANDS):
        if control[island] >= 0:
            parts.append(_token(island, p, control[island], tr,
                                " fresh" if island in gained else ""))
    if fx is not None:
        for island in fx.lost:
            if control[island] < 0:
                parts.append(_token(island, p, 1 - fx.player, tr, " gone"))
    parts.append("</g>")
    parts.append(marks_svg(marks, p, tr))
    parts.append(_reach(marks.offers, p))
    if marks.offers or marks.hint >= 0:
        parts.append('<g class="offers">')
        for line, act in sorted(marks.offers.items()):
            hint = " hint" if line == marks.hint else ""
            parts.append(_segment(line, p, "glow" + hint))
            parts.append(_segment(line, p, "hit", f' data-act="{escape(act)}" '
                                  f'data-line="{line_name(line)}" role="button" tabindex="0" '
                                  f'aria-label="{escape(offer_label(owner[line], line, tr))}"'))
        if marks.hint >= 0 and marks.hint not in marks.offers:
            parts.append(_segment(marks.hint, p, "glow hint"))
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
