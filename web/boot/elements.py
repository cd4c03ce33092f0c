"""Small questions and deeds on the document that the page's handlers share: what a
click hit, which overlay is up, a selector that finds a control again after a redraw, a
tutorial step brought into sight, a download, a drawing's changes written."""

from __future__ import annotations

from pyodide.ffi import JsProxy, create_once_callable, jsnull, to_js
from pyscript import document, window

from ..learn.tutorial import Lesson
from ..view.changes import Edit
from . import spots
from .problem import PROBLEM

RING = 8  # px: the sticky coach's ring of the panel's colour (web/style.css)
NEAREST = to_js({"block": "nearest", "inline": "nearest"},
                dict_converter=window.Object.fromEntries)


def numbered(target: JsProxy) -> bool:
    """Whether ``target`` is on a face-up card (one with a corner number to explain)."""
    card = target.closest(".card")
    if card is None or card is jsnull:
        return False
    corner = card.querySelector("small")
    return corner is not None and corner is not jsnull


def board_place(event: JsProxy, board: str = "#board") -> str:
    """The island, bridge or line a click on the board (in ``board``, the game's or the
    embed builder's) hit or came near (a free line is too thin for a finger:
    web/boot/spots.py); "" for none, or off the board."""
    place = event.target.closest(f"{board} [data-line], {board} [data-island]")
    if place is not None and place is not jsnull:
        return (place.getAttribute("data-line") if place.hasAttribute("data-line")
                else place.getAttribute("data-island"))
    svg = event.target.closest(f"{board} svg.board")
    if svg is None or svg is jsnull:
        return ""
    point = window.DOMPoint.new(event.clientX, event.clientY).matrixTransform(
        svg.getScreenCTM().inverse())
    return spots.line_near(point.x, point.y, bool(svg.classList.contains("portrait")))


def overlay_up() -> str:
    """The id of the overlay shown on top (the guard's, a dialog, the cover), or ""."""
    for overlay in (PROBLEM, "dialog", "builder", "cover"):
        element = document.getElementById(overlay)
        if exists(element) and not element.hidden:
            return overlay
    return ""


def exists(element: JsProxy | None) -> bool:
    """Whether a query found an element (not None, not JS null)."""
    return element is not None and element is not jsnull


def enabled(element: JsProxy | None) -> JsProxy | None:
    """``element``, or when it is disabled the nearest enabled control in its row, before
    it first: Next at the end of a stepper hands focus to Back, Back at its start to Next,
    not to the dialog's Close, where a second Enter would close it."""
    if not exists(element) or not element.matches(":disabled"):
        return element  # the caller checks that it was found
    for way in ("previousElementSibling", "nextElementSibling"):
        other = getattr(element, way)
        while exists(other) and other.matches(":disabled"):
            other = getattr(other, way)
        if exists(other):
            return other
    return None


def matches(element: JsProxy, selector: str) -> bool:
    return exists(element) and bool(element.matches(selector))


def finder(element: JsProxy) -> str | None:
    """A selector that finds ``element``'s like again once its part is drawn anew (the
    same card, line, island or button), or None for the page itself."""
    if not exists(element) or element.isSameNode(document.body):
        return None
    svg = element.closest("svg.board")
    # On the board, what takes focus: a lit line's wider touch area under it carries the
    # same act but no tabindex, and focus sent there was lost (the editor's Enter on a line)
    stop = "[tabindex]" if exists(svg) else ""
    if exists(svg):
        where = f"#board svg.{'portrait' if svg.classList.contains('portrait') else 'landscape'}"
    else:
        box = element.parentElement.closest("[id]") if element.parentElement else None
        where = f"#{box.id}" if exists(box) else ""
    for attr in ("data-act", "data-island", "data-line"):
        value = element.getAttribute(attr)
        if isinstance(value, str):
            return f'{where} [{attr}="{value}"]{stop}'.strip()
    return f"#{element.id}" if element.id else None


