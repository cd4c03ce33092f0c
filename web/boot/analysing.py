"""The "Best turn" analysis worked between frames (issue 32), as the review is
(web/boot/loops.py): in slices, its progress redrawn now and then; it stops while its
dialog is closed, keeping what it did, and goes on where it was when reopened."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from pyscript import window

from ..learn.analysis import advance
from ..state.analysis_acts import DIALOG
from .loops import SLICE

if TYPE_CHECKING:
    from ..state.app import App


class AnalysisLoop:
    """The part of ``Page`` (web/boot/dom.py) that works the analysis."""

    app: App
    busy: bool  # one loop of thinking at a time (web/boot/loops.py)

    if TYPE_CHECKING:  # Page's own
        def render(self, after: tuple[str, ...] = ()) -> None: ...

        def kick(self) -> None: ...

    def analysis_due(self) -> bool:
        """Whether the analysis waits to be worked: its dialog open, no answer yet."""
        a = self.app.analysis
        return (not self.busy and self.app.dialog == DIALOG and a is not None
                and a.result is None)

    async def analysing(self) -> None:
        """Work the analysis in slices until it answers or its dialog closes."""
        a = self.app.analysis
        if self.busy or a is None:  # kicked twice before it ran: one loop works it
            return
        self.busy = True
        start = drawn = time.perf_counter()
        try:
            while a is self.app.analysis and self.app.dialog == DIALOG:
                if advance(a, SLICE):
                    # bench and e2e logs read this line for the time to the answer
                    window.console.debug(
                        f"kahuna-analysis {(time.perf_counter() - start) * 1000:.0f}")
                    break
                if time.perf_counter() - drawn > 0.25:
                    self.render()
                    drawn = time.perf_counter()
                await asyncio.sleep(0)
        finally:
            self.busy = False
            self.render()
        self.kick()
