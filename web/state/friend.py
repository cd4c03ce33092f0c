"""Playing a friend at a distance (issue 31): the acts of games by links, the links that
arrive in the address (``#play=...``, ``open_link``), and the turn sent when it ends.

The engine (``kahuna.correspondence``, docs/correspondence.md) makes and checks every
link; this module keeps the games (web/game/by_links.py) and says what happened. A link
that cannot be applied changes nothing: the game it names (if kept here) is shown as it
stands, and a notice says why in plain words (web/words/reasons.py ``link_reason``).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Callable

from kahuna import Setup, parse_seat

from ..game import saves
from ..game.by_links import OVER, PLAY, SEND, ByLinks, FriendMatch, find, held, load, store
from ..game.by_links import delete as delete_entry
from ..game.timing import log_time
from ..learn.review import start_review
from ..words.language import N_, _
from ..words.reasons import link_reason
from . import friend_turn
from .new_game import seat_of
from .sharing import Share

if TYPE_CHECKING:
    from kahuna import correspondence

    from .app import App

#: The saves' "current game" names a game by links so (web/game/saves.py CURRENT).
CURRENT = "links:"
#: How a link of a game by links starts in the address (kahuna.correspondence Link.url).
FRAGMENT = "#play="
#: The longest friend's name kept (it is only a label).
NAME_LIMIT = 40
#: The link's kind for the share dialog's state (web/state/sharing.py ``Share``).
KIND = "friend"
NEWER = N_("This game went on in another tab")
#: The dialogs of games by links that Escape closes as their Close button does.
ESCAPABLE = ("friend-new", "friend-link", "friend-end", "friend-accept")


def entry_of(app: App) -> ByLinks | None:
    """The game by links on show, if it is one."""
    m = app.match
    return m.entry if isinstance(m, FriendMatch) else None


def url(app: App, text: str) -> str:
    """The address to send: the page's own, the link in its fragment (docs/correspondence.md:
    a web server never sees the game)."""
    return f"{app.site}{FRAGMENT}{text}"


def show(app: App, entry: ByLinks) -> None:
    """Put ``entry`` on show and make it the game a reload opens."""
    app.players.forget()
    app.resume(FriendMatch.of(entry))
    if app.dialog == "end":  # the engine's end: the friend's dialog says it (web/view/friend.py)
        app.dialog = ""
    try:
        app.storage.setItem(saves.CURRENT, CURRENT + entry.id)
    except Exception:  # storage refused: the game is still shown
        pass


def offer(app: App, text: str) -> None:
    """Offer the link ``text`` to send (the dialog "friend-link")."""
    app.share = Share(url(app, text), KIND)
    app.dialog = "friend-link"


def save(app: App) -> None:
    """Store the game by links on show (``App.save``); another tab's newer one is taken up."""
    entry = entry_of(app)
    if entry is None:
        return
    try:
        store(app.storage, entry, app.now())
    except saves.Newer:
        newer = load(app.storage, entry.id)
        if newer is not None:
            show(app, newer)
            app.tell(NEWER, _("It is shown as the other tab left it: nothing was lost, "
                              "and no link was sent twice."))
    except Exception as exc:  # storage full or switched off: say so, as for a save
        print(f"kahuna: the game by links could not be saved: {exc!r}")
        app.save_problem = N_("This game is not being saved just now: the browser’s storage "
                              "is full or switched off. Play on; it is saved again as soon as "
                              "the browser allows.")
    else:
        app.save_problem = ""


def played(app: App) -> None:
    """After an action on the board, or an undo: mid-turn, the turn so far is kept (a
    reload goes on from it; nothing went out yet); once the person's turn went to the
    engine (the world dealt again), the game is kept and the link to send offered."""
    entry = entry_of(app)
    if entry is None or app.match is None:
        return
    entry.turn = [str(a) for a in app.match.actions] if entry.status == PLAY else []
    save(app)
    if entry.status == PLAY:
        return
    if entry.last_sent():
        offer(app, entry.last_sent())
    _finish(app, entry)


def storage_changed(app: App, key: str | None) -> bool:
    """Another tab wrote ``key``: a game by links on show follows it (links only ever
    add to a game, so the newer holds this tab's turns too). True when it was ours."""
    entry = entry_of(app)
    if entry is None:
        return False
    if key in (None, "kahuna.links." + entry.id):
        newer = load(app.storage, entry.id)
        if newer is not None and newer.revision > entry.revision:
            dialog = app.dialog
            show(app, newer)
            app.dialog = dialog if dialog != "end" else ""
    return True


