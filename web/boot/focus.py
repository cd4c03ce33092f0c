"""Where keyboard focus goes after an act, so that the person stays where they play:
the lit lines after choosing a card, the hand after building, the pile after a discard,
the dialog's buttons while a dialog is up. Pure: CSS selectors, tried in order by
web/boot/dom.py (the first that finds an element wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kahuna import Action, Kind, NotationError

if TYPE_CHECKING:
    from ..state.app import App

HAND = ("#hand button.card",)
#: After a turn's bridge or discard: the ways to end the turn, then the hand.
ENDS = ('#table [data-act="do:pile"]', "#table button.card", '#acts [data-act="do:pass"]')
#: Nothing to act on (the computer's turn): the hand's row, which keeps its place.
REST = ("#hand",)
#: A game over: the button that shows its end again (web/view/dialogs.py, friend.py), where
#: the review, the replay and a rematch are; the hand's row has no focus ring to show.
RESULT = ('[data-act="result"]', '[data-act="friend-result"]')
#: The tutorial's Next, on a lesson to read (web/view/coach.py).
COACH = ("#coach button.primary",)


def lit_lines(portrait: bool) -> str:
    """The lit lines of the board that is shown."""
    return f"#board svg.{'portrait' if portrait else 'landscape'} path.hit"


def overlay(app: App) -> tuple[str, ...]:
    """Inside the dialog or the hot-seat cover, when one is up, else ()."""
    if app.dialog:
        return ("#dialog .box button.primary", "#dialog .box button")
    if app.builder is not None:  # the embed builder: its mode chosen
        return ('#builder [aria-pressed="true"]',)
    if app.covered and app.match is not None:
        return ("#cover button",)
    return ()


def playing(app: App) -> tuple[str, ...]:
    """Where a person whose focus was lost picks up the game."""
    if app.may_act():
        rest = HAND + ENDS + REST
    elif app.match is not None and app.match.state.is_over:
        rest = RESULT + REST
    else:
        rest = REST
    return overlay(app) or COACH + rest


def after(app: App, act: str, stay: bool) -> tuple[str, ...]:
    """Where focus goes after ``act`` (``stay``: the person asked to stay on the control,
    Space on a card, to choose another card with it). () leaves focus where it is, or on
    the same control drawn anew; web/boot/dom.py moves it into a dialog that opens."""
    if act.startswith("friend-delete:") and app.friend.deleting:  # asked again: on "Keep it"
        return ('#dialog [data-act="friend-delete:"]',)
    if overlay(app):
        return ()
    head, _, rest = act.partition(":")
    if head == "card":
        if not stay and app.offers().lines:
            return (lit_lines(app.portrait),)
        return ()
    if head == "do":
        try:
            kind = Action.parse(rest).kind
        except NotationError:
            return ()
        if kind is Kind.DISCARD:
            return ENDS + HAND
        if kind in (Kind.PLACE, Kind.REMOVE, Kind.FREE, Kind.HANDICAP):
            return ((lit_lines(app.portrait),) if kind is Kind.HANDICAP else ()) + HAND + ENDS
        return REST  # the turn ended: the computer plays, the hand comes back
    if act.startswith("edit:target:"):  # the editor's T: on to where cards go now, so
        return (f'#lesson [data-act="{act}"]',)  # the letters typed next put cards there
    if head == "undo" or head in LEAVING:
        return playing(app)
    return ()  # escape too: on the card whose choice it dropped, drawn anew


#: Dialogs the person opens from a control, to which focus returns on closing...
OPENED = ("new", "language", "keys", "settings", "share")
#: ...unless they close with a game begun or taken up again: then it goes to the game.
LEAVING = ("start", "rematch", "continue", "tutorial", "puzzle", "retry")
