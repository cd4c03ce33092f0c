"""The end of a game on the page (web/view/dialogs.py end_html): each scoring with the islands
held then (Match.held_at_scorings), the result's mood for its animation, the way on."""

from __future__ import annotations

from kahuna.notation.position import position_to_json
from web.game.match import Match
from web.view.page import view

from .helpers import HOLD_ALOA, last_card
from .web_helpers import new_app


def test_r21_r23_the_end_shows_each_scoring_with_the_islands_held_then():
    """A game against the computer ended early (R23) at the first scoring: the end dialog
    has the round's points and the islands each side held, the total, rematch and new
    game; the header says the game is over."""
    app = new_app()
    record = {"format": "kahuna-record", "version": 1,
              "position": position_to_json(last_card(black=HOLD_ALOA, white=[])), "seed": 1,
              "actions": ["take:GOLA"], "meta": {"mode": "computer", "human": 1}}
    app.resume(Match.from_record(record))
    assert app.match.held_at_scorings() == [(1, 0)]
    shown = view(app)
    assert 'class="end-game lost"' in shown.dialog
    assert "<th scope=\"row\">Round 1</th><td><b>1</b><small>1 island</small></td>" in shown.dialog
    assert "<small>0 islands</small>" in shown.dialog
    assert 'data-act="rematch"' in shown.dialog and 'data-act="menu"' in shown.dialog
    assert "Game over" in shown.round and "Round 1 of 3" not in shown.round
