"""Saves in localStorage: every action saved, several games, bad saves kept and explained."""

from __future__ import annotations

import json

from web import saves
from web.app import App
from web.opening import boot
from web.view import view

from .web_helpers import Clock, MemoryStorage, clickable, new_app


def test_each_action_is_saved_and_a_reload_resumes_mid_turn():
    storage = MemoryStorage()
    app = new_app(storage, seed=3, colour="black", first="black")
    hand_act = next(a for a in clickable(view(app).hand))
    app.handle(hand_act)
    line_act = clickable(view(app).board)[0]
    app.handle(line_act)  # a placement, mid-turn
    saved = json.loads(storage[saves.PREFIX + app.match.id])
    assert saved["actions"] == [line_act.removeprefix("do:")]
    again = App(storage, app.now, seed=3)
    boot(again, {})
    assert again.match.actions == app.match.actions
    assert again.match.can_undo()  # still the same turn: undo survives the reload
    assert view(again).board == view(app).board.replace(" fresh", "")


def test_current_is_the_game_last_stored_and_none_before_any():
    storage = MemoryStorage()
    assert saves.current(storage) is None
    app = new_app(storage)
    entry = saves.current(storage)
    assert entry is not None and entry.id == app.match.id and entry.match is not None
    saves.delete(storage, app.match.id)
    assert saves.current(storage) is None


def test_several_games_listed_continued_and_deleted():
    storage = MemoryStorage()
    app = new_app(storage, seed=1)
    first = app.match.id
    app.handle("menu")
    app.handle("set:mode:hotseat")
    app.handle("start")
    second = app.match.id
    assert first != second
    listed = saves.saved_games(storage)
    assert {s.id for s in listed} == {first, second}
    assert any("two players" in s.summary() for s in listed)
    level = app.choice.level
    assert any(f"vs computer ({level}) · round 1" in s.summary() for s in listed)
    app.handle("menu")
    assert f"continue:{first}" in clickable(view(app).dialog)
    app.handle(f"continue:{first}")
    assert app.match.id == first and app.match.mode == "computer"
    app.handle(f"delete:{second}")
    assert saves.save_ids(storage) == [first]


def test_corrupt_save_is_explained_kept_and_downloadable_and_nothing_else_touched():
    storage = MemoryStorage()
    app = new_app(storage, seed=1)
    sid = app.match.id
    storage[saves.PREFIX + sid] = '{"format": "kahuna-record", "version": 1, "actions": [tru'
    storage["other.app.key"] = "precious"
    before = dict(storage)
    fresh = App(storage, app.now)
    boot(fresh, {})
    assert fresh.match is None and fresh.dialog == "problem"
    html = view(fresh).dialog
    assert "cannot be opened" in html and "damaged or cut short" in html
    assert set(clickable(html)) == {f"download:{sid}", f"delete:{sid}", "menu"}
    assert dict(storage) == before  # reading changed nothing
    fresh.handle(f"download:{sid}")
    assert fresh.download == (f"kahuna-save-{sid}.json", before[saves.PREFIX + sid])
    fresh.handle("menu")
    fresh.handle("start")
    assert storage[saves.PREFIX + sid] == before[saves.PREFIX + sid]  # still kept
    assert storage["other.app.key"] == "precious"


def test_unknown_version_is_a_clear_problem():
    storage = MemoryStorage()
    app = new_app(storage, seed=1)
    record = json.loads(storage[saves.PREFIX + app.match.id])
    record["version"] = 7
    storage[saves.PREFIX + app.match.id] = json.dumps(record)
    entry = saves.load(storage, app.match.id)
    assert entry.match is None and "unknown record version 7" in entry.problem


def test_results_are_counted_once_per_finished_game():
    storage = MemoryStorage()
    app = new_app(storage, seed=2)
    m = app.match
    import random
    rng = random.Random(0)
    while not m.state.is_over:
        m.play(rng.choice(m.state.legal_actions()))
    assert saves.count_result(storage, m) in saves.OUTCOMES
    assert saves.count_result(storage, m) is None
    table = saves.results(storage)
    assert sum(table[m.level].values()) == 1
    storage[saves.RESULTS] = "not json"
    assert saves.results(storage) == {}


def test_new_ids_never_collide():
    storage = MemoryStorage()
    storage[saves.PREFIX + "1000"] = "x"
    assert saves.new_id(storage, 1.0) == "1000-1"


def test_a_full_storage_does_not_stop_the_game_and_says_so():
    class Full(MemoryStorage):
        def setItem(self, key, value):
            raise OSError("quota exceeded")

    app = App(Full(), Clock(), seed=2)
    boot(app, {})
    assert app.match is not None
    assert "not being saved (quota exceeded)" in view(app).prompt


def test_the_game_record_can_be_downloaded_and_replays():
    from kahuna.notation.record import replay
    app = new_app(seed=4, first="black", colour="black")
    app.handle("do:pile")
    app.handle("export")
    name, text = app.download
    assert name == f"kahuna-game-{app.match.id}.json"
    state, _ = replay(json.loads(text))
    assert [str(a) for _, a in state.history] == ["pile"]
