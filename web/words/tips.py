"""Short help on what the page shows without words: a card's corner number, a dashed
card, the counters, the cards left, the variants. A tap (or a long press on a card)
shows it in a bubble at the foot of the screen, so nothing is told by hovering only;
the next tap anywhere puts it away, and it goes by itself after a few seconds
(web/boot/dom.py); it is no control, and taps pass through it (web/style.css). A tap on the
board where no chosen card lit anything says what to choose first (``spot_key``)."""

from __future__ import annotations

from html import escape

from kahuna import ISLANDS, N_LINES, Observation, line_name

from .language import N_, _

#: key -> (title, text), both marked for the catalogues and translated when shown.
TIPS: dict[str, tuple[str, str]] = {
    "lines": (N_("Corner number"), N_(
        "How many lines the card’s island has (3 to 6). Whoever has bridges on more than "
        "half of them controls the island.")),
    "stats": (N_("Counters"), N_(
        "After each name: the islands controlled (isl.), the bridges still in supply (br.) "
        "and the points so far (pts).")),
    "pile": (N_("Draw pile"), N_(
        "The number of cards in it. When it and the display are empty, the round ends and "
        "is scored.")),
    "discards": (N_("Discard pile"), N_(
        "The cards played and discarded since the last shuffle; after a scoring they are "
        "shuffled into the new draw pile.")),
    "known": (N_("Dashed cards"), N_(
        "Cards whose island you know in the opponent’s hand: taken from the display, where "
        "both players saw them.")),
    "sealed": (N_("A card not opened yet"), N_(
        "In a game by links, a card drawn from the pile or laid on the display opens when "
        "your friend’s next link arrives. Until then it is counted, face down.")),
    "left": (N_("Cards left"), N_(
        "The cards still to draw in this round, from the pile and the display. When the "
        "last one is drawn, the round ends and is scored.")),
    "v1": (N_("Fewer surprises (V1)"), N_(
        "No building next to the opponent’s islands; after removing a bridge you may build "
        "on that line for free.")),
    "v2": (N_("Open draws (V2)"), N_(
        "Cards taken from the display stay face up in the hand until played. Without V2 they "
        "show dashed too, as remembered, but only until a face-down discard may have hidden "
        "them.")),
    "handicap": (N_("Handicap bridges"), N_(
        "Bridges the named player placed before the first turn, to even out a difference "
        "in strength.")),
}


def spot_key(obs: Observation, place: str) -> str:
    """The help for a click on ``place`` (an island's or a line's name) that no chosen card
    lit: "spot:build:ALOA-HUNA" (a free line), "spot:remove:ALOA-HUNA" (the opponent's
    bridge), "spot:island:ALOA"; "" for the person's own bridge or no such place."""
    if place in ISLANDS:
        return f"spot:island:{place}"
    line = next((i for i in range(N_LINES) if line_name(i) == place), -1)
    if line < 0 or obs.owner[line] == obs.seat:
        return ""
    return f"spot:{'build' if obs.owner[line] < 0 else 'remove'}:{place}"


def _spot(kind: str, place: str) -> tuple[str, str]:
    """The title and words of a ``spot_key``: what to choose first to act there."""
    a, _dash, b = place.partition("-")
    if kind == "island":
        return place, _("To build next to {island}, choose a card of {island} first: its "
                        "free lines light up.").format(island=place)
    if kind == "remove":
        return f"{a}–{b}", _("To remove this bridge, choose two cards first, each of {a} or "
                             "{b}.").format(a=a, b=b)
    return f"{a}–{b}", _("To build here, choose a card of {a} or {b} first, then this "
                         "line.").format(a=a, b=b)


def tip_html(key: str) -> str:
    """The bubble's HTML for ``key``; "" (no bubble) for none or an unknown key."""
    head, _colon, rest = key.partition(":")
    if head == "spot":
        title, text = _spot(*rest.split(":"))
    elif key in TIPS:
        title, text = _(TIPS[key][0]), _(TIPS[key][1])
    else:
        return ""
    return f'<span class="tip-box"><b>{escape(title)}</b> {escape(text)}</span>'
