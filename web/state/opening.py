"""What the page opens at boot: a linked game or position (``?record=``,
``?position=``), else the tutorial or the game last played, else (a first visit: after
offering the tutorial) a fresh game. The address is read by
``web.state.address.read``; what it got wrong is said in a notice, and the page goes on.
A game record file (or a position) chosen in the new-game dialog opens by the same way
as a link (``open_file``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from kahuna import MAX_BYTES, KahunaError, RecordError, link_kind, link_record, load_json

from ..game import saves
from ..game.match import COMPUTER, HOTSEAT, Match
from ..learn import tutorial
from ..learn.modes import DIAGRAM, PLAY, PUZZLE, SEQUENCE, Mode
from ..learn.puzzle import puzzle_run
from ..learn.sequence import Sequence
from ..learn.solved import trying
from ..words.language import N_, _, ngettext
from ..words.reasons import TOO_LARGE, reason
from . import lesson_acts
from .address import Address, link_problem, quoted, read
from .new_game import seat_of

if TYPE_CHECKING:
    from kahuna import Goal

    from .app import App

LINK_TITLE = N_("This link holds no game that can be opened")
ADDRESS_TITLE = N_("Part of the address was not understood")
FILE_TITLE = N_("This file holds no game that can be opened")
#: The largest file read: the most kahuna.load_json takes (a long game's record is about
#: 5 kB), so a larger file is refused before it is read, with the same limit named.
FILE_LIMIT = MAX_BYTES


def boot(app: App, address: Address | Mapping[str, str]) -> None:
    """Open a linked game/position, else the current save, else a fresh game; say what
    in the address could not be used."""
    if not isinstance(address, Address):
        address = read(address)
    problems, detail = list(address.problems), [address.detail]
    posed = app.embed is None and address.mode.mode == PUZZLE
    app.mode = address.mode if app.embed is not None else Mode()  # the full page plays on
    opened = address.link is not None and _open_link(app, *address.link, problems, detail)
    if opened:
        pass
    elif app.embed is None:  # a notice about the address comes first, not the tutorial
        _open_current(app, offer=not problems and not posed)
        if address.mode.new_game and not posed and not app.dialog:
            # a game embed's "full game" link: its options offered over the game kept
            _choose_from_mode(app, address.mode)
            app.dialog = "new"
    elif not address.linked and not app.mode.puzzle:  # embedded, no link: the computer
        _choose_from_mode(app, app.mode)
        app.start()
    if posed and (address.mode.puzzle or opened):  # an embedded puzzle's "full game" link
        lesson_acts.pose(app, address.mode.puzzle, address.mode.goal)
    remember_opening(app)  # before the mode: Reset goes back to the whole game
    if app.embed is not None and (opened or not address.linked):
        problems += open_mode(app, address.linked)
    if problems:
        title = LINK_TITLE if address.linked and not opened else ADDRESS_TITLE
        app.tell(title, " ".join(problems), detail[-1])


def remember_opening(app: App) -> None:
    """Embedded: keep the game as it opened, for Reset (once)."""
    if app.embed is not None and app.opened is None and app.match is not None:
        app.opened = app.match.to_record()


def reopen(app: App, pairs: list[tuple[str, str]], full_game: str) -> None:
    """Embedded: show another example in the same frame, as a fresh boot with these
    address parameters (a rules page moves its one live board between its diagrams and
    keeps one runtime, web/boot/dom.py); ``full_game``: the new example's full-game address."""
    app.players.forget()  # a level's planned turn belongs to the example left
    app.match = app.opened = app.review = None
    app.embed, app.dialog, app.selected, app.hint = full_game, "", (), None
    address = read([*pairs, ("embed", "")])
    if address.lang is not None:
        app.lang = address.lang
    boot(app, address)


