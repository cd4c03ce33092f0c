"""The board in words, for screen readers: each island's, line's and note's name and state,
in the language of a translations object (``kahuna.notation.language``; English by
default). Pure functions of an Observation.
"""

from __future__ import annotations

from gettext import NullTranslations

from ..notation.language import ENGLISH
from ..notation.narrate import line_words, name_words
from ..rules.board import DEGREE, ISLANDS, LINES, line_name
from ..rules.observation import Observation
from ..rules.state import BLACK, COLOURS


def _colour(seat: int, tr: NullTranslations) -> str:
    return name_words(COLOURS[seat], tr)


def island_label(obs: Observation | None, island: int, tr: NullTranslations = ENGLISH) -> str:
    """'ELAI, 6 lines, White 4 bridges, controlled by White'.

    >>> island_label(None, 0)
    'ALOA, 3 lines'
    """
    lines = DEGREE[island]
    parts = [tr.ngettext("{island}, {count} line", "{island}, {count} lines", lines).format(
        island=ISLANDS[island], count=lines)]
    if obs is not None:
        for seat in (0, 1):
            held = sum(1 for line, ends in enumerate(LINES)
                       if island in ends and obs.owner[line] == seat)
            if held:
                parts.append(tr.ngettext("{player} {count} bridge", "{player} {count} bridges",
                                         held).format(player=_colour(seat, tr), count=held))
        owner = obs.control[island]
        parts.append(tr.gettext("controlled by {player}").format(player=_colour(owner, tr))
                     if owner >= 0 else tr.gettext("not controlled"))
    return ", ".join(parts)


def line_label(owner: int, line: int, tr: NullTranslations = ENGLISH) -> str:
    """'line HUNA–ELAI, Black bridge' (``owner`` -1: free)."""
    if owner < 0:
        text = tr.gettext("line {line}, free")
    elif owner == BLACK:
        text = tr.gettext("line {line}, Black bridge")
    else:
        text = tr.gettext("line {line}, White bridge")
    return text.format(line=line_words(line))


def offer_label(owner: int, line: int, tr: NullTranslations = ENGLISH) -> str:
    """A lit line, by what choosing it does."""
    text = (tr.gettext("Build a bridge on {line}") if owner < 0
            else tr.gettext("Remove the bridge on {line}"))
    return text.format(line=line_words(line))


def bridge_title(owner: int, line: int, tr: NullTranslations = ENGLISH) -> str:
    """A bridge's tooltip: 'Black bridge ALOA-BARI'."""
    text = (tr.gettext("Black bridge {line}") if owner == BLACK
            else tr.gettext("White bridge {line}"))
    return text.format(line=line_name(line))


def token_title(owner: int, island: int, tr: NullTranslations = ENGLISH) -> str:
    """A Kahuna token's tooltip: 'Black controls ALOA'."""
    text = (tr.gettext("Black controls {island}") if owner == BLACK
            else tr.gettext("White controls {island}"))
    return text.format(island=ISLANDS[island])


# ---------------------------------------------------------------- a diagram's notes


def highlight_label(island: int, tr: NullTranslations = ENGLISH) -> str:
    """A highlighted island: 'ELAI, highlighted'."""
    return tr.gettext("{island}, highlighted").format(island=ISLANDS[island])


def band_label(line: int, tr: NullTranslations = ENGLISH) -> str:
    """A highlighted line: 'line ALOA–HUNA, highlighted'."""
    return tr.gettext("line {line}, highlighted").format(line=line_words(line))


def arrow_label(start: int, end: int, tr: NullTranslations = ENGLISH) -> str:
    """'arrow from ALOA to HUNA'."""
    return tr.gettext("arrow from {start} to {end}").format(start=ISLANDS[start],
                                                            end=ISLANDS[end])


def mark_label(island: int, text: str, tr: NullTranslations = ENGLISH) -> str:
    """A short mark on an island: 'ELAI, marked 1'."""
    return tr.gettext("{island}, marked {mark}").format(island=ISLANDS[island], mark=text)
