"""The thin browser layer: writes ``web.view.page.view(app)`` into the page and turns
clicks, taps and the window's events into acts; its keyboard and its background loops
are parts of the same ``Page`` (web/boot/keyboard.py, web/boot/loops.py).

Only web/boot/ and ``web.main`` touch the DOM; nothing is ever read back from it as game
state (a click only yields the clicked element's ``data-act``).
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import JsProxy, create_once_callable, create_proxy, jsnull
from pyscript import document, window

from ..state import acts, tabs
from ..state.builder_acts import copied as builder_copied
from ..state.app import App
from ..state.opening import FILE_LIMIT, file_too_large, file_unreadable, open_file, reopen
from ..view.changes import edits
from ..view.friend import NAME_FIELD
from ..view.page import parts, view
from ..view.render import layers
from . import focus
from .elements import board_place, download, finder, in_sight, numbered, write_edits
from .builder import BuilderView
from .guard import CONTINUE, NEW
from .history import ScreenBack
from .host import Host
from .keyboard import Keyboard
from .analysing import AnalysisLoop
from .links import Links, field_text
from .loops import Loops
from .problem import GUARD

#: When the board is drawn turned (keep in step with web/style.css).
PORTRAIT = "(orientation: portrait) and (max-width: 759px)"
#: How long a help bubble stays when nothing else puts it away (web/words/tips.py).
TIP_SECONDS = 6
#: A finger held this long on a card is a long press (as a phone's own, about 500 ms).
LONG_PRESS_MS = 500
DARK = "(prefers-color-scheme: dark)"
OPEN = "kahuna:open?"  # a host page's message: show the example of this query
#: The editor's acts that take the text of a field with them (web/view/editor.py).
FIELD_OF = {"edit:paste": "editor-paste", "edit:goal": "editor-goal"}
CHOOSER = "open-file"  # the hidden file input of "Open a game record…" (index.html)
SHARED = "share-link"  # the share dialog's field with the link (web/view/share.py)
#: How deep a changed part of the board is edited inside: its layers, then their
#: islands, lines and bridges (web/view/changes.py).
BOARD_DEPTH = 2


class Page(Keyboard, Loops, AnalysisLoop):
    """Connects one App to the document. Every browser event reaches it through GUARD."""

    def __init__(self, app: App, pace: float | None) -> None:
        """``pace``: the address's seconds between the computer's actions, which win over
        the person's setting (tests play at 0)."""
        self.app = app
        self.fixed_pace = pace
        self.written: dict[str, str] = {}  # element id -> the HTML last written there
        self.board: tuple[str, tuple[str, ...]] = ("", ())  # the board written: its layers
        self.busy = False  # one loop of thinking at a time: the computer, a hint or a review
        self.stepping = False  # a sequence plays by itself
        self.later = False  # a look again at the computer's turn is due (kick)
        self.warming = False  # the review's modules are being imported (kick)
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
        self.host = Host(app)  # tells a host page what happens in the frame
        self.builder: BuilderView | None = None  # its handlers made when it first opens
        self.links = (Links(app, self.after_link)  # not embedded, nor in a demo
                      if app.embed is None and not app.autoplay else None)
        self.back = (ScreenBack(app, self.act)  # an embed is its host page's
                     if app.embed is None and not app.autoplay else None)
        GUARD.ways[CONTINUE] = self.recover
        GUARD.ways[NEW] = self.fresh_game

    def after_link(self) -> None:
        """A link of a game by links was opened in this tab: draw, and go on."""
        self.render()
        self.kick()

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
        self.host.heard = None  # another example: ready again
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
            if event.pointerType == "touch" and numbered(event.target):
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
        held = finder(document.activeElement)
        current = view(self.app)
        # A tutorial step: new words, or the person's turn again once the computer played.
        step = current.coach and (self.written.get("coach") != current.coach or (
            current.turn == "person" and document.body.dataset.turn != "person"))
        for target, html in parts(current).items():
            if self.written.get(target) != html:
                if target == "board":
                    self._board(html)
                else:
                    document.getElementById(target).innerHTML = html
                self.written[target] = html
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
            in_sight(lesson)
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
        if self.builder is None and self.app.builder is not None:
            self.builder = BuilderView(self.app, self.act)
        if self.builder is not None:
            self.builder.render(self.app)
        self._refocus(held, after)
        self._watch_back()
        if self.back is not None:
            self.back.sync()
        self.host.tell(self.app)
        self.app.drawn()  # animate once, not again on the next drawing; download once
        if current.download is not None:
            download(*current.download)
        if current.clipboard is not None:
            text = current.clipboard
            asyncio.ensure_future(GUARD.run(lambda: self.copy(text)))
        if self.links is not None:  # still inside the click: the browser allows the sheet
            self.links.sheet()
        if current.open_file:  # still inside the click: the browser allows the chooser
            document.getElementById(CHOOSER).click()

    def _board(self, html: str) -> None:
        """Write the board's SVG. When the board drawn last is still there, only what
        changed: a card chosen lights lines and the rest stays; a bridge placed adds one
        bridge and rewrites the islands and lines it touched (issue 33, docs/deploy.md)."""
        element = document.getElementById("board")
        head, children = layers(html)
        last_head, before = self.board
        svg = element.firstElementChild
        self.board = (head, children)
        if ("board" not in self.written or head != last_head or svg is None  # drawn afresh
                or svg is jsnull or svg.childElementCount != len(before)):
            element.innerHTML = html
            return
        write_edits(svg, edits(before, children, BOARD_DEPTH))
        # The board's one Tab stop (web/boot/keyboard.py on_focus) back on the first
        # island, as a whole drawing puts it: a kept layer may hold the stop the keys
        # moved, and a new one another, or none.
        for stop in svg.querySelectorAll('[tabindex="0"]:not([data-act])'):
            stop.setAttribute("tabindex", "-1")
        svg.querySelector("[data-island]").setAttribute("tabindex", "0")

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
            builder_copied(self.app, False)
        else:
            self.app.copied(True)
            builder_copied(self.app, True)
        self.render()

    def on_field(self, event: JsProxy) -> None:
        """The page's form fields: the shared link, selected whole when it takes focus
        (ready to copy); the friend's name, kept when it changes (nothing to draw: the
        field shows it); and the file chooser of "Open a game record…", whose file is
        read unless it is too large."""
        field = event.target
        if event.type == "focusin" and field.id == SHARED:
            field.select()
        if event.type == "change" and field.id == NAME_FIELD:
            acts.handle(self.app, f"{acts.NAME_KEPT}:{field.value}")
        if event.type != "change" or field.id != CHOOSER or not field.files.length:
            return
        chosen = field.files.item(0)
        field.value = ""  # choosing the same file again is a change again
        asyncio.ensure_future(GUARD.run(lambda: self.read_file(chosen)))


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
            place = board_place(event)
            if place:  # a line, bridge or island no card lit: the help says what to do
                self.act(f"{acts.SPOT}:{place}")
            elif self.app.tip:  # any other tap puts the help away (an act does so itself)
                self.app.tip = ""
                self.render()
            return
        act = target.getAttribute("data-act")
        if act in FIELD_OF:  # the editor's Open, Check: the text of its field goes along
            act += ":" + str(document.getElementById(FIELD_OF[act]).value)
        act += field_text(target)  # a game by links: the friend's name goes along
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
        if numbered(event.target):
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