def open_mode(app: App, linked: bool = True) -> list[str]:
    """Embedded: show the game the link opened in the frame's mode (web/learn/modes.py); what
    the mode cannot do with it is said in the returned sentences (the game is played).
    ``linked``: the address named a game (a diagram without one shows a fresh game)."""
    mode, m = app.mode, app.match
    if mode.mode != PLAY and app.dialog == "end":  # a lesson shows the game, not its result
        app.dialog = ""
    if mode.mode == DIAGRAM and not linked:
        return [_("A diagram needs a position= or a record=: a fresh game is shown to play.")]
    if mode.mode == SEQUENCE:
        if m is None or not m.actions:
            return [_("A sequence needs a record with actions: the game is shown to play.")]
        app.sequence = Sequence.of(m, mode.step or 0)
        app.sequence.auto = mode.auto
        app.match = app.sequence.at()
    elif mode.mode == DIAGRAM and m is not None and mode.step is not None:
        app.match = Sequence.of(m, mode.step).at()
    elif mode.mode == PUZZLE:
        if not mode.puzzle and m is None:
            return []  # no position to pose the goal in: the bad link was said already
        run, match = puzzle_run(mode.puzzle, mode.goal, m)
        app.resume(match)
        app.puzzle = run
        if not mode.puzzle:  # an author's goal: one no turn can reach is said at once
            return _beyond_reach(run.goal, match)
    elif mode.mode == PLAY and m is not None and (mode.colour or mode.level):
        _choose_from_mode(app, mode)  # a linked game, played against the computer
        m.mode, m.level = COMPUTER, app.choice.level
        rng = random.Random(app.seed if app.seed is not None else app.now())
        m.human = seat_of(app.choice.colour, rng)
        app.resume(m)
    return []


def _beyond_reach(goal: Goal, match: Match) -> list[str]:
    """A sentence when counting bridges shows that no turn from ``match`` reaches ``goal``
    (``kahuna.beyond_reach``: a control goal of more islands than the mover's bridges can
    hold by the turn's end)."""
    from kahuna import beyond_reach, goal_text  # lazy: kahuna.learn loads on first use

    counted = beyond_reach(goal, match.state)
    if counted is None:
        return []
    need, most = counted
    return [ngettext("No turn reaches the goal {goal} from this position: it takes at least "
                     "{need} bridge of yours on the board (each island you hold needs more than "
                     "half of its lines), and you can have at most {most} there by the end of "
                     "this turn: those there now and one per card in your hand.",
                     "No turn reaches the goal {goal} from this position: it takes at least "
                     "{need} of your bridges on the board (each island you hold needs more than "
                     "half of its lines), and you can have at most {most} there by the end of "
                     "this turn: those there now and one per card in your hand.", need)
            .format(goal=goal_text(goal), need=need, most=most)]


def _choose_from_mode(app: App, mode: Mode) -> None:
    """The new-game options an embed's address gives: level, colour, variants."""
    from ..game.players import levels  # lazy, as everywhere: the players are big

    c = app.choice
    c.mode, c.level = COMPUTER, mode.level or c.level or levels()[0]
    c.colour = mode.colour or c.colour
    c.fewer_surprises, c.open_draws = "v1" in mode.variants, "v2" in mode.variants


def start_autoplay(app: App, level: str) -> None:
    """?autoplay=LEVEL: the computer plays both seats at LEVEL; an unknown level is
    refused with a message (and a game against the computer instead)."""
    from ..game.players import levels  # lazy, as everywhere: the players are big

    known = level in levels()
    app.autoplay = level if known else ""
    app.start()
    if not known:
        app.tell(N_("This address asks for something the page cannot do"),
                 _("autoplay: there is no level “{level}”; the levels are {levels}.")
                 .format(level=level[:40], levels=", ".join(levels())))


