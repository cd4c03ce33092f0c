"""The page's one guard: every entry point from the browser (the click, key, resize and
storage handlers, the computer's turns, the hint, the boot) runs through a ``Guard``, so
an unexpected error never reaches PyScript (which would show a red traceback box, and
which is told not to: ``plugins = ["!error", ...]`` in pyscript.toml).

An error becomes a calm dialog instead: what happened in plain words, the ways forward
that still work ("continue" from where the game stands, "new" game, "reload"), and the
details for a bug report in a collapsed ``<details>``; the traceback also goes to the
developer console. Pure Python: the browser side (showing the HTML, the console, what
each way does) is injected by ``web.boot.dom``, so all of this runs under CPython in tests.
"""

from __future__ import annotations

from html import escape
from typing import Awaitable, Callable

from ..words.language import N_, _

CONTINUE, NEW, RELOAD = "continue", "new", "reload"
#: The ways forward, in the order offered, with their buttons' words.
LABELS = {CONTINUE: N_("Continue"), NEW: N_("Start a new game"), RELOAD: N_("Reload the page")}
TITLE_ID = "problem-title"  # the dialog's aria-labelledby (index.html)


def details(exc: BaseException) -> str:
    """The exception and its traceback, as a bug report wants them."""
    import traceback  # here, not at the top: only an error needs it (boot time)
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()


def problem_html(exc: BaseException, ways: tuple[str, ...]) -> str:
    """The dialog for an unexpected error: plain words, one button per way forward (the
    first is the primary one), and the details folded away."""
    if CONTINUE in ways:
        words = _("The page ran into a problem it did not expect. The game is still here: "
                  "continue from where it stands, or start a new game if the problem comes "
                  "back.")
    elif NEW in ways:
        words = _("The page ran into a problem it did not expect. This game cannot go on "
                  "from here. You can start a new game or reload the page.")
    else:
        words = _("The page ran into a problem it did not expect. The page cannot go on "
                  "from here. Reloading it usually helps.")
    primary = ' class="primary"'
    buttons = "".join(
        f'<button type="button" data-problem="{way}"{primary if i == 0 else ""}>'
        f'{escape(_(LABELS[way]))}</button>' for i, way in enumerate(ways))
    return (f'<h2 id="{TITLE_ID}">{escape(_("Sorry, something went wrong"))}</h2>'
            f'<p>{escape(words)}</p><div class="buttons">{buttons}</div>'
            f'<details class="bug-report"><summary>{escape(_("Details for a bug report"))}'
            f'</summary><pre lang="en">{escape(details(exc))}</pre></details>')


class Guard:
    """Runs the page's entry points; turns an exception into the problem dialog.

    ``show(html)`` puts the dialog up ("" takes it down), ``log(text)`` tells the
    developer console; ``ways`` maps each way forward to what it does (set by web.boot.dom
    and web.main as they become possible). A way that fails is not offered again."""

    def __init__(self, show: Callable[[str], None], log: Callable[[str], None]) -> None:
        self.show, self.log = show, log
        self.ways: dict[str, Callable[[], None]] = {}
        self.broken: set[str] = set()
        self.errors = 0  # how many errors the guard caught (for tests)

    def offered(self) -> tuple[str, ...]:
        """The ways forward that may still work, in LABELS' order."""
        return tuple(w for w in LABELS if w in self.ways and w not in self.broken)

    def failed(self, exc: BaseException) -> None:
        """An unexpected error: log it and put the dialog up (never raises)."""
        self.errors += 1
        try:
            self.log(details(exc))
            self.show(problem_html(exc, self.offered()))
        except Exception:  # the page itself is gone: nothing better can be done
            pass

    def call(self, fn: Callable[..., None], *args: object) -> None:
        """Run ``fn(*args)``; an exception goes to the dialog, not to the browser."""
        try:
            fn(*args)
        except Exception as exc:
            self.failed(exc)

    def wrap(self, fn: Callable[..., None]) -> Callable[..., None]:
        """``fn`` guarded, for an event listener."""
        return lambda *args: self.call(fn, *args)

    async def run(self, make: Callable[[], Awaitable[None]]) -> None:
        """Await ``make()`` (a coroutine of the page: the computer's turns, a hint)."""
        try:
            await make()
        except Exception as exc:
            self.failed(exc)

    def choose(self, way: str) -> None:
        """A button of the dialog: take the dialog down, then go that way; if it fails
        too, the dialog comes back without it."""
        action = self.ways.get(way)
        if action is None:
            return
        self.show("")
        try:
            action()
        except Exception as exc:
            self.broken.add(way)
            self.failed(exc)
        else:
            self.broken.clear()
