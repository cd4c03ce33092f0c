"""The engine's analysis of any position (kahuna/players/analysis.py, issue 32): the
obvious winning turn found first, the same answer for a seed however it is sliced, the
answer decided from the mover's view only (R24), and its words."""

from __future__ import annotations

import copy

import pytest

from kahuna import BLACK, WHITE, Action, observe, position_from_json, position_to_json, translations
from kahuna.players.analysis import Analysing, Option, best_turns, chance_words

from .helpers import QUICK, position, rest_of, worked_example


def one_removal_wins():
    """Round 2 (R23 applies): White's only bridge is ALOA-BARI and Black holds ALOA and
    BARI, so removing it (R9) ends the game won at once."""
    hands = {"black": ["ALOA", "BARI", "COCO"], "white": ["DUDA"]}
    display = ["GOLA", "JOJO", "KAHU"]
    rest = rest_of(*hands["black"], *hands["white"], *display)
    return position(round=2, scorings=[[0, 0]], hands=hands, display=display,
                    bridges={"black": ["COCO-FAAA", "DUDA-HUNA"], "white": ["ALOA-BARI"]},
                    pile=rest[:10], discard={"up": rest[10:]})


def test_the_winning_removal_is_the_masters_turn():
    analysis = best_turns(observe(one_removal_wins(), BLACK), seed=1)
    assert analysis.seat == BLACK
    best = analysis.turns[0]
    assert best.plan == (Action.parse("ALOA+BARI/ALOA-BARI"),)
    assert best.chance == pytest.approx(1.0)
    assert chance_words(best).startswith("Almost sure to win")
    assert len(analysis.turns) == 3
    assert len({o.plan for o in analysis.turns}) == 3  # three different turns
    values = [o.value for o in analysis.turns]
    assert values == sorted(values, reverse=True)


def test_every_turn_offered_is_a_legal_whole_turn():
    state = worked_example()
    for option in best_turns(observe(state, WHITE), QUICK, seed=2, checks=4).turns:
        world = state.copy()
        for action in option.plan:
            world.play(action)  # checked: raises on an illegal action
        assert world.to_move == BLACK or world.is_over
        assert 0.0 <= option.chance <= 1.0 and option.reason


def test_the_same_seed_gives_the_same_answer_however_sliced():
    obs = observe(worked_example(), WHITE)
    whole = best_turns(obs, QUICK, seed=5, checks=4)
    work = Analysing(obs, QUICK, seed=5, checks=4)
    seen = [work.progress]
    while not work.step(0.0):
        seen.append(work.progress)
    assert work.result() == whole
    assert seen == sorted(seen) and seen[0] == 0.0 and work.progress == 1.0


def test_the_answer_never_reads_what_the_mover_cannot_see():
    """White's hidden cards swapped with the pile's: Black's view is the same, and so is
    the analysis of Black's turn (R24), though White's view changed."""
    data = position_to_json(worked_example("black"))
    other = copy.deepcopy(data)
    other["hands"]["white"] = ["ALOA", "BARI", "BARI"]
    other["pile"][-1] = "KAHU"
    states = [position_from_json(d) for d in (data, other)]
    assert observe(states[0], WHITE) != observe(states[1], WHITE)
    answers = [best_turns(observe(s, BLACK), QUICK, seed=3, checks=4) for s in states]
    assert answers[0] == answers[1]


def test_only_the_side_to_move_is_analysed():
    with pytest.raises(ValueError, match="not to move"):
        Analysing(observe(worked_example(), BLACK))
    with pytest.raises(RuntimeError, match="not finished"):
        Analysing(observe(worked_example(), WHITE)).result()


def test_the_evaluation_in_words_in_each_language():
    option = Option((), -0.34, 0.42, ())
    assert chance_words(option) == "Wins about 42 games in 100 (master’s score −0.3)"
    for lang in ("de", "fr", "pl"):
        words = chance_words(option, translations(lang))
        assert "42" in words and "−0.3" in words and "games in 100" not in words
    assert chance_words(Option((), -100.0, 0.0, ())).startswith("Almost sure to lose")
