"""The page offers exactly the engine's legal actions (never builds its own)."""

from __future__ import annotations

import random
from itertools import combinations

from kahuna.rules.actions import TURN_ENDING, Action, Kind
from kahuna.rules.board import LINES
from kahuna.rules.observation import observe
from kahuna.rules.deal import Setup, new_game
from kahuna.rules.state import Phase
from web.state.choices import Offers, hint_selection, offers, toggle
from web.state.choices import own_hand


def reachable(legal, hand):
    """Every action a player can reach by clicking: all selections of 0-5 cards."""
    found = set()
    for n in range(0, min(5, len(hand)) + 1):
        for selected in combinations(range(len(hand)), n):
            o = offers(legal, hand, selected)
            found.update(o.lines.values())
            found.update(o.ends)
            if o.discard is not None:
                found.add(o.discard)
    return found


def test_every_offer_is_legal_and_every_legal_action_is_offered():
    """Random games, with both variants and handicaps: clicks reach exactly legal_actions()."""
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(Setup(seed=seed, fewer_surprises=seed % 2 == 0, open_draws=seed % 3 == 0,
                               handicap=seed % 4))
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            hand = own_hand(observe(state, state.to_move))
            assert reachable(legal, hand) == set(legal)
            state.do(rng.choice(legal))


def test_one_card_lights_its_lines_two_cards_the_removable_bridges():
    state = new_game(Setup(seed=4, first=0))
    hand = own_hand(observe(state, 0))
    legal = state.legal_actions()
    one = offers(legal, hand, (0,))
    assert one.lines and all(a.kind is Kind.PLACE and a.cards == (hand[0],) for a in one.lines.values())
    assert all(hand[0] in LINES[l] for l in one.lines)
    none = offers(legal, hand, ())
    assert not none.lines and {a.kind for a in none.ends} <= TURN_ENDING


def test_toggle_keeps_at_most_the_limit():
    assert toggle((), 2, 2) == (2,)
    assert toggle((2,), 2, 2) == ()
    assert toggle((0, 1), 3, 2) == (1, 3)
    assert toggle((0, 1), 3, 5) == (0, 1, 3)


def test_can_draw_unless_passing_is_the_only_way_to_end_the_turn():
    pas, pile, take = (Action.parse(t) for t in ("pass", "pile", "take:BARI"))
    assert Offers(ends=(pile, pas)).can_draw() and Offers(ends=(take,)).can_draw()
    assert not Offers(ends=(pas,)).can_draw() and not Offers().can_draw()


def test_hint_selection_points_at_the_cards_of_the_action():
    hand = [0, 0, 7, 9]
    assert hint_selection(hand, Action.parse("ALOA+ALOA/ALOA-BARI")) == (0, 1)
    assert hint_selection(hand, Action.parse("HUNA>LALE")) == (2,)
    assert hint_selection(hand, Action.parse("pile")) == ()


def test_handicap_lines_need_no_card():
    state = new_game(Setup(seed=2, handicap=2, handicap_player=1))
    assert state.phase is Phase.HANDICAP
    o = offers(state.legal_actions(), own_hand(observe(state, 1)), ())
    assert len(o.lines) == 27 and all(a.kind is Kind.HANDICAP for a in o.lines.values())
