"""What the page opens at boot: a linked game or position (``?record=``,
``?position=``), else the game last played, else a fresh game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kahuna import LINK_KEYS, KahunaError, decode_link, link_record

from . import saves
from .controller import HOTSEAT, Match

if TYPE_CHECKING:
    from .app import App


def boot(app: App, params: dict[str, str]) -> None:
    """Open a linked game/position, else the current save, else a fresh game."""
    if any(key in params for key in LINK_KEYS):
        _open_link(app, params)
    elif app.embed is not None:  # embedded without a link: against the computer
        app.start()
    else:
        _open_current(app)
    app.remember_opening()


def _open_current(app: App) -> None:
    entry = saves.current(app.storage)
    if entry is not None and entry.match is not None:
        app.resume(entry.match)
    elif entry is not None and entry.raw:
        app.problem, app.dialog = entry, "problem"
    else:
        app.start()


def _open_link(app: App, params: dict[str, str]) -> None:
    key = "record" if "record" in params else "position"
    try:
        data = link_record(key, decode_link(params[key]))
        if isinstance(data, dict) and "meta" not in data:  # a bare record: two players
            data["meta"] = {"mode": HOTSEAT}
        match = Match.from_record(data)
    except (ValueError, KahunaError, TypeError, AttributeError) as exc:  # a bad link: say why
        app.notice = ("This link holds no game that can be opened",
                      f"The {key} in the address could not be read: {exc}")
        app.dialog = "notice"
        entry = saves.current(app.storage)
        if entry is not None and entry.match is not None and app.embed is None:
            app.match = entry.match
        return
    match.id = saves.new_id(app.storage, app.now())
    match.created = app.now()
    app.resume(match)
    app.save()
