"""What a search's sampled worlds may tell it (issue 34's trials).

A search plays its turns in worlds dealt from its seat's observation (R24). A world knows
the order of its pile, and the player whose turn is planned there does not (R12: the card
is drawn face down): ``Level.decoys`` values a draw by cards under the top. A trial's
opponent does not see our hand either: ``Level.reply_view`` has it pick its reply from
worlds dealt from its own view.
"""

import dataclasses
import random

from kahuna import Phase, observe
from kahuna.players.evaluate import FITTED, evaluate
from kahuna.players.levels import MASTER, choose, make_player
from kahuna.players.plans import plans, unseen_draw
from kahuna.players.protocol import run_to_end
from kahuna.players.search import (_after_reply, _chosen_in_its_view, _distinct_phase_a, _public,
                                   _worst_reply)
from kahuna.rules.actions import Kind
from kahuna.rules.state import HAND_LIMIT

from .helpers import hidden_twin, random_positions

#: A small master that values draws by the cards under the pile's top.
SMALL_DECOYS = "master:decoys=3,iterations=12,candidates=3,width=3"


def mid_round_positions(seeds, every):
    """Play-phase positions of random games with at least five cards in the pile (no
    draw in a plan can end the round, R16) and a hand that may draw (R14), one in
    ``every``."""
    for seed in seeds:
        for n, state in enumerate(random_positions(seed)):
            if (not n % every and state.phase is Phase.PLAY and len(state.pile) >= 5
                    and state.hand_size[state.to_move] < HAND_LIMIT):
                yield state


def with_top(state, card_index):
    """A copy of ``state`` whose pile has its card at ``card_index`` on top instead."""
    twin = state.copy()
    pile = twin.pile
    pile[-1], pile[card_index] = pile[card_index], pile[-1]
    return twin


def test_with_decoys_no_plan_is_valued_by_the_card_on_top_of_the_pile():
    """Two worlds that differ only in the pile's top card give the same plans and values
    with decoys; without them, some positions' plans differ (the search saw the card)."""
    checked = seen = 0
    for state in mid_round_positions(range(6), 7):
        if state.pile[0] == state.pile[-1]:
            continue
        twin = with_top(state, 0)
        blind = [run_to_end(plans(s, 4, 3, FITTED, decoys=3)) for s in (state, twin)]
        assert blind[0] == blind[1]
        seeing = [run_to_end(plans(s, 4, 3, FITTED)) for s in (state, twin)]
        seen += seeing[0] != seeing[1]
        checked += 1
    assert checked >= 20 and seen >= 5


def test_a_draw_from_the_pile_is_worth_the_mean_of_drawing_each_card_under_the_top():
    checked = 0
    for state in mid_round_positions(range(3), 5):
        draw = next(a for a in state.legal_actions() if a.kind is Kind.PILE)
        p = state.to_move
        values = []
        for index in (-2, -3, -4):
            after = with_top(state, index)
            after.do(draw)
            values.append(evaluate(after, p, FITTED))
        assert unseen_draw(state, draw, FITTED, 3) == sum(values) / 3
        assert unseen_draw(state, draw, FITTED, 1) == values[0]
        checked += 1
    assert checked >= 10


def test_decoys_are_as_many_as_the_cards_under_the_top():
    """With two cards in the pile, one decoy: the card under the top."""
    state = next(mid_round_positions([1], 1)).copy()
    del state.pile[:-2]
    draw = next(a for a in state.legal_actions() if a.kind is Kind.PILE)
    after = with_top(state, -2)
    after.do(draw)
    assert unseen_draw(state, draw, FITTED, 3) == evaluate(after, state.to_move, FITTED)


def test_a_master_with_decoys_plays_legally_from_what_its_seat_sees():
    assert_plays_legally_from_what_its_seat_sees(SMALL_DECOYS, 21)


def assert_plays_legally_from_what_its_seat_sees(name, seed):
    """A whole game of ``name`` against random, every action checked by ``play``; and
    R24: games that differ only in what the mover cannot see get the same decision."""
    from kahuna import Setup, new_game

    state = new_game(Setup(seed=seed))
    players = [make_player(name), make_player("random")]
    rngs = [random.Random(1), random.Random(2)]
    while not state.is_over:
        seat = state.to_move
        state.play(choose(players[seat], observe(state, seat), rngs[seat]))
    assert_blind_to_what_the_seat_cannot_see(name)


