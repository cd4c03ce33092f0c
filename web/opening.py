"""What the page opens at boot: a linked game or position (``?record=``,
``?position=``), else the tutorial or the game last played, else (a first visit: after
offering the tutorial) a fresh game. The address is read by
``web.address.read``; what it got wrong is said in a notice, and the page goes on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kahuna import KahunaError

from . import saves, tutorial
from .address import Address, link_problem, read
from .controller import HOTSEAT, Match
from .language import N_, _

if TYPE_CHECKING:
    from .app import App

LINK_TITLE = N_("This link holds no game that can be opened")
ADDRESS_TITLE = N_("Part of the address was not understood")


def boot(app: App, address: Address | Mapping[str, str]) -> None:
    """Open a linked game/position, else the current save, else a fresh game; say what
    in the address could not be used."""
    if not isinstance(address, Address):
        address = read(address)
    problems, detail = list(address.problems), [address.detail]
    opened = address.link is not None and _open_link(app, *address.link, problems, detail)
    if opened:
        pass
    elif app.embed is None:  # a notice about the address comes first, not the tutorial
        _open_current(app, offer=not problems)
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


def _open_current(app: App, offer: bool) -> None:
    """The tutorial left half-way, else the game last played, else on a first visit the
    offer of the tutorial (web/coach.py) if ``offer``, else a fresh game."""
    going = tutorial.resume(app.storage)
    entry = saves.current(app.storage)
    if going is not None:
        app.resume(going[1])
        app.tutorial = going[0]
    elif entry is not None and entry.match is not None:
        app.resume(entry.match)
    elif entry is not None and entry.raw:
        app.problem, app.dialog = entry, "problem"
    elif offer and app.keeps and tutorial.first_visit(app.storage):  # else it would nag
        app.dialog = "welcome"
    else:
        app.start()


def _open_link(app: App, key: str, data: Any, problems: list[str], detail: list[str]) -> bool:
    """Open the game a link holds; a link opened before resumes the game it became.
    False (and a sentence in ``problems``, the engine's words in ``detail``) when the link
    holds no game."""
    try:
        if isinstance(data, dict) and "meta" not in data:  # a bare record: two players
            data = {**data, "meta": {"mode": HOTSEAT}}
        match = Match.from_record(data)
    except (ValueError, KahunaError, TypeError, AttributeError) as exc:  # a bad link: say why
        problems.insert(0, link_problem(key))
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
