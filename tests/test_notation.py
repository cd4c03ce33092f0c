"""Action notation: every action round-trips; malformed text raises NotationError, never
IllegalAction; illegal actions raise IllegalAction naming the rule, and change nothing."""

from itertools import combinations_with_replacement

import pytest

from kahuna import Action, IllegalAction, KahunaError, NotationError, position_to_json
from kahuna.rules.actions import Kind, all_fixed_actions, discard, discards, sub_multisets

from .helpers import play, position

EXAMPLES = {
    "HUNA>ELAI": (Kind.PLACE, "R8"),
    "HUNA+HUNA/ELAI-HUNA": (Kind.REMOVE, "R9"),
    "d:ALOA+BARI": (Kind.DISCARD, "R9a"),
    "f:ELAI-HUNA": (Kind.FREE, "V1"),
    "h:ELAI-HUNA": (Kind.HANDICAP, "R7"),
    "take:BARI": (Kind.TAKE, "R12"),
    "pile": (Kind.PILE, "R12"),
    "pass": (Kind.PASS, "R13"),
}


@pytest.mark.parametrize("text", EXAMPLES)
def test_each_form_of_the_notation(text):
    """One example of each action form (R7, R8, R9, R9a, R12, R13, V1)."""
    action = Action.parse(text)
    assert action.kind is EXAMPLES[text][0]
    assert str(action) == text and eval(repr(action)) == action


def test_every_action_round_trips():
    """parse(str(a)) is a, for all actions: placements, removals, free and handicap
    bridges, draws, and every discard of one to five cards (at most two of an island)."""
    every_discard = [discard(c) for c in sub_multisets([2] * 12) if len(c) <= 5]
    expected = {c for k in range(1, 6) for c in combinations_with_replacement(range(12), k)
                if max(c.count(i) for i in c) <= 2}
    assert {a.cards for a in every_discard} == expected and len(expected) == 5095
    for action in all_fixed_actions() + every_discard:
        assert Action.parse(str(action)) is action  # shared instances


def test_a_hands_discards_are_the_shared_actions_in_a_fixed_order():
    """R9a's choices for a hand (legal_actions lists them): each set of its cards once,
    as the one shared action, in sub_multisets' order, whether seen before or not."""
    hand = (2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    first = discards(hand)
    assert [a.cards for a in first] == sub_multisets(hand) and len(first) == 3 * 2 * 3 - 1
    assert all(a is discard(a.cards[::-1]) for a in first) and discards(hand) == first


def test_line_order_and_case_do_not_matter():
    assert Action.parse("huna+huna/huna-elai") == Action.parse("HUNA+HUNA/ELAI-HUNA")
    assert str(Action.parse(" ELAI+HUNA/HUNA-ELAI ")) == "ELAI+HUNA/ELAI-HUNA"
    assert str(Action.parse("HUNA+ELAI/ELAI-HUNA")) == "ELAI+HUNA/ELAI-HUNA"
    assert str(Action.parse("d:BARI+ALOA")) == "d:ALOA+BARI"
    assert str(Action.parse("TAKE:bari")) == "take:BARI" and str(Action.parse("PASS")) == "pass"


@pytest.mark.parametrize("text", [
    "", "   ", "HUNA", "HUNA>", "HUNA>COCO", "HUNX>ELAI", "HUNA>ELAI>IFFI",
    "HUNA/ELAI-HUNA", "HUNA+ELAI+IFFI/ELAI-HUNA", "ALOA+BARI/ELAI-HUNA", "HUNA+HUNA/ELAI",
    "HUNA+HUNA/ALOA-LALE", "d:", "d:ALOA+", "d:ALOA+ALOA+BARI+BARI+COCO+COCO", "d:NOPE",
    "q:ALOA", "take:", "take:ZZZZ", "f:ALOA", "f:ALOA-LALE", "h:ALOA-BARI-COCO",
    "pass please", "pile:ALOA", None, 7,
])
def test_malformed_notation_raises_notation_error(text):
    with pytest.raises(NotationError) as err:
        Action.parse(text)
    assert not isinstance(err.value, IllegalAction) and isinstance(err.value, ValueError)
    assert str(err.value)


def test_notation_and_illegal_are_different_errors():
    assert not issubclass(NotationError, IllegalAction)
    assert not issubclass(IllegalAction, NotationError)
    assert issubclass(NotationError, KahunaError) and issubclass(IllegalAction, KahunaError)


BASE = dict(bridges={"white": ["ELAI-HUNA", "ALOA-BARI", "ALOA-DUDA"], "black": ["IFFI-LALE"]},
            hands={"black": ["HUNA", "ELAI", "IFFI"]}, display=["GOLA", "GOLA", "JOJO"])


@pytest.mark.parametrize("fields, text, rule", [
    ({}, "ALOA>HUNA", "R8"),  # no ALOA card
    ({}, "HUNA>ELAI", "R8"),  # the line holds a bridge
    ({}, "IFFI+IFFI/ELAI-IFFI", "R9"),  # only one IFFI
    ({}, "IFFI+IFFI/IFFI-LALE", "R9"),  # own bridge (and one IFFI)
    ({"hands": {"black": ["IFFI", "LALE"]}}, "IFFI+LALE/IFFI-LALE", "R9"),  # own bridge
    ({"hands": {"black": ["ELAI", "ELAI"]}}, "ELAI+ELAI/DUDA-ELAI", "R9"),  # no bridge there
    ({}, "d:HUNA", "R9a"),  # three cards in hand
    ({}, "take:KAHU", "R12"),  # not on display
    ({"opponent_abstained": True}, "pass", "R13"),
    ({"hands": {"black": ["HUNA", "ELAI", "IFFI", "IFFI", "KAHU"]}}, "take:GOLA", "R14"),
    ({"variants": {"fewer_surprises": True}}, "HUNA>ALOA", "V1"),  # White holds ALOA
    ({"variants": {"fewer_surprises": True}}, "f:ELAI-HUNA", "V1"),  # nothing was removed
    ({}, "h:HUNA-LALE", "R7"),  # handicap only before the first turn
])
def test_illegal_actions_name_the_rule_and_change_nothing(fields, text, rule):
    s = position(**{**BASE, **fields})
    before = position_to_json(s)
    with pytest.raises(IllegalAction) as err:
        play(s, text)
    assert err.value.rule == rule and str(err.value).startswith(rule + ": ")
    assert position_to_json(s) == before and s.history == []


def test_hand_made_actions_that_do_not_fit_their_line_are_refused():
    """R8/R9: an Action built by hand (not parsed) is checked too."""
    s = position(**BASE)
    for action, rule in ((Action(Kind.PLACE, (7,), 0), "R8"),
                         (Action(Kind.REMOVE, (4, 4), 2), "R9")):
        with pytest.raises(IllegalAction) as err:
            s.play(action)
        assert err.value.rule == rule
