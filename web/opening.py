"""What the page opens at boot: a linked game or position (``?record=``,
``?position=``), else the game last played, else a fresh game. The address is read by
``web.address.read``; what it got wrong is said in a notice, and the page goes on.
A game record file (or a position) chosen in the new-game dialog opens by the same way
as a link (``open_file``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from kahuna import KahunaError, RecordError, link_kind, link_record, load_json

from . import saves
from .address import Address, link_problem, quoted, read
from .controller import HOTSEAT, Match
from .language import N_, _

if TYPE_CHECKING:
    from .app import App

LINK_TITLE = N_("This link holds no game that can be opened")
ADDRESS_TITLE = N_("Part of the address was not understood")
FILE_TITLE = N_("This file holds no game that can be opened")
#: The largest file read: a long game's record is about 5 kB; kahuna.load_json then
#: refuses anything over 200 kB, so this only spares reading a huge file at all.
FILE_LIMIT = 1_000_000


def boot(app: App, address: Address | Mapping[str, str]) -> None:
    """Open a linked game/position, else the current save, else a fresh game; say what
    in the address could not be used."""
    if not isinstance(address, Address):
        address = read(address)
    problems, detail = list(address.problems), [address.detail]
    opened = address.link is not None and _open_link(app, *address.link, problems, detail)
    if opened:
        pass
    elif app.embed is None:
        _open_current(app)
    elif not address.linked:  # embedded without a link: against the computer
        app.start()
    if problems:
        title = LINK_TITLE if address.linked and not opened else ADDRESS_TITLE
        app.tell(title, " ".join(problems), detail[-1])
    app.remember_opening()


def start_autoplay(app: App, level: str) -> None:
    """?autoplay=LEVEL: the computer plays both seats at LEVEL; an unknown level is
    refused with a message (and a game against the computer instead)."""
    from .players import levels  # lazy, as everywhere: the players are big

    known = level in levels()
    app.autoplay = level if known else ""
    app.start()
    if not known:
        app.tell(N_("This address asks for something the page cannot do"),
                 _("autoplay: there is no level “{level}”; the levels are {levels}.")
                 .format(level=level[:40], levels=", ".join(levels())))


def _open_current(app: App) -> None:
    entry = saves.current(app.storage)
    if entry is not None and entry.match is not None:
        app.resume(entry.match)
    elif entry is not None and entry.raw:
        app.problem, app.dialog = entry, "problem"
    else:
        app.start()


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
        problems, detail = [_file_problem(name)], [str(exc)]
    app.tell(FILE_TITLE, " ".join(problems), detail[-1])


def file_too_large(app: App, name: str, size: int) -> None:
    """The file ``name`` has ``size`` bytes, more than FILE_LIMIT: said, not read."""
    app.tell(FILE_TITLE, _file_problem(name),
             f"too large: {size} bytes, at most {FILE_LIMIT}")


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
        problems.insert(0, problem(key))
        detail.append(str(exc))
        return False
    link = saves.identity(match.to_record())
    before = saves.opened_from(app.storage, link) if app.embed is None else None
    if before is not None and before.match is not None:  # opened before: that game
        app.resume(before.match)
        app.save()
        return True
    match.id = saves.new_id(app.storage, app.now())
    match.created = app.now()
    match.revision, match.opened = 0, link
    app.resume(match)
    app.save()
    return True
