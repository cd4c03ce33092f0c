"""The thin browser layer: writes ``web.view.page.view(app)`` into the page, turns clicks
into acts, and runs the computer's turns in short slices so the page never freezes.

Only this module and ``web.main`` touch the DOM; nothing is ever read back from it
as game state (a click only yields the clicked element's ``data-act``). What happens
in the browser reaches the App through its event methods, never by setting its fields.
"""

from __future__ import annotations

import asyncio
import time

from pyodide.ffi import JsProxy, create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from kahuna import Action

from ..learn.review import advance
from ..learn.sequence import AUTO_SECONDS
from ..learn.tutorial import Lesson
from ..state import acts, deciding, lesson_acts, tabs
from ..state.app import App
from ..state.opening import FILE_LIMIT, file_too_large, file_unreadable, open_file, reopen
from ..view.page import parts, view
from . import focus, keys, spots
from .guard import CONTINUE, NEW, RELOAD, Guard

#: When the board is drawn turned (keep in step with web/style.css).
PORTRAIT = "(orientation: portrait) and (max-width: 759px)"
#: How long a help bubble stays when nothing else puts it away (web/words/tips.py).
TIP_SECONDS = 6
#: A finger held this long on a card is a long press (as a phone's own, about 500 ms).
LONG_PRESS_MS = 500
SLICE = 0.03  # seconds of thinking between two frames (keeps tasks far below 200 ms)
DARK = "(prefers-color-scheme: dark)"
#: What the keyboard reaches inside a dialog (the focus trap cycles through these).
FOCUSABLE = "button:not([disabled]), a[href], input, [tabindex]:not([tabindex='-1'])"
#: The rows of cards and buttons the arrow keys move along and between.
ROWS = ("#table", "#hand", "#acts")
OPEN = "kahuna:open?"  # a host page's message: show the example of this query
#: Keys that step through a sequence or a replay (off the board, whose arrows move focus).
STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}


CHOOSER = "open-file"  # the hidden file input of "Open a game record…" (index.html)
SHARED = "share-link"  # the share dialog's field with the link (web/view/share.py)
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


