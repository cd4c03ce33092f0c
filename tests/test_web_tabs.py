"""Two tabs on one game share one storage: each save carries a revision, a tab never
writes over a newer save, and a tab that finds its game played on elsewhere stops saving
and asks (Load the newer game / Keep playing here). Two Apps on one MemoryStorage."""

from __future__ import annotations

import json

from kahuna import puzzles

from web.game import saves
from web.state.acts import handle
from web.state.app import App
from web.state.opening import boot
from web.state.tabs import storage_changed, waiting_for_other
from web.view.page import view

from .web_helpers import Clock, MemoryStorage, clickable, new_app


def two_tabs(**choice) -> tuple[App, App, MemoryStorage]:
    storage = MemoryStorage()
    a = new_app(storage, seed=3, first="black", colour="black", **choice)
    b = App(storage, Clock(), seed=3)
    boot(b, {})  # the second tab opens the current game
    assert b.match.id == a.match.id
    return a, b, storage


def stored(storage: MemoryStorage, app: App) -> dict:
    return json.loads(storage[saves.PREFIX + app.match.id])


def place(app: App) -> str:
    """Place a bridge with the first card that lights a line; the act played."""
    for card in range(len(clickable(view(app).hand))):
        handle(app, f"card:{card}")
        lines = clickable(view(app).board)
        if lines:
            handle(app, lines[0])
            return lines[0]
        handle(app, f"card:{card}")
    raise AssertionError("no card lights a line")


def test_every_write_is_one_revision_on():
    storage = MemoryStorage()
    app = new_app(storage, seed=3, first="black", colour="black")
    assert stored(storage, app)["meta"]["revision"] == 1 == app.match.revision
    place(app)
    assert stored(storage, app)["meta"]["revision"] == 2 == app.match.revision
    assert saves.stored_revision(storage, "nothing") == 0
    storage[saves.PREFIX + "bad"] = '{"meta": {"revision": "9"}}'
    assert saves.stored_revision(storage, "bad") == 0


def test_store_refuses_to_replace_a_newer_save():
    a, b, storage = two_tabs()
    place(b)
    before = storage[saves.PREFIX + a.match.id]
    try:
        saves.store(storage, a.match, 0.0)
    except saves.Newer:
        pass
    else:
        raise AssertionError("a stale tab wrote over a newer save")
    assert storage[saves.PREFIX + a.match.id] == before


def test_a_stale_tab_stops_saving_at_its_next_action_and_asks():
    a, b, storage = two_tabs()
    move = place(b)
    newer = storage[saves.PREFIX + a.match.id]
    handle(a, "do:pile")  # acting on the stale game: the compare at write time fails
    assert storage[saves.PREFIX + a.match.id] == newer  # B's move is not lost
    assert a.elsewhere and a.dialog == "elsewhere"
    html = view(a).dialog
    assert "continued in another tab" in html
    assert clickable(html) == ["newer", "keep"]
    assert not a.may_act() and view(a).turn != "person"
    handle(a, "do:pile")  # nothing more happens while it asks
    assert storage[saves.PREFIX + a.match.id] == newer
    handle(a, "newer")  # Load the newer game: B's move, no dialog, saving again
    assert [str(x) for x in a.match.actions] == [move.removeprefix("do:")]
    assert not a.elsewhere and a.dialog == ""
    place(a)
    assert len(stored(storage, a)["actions"]) == 2


def test_the_storage_event_shows_the_question_before_any_action():
    a, b, storage = two_tabs()
    storage_changed(a, saves.CURRENT)  # another key: nothing to ask
    storage_changed(a, None)
    storage_changed(a, saves.PREFIX + a.match.id)  # not newer: nothing to ask
    assert not a.elsewhere and a.dialog == ""
    place(b)
    storage_changed(a, saves.PREFIX + a.match.id)
    assert a.elsewhere and a.dialog == "elsewhere"


def test_keep_playing_here_writes_this_tabs_game_over_the_other():
    a, b, storage = two_tabs()
    place(b)
    b_revision = saves.stored_revision(storage, a.match.id)
    handle(a, "do:pile")  # A's own move, refused by the compare
    handle(a, "keep")
    assert not a.elsewhere and a.dialog == ""
    record = stored(storage, a)
    assert record["actions"] == ["pile"]  # A's game, over B's
    assert record["meta"]["revision"] == b_revision + 1
    storage_changed(b, saves.PREFIX + b.match.id)  # now B is the stale one, and asks
    assert b.elsewhere and b.dialog == "elsewhere"
    handle(b, "newer")
    assert [str(x) for x in b.match.actions] == ["pile"]


