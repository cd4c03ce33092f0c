"""The position editor's acts, ``edit:<verb>[:<args>]`` (issue 32; its state:
web/learn/editor.py, its panel: web/view/editor.py). A change that would break a rule is
refused and said beside its control; nothing the author set up is lost."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from kahuna import (
    BLACK, ISLANDS, Breach, KahunaError, Setup, draft_of, draft_position, draft_seen, line_name,
    link_url, new_game, read_pasted,
)

from ..game import saves
from ..game.match import COMPUTER, HOTSEAT, Match
from ..game.players import levels
from ..learn.editor import TARGETS, Editor
from ..learn.modes import PUZZLE
from ..learn.proof import check
from ..words.language import _
from ..words.reasons import reason
from .builder_acts import open_builder
from .friend import FRAGMENT
from .sharing import Share

if TYPE_CHECKING:
    from .app import App

_SEATS = {"black": 0, "white": 1}
_LINES = {line_name(i): i for i in range(27)}
_ISLANDS = {name: i for i, name in enumerate(ISLANDS)}


def _seed(app: App) -> int:
    return app.seed if app.seed is not None else int(app.now() * 1000) % 2**31


def _open(app: App, rest: str) -> None:
    """Open the editor (``rest``: "empty", "deal", "game" or "step", a replay's step shown;
    "" keeps an open editor's draft, else starts empty). The game behind stays as it was."""
    editor = app.editor if app.editor is not None and rest else Editor(seed=_seed(app))
    sequence = app.sequence
    if rest == "step" and sequence is not None and app.match is not None:
        # a finished game's replay shows every card; a game still going, what its viewer saw
        editor.change(draft_of(sequence.states[sequence.step]) if sequence.game.state.is_over
                      else draft_seen(app.match.observation()))
    elif rest == "deal":
        editor.change(draft_of(new_game(Setup(seed=_seed(app), first=BLACK))))
    elif rest == "game" and app.match is not None and not app.match.state.is_over:
        # R24: only what the viewer sees; under the hot-seat cover, what both players see
        editor.change(draft_seen(app.match.observation(), public=app.covered))
    elif rest == "empty":
        editor.change(type(editor.draft)())
    app.editor, app.dialog = editor, ""


def open_from_address(app: App) -> None:
    """``?editor``: straight to an empty editor. A notice about the address (an unreadable
    position, say) stays over it: what the address asked for is never dropped unsaid."""
    told = app.dialog if app.dialog == "notice" else ""
    _open(app, "empty")
    app.dialog = told


def _line(e: Editor, rest: str) -> None:
    if rest in _LINES:
        e.change(e.draft.cycle_line(_LINES[rest]))


def _target(e: Editor, rest: str) -> None:
    if rest in TARGETS:
        e.target, e.refused = rest, None


def _add(e: Editor, rest: str) -> None:
    """A palette card to where the cards go: a hand, or the display's first empty place
    (``HUNA:white``: to that place, as a key in White's hand puts it there)."""
    name, _, where = rest.partition(":")
    where = where or e.target
    if name not in _ISLANDS or where not in TARGETS:
        return
    card, d = _ISLANDS[name], e.draft
    if where in _SEATS:
        e.change(d.add_card(_SEATS[where], card))
    elif -1 in d.display:
        e.change(d.set_display(d.display.index(-1), card))
    else:  # all three places taken (R6 lays three)
        e.refused = Breach("R6", "display", 3)


def _drop(e: Editor, rest: str) -> None:
    """``black:HUNA`` takes a card out of a hand; ``display:1`` empties a place."""
    where, _, what = rest.partition(":")
    if where in _SEATS and what in _ISLANDS:
        e.change(e.draft.drop_card(_SEATS[where], _ISLANDS[what]))
    elif where == "display" and what in ("0", "1", "2"):
        e.change(e.draft.set_display(int(what), -1))


def _unknown(e: Editor, rest: str) -> None:
    seat, _, step = rest.partition(":")
    if seat in _SEATS and step in ("1", "-1"):
        e.change(e.draft.add_unknown(_SEATS[seat], int(step)))


def _pile(e: Editor, rest: str) -> None:
    if rest in ("1", "-1"):
        e.change(replace(e.draft, pile=max(0, e.draft.pile + int(rest))))


def _round(e: Editor, rest: str) -> None:
    if rest in ("1", "2", "3"):
        e.change(e.draft.set_round(int(rest)))


def _scoring(e: Editor, rest: str) -> None:
    if rest in ("0", "1") and int(rest) < len(e.draft.scorings):
        e.change(e.draft.cycle_scoring(int(rest)))


def _move(e: Editor, rest: str) -> None:
    if rest in _SEATS:
        e.change(replace(e.draft, to_move=_SEATS[rest]))


def _variant(e: Editor, rest: str) -> None:
    if rest in ("fewer_surprises", "open_draws"):
        e.change(replace(e.draft, **{rest: not getattr(e.draft, rest)}))


_EDITS: dict[str, Callable[[Editor, str], None]] = {
    "line": _line, "target": _target, "add": _add, "drop": _drop, "unknown": _unknown,
    "pile": _pile, "round": _round, "scoring": _scoring, "move": _move, "variant": _variant,
    "clear": lambda e, rest: e.change(type(e.draft)()), "flip": lambda e, rest: e.change(
        e.draft.flipped()), "undo": lambda e, rest: e.undo(), "redo": lambda e, rest: e.redo(),
}


def _paste(app: App, e: Editor, text: str) -> None:
    """A pasted link, position or record: its position, or why not (the draft kept)."""
    if FRAGMENT in text:  # a game by links' link (web/state/friend.py): its cards sealed
        e.pasted = _("This is a link of a game by links: open it as an address to play "
                     "on. It holds no position that can be set up here.")
        return
    try:
        state = read_pasted(text)
    except KahunaError as exc:
        e.pasted = reason(exc)
        return
    e.change(draft_of(state), pasted=True)


def _play(app: App, e: Editor, rest: str) -> None:
    """Play from the position set up, against the computer (the person has the side to
    move) or two players at this device."""
    if rest not in (COMPUTER, HOTSEAT):
        return
    try:
        position = draft_position(e.draft, e.seed)
    except KahunaError:  # unfinished: the panel says what is missing
        return
    human = e.draft.to_move if rest == COMPUTER else None
    level = app.choice.level or levels()[0]
    record = {"format": "kahuna-record", "version": 1, "position": position, "actions": [],
              "meta": {"mode": rest, "human": human, "level": level}}
    match = Match.from_record(record)
    match.id, match.created = saves.new_id(app.storage, app.now()), app.now()
    app.editor = None
    app.resume(match)
    app.covered = False  # the author is at the device and asked for this game
    app.save()


def _share(app: App, e: Editor) -> None:
    """The share dialog with a link to the position, every hand exactly as set up."""
    try:
        data = draft_position(e.draft, e.seed)
    except KahunaError:
        return
    app.share = Share(link_url(data, app.site), "position")
    app.under, app.dialog = app.dialog, "share"


def _embed(app: App, e: Editor) -> None:
    """The embed builder on the position as set up, every hand exact; closing it comes
    back to the editor, the draft as it was."""
    try:
        data = draft_position(e.draft, e.seed)
    except KahunaError:  # unfinished: the panel says what is missing
        return
    open_builder(app, data, exact=True)
    answer = e.checked()
    if answer is not None and answer.solvable() and app.builder is not None:
        app.builder.mode, app.builder.goal = PUZZLE, answer.goal  # the puzzle checked


def edit(app: App, rest: str) -> None:
    """One act of the editor; outside it (but ``open``), and when malformed, nothing."""
    verb, _, args = rest.partition(":")
    if verb == "open":
        _open(app, args)
        return
    e = app.editor
    if e is None or app.dialog:
        return
    if verb in _EDITS:
        _EDITS[verb](e, args)
    elif verb == "paste":
        _paste(app, e, args)
    elif verb == "play":
        _play(app, e, args)
    elif verb == "share":
        _share(app, e)
    elif verb == "goal":  # the goal field's text comes along (web/boot/dom.py)
        e.answer = check(e.draft, e.seed, args)
    elif verb == "embed":
        _embed(app, e)
    elif verb == "close":
        app.editor = None
        if app.match is None:
            app.dialog = "new"

