"""The game review (kahuna/players/review.py, issue 14): costs judged from the reviewed
seat's view only (R24), the better turn legal and better, the costliest marked, the same
result for a seed however it is sliced, the reasons in words, and the command line."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from gettext import NullTranslations

import pytest

from kahuna import (
    BLACK, ISLANDS, WHITE, Action, KahunaError, Kind, Setup, new_game, observe,
    position_from_json, position_to_json,
)
from kahuna.players import choose, make_player
from kahuna.players.evaluate import evaluate
from kahuna.players.review import (
    JUDGE, Clause, Reviewing, Turn, TurnReview, Why, judge_turn, marked, review, review_turns,
    walk_turn, why_turn, why_words,
)

from .helpers import (HOLD_LALE, QUICK, ROOT, island, kahuna, last_card, line, position,
                      random_record, rest_of, worked_example, write)

CHECKS = 8


def position_record(state, actions):
    """A game record that starts from ``state``'s position."""
    return {"format": "kahuna-record", "version": 1, "position": position_to_json(state),
            "actions": list(actions)}


def parse(texts):
    return [Action.parse(t) for t in texts]


# Black's two turns and White's one between them, legal whatever White's third card is.
HIDDEN_GAME = ["HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA", "take:GOLA", "pile", "take:JOJO"]


def test_the_review_never_reads_what_the_seat_cannot_see():
    """White's hidden card swapped with the bottom of the pile: White's own view changes,
    Black's does not, and neither does the review of Black's turns (R24)."""
    data = position_to_json(worked_example("black"))
    other = copy.deepcopy(data)
    other["hands"]["white"] = ["ALOA", "BARI", "BARI"]
    other["pile"][-1] = "KAHU"
    reviews = []
    for json_position in (data, other):
        start = position_from_json(json_position)
        assert len(review_turns(start, parse(HIDDEN_GAME), BLACK)) == 2
        reviews.append(review(start, parse(HIDDEN_GAME), BLACK, QUICK, seed=4, checks=CHECKS))
    assert observe(position_from_json(data), WHITE) != observe(position_from_json(other), WHITE)
    assert reviews[0] == reviews[1]


def last_card_position():
    """Black to move, the round's last card on display (R16): White holds LALE, and
    Black can take ALOA with its HUNA card before drawing it."""
    return last_card(1, black=["ALOA-BARI"], white=HOLD_LALE,
                     hands={"black": ["HUNA", "KAHU"], "white": ["BARI"]})


def test_a_turn_that_hands_the_opponent_the_interim_point_is_found_costly():
    """Drawing the last card at once ends the round one island behind (R17: White scores
    1); taking ALOA first ties the count. The review finds the cost, and the better turn
    is legal and worth more."""
    obs = observe(last_card_position(), BLACK)
    played = (Action.parse("take:GOLA"),)
    verdict = judge_turn(Turn(1, 0, 1, obs, played), QUICK, seed=1, checks=CHECKS)
    assert verdict.cost > 0.5 and verdict.better != played
    assert verdict.points == pytest.approx(verdict.cost - 100 * verdict.won)
    world = obs.sample_state(random.Random(3))
    after_better, after_played = world.fork(), world.fork()
    for action in verdict.better:
        after_better.play(action)  # checked: every action legal (R8-R15)
    assert verdict.better[-1].kind in (Kind.TAKE, Kind.PILE, Kind.PASS)
    for action in played:
        after_played.play(action)
    assert evaluate(after_better, BLACK) > evaluate(after_played, BLACK)
    assert verdict.reason[:2] == (Clause(Why.CAPTURES, (island("ALOA"),)),
                                  Clause(Why.DENIES, count=1))
    assert why_words(verdict.reason).startswith(
        "Takes ALOA and stops the opponent scoring 1 point")


def test_the_best_turn_costs_nothing():
    obs = observe(last_card_position(), BLACK)
    found = judge_turn(Turn(1, 0, 1, obs, (Action.parse("take:GOLA"),)), QUICK, seed=1,
                       checks=CHECKS)
    again = judge_turn(Turn(1, 0, 1, obs, found.better), QUICK, seed=1, checks=CHECKS)
    assert again.cost == 0 and again.better == found.better and again.reason == ()