def _open_current(app: App, offer: bool) -> None:
    """The tutorial left half-way, else the game last played, else on a first visit the
    offer of the tutorial (web/view/coach.py) if ``offer``, else a fresh game; and over
    the game, the site's puzzle being tried when the page was left."""
    from .friend import resume_current  # a game by links played last (web/state/friend.py)
    going = tutorial.resume(app.storage)
    posed = trying(app.storage)  # read first: showing the game forgets it
    entry = saves.current(app.storage)
    if entry is not None and entry.missing:  # a damaged pointer: the games are all there
        entry = saves.latest(app.storage)
    if going is None and resume_current(app):
        pass
    elif going is not None:
        app.resume(going[1])
        app.tutorial = going[0]
    elif entry is not None and entry.match is not None:
        app.resume(entry.match)
    elif entry is not None:  # unreadable, even an empty string: said, kept
        app.problem, app.dialog = entry, "problem"
    elif offer and app.keeps and tutorial.first_visit(app.storage):  # else it would nag
        app.dialog = "welcome"
    else:
        app.start()
    if posed and going is None and app.dialog in ("", "end"):
        lesson_acts.puzzle(app, posed)  # an unknown name changes nothing


def open_file(app: App, name: str, raw: bytes) -> None:
    """Open the file ``name``, a game record or a position, as a link would; a file that
    holds no game is said in a notice (the engine's words as its detail), and the game
    shown stays as it was."""
    problems: list[str] = []
    detail = [""]
    try:
        data = load_json(raw, RecordError)
        key = link_kind(data)
        if _open_link(app, key, link_record(key, data), problems, detail,
                      lambda key: _file_problem(name)):
            return
    except KahunaError as exc:  # not JSON, not UTF-8, too large
        problems, detail = [f"{_file_problem(name)} {reason(exc)}"], [str(exc)]
    app.tell(FILE_TITLE, " ".join(problems), detail[-1])


def file_too_large(app: App, name: str, size: int) -> None:
    """The file ``name`` has ``size`` bytes, more than FILE_LIMIT: said, not read."""
    app.tell(FILE_TITLE, f"{_file_problem(name)} {_(TOO_LARGE)}",
             f"too large: {size} bytes, at most {FILE_LIMIT}")


def file_unreadable(app: App, name: str) -> None:
    """The browser could not read the file ``name`` (gone since it was chosen, or not
    allowed): said."""
    app.tell(FILE_TITLE, _file_problem(name), "the browser could not read the file")


def _file_problem(name: str) -> str:
    return _("The file {name} is not a game record or a position that can be opened.").format(
        name=quoted(name))


def _open_link(app: App, key: str, data: Any, problems: list[str], detail: list[str],
               problem: Callable[[str], str] = link_problem) -> bool:
    """Open the game a link holds; a link opened before resumes the game it became.
    False (and a sentence in ``problems``, ``problem(key)``, the engine's words in
    ``detail``) when the link holds no game."""
    try:
        if isinstance(data, dict) and "meta" not in data:  # a bare record: two players
            data = {**data, "meta": {"mode": HOTSEAT}}
        match = Match.from_record(data)
    except (ValueError, KahunaError, TypeError, AttributeError) as exc:  # a bad link: say why
        problems.insert(0, f"{problem(key)} {reason(exc)}")
        detail.append(str(exc))
        return False
    link = saves.identity(match.to_record())
    before = saves.opened_from(app.storage, link) if app.embed is None else None
    again = before is not None and before.match is not None
    if again:  # opened before: that game
        match = before.match
    else:
        match.id = saves.new_id(app.storage, app.now())
        match.created = app.now()
        match.revision, match.opened = 0, link
    app.resume(match)
    # Whoever opened the link or file is at the device and asked for this game: no
    # cover to tap first (it stood between them and New game, a tester's find).
    app.covered = False
    if match.state.is_over and not again and app.embed is None:
        try:  # someone's game, not played here
            saves.not_a_result(app.storage, match)
        except Exception:  # storage refuses: the save below says so
            pass
    app.save()
    return True
