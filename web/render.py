"""The board as SVG text: a pure function of what one seat sees (an Observation) and
of the page's marks (lines on offer, a hint, the last action's effects).

No DOM here: the page inserts the text, tests read it under CPython. Every clickable
element carries ``data-act``; the page turns a click into that act and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from kahuna import (
    BLACK, DEGREE, ISLANDS, N_ISLANDS, N_LINES, Effects, Observation, line_name, seat_name,
)

from .layout import (NAME_BASELINE, NAME_SIZE, TOKEN_RADIUS, centre, island_outline, line_length,
                     line_shape, radius, token_spot, viewbox)
from .board_words import island_label, line_label, offer_label
from .language import _
from .moves import NOTHING, LastTurn


@dataclass(frozen=True)
class Marks:
    """What the page adds to a position: ``offers`` maps a line to the act a click on
    it performs; ``hint`` is a line to point at; ``fx`` the effects to animate; ``last``
    what the other side's last turn changed, marked until the viewer acts."""

    offers: dict[int, str] = field(default_factory=dict)
    hint: int = -1
    fx: Effects | None = None
    last: LastTurn = NOTHING


NO_MARKS = Marks()


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _sea(portrait: bool) -> str:
    # Far larger than the viewBox: when the page's box has another shape than the
    # board, the sea still fills it (preserveAspectRatio "meet" shows the margin).
    x, y, w, h = viewbox(portrait)
    return (f'<rect class="sea" x="{x - 2 * w}" y="{y - 2 * h}" width="{5 * w}" '
            f'height="{5 * h}" fill="url(#sea)"/>'
            '<defs><radialGradient id="sea" cx="50%" cy="45%" r="75%">'
            '<stop offset="0" stop-color="#2b8fb3"/><stop offset="1" stop-color="#12506e"/>'
            '</radialGradient></defs>')


def _island(island: int, portrait: bool, label: str, cls: str = "") -> str:
    x, y = centre(island, portrait)
    name = ISLANDS[island]
    outline = island_outline(island, portrait)
    shore = _points(outline)
    inner = _points([(x + (px - x) * 0.72, y + (py - y) * 0.72) for px, py in outline])
    # Reached with the arrow keys (web/keys.py); the first island is the board's Tab stop.
    tab = 0 if island == 0 else -1
    return (f'<g class="island{cls}" id="island-{name}" data-island="{name}" role="img" '
            f'tabindex="{tab}" aria-label="{escape(label)}">'
            f'<polygon class="shore" points="{shore}"/>'
            f'<polygon class="land" points="{inner}"/></g>')


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
    (x1, y1), bend, (x2, y2) = line_shape(line, portrait)
    via = "L" if bend is None else f"Q{bend[0]:g},{bend[1]:g} "
    return f'<path class="{cls}" d="M{x1:g},{y1:g} {via}{x2:g},{y2:g}"{extra}/>'


def _bridge(line: int, portrait: bool, owner: int, cls: str = "") -> str:
    colour = seat_name(owner)
    label = (_("Black bridge {line}") if owner == BLACK else _("White bridge {line}")).format(
        line=line_name(line))
    named = (f' role="img" tabindex="-1" aria-label="{escape(line_label(owner, line))}"'
             if "gone" not in cls else ' aria-hidden="true"')  # fading: gone already
    return (f'<g class="bridge {colour}{cls}" data-line="{line_name(line)}"{named}>'
            f'<title>{label}</title>{_segment(line, portrait, "deck-edge")}'
            f'{_segment(line, portrait, "deck")}</g>')


def _token(island: int, portrait: bool, owner: int, cls: str = "") -> str:
    x, y = token_spot(island, portrait)
    r = TOKEN_RADIUS[portrait]
    k = r / 14  # the mark grows with the token
    colour = seat_name(owner)
    # Told apart by shape too, not only by colour: Black's triangle, White's diamond.
    mark = (f'M{x - 6 * k:g},{y + 6 * k:g} L{x:g},{y - 7 * k:g} L{x + 6 * k:g},{y + 6 * k:g} Z'
            if owner == BLACK else
            f'M{x:g},{y - 7 * k:g} L{x + 7 * k:g},{y:g} L{x:g},{y + 7 * k:g} L{x - 7 * k:g},{y:g} Z')
    return (f'<g class="token {colour}{cls}" data-token="{ISLANDS[island]}">'
            f'<title>{_control(owner, island)}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r}"/><path d="{mark}"/></g>')