def test_load_when_the_other_tab_deleted_the_game_keeps_this_one():
    a, b, storage = two_tabs()
    place(b)
    storage_changed(a, saves.PREFIX + a.match.id)
    saves.delete(storage, a.match.id)
    handle(a, "newer")
    assert not a.elsewhere and saves.load(storage, a.match.id).match is not None


def test_newer_and_keep_do_nothing_when_nothing_was_played_elsewhere():
    a, b, storage = two_tabs()
    before = dict(storage)
    handle(a, "newer")
    handle(a, "keep")
    assert dict(storage) == before and a.dialog == ""


def test_a_new_game_in_a_stale_tab_is_saved_as_usual():
    a, b, storage = two_tabs()
    place(b)
    storage_changed(a, saves.PREFIX + a.match.id)
    handle(a, "menu")
    handle(a, "start")
    assert not a.elsewhere and saves.current(storage).id == a.match.id


class StillClock:
    """A clock that moves only when told (a test sets ``t``)."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


def test_a_tab_that_takes_up_the_game_in_the_computers_turn_leaves_that_turn_to_the_other():
    """A tester's two tabs: A ended the person's turn, and while A's computer played, B
    chose "Load the newer game"; B then played the computer's turn too, differently.
    Now B waits for A's actions, following each as A stores it, and plays the turn itself
    only when A has stored nothing for DEFER_SECONDS (A closed)."""
    from web.state.tabs import DEFER_SECONDS
    storage, clock = MemoryStorage(), StillClock()
    a = new_app(storage, seed=3, first="black", colour="black")
    b = App(storage, clock, seed=3)
    boot(b, {})
    handle(a, "do:pile")  # the person's turn ends: the computer is to move in A
    assert a.match.computer_to_move()
    storage_changed(b, saves.PREFIX + b.match.id)
    assert b.dialog == "elsewhere"
    handle(b, "newer")
    assert b.match.computer_to_move() and waiting_for_other(b) and b.dialog == ""
    seen = len(b.match.actions)
    while a.match.computer_to_move():  # A's computer plays its turn, action by action
        a.play(a.match.state.legal_actions()[0])
        clock.t += DEFER_SECONDS - 1  # within the wait of the last stored action
        storage_changed(b, saves.PREFIX + b.match.id)
        assert b.dialog == "" and not b.elsewhere  # followed, not asked
        assert [str(x) for x in b.match.actions] == [str(x) for x in a.match.actions]
    assert len(b.match.actions) > seen and not waiting_for_other(b)  # the person's turn

    handle(a, "do:pile")  # again, and now A is closed before its computer plays
    storage_changed(b, saves.PREFIX + b.match.id)
    handle(b, "newer")
    assert waiting_for_other(b)
    clock.t += DEFER_SECONDS + 1
    assert not waiting_for_other(b) and b.match.computer_to_move()  # B plays it itself


def test_a_tab_that_takes_up_the_game_in_the_persons_turn_does_not_wait():
    a, b, storage = two_tabs()
    place(a)  # the person's own bridge: still the person's turn
    storage_changed(b, saves.PREFIX + b.match.id)
    handle(b, "newer")
    assert not b.match.computer_to_move() and not waiting_for_other(b)


def test_a_game_deleted_in_another_tab_is_said_and_saved_again_only_by_playing_on():
    """Tab B deletes the game tab A plays (or clears every save): A says so at once; OK
    and an action save it again, "New game" leaves it (a tester saw it come back unsaid)."""
    a, b, storage = two_tabs()
    saves.delete(storage, a.match.id)
    storage_changed(a, saves.PREFIX + a.match.id)
    assert a.dialog == "notice" and "deleted in another tab" in view(a).dialog
    assert {"close", "menu"} <= set(clickable(view(a).dialog))
    assert storage.getItem(saves.PREFIX + a.match.id) is None  # nothing written yet
    handle(a, "close")
    handle(a, "do:pile")  # playing on saves it again, as the notice said
    assert saves.load(storage, a.match.id).match is not None
    storage.clear()  # every save cleared (site data): said the same way
    storage_changed(a, None)
    assert a.dialog == "notice"
    handle(a, "close")
    handle(a, f"puzzle:{puzzles()[0].id}")  # a puzzle is never saved: nothing to say
    storage_changed(a, None)
    assert a.puzzle is not None and a.dialog == ""