def resume_current(app: App) -> bool:
    """At boot: the game by links played last, if it was one and can be read."""
    current = app.storage.getItem(saves.CURRENT) or ""
    if not current.startswith(CURRENT):
        return False
    entry = load(app.storage, current[len(CURRENT):])
    if entry is None:
        return False
    show(app, entry)
    _finish(app, entry)
    return True


# ----- a link arrives ---------------------------------------------------------------------

def arrived(app: App, fragment: str) -> bool:
    """The address's fragment (``#play=...``, as ``Link.url`` makes it): a link of a game
    by links is opened; False when the fragment holds none."""
    if not fragment.startswith(FRAGMENT) or app.embed is not None:
        return False
    open_link(app, fragment[len(FRAGMENT):])
    return True


def open_link(app: App, text: str) -> None:
    """A link of a game by links in the address: an invitation is offered to accept,
    a turn is applied (a protocol link due then is made at once and offered), anything
    else is said, and nothing changes."""
    from kahuna import correspondence
    start = time.perf_counter()
    try:
        gid, number = correspondence.game_of(text)
        id = find(app.storage, gid)
        if id is None and number == 0:
            game, reply = correspondence.accept(text)
            log_time("accept", len(game.links), start)
            app.friend.invitation = (game, reply)
            app.dialog = "friend-accept"
            return
        if id is None:
            raise correspondence.ForeignLink("no game of this device has this id")
        entry = held(app.storage, entry_of(app), id)
        if entry is None:
            raise correspondence.ForeignLink("the game of this link cannot be read here")
        before = entry.game.obs  # the board before the friend's turn, to show it step by step
        try:
            effects = correspondence.receive(entry.game, text)
        except correspondence.LinkError:
            show(app, entry)  # the game it names, as it stands: nothing lost
            raise
    except correspondence.LinkError as exc:
        title, message = link_reason(exc)
        app.tell(title, message, str(exc))
        return
    entry.log += effects
    due = ""
    if entry.status == SEND:
        due = correspondence.reply(entry.game).text
    show(app, entry)
    save(app)
    log_time("open", len(entry.game.links), start)
    app.fx = effects[-1] if effects else None
    if due:
        offer(app, due)
    _finish(app, entry)
    friend_turn.begin(app, before, effects)


def _finish(app: App, entry: ByLinks) -> None:
    """Both seeds are out: the engine checks the whole game once (docs/correspondence.md,
    "At the end: verify"), and its result is kept."""
    if entry.status != OVER or entry.verified is not None or entry.cheat:
        return
    from kahuna import correspondence
    try:
        entry.verified = correspondence.verify(entry.game).record()
    except correspondence.CheatDetected as exc:
        entry.cheat = str(exc)
    save(app)
    if app.dialog not in ("friend-link", "notice"):
        app.dialog = "friend-end"


# ----- the acts ---------------------------------------------------------------------------

def _new(app: App, rest: str) -> None:
    """From the new-game dialog: the options of a game with a friend at a distance."""
    app.dialog = "friend-new"


def _named(app: App, typed: str) -> str:
    """The friend's name as typed in the dialog's field (web/boot/dom.py sends it with
    the act): spaces folded, cut at NAME_LIMIT, kept for the next game."""
    app.friend.name = " ".join(typed.split())[:NAME_LIMIT]
    return app.friend.name


def _name(app: App, rest: str) -> None:
    """The name field changed (web/boot/dom.py): kept at once, so that a click on an
    option, which draws the dialog anew, shows it still."""
    _named(app, rest)


def _invite(app: App, rest: str) -> None:
    """Make the invitation with the dialog's options, keep the game, offer its link;
    ``rest``: the friend's name as typed."""
    from kahuna import correspondence
    if app.dialog != "friend-new":  # a second tap: the first made the game already
        return
    name = _named(app, rest)
    c = app.choice
    rng = random.Random(app.seed) if app.seed is not None else None
    pick = rng or random.SystemRandom()
    setup = Setup(first=seat_of(c.first, pick), fewer_surprises=c.fewer_surprises,
                  open_draws=c.open_draws, handicap=c.handicap,
                  handicap_player=parse_seat(c.handicap_player))
    start = time.perf_counter()
    game, link = correspondence.invite(setup, seat_of(c.colour, pick), rng)
    log_time("invite", len(game.links), start)
    _keep_new(app, game, name, link.text)


