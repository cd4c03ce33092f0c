"""The embed's modes (web/learn/modes.py) and the steps of a game (web/learn/sequence.py,
web/learn/puzzle.py): a sequence stepped through, a diagram looked at or explored, a puzzle
tried, failed, retried and shown solved, the play mode's options, the replay of a
finished game. All under CPython through web.state.acts.handle, as a click would."""

from __future__ import annotations

import random

import pytest

from kahuna import goal_from_text, puzzles
from kahuna.notation.link import encode
from web.state.acts import handle
from web.state.app import App
from web.game.match import COMPUTER, HOTSEAT
from web.learn.modes import DIAGRAM, PLAY, PUZZLE, SEQUENCE
from web.state.opening import boot
from web.learn.sequence import Sequence
from web.view.page import view

from .helpers import HOLD_ALOA, final_position, last_card, play_randomly
from .web_helpers import Clock, MemoryStorage, clickable, embedded, new_app, played, record_link

# ----- sequences ----------------------------------------------------------------------

def test_a_sequence_opens_at_its_start_and_steps_forward_and_back():
    game = played(12)
    app = embedded({"record": record_link(game), "mode": SEQUENCE})
    assert app.sequence is not None and app.sequence.last == 12
    assert app.match is not None and app.match.actions == []
    lesson = view(app).lesson
    assert "step:next" in clickable(lesson) and "The start (12 steps)" in lesson
    assert not app.may_act() and app.offers().acts() == {}  # watching, not playing
    handle(app, "step:next")
    assert app.match.actions == game.actions[:1]
    assert app.fx is not None and app.fx.action == game.actions[0]  # animated forward
    assert "Step 1 of 12" in view(app).lesson
    handle(app, "step:last")
    assert app.match.state.history == game.state.history and app.fx is None
    handle(app, "step:back")
    assert len(app.match.actions) == 11 and app.fx is None  # back is not animated
    handle(app, "step:first")
    assert app.match.actions == []
    for where in ("back", "round:9", "round:x", "round:²", "nowhere", ""):
        handle(app, "step:" + where)  # beyond the ends, or nonsense: nothing moves
        assert app.match.actions == []


def test_a_sequence_may_open_at_any_step_and_clamps_one_beyond_its_end():
    game = played(12)
    assert len(embedded({"record": record_link(game), "mode": SEQUENCE,
                         "step": "5"}).match.actions) == 5
    for far in ("999", "99999", "999999999999"):  # docs/embedding.md: the end
        app = embedded({"record": record_link(game), "mode": SEQUENCE, "step": far})
        assert len(app.match.actions) == 12 and app.dialog != "notice"
    app = embedded({"record": record_link(game), "mode": DIAGRAM, "step": "99999"})
    assert len(app.match.actions) == 12 and app.dialog != "notice"


def test_a_sequence_steps_each_round_and_the_last_step_stops_autoplay():
    game = played(400)  # a whole game: three rounds (R16, R20)
    assert game.state.is_over
    seq = Sequence.of(game, 0)
    assert len(seq.rounds) == 3 and seq.rounds[0] == 0
    seq.go("round:2")
    assert seq.round_at() == 2 and game.effects[seq.step - 1].scoring is not None
    seq.auto = True
    seq.go("last")
    assert not seq.auto


def test_autoplay_is_switched_by_the_play_button_and_from_the_address():
    game = played(6)
    app = embedded({"record": record_link(game), "mode": SEQUENCE, "auto": ""})
    assert app.sequence is not None and app.sequence.auto
    handle(app, "step:auto")
    assert not app.sequence.auto
    handle(app, "step:last")
    handle(app, "step:auto")  # at the end there is nothing left to play
    assert not app.sequence.auto
    handle(app, "step:first")
    handle(app, "step:auto")
    handle(app, "escape")  # a review found Escape leaving it playing: it pauses
    assert app.sequence is not None and not app.sequence.auto


def test_a_sequence_without_actions_is_said_and_the_position_is_played():
    game = played(0)
    app = embedded({"record": record_link(game), "mode": SEQUENCE})
    assert app.sequence is None and app.dialog == "notice"
    assert "needs a record with actions" in app.notice[1]


