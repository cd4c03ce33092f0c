"""Two tabs on one game: the browser's storage event tells this tab that another wrote a
save. Taken up while the other tab plays the computer's turn, this one waits for it;
otherwise the person chooses (the acts "newer" and "keep"). A save deleted there is
said, and saved again only by playing on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import saves
from ..words.language import N_, _

if TYPE_CHECKING:
    from .app import App

DELETED = N_("This game was deleted in another tab")
#: Seconds a tab that took up another tab's game in the computer's turn leaves that turn
#: to the other tab (each of its actions stored starts the wait again): more than the
#: slowest pace between two actions (3 s) and a decision's thinking.
DEFER_SECONDS = 6.0


def storage_changed(app: App, key: str | None) -> None:
    """Another tab wrote ``key`` (the browser's storage event; None: it cleared all).
    While this tab waits for the other to play the computer's turn, it follows that
    tab's game; otherwise the person chooses."""
    m = app.match
    if m is None or app.embed is not None or app.elsewhere:
        return
    if m.by_links:  # links only add to such a game: the newer is taken up (friend.py)
        from .friend import storage_changed as links_changed  # lazy: not loaded at boot
        links_changed(app, key)
        return
    mine = saves.PREFIX + m.id
    if key == mine and saves.is_newer(app.storage, m):
        if not (waiting_for_other(app) and take_up_newer(app)):
            app.game_changed()
    elif key in (mine, None) and m.revision and app.storage.getItem(mine) is None:
        # Deleted there (or every save cleared): this tab's next action would save it
        # again, unsaid (a tester saw a deleted game come back).
        app.tell(DELETED, _("Play on, and this tab saves it again; or choose "
                             "“New game” to leave it."))


def take_up_newer(app: App) -> bool:
    """Go on with this game as another tab stored it; False when it cannot be read
    (deleted there, or damaged). Taken up in the computer's turn, the other tab is
    playing that turn: this one waits DEFER_SECONDS for its actions before playing
    the turn itself (the other tab may have been closed)."""
    m = app.match
    entry = saves.load(app.storage, m.id) if m is not None else None
    if entry is None or entry.match is None:
        return False
    app.players.forget()  # a level's planned turn belongs to the abandoned position
    app.resume(entry.match)
    app.defer_until = app.now() + DEFER_SECONDS if entry.match.computer_to_move() else 0.0
    return True


def waiting_for_other(app: App) -> bool:
    """Whether the computer's turn is left to the tab this game was taken up from."""
    m = app.match
    return m is not None and m.computer_to_move() and app.now() < app.defer_until
