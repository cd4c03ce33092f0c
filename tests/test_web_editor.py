"""The position editor in the page (web/state/editor.py, web/view/editor.py), under
CPython: acts change the draft, a breach is refused beside its control with the draft
kept, play and share start from exactly the position set up."""

from __future__ import annotations

import re

from kahuna import BLACK, WHITE, decode_link, position_to_json
from kahuna.notation.link import link_url
from tests.helpers import island, line, worked_example
from tests.web_helpers import clickable, handle, new_app, played, view


def editing(*acts: str):
    app = new_app()
    handle(app, "menu")
    assert "edit:open:empty" in clickable(view(app).dialog)
    for act in ("edit:open:empty", *acts):
        handle(app, act)
    return app


def test_every_line_is_a_button_that_cycles() -> None:
    app = editing()
    shown = view(app)
    assert shown.turn == "edit" and "Set up a position" in shown.lesson
    assert len({a for a in clickable(shown.board) if a.startswith("edit:line:")}) == 27
    handle(app, "edit:line:ALOA-HUNA")
    handle(app, "edit:line:ALOA-HUNA")
    assert app.editor.draft.owner[line("ALOA-HUNA")] == WHITE
    # a screen reader hears the bridge there and what a press does, not "Remove the bridge"
    hit = re.search(r'<path class="hit"[^>]*data-act="edit:line:ALOA-HUNA"[^>]*>', view(app).board)
    assert "White bridge. Press to change it" in hit[0] and "Remove" not in hit[0]
    # the free lines glow, the bridges show their colour (review 28: all alike in yellow)
    handle(app, "edit:line:ALOA-BARI")
    board = view(app).board
    assert board.count('<path class="glow"') == 25
    for bridge in re.findall(r'<path class="deck" d="([^"]+)"/>', board):
        assert f'<path class="glow" d="{bridge}"/>' not in board
    assert len({a for a in clickable(board) if a.startswith("edit:line:")}) == 27


def test_a_breach_is_refused_beside_its_control_and_nothing_lost() -> None:
    app = editing("edit:add:HUNA", "edit:target:white", "edit:add:HUNA")
    before = app.editor.draft
    handle(app, "edit:target:display")
    handle(app, "edit:add:HUNA")  # a third HUNA card (R2)
    assert app.editor.draft == before
    lesson = view(app).lesson
    assert 'data-rule="R2"' in lesson and "There are only two HUNA cards." in lesson
    assert lesson.index('data-rule="R2"') > lesson.index('data-part="display"')
    handle(app, "edit:add:ELAI")  # the next good change clears it
    assert 'role="alert"' not in view(app).lesson and app.editor.draft.display[0] == island("ELAI")


def test_hand_limit_and_undo_redo() -> None:
    app = editing(*["edit:unknown:black:1"] * 5)
    handle(app, "edit:unknown:black:1")
    assert app.editor.draft.unknown == (5, 0) and 'data-rule="R14"' in view(app).lesson
    handle(app, "edit:undo")
    assert app.editor.draft.unknown == (4, 0)
    handle(app, "edit:redo")
    handle(app, "edit:redo")  # nothing more to redo: unchanged
    assert app.editor.draft.unknown == (5, 0)


def test_play_waits_until_the_position_is_complete() -> None:
    app = editing()
    assert "edit:play:hotseat" not in clickable(view(app).lesson)
    assert 'data-rule="R16"' in view(app).lesson
    handle(app, "edit:play:hotseat")  # a stale or hand-made act: nothing
    assert app.editor is not None


def test_pasted_garbage_is_refused_and_the_draft_kept() -> None:
    app = editing("edit:line:BARI-DUDA")
    before = app.editor.draft
    handle(app, "edit:paste:https://example.test/?position=%%%not")
    assert app.editor.draft == before
    assert "damaged" in view(app).lesson
    handle(app, "edit:paste:https://someone.github.io/kahuna/#play=K2eNo")  # review 28
    assert "a link of a game by links" in view(app).lesson and app.editor.draft == before