def test_reset_takes_a_sequence_back_to_its_opening_step():
    game = played(8)
    app = embedded({"record": record_link(game), "mode": SEQUENCE, "step": "3"})
    handle(app, "step:last")
    handle(app, "reset")
    assert app.sequence is not None and app.sequence.step == 3 and app.sequence.last == 8


# ----- diagrams -----------------------------------------------------------------------

def test_a_diagram_is_looked_at_unless_it_may_be_explored():
    game = played(10)
    still = embedded({"record": record_link(game), "mode": DIAGRAM, "step": "4",
                      "caption": "After <b>four</b> actions"})
    assert still.match is not None and len(still.match.actions) == 4
    assert not still.may_act() and view(still).hint_ok is False
    assert 'class="caption">After &lt;b&gt;four&lt;/b&gt; actions' in view(still).lesson
    free = embedded({"record": record_link(game), "mode": DIAGRAM, "step": "4",
                     "explore": ""})
    assert free.may_act()
    handle(free, "do:" + str(free.match.state.legal_actions()[0]))
    assert len(free.match.actions) == 5
    handle(free, "reset")
    assert len(free.match.actions) == 4  # back to the diagram as linked


# ----- puzzles ------------------------------------------------------------------------

def test_a_site_puzzle_is_solved_by_its_solution_and_says_so():
    puzzle = puzzles()[0]
    app = embedded({"mode": PUZZLE, "puzzle": puzzle.id})
    assert app.puzzle is not None and app.match is not None
    assert "Your goal:" in view(app).lesson
    for action in puzzle.solution_actions():
        handle(app, f"do:{action}")
    assert app.puzzle.verdict is not None and app.puzzle.verdict.reached
    assert "Solved!" in view(app).lesson and not app.may_act()
    assert {"retry", "solution"} <= set(clickable(view(app).lesson))


def test_a_failed_puzzle_is_said_then_retried_then_its_solution_stepped_through():
    puzzle = puzzles()[0]
    app = embedded({"mode": PUZZLE, "puzzle": puzzle.id})
    start = list(app.match.state.history)
    for _ in range(20):  # a turn that misses: end it at once
        ending = [a for a in app.match.state.legal_actions() if a.kind.name in ("PILE", "PASS")]
        if not ending or app.puzzle.verdict is not None:
            break
        handle(app, f"do:{ending[0]}")
    assert app.puzzle.verdict is not None and not app.puzzle.verdict.reached
    assert "Not this time." in view(app).lesson
    handle(app, "retry")
    assert app.puzzle.verdict is None and app.match.state.history == start and app.may_act()
    handle(app, "solution")
    assert app.sequence is not None and app.sequence.last == len(puzzle.solution)
    handle(app, "step:last")
    assert "Back to the puzzle" in view(app).lesson
    handle(app, "step:close")
    assert app.sequence is None and app.puzzle is not None and app.may_act()


def test_a_goal_for_a_linked_position_is_judged_by_the_engine():
    state = last_card(black=HOLD_ALOA)
    from kahuna.notation.position import position_to_json
    app = embedded({"position": encode(position_to_json(state)), "mode": PUZZLE,
                    "goal": "control:1"})
    assert app.puzzle is not None and app.puzzle.goal == goal_from_text("control:1")
    handle(app, "solution")
    assert app.sequence is not None  # the solver found a turn


@pytest.mark.parametrize("params, said", [
    ({"mode": "chess"}, "mode"),
    ({"mode": PUZZLE}, "needs a puzzle= or a goal="),
    ({"mode": PUZZLE, "puzzle": "<script>"}, "puzzle"),
    ({"mode": PUZZLE, "goal": "win:everything"}, "goal"),
    ({"mode": PUZZLE, "puzzle": puzzles()[0].id, "goal": "control:1"}, "both a puzzle and a goal"),
    ({"mode": SEQUENCE, "step": "-1"}, "step"),
    ({"level": "grandmaster"}, "level"),
    ({"colour": "green"}, "colour"),
    ({"variants": "v1,v9"}, "variants"),
])
def test_a_bad_option_is_said_and_the_frame_still_shows_a_game(params, said):
    app = embedded(params)
    assert app.match is not None and app.dialog == "notice"
    assert said in app.notice[1]
    assert "<" not in view(app).dialog.split("</h2>")[1].split("<p")[0]  # nothing inserted


