"""A picture of the board that stands alone: a whole ``.svg`` file carrying its own style,
for a rules page that needs no live board (``python -m kahuna svg``, docs/embedding.md).

The page styles its board with web/style.css; a picture has no page around it, so the
rules it needs travel inside it. They are the page's own rules for the board and its
notes, with the page's colours written out: tests/test_drawing_picture.py fails when one
of them differs from web/style.css, in the light theme or the dark.
"""

from __future__ import annotations

from gettext import NullTranslations

from ..notation.language import ENGLISH
from ..rules.observation import Observation
from .board import board_svg
from .marks import NO_MARKS, Marks

#: The board and a diagram's notes in the light theme (web/style.css).
LIGHT = """\
svg.board path { fill: none; }
.island .shore { fill: #ecdcaa; stroke: #c7ad72; stroke-width: 2; }
.island .land { fill: #5f9e45; }
text.name, text.degree { text-anchor: middle; font-family: system-ui, sans-serif; }
text.name { font-weight: 700; fill: #fff; stroke: #264016; stroke-width: 3.5; \
paint-order: stroke; letter-spacing: .04em; }
circle.degree { fill: #12506e; stroke: #fff; stroke-width: 2; }
text.degree { font-size: 12px; font-weight: 700; fill: #fff; }
path.free { stroke: rgba(255, 255, 255, .6); stroke-width: 3.5; stroke-dasharray: 1 9; \
stroke-linecap: round; }
.bridge path { stroke-linecap: round; }
.bridge .deck-edge { stroke-width: 16; }
.bridge .deck { stroke-width: 10; stroke-dasharray: 5 2; }
.bridge.black .deck-edge { stroke: #000; }
.bridge.black .deck { stroke-dasharray: 3 3; stroke: #5c5c5c; }
.bridge.white .deck-edge { stroke: #4d4d4d; }
.bridge.white .deck { stroke: #fbf7ee; stroke-dasharray: none; }
.token circle { stroke-width: 3; }
.token.black circle { fill: #141414; stroke: #ffd54a; }
.token.black path { fill: #ffd54a; }
.token.white circle { fill: #fff; stroke: #a87b00; }
.token.white path { fill: #a87b00; }
.note-line .band { stroke: #ff3d63; stroke-width: 30; stroke-linecap: round; opacity: .8; }
.note-island .ring { fill: rgba(255, 255, 255, .3); stroke: #ff3d63; stroke-width: 6; \
stroke-linejoin: round; }
.note-arrow path { stroke-linecap: round; }
.note-arrow .edge { stroke: #fff; stroke-width: 11; }
.note-arrow .shaft { stroke: #e3173e; stroke-width: 6; }
.note-arrow .head { fill: #e3173e; stroke: #fff; stroke-width: 2.5; stroke-linejoin: round; }
.note-mark rect { fill: #e3173e; stroke: #fff; stroke-width: 2.5; }
.note-mark text { fill: #fff; font: 700 18px system-ui, sans-serif; text-anchor: middle; }
"""

#: What the dark theme changes (web/style.css, ``:root[data-theme="dark"]``).
DARK = """\
#sea stop:first-child { stop-color: #1d6f8e; }
#sea stop:last-child { stop-color: #0a3447; }
.island .shore { fill: #d3c493; stroke: #a8925c; }
.island .land { fill: #4f8a39; }
.bridge.black .deck-edge { stroke: #aab4ba; }
.bridge.black .deck { stroke: #262626; }
"""

#: The themes a picture can have: "auto" follows the viewer's system, as the page does.
THEMES = ("light", "dark", "auto")


def stylesheet(theme: str = "light") -> str:
    """The rules a picture carries for ``theme`` (one of THEMES)."""
    if theme == "light":
        return LIGHT
    if theme == "dark":
        return LIGHT + DARK
    if theme == "auto":
        return f"{LIGHT}@media (prefers-color-scheme: dark) {{\n{DARK}}}\n"
    raise ValueError(f"a theme is one of {', '.join(THEMES)}, not {theme!r}")


def picture_svg(obs: Observation | None, marks: Marks = NO_MARKS, portrait: bool = False,
                tr: NullTranslations = ENGLISH, theme: str = "light") -> str:
    """The whole text of an ``.svg`` file: the board of ``board_svg`` with its style and
    its own size, to open in a browser or show with ``<img src>``."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + board_svg(obs, marks, portrait, tr, style="\n" + stylesheet(theme)) + "\n")