def test_a_forced_turn_costs_nothing_without_a_search(monkeypatch):
    """R20: a final turn with an empty hand can only pass."""
    state = position(round=3, phase="final", final_turns=2, scorings=[[1, 0], [0, 2]],
                     bridges={"black": ["ALOA-BARI"], "white": ["HUNA-LALE"]},
                     hands={"black": [], "white": ["ALOA"]}, display=[None, None, None],
                     pile=[], discard={"up": rest_of("ALOA")})
    monkeypatch.setattr("kahuna.players.review.plans", None)  # a search would fail
    played = (Action.parse("pass"),)
    verdict = judge_turn(Turn(1, 0, 3, observe(state, BLACK), played), QUICK)
    assert (verdict.cost, verdict.better, verdict.reason) == (0.0, played, ())


def test_review_turns_cuts_the_game_into_the_seat_s_whole_turns():
    start, actions = played(Setup(seed=5, handicap=2, handicap_player=WHITE),
                            ("random", "random"), cut=40)
    turns = review_turns(start, actions, BLACK) + review_turns(start, actions, WHITE)
    covered = sorted(i for t in turns for i in range(t.first, t.first + len(t.played)))
    handicap = [i for i, a in enumerate(actions) if a.kind is Kind.HANDICAP]
    assert len(handicap) == 2
    unfinished = len(actions) - max(t.first + len(t.played) for t in turns)
    assert covered == sorted(set(range(len(actions) - unfinished)) - set(handicap))
    for t in turns:
        assert t.played[-1].kind in (Kind.TAKE, Kind.PILE, Kind.PASS)
        assert t.obs.seat == t.obs.to_move
    black = review_turns(start, actions, BLACK)
    assert [t.number for t in black] == list(range(1, 1 + len(black)))


def played(setup, names, cut):
    """The start of a game on ``setup`` and its first ``cut`` actions, ``names``
    (Black, White) playing."""
    state = new_game(setup)
    start = state.copy()
    players, rng, actions = [make_player(n) for n in names], random.Random(setup.seed), []
    while not state.is_over and len(actions) < cut:
        actions.append(choose(players[state.to_move], observe(state, state.to_move), rng))
        state.play(actions[-1])
    return start, actions


@pytest.fixture(scope="module")
def short_game():
    """A random game cut after 30 actions, and Black's review of it."""
    record, _ = random_record(8, cut=30)
    start, actions = new_game(Setup(seed=8)), parse(record["actions"])
    return start, actions, review(start, actions, BLACK, QUICK, seed=2, checks=CHECKS)


def test_the_same_seed_gives_the_same_review_in_one_go_or_in_slices(short_game):
    start, actions, first = short_game
    assert review(start, actions, BLACK, QUICK, seed=2, checks=CHECKS) == first
    reviewing = Reviewing(review_turns(start, actions, BLACK), QUICK, seed=2, checks=CHECKS)
    steps = 0
    while not reviewing.step(0):
        steps += 1
        assert len(reviewing.done) <= reviewing.total
    assert steps > reviewing.total and reviewing.result() == first
    one = judge_turn(first.turns[2].turn, QUICK, seed=2, checks=CHECKS)
    assert dataclass_without_mark(one) == dataclass_without_mark(first.turns[2])


def dataclass_without_mark(verdict: TurnReview) -> tuple:
    return verdict.turn, verdict.better, verdict.cost, verdict.reason


def test_random_play_is_costly_and_the_three_costliest_are_marked(short_game):
    _, _, result = short_game
    costs = [t.cost for t in result.turns]
    assert len(costs) >= 5 and all(c >= 0 for c in costs) and sum(costs) > 0
    worst = result.costliest()
    assert len(worst) == min(3, sum(1 for c in costs if c > 0))
    assert [t.cost for t in worst] == sorted(costs, reverse=True)[:len(worst)]
    for t in result.turns:
        assert (t.cost == 0) == (t.better == t.turn.played)
        assert (t.cost > 0) == bool(t.reason)


