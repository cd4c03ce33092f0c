"""What to write to turn an element drawn from one HTML text into the same element drawn
from the next, so that the page parses only what changed (issue 33: a bridge placed
rewrote the whole board, 14-19 kB of SVG, on a phone's CPU).

An edit is ``(path, start, removed, html)``: in the element reached from the root by the
child indices ``path``, remove ``removed`` children from index ``start``, then put ``html``
there. The edits come last child first, so that each one's indices are those of the
element as drawn before, whatever the edits already made after it.
"""

from __future__ import annotations

from .render import layers, start_tag

Edit = tuple[tuple[int, ...], int, int, str]

#: Beyond so many children on each side, the changed run is written whole rather than
#: matched child by child (the matching's work grows with the product).
MATCHED = 64


def edits(was: tuple[str, ...], now: tuple[str, ...], depth: int) -> list[Edit]:
    """The edits that turn an element's children written from ``was`` into ``now`` (each
    child one element, as ``layers`` gives them). ``depth``: how many levels below the
    element a changed child is matched and edited inside rather than written whole."""
    out: list[Edit] = []
    _children((), was, now, depth, out)
    return out


def _children(path: tuple[int, ...], was: tuple[str, ...], now: tuple[str, ...], depth: int,
              out: list[Edit]) -> None:
    same = 0  # children alike at the start, then at the end
    while same < min(len(was), len(now)) and was[same] == now[same]:
        same += 1
    tail = 0
    while tail < min(len(was), len(now)) - same and was[-1 - tail] == now[-1 - tail]:
        tail += 1
    old, new = was[same:len(was) - tail], now[same:len(now) - tail]
    pairs = (_matched([start_tag(c) for c in old], [start_tag(c) for c in new])
             if depth and old and new and len(old) * len(new) <= MATCHED * MATCHED else [])
    i, j = len(old), len(new)
    for a, b in reversed([(-1, -1), *pairs]):
        if i > a + 1 or j > b + 1:  # the run between this pair and the next
            out.append((path, same + a + 1, i - a - 1, "".join(new[b + 1:j])))
        if a >= 0 and old[a] != new[b]:
            _child(path + (same + a,), old[a], new[b], depth - 1, out)
        i, j = a, b


def _child(path: tuple[int, ...], was: str, now: str, depth: int, out: list[Edit]) -> None:
    """One child with the same start tag, changed inside: edited inside when it has
    children, else written whole in its place."""
    try:
        _, inner_was = layers(was)
        _, inner_now = layers(now)
    except ValueError:  # no child elements, or text among them
        out.append((path[:-1], path[-1], 1, now))
        return
    _children(path, inner_was, inner_now, depth, out)


def _matched(old: list[str], new: list[str]) -> list[tuple[int, int]]:
    """The longest common subsequence of two lists of keys, as index pairs in order."""
    longest = [[0] * (len(new) + 1) for _ in range(len(old) + 1)]
    for a in range(len(old) - 1, -1, -1):
        for b in range(len(new) - 1, -1, -1):
            longest[a][b] = (longest[a + 1][b + 1] + 1 if old[a] == new[b]
                             else max(longest[a + 1][b], longest[a][b + 1]))
    pairs, a, b = [], 0, 0
    while a < len(old) and b < len(new):
        if old[a] == new[b]:
            pairs.append((a, b))
            a, b = a + 1, b + 1
        elif longest[a + 1][b] >= longest[a][b + 1]:
            a += 1
        else:
            b += 1
    return pairs
