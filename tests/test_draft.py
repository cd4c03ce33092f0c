"""The editor's position being set up (kahuna/notation/draft.py): every draft it lets
play start from is a position the rules allow, and each breach names its rule."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kahuna import (BLACK, WHITE, KahunaError, Kind, Setup, link_url, new_game, observe,
                    position_to_json)
from kahuna.notation.draft import (
    Draft, from_observation, from_state, read_pasted, refusals, to_position, to_state, unfinished,
)
from tests.helpers import island, line, midgame, worked_example


def rules(breaches: list) -> list[str]:
    return [b.rule for b in breaches]


def test_empty_draft_waits_for_cards_to_draw() -> None:
    empty = Draft()
    assert refusals(empty) == []
    assert rules(unfinished(empty)) == ["R16"]  # nothing to draw: the round is over
    with pytest.raises(KahunaError, match="R16"):
        to_state(empty)


def test_a_line_cycles_none_black_white_none() -> None:
    d = Draft()
    seen = []
    for _ in range(3):
        d = d.cycle_line(line("ALOA-HUNA"))
        seen.append(d.owner[line("ALOA-HUNA")])
    assert seen == [BLACK, WHITE, -1]


def test_tokens_follow_the_bridges() -> None:
    """R10: three of BARI's four lines give Black BARI's token, never chosen."""
    d = Draft(pile=10, display=(0, 1, 2))
    for name in ("ALOA-BARI", "BARI-COCO", "BARI-DUDA"):
        d = d.cycle_line(line(name))
    assert to_state(d).control[island("BARI")] == BLACK


def test_a_third_card_of_an_island_is_refused() -> None:
    d = Draft().add_card(BLACK, island("HUNA")).add_card(WHITE, island("HUNA"))
    assert refusals(d) == []
    third = d.set_display(0, island("HUNA"))
    assert [(b.rule, b.part) for b in refusals(third)] == [("R2", "display")]
    assert [(b.rule, b.part) for b in refusals(d.add_card(WHITE, island("HUNA")))] == [
        ("R2", "black")]


def test_hand_limit_counts_unknown_cards() -> None:
    d = Draft(cards=((1, 2, 3), ()), unknown=(2, 0))
    assert refusals(d) == []
    assert [(b.rule, b.part) for b in refusals(d.add_unknown(BLACK, 1))] == [("R14", "black")]
    assert Draft().add_unknown(WHITE, -1).unknown == (0, 0)


def test_bridge_supply_and_card_count() -> None:
    d = Draft(owner=(BLACK,) * 26 + (-1,))
    assert rules(refusals(d)) == ["R3"]
    assert rules(refusals(Draft(round=2, pile=24, unknown=(1, 0)))) == ["R11a"]
    assert rules(refusals(Draft(pile=16))) == ["R6"]
    assert refusals(Draft(round=2, pile=16)) == []


def test_unfinished_display_and_early_end() -> None:
    assert rules(unfinished(Draft(pile=3, display=(0, -1, 1)))) == ["R12"]
    lone = Draft(round=2, scorings=(-1,), pile=3, display=(0, 1, 2)).cycle_line(0)
    assert rules(unfinished(lone)) == ["R23"]
    assert unfinished(lone.cycle_line(1).cycle_line(1)) == []


def test_rounds_keep_their_scorings_and_points() -> None:
    d = Draft().set_round(3)
    assert d.scorings == (-1, -1)
    d = d.cycle_scoring(0).cycle_scoring(1).cycle_scoring(1)
    assert (d.points(BLACK), d.points(WHITE)) == (1, 2)
    assert d.set_round(2).scorings == (BLACK,)
    state = to_state(replace_display(d))
    assert state.scorings == [(1, 0), (0, 2)] and state.round == 3


def replace_display(d: Draft) -> Draft:
    return d.set_display(0, 0).set_display(1, 1).set_display(2, 2)


def test_flip_swaps_the_colours() -> None:
    d = Draft(cards=((1,), (2, 3)), unknown=(0, 2), scorings=(BLACK,), round=2).cycle_line(4)
    f = d.flipped()
    assert f.owner[4] == WHITE and f.cards == ((2, 3), (1,)) and f.unknown == (2, 0)
    assert f.scorings == (WHITE,) and f.to_move == WHITE and f.flipped() == d


def test_exact_hands_are_kept_and_the_unknown_dealt() -> None:
    d = replace_display(Draft(cards=((island("ELAI"), island("HUNA")), ()), unknown=(0, 4),
                              pile=8))
    state = to_state(d, seed=3)
    assert state.hand(BLACK) == sorted([island("ELAI"), island("HUNA")])
    assert state.hand_size == [2, 4] and len(state.pile) == 8
    assert len(state.discard_up) == 24 - 2 - 4 - 8 - 3
    # the same seed deals the same unknown cards, a link holds them exactly
    assert to_position(d, 3) == to_position(d, 3)
    assert read_pasted(link_url(to_position(d, 3), "https://x.test/")).hands == state.hands


def test_the_worked_example_round_trips() -> None:
    state = worked_example()
    d = from_state(state)
    assert position_to_json(to_state(d))["bridges"] == position_to_json(state)["bridges"]
    assert to_state(d).hands == state.hands and to_state(d).to_move == WHITE


def test_from_observation_hides_the_other_hand() -> None:
    """R24: the current game seen by Black: White's cards become a count."""
    state = new_game(Setup(seed=5, first=BLACK))
    d = from_observation(observe(state, BLACK))
    assert d.cards[BLACK] == tuple(sorted(state.hand(BLACK)))
    assert d.cards[WHITE] == () and d.unknown == (0, 3)
    assert d.pile == 15 and refusals(d) == [] and unfinished(d) == []