def test_marking_takes_the_three_costliest_that_cost_anything_earlier_first_on_ties():
    def verdict(cost):
        return TurnReview(None, (), cost, cost, 0.0, ())
    costs = [0.5, 0.0, 2.0, 0.5, 0.5, 1.0]
    assert [r.marked for r in marked([verdict(c) for c in costs])] == [
        True, False, True, False, False, True]
    assert [r.marked for r in marked([verdict(0.0), verdict(0.3)])] == [False, True]


def test_why_a_hint_turn_is_good():
    state = worked_example("white")
    obs = observe(state, WHITE)
    reason = why_turn(obs, parse(["BARI>DUDA", "ALOA>BARI", "pile"]))
    assert reason[0] == Clause(Why.CAPTURES, (island("ALOA"), island("BARI")))
    assert Clause(Why.BREAKS, (island("ALOA"), island("HUNA"))) in reason
    assert Clause(Why.SWEEPS, count=2) in reason
    assert why_words(reason) == ("Takes ALOA and BARI, breaks the opponent’s hold on ALOA "
                                 "and HUNA, sweeps away 2 bridges, keeps DUDA safe and draws "
                                 "from the pile")
    removal = why_turn(observe(worked_example("black"), BLACK), parse(["HUNA+HUNA/ELAI-HUNA"]))
    assert removal == (Clause(Why.REMOVES, line=line("ELAI-HUNA")),
                       Clause(Why.PREPARES, (island("ELAI"),)))  # its ELAI card, a free line
    assert why_words(removal) == ("Removes the opponent’s ELAI–HUNA bridge and gets ready to "
                                  "take ELAI")
    assert why_turn(obs, parse(["pass"])) == (Clause(Why.POSITION),)
    with pytest.raises(Exception, match="R"):
        why_turn(obs, parse(["take:BARI"]))  # not on display


class Shouting(NullTranslations):
    """A pseudo-language: every message upper case but its placeholders, so a word that
    skips the catalogue shows."""

    def gettext(self, message):
        return re.sub(r"\{\w+\}", lambda m: m.group().lower(), message.upper())

    def pgettext(self, context, message):
        assert context == "reason"
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.pgettext(context, singular if n == 1 else plural)


@pytest.mark.parametrize("why", list(Why))
def test_every_clause_comes_through_the_catalogue(why):
    clause = Clause(why, (island("ELAI"),), count=2, line=line("ELAI-HUNA"))
    words = why_words((clause, clause), tr=Shouting())
    letters = words.replace("ELAI", "").replace("HUNA", "")
    assert letters == letters.upper() and " AND " in words, words


