"""The header's words about the game (web/view/header.py): the round or the game's end, the
cards left to draw before the round's scoring (R16), the variants in play."""

from __future__ import annotations

from kahuna import observe
from web.view.header import cards_left, round_html

from .helpers import HOLD_ALOA, last_card, play
from .web_helpers import new_app


def test_a_fresh_game_counts_the_pile_and_the_display():
    app = new_app(seed=3)
    obs = app.match.observation()
    assert cards_left(obs) == obs.pile_size + 3
    html = round_html(obs, app.match.handicap())
    assert "Round 1 of 3" in html and f"{cards_left(obs)} cards left" in html
    assert "variant" not in html


def test_r16_the_last_card_then_the_game_over_not_round_3():
    s = last_card(black=HOLD_ALOA, white=[])
    assert cards_left(observe(s, 0)) == 1
    assert "1 card left" in round_html(observe(s, 0))
    play(s, "take:GOLA")  # R23: White has no bridge left, the game ends
    html = round_html(observe(s, 0))
    assert "Game over" in html and "Round" not in html and "left" not in html


def test_the_variants_in_play_are_named():
    app = new_app(seed=2, fewer_surprises=True, open_draws=True, handicap=2,
                  handicap_player="white")
    html = round_html(app.match.observation(), app.match.handicap())
    assert ">V1<" in html and ">V2<" in html and "Handicap 2 (White)" in html
    assert app.match.handicap() == (2, "white")
