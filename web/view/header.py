"""The header's words about the game at a glance: the round (or the game's end), how
many cards are left to draw before the round's scoring, and the variants in play.
Pure functions of an Observation and the deal's handicap."""

from __future__ import annotations

from html import escape

from kahuna import COLOURS, Observation, Phase, name_words, parse_seat

from ..words.language import _, ngettext, tr
from .panels import round_text


def cards_left(obs: Observation, sealed: int = 0) -> int:
    """The cards still to be drawn in this round: the pile and the display, ``sealed`` of
    them face down there (``Match.sealed``); the round ends, and is scored, when the last
    of them is drawn (R16)."""
    return obs.pile_size + sum(1 for card in obs.display if card >= 0) + sealed


def _part(cls: str, text: str, title: str = "", tip: str = "") -> str:
    # The title is a pointer's extra; a tap shows the help ``tip`` (web/words/tips.py).
    more = f' title="{escape(title)}"' if title else ""
    more += f' data-act="tip:{tip}"' if tip else ""
    return f'<span class="{cls}"{more}>{escape(text)}</span>'


def round_html(obs: Observation, handicap: tuple[int, str] = (0, ""), sealed: int = 0) -> str:
    """'Round 1 of 3 · 18 cards left · V1 · Handicap 2 (White)', as the header's HTML;
    ``sealed``: the display's cards face down (``cards_left``)."""
    parts = [_part("when", round_text(obs))]
    if obs.phase is Phase.PLAY:
        n = cards_left(obs, sealed)
        parts.append(_part("left", ngettext("{count} card left", "{count} cards left", n)
                           .format(count=n), _("Cards to draw before the round’s scoring"),
                           "left"))
    if obs.fewer_surprises:
        parts.append(_part("variant", _("V1"), _("Fewer surprises (V1)"), "v1"))
    if obs.open_draws:
        parts.append(_part("variant", _("V2"), _("Open draws (V2)"), "v2"))
    count, player = handicap
    if count:
        who = name_words(COLOURS[parse_seat(player)], tr())
        parts.append(_part("variant", _("Handicap {count} ({player})").format(
            count=count, player=who), tip="handicap"))
    return "".join(parts)
