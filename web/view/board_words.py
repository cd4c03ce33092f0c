"""The board in words, for screen readers: the whole position as a list per island, each
island and line named with its state as the board names them (kahuna/drawing/words.py),
in the page's language. Pure functions of an Observation.
"""

from __future__ import annotations

from html import escape

from kahuna import (
    LINES_OF, N_ISLANDS, Observation, island_label as board_island_label,
    line_label as board_line_label,
)

from ..words.language import tr


def island_label(obs: Observation | None, island: int) -> str:
    """'ELAI, 6 lines, White 4 bridges, controlled by White', in the page's language."""
    return board_island_label(obs, island, tr())


def line_label(owner: int, line: int) -> str:
    """'line HUNA–ELAI, Black bridge' (``owner`` -1: free), in the page's language."""
    return board_line_label(owner, line, tr())


def position_html(obs: Observation | None) -> str:
    """The whole position as text: a list item per island, its lines under it."""
    if obs is None:
        return ""
    return "".join(_island_item(obs, island) for island in range(N_ISLANDS))


#: Each island's item by what it says: the page draws these words at every tap, and a tap
#: changes two islands at most (issue 33: a tap shown within 100 ms on a phone).
_ITEMS: dict[tuple, str] = {}


def _island_item(obs: Observation, island: int) -> str:
    words = tr()
    key = (island, words, obs.control[island], *(obs.owner[line] for line in LINES_OF[island]))
    item = _ITEMS.get(key)
    if item is None:
        if len(_ITEMS) > 4096:  # a long session's islands: start afresh
            _ITEMS.clear()
        lines = "".join(f"<li>{escape(line_label(obs.owner[line], line))}</li>"
                        for line in LINES_OF[island])
        item = _ITEMS[key] = f"<li>{escape(island_label(obs, island))}<ul>{lines}</ul></li>"
    return item