def test_a_pasted_position_no_game_reaches_is_refused_by_the_paste_field() -> None:
    """Review 29: ``{}`` (empty hands, 21 cards in the pile) pasted into an empty editor was
    refused (R6), but the words stood by the pile's control as if the empty draft, whose
    pile is 0, broke the rule. They go with the paste now; the next good paste clears them."""
    app = editing()
    before = app.editor.draft
    handle(app, "edit:paste:e30")
    lesson = view(app).lesson
    assert app.editor.draft == before and app.editor.refused is None
    paste_part = lesson.split('id="editor-paste"')[1].split("<fieldset")[0]
    assert "not set up" in paste_part and 'data-rule="R6"' in paste_part
    assert lesson.count('data-rule="R6"') == 1
    handle(app, "edit:paste:" + link_url(position_to_json(worked_example()), "https://x.test/"))
    assert "not set up" not in view(app).lesson and app.editor.draft != before


def test_the_worked_example_pasted_plays_against_the_computer_exactly() -> None:
    state = worked_example()
    app = editing("edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    assert app.editor.draft.cards[BLACK] == tuple(sorted(state.hand(BLACK)))
    handle(app, "edit:play:computer")
    assert app.editor is None and app.match.human == WHITE
    assert app.match.state.hands == state.hands and app.match.state.owner == state.owner


def test_share_holds_the_exact_hands() -> None:
    state = worked_example()
    app = editing("edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    handle(app, "edit:share")
    assert app.dialog == "share"
    data = decode_link(app.share.url.split("position=")[1])
    assert data["hands"] == position_to_json(state)["hands"]


def test_from_the_current_game_hides_the_opponents_cards() -> None:
    app = new_app()
    handle(app, "start")
    seen = app.match.observation()
    handle(app, "edit:open:game")
    d = app.editor.draft
    assert d.cards[seen.seat] and d.cards[1 - seen.seat] == ()
    assert d.unknown[1 - seen.seat] == 3
    handle(app, "edit:close")
    assert app.editor is None and app.match is not None


def test_from_a_covered_hot_seat_game_neither_hand_is_named() -> None:
    """A review opened ``?editor`` over the hot-seat cover and read the covered player's
    hand from "The current game": under the cover only what both players see (R24)."""
    app = new_app(seed=6, mode="hotseat", first="black")
    handle(app, "uncover")
    handle(app, "do:pile")  # White to play, under the cover
    assert app.covered
    handle(app, "edit:open:game")
    d = app.editor.draft
    assert d.cards == ((), ()) and d.unknown == (4, 3)
    handle(app, "edit:close")
    handle(app, "uncover")  # uncovered, the player to move sees their own hand
    handle(app, "edit:open:game")
    assert app.editor.draft.cards[WHITE] and app.editor.draft.cards[BLACK] == ()


def test_in_german() -> None:
    app = editing("edit:add:HUNA", "edit:add:HUNA", "edit:add:HUNA")
    handle(app, "lang:de")
    lesson = view(app).lesson
    assert 'data-rule="R2"' in lesson and "Es gibt nur zwei HUNA-Karten." in lesson
    assert 'href="rules/de.html"' in lesson and "Stellung aufbauen" in lesson


def test_embed_this_position_opens_the_builder_on_the_exact_hands_and_comes_back() -> None:
    state = worked_example()
    app = editing("edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    assert "edit:embed" in clickable(view(app).lesson)
    draft = app.editor.draft
    handle(app, "edit:embed")
    assert app.builder is not None and app.builder.exact
    assert app.builder.position()["hands"] == position_to_json(state)["hands"]
    handle(app, "escape")  # the builder closed: the editor again, its draft kept
    assert app.builder is None and app.editor is not None and app.editor.draft == draft


def test_embed_waits_until_the_position_is_complete() -> None:
    app = editing("edit:add:HUNA")
    assert "edit:embed" not in clickable(view(app).lesson)
    handle(app, "edit:embed")  # a stray act: nothing opens
    assert app.builder is None and app.editor is not None


def test_set_up_from_any_step_of_a_replay() -> None:
    app = new_app()
    app.resume(played(400))
    handle(app, "replay")
    handle(app, "step:round:2")
    assert "edit:open:step" in clickable(view(app).lesson)
    shown = app.sequence.states[app.sequence.step]
    handle(app, "edit:open:step")
    d = app.editor.draft
    assert d.owner == tuple(shown.owner) and d.cards[BLACK] == tuple(sorted(shown.hand(BLACK)))
    assert d.round == shown.round and view(app).turn == "edit"
    handle(app, "edit:close")  # back to the replay, at that step
    assert app.editor is None and app.sequence.states[app.sequence.step] is shown


def test_a_puzzle_goal_is_checked_by_the_solver_and_embedded_with_it() -> None:
    state = worked_example()
    app = editing("edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    handle(app, "edit:goal:control:1")
    answer = app.editor.answer
    assert answer.solvable() and 0 < answer.reaching <= answer.turns and answer.shown
    lesson = view(app).lesson
    assert f"reached by {answer.reaching} of the mover’s {answer.turns} whole turns" in lesson
    assert len(answer.effects) == len(answer.shown) and "One of them: " in lesson
    handle(app, "edit:embed")  # the builder in puzzle mode, the goal checked carried along
    assert app.builder.mode == "puzzle" and app.builder.goal == "control:1"
    assert "goal=control:1" in app.builder.query()


def test_an_unsolvable_goal_says_so_and_a_changed_position_drops_the_answer() -> None:
    state = worked_example()
    app = editing("edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    handle(app, "edit:goal:control:12")  # all twelve islands in one turn: never
    assert not app.editor.answer.solvable()
    assert "the puzzle cannot be solved" in view(app).lesson
    handle(app, "edit:embed")  # no goal carried: the builder as for any position
    assert app.builder.mode != "puzzle" or not app.builder.goal
    handle(app, "escape")
    handle(app, "edit:flip")  # the position changed: the answer was for another one
    assert "cannot be solved" not in view(app).lesson


def test_a_garbled_goal_or_an_unfinished_position_is_said_not_solved() -> None:
    app = editing("edit:add:HUNA")
    handle(app, "edit:goal:gain:ELAI")
    assert "needs a complete position" in view(app).lesson
    state = worked_example()
    handle(app, "edit:paste:" + link_url(position_to_json(state), "https://x.test/"))
    handle(app, "edit:goal:win:everything")
    assert "This goal does not read" in view(app).lesson
    handle(app, "lang:de")
    assert 'role="alert"' in view(app).lesson



def test_the_address_opens_the_editor_and_a_bad_position_in_it_is_said_over_it() -> None:
    """``?editor&position=zzz`` (web/boot/start.py): a review found the editor opened and
    the unreadable position dropped without a word; the address's notice stays on top."""
    from web.game.saves import MemoryStorage
    from web.state.app import App
    from web.state.editor import open_from_address
    from web.state.opening import boot

    app = App(MemoryStorage(), lambda: 0.0)
    boot(app, {"editor": "", "position": "zzz"})
    open_from_address(app)
    shown = view(app)
    assert app.editor is not None and app.dialog == "notice"
    assert "could not be read" in shown.dialog and "Set up a position" in shown.lesson
    handle(app, "close")
    assert app.editor is not None and not app.dialog  # on to the editor
    fine = App(MemoryStorage(), lambda: 0.0)
    boot(fine, {"editor": ""})
    open_from_address(fine)  # a plain ?editor on a first visit: the editor, no welcome
    assert fine.editor is not None and not fine.dialog
