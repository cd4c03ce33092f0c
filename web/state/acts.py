"""What each act does: a click's ``data-act``, "head:rest", goes to ``HANDLERS[head]``.

The page only offers acts it drew, but a click can arrive after the position changed
(a double click), or come from a hand-edited page: so an unknown head, a ``do:`` that
is no longer on offer and a ``card:`` no longer in the hand are ignored. Nothing else
is caught: any other failure is a bug and must show.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Callable

from kahuna import Action, NotationError, Phase, seat_name

from ..game import saves
from ..game.match import COMPUTER, Match
from ..game.players import levels
from ..learn.modes import PLAY
from ..learn.review import choose, show_step, start_review
from ..words.language import KEY, supported
from ..words.tips import TIPS, spot_key
from . import analysis_acts, builder_acts, friend, lesson_acts, settings
from .editor import edit
from .choices import own_hand, toggle
from .opening import open_mode, remember_opening
from .sharing import share
from .tabs import take_up_newer

if TYPE_CHECKING:
    from .app import App

#: Acts the keyboard sends (web/boot/dom.py): Escape, and ? for the keys' list.
KEY_ACTS = ("escape", "keys")
#: The act web/boot/dom.py makes of a click on an unlit line, bridge or island ("spot:ALOA").
SPOT = "spot"
#: The act web/boot/dom.py makes of a change of the friend's name field ("friend-name:Bea").
NAME_KEPT = "friend-name"
#: Acts of the saved games and the new-game dialog: not for an embedded page.
FULL_GAME_ONLY = ("menu", "set", "continue", "delete", "download", "newer", "keep", "puzzles",
                  "puzzle", "share", "copy", "open-file", "tutorial", "edit",
                  *friend.HANDLERS)


def _do(app: App, rest: str) -> None:
    """Play the action a board line or button names, if it is still on offer."""
    m = app.match
    if m is None or not app.may_act():
        return
    try:
        action = Action.parse(rest)
    except NotationError:  # no action at all: a hand-edited page
        return
    if action in app.legal():  # else stale (or not this tutorial step's): ignored
        app.play(action)
        friend.played(app)  # a game by links: a turn's end makes the link to send


def _card(app: App, rest: str) -> None:
    """Select or unselect one card of the hand, by its position."""
    m = app.match
    if m is None or not app.may_act() or not rest.isdigit():
        return
    position = int(rest)
    if position < len(own_hand(m.observation())):  # else the hand changed since
        app.selected = toggle(app.selected, position, app.offers().most)


def _review(app: App, rest: str) -> None:
    """Review the finished game against the computer: the person's turns, judged by the
    strongest level (``web.boot.dom`` runs the judging in slices); kept while the game is
    the same, so that reopening it is instant."""
    m = app.match
    if m is None or not m.state.is_over or m.mode != COMPUTER or m.human is None:
        return
    if app.review is None or app.review.game != m.id:
        app.review = start_review(m)
    app.dialog = "review"


def _review_turn(app: App, rest: str) -> None:
    """Look at one reviewed turn, by its place in the review."""
    if app.review is not None and app.review.result is not None and rest.isdigit():
        choose(app.review, int(rest))


def _review_step(app: App, rest: str) -> None:
    """Show the better turn up to one of its actions."""
    if app.review is not None and app.review.steps:
        show_step(app.review, rest)


def _tip(app: App, rest: str) -> None:
    """Show the help ``rest`` (web/words/tips.py), or put it away when it is shown already."""
    app.tip = rest if rest in TIPS and rest != app.tip else ""


def _spot(app: App, rest: str) -> None:
    """A click on a free line, a bridge or an island that no chosen card lit: on the
    person's turn, with no card chosen, the help says what to choose first (it did
    nothing). A lesson of the tutorial has its own words; a chosen card, the prompt's."""
    m = app.match
    if (m is None or not app.may_act() or app.selected
            or (app.tutorial is not None and app.tutorial.lesson is not None)):
        return
    obs = m.observation()
    if obs.phase in (Phase.PLAY, Phase.FINAL) and obs.to_move == obs.seat:
        app.tip = spot_key(obs, rest)


def _languages(app: App, rest: str) -> None:
    """Open the language dialog."""
    app.choose_language()


def _lang(app: App, rest: str) -> None:
    """Speak the language ``rest`` ("de") from now on, remember it, and go back to what
    was shown; the game stays as it is. An unknown code is ignored."""
    code = supported(rest)
    if code is None:
        return
    app.lang = code
    if app.dialog == "language":
        app.dialog, app.under = app.under, ""
    try:
        app.storage.setItem(KEY, code)
    except Exception:  # storage full or switched off: this page still speaks it
        pass


