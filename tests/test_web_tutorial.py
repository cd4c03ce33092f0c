"""The tutorial (web/learn/tutorial.py, web/view/coach.py) driven through the App as the page does:
offered on a first visit only, followed to its end, skipped, left, reopened, reloaded
half-way, and a wrong action at a lesson."""

from __future__ import annotations

import json

import pytest

from kahuna import ISLANDS, Action, Kind, observe
from kahuna.notation.link import encode
from web.learn import tutorial
from web.state.acts import closable, handle
from web.view.header import cards_left
from web.state.opening import boot, start_autoplay
from web.game.saves import PREFIX, save_ids
from web.view.page import view

from .web_helpers import (App, Clock, MemoryStorage, card, click, clickable, follow, lesson, lit,
                          new_app)


def fresh(storage: MemoryStorage | None = None) -> App:
    """The page booted on ``storage`` (empty: a first visit), no address."""
    app = App(storage if storage is not None else MemoryStorage(), Clock(), seed=3)
    boot(app, {})
    return app


def test_a_first_visit_is_offered_the_tutorial_and_nothing_is_dealt_until_the_choice():
    app = fresh()
    assert app.dialog == "welcome" and app.match is None
    shown = view(app)
    assert clickable(shown.dialog) == ["tutorial:start", "tutorial:skip"]
    assert "New to Kahuna?" in shown.dialog


def test_skipping_the_offer_starts_a_normal_game_and_is_remembered():
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:skip")
    assert app.dialog == "" and app.tutorial is None and app.match is not None
    assert storage.getItem(tutorial.KEY) == tutorial.SKIPPED
    assert view(app).coach == ""
    again = fresh(storage)  # a reload: the game, no offer
    assert again.dialog == "" and again.match.id == app.match.id


def test_escape_on_the_offer_is_skip_just_play():
    """As every other dialog that may be closed: a review found Escape doing nothing."""
    storage = MemoryStorage()
    app = fresh(storage)
    handle(app, "escape")  # the key, not a control on the page
    assert app.dialog == "" and app.tutorial is None and app.match is not None
    assert storage.getItem(tutorial.KEY) == tutorial.SKIPPED


def test_no_offer_to_a_returning_player_nor_without_storage_nor_in_an_embed():
    storage = MemoryStorage()
    new_app(storage)  # a saved game from before the tutorial existed
    assert fresh(storage).dialog == ""
    app = App(MemoryStorage(), Clock(), seed=3)
    app.no_storage()  # nothing can be remembered: the offer would come at every visit
    boot(app, {})
    assert app.dialog == "" and app.match is not None
    embedded = App(MemoryStorage(), Clock(), seed=3, embed="/")
    boot(embedded, {"embed": "1"})
    assert embedded.dialog == "" and embedded.match is not None
    handle(embedded, "tutorial:start")  # not for an embedded page
    assert embedded.tutorial is None


def test_autoplay_is_never_offered_the_tutorial():
    app = App(MemoryStorage(), Clock(), seed=3)
    start_autoplay(app, "beginner")
    assert app.dialog == "" and app.tutorial is None and app.match is not None
    handle(app, "tutorial:skip")  # not the welcome: nothing happens
    assert app.autoplay == "beginner" and app.dialog == ""


def test_a_linked_position_is_opened_not_the_offer():
    app = App(MemoryStorage(), Clock(), seed=3)
    boot(app, {"position": encode(tutorial.POSITION)})
    assert app.dialog == "" and app.tutorial is None and app.match is not None


