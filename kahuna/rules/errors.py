"""The engine's exceptions: one class per kind of failure."""

from __future__ import annotations

from typing import Any


class KahunaError(Exception):
    """Base class of every error the engine raises on purpose. ``kind`` names a trouble
    that has no class of its own, for a reader's plain words (the page's notices):
    "size" (too large to read), "text" (not text of the kind expected at all) or "key"
    (an object holds a key its kind has not, often a misspelling: ``key`` names it)."""

    kind = ""
    key = ""


def refused(error: type[KahunaError], kind: str, message: str) -> KahunaError:
    """``error(message)`` marked with ``kind`` (see KahunaError)."""
    exc = error(message)
    exc.kind = kind
    return exc


class NotationError(KahunaError, ValueError):
    """Text that is not valid action or position notation (bad syntax, unknown island)."""


class IllegalAction(KahunaError):
    """A well-formed action that the rules forbid now; ``rule`` names the docs/rules.md id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class PositionError(KahunaError, ValueError):
    """A position that breaks the invariants of R11a or is malformed."""


class RecordError(KahunaError, ValueError):
    """A game record that cannot be read or replayed; says which action and why."""


def shown(value: Any) -> str:
    """``value`` for an error message, cut short: it may be anything from outside."""
    try:
        text = repr(value)
    except ValueError:  # a number of more than 4300 digits, perhaps inside a list
        return f"a {type(value).__name__} holding a huge number"
    return text if len(text) <= 40 else text[:37] + "..."
