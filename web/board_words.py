"""The board in words, for screen readers: each island's and each line's name and state,
and the whole position as a list per island. Pure functions of an Observation.
"""

from __future__ import annotations

from html import escape

from kahuna import BLACK, COLOURS, DEGREE, ISLANDS, LINES, N_ISLANDS, Observation, name_words

from .language import _, ngettext, tr


def line_words(line: int) -> str:
    """'HUNA–ELAI': the line's two islands (a dash a screen reader does not spell out)."""
    a, b = LINES[line]
    return f"{ISLANDS[a]}–{ISLANDS[b]}"


def _colour(seat: int) -> str:
    return name_words(COLOURS[seat], tr())


def island_label(obs: Observation | None, island: int) -> str:
    """'ELAI, 6 lines, White 4 bridges, controlled by White'."""
    lines = DEGREE[island]
    parts = [ngettext("{island}, {count} line", "{island}, {count} lines", lines).format(
        island=ISLANDS[island], count=lines)]
    if obs is not None:
        for seat in (0, 1):
            held = sum(1 for line, ends in enumerate(LINES)
                       if island in ends and obs.owner[line] == seat)
            if held:
                parts.append(ngettext("{player} {count} bridge", "{player} {count} bridges",
                                      held).format(player=_colour(seat), count=held))
        owner = obs.control[island]
        parts.append(_("controlled by {player}").format(player=_colour(owner)) if owner >= 0
                     else _("not controlled"))
    return ", ".join(parts)


def line_label(owner: int, line: int) -> str:
    """'line HUNA–ELAI, Black bridge' (``owner`` -1: free)."""
    if owner < 0:
        text = _("line {line}, free")
    elif owner == BLACK:
        text = _("line {line}, Black bridge")
    else:
        text = _("line {line}, White bridge")
    return text.format(line=line_words(line))


def offer_label(owner: int, line: int) -> str:
    """A lit line, by what choosing it does."""
    text = _("Build a bridge on {line}") if owner < 0 else _("Remove the bridge on {line}")
    return text.format(line=line_words(line))


def position_html(obs: Observation | None) -> str:
    """The whole position as text: a list item per island, its lines under it."""
    if obs is None:
        return ""
    items = []
    for island in range(N_ISLANDS):
        lines = "".join(f"<li>{escape(line_label(obs.owner[line], line))}</li>"
                        for line, ends in enumerate(LINES) if island in ends)
        items.append(f"<li>{escape(island_label(obs, island))}<ul>{lines}</ul></li>")
    return "".join(items)
