"""The acts of "Best turn" (issue 32), ``analysis:<verb>[:<args>]``: open it for the
position on show (``position_of``), look at the best
turn or an alternative and step through it, play on from the position, close. Its
state: web/learn/analysis.py; its dialog: web/view/analysis.py.

Not in a game against the computer: there "Hint" is the help the game gives, and the
master's whole turn with two alternatives and their chances would be far more than a
hint. Not in a puzzle either: it would give the answer away."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from kahuna import KahunaError, State, observe, position_to_json

from ..game import saves
from ..game.match import COMPUTER, HOTSEAT, Match
from ..game.players import levels
from ..learn.analysis import (
    choose, may_analyse, position_key, reviewed_turn_start, show_step, start_analysis,
)

if TYPE_CHECKING:
    from .app import App

DIALOG = "analysis"


def position_of(app: App) -> State | None:
    """The position "Best turn" would analyse now, or None where it is not offered: the
    editor's, a replay's step, a reviewed turn's start, a hot-seat game's."""
    if app.editor is not None:
        try:
            state = app.editor.state()
        except KahunaError:  # unfinished: the editor's panel says what is missing
            return None
    elif app.puzzle is not None or app.embed is not None or app.match is None:
        return None
    elif app.dialog == "review" and app.review is not None:  # a reviewed turn's start
        state = reviewed_turn_start(app.match, app.review)
        if state is None:
            return None
    elif app.sequence is not None and app.sequence.back_to is not None:  # a replay's step
        state = app.sequence.states[app.sequence.step]
    elif app.match.mode == HOTSEAT and app.sequence is None:
        state = app.match.state
    else:
        return None
    return state if may_analyse(state) else None


def _open(app: App, rest: str) -> None:
    """Analyse the position on show; a second press for the same position (or one
    while it is worked on) keeps the work done so far."""
    state = position_of(app)
    if state is None or app.dialog == DIALOG:
        return
    a = app.analysis
    if a is None or a.key != position_key(state):
        app.analysis = start_analysis(state, app.seed or 0)
    app.under, app.dialog = app.dialog, DIALOG


def _choose(app: App, rest: str) -> None:
    a = app.analysis
    if a is not None and a.result is not None and rest.isdigit():
        choose(a, int(rest))


def _step(app: App, rest: str) -> None:
    if app.analysis is not None and app.analysis.steps:
        show_step(app.analysis, rest)


def _play(app: App, rest: str) -> None:
    """Play on from the analysed position against the computer (the person has the side
    to move) or two players at this device: a new game, saved as any other."""
    a = app.analysis
    if a is None or rest not in (COMPUTER, HOTSEAT):
        return
    human = a.state.to_move if rest == COMPUTER else None
    state = a.state
    m = app.match
    if (app.editor is None and m is not None and not m.state.is_over
            and a.key == position_key(m.state)):
        # The game being played: the new one must not hand over the other player's hidden
        # cards and the pile's order (R24): what the player to move cannot see is dealt
        # anew, as in a shared position (web/state/sharing.py).
        seed = None if app.seed is None else f"{app.seed}:play:{len(m.actions)}"
        state = observe(state, state.to_move).sample_state(random.Random(seed))
    record = {"format": "kahuna-record", "version": 1, "position": position_to_json(state),
              "actions": [], "meta": {"mode": rest, "human": human,
                                      "level": app.choice.level or levels()[0]}}
    match = Match.from_record(record)
    match.id, match.created = saves.new_id(app.storage, app.now()), app.now()
    app.editor = app.sequence = app.review = None
    app.resume(match)
    app.covered = False  # the person at the device asked for this game
    app.save()


def close(app: App, rest: str = "") -> None:
    """Back to what was shown; the work done is kept for the same position."""
    if app.dialog == DIALOG:
        app.dialog, app.under = app.under, ""


_VERBS: dict[str, Callable[[App, str], None]] = {
    "open": _open, "choose": _choose, "step": _step, "play": _play, "close": close}


def act(app: App, rest: str) -> None:
    """One act of "Best turn"; a malformed one does nothing."""
    verb, _, args = rest.partition(":")
    if verb in _VERBS and (verb == "open" or app.analysis is not None):
        _VERBS[verb](app, args)
