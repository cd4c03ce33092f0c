"""Plain-words descriptions of what an action caused, for the move log."""

from __future__ import annotations

from ..rules.actions import Kind
from ..rules.board import ISLANDS, line_name
from ..rules.state import COLOURS, Effects, Outcome, Termination

#: The name spoken to in the second person: "You place", "your bridge", "you win".
YOU = "You"


def line_words(line: int) -> str:
    """``'ALOA–BARI'``: the line's name with an en dash, for sentences."""
    return line_name(line).replace("-", "–")


def _islands(islands: list[int]) -> str:
    names = [ISLANDS[i] for i in islands]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verb(name: str, plain: str) -> str:
    """``plain`` (e.g. "place", "have") agreeing with ``name``: 'places', but after
    'You' 'place'."""
    if name == YOU:
        return plain
    return "has" if plain == "have" else plain + "s"


def says(name: str, plain: str, start: bool = True) -> str:
    """``name`` doing ``plain``: 'White wins', 'You win'; 'you win' when not at the
    ``start`` of a sentence (other names keep their capital)."""
    subject = "you" if name == YOU and not start else name
    return f"{subject} {verb(name, plain)}"


def possessive(name: str, start: bool = True) -> str:
    """'White's', but 'Your' ('your' when not at the ``start`` of a sentence)."""
    if name == YOU:
        return "Your" if start else "your"
    return f"{name}'s"


def reason_words(outcome: Outcome, names: tuple[str, str] = COLOURS) -> str:
    """Why the game ended, naming the players as ``names`` does (lower case first)."""
    if outcome.termination is Termination.EARLY and outcome.winner is not None:  # R23
        return f"{says(names[1 - outcome.winner], 'have', start=False)} no bridge left"
    return outcome.reason  # the tie-breaks of R22 name no player


def result_words(outcome: Outcome, names: tuple[str, str] = COLOURS, start: bool = True) -> str:
    """'Black wins (more points)', 'you win (...)', 'Draw (...)': the result and why."""
    who = "Draw" if outcome.winner is None else says(names[outcome.winner], "win", start)
    return f"{who} ({reason_words(outcome, names)})"


def describe(fx: Effects, viewer: int | None = None,
             names: tuple[str, str] = COLOURS) -> str:
    """One sentence for ``fx``; the card drawn from the pile is named only to ``viewer``
    when that is the player who drew it. ``names`` calls the players (Black, White by
    default); the name ``YOU`` takes the second person ("You place ...").

    >>> from kahuna import Action, Effects
    >>> describe(Effects(1, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0]))
    "White places BARI–DUDA and takes BARI; Black's ALOA–BARI bridge is removed; Black loses ALOA"
    >>> describe(Effects(1, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0]),
    ...          names=("You", "Computer"))
    'Computer places BARI–DUDA and takes BARI; your ALOA–BARI bridge is removed; you lose ALOA'
    """
    who, them = names[fx.player], names[1 - fx.player]
    a = fx.action
    kind = a.kind
    removed = list(fx.removed)
    if kind is Kind.PLACE:
        text = f"{says(who, 'place')} {line_words(a.line)}"
    elif kind in (Kind.FREE, Kind.HANDICAP):
        extra = "a free bridge on" if kind is Kind.FREE else "a handicap bridge on"
        text = f"{says(who, 'place')} {extra} {line_words(a.line)}"
    elif kind is Kind.REMOVE:
        text = (f"{says(who, 'play')} {ISLANDS[a.cards[0]]} and {ISLANDS[a.cards[1]]} and "
                f"{verb(who, 'remove')} {possessive(them, start=False)} {line_words(a.line)} bridge")
        removed = removed[1:]
    elif kind is Kind.DISCARD:
        n = len(a.cards)
        cards = _islands(list(a.cards)) if viewer == fx.player else f"{n} card{'s' * (n > 1)}"
        text = f"{says(who, 'discard')} {cards} face down"
    elif kind is Kind.TAKE:
        text = f"{says(who, 'take')} {ISLANDS[a.cards[0]]} from the display"
    elif kind is Kind.PILE:
        card = f" ({ISLANDS[fx.drawn]})" if viewer == fx.player and fx.drawn >= 0 else ""
        text = f"{says(who, 'draw')} from the pile{card}"
    else:
        text = f"{says(who, 'end')} the turn without drawing"
    gained = f" and {verb(who, 'take')} {_islands(fx.gained)}" if fx.gained else ""
    parts = [text + gained]
    if removed:
        bridges = ", ".join(line_words(line) for line in removed)
        plural = "bridges are" if len(removed) > 1 else "bridge is"
        parts.append(f"{possessive(them, start=False)} {bridges} {plural} removed")
    if fx.lost:
        parts.append(f"{says(them, 'lose', start=False)} {_islands(fx.lost)}")
    if fx.round_ended:
        parts.append(f"round {fx.round_ended} ends")
    if fx.scoring is not None:
        b, w = fx.scoring
        parts.append("nobody scores" if b == w == 0 else
                     f"{says(names[0 if b else 1], 'score', start=False)} {b or w}")
    if fx.outcome is not None:
        parts.append(result_words(fx.outcome, names, start=False))
    return "; ".join(parts)