def assert_blind_to_what_the_seat_cannot_see(name):
    """R24: in three positions, ``name`` decides the same in a twin game that differs
    only in the opponent's hidden cards and the pile's order."""
    checked = 0
    for state in mid_round_positions(range(10, 20), 13):
        twin = hidden_twin(state, 3)
        if twin.hands == state.hands and twin.pile == state.pile:
            continue
        seat = state.to_move
        actions = [choose(make_player(name), observe(s, seat), random.Random(5))
                   for s in (state, twin)]
        assert actions[0] == actions[1]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def with_our_card_on_the_pile(state, seat):
    """A copy of ``state`` in which an unknown card of ``seat``'s hand and the pile's top
    have changed places (None if none differs): the same position to the opponent."""
    known = state.known[seat]
    for i in range(12):
        if state.hands[seat][i] > known[i] and state.pile[-1] != i:
            twin = state.copy()
            twin.hands[seat][i] -= 1
            twin.hands[seat][twin.pile[-1]] += 1
            twin.pile[-1] = i
            return twin
    return None


def test_the_reply_chosen_in_the_opponent_s_view_does_not_depend_on_our_hidden_cards():
    """``Level.reply_view``: the opponent picks its reply from worlds dealt from its own
    view (R24), so two worlds that differ only in a card of ours it cannot see give the
    same reply; picked in the trial's world (``reply_view=0``), some replies differ."""
    level = dataclasses.replace(MASTER, reply_view=2)
    checked = seen = 0
    for state in mid_round_positions(range(30, 36), 9):
        if len(state.pile) < 10:
            continue
        seat = 1 - state.to_move
        twin = with_our_card_on_the_pile(state, seat)
        if twin is None:
            continue
        assert _public(observe(state, 1 - seat)) == _public(observe(twin, 1 - seat))
        replies = _distinct_phase_a(run_to_end(plans(state, 4, 4, FITTED)), 3)
        chosen = [run_to_end(_chosen_in_its_view(s, seat, 3, level, replies))
                  for s in (state, twin)]
        assert chosen[0] == chosen[1]
        worst = [min(replies, key=lambda r: run_to_end(
            _after_reply(s, r, seat, 3, level)).value) for s in (state, twin)]
        seen += worst[0] != worst[1]
        checked += 1
    assert checked >= 10 and seen >= 1


def test_the_view_may_judge_a_reply_by_the_position_right_after_it():
    """``Level.view_horizon=1``: the opponent picks its reply in its view by the value
    right after each reply (the view plays one turn, not the trial's three), and the
    trial then plays the whole horizon after the reply picked (the value of three
    turns). At some positions that picks another reply than the whole horizon would."""
    level = dataclasses.replace(MASTER, view_horizon=1)
    checked = differ = 0
    for state in mid_round_positions(range(30, 34), 9):
        seat = 1 - state.to_move
        replies = _distinct_phase_a(run_to_end(plans(
            state, level.plan_width, level.plan_depth, level.weights, decoys=level.decoys)),
            level.replies)
        if len(replies) < 2:
            continue
        picked = run_to_end(_chosen_in_its_view(state, seat, 1, level, replies))
        trial = run_to_end(_worst_reply(state, seat, 3, level))
        assert trial == run_to_end(_after_reply(state, picked, seat, 3, level))
        differ += picked != run_to_end(_chosen_in_its_view(state, seat, 3, level, replies))
        checked += 1
    assert checked >= 8 and differ >= 1


def test_a_master_choosing_replies_in_their_view_plays_legally_from_what_its_seat_sees():
    assert_plays_legally_from_what_its_seat_sees(
        "master:reply_view=1,iterations=12,candidates=3,width=3", 22)


def test_the_best_plan_of_each_of_the_first_phase_as_in_the_ranking_order():
    """``_distinct_phase_a`` (the opponent's replies in a trial): of the beam's ranked
    plans, the best of each of the first ``k`` different phase As (R8-R15: a phase A, then
    one way to end the turn), best first; nothing left out but plans of a phase A already
    chosen."""
    checked = 0
    for state in mid_round_positions(range(40, 44), 9):
        ranked = run_to_end(plans(state, 8, 5, FITTED))
        order = [plan for _, plan in ranked]
        chosen = _distinct_phase_a(ranked, 6)
        phase_as = [plan[:-1] for plan in chosen]
        assert len(set(phase_as)) == len(phase_as)
        assert chosen == sorted(chosen, key=order.index)
        skipped = [p for p in order[:order.index(chosen[-1])] if p not in chosen]
        assert all(p[:-1] in phase_as for p in skipped)
        assert len(chosen) == min(6, len({plan[:-1] for plan in order}))
        checked += bool(skipped)  # some phase A had more than one plan
    assert checked >= 1