def test_a_caption_keeps_one_line_of_plain_text():
    app = embedded({"caption": "a\u202eb\nc " + "x" * 500})
    assert app.mode.caption.startswith("ab c ") and len(app.mode.caption) == 200
    assert app.mode.caption.endswith("x…")  # the cut shows
    words = embedded({"caption": "word " * 100}).mode.caption
    assert words.endswith("word…") and len(words) <= 200  # cut after a whole word


# ----- play -----------------------------------------------------------------------------

def test_play_options_choose_the_level_colour_and_variants_of_a_fresh_game():
    app = embedded({"level": "casual", "colour": "white", "variants": "v2,v1"})
    m = app.match
    assert m is not None and m.mode == COMPUTER and m.level == "casual" and m.human == 1
    assert m.state.fewer_surprises and m.state.open_draws  # V1, V2


def test_a_linked_position_may_be_played_against_the_computer():
    game = played(6)
    app = embedded({"record": record_link(game), "colour": "black", "level": "beginner"})
    assert app.match.mode == COMPUTER and app.match.human == 0
    assert app.match.level == "beginner" and len(app.match.actions) == 6


# ----- replay of a finished game ----------------------------------------------------------

def test_a_finished_game_can_be_replayed_and_left_for_its_end():
    app = new_app()
    app.resume(played(400))
    app.match.id = "g1"
    assert app.dialog == "end" and "replay" in clickable(view(app).dialog)
    finished = app.match
    handle(app, "replay")
    assert app.sequence is not None and app.match is not finished and app.dialog == ""
    assert app.match.actions == []
    handle(app, "step:round:3")
    assert app.sequence.round_at() == 3
    assert "Back to the game" in view(app).lesson
    handle(app, "step:close")
    assert app.match is finished and app.sequence is None and app.dialog == "end"


def test_a_replay_saves_nothing_and_a_new_game_ends_it():
    storage = MemoryStorage()
    app = new_app(storage)
    app.resume(played(400))
    app.save()
    stored = dict(storage.items()) if hasattr(storage, "items") else None
    handle(app, "replay")
    handle(app, "step:next")
    app.save()
    assert stored is None or dict(storage.items()) == stored
    handle(app, "menu")
    handle(app, "start")
    assert app.sequence is None and app.match is not None and not app.match.state.is_over


def test_a_sequence_of_a_finished_game_shows_its_steps_not_the_end_dialog():
    game = played(400)
    app = embedded({"record": record_link(game), "mode": SEQUENCE})
    handle(app, "step:last")
    assert app.dialog == "" and view(app).dialog == "" and app.match.state.is_over


def test_the_computer_never_moves_in_a_replay_a_sequence_or_a_diagram_looked_at():
    """A recorded game against the computer, shown as it stood at a step where the
    computer is to move: nothing moves by itself (a tester saw the computer play new
    moves over a replay's steps, a sequence's and a still diagram's). A diagram the
    reader may explore goes on as a game does, the computer answering."""
    game = played(400, mode=COMPUTER, human=0)
    assert game.state.is_over
    app = new_app()
    app.resume(game)
    handle(app, "replay")
    while not app.match.computer_to_move():
        handle(app, "step:next")
    step = app.sequence.step
    assert step > 0 and not app.computer_plays() and not app.may_act()
    link = encode(game.to_record())  # with its meta: a game against the computer
    for params in ({"mode": SEQUENCE}, {"mode": DIAGRAM}):
        shown = embedded({"record": link, "step": str(step), **params})
        assert shown.match.mode == COMPUTER and len(shown.match.actions) == step
        assert shown.match.computer_to_move() and not shown.computer_plays(), params
    explored = embedded({"record": link, "step": str(step), "mode": DIAGRAM, "explore": ""})
    assert explored.computer_plays()


def test_a_replay_of_a_game_on_one_device_is_not_covered():
    app = new_app(mode=HOTSEAT)
    app.resume(played(400))
    assert not app.covered  # a finished game hides nothing (issue 29)
    app.covered = True  # and were it covered, the replay shows the game
    handle(app, "replay")
    assert not app.covered and view(app).cover == ""


