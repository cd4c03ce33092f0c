"""Plain-words descriptions of what an action caused, for the move log."""

from __future__ import annotations

from .actions import Kind
from .board import ISLANDS, line_name
from .state import COLOURS, Effects


def line_words(line: int) -> str:
    """``'ALOA–BARI'``: the line's name with an en dash, for sentences."""
    return line_name(line).replace("-", "–")


def _islands(islands: list[int]) -> str:
    names = [ISLANDS[i] for i in islands]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(fx: Effects, viewer: int | None = None) -> str:
    """One sentence for ``fx``; the card drawn from the pile is named only to ``viewer``
    when that is the player who drew it.

    >>> from kahuna import Action, Effects
    >>> describe(Effects(1, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0]))
    "White places BARI–DUDA and takes BARI; Black's ALOA–BARI bridge is removed; Black loses ALOA"
    """
    who, them = COLOURS[fx.player], COLOURS[1 - fx.player]
    a = fx.action
    kind = a.kind
    removed = list(fx.removed)
    if kind is Kind.PLACE:
        text = f"{who} places {line_words(a.line)}"
    elif kind in (Kind.FREE, Kind.HANDICAP):
        extra = "a free bridge on" if kind is Kind.FREE else "a handicap bridge on"
        text = f"{who} places {extra} {line_words(a.line)}"
    elif kind is Kind.REMOVE:
        text = (f"{who} plays {ISLANDS[a.cards[0]]} and {ISLANDS[a.cards[1]]} and removes "
                f"{them}'s {line_words(a.line)} bridge")
        removed = removed[1:]
    elif kind is Kind.DISCARD:
        n = len(a.cards)
        cards = _islands(list(a.cards)) if viewer == fx.player else f"{n} card{'s' * (n > 1)}"
        text = f"{who} discards {cards} face down"
    elif kind is Kind.TAKE:
        text = f"{who} takes {ISLANDS[a.cards[0]]} from the display"
    elif kind is Kind.PILE:
        card = f" ({ISLANDS[fx.drawn]})" if viewer == fx.player and fx.drawn >= 0 else ""
        text = f"{who} draws from the pile{card}"
    else:
        text = f"{who} ends the turn without drawing"
    parts = [text + (f" and takes {_islands(fx.gained)}" if fx.gained else "")]
    if removed:
        bridges = ", ".join(line_words(line) for line in removed)
        plural = "bridges are" if len(removed) > 1 else "bridge is"
        parts.append(f"{them}'s {bridges} {plural} removed")
    if fx.lost:
        parts.append(f"{them} loses {_islands(fx.lost)}")
    if fx.round_ended:
        parts.append(f"round {fx.round_ended} ends")
    if fx.scoring is not None:
        b, w = fx.scoring
        parts.append("nobody scores" if b == w == 0 else
                     f"{COLOURS[0 if b else 1]} scores {b or w}")
    if fx.outcome is not None:
        parts.append(str(fx.outcome))
    return "; ".join(parts)