def test_the_tutorial_followed_to_its_end():
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:start")
    seen = []
    while app.tutorial is not None and app.tutorial.lesson is not None:
        seen.append(lesson(app))
        shown = view(app)
        assert f"Step {len(seen)} of 7" in shown.coach
        assert shown.hint_ok is False and "undo" not in clickable(shown.acts)
        if lesson(app) == "pass":  # the coach names the button as it is shown
            assert "“End turn”" in shown.coach and ">End turn</button>" in shown.acts
        if lesson(app) == "last":  # the coach says how many cards are left, as the header
            assert "One card is left to draw" in shown.coach
            assert cards_left(observe(app.match.state, tutorial.HUMAN)) == 1  # R16
        before = app.tutorial.step
        follow_one(app)
        assert app.tutorial.step == before + 1
    assert seen == ["board", "place", "draw", "control", "remove", "pass", "last"]
    m = app.match
    assert app.dialog == "tutorial-end" and m.state.scorings == [(1, 0)]  # R17: Black ahead
    assert storage.getItem(tutorial.KEY) == tutorial.DONE
    assert not save_ids(storage)  # the tutorial is not a saved game
    shown = view(app)
    assert "You know the basics" in shown.dialog and shown.coach == ""
    assert clickable(shown.dialog) == ["tutorial:play", "tutorial:puzzles", "tutorial:start"]
    assert not m.computer_to_move() or app.dialog  # the computer waits under the dialog
    click(app, "tutorial:play")
    assert app.dialog == "new" and app.match is None and app.tutorial is None
    click(app, "start")
    assert app.match is not None and app.match.id != tutorial.GAME_ID
    assert storage.getItem(tutorial.KEY) == tutorial.DONE
    assert fresh(storage).dialog == ""  # done: never offered again


def test_the_end_of_the_tutorial_leads_to_the_puzzles():
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:start")
    while app.tutorial is not None and app.tutorial.lesson is not None:
        follow_one(app)
    click(app, "tutorial:puzzles")
    assert app.dialog == "puzzles" and app.tutorial is None
    assert storage.getItem(tutorial.KEY) == tutorial.DONE
    click(app, "close")  # no game yet: the new-game dialog
    assert app.dialog == "new"


def test_escape_closes_the_end_of_the_tutorial_as_its_first_button_does():
    """Escape (or a phone's Back) over the tutorial's last dialog: on to a real game's
    dialog, as "Play a real game"; it was ignored, leaving the keyboard stuck there."""
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:start")
    while app.tutorial is not None and app.tutorial.lesson is not None:
        follow_one(app)
    assert app.dialog == "tutorial-end" and closable(app)
    handle(app, "escape")  # a key, not a click: web/boot/dom.py sends it
    assert app.dialog == "new" and app.match is None and app.tutorial is None
    assert storage.getItem(tutorial.KEY) == tutorial.DONE
    handle(app, "escape")  # no game to go back to: the dialog stays
    assert app.dialog == "new"


def follow_one(app: App) -> None:
    """One lesson, as the coach says."""
    follow(app, upto=_next_key(app))


def _next_key(app: App) -> str:
    step = app.tutorial.step + 1
    return tutorial.LESSONS[step].key if step < len(tutorial.LESSONS) else ""


def test_each_lesson_is_checked_by_what_the_action_did():
    app = fresh()
    click(app, "tutorial:start")
    follow(app, upto="control")
    assert app.match.state.to_move == tutorial.HUMAN  # the computer built and drew
    assert [str(fx.action) for fx in app.match.effects if fx.player != tutorial.HUMAN][0] == "KAHU>LALE"
    follow(app, upto="remove")
    gained = app.match.effects[-1]
    aloa, huna = ISLANDS.index("ALOA"), ISLANDS.index("HUNA")
    assert gained.gained == [aloa] and huna in gained.lost and gained.removed  # R10, R11
    click(app, card(app, "JOJO"))  # the first card of a removal: on the way, not a miss
    assert lit(app) == [] and "Not this one" not in view(app).coach
    handle(app, f"card:{app.selected[0]}")
    follow(app, upto="pass")
    removal = app.match.effects[-1]
    assert removal.action.kind is Kind.REMOVE and ISLANDS.index("JOJO") in removal.lost  # R9
    follow(app, upto="last")
    opponent = observe(app.match.state, 1)
    assert opponent.known[tutorial.HUMAN] == observe(app.match.state, 0).known[0]  # R24 as ever
    assert any(observe(app.match.state, 0).known[1])  # the dashed card the lesson speaks of