#: Dialogs Escape closes as their Close button does ("new" only over a game; the
#: tutorial's end as its first button, "Play a real game", does).
_ESCAPABLE = ("scoring", "end", "notice", "language", "keys", "settings", "share", "review",
              "puzzles", "tutorial-end", "welcome", analysis_acts.DIALOG, *friend.ESCAPABLE)


def closable(app: App) -> bool:
    """Whether the open dialog closes without a choice (Escape, a phone's Back)."""
    return app.dialog in _ESCAPABLE or (app.dialog == "new" and app.match is not None)


def _escape(app: App, rest: str) -> None:
    """Escape: close the dialog that may be closed, else drop the selection and hint."""
    if app.builder is not None:  # the embed builder is over everything else
        app.builder = None
    elif closable(app):
        if app.dialog == "tutorial-end":
            lesson_acts.tutorial(app, "play")
        elif app.dialog == "welcome":  # the offer declined: "Skip, just play"
            lesson_acts.tutorial(app, "skip")
        elif app.dialog == analysis_acts.DIALOG:  # over the editor too, where no game is
            analysis_acts.close(app)
        elif app.dialog in ("language", "keys", "settings", "share"):
            app.dialog, app.under = app.under, ""
        else:
            _close(app, rest)
    elif not app.dialog:
        app.selected, app.hint = (), None
        if app.sequence is not None:  # a replay playing by itself stops, as Pause does
            app.sequence.auto = False


def _over(app: App, dialog: str) -> None:
    """Open ``dialog`` over whatever is shown (closing it shows that again)."""
    if app.dialog not in ("keys", "settings", "language", "problem", "elsewhere"):
        app.under = app.dialog
    app.dialog = dialog


def _keys(app: App, rest: str) -> None:
    """The list of keys (the ``?`` key)."""
    _over(app, "keys")


def _settings(app: App, rest: str) -> None:
    """The settings dialog."""
    _over(app, "settings")


def _back(app: App, rest: str) -> None:
    """Close the keys, settings or share dialog: back to what was under it."""
    if app.dialog in ("keys", "settings", "share"):
        app.dialog, app.under = app.under, ""


def _pref(app: App, rest: str) -> None:
    """One setting: ``pref:<key>:<value>``, kept in the browser's storage."""
    key, _, value = rest.partition(":")
    if app.settings.set(key, value):
        settings.store(app.storage, app.settings)


def _undo(app: App, rest: str) -> None:
    """Take back the last action of the turn."""
    m = app.match
    if m is not None and m.can_undo() and app.tutorial is None:  # a lesson is never undone
        m.undo()
        app.selected, app.hint, app.fx = (), None, None
        app.save()
        friend.played(app)  # a game by links keeps its turn so far


def _set(app: App, rest: str) -> None:
    """One option of the new-game dialog: ``set:<key>:<value>``."""
    key, _, value = rest.partition(":")
    app.choice.set(key, value, levels())


def _menu(app: App, rest: str) -> None:
    """Open the new-game dialog."""
    app.dialog = "new"


def _start(app: App, rest: str) -> None:
    """A new game with the dialog's options."""
    app.start()
    remember_opening(app)  # embedded after a bad link: Reset comes back here


def _reset(app: App, rest: str) -> None:
    """Embedded: back to the game as it opened, in the frame's mode."""
    if app.opened is not None:
        app.players.forget()  # a level's planned turn belongs to the abandoned game
        app.resume(Match.from_record(app.opened))
    open_mode(app)


def _rematch(app: App, rest: str) -> None:
    """A new deal with the finished game's mode, level, colours and variants."""
    m = app.match
    if m is None:
        return
    c = app.choice
    c.mode, c.level = m.mode, m.level
    if m.human is not None:
        c.colour = seat_name(m.human)
    c.fewer_surprises, c.open_draws = m.state.fewer_surprises, m.state.open_draws
    c.handicap, player = m.handicap()
    if c.handicap:
        c.handicap_player = player
    app.start()


def _result(app: App, rest: str) -> None:
    """The end dialog again (its review, replay and rematch), once it was closed."""
    if result_ready(app):
        app.dialog = "end"


def result_ready(app: App) -> bool:
    """Whether the finished game's end dialog may be opened again: a game played in full
    (not a lesson, a puzzle or an example's diagram), nothing covered."""
    return (record_ready(app) and app.tutorial is None and app.puzzle is None
            and app.sequence is None and app.mode.mode == PLAY)


