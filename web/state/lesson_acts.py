"""What the lessons' acts do to the App (``web.state.acts`` takes ``HANDLERS`` from
here): step through a sequence, a replay or a puzzle's solution; watch a finished game
again; try, retry and leave the site's puzzles; begin, follow and leave the tutorial.
The lessons themselves: ``web.learn.sequence``, ``web.learn.puzzle``,
``web.learn.solved``, ``web.learn.tutorial``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..game import saves
from ..learn.puzzle import PuzzleRun, puzzle_run
from ..learn.sequence import Sequence
from ..learn.solved import try_puzzle
from ..learn.tutorial import SKIPPED, Tutorial, begin, remember

if TYPE_CHECKING:
    from kahuna import Goal

    from ..game.match import Match
    from .app import App


def step(app: App, where: str) -> None:
    """Move through the steps shown: "first", "back", "next", "last", "round:N"; "auto"
    starts or stops stepping by itself; "close" leaves a replay for its game, a puzzle's
    solution for the puzzle."""
    seq = app.sequence
    if seq is None:
        return
    if where == "close":
        if seq.back_to is not None:
            app.resume(seq.back_to)
        elif app.puzzle is not None:
            retry(app)
    elif where == "auto":
        seq.auto = not seq.auto and seq.step < seq.last
    else:
        app.fx = seq.go(where)
        app.match = seq.at()


def replay(app: App, rest: str = "") -> None:
    """Step through the finished game from its start (the game itself is kept)."""
    m = app.match
    if m is not None and m.state.is_over and app.sequence is None:
        app.sequence = Sequence.of(m, 0, back_to=m)
        app.match, app.dialog, app.covered = app.sequence.at(), "", False
        app.selected, app.hint, app.fx = (), None, None


def retry(app: App, rest: str = "") -> None:
    """A puzzle: back to its start, for another try."""
    run = app.puzzle
    if run is not None:
        app.players.forget()  # a level's planned turn belongs to the abandoned try
        _try(app, run, run.game())


def solution(app: App, rest: str = "") -> None:
    """A puzzle: step through a turn that reaches its goal (when none does, the puzzle's
    panel says so)."""
    run = app.puzzle
    if run is None or not run.solved():
        return
    app.sequence = Sequence.of(run.solution_game(), 0)
    app.match, app.selected, app.hint = app.sequence.at(), (), None


def puzzles(app: App, rest: str = "") -> None:
    """The list of the site's puzzles."""
    app.dialog = "puzzles"


def puzzle(app: App, rest: str) -> None:
    """Try the site's puzzle ``rest`` in place of the game (which stays saved as it was);
    "next": the next one of the list; "leave": back to the person's game (a new one when
    there is none). An unknown name changes nothing."""
    from kahuna import puzzles as every  # lazy: the puzzles load on first use

    names = [p.id for p in every()]
    run = app.puzzle
    if rest == "next" and run is not None and run.name in names[:-1]:
        rest = names[names.index(run.name) + 1]
    elif rest in ("next", "leave") and run is not None:
        entry = saves.current(app.storage)
        if entry is not None and entry.match is not None:
            app.resume(entry.match)
        else:
            app.start()
        return
    if rest in names:
        pose(app, rest)


def pose(app: App, name: str, goal: Goal | None = None) -> None:
    """Pose the site's puzzle ``name``, else ``goal`` in the game shown, in place of the
    game (which stays saved as it was)."""
    run, match = puzzle_run(name, goal, app.match)
    app.players.forget()
    _try(app, run, match)


def _try(app: App, run: PuzzleRun, match: Match) -> None:
    """Show the puzzle ``run`` at its start ``match``; in the full page a reload poses
    a site's puzzle again (an author's goal is not kept)."""
    app.resume(match)
    run.verdict, app.puzzle, app.covered = None, run, False  # one person, whose turn it is
    if app.embed is None:
        try_puzzle(app.storage, run.name)


def tutorial(app: App, rest: str) -> None:
    """``tutorial:start`` (begin, or begin again), ``tutorial:next`` (a lesson read),
    ``tutorial:skip`` (the welcome's "just play": a game at once; during the tutorial:
    leave it for the new-game dialog), ``tutorial:play`` (finished: a real game),
    ``tutorial:puzzles`` (finished: the puzzles' list)."""
    if rest == "start":
        app.players.forget()
        app.resume(begin())
        app.tutorial = Tutorial()
        app.save()
    elif rest == "next" and app.tutorial is not None:
        app.tutorial.read()
        app.save()  # a reload goes on from the next lesson
    elif rest == "skip" and app.tutorial is None and app.dialog == "welcome":
        remember(app.storage, SKIPPED)
        app.start()
    elif rest in ("skip", "play", "puzzles") and app.tutorial is not None:
        if not app.tutorial.finished:  # left half-way (DONE is kept when it finished)
            remember(app.storage, SKIPPED)
        app.tutorial, app.match, app.selected = None, None, ()
        app.dialog = "puzzles" if rest == "puzzles" else "new"


HANDLERS: dict[str, Callable[[App, str], None]] = {
    "step": step, "replay": replay, "retry": retry, "solution": solution,
    "puzzles": puzzles, "puzzle": puzzle, "tutorial": tutorial,
}