def test_a_wrong_action_at_a_lesson_is_not_offered_and_the_coach_says_so():
    app = fresh()
    click(app, "tutorial:start")
    assert "Not this one" not in view(app).coach  # a lesson to read, nothing chosen
    click(app, "tutorial:next")
    assert lesson(app) == "place"
    before = list(app.match.actions)
    handle(app, "do:JOJO>ELAI")  # legal in the game, not what this lesson asks: ignored
    handle(app, "do:pass")
    assert app.match.actions == before and lesson(app) == "place"
    click(app, card(app, "JOJO"))
    shown = view(app)
    assert lit(app) == [] and "Not this one" in shown.coach
    assert shown.prompt == "Build a bridge"  # not "JOJO fits no free line now"
    click(app, f"card:{app.selected[0]}")  # put back
    assert "Not this one" not in view(app).coach
    click(app, card(app, "ALOA"))
    assert lit(app) == ["do:ALOA>BARI", "do:ALOA>DUDA"]
    handle(app, "undo")
    handle(app, lit(app)[0])
    assert lesson(app) == "draw" and app.match.can_undo()
    handle(app, "undo")  # a lesson is never undone
    assert lesson(app) == "draw" and len(app.match.actions) == 1


def test_a_reload_half_way_goes_on_from_the_same_lesson():
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:start")
    follow(app, upto="remove")
    kept = json.loads(storage.getItem(tutorial.KEY))
    assert kept["step"] == 4 and kept["actions"] == [str(a) for a in app.match.actions]
    again = fresh(storage)
    assert lesson(again) == "remove" and again.match.actions == app.match.actions
    assert again.dialog == "" and not save_ids(storage)
    follow(again)
    assert again.dialog == "tutorial-end"


def test_a_reload_after_a_lesson_read_goes_on_from_the_next():
    storage = MemoryStorage()
    click(fresh(storage), "tutorial:start")
    app = fresh(storage)
    assert lesson(app) == "board"
    click(app, "tutorial:next")
    assert lesson(fresh(storage)) == "place"


@pytest.mark.parametrize("stored", ['{"step": 9, "actions": []}', '{"step": 2, "actions": ["pass", "pass"]}',
                                    "{not json", '{"step": "1", "actions": []}', "[]", "other"])
def test_damaged_progress_is_a_tutorial_left_never_an_error(stored):
    storage = MemoryStorage()
    storage.setItem(tutorial.KEY, stored)
    app = fresh(storage)
    assert app.tutorial is None and app.dialog == "" and app.match is not None


def test_leaving_half_way_opens_the_new_game_dialog_and_is_remembered():
    storage = MemoryStorage()
    app = fresh(storage)
    click(app, "tutorial:start")
    follow(app, upto="draw")
    click(app, "tutorial:skip")
    assert app.dialog == "new" and app.match is None and app.tutorial is None
    assert storage.getItem(tutorial.KEY) == tutorial.SKIPPED
    assert "tutorial:start" in clickable(view(app).dialog)  # and it can be reopened
    click(app, "tutorial:start")
    assert lesson(app) == "board" and app.match.actions == []


def test_reopened_from_the_new_game_dialog_over_a_game_which_stays_saved():
    storage = MemoryStorage()
    app = new_app(storage)
    game = app.match.id
    click(app, "menu")
    click(app, "tutorial:start")
    assert lesson(app) == "board" and app.match.id == tutorial.GAME_ID
    follow(app, upto="control")
    click(app, "menu")
    assert f"continue:{game}" in clickable(view(app).dialog)
    click(app, f"continue:{game}")  # another game: the tutorial is left
    assert app.tutorial is None and app.match.id == game
    assert storage.getItem(tutorial.KEY) == tutorial.SKIPPED
    assert storage.getItem(PREFIX + tutorial.GAME_ID) is None
    assert fresh(storage).match.id == game  # a reload: that game, not the tutorial


def test_the_scripted_computer_decides_from_what_white_sees():
    match = tutorial.begin(["ALOA>DUDA", "take:BARI"])
    obs = observe(match.state, 1)
    assert tutorial.reply(obs) == Action.parse("KAHU>LALE")
    match.play(Action.parse("KAHU>LALE"))
    assert tutorial.reply(observe(match.state, 1)).kind is Kind.TAKE  # the pile is empty