def test_a_frame_reopened_with_another_example_forgets_the_first():
    from web.state.opening import reopen
    game = played(10)
    app = embedded({"record": record_link(game), "mode": SEQUENCE})
    handle(app, "step:last")
    reopen(app, [("mode", PUZZLE), ("puzzle", puzzles()[0].id), ("lang", "de")],
           "/kahuna/?mode=puzzle")
    assert app.sequence is None and app.puzzle is not None and app.mode.mode == PUZZLE
    assert app.lang == "de" and app.embed == "/kahuna/?mode=puzzle"
    assert app.match is not None and app.match.actions == []
    reopen(app, [("mode", "chess")], "/kahuna/")  # a bad example is said, as at boot
    assert app.puzzle is None and app.dialog == "notice" and app.match is not None


# ----- the site's puzzles in the full page --------------------------------------------------

def test_the_full_page_lists_the_puzzles_opens_one_and_remembers_it_solved():
    from web.learn.solved import KEY, solved
    storage = MemoryStorage()
    app = new_app(storage)
    game = app.match
    handle(app, "menu")
    assert "puzzles" in clickable(view(app).dialog)
    handle(app, "puzzles")
    listed = clickable(view(app).dialog)
    assert [f"puzzle:{p.id}" for p in puzzles()] == [a for a in listed if a.startswith("puzzle:")]
    first = puzzles()[0]
    handle(app, f"puzzle:{first.id}")
    assert app.puzzle is not None and app.dialog == "" and app.match is not game
    for action in first.solution_actions():
        handle(app, f"do:{action}")
    assert solved(storage) == {first.id} and "kahuna.puzzles" == KEY
    handle(app, "puzzles")
    assert "✓" in view(app).dialog
    handle(app, "puzzle:next")
    assert app.puzzle is not None and app.puzzle.name == puzzles()[1].id
    handle(app, "puzzle:leave")
    assert app.puzzle is None and app.match.id == game.id  # the game as it was saved


def _reloaded(storage) -> App:
    again = App(storage, Clock(), seed=7)
    boot(again, {})
    return again


def test_a_reload_poses_the_puzzle_being_tried_again_until_it_is_left():
    """A reload in the middle of a site's puzzle goes back to the puzzle's start, not to
    the saved game; once the puzzle is left (its button, a new game), a reload shows the
    game. The saved game is untouched all along."""
    from web.learn.solved import TRYING
    storage = MemoryStorage()
    app = new_app(storage)
    game = app.match
    first, second = puzzles()[0], puzzles()[1]
    handle(app, f"puzzle:{first.id}")
    handle(app, f"do:{first.solution_actions()[0]}")  # half-way through the turn
    again = _reloaded(storage)
    assert again.puzzle is not None and again.puzzle.name == first.id
    assert again.match.actions == [] and again.dialog == ""
    handle(again, "retry")
    handle(again, "puzzle:next")
    assert _reloaded(storage).puzzle.name == second.id
    handle(again, "puzzle:leave")
    assert again.puzzle is None and again.match.id == game.id
    shown = _reloaded(storage)
    assert shown.puzzle is None and shown.match.id == game.id and TRYING not in storage
    handle(shown, f"puzzle:{first.id}")
    handle(shown, "new")
    handle(shown, "start")
    assert _reloaded(storage).puzzle is None


@pytest.mark.parametrize("junk", ["no-such-puzzle", "", "{}", "x" * 5000])
def test_a_damaged_puzzle_being_tried_shows_the_saved_game(junk):
    from web.learn.solved import TRYING
    storage = MemoryStorage()
    game = new_app(storage).match
    storage.setItem(TRYING, junk)
    again = _reloaded(storage)
    assert again.puzzle is None and again.match.id == game.id and again.dialog == ""


def test_an_embedded_puzzle_or_an_authors_goal_is_not_posed_again_on_reload():
    from web.learn.solved import TRYING
    app = embedded({"mode": PUZZLE, "puzzle": puzzles()[0].id})
    assert app.puzzle is not None and TRYING not in app.storage
    storage = MemoryStorage()
    new_app(storage)
    full = App(storage, Clock(), seed=7)
    boot(full, {"record": record_link(played(10)), "mode": PUZZLE, "goal": "gain:ELAI"})
    assert full.puzzle is not None and full.puzzle.name == ""
    again = _reloaded(storage)  # the linked game, kept as a saved game
    assert again.puzzle is None and again.match.actions == played(10).actions


