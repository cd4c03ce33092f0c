"""What is drawn on a position besides the position itself: a diagram's notes, the lines
on offer and a hint, the last action's effects, the other side's last turn."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from ..rules.state import Effects
from .annotations import Annotations


@dataclass(frozen=True)
class LastTurn:
    """What a side's last turn changed on the board: the lines it built on, the lines it
    cleared, the islands that changed hands. Only board facts: never a card (one drawn
    from the pile stays secret, R24)."""

    placed: frozenset[int] = frozenset()
    removed: frozenset[int] = frozenset()
    islands: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Marks(Annotations):
    """A diagram's notes (``Annotations``, keyword-only) and the page's own marks:
    ``offers`` maps a line to the act a click on it performs; ``hint`` is a line to point
    at; ``fx`` the effects to animate; ``last`` what the other side's last turn changed,
    marked until the viewer acts."""

    offers: dict[int, str] = field(default_factory=dict)
    hint: int = -1
    fx: Effects | None = None
    last: LastTurn = LastTurn()


NO_MARKS = Marks()


def annotated(notes: Annotations, marks: Marks = NO_MARKS) -> Marks:
    """``marks`` with the diagram's ``notes`` in place of its own.

    >>> from kahuna.drawing.annotations import parse_annotations
    >>> annotated(parse_annotations(islands="ELAI")).islands
    frozenset({4})
    """
    return replace(marks, **{f.name: getattr(notes, f.name) for f in fields(Annotations)})