def _control(owner: int, island: int) -> str:
    text = _("Black controls {island}") if owner == BLACK else _("White controls {island}")
    return text.format(island=ISLANDS[island])


def _last_turn(last: LastTurn, portrait: bool) -> str:
    """Under the islands: a halo along each line the other side built on in its last
    turn, and a trace where it cleared one (the islands that changed hands are ringed)."""
    if last == NOTHING:
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


def board_svg(obs: Observation | None, marks: Marks = NO_MARKS, portrait: bool = False) -> str:
    """The whole board as one ``<svg>`` element. ``obs=None`` draws the empty board
    (sea, islands, free lines) that the page shows before Python has started;
    ``portrait`` turns it a quarter turn for tall screens."""
    p = portrait
    owner = obs.owner if obs is not None else (-1,) * N_LINES
    control = obs.control if obs is not None else (-1,) * N_ISLANDS
    fx = marks.fx
    x, y, w, h = viewbox(p)
    shape = "portrait" if p else "landscape"
    # A group, not an image: it holds the islands, lines and bridges a screen reader and
    # the arrow keys visit, each named with its state (web/board_words.py).
    parts = [f'<svg class="board {shape}" viewBox="{x} {y} {w} {h}" role="group" '
             f'aria-label="{escape(_("Kahuna board"))}" xmlns="http://www.w3.org/2000/svg">',
             _sea(p)]
    # Lines first, under the islands: free lines dotted, bridges solid (R8).
    parts.append('<g class="lines">')
    for line in range(N_LINES):
        if owner[line] < 0:
            parts.append(_segment(line, p, "free", f' data-line="{line_name(line)}" role="img" '
                                  f'tabindex="-1" aria-label="{escape(line_label(-1, line))}"'))
    parts.append("</g>")
    parts.append(_last_turn(marks.last, p))
    changed = {i: " changed" for i in marks.last.islands}
    parts.append('<g class="islands">' + "".join(_island(i, p, island_label(obs, i),
                                                         changed.get(i, ""))
                                                 for i in range(N_ISLANDS)) + "</g>")
    placed = fx.action.line if fx is not None and fx.action.line >= 0 else -1
    parts.append('<g class="bridges">')
    for line in range(N_LINES):
        if owner[line] >= 0:
            parts.append(_bridge(line, p, owner[line], " fresh" if line == placed else ""))
    if fx is not None:  # removed bridges fade out where they stood (R9, R11)
        for line in fx.removed:
            if owner[line] < 0:
                parts.append(_bridge(line, p, 1 - fx.player, " gone"))
    parts.append("</g>")
    # The islands' own labels say all this: the drawn words are not read twice.
    parts.append('<g class="names" aria-hidden="true">'
                 + "".join(_name(i, p) for i in range(N_ISLANDS)) + "</g>")
    parts.append('<g class="degrees" aria-hidden="true">'
                 + "".join(_degree(i, p) for i in range(N_ISLANDS)) + "</g>")
    parts.append('<g class="tokens" aria-hidden="true">')
    gained = set(fx.gained) if fx is not None else set()
    for island in range(N_ISLANDS):
        if control[island] >= 0:
            parts.append(_token(island, p, control[island], " fresh" if island in gained else ""))
    if fx is not None:
        for island in fx.lost:
            if control[island] < 0:
                parts.append(_token(island, p, 1 - fx.player, " gone"))
    parts.append("</g>")
    parts.append(_reach(marks.offers, p))
    if marks.offers or marks.hint >= 0:
        parts.append('<g class="offers">')
        for line, act in sorted(marks.offers.items()):
            hint = " hint" if line == marks.hint else ""
            parts.append(_segment(line, p, "glow" + hint))
            parts.append(_segment(line, p, "hit", f' data-act="{escape(act)}" '
                                  f'data-line="{line_name(line)}" role="button" tabindex="0" '
                                  f'aria-label="{escape(offer_label(owner[line], line))}"'))
        if marks.hint >= 0 and marks.hint not in marks.offers:
            parts.append(_segment(marks.hint, p, "glow hint"))
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)

