"""Only what changed is written (web/view/changes.py, issue 33): the edits between two
drawings, applied to the first, give the second, character for character; and a bridge
placed writes the bridge and what it touched, not the board."""

from __future__ import annotations

import random

from kahuna import TURN_ENDING
from web.state.acts import handle
from web.view.changes import edits
from web.view.page import parts, view
from web.view.render import layers

from .web_helpers import computer, lit, new_app

Node = list  # [start tag, children, end tag] or, for an element edited only whole, its text


def tree(html: str) -> Node | str:
    try:
        head, children = layers(html)
    except ValueError:
        return html
    return [head, [tree(c) for c in children], html[len(head) + sum(map(len, children)):]]


def text(node: Node | str) -> str:
    return node if isinstance(node, str) else node[0] + "".join(map(text, node[1])) + node[2]


def applied(before: str, after: str, depth: int) -> tuple[str, int]:
    """``before`` with the edits to ``after`` made as web/boot/elements.py makes them,
    in their order, and how many characters they wrote."""
    root = tree(before)
    written = 0
    for path, start, removed, html in edits(layers(before)[1], layers(after)[1], depth):
        node = root
        for k in path:
            node = node[1][k]
        node[1][start:start + removed] = tree(f"<x>{html}</x>")[1]
        written += len(html)
    return text(root), written


def drawings(seed: int) -> list[dict[str, str]]:
    """The page's parts after every act of a game against the computer in which the
    person chooses cards, lets some go, places bridges, undoes some and ends turns."""
    rng = random.Random(seed)
    app = new_app(seed=seed)
    shown = [parts(view(app))]
    for _ in range(30):
        if app.dialog:
            handle(app, "close")
        if app.match is None or app.match.state.is_over:
            break
        for i in range(len(app.match.observation().hand)):
            handle(app, f"card:{i}")
            shown.append(parts(view(app)))
            if lit(app):
                handle(app, rng.choice(lit(app)))
                shown.append(parts(view(app)))
                if rng.random() < 0.2 and "undo" in parts(view(app))["acts"]:
                    handle(app, "undo")
                    shown.append(parts(view(app)))
                break
            handle(app, f"card:{i}")
        if app.match.state.is_over:
            break
        ending = [a for a in app.legal() if a.kind in TURN_ENDING]  # a draw, or none (R14)
        handle(app, f"do:{rng.choice(ending)}")
        computer(app)
        shown.append(parts(view(app)))
    return shown


def test_the_edits_between_two_boards_give_the_second():
    boards = [d["board"] for d in drawings(3)]
    assert len(boards) > 40
    for before, after in zip(boards, boards[1:]):
        for depth in (0, 1, 2):
            assert applied(before, after, depth)[0] == after


def test_the_edits_between_two_logs_give_the_second():
    logs = [f"<ol>{d['log']}</ol>" for d in drawings(4)]
    assert logs[-1].count("<li>") > 20
    for before, after in zip(logs, logs[1:]):
        assert applied(before, after, 0)[0] == after
        assert applied(after, before, 0)[0] == before  # an undo, or a game begun again


def test_a_bridge_placed_writes_the_bridge_and_what_it_touched():
    app = new_app(seed=3)
    i = next(i for i in range(len(app.match.observation().hand))
             if (handle(app, f"card:{i}"), lit(app))[1] or handle(app, f"card:{i}"))
    before = parts(view(app))["board"]
    handle(app, lit(app)[0])
    after = parts(view(app))["board"]
    board, written = applied(before, after, 2)
    assert board == after
    assert written < len(after) / 5, (i, written, len(after))
    # the islands that kept their words are not written
    assert written < len(layers(layers(after)[1][3])[1][0]) * 4


def test_children_are_matched_by_their_start_tags():
    a, b, c, d = "<g id='a'><p/></g>", "<g id='b'><p/></g>", "<g id='c'><p/></g>", "<i/>"
    b2 = "<g id='b'><p/><q/></g>"
    # b changed inside, c moved after d; the edits come last child first
    # (c is put after d and taken from before it: either of c and d stays, not both)
    assert edits((a, b, c, d), (a, b2, d, c), 1) == [
        ((), 4, 0, c), ((), 2, 1, ""), ((1,), 1, 0, "<q/>")]
    assert edits((a, b), (a, b), 2) == []
    assert edits((), (a,), 2) == [((), 0, 0, a)]
    assert edits((a, b), (), 2) == [((), 0, 2, "")]