def test_puzzle_progress_survives_a_corrupt_value_and_a_refusing_storage():
    from web.learn.solved import KEY, mark_solved, solved
    storage = MemoryStorage()
    for junk in ("{not json", '{"a": 1}', '[1, null, "x"]', "null"):
        storage.setItem(KEY, junk)
        assert solved(storage) <= {"x"}
    mark_solved(storage, "gain-1")
    assert "gain-1" in solved(storage)

    class Refusing(MemoryStorage):
        def setItem(self, key, value):
            raise RuntimeError("QuotaExceededError")

    mark_solved(Refusing(), "gain-1")  # nothing kept, nothing raised


def test_an_unknown_puzzle_and_the_puzzle_acts_of_an_embed_change_nothing():
    app = new_app()
    game = app.match
    handle(app, "puzzle:nope")
    assert app.puzzle is None and app.match is game
    frame = embedded({})
    handle(frame, "puzzles")
    handle(frame, f"puzzle:{puzzles()[0].id}")
    assert frame.dialog == "" and frame.puzzle is None


def test_a_diagram_draws_the_notes_of_its_address_and_says_a_bad_one():
    game = played(6)
    app = embedded({"record": record_link(game), "mode": DIAGRAM, "islands": "elai,HUNA",
                    "lines": "ALOA-HUNA", "arrows": "ALOA>HUNA", "labels": "ELAI:1,HUNA:<b>"})
    assert app.mode.notes.islands == frozenset({4, 7}) and app.mode.notes.arrows == ((0, 7),)
    assert app.mode.notes.labels == ()  # the bad kind is left out, and said
    said = "In the address, labels=“ELAI:1,HUNA:<b>” is not a list such as ELAI:1"
    assert said in app.notice[1]
    board = view(app).board
    assert board.count('class="ring"') == 2 and board.count('class="band"') == 1
    assert board.count('class="head"') == 1 and "<b>" not in board


def test_a_puzzle_in_the_full_page_is_never_covered_when_its_turn_ends():
    app = new_app()
    handle(app, f"puzzle:{puzzles()[4].id}")
    ending = next(a for a in app.match.state.legal_actions() if a.kind.name in ("PILE", "PASS"))
    handle(app, f"do:{ending}")
    assert app.puzzle.verdict is not None and not app.covered and view(app).cover == ""


def test_a_judged_puzzle_says_so_not_to_play_on_and_keeps_the_movers_view():
    """Once the puzzle's turn is over (here: it ends round 1 without the goal), the page
    neither asks for a move nor looks busy, and still shows the mover's hand, not the
    opponent's (R24)."""
    app = new_app()
    handle(app, f"puzzle:{puzzles()[0].id}")
    mover = app.puzzle.mover
    mine = view(app).hand_label
    ending = next(a for a in app.match.state.legal_actions() if a.kind.name in ("PILE", "TAKE"))
    handle(app, f"do:{ending}")
    if app.dialog:  # the round's scoring
        handle(app, "close")
    assert app.puzzle.verdict is not None and app.match.state.to_move != mover
    shown = view(app)
    assert shown.prompt == "" and shown.turn == "over" and "Not this time." in shown.lesson
    assert shown.hand_label == mine and app.match.observation().seat == mover
    handle(app, "retry")
    assert view(app).turn == "person" and view(app).prompt != ""


def test_a_goal_for_a_linked_record_is_judged_from_where_the_record_stands():
    """A record's actions are the position's past: the reader's turn starts after them."""
    game = played(12)  # then on to the end of a turn
    play_randomly(game, random.Random(12), until=lambda s: s.phase.name == "PLAY"
                  and s.history[-1][1].kind.name in ("PILE", "PASS", "TAKE"))
    app = embedded({"record": record_link(game), "mode": PUZZLE, "goal": "control:1"})
    assert app.match.actions == [] and app.match.state.to_move == game.state.to_move
    ending = next(a for a in app.match.state.legal_actions() if a.kind.name in ("PILE", "PASS"))
    handle(app, f"do:{ending}")
    assert app.puzzle.verdict is not None  # judged over the reader's one action