def test_the_review_loads_only_when_asked_for():
    code = ("import sys, kahuna; assert 'kahuna.players' not in sys.modules; "
            "kahuna.why_words; assert 'kahuna.players.review' in sys.modules")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_the_players_load_one_module_at_a_time():
    """kahuna.players names its levels and protocol lazily, so the page can import the
    review's modules one a task (web/learn/review.py REVIEW_MODULES), leaves first: each
    import brings in only what it needs, and the list leaves nothing for the last."""
    code = (
        "import sys\n"
        "from web.learn.review import REVIEW_MODULES\n"
        "import kahuna.players.protocol\n"
        "assert 'kahuna.players.levels' not in sys.modules\n"
        "import importlib\n"
        "for name in REVIEW_MODULES[:-1]:\n"
        "    importlib.import_module(name)\n"
        "before = set(sys.modules)\n"
        "import kahuna.players.review\n"
        "new = {m for m in set(sys.modules) - before if m.startswith('kahuna')}\n"
        "assert new == {'kahuna.players.review'}, new\n"
        "from kahuna.players import choose, make_player, LEVELS, Thinking\n"
        "assert LEVELS[-1] == 'master' and callable(make_player)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr


# ------------------------------------------------------------------ the command line


def test_the_command_line_prints_each_turn_the_costliest_marked(tmp_path):
    record = position_record(last_card_position(), ["take:GOLA", "pile", "pile"])
    path = write(tmp_path, record)
    run = kahuna("review", path, "--seat", "black", "--level", "expert:iterations=16")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("Black: 2 turns judged by expert:iterations=16")
    assert lines[1].startswith("* turn  1 (action 1, round 1): cost")
    assert lines[1].endswith("played take:GOLA")
    assert lines[2].startswith("      better: ") and lines[3].startswith("      why: Takes ALOA")
    assert lines[4].startswith("  turn  2 (action 3, round 2): cost  0.00  played pile")
    run = kahuna("review", path, "--seat", "black", "--level", "expert:iterations=16", "--json")
    data = json.loads(run.stdout)
    assert data["seat"] == "black" and [t["turn"] for t in data["turns"]] == [1, 2]
    first = data["turns"][0]
    assert first["marked"] and first["played"] == ["take:GOLA"] and first["cost"] > 0.5
    assert first["reason"][0]["why"] == "captures" and first["why"].startswith("Takes")


def test_the_command_line_judges_as_the_page_does_by_default(tmp_path):
    """Without --level, the page's judge (``JUDGE``: the master's search on a smaller
    budget) still finds the capture the played draw missed."""
    record = position_record(last_card_position(), ["take:GOLA", "pile", "pile"])
    run = kahuna("review", write(tmp_path, record), "--seat", "black", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["level"] == JUDGE.name == "review"
    first = data["turns"][0]
    assert first["marked"] and first["cost"] > 0.5 and first["why"].startswith("Takes ALOA")


@pytest.mark.parametrize("content, status, words", [
    ("{", 2, "not JSON text"),
    ({"format": "kahuna-record", "version": 9}, 1, "unknown record version 9"),
    ({"format": "kahuna-record", "version": 1, "setup": {"seed": 1},
      "actions": ["pass", "pass"]}, 1, "action 2 ('pass')"),
    ({"format": "kahuna-record", "version": 1, "setup": {"seed": 1}, "actions": ["fly"]}, 1,
     "action 1 ('fly')"),
])
def test_the_command_line_names_what_is_wrong_with_a_record(tmp_path, content, status, words):
    run = kahuna("review", write(tmp_path, content), "--seat", "black")
    assert run.returncode == status and words in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("args, words", [
    (["--seat", "green"], "invalid choice: 'green'"),
    (["--seat", "black", "--level", "greedy"], "greedy cannot judge turns"),
    (["--seat", "black", "--level", "wizard"], "unknown player 'wizard'"),
])
def test_the_command_line_refuses_a_bad_seat_or_judge(tmp_path, args, words):
    record, _ = random_record(2, cut=4)
    run = kahuna("review", write(tmp_path, record), *args)
    assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr


def test_the_command_line_says_a_file_is_missing(tmp_path):
    run = kahuna("review", str(tmp_path / "none.json"), "--seat", "white")
    assert run.returncode == 2 and "No such file" in run.stderr


def test_weaker_play_costs_more_than_the_expert_s():
    """The same deal, Black played at random or by the expert against casual: the judge
    finds more of the random turns worse than its own, and a higher mean cost."""
    shares, means = [], []
    for name in ("random", "expert"):
        start, actions = played(Setup(seed=12), (name, "casual"), cut=60)
        costs = [t.cost for t in review(start, actions, BLACK, QUICK, seed=3,
                                        checks=CHECKS).turns]
        shares.append(sum(1 for c in costs if c > 0) / len(costs))
        means.append(sum(costs) / len(costs))
    assert shares[0] > shares[1] and means[0] > means[1]


def test_walking_the_better_turn_shows_each_step_as_the_seat_sees_it():
    obs = observe(worked_example("white"), WHITE)
    turn = Turn(1, 0, 1, obs, (Action.parse("pile"),))
    steps = walk_turn(turn, parse(["BARI>DUDA", "ALOA>BARI", "take:GOLA"]))
    assert [str(fx.action) for _, fx in steps] == ["BARI>DUDA", "ALOA>BARI", "take:GOLA"]
    assert [[ISLANDS[i] for i in fx.gained] for _, fx in steps] == [["BARI"], ["ALOA"], []]
    seen = [o for o, _ in steps]
    assert all(o.seat == WHITE for o in seen) and seen[0].hand_sizes == (3, 2)
    assert seen[-1].to_move == BLACK and seen[-1].display[0] != island("GOLA")
    with pytest.raises(KahunaError, match="R12"):
        walk_turn(turn, parse(["take:BARI"]))