def test_from_observation_public_names_only_what_both_players_saw() -> None:
    """A hot-seat game under its cover: of both hands only the cards taken from the
    display (R24: known to both), the rest counts."""
    state = new_game(Setup(seed=5, first=BLACK))
    take = next(a for a in state.legal_actions() if a.kind is Kind.TAKE)
    state.play(take)
    d = from_observation(observe(state, WHITE), public=True)
    assert d.cards == ((take.cards[0],), ()) and d.unknown == (3, 3)
    assert d == from_observation(observe(state, BLACK), public=True)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_any_game_position_is_a_draft_play_can_start_from(seed: int, moves: int) -> None:
    state = midgame(seed, moves)
    assume(not state.is_over and state.phase.name == "PLAY")
    d = from_state(state)
    assert refusals(d) == []
    if not unfinished(d):
        again = to_state(d, seed)
        assert again.owner == state.owner and again.control == state.control
        assert again.hands == state.hands and again.display == state.display


def test_pasted_texts() -> None:
    state = worked_example()
    data = position_to_json(state)
    assert read_pasted(json.dumps(data)).owner == state.owner
    assert read_pasted("  " + link_url(data, "https://x.test/?lang=de") + "&embed").owner == \
        state.owner
    for garbage in ("", "hello", "https://x.test/?position=%%%", "{\"to-move\": 1}",
                    "?record=eyJ9"):
        with pytest.raises(KahunaError):
            read_pasted(garbage)


def test_a_record_is_played_to_its_end() -> None:
    from tests.helpers import random_record
    record, state = random_record(4, cut=30)
    assert read_pasted(json.dumps(record)).owner == state.owner
    finished, _ = random_record(4)
    with pytest.raises(KahunaError, match="finished"):
        read_pasted(json.dumps(finished))


def test_random_drafts_that_pass_are_legal_positions() -> None:
    """Whatever an author clicks together, a draft the checks let through is a position
    the engine reads (R11a and the rest checked again by position_from_json)."""
    rng = random.Random(7)
    for _ in range(300):
        d = Draft(round=rng.randint(1, 3))
        d = d.set_round(d.round)
        for _ in range(rng.randint(0, 40)):
            step = rng.randrange(5)
            if step == 0:
                d2 = d.cycle_line(rng.randrange(27))
            elif step == 1:
                d2 = d.add_card(rng.randrange(2), rng.randrange(12))
            elif step == 2:
                d2 = d.set_display(rng.randrange(3), rng.randrange(-1, 12))
            elif step == 3:
                d2 = d.add_unknown(rng.randrange(2), 1)
            else:
                d2 = Draft(**{**{f: getattr(d, f) for f in Draft.__slots__},
                              "pile": rng.randrange(0, 16)})
            if not refusals(d2):
                d = d2
        if not unfinished(d):
            to_state(d, rng.randrange(100))
