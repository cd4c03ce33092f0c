"""The "Best turn" analysis worked between frames (issue 32), as the review is
(``Loops.sliced``, web/boot/loops.py): its progress redrawn now and then; it stops while
its dialog is closed, keeping what it did, and goes on where it was when reopened. Done,
it logs "kahuna-analysis <ms>": the time to the answer (e2e/test_analysis.py prints it)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Callable

from ..learn.analysis import advance
from ..state.analysis_acts import DIALOG
from .loops import JUDGING_SLICE

if TYPE_CHECKING:
    from ..state.app import App


class AnalysisLoop:
    """The part of ``Page`` (web/boot/dom.py) that works the analysis."""

    app: App
    busy: bool  # one loop of thinking at a time (web/boot/loops.py)

    if TYPE_CHECKING:  # Page's own (web/boot/loops.py)
        def sliced(self, step: Callable[[], bool], going: Callable[[], bool],
                   name: str) -> Awaitable[None]: ...

    def analysis_due(self) -> bool:
        """Whether the analysis waits to be worked: its dialog open, no answer yet."""
        a = self.app.analysis
        return (not self.busy and self.app.dialog == DIALOG and a is not None
                and a.result is None)

    async def analysing(self) -> None:
        """Work the analysis until it answers or its dialog closes."""
        a = self.app.analysis
        if a is not None:
            await self.sliced(lambda: advance(a, JUDGING_SLICE),
                              lambda: a is self.app.analysis and self.app.dialog == DIALOG,
                              "analysis")
