"""Property tests over random games (hypothesis): invariants (R11a) after every action,
effects that match the board, the generator and ``check`` agreeing, and round trips of
actions, positions and records."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kahuna import (BLACK, WHITE, Action, Kind, Phase, Setup, make_record, new_game,
                    position_from_json, position_to_json, replay)
from kahuna.rules.board import LINES, LINES_OF, N_ISLANDS
from kahuna.rules.errors import IllegalAction
from kahuna.rules.actions import TURN_ENDING, all_fixed_actions
from kahuna.rules.state import BRIDGES, Termination, control_invariants

from .helpers import candidate_actions

setups = st.builds(
    Setup,
    seed=st.integers(0, 2**32 - 1),
    first=st.sampled_from([None, BLACK, WHITE]),
    fewer_surprises=st.booleans(),
    open_draws=st.booleans(),
    handicap=st.integers(0, 3),
    handicap_player=st.sampled_from([BLACK, WHITE]),
)
GAMES = settings(max_examples=150, deadline=None)


def random_game(setup, choice_seed, each=None):
    """Play a whole game of uniformly random legal actions with ``play`` (checked);
    ``each(before, action, effects, after)`` is called after every action."""
    s = new_game(setup)
    rng = random.Random(choice_seed)
    actions = []
    while not s.is_over:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = rng.choice(legal)
        before = s.copy() if each else None
        fx = s.play(action)
        actions.append(action)
        if each:
            each(before, action, fx, s)
    return s, actions


def check_effects(before, action, fx, after):
    """The effects say exactly what changed on the board (R9, R10, R11), and R11a holds."""
    assert control_invariants(after) == []
    p, opp = before.to_move, 1 - before.to_move
    assert fx.player == p and fx.action == action
    gone = {x for x in range(len(LINES)) if before.owner[x] == opp and after.owner[x] != opp}
    assert sorted(fx.removed) == sorted(gone) and len(set(fx.removed)) == len(fx.removed)
    assert set(fx.gained) == {i for i in range(N_ISLANDS)
                              if before.control[i] != p and after.control[i] == p}
    assert set(fx.lost) == {i for i in range(N_ISLANDS)
                            if before.control[i] == opp and after.control[i] != opp}
    for island in fx.gained:  # R11: nothing of the opponent's touches a new island
        assert all(after.owner[x] != opp for x in LINES_OF[island])
    if action.kind in (Kind.PLACE, Kind.FREE, Kind.HANDICAP):
        assert after.owner[action.line] == p
    spent = {Kind.PLACE: 1, Kind.REMOVE: 2, Kind.DISCARD: len(action.cards)}.get(action.kind, 0)
    drew = action.kind in (Kind.TAKE, Kind.PILE)
    assert after.hand_size[p] == before.hand_size[p] - spent + drew
    assert (fx.drawn >= 0) == drew
    if action.kind in TURN_ENDING:
        assert after.to_move == opp
    elif not after.is_over:
        assert after.to_move == p or before.phase is Phase.HANDICAP
    if after.scorings and not after.is_over:  # R23: never exactly one without bridges
        assert (after.supply[BLACK] == BRIDGES) == (after.supply[WHITE] == BRIDGES)
    if after.is_over and after.outcome.termination is Termination.EARLY:
        assert [after.supply[q] == BRIDGES for q in (BLACK, WHITE)].count(True) == 1


@GAMES
@given(setups, st.integers(0, 2**32 - 1))
def test_r11a_random_games_keep_invariants_and_report_effects(setup, choice_seed):
    """R11a after every action of random games, variants (V1, V2) and handicap (R7) on and
    off; every offered action applies with ``play``; the game always ends (R20-R23)."""
    s, actions = random_game(setup, choice_seed, check_effects)
    assert s.is_over and s.outcome is not None and s.legal_actions() == []
    assert len(s.scorings) == 3 or s.outcome.termination is Termination.EARLY


@GAMES
@given(setups, st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_records_round_trip(setup, choice_seed, cut):
    """A record (through JSON text) replays to the same game: the same final position
    when cut short, the same outcome and history when complete."""
    s, actions = random_game(setup, choice_seed)
    record = json.loads(json.dumps(make_record(setup, actions, {"note": "property test"})))
    replayed, effects = replay(record)
    assert len(effects) == len(actions) and replayed.history == s.history
    assert (replayed.outcome, replayed.scorings) == (s.outcome, s.scorings)
    k = int(cut * (len(actions) - 1))
    partial = new_game(setup)
    for action in actions[:k]:
        partial.do(action)
    replayed, _ = replay(json.loads(json.dumps(make_record(setup, actions[:k]))))
    assert position_to_json(replayed) == position_to_json(partial)


@GAMES
@given(setups, st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_positions_round_trip(setup, choice_seed, cut):
    """position_to_json -> JSON text -> position_from_json gives the same position, the same
    legal actions, and continues the same way (explicit pile order). The position is cut
    from a whole game before its end, so every example reaches the assertions (a drawn
    number of moves ended a third of the games first, and those examples checked nothing)."""
    _, actions = random_game(setup, choice_seed)
    k = int(cut * (len(actions) - 1))
    s = new_game(setup)
    for action in actions[:k]:
        s.do(action)
    assert not s.is_over
    data = json.loads(json.dumps(position_to_json(s)))
    t = position_from_json(data)
    assert position_to_json(t) == data
    assert t.legal_actions() == s.legal_actions()
    for action in actions[k:k + 20]:
        if s.reshuffles or (s.pile == [] and s.round < 3):
            break  # a reshuffle draws on each state's own generator
        assert s.do(action).drawn == t.do(action).drawn


@settings(max_examples=60, deadline=None)
@given(setups, st.integers(0, 2**32 - 1))
def test_check_accepts_exactly_the_generated_actions(setup, choice_seed):
    """``check`` accepts an action exactly when ``legal_actions`` offers it, over every
    action of the game's vocabulary (and every discard of the hand) in random states."""
    s = new_game(setup)
    rng = random.Random(choice_seed)
    step = 0
    while not s.is_over:
        legal = set(s.legal_actions())
        if step % 4 == 0 or len(legal) < 4:
            for action in candidate_actions(s):
                try:
                    s.check(action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in legal), (str(action), position_to_json(s))
        s.do(rng.choice(sorted(legal)))
        step += 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(all_fixed_actions()), st.randoms(use_true_random=False))
def test_notation_canonical_text(action, rnd):
    """Any letter case, surrounding spaces and line order read back as the same action,
    which is written back canonically."""
    text = str(action)
    variant = "".join(c.lower() if rnd.random() < 0.5 else c for c in text)
    if rnd.random() < 0.5:  # a line may be written either way round
        variant = re.sub(r"(\w{4})-(\w{4})$", r"\2-\1", variant)
    variant = " " * rnd.randint(0, 2) + variant + " " * rnd.randint(0, 2)
    assert Action.parse(variant) == action
    assert str(Action.parse(variant)) == text
