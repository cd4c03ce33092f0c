"""What the page opens at boot: a linked game or position (``?record=``,
``?position=``), else the game last played, else a fresh game. The address is read by
``web.address.read``; what it got wrong is said in a notice, and the page goes on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kahuna import KahunaError

from . import saves
from .address import Address, read
from .controller import HOTSEAT, Match

if TYPE_CHECKING:
    from .app import App

LINK_TITLE = "This link holds no game that can be opened"
ADDRESS_TITLE = "Part of the address was not understood"


def boot(app: App, address: Address | Mapping[str, str]) -> None:
    """Open a linked game/position, else the current save, else a fresh game; say what
    in the address could not be used."""
    if not isinstance(address, Address):
        address = read(address)
    problems = list(address.problems)
    opened = address.link is not None and _open_link(app, *address.link, problems)
    if opened:
        pass
    elif app.embed is None:
        _open_current(app)
    elif not address.linked:  # embedded without a link: against the computer
        app.start()
    if problems:
        title = LINK_TITLE if address.linked and not opened else ADDRESS_TITLE
        app.tell(title, " ".join(problems))
    app.remember_opening()


def _open_current(app: App) -> None:
    entry = saves.current(app.storage)
    if entry is not None and entry.match is not None:
        app.resume(entry.match)
    elif entry is not None and entry.raw:
        app.problem, app.dialog = entry, "problem"
    else:
        app.start()


def _open_link(app: App, key: str, data: Any, problems: list[str]) -> bool:
    """Open the game a link holds; a link opened before resumes the game it became.
    False (and a sentence in ``problems``) when the link holds no game."""
    try:
        if isinstance(data, dict) and "meta" not in data:  # a bare record: two players
            data = {**data, "meta": {"mode": HOTSEAT}}
        match = Match.from_record(data)
    except (ValueError, KahunaError, TypeError, AttributeError) as exc:  # a bad link: say why
        problems.insert(0, f"The {key} in the address could not be read: {exc}.")
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
