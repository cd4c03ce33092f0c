"""``judged_after``: a position judged after one way to end the turn (R12-R14), changed
in place and put back, must be judged exactly as a copy with the ending done would be,
and left exactly as it was; the searches' plans rest on it."""

import copy

from kahuna.players.evaluate import FITTED, _board, ending_judge, evaluate
from kahuna.players.fitted_model import MODEL
from kahuna.players.plans import unseen_draw
from kahuna.rules.actions import TURN_ENDING, Kind
from kahuna.rules.endings import judged_after, quiet
from kahuna.rules.fields import FIELDS, Phase

from .helpers import random_positions


def snapshot(state):
    """Every field of ``state`` (not its history or generator), deep-copied."""
    return {f.name: copy.deepcopy(getattr(state, f.name)) for f in FIELDS}


def done_on_a_copy(state, action, under):
    after = state.fork()
    if under > 1:
        after.pile[-1], after.pile[-under] = after.pile[-under], after.pile[-1]
    after.do(action)
    return after


def endings(variants, seeds):
    """(state, turn-ending action, card under the top) over random games, every
    ending of every position, each pile draw also by the 2nd and 3rd card down."""
    for seed in seeds:
        for state in random_positions(seed, **variants):
            for action in state.legal_actions():
                if action.kind in TURN_ENDING:
                    deepest = min(3, len(state.pile)) if action.kind is Kind.PILE else 1
                    for under in range(1, deepest + 1):
                        yield state, action, under


def test_an_ending_is_judged_on_what_doing_it_leaves_and_the_position_is_put_back():
    """For every ending of random games (R12 take, draw, R13 pass; the round's last
    cards, R16, and the final turns, R20, included; V1 and V2 too), the judge sees every
    field as ``fork`` then ``do`` leaves it, and afterwards the position is as before."""
    checked = set()
    for variants in ({}, {"fewer_surprises": True, "open_draws": True}):
        for state, action, under in endings(variants, range(6)):
            # Copies with their own generators: a round's end reshuffles (R18) by the
            # generator a fork shares.
            mine, theirs = state.copy(), state.copy()
            seen = judged_after(mine, action, lambda after: snapshot(after), under)
            assert seen == snapshot(done_on_a_copy(theirs, action, under)), (action, under)
            assert snapshot(mine) == snapshot(state)
            checked.add((action.kind, under, state.phase, len(state.pile) < 2))
    assert {(Kind.TAKE, 1, Phase.PLAY, False), (Kind.PILE, 3, Phase.PLAY, False),
            (Kind.PASS, 1, Phase.PLAY, False), (Kind.PILE, 1, Phase.PLAY, True),
            (Kind.PASS, 1, Phase.FINAL, True)} <= checked


def test_the_evaluations_agree_with_a_copy_and_a_draw_by_cards_under_the_top():
    """Both evaluations (the fitted weights and the logistic model) give the same float
    either way, ``ending_judge`` too (the board reckoned once, and again for a card that
    brings an island within reach), and ``unseen_draw`` is the mean over the cards under the top."""
    reach_added = 0
    both = ({}, {"fewer_surprises": True, "open_draws": True})
    for state, action, under in (e for variants in both for e in endings(variants, range(6, 12))):
        p = state.to_move
        after = done_on_a_copy(state.copy(), action, under)
        for weights in (FITTED, MODEL):
            expected = evaluate(after, p, weights)
            assert judged_after(state.copy(), action, lambda s: evaluate(s, p, weights),
                                under) == expected
            assert ending_judge(state.copy(), weights)(action, under) == expected
        reaching = set()
        if quiet(state):
            _board(state, p, FITTED, reaching)
        drawn = [card for card in range(12) if after.hands[p][card] > state.hands[p][card]]
        reach_added += any(card in reaching for card in drawn)
        if action.kind is Kind.PILE and under == 1 and len(state.pile) > 1:
            n = min(3, len(state.pile) - 1)
            copies = [evaluate(done_on_a_copy(state, action, j), p, FITTED)
                      for j in range(2, n + 2)]
            total = 0.0
            for value in copies:
                total += value
            assert unseen_draw(state, action, FITTED, 3) == total / n
    assert reach_added >= 20  # a card drawn that lets the hand reach an island (Weights.reach)