class Page:
    """Connects one App to the document. Every browser event reaches it through GUARD."""

    def __init__(self, app: App, pace: float | None) -> None:
        """``pace``: the address's seconds between the computer's actions, which win over
        the person's setting (tests play at 0)."""
        self.app = app
        self.fixed_pace = pace
        self.written: dict[str, str] = {}  # element id -> the HTML last written there
        self.busy = False  # one loop of thinking at a time: the computer, a hint or a review
        self.stepping = False  # a sequence plays by itself
        self.later = False  # a look again at the computer's turn is due (kick)
        self.keyboard = False  # the last input was a key: focus follows the play
        self.opener: str | None = None  # finds the control that opened the dialog again
        self.tips = 0  # help bubbles drawn or put away: the latest one's time counts
        self.presses = 0  # pointers down and up: a long press is the latest, still down
        self.long_pressed = False  # the click that ends a long press is not a tap
        self.up = ""  # the overlay shown at the last drawing ("" none)
        self.watcher: JsProxy | None = None  # a CloseWatcher while a dialog may be closed
        self._back = create_proxy(GUARD.wrap(self.on_back))
        self._pointer = create_proxy(GUARD.wrap(self.on_pointer))
        for kind in ("pointerdown", "pointerup", "pointercancel"):
            document.addEventListener(kind, self._pointer)
        self._dark = window.matchMedia(DARK)
        app.set_system_dark(bool(self._dark.matches))
        self._recolour = create_proxy(GUARD.wrap(self.on_recolour))
        self._dark.addEventListener("change", self._recolour)
        self._click = create_proxy(GUARD.wrap(self.on_click))
        document.addEventListener("click", self._click)
        self._key = create_proxy(GUARD.wrap(self.on_key))
        document.addEventListener("keydown", self._key)
        self._press = create_proxy(GUARD.wrap(self.on_long_press))
        document.addEventListener("contextmenu", self._press)
        self._shape = window.matchMedia(PORTRAIT)
        app.set_portrait(bool(self._shape.matches))
        self._reshape = create_proxy(GUARD.wrap(self.on_reshape))
        self._shape.addEventListener("change", self._reshape)
        self._storage = create_proxy(GUARD.wrap(self.on_storage))
        window.addEventListener("storage", self._storage)
        self._leave = create_proxy(GUARD.wrap(self.on_leave))
        window.addEventListener("beforeunload", self._leave)
        self._field = create_proxy(GUARD.wrap(self.on_field))  # one proxy for both
        document.addEventListener("change", self._field)
        document.addEventListener("focusin", self._field)
        self._rove = create_proxy(GUARD.wrap(self.on_focus))
        document.addEventListener("focusin", self._rove)
        if app.embed is not None:  # a rules page may move its one live board (docs/embedding.md)
            self._message = create_proxy(GUARD.wrap(self.on_message))
            window.addEventListener("message", self._message)
        GUARD.ways[CONTINUE] = self.recover
        GUARD.ways[NEW] = self.fresh_game

    def recover(self) -> None:
        """After an unexpected error: draw everything again from the App, go on."""
        self.written.clear()
        self.render()
        self.kick()

    def fresh_game(self) -> None:
        """After an unexpected error: a new game with the last options, drawn afresh."""
        self.app.start()
        self.recover()

    def on_storage(self, event: JsProxy) -> None:
        """Another tab of this site wrote to the storage: the App checks its game."""
        key = event.key
        tabs.storage_changed(self.app, key if isinstance(key, str) else None)
        self.render()

    def on_leave(self, event: JsProxy) -> None:
        """The page is about to be reloaded, closed or left: while the game has moves the
        storage refused, the browser first asks whether to leave (its own words)."""
        if self.app.unsaved:
            event.preventDefault()
            event.returnValue = True  # the older way some browsers still need

    def on_message(self, event: JsProxy) -> None:
        """The host page asks the frame to show another example (``"kahuna:open?QUERY"``,
        the parameters of an embed's address): as a fresh boot, with the runtime kept.
        Only the frame's own parent is heard; anything else is ignored."""
        data = event.data
        if not isinstance(data, str) or not data.startswith(OPEN) or event.source != window.parent:
            return
        query = window.URLSearchParams.new(data[len(OPEN):])
        query.delete("embed")
        pairs = [(pair[0], pair[1]) for pair in query.entries()]
        rest = query.toString()
        reopen(self.app, pairs, window.location.pathname + ("?" + rest if rest else ""))
        self.written.clear()
        self.render()
        self.kick()

    @property
    def pace(self) -> float:
        """Seconds between the computer's actions."""
        return self.fixed_pace if self.fixed_pace is not None else self.app.settings.seconds()

    def on_pointer(self, event: JsProxy) -> None:
        """A mouse or a finger: focus stays where the person clicks. A finger coming down
        on a face-up card may be a long press (``_held``); lifted or taken over by a
        scroll, it is not."""
        self.keyboard = False
        self.presses += 1
        if event.type == "pointerdown":
            self.long_pressed = False
            if event.pointerType == "touch" and _numbered(event.target):
                press = self.presses
                window.setTimeout(create_once_callable(GUARD.wrap(lambda: self._held(press))),
                                  LONG_PRESS_MS)

    def on_recolour(self, event: JsProxy) -> None:
        """The system's colour preference changed: the theme "as the system" follows."""
        self.app.set_system_dark(bool(self._dark.matches))
        self.render()

    def on_reshape(self, event: JsProxy) -> None:
        """The screen turned: draw the board for the new orientation."""
        self.app.set_portrait(bool(self._shape.matches))
        self.render()

    def render(self, after: tuple[str, ...] = ()) -> None:
        """Write the view: every part whose HTML changed, then the fields in
        ``web.view.page.OWN_WAY``, each its own way; then put focus back where the person is
        (``after``: where an act sends it, web/boot/focus.py)."""
        held = _finder(document.activeElement)
        current = view(self.app)
        # A tutorial step: new words, or the person's turn again once the computer played.
        step = current.coach and (self.written.get("coach") != current.coach or (
            current.turn == "person" and document.body.dataset.turn != "person"))
        for target, html in parts(current).items():
            if self.written.get(target) != html:
                self.written[target] = html
                document.getElementById(target).innerHTML = html
                if target == "tip":
                    self._tip_shown(bool(html))
        lesson = self.app.tutorial.lesson if current.coach else None
        if lesson is not None:  # the parts the step is about, for the layout (web/style.css)
            document.body.setAttribute("data-lesson", lesson.part)
            document.body.setAttribute("data-lesson-also", lesson.also)
        else:
            document.body.removeAttribute("data-lesson")
            document.body.removeAttribute("data-lesson-also")
            document.getElementById("coach").parentElement.style.scrollPaddingTop = ""
        if step:
            _in_sight(lesson)
        self._overlay("dialog", current.dialog)
        self._overlay("cover", current.cover)
        document.getElementById("btn-hint").disabled = not current.hint_ok
        root = document.documentElement
        root.lang = current.lang
        root.dataset.theme, root.dataset.motion = current.theme, current.motion
        document.body.dataset.turn = current.turn  # for tests and styling: who may act
        # For tests: whether the computer is to act in the game shown, what kick() starts
        # its loop on (a replay's steps: never), known at once, without waiting for it.
        document.body.dataset.computerPlays = "1" if self.app.computer_plays() else "0"
        # The prompt speaks only on the person's turn (set after this drawing's words):
        # while the computer plays, #announce says each action, one sentence each.
        document.getElementById("prompt").setAttribute(
            "aria-live", "polite" if current.turn == "person" else "off")
        self._refocus(held, after)
        self._watch_back()
        self.app.drawn()  # animate once, not again on the next drawing; download once
        if current.download is not None:
            _download(*current.download)
        if current.clipboard is not None:
            text = current.clipboard
            asyncio.ensure_future(GUARD.run(lambda: self.copy(text)))
        if current.open_file:  # still inside the click: the browser allows the chooser
            document.getElementById(CHOOSER).click()

    def _tip_shown(self, shown: bool) -> None:
        """A help bubble was drawn (or put away): it goes by itself after TIP_SECONDS, so it
        never stays over the rows below it; a newer one starts its own time."""
        self.tips += 1
        if shown:
            mine = self.tips
            window.setTimeout(create_once_callable(GUARD.wrap(lambda: self._tip_gone(mine))),
                              TIP_SECONDS * 1000)

    def _tip_gone(self, mine: int) -> None:
        if mine == self.tips and self.app.tip:  # still the bubble that started this time
            self.app.tip = ""
            self.render()

    async def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard; the App hears whether the browser let it."""
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard (an insecure page), or permission refused
            self.app.copied(False)
        else:
            self.app.copied(True)
        self.render()

    def on_field(self, event: JsProxy) -> None:
        """The page's two form fields: the shared link, selected whole when it takes focus
        (ready to copy); and the file chooser of "Open a game record…", whose file is
        read unless it is too large."""
        field = event.target
        if event.type == "focusin" and field.id == SHARED:
            field.select()
        if event.type != "change" or field.id != CHOOSER or not field.files.length:
            return
        chosen = field.files.item(0)
        field.value = ""  # choosing the same file again is a change again
        asyncio.ensure_future(GUARD.run(lambda: self.read_file(chosen)))

    def on_focus(self, event: JsProxy) -> None:
        """An island or line of the board that takes focus becomes the board's one Tab
        stop (a roving tabindex): Tab from it leaves the board, as from an island (from a
        line it went back to the first island, the line's next stop in the drawing). The
        lit lines keep their own stops: they are what to act on."""
        target = event.target
        svg = target.closest("svg.board") if hasattr(target, "closest") else None
        if (not _found(svg) or not target.hasAttribute("tabindex")
                or target.hasAttribute("data-act")):
            return
        for stop in svg.querySelectorAll('[tabindex="0"]:not([data-act])'):
            stop.setAttribute("tabindex", "-1")
        target.setAttribute("tabindex", "0")

    async def read_file(self, chosen: JsProxy) -> None:
        """Open the file ``chosen`` as a game (web/state/opening.py), as bytes: whether it is
        UTF-8 text is the reader's to say."""
        name, size = str(chosen.name), int(chosen.size)
        if size > FILE_LIMIT:
            file_too_large(self.app, name, size)
        else:
            try:
                raw = (await chosen.arrayBuffer()).to_bytes()
            except Exception:  # the file was moved or deleted since it was chosen
                file_unreadable(self.app, name)
            else:
                open_file(self.app, name, raw)
        self.render()
        self.kick()

    def _refocus(self, held: str | None, after: tuple[str, ...]) -> None:
        """Dialogs are modal: focus moves in, the page behind is inert, and on closing
        focus returns to the control that opened it. Otherwise, for the keyboard, focus
        goes where the act sends it, or to the same control drawn anew, never to the top."""
        was, self.up = self.up, _overlay_up()
        for part in ("header.bar", "main.game"):
            document.querySelector(part).inert = bool(self.up)
        active = document.activeElement
        lost = (active is None or active is jsnull or not active.isConnected
                or active.isSameNode(document.body))
        targets: tuple[str, ...] = ()
        if self.up and self.up != was:
            if not was and self.app.dialog in focus.OPENED:
                self.opener = held
            targets = focus.overlay(self.app) if self.up != PROBLEM else ()
        elif was and not self.up:
            targets = ((self.opener,) if self.opener else after) + focus.playing(self.app)
            self.opener = None
        elif self.keyboard and after:
            targets = after
        elif lost and held is not None:
            targets = (held,) + (focus.playing(self.app) if self.keyboard else ())
        elif self.keyboard and (lost or _is(active, "#hand")) and self.app.may_act():
            targets = focus.playing(self.app)  # the computer is done: the hand again
        if self.app.embed is not None and not document.hasFocus():
            return  # an embed never takes the keyboard from the page around it
        for selector in targets:
            element = _enabled(document.querySelector(selector))
            if _found(element):
                element.focus(to_js({"preventScroll": not self.keyboard},
                                    dict_converter=window.Object.fromEntries))
                return

    def _watch_back(self) -> None:
        """A phone's Back closes a dialog that may be closed, as Escape does, rather than
        leave the page: the dialogs are not <dialog> elements, so where the browser has
        CloseWatcher (Chromium: Back on Android), the page keeps one while one is up."""
        wanted = self.up == "dialog" and acts.closable(self.app)
        if wanted and self.watcher is None and hasattr(window, "CloseWatcher"):
            self.watcher = window.CloseWatcher.new()
            self.watcher.onclose = self._back
        elif not wanted and self.watcher is not None:
            watcher, self.watcher = self.watcher, None
            watcher.destroy()

    def on_back(self, event: JsProxy) -> None:
        """The browser's request to close (Back, or Escape where the page let it pass)."""
        self.watcher = None  # a watcher closes once; the next dialog gets a new one
        self.act("escape")

    def _overlay(self, target: str, html: str) -> None:
        """A dialog or cover: its HTML (the dialog's into its box), hidden when empty."""
        element = document.getElementById(target)
        if self.written.get(target) != html:
            self.written[target] = html
            inner = element.querySelector(".box") if target == "dialog" else element
            inner.innerHTML = html
        element.hidden = not html

    def on_click(self, event: JsProxy) -> None:
        """A click on an element with ``data-act``: the hint, or an act for the App."""
        if self.long_pressed:  # the finger of a long press rose: its help is shown
            self.long_pressed = False
            return
        if event.target.id == SHARED:  # a click keeps the whole link selected
            event.target.select()
        target = event.target.closest("[data-act]")
        if target is None or target is jsnull:  # a click beside every control
            place = _place(event)
            if place:  # a line, bridge or island no card lit: the help says what to do
                self.act(f"{acts.SPOT}:{place}")
            elif self.app.tip:  # any other tap puts the help away (an act does so itself)
                self.app.tip = ""
                self.render()
            return
        act = target.getAttribute("data-act")
        if event.detail > 1 and act.startswith("do:"):  # a double click plays once
            return
        if act == "hint":
            asyncio.ensure_future(GUARD.run(self.hint))
            return
        self.act(act)

    def act(self, act: str, stay: bool = False) -> None:
        """Do ``act``, draw, and let the computer play if it is its turn."""
        if act.partition(":")[0] in focus.LEAVING:
            self.opener = None
        acts.handle(self.app, act)
        self.render(focus.after(self.app, act, stay))
        self.kick()

    def on_long_press(self, event: JsProxy) -> None:
        """A long press on a face-up card (a phone's context menu; a right click): what its
        corner number means, instead of the browser's menu."""
        if _numbered(event.target):
            event.preventDefault()
            self._card_help()

    def _held(self, press: int) -> None:
        """LONG_PRESS_MS after a finger came down on a face-up card: if it is still down,
        a long press. Chromium's touch emulation sent no context menu for it, but a click
        once the finger rose, which took the card: that click is let go (``on_click``)."""
        if press == self.presses:
            self.long_pressed = True
            self._card_help()

    def _card_help(self) -> None:
        self.app.tip = "lines"  # not the toggling act: a press may also bring a context menu
        self.render()

    def on_key(self, event: JsProxy) -> None:
        """The keys of the keys' list (``?``, web/dialogs.keys_html): Tab kept
        inside a dialog, Escape, ``?``, Enter and Space on cards and board lines (buttons
        click by themselves), the arrows on the board and along the rows of cards."""
        self.keyboard = True
        key, target = event.key, event.target
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        if key == "Tab":
            self._trap(event)
        elif _overlay_up() == PROBLEM:
            return  # the guard's dialog: only its own buttons
        elif key == "Escape":
            event.preventDefault()
            self.act("escape")
        elif key == "?":
            event.preventDefault()
            self.act("keys")
        elif key in ("Enter", " "):
            act = target.getAttribute("data-act")
            if isinstance(act, str) and (act.startswith("card:") or target.tagName == "path"):
                event.preventDefault()
                self.act(act, stay=key == " ")
        elif (key in STEP_KEYS and self.app.sequence is not None and not _overlay_up()
              and not _found(target.closest("svg.board"))):
            event.preventDefault()
            self.act("step:" + STEP_KEYS[key])
        elif key in keys.ARROWS:
            if self._arrow(target, key):
                event.preventDefault()

    def _trap(self, event: JsProxy) -> None:
        """Tab and Shift+Tab cycle through the open dialog's controls."""
        up = _overlay_up()
        if not up:
            return
        inside = document.getElementById(up).querySelectorAll(FOCUSABLE)
        if not inside.length:
            return
        first, last = inside[0], inside[inside.length - 1]
        active = document.activeElement
        if not _found(active) or not document.getElementById(up).contains(active):
            event.preventDefault()
            first.focus()
        elif event.shiftKey and active == first:
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and active == last:
            event.preventDefault()
            first.focus()

    def _arrow(self, target: JsProxy, key: str) -> bool:
        """Move focus with an arrow key; False when it is not ours to handle."""
        svg = target.closest("svg.board")
        if _found(svg):
            island, line = target.getAttribute("data-island"), target.getAttribute("data-line")
            here = ("island", island) if isinstance(island, str) else ("line", line)
            there = keys.step(here[0], str(here[1]), key, self.app.portrait)
            if there is not None:
                kind, name = there
                found = (svg.querySelector(f'[data-island="{name}"]') if kind == "island" else
                         svg.querySelector(f'[data-line="{name}"][data-act]'))
                if not _found(found):
                    found = svg.querySelector(f'[data-line="{name}"][tabindex]')
                if _found(found):
                    found.focus()
            return True
        row = target.closest(", ".join(ROWS))
        if not _found(row) or target.tagName != "BUTTON":
            return False
        if key in ("ArrowLeft", "ArrowRight"):
            buttons = list(row.querySelectorAll("button"))
            at = next(i for i, b in enumerate(buttons) if b.isSameNode(target))
            buttons[(at + (1 if key == "ArrowRight" else -1)) % len(buttons)].focus()
            return True
        # Up and Down: the row above or below as it is shown (phones order them otherwise).
        top = row.getBoundingClientRect().top
        rows = [r for r in (document.querySelector(s) for s in ROWS)
                if _found(r.querySelector("button")) and not r.isSameNode(row)]
        above = [r for r in rows if r.getBoundingClientRect().top < top]
        below = [r for r in rows if r.getBoundingClientRect().top > top]
        if key == "ArrowUp" and above:
            max(above, key=lambda r: r.getBoundingClientRect().top).querySelector("button").focus()
        elif key == "ArrowDown" and below:
            min(below, key=lambda r: r.getBoundingClientRect().top).querySelector("button").focus()
        return True

    def kick(self) -> None:
        """Let the computer play if it is its turn (one loop at a time); when another tab
        is playing that turn, look again once this tab's wait for it is over."""
        if not self.busy and self.app.computer_plays() and not self.app.dialog:
            if tabs.waiting_for_other(self.app):
                if not self.later:
                    self.later = True
                    asyncio.ensure_future(GUARD.run(self._kick_later))
            else:
                asyncio.ensure_future(GUARD.run(self.computer_turns))
        review = self.app.review
        if (not self.busy and self.app.dialog == "review" and review is not None
                and review.result is None):
            asyncio.ensure_future(GUARD.run(self.reviewing))
        seq = self.app.sequence
        if not self.stepping and seq is not None and seq.auto:
            asyncio.ensure_future(GUARD.run(self.autostep))

    async def _kick_later(self) -> None:
        while tabs.waiting_for_other(self.app):  # each action the other tab stores waits anew
            await asyncio.sleep(max(0.0, self.app.defer_until - self.app.now()) + 0.1)
        self.later = False
        self.render()
        self.kick()

    async def _decide(self, for_hint: bool) -> Action | None:
        """The decision for the position on show, thought in slices between frames; None
        when the position changed meanwhile (the person played on, or undid, while a hint
        was looked for; another tab's move was taken up): the answer would be stale."""
        start = time.perf_counter()
        m = self.app.match
        assert m is not None
        asked, count = m.state, len(m.actions)  # undo puts a new state in place
        thinking = deciding.think(self.app, for_hint)
        while not thinking.step(SLICE):
            await asyncio.sleep(0)  # yield to the browser between slices
            if self.app.match is not m or m.state is not asked or len(m.actions) != count:
                return None
        # bench/page_figures.py reads these lines for the time per decision
        window.console.debug(f"kahuna-decision {'hint' if for_hint else 'computer'} "
                             f"{(time.perf_counter() - start) * 1000:.0f}")
        return thinking.action()

    async def computer_turns(self) -> None:
        """Play the computer's actions one at a time, at a pace a person can follow."""
        if self.busy:  # kicked twice before it ran (a double click): one loop plays
            return
        self.busy = True
        try:
            while True:
                m = self.app.match
                if self.app.autoplay and m is not None and m.state.is_over:
                    self.app.autoplayed += 1  # the game is over: count it, deal the next
                    self.app.start()
                    document.body.dataset.autoplayed = str(self.app.autoplayed)
                    self.render()
                    await asyncio.sleep(0)
                    continue
                if (not self.app.computer_plays() or self.app.dialog
                        or tabs.waiting_for_other(self.app)):
                    break
                self.app.thinking_started()
                self.render()
                action = await self._decide(False)
                await asyncio.sleep(self.pace)
                self.app.thinking_done()
                if (action is None or self.app.match is not m or not self.app.computer_plays()
                        or action not in m.state.legal_actions()):
                    continue  # a new game began meanwhile, or this turn is no longer to play
                self.app.play(action)
                self.render()
        finally:
            self.app.thinking_done()
            self.busy = False
            self.render()
        self.kick()  # what waited for this loop to end (busy) starts now: a review

    async def autostep(self) -> None:
        """A sequence playing by itself: the next step now and then, until it is paused,
        closed or at its end (the address's pace, if any, sets the time between)."""
        if self.stepping:  # kicked twice before it ran: one sequence steps
            return
        self.stepping = True
        try:
            while True:
                seq = self.app.sequence
                await asyncio.sleep(AUTO_SECONDS if self.fixed_pace is None else self.fixed_pace)
                if seq is None or seq is not self.app.sequence or not seq.auto:
                    break
                lesson_acts.step(self.app, "next")
                self.render()
        finally:
            self.stepping = False

    async def reviewing(self) -> None:
        """Judge the finished game's turns in slices, redrawing the progress now and
        then; stops while the review is closed (it goes on where it was when reopened)."""
        review = self.app.review
        if self.busy:  # kicked twice before it ran: one review is judged
            return
        self.busy = True
        start = drawn = time.perf_counter()
        try:
            while review is self.app.review and self.app.dialog == "review":
                if advance(review, SLICE):
                    # bench/page_figures.py reads this line for the time a review takes
                    window.console.debug(f"kahuna-review {(time.perf_counter() - start) * 1000:.0f}")
                    break
                if time.perf_counter() - drawn > 0.25:
                    self.render()
                    drawn = time.perf_counter()
                await asyncio.sleep(0)
        finally:
            self.busy = False
            self.render()
        self.kick()  # what waited for this loop to end (busy) starts now

    async def hint(self) -> None:
        """Ask the strongest level what it would do in the person's place. A hint that the
        person played past is dropped; then the computer's turn, which waited for this one
        loop of thinking, starts (a tester's stall: Hint, then End turn, and nothing)."""
        if self.app.match is None or self.busy:
            return
        self.busy = True
        self.app.looking_for_hint()
        self.render()
        button = document.getElementById("btn-hint")
        button.setAttribute("aria-busy", "true")  # for assistive technology, and tests
        try:
            action = await self._decide(True)
            if action is not None:
                self.app.show_hint(action, deciding.hint_planned(self.app))
        finally:
            button.removeAttribute("aria-busy")
            self.busy = False
            self.render()
        self.kick()


def _numbered(target: JsProxy) -> bool:
    """Whether ``target`` is on a face-up card (one with a corner number to explain)."""
    card = target.closest(".card")
    if card is None or card is jsnull:
        return False
    corner = card.querySelector("small")
    return corner is not None and corner is not jsnull


def _place(event: JsProxy) -> str:
    """The island, bridge or line a click on the board hit or came near (a free line is
    too thin for a finger: web/boot/spots.py); "" for none, or off the board."""
    place = event.target.closest("#board [data-line], #board [data-island]")
    if place is not None and place is not jsnull:
        return (place.getAttribute("data-line") if place.hasAttribute("data-line")
                else place.getAttribute("data-island"))
    svg = event.target.closest("#board svg.board")
    if svg is None or svg is jsnull:
        return ""
    point = window.DOMPoint.new(event.clientX, event.clientY).matrixTransform(
        svg.getScreenCTM().inverse())
    return spots.line_near(point.x, point.y, bool(svg.classList.contains("portrait")))


def _overlay_up() -> str:
    """The id of the overlay shown on top (the guard's, a dialog, the cover), or ""."""
    for overlay in (PROBLEM, "dialog", "cover"):
        element = document.getElementById(overlay)
        if _found(element) and not element.hidden:
            return overlay
    return ""


def _found(element: JsProxy | None) -> bool:
    """Whether a query found an element (not None, not JS null)."""
    return element is not None and element is not jsnull


def _enabled(element: JsProxy | None) -> JsProxy | None:
    """``element``, or when it is disabled the nearest enabled control in its row, before
    it first: Next at the end of a stepper hands focus to Back, Back at its start to Next,
    not to the dialog's Close, where a second Enter would close it."""
    if not _found(element) or not element.matches(":disabled"):
        return element  # the caller checks that it was found
    for way in ("previousElementSibling", "nextElementSibling"):
        other = getattr(element, way)
        while _found(other) and other.matches(":disabled"):
            other = getattr(other, way)
        if _found(other):
            return other
    return None


def _is(element: JsProxy, selector: str) -> bool:
    return _found(element) and bool(element.matches(selector))


def _finder(element: JsProxy) -> str | None:
    """A selector that finds ``element``'s like again once its part is drawn anew (the
    same card, line, island or button), or None for the page itself."""
    if not _found(element) or element.isSameNode(document.body):
        return None
    svg = element.closest("svg.board")
    if _found(svg):
        where = f"#board svg.{'portrait' if svg.classList.contains('portrait') else 'landscape'}"
    else:
        box = element.parentElement.closest("[id]") if element.parentElement else None
        where = f"#{box.id}" if _found(box) else ""
    for attr in ("data-act", "data-island", "data-line"):
        value = element.getAttribute(attr)
        if isinstance(value, str):
            return f'{where} [{attr}="{value}"]'.strip()
    return f"#{element.id}" if element.id else None


class LocalStorage:
    """``window.localStorage`` as ``web.game.saves.Storage``: JS null comes back as None."""

    def __init__(self) -> None:
        self._store = window.localStorage
        self._store.length  # raises here, not mid-game, when storage is refused

    @property
    def length(self) -> int:
        return int(self._store.length)

    def getItem(self, key: str) -> str | None:
        value = self._store.getItem(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        self._store.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self._store.removeItem(key)

    def key(self, index: int) -> str | None:
        value = self._store.key(index)
        return value if isinstance(value, str) else None


def _in_sight(lesson: Lesson) -> None:
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
    below = coach.getBoundingClientRect().bottom - side.getBoundingClientRect().top + _RING
    side.style.scrollPaddingTop = f"{below}px" if sticky else ""
    for target in ("board", lesson.also, lesson.part, "" if sticky else "coach"):
        if target:
            document.getElementById(target).scrollIntoView(_NEAREST)


_RING = 8  # px: the sticky coach's ring of the panel's colour (web/style.css)
_NEAREST = to_js({"block": "nearest", "inline": "nearest"},
                 dict_converter=window.Object.fromEntries)


def _download(name: str, text: str) -> None:
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
