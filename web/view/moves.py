"""The game's story as the page tells it: the numbered move log, the latest moves (the
whole last turn of each side) and what the opponent's last turn changed on the board.
Pure functions of the effects of the actions so far (``Match.effects``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kahuna import Effects, Kind, LastTurn

#: The actions that put a bridge on a line (R8, V1, R7).
_PLACING = (Kind.PLACE, Kind.FREE, Kind.HANDICAP)


def turns(effects: Sequence[Effects]) -> list[range]:
    """The actions grouped by turn: runs of one player's consecutive actions, as index
    ranges into ``effects``, oldest first (the last one may still be going on)."""
    runs: list[range] = []
    start = 0
    for i in range(1, len(effects) + 1):
        if i == len(effects) or effects[i].player != effects[start].player:
            runs.append(range(start, i))
            start = i
    return runs if effects else []


def _entry(number: int, line: str) -> str:
    # The number is text of its own, in a box wide enough for "999.", so that a long
    # game's numbers are never clipped as list markers would be.
    return f'<li><span class="num">{number}.</span> {escape(line)}</li>'


def log_html(lines: Sequence[str]) -> str:
    """The whole log, newest first, each line numbered from 1 in the order played."""
    return "".join(_entry(n, lines[n - 1]) for n in range(len(lines), 0, -1))


def recent_html(lines: Sequence[str], effects: Sequence[Effects]) -> str:
    """The latest moves: every action of the last turn of each side, in the order played
    (``lines[i]`` narrates ``effects[i]``); the other side's turn apart from the last."""
    runs = turns(effects)[-2:]
    parts = []
    for k, run in enumerate(runs):
        cls = "turn last-turn" if k == len(runs) - 1 else "turn"
        parts.append(f'<li class="{cls}"><ol>'
                     + "".join(_entry(i + 1, lines[i]) for i in run) + "</ol></li>")
    return "".join(parts)


#: No last turn to mark.
NOTHING = LastTurn()


def last_turn(effects: Sequence[Effects], viewer: int) -> LastTurn:
    """The other side's last turn, when it is the latest thing that happened (the viewer
    has not acted since); NOTHING otherwise."""
    runs = turns(effects)
    if not runs or effects[runs[-1][0]].player == viewer:
        return NOTHING
    run = [effects[i] for i in runs[-1]]
    placed = {fx.action.line for fx in run if fx.action.kind in _PLACING}
    removed = {line for fx in run for line in fx.removed} - placed
    islands = {i for fx in run for i in (*fx.gained, *fx.lost)}
    return LastTurn(frozenset(placed), frozenset(removed), frozenset(islands))
