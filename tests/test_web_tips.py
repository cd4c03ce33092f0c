"""Help on a tap (web/tips.py): the corner numbers, the dashed cards and the counters
say what they mean without a pointer hovering; the next act puts the help away."""

from __future__ import annotations

from web.tips import TIPS
from web.view import view

from .web_helpers import clickable, new_app


def test_the_things_without_words_show_their_help_on_a_tap():
    app = new_app(seed=3)
    shown = view(app)  # the person's turn: the display and the pile are to draw from
    acts = set(clickable(shown.players + shown.table + shown.round))
    assert {"tip:stats", "tip:discards", "tip:left", "do:pile"} <= acts
    waiting = new_app(seed=4, first="white", colour="black")
    waiting.thinking_started()  # the computer's turn: they only show what they are
    assert {"tip:lines", "tip:pile"} <= set(clickable(view(waiting).table))
    assert all(a[4:] in TIPS for a in acts if a.startswith("tip:"))
    assert shown.tip == ""
    app.handle("tip:stats")
    assert "Counters" in view(app).tip and 'data-act="tip:"' in view(app).tip
    app.handle("tip:stats")  # the same again: put away
    assert view(app).tip == ""


def test_the_next_act_puts_the_help_away_and_unknown_keys_show_nothing():
    app = new_app(seed=3)
    app.handle("tip:pile")
    assert "Draw pile" in view(app).tip
    app.handle("card:0")
    assert view(app).tip == "" and app.selected == (0,)
    app.handle("tip:nonsense")
    assert view(app).tip == ""


def test_variants_and_known_cards_have_their_help():
    app = new_app(seed=2, fewer_surprises=True, open_draws=True, handicap=1)
    acts = set(clickable(view(app).round))
    assert {"tip:v1", "tip:v2", "tip:handicap"} <= acts
