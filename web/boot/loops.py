"""What runs between frames while the person waits or reads: the computer's turns at a
pace a person can follow, a hint, the review's judging, a sequence playing by itself.
One loop of thinking at a time (``busy``): each, when it ends, starts what waited for
it (``kick``); a decision whose position changed meanwhile is dropped, never shown."""

from __future__ import annotations

import asyncio
import importlib
import sys
import time
from typing import TYPE_CHECKING, Callable

from pyscript import document, window

from kahuna import Action

from ..learn.review import REVIEW_MODULES, advance, offered
from ..learn.sequence import AUTO_SECONDS
from ..state import deciding, lesson_acts, tabs
from .links import show_turn
from .problem import GUARD

if TYPE_CHECKING:
    from ..state.app import App

SLICE = 0.03  # seconds of thinking between two frames (keeps tasks far below 200 ms)
#: The review's and the analysis's slice: longer, since each pause between two slices
#: costs some 6 ms on a phone's CPU (bench/review_page.py --phone), and the person only
#: reads meanwhile; a unit of their work overruns a slice by at most ~130 ms there.
JUDGING_SLICE = 0.06
#: Seconds between two redraws of a long piece of work's progress.
PROGRESS_EVERY = 0.5


class Loops:
    """The part of ``Page`` (web/boot/dom.py) that thinks and steps in the background."""

    app: App
    fixed_pace: float | None  # the address's seconds between the computer's actions
    busy: bool  # one loop of thinking at a time: the computer, a hint or a review
    stepping: bool  # a sequence plays by itself
    later: bool  # a look again at the computer's turn is due (kick)
    warming: bool  # the review's modules are being imported (kick)

    if TYPE_CHECKING:  # Page's own
        @property
        def pace(self) -> float: ...

        def render(self, after: tuple[str, ...] = ()) -> None: ...

        def analysis_due(self) -> bool: ...

        async def analysing(self) -> None: ...

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
        if self.analysis_due():  # "Best turn" (web/boot/analysing.py)
            asyncio.ensure_future(GUARD.run(self.analysing))
        seq = self.app.sequence
        if not self.stepping and seq is not None and seq.auto:
            asyncio.ensure_future(GUARD.run(self.autostep))
        if (not self.warming and offered(self.app.dialog, self.app.match)
                and REVIEW_MODULES[-1] not in sys.modules):
            self.warming = True
            asyncio.ensure_future(GUARD.run(self.warm_review))
        show_turn(self)  # a friend's turn just opened, shown as the computer's is

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
                # A task boundary before the next decision's start is drawn: the two
                # drawings in one task took up to 230 ms on the phone profile (issue 33:
                # no task over 200 ms while the computer thinks).
                await asyncio.sleep(0)
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
        if review is not None:
            await self.sliced(lambda: advance(review, JUDGING_SLICE),
                              lambda: review is self.app.review and self.app.dialog == "review",
                              "review")

    async def warm_review(self) -> None:
        """Import the review's modules one a task (REVIEW_MODULES), unless a click on
        Review imported them meanwhile."""
        for name in REVIEW_MODULES:
            await asyncio.sleep(0)
            importlib.import_module(name)  # at once when a click imported it meanwhile

    async def sliced(self, step: Callable[[], bool], going: Callable[[], bool],
                     name: str) -> None:
        """Call ``step`` (a slice of work; True once done) between frames while
        ``going()``, redrawing the progress now and then; one such loop at a time
        (``busy``). Done, it logs "kahuna-<name> <ms>" (bench/page_figures.py reads the
        review's time there)."""
        if self.busy:  # kicked twice before it ran: one loop works
            return
        self.busy = True
        start = drawn = time.perf_counter()
        try:
            while going():
                if step():
                    window.console.debug(f"kahuna-{name} {(time.perf_counter() - start) * 1000:.0f}")
                    break
                if time.perf_counter() - drawn > PROGRESS_EVERY:
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
