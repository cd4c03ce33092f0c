"""The guard's dialog in the page (the guard itself, pure: web/boot/guard.py): the element
it lives in, and the backstops that bring every error that escapes a handler to it."""

from __future__ import annotations

import asyncio

from pyodide.ffi import JsProxy, create_proxy, jsnull
from pyscript import document, window

from .guard import RELOAD, Guard

PROBLEM = "problem-dialog"  # the element the guard's dialog lives in (made by install_guard)


def _show_problem(html: str) -> None:
    """Put the guard's dialog up with ``html``, or take it down ("")."""
    element = document.getElementById(PROBLEM)
    element.querySelector(".box").innerHTML = html
    element.hidden = not html
    if html:
        element.querySelector("button").focus()


#: The one guard every entry point from the browser runs through (web/boot/guard.py).
GUARD = Guard(_show_problem, lambda text: window.console.error(text))


def install_guard() -> None:
    """Once, first thing at boot: the guard's dialog, its buttons, Reload as the way that
    always remains, and the backstops for errors that escape a handler: the event loop's
    (a task's exception) and the window's (a Python error thrown into JS)."""
    document.body.insertAdjacentHTML(
        "beforeend", f'<div id="{PROBLEM}" class="overlay problem-overlay" hidden>'
        '<div class="box" role="alertdialog" aria-modal="true" '
        'aria-labelledby="problem-title"></div></div>')

    def on_choice(event: JsProxy) -> None:
        button = event.target.closest("[data-problem]")
        if button is not None and button is not jsnull:
            GUARD.choose(button.getAttribute("data-problem"))

    def on_window_error(event: JsProxy) -> None:
        if str(event.message).startswith("Uncaught PythonError"):
            event.preventDefault()
            GUARD.failed(RuntimeError(str(event.message)))

    document.getElementById(PROBLEM).addEventListener("click", create_proxy(GUARD.wrap(on_choice)))
    window.addEventListener("error", create_proxy(on_window_error))
    asyncio.get_event_loop().set_exception_handler(
        lambda loop, context: GUARD.failed(
            context.get("exception") or RuntimeError(context.get("message", "?"))))
    GUARD.ways[RELOAD] = lambda: window.location.reload()
