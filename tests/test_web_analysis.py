""""Best turn" in the page (issue 32; web/state/analysis_acts.py, web/learn/analysis.py,
web/view/analysis.py), under CPython: offered in the editor for a complete position, on a
replay's step and in a hot-seat game, never against the computer; its answer drawn as
arrows and told; stepped; played on from; a second press or a close while it works
loses nothing."""

from __future__ import annotations

import re
from dataclasses import replace

from kahuna import observe
from tests.web_helpers import clickable, finished_game, handle, new_app, view
from web.learn.analysis import advance
from web.learn.review import advance as advance_review

OPEN = "analysis:open"


def editing(*acts: str):
    app = new_app()
    for act in ("menu", "edit:open:deal", *acts):
        handle(app, act)
    return app


def answered(app):
    handle(app, OPEN)
    assert app.dialog == "analysis"
    while not advance(app.analysis, 1.0):
        pass
    return view(app).dialog


def test_the_editor_offers_it_only_for_a_position_the_rules_allow():
    assert OPEN in clickable(view(editing()).lesson)
    empty = editing("edit:open:empty")
    assert OPEN not in clickable(view(empty).lesson)
    handle(empty, OPEN)  # a stray act: nothing opens
    assert empty.dialog == "" and empty.analysis is None


def test_the_answer_is_drawn_told_and_stepped():
    app = editing()
    handle(app, OPEN)
    working = view(app).dialog
    assert 'role="status"' in working and "analysis:close" in clickable(working)
    shown = answered(app)
    best = app.analysis.result.turns[0]
    assert re.search(r"<strong>Best turn for Black: (Wins about \d+ games? in 100|Almost sure)",
                     shown)
    assert 'class="notes arrows"' in shown  # the turn's placements as arrows
    assert "Best turn for Black: " in view(app).announce  # the live region says it
    assert shown.count("<li") == len(best.plan)  # one sentence an action
    assert [a for a in clickable(shown) if a.startswith("analysis:choose:")] == [
        "analysis:choose:0", "analysis:choose:1", "analysis:choose:2"]
    handle(app, "analysis:step:next")
    assert app.analysis.step == 1 and 'aria-current="step"' in view(app).dialog
    handle(app, "analysis:step:first")
    handle(app, "analysis:choose:2")
    assert app.analysis.chosen == 2 and "<strong>Third choice for Black" in view(app).dialog
    handle(app, "analysis:choose:9")  # not offered: nothing changes
    assert app.analysis.chosen == 2


def test_escape_closes_it_back_to_the_editor_and_a_second_press_keeps_the_work():
    app = editing()
    handle(app, OPEN)
    work = app.analysis
    advance(work, 0.0)
    progress = work.work.progress
    handle(app, "escape")  # left while it works
    assert app.dialog == "" and app.editor is not None
    handle(app, OPEN)
    handle(app, OPEN)  # pressed twice: the same work goes on
    assert app.analysis is work and work.work.progress == progress


def test_play_on_from_the_editors_position_against_the_computer():
    app = editing()
    start = app.editor.state()
    answered(app)
    handle(app, "analysis:play:computer")
    m = app.match
    assert app.editor is None and app.dialog == "" and not app.covered
    assert m.mode == "computer" and m.human == start.to_move
    assert observe(m.state, m.human) == observe(start, start.to_move)


def test_a_replays_step_and_a_hot_seat_game_offer_it_a_game_against_the_computer_not():
    app = finished_game()
    handle(app, "replay")
    for _ in range(5):
        handle(app, "step:next")
    assert OPEN in clickable(view(app).lesson)
    step = app.sequence.states[5]
    answered(app)
    assert app.analysis.state.to_move == step.to_move
    handle(app, "analysis:play:hotseat")
    assert app.sequence is None and app.match.mode == "hotseat"
    assert OPEN in clickable(view(app).acts)  # now a hot-seat game: offered by its actions
    game = new_app()
    assert game.match.mode == "computer"
    shown = view(game)
    assert OPEN not in clickable(shown.acts + shown.export + shown.lesson)
    handle(game, OPEN)
    assert game.dialog == "" and game.analysis is None


def test_playing_on_from_a_hot_seat_game_keeps_the_other_players_cards_hidden():
    """A review found "Play from here" copying the real game, the other player's hidden
    hand and the pile's order with it (R24): the new game deals what the player to move
    cannot see anew, as a shared position does; what they saw stays."""
    for rest in ("computer", "hotseat"):
        app = new_app(seed=6, mode="hotseat", first="black")
        handle(app, "uncover")
        handle(app, "do:pile")  # Black draws a card White never sees
        handle(app, "uncover")
        real = app.match.state
        mover = real.to_move
        answered(app)
        handle(app, f"analysis:play:{rest}")
        new = app.match.state
        assert app.match.mode == rest and new is not real
        seen = replace(observe(real, mover), history=())  # a new game has no past
        assert observe(new, mover) == seen
        assert (new.hands[1 - mover], new.pile) != (real.hands[1 - mover], real.pile)


def test_a_reviewed_turn_is_analysed_from_its_real_start_and_closing_goes_back_to_it():
    app = finished_game(early_end=True)  # a whole review, of 11 turns, not 37
    handle(app, "review")
    assert OPEN not in clickable(view(app).dialog)  # judging: no turn chosen yet
    while not advance_review(app.review, 1.0):
        pass
    chosen = app.review.result.turns[app.review.chosen].turn
    assert OPEN in clickable(view(app).dialog)
    handle(app, OPEN)
    assert app.dialog == "analysis"
    assert observe(app.analysis.state, chosen.obs.seat) == chosen.obs  # the real position
    handle(app, "analysis:close")
    assert app.dialog == "review"