def test_escape_closes_the_puzzle_list_as_its_button_does():
    """The keys' list says Escape closes a dialog: the puzzles' list too, back to the
    game; with no game, back to the new-game dialog (its Close button does the same)."""
    app = new_app(MemoryStorage())
    handle(app, "menu")
    handle(app, "puzzles")
    handle(app, "escape")
    assert app.dialog == "" and app.puzzle is None
    app.match = None
    handle(app, "puzzles")
    handle(app, "escape")
    assert app.dialog == "new"


def test_the_full_page_poses_the_puzzle_an_embedded_one_links_to():
    """An embedded puzzle's "Open in the full game" keeps its address but for ``embed``;
    the full page poses the same puzzle over the reader's own game, which stays saved as it
    was, and offers no tutorial over it (a tester saw a fresh game instead, unsaid)."""
    storage = MemoryStorage()
    mine = new_app(storage)
    mine.save()
    puzzle = puzzles()[1]
    app = App(storage, Clock(), seed=5)
    boot(app, {"mode": PUZZLE, "puzzle": puzzle.id, "pace": "0"})
    assert app.puzzle is not None and app.puzzle.name == puzzle.id
    assert app.dialog == "" and app.mode.mode == PLAY  # the full page: no embed mode kept
    handle(app, "puzzle:leave")
    assert app.puzzle is None and app.match.id == mine.match.id
    first = App(MemoryStorage(), Clock(), seed=5)  # a first visit: no tutorial offered over it
    boot(first, {"mode": PUZZLE, "puzzle": puzzle.id})
    assert first.puzzle is not None and first.dialog == ""


def test_the_full_page_poses_a_goal_for_a_linked_position_and_says_a_bad_puzzle():
    state = last_card(black=HOLD_ALOA)
    from kahuna.notation.position import position_to_json
    app = App(MemoryStorage(), Clock(), seed=5)
    boot(app, {"position": encode(position_to_json(state)), "mode": PUZZLE,
               "goal": "control:1"})
    assert app.puzzle is not None and app.puzzle.goal == goal_from_text("control:1")
    unknown = App(MemoryStorage(), Clock(), seed=5)
    boot(unknown, {"mode": PUZZLE, "puzzle": "no-such-puzzle"})
    assert unknown.puzzle is None and unknown.match is not None
    assert unknown.dialog == "notice" and "puzzle" in view(unknown).dialog
    other = App(MemoryStorage(), Clock(), seed=5)  # another mode: the full page plays on
    boot(other, {"mode": SEQUENCE, "step": "x"})
    assert other.puzzle is None and other.sequence is None and other.dialog != "notice"


@pytest.mark.parametrize("embed", [False, True])
def test_a_puzzle_whose_turn_scores_shows_its_verdict_not_the_scoring_dialog(embed):
    """A score puzzle's turn draws the round's last card (R16-R17): the verdict answers
    it, with no round-end dialog over it, whether the turn reached the goal or not."""
    puzzle = next(p for p in puzzles() if p.goal.aim.value == "score")
    for turn, said in ((puzzle.solution_actions(), "Solved!"),
                       (puzzle.solution_actions()[-1:], "Not this time.")):  # draws at once
        if embed:
            app = embedded({"mode": PUZZLE, "puzzle": puzzle.id})
        else:
            app = new_app()
            handle(app, f"puzzle:{puzzle.id}")
        for action in turn:
            handle(app, f"do:{action}")
        assert app.fx.scoring is not None and app.puzzle.verdict is not None
        assert app.dialog == "" and view(app).dialog == "" and said in view(app).lesson
        assert "retry" in clickable(view(app).lesson)


def test_a_puzzle_whose_turn_ends_the_game_shows_its_verdict_not_the_end_dialog():
    """The drawer's last final turn (R20-R21): its pass ends the game and scores it."""
    from kahuna.notation.position import position_to_json
    state = final_position([[1, 0], [0, 1]], HOLD_ALOA, [])
    app = embedded({"position": encode(position_to_json(state)), "mode": PUZZLE,
                    "goal": "control:1"})
    handle(app, "do:pass")
    assert app.match.state.is_over and app.fx.scoring is not None
    assert app.dialog == "" and "Solved!" in view(app).lesson