def focus_place(svg: JsProxy, kind: str, name: str) -> None:
    """Focus the island or line ``name`` (``kind`` "island" or "line") of the board
    ``svg``: a line lit to act on before the same line drawn."""
    found = (svg.querySelector(f'[data-island="{name}"]') if kind == "island" else
             svg.querySelector(f'[data-line="{name}"][data-act]'))
    if not exists(found):
        found = svg.querySelector(f'[data-line="{name}"][tabindex]')
    if exists(found):
        found.focus()


def in_sight(lesson: Lesson) -> None:
    """A tutorial step is about one part of the page, or two (web/learn/tutorial.py Lesson):
    bring them into sight with the step's words, or the words alone when all do not fit,
    and as much of the board as fits with them: the steps speak of islands (build on
    ALOA, remove a bridge of JOJO). The window scrolls on a phone; on a laptop the side
    panel scrolls under a coach that stays at its top (web/style.css), so the panel's
    scroll padding reaches below the coach and its ring: what comes into sight lands
    there, not under it (and the coach, always in sight there, is not scrolled to). CSS
    ``scroll-margin`` keeps them off the edges."""
    coach = document.getElementById("coach")
    side = coach.parentElement
    sticky = window.getComputedStyle(coach).position == "sticky"
    below = coach.getBoundingClientRect().bottom - side.getBoundingClientRect().top + RING
    side.style.scrollPaddingTop = f"{below}px" if sticky else ""
    for target in ("board", lesson.also, lesson.part, "" if sticky else "coach"):
        if target:
            document.getElementById(target).scrollIntoView(NEAREST)


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file download (keeps an unreadable save's raw data)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def write_edits(root: JsProxy, todo: list[Edit]) -> None:
    """Make ``root``'s children those of the HTML that ``todo`` was reckoned for
    (web/view/changes.py ``edits``): each edit removes a run of children and puts the new
    ones in its place, so that the browser parses only what changed."""
    for path, start, removed, html in todo:
        parent = root
        for k in path:
            parent = parent.children.item(k)
        for _ in range(removed):
            parent.children.item(start).remove()
        if html and start:
            parent.children.item(start - 1).insertAdjacentHTML("afterend", html)
        elif html:
            parent.insertAdjacentHTML("afterbegin", html)


def morph(root: JsProxy, html: str) -> None:
    """Make ``root``'s children those of ``html``, keeping each node that stays of the
    same kind in the same place (its attributes and text brought up to date): a field
    being left for a button, or tabbed out of, stays the element it was, where writing
    ``innerHTML`` replaced the button between the press and the release of the click,
    and dropped the focus. A field that has the focus keeps what is typed in it."""
    fresh = document.createElement("template")
    fresh.innerHTML = html
    _morph_children(root, fresh.content)


def _morph_children(old: JsProxy, new: JsProxy) -> None:
    was, now = list(old.childNodes), list(new.childNodes)
    for i, node in enumerate(now):
        if i >= len(was):
            old.appendChild(node)
        elif (was[i].nodeName != node.nodeName
              or (node.nodeType == 1 and was[i].id != node.id)):
            old.replaceChild(node, was[i])
        elif not was[i].isEqualNode(node):
            _morph_node(was[i], node)
    for extra in was[len(now):]:
        extra.remove()


def _morph_node(old: JsProxy, new: JsProxy) -> None:
    if old.nodeType != 1:  # text
        old.nodeValue = new.nodeValue
        return
    for name in old.getAttributeNames():
        if not new.hasAttribute(name):
            old.removeAttribute(name)
    for name in new.getAttributeNames():
        if old.getAttribute(name) != new.getAttribute(name):
            old.setAttribute(name, new.getAttribute(name))
    _morph_children(old, new)
    if old.nodeName in ("INPUT", "TEXTAREA") and old != document.activeElement:
        old.value = new.value