def _close(app: App, rest: str) -> None:
    """Close the dialog: back to the game, or (no game) to the new-game dialog."""
    if app.match is not None or app.embed is None:
        app.dialog = "" if app.match is not None else "new"


def _uncover(app: App, rest: str) -> None:
    """Hot seat: the next player shows their hand."""
    app.covered = False


def _continue(app: App, rest: str) -> None:
    """Go on with the saved game ``rest``."""
    entry = saves.load(app.storage, rest)
    if entry.match is not None:
        app.resume(entry.match)
        app.save()  # now the current game


def _delete(app: App, rest: str) -> None:
    """Delete the saved game ``rest``; back to the new-game dialog."""
    saves.delete(app.storage, rest)
    if app.match is not None and app.match.id == rest:
        app.match = None
    app.dialog = "new"


def _export(app: App, rest: str) -> None:
    """Offer the game record as a file, for replays and reports: only once the game is
    over (the record's deal names every hidden card, R24) and never under the cover."""
    m = app.match
    if m is not None and record_ready(app):
        app.download = (f"kahuna-game-{m.id}.json", json.dumps(m.to_record(), indent=1))


def record_ready(app: App) -> bool:
    """Whether the game record may leave the page: the game is over, nothing covered; not
    a game by links, whose board holds stand-ins for the friend's cards (its verified
    record leaves by web/state/friend.py's replay)."""
    return (app.match is not None and app.match.state.is_over and not app.covered
            and not app.match.by_links)


def _share(app: App, rest: str) -> None:
    """The share dialog with a link to the game as the viewer sees it (web/view/share.py);
    under the hot-seat cover only once the game is over (its end dialog is up then)."""
    m = app.match
    if m is None or (app.covered and not m.state.is_over) or m.by_links:
        return
    seed = None if app.seed is None else f"{app.seed}:share:{len(m.actions)}"
    app.share = share(m, app.site, random.Random(seed))
    _over(app, "share")


def _copy(app: App, rest: str) -> None:
    """Copy the shared link (web/boot/dom.py asks the browser, and says how it went)."""
    if app.dialog == "share" and app.share is not None and not app.share.too_long:
        app.clipboard = app.share.url


def _open_file(app: App, rest: str) -> None:
    """The new-game dialog's "Open a game record…": the browser's file chooser."""
    if app.dialog == "new":
        app.pick_file = True


def _newer(app: App, rest: str) -> None:
    """Another tab played on: go on with its game, as stored."""
    m = app.match
    if m is None or not app.elsewhere:
        return
    if not take_up_newer(app):  # the other tab deleted it, or it cannot be read
        _keep(app, rest)  # keep this tab's game


def _keep(app: App, rest: str) -> None:
    """Another tab played on: go on with this tab's game, written over the other's."""
    m = app.match
    if m is None or not app.elsewhere:
        return
    app.elsewhere = False
    app.dialog = "end" if m.state.is_over else ""
    saves.take_over(app.storage, m)
    app.save()


def _download(app: App, rest: str) -> None:
    """Offer the saved data of ``rest`` as it is stored (an unreadable save too)."""
    raw = app.storage.getItem(saves.PREFIX + rest) or ""
    app.download = (f"kahuna-save-{rest}.json", raw)


HANDLERS: dict[str, Callable[[App, str], None]] = {
    "do": _do, "card": _card, "undo": _undo, "set": _set, "menu": _menu, "start": _start,
    "reset": _reset, "rematch": _rematch, "result": _result, "close": _close, "uncover": _uncover,
    "continue": _continue, "delete": _delete, "export": _export, "download": _download,
    "newer": _newer, "keep": _keep, "languages": _languages, "lang": _lang,
    "review": _review, "review-turn": _review_turn, "review-step": _review_step,
    "escape": _escape, "keys": _keys, "settings": _settings, "back": _back, "pref": _pref,
    "tip": _tip, SPOT: _spot, **lesson_acts.HANDLERS, "share": _share, "copy": _copy,
    "open-file": _open_file, "builder": builder_acts.act, "edit": edit,
    "analysis": analysis_acts.act, **friend.HANDLERS,
}


def handle(app: App, act: str) -> None:
    """React to one click; an unknown act is ignored, and so are the saves' and the
    new-game dialog's acts on an embedded page."""
    head, _, rest = act.partition(":")
    if head != "tip":  # any other act puts the help away
        app.tip = ""
    handler = HANDLERS.get(head)
    if handler is not None and (app.embed is None or head not in FULL_GAME_ONLY):
        handler(app, rest)