def _accept(app: App, rest: str) -> None:
    """Accept the invitation opened: keep the game, offer the reply to send; ``rest``:
    the friend's name as typed."""
    held = app.friend.invitation
    if held is None:  # a second tap: accepted already
        return
    name = _named(app, rest)
    game, reply = held
    app.friend.invitation = None
    _keep_new(app, game, name, reply.text)


def _keep_new(app: App, game: correspondence.Game, name: str, link: str) -> None:
    """A game just invited to or accepted: kept, shown, and its first link offered."""
    now = app.now()
    entry = ByLinks(saves.new_id(app.storage, now), game, name, [], now, now)
    show(app, entry)
    save(app)
    offer(app, link)


def _decline(app: App, rest: str) -> None:
    """Leave the invitation unaccepted: nothing is kept; back to the game shown."""
    app.friend.invitation = None
    app.dialog = "" if app.match is not None else "new"


def _send(app: App, rest: str) -> None:
    """"Send again": the last link this device made for the game ``rest`` (the one on
    show when none is named), after opening it."""
    entry = entry_of(app)
    if rest and (entry is None or entry.id != rest):
        entry = load(app.storage, rest)
        if entry is None:
            return
        show(app, entry)
    if entry is not None and entry.last_sent():
        offer(app, entry.last_sent())


def _open(app: App, rest: str) -> None:
    """Go on with the game by links ``rest`` from the saved-games list."""
    entry = load(app.storage, rest)
    if entry is not None:
        show(app, entry)
        _finish(app, entry)
    else:
        app.tell(N_("This game cannot be opened"),
                 _("Its data in this browser is damaged. Start another game with your "
                   "friend from the New game dialog."))


def _forget(app: App, rest: str) -> None:
    """Ask again, then (``ID:sure``) delete the game by links ``ID``: the friend's next
    link will not open here, so the game is over for both; back to the new-game dialog.
    "friend-delete:" alone keeps the game."""
    rest, _, sure = rest.partition(":")
    app.friend.deleting = "" if sure else rest
    app.dialog = "new"
    if not sure:
        return
    delete_entry(app.storage, rest)
    if app.match is not None and app.match.id == rest:
        app.match = None


def _copy(app: App, rest: str) -> None:
    """Copy the link offered (web/boot/dom.py asks the browser and says how it went)."""
    if app.dialog == "friend-link" and app.share is not None:
        app.clipboard = app.share.url


def _share(app: App, rest: str) -> None:
    """Hand the link offered to the system's share sheet (a phone's messengers)."""
    if app.dialog == "friend-link" and app.share is not None and app.friend.can_share:
        app.friend.sheet = app.share.url


def _result(app: App, rest: str) -> None:
    """The finished game's verified result again."""
    entry = entry_of(app)
    if entry is not None and (entry.verified is not None or entry.cheat):
        app.dialog = "friend-end"


def _verified(app: App, dialog: str) -> ByLinks | None:
    """Put the verified game on show as an ordinary finished game (both hands open), with
    ``dialog`` open; the game by links it was (None when the one on show is not verified)."""
    entry = entry_of(app)
    if entry is None or entry.verified is None:
        return None
    from ..game.match import HOTSEAT, Match
    record = {**entry.verified, "meta": {"mode": HOTSEAT, "id": entry.id}}
    app.resume(Match.from_record(record))
    app.dialog = dialog
    return entry


def _replay(app: App, rest: str) -> None:
    """The verified game's replay, share link and record, as after any game."""
    _verified(app, "end")


def _review(app: App, rest: str) -> None:
    """The verified game's review, as after a game against the computer: the person's
    turns judged by the master from what the person saw then (web/learn/review.py; the
    friend's page reviews the friend's)."""
    entry = _verified(app, "review")
    if entry is not None and app.match is not None:
        if app.review is None or app.review.game != entry.id:
            app.review = start_review(app.match, entry.game.seat)


HANDLERS: dict[str, Callable[[App, str], None]] = {
    "friend-new": _new, "friend-name": _name, "friend-invite": _invite,
    "friend-accept": _accept, "friend-decline": _decline, "friend-send": _send,
    "friend-open": _open, "friend-delete": _forget, "friend-copy": _copy,
    "friend-share": _share, "friend-result": _result, "friend-verified": _replay,
    "friend-review": _review,
}

