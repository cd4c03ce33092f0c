"""The master's candidate evaluation (issue 34): a logistic model of the chance to win,
its features (R24: only what the seat sees), its data and its fit."""

import math
import random

from kahuna import Action, Setup, new_game, observe
from kahuna.players.evaluate import WIN, evaluate
from kahuna.players.fitted_model import MODEL
from kahuna.players.levels import make_player
from kahuna.players.model import NAMES, Logistic, features
from kahuna.tools.model_fit import collect, fit, game, loss, module_text, positions


def played_positions(seed: int):
    """Every state met in one game of the casual level against itself (not over)."""
    state = new_game(Setup(seed=seed))
    players = [make_player("casual"), make_player("casual")]
    rngs = [random.Random(seed), random.Random(seed + 1)]
    while not state.is_over:
        yield state.copy()
        seat = state.to_move
        thinking = players[seat].think(observe(state, seat), rngs[seat])
        while not thinking.step(1.0):
            pass
        state.play(thinking.action())


def test_the_features_are_what_the_seat_sees_and_the_same_in_every_world_it_imagines():
    """R24: the features of a seat are the same in the real state and in any world sampled
    from its observation (other hidden cards for the opponent, another pile), so the
    model decides only from what the seat sees."""
    checked = 0
    for state in list(played_positions(3))[::7]:
        for seat in (0, 1):
            obs = observe(state, seat)
            expected = features(state, seat)
            assert len(expected) == len(NAMES)
            for n in range(3):
                assert features(obs.sample_state(random.Random(n)), seat) == expected
            checked += 1
    assert checked > 10


def test_the_model_evaluates_in_points_and_a_finished_game_as_won_or_lost():
    state = next(s for s in played_positions(4) if s.round == 2)
    model = Logistic(rounds=((0.0,) * len(NAMES), (0.5,) * len(NAMES), (0.0,) * len(NAMES)),
                     scale=2.0)
    assert evaluate(state, 0, model) == 2.0 * 0.5 * sum(features(state, 0))
    over = new_game(Setup(seed=4))
    for action in game("casual", 4)["actions"].split():
        over.play(Action.parse(action))
    winner = over.outcome.winner
    assert evaluate(over, winner, model) >= WIN > -WIN >= evaluate(over, 1 - winner, model)


def test_a_recorded_game_replays_to_its_winner_with_a_position_per_turn():
    record = game("casual", 11)
    kept, results = positions(record)
    assert sorted(results) == [0.0, 1.0] or results == [0.5, 0.5]
    assert len(kept) > 10 and all(not s.is_over for s in kept)
    movers = [s.to_move for s in kept]
    assert all(a != b for a, b in zip(movers, movers[1:]))  # each turn's start, once


def test_a_record_that_does_not_replay_to_its_winner_is_refused():
    record = game("casual", 12)
    record["winner"] = None if record["winner"] is not None else 0
    try:
        positions(record)
    except ValueError as error:
        assert "does not end as recorded" in str(error)
    else:
        raise AssertionError("a wrong winner was not noticed")


def test_newton_finds_the_weights_that_made_the_results():
    """Rows drawn from a known logistic model: the fit recovers its weights (to the
    noise of the sample), and predicts held-out rows better than a coin."""
    k = len(NAMES)
    truth = [0.0] * k
    truth[1], truth[2] = 1.2, -0.7  # margin, lead
    rng = random.Random(5)
    rows: dict = {}
    for _ in range(6000):
        x = [0.0] * k
        x[1], x[2] = float(rng.randint(-3, 3)), float(rng.randint(-2, 2))
        p = 1 / (1 + math.exp(-(truth[1] * x[1] + truth[2] * x[2])))
        slot = rows.setdefault(tuple(x), [0.0, 0.0, 0.0])
        slot[0] += 1
        slot[1] += rng.random() < p
    w = fit(rows, l2=0.1)
    assert abs(w[1] - 1.2) < 0.1 and abs(w[2] + 0.7) < 0.1
    assert all(w[i] == 0.0 for i in range(k) if i not in (1, 2))  # features never seen
    assert loss(rows, w)[0] < math.log(2)


def test_the_fit_of_a_few_games_predicts_their_results_better_than_a_coin():
    train, check, n = collect(game("casual", deal) for deal in range(20, 26))
    assert n == 6 and all(train) and all(check)
    for rows in train:
        assert loss(rows, fit(rows, l2=1.0))[0] < math.log(2)


def test_the_written_module_holds_the_weights_as_plain_numbers():
    rounds = [[round(0.1 * i - r, 4) for i in range(len(NAMES))] for r in range(3)]
    text = module_text(rounds, ["bench/data/x.jsonl.gz"], 1.0)
    namespace: dict = {}
    exec(compile(text.replace("from .model import", "from kahuna.players.model import"),
                 "fitted_model", "exec"), namespace)
    model = namespace["MODEL"]
    assert [list(w) for w in model.rounds] == rounds
    assert max(len(line) for line in text.splitlines()) <= 100
    assert len(MODEL.rounds) == 3 and all(len(w) == len(NAMES) for w in MODEL.rounds)


def test_the_candidate_is_the_master_but_for_its_evaluation():
    import dataclasses

    master, candidate = make_player("master").level, make_player("master-model").level
    assert candidate.weights is MODEL
    assert dataclasses.replace(candidate, name="master", weights=master.weights) == master


def test_the_candidate_takes_a_level_tuning_but_refuses_a_hand_set_weight():
    assert make_player("master-model:iterations=90").level.weights is MODEL
    try:
        make_player("master-model:reach=0.3")
    except KeyError as error:
        assert "fitted model" in str(error)
    else:
        raise AssertionError("a hand-set weight was taken by a fitted model")


def test_a_value_stands_for_a_chance_to_win_and_a_won_game_for_certainty():
    """``win_chance``: the master's value and the model's points both read as a chance (a
    logit of the model is ``CHANCE_SCALE`` points), and a finished game counts whole."""
    from kahuna.players.evaluate import CHANCE_SCALE, win_chance

    assert win_chance(0.0) == 0.5
    assert abs(win_chance(CHANCE_SCALE) - 1 / (1 + math.exp(-1))) < 1e-12
    assert win_chance(WIN) > 1 - 1e-12 and win_chance(-WIN - 12) < 1e-12
    assert win_chance(-1.0) < win_chance(1.0)
    assert abs(win_chance(1.0) + win_chance(-1.0) - 1) < 1e-12
    assert MODEL.scale == CHANCE_SCALE
