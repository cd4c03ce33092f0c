"""The game review in the page (web/learn/review.py): offered at the end of a game against the
computer, judged in slices, the costliest turns marked, the better turn stepped through."""

from __future__ import annotations

import random

from kahuna import Reviewing, review_turns, start_of
from web.game.match import HOTSEAT
from web.learn.review import advance, offered
from web.state.acts import handle
from web.view.page import view

from .helpers import play_randomly
from .web_helpers import clickable, finished_game, new_app


def test_a_finished_game_against_the_computer_is_reviewed_turn_by_turn():
    app = finished_game()
    assert app.dialog == "end" and "review" in clickable(view(app).dialog)
    handle(app, "review")
    review, m = app.review, app.match
    start = start_of({**m.to_record(), "actions": []})
    review.work = Reviewing(review_turns(start, m.actions, m.human)[:6], seed=1)  # short
    assert "looking at your turns: 0 of 6" in view(app).dialog
    while not advance(review, 0.05):
        pass
    shown = view(app).dialog
    turns = [a for a in clickable(shown) if a.startswith("review-turn:")]
    assert len(turns) == 6 and 'class="costly"' in shown
    # marked not by colour alone: a sign, and words for screen readers, on each marked turn
    costly = shown.count('class="costly"')
    assert shown.count('aria-hidden="true">!</span>') == costly
    assert shown.count(', one of the costliest</span>') == costly
    assert shown.count('aria-hidden="true">✓</span>') == shown.count('class="fine"')
    assert f"review-turn:{review.chosen}" in turns  # the costliest turn, chosen
    handle(app, "review-turn:0")
    assert review.chosen == 0 and "You played:" in view(app).dialog
    for chosen in range(6):
        handle(app, f"review-turn:{chosen}")
        if review.steps and review.result.turns[chosen].better != review.result.turns[chosen].turn.played:
            break
    before = view(app).dialog
    assert "Better:" in before and "The better turn " in before
    handle(app, "review-step:next")
    after = view(app).dialog
    assert review.step == 1 and after != before
    # The buttons hold what they do, not a step: the same act before and after a press,
    # so keyboard focus stays on Next (a tester's second Enter closed the review).
    assert {"review-step:first", "review-step:back", "review-step:next"} <= set(
        clickable(after))
    for _ in range(len(review.steps) + 2):  # beyond the turn's end: its end
        handle(app, "review-step:next")
    assert review.step == len(review.steps)
    handle(app, "review-step:back")
    assert review.step == len(review.steps) - 1
    for stale in ("review-step:3", "review-step:", "review-step:last"):  # unknown: nothing
        handle(app, stale)
        assert review.step == len(review.steps) - 1
    handle(app, "review-step:first")
    assert review.step == 0
    handle(app, "review-turn:99")  # no such turn: nothing changes
    assert review.chosen == chosen
    handle(app, "close")
    assert app.dialog == ""
    handle(app, "review")  # reopened: the same review, not judged again
    assert app.review is review and app.dialog == "review"


def test_no_review_before_the_end_nor_of_a_two_player_game():
    app = new_app(seed=3)
    handle(app, "review")
    assert app.review is None and app.dialog == ""
    hotseat = new_app(seed=3, mode=HOTSEAT)
    play_randomly(hotseat, random.Random(2))
    assert "review" not in clickable(view(hotseat).dialog)
    handle(hotseat, "review")
    assert hotseat.review is None
    # what the page readies the review's modules by (web/boot/loops.py) says the same
    assert not offered(hotseat.dialog, hotseat.match) and not offered(app.dialog, app.match)
    finished = finished_game(5, early_end=True)
    assert finished.dialog == "end" and "review" in clickable(view(finished).dialog)
    assert offered(finished.dialog, finished.match)


def test_the_result_comes_back_after_its_dialog_and_the_review_are_closed():
    """Closing the end dialog ("Look at the board") or the review leaves the board with
    a "Show the result" button under the hand: the end dialog again, with its review,
    replay and rematch. Escape closes the review as its Close button does."""
    app = finished_game()
    handle(app, "close")
    assert app.dialog == "" and "result" in clickable(view(app).acts)
    assert "Show the result" in view(app).acts
    handle(app, "result")
    assert app.dialog == "end" and "review" in clickable(view(app).dialog)
    handle(app, "review")
    handle(app, "escape")
    assert app.dialog == ""
    handle(app, "result")
    assert app.dialog == "end"


def test_no_result_button_before_the_end():
    app = new_app(seed=3, first="black", colour="black", level="beginner")
    assert "result" not in clickable(view(app).acts)
    handle(app, "result")
    assert app.dialog == ""
