"""Links to a game (kahuna.notation.link): the base64url JSON parameter and the whole address."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kahuna.rules.actions import Action
from kahuna.rules.errors import PositionError, RecordError
from kahuna.notation.link import as_record, decode, encode, kind_of, link_url
from kahuna.notation.position import position_to_json
from kahuna.notation.record import make_record, replay
from kahuna.rules.deal import Setup, new_game

# Whole numbers of up to 20 digits: links refuse longer ones (kahuna.notation.reading).
NUMBERS = st.integers(min_value=-(10**20) + 1, max_value=10**20 - 1)
JSON = st.recursive(st.none() | st.booleans() | NUMBERS | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=12)


@given(JSON)
def test_encode_then_decode_gives_the_same_json(data):
    text = encode(data)
    assert "=" not in text and "+" not in text and "/" not in text  # safe in an address
    assert decode(text) == data


@pytest.mark.parametrize("text", ["1" * 21, "[" * 40 + "]" * 40, "1e400", "-Infinity", "NaN"])
def test_decode_refuses_json_no_game_holds(text):
    """Issue 10: huge numbers, deep nesting and non-finite numbers are refused, not
    parsed (they crashed or froze the readers)."""
    with pytest.raises(RecordError):
        decode(encode_raw(text))


def encode_raw(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_decode_accepts_padding_and_surrounding_spaces():
    padded = base64.urlsafe_b64encode(b'{"a":1}').decode()
    assert padded.endswith("=")
    assert decode(f"  {padded} ") == {"a": 1} == decode(encode({"a": 1}))


@pytest.mark.parametrize("text, words", [
    ("%%%notbase64", "not base64url"),
    ("é", "not base64url"),
    (base64.urlsafe_b64encode(b"\xff\xfe").decode(), "not UTF-8"),
    (base64.urlsafe_b64encode(b"{not json").decode(), "not JSON"),
])
def test_decode_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        decode(text)


def test_a_position_link_opens_a_record_without_actions():
    position = position_to_json(new_game(Setup(seed=2)))
    record = as_record("position", position)
    assert record["position"] == position and record["actions"] == []
    state, _ = replay(record)
    assert position_to_json(state) == position
    game = make_record(Setup(seed=2), [])
    assert as_record("record", game) is game
    assert (kind_of(game), kind_of(position), kind_of({"hands": {}})) == (
        "record", "position", "position")


def test_link_url_round_trips_and_adds_embed():
    game = make_record(Setup(seed=4, first=0), [Action.parse("pile")])
    url = link_url(game)
    assert url.startswith("./?record=") and decode(url.split("=", 1)[1]) == game
    sparse = {"hands": {"black": ["ALOA"]}}  # docs/notation.md: sparse positions are fine
    url = link_url(sparse, "https://example.org/kahuna/", embed=True)
    assert url.startswith("https://example.org/kahuna/?position=") and url.endswith("&embed")
    assert decode(url.split("=", 1)[1].removesuffix("&embed")) == sparse
    assert link_url(sparse, "page.html?lang=en").startswith("page.html?lang=en&position=")


@pytest.mark.parametrize("data, error, words", [
    ({"format": "kahuna-record", "version": 1, "setup": {"seed": 1}, "actions": ["pass", "pass"]},
     RecordError, r"action 2 \('pass'\): R13"),
    ({"format": "kahuna-record", "version": 9, "actions": []}, RecordError, "version 9"),
    ({"format": "kahuna-record", "version": 1, "actions": [3]}, RecordError, "action 1"),
    ({"hands": {"black": ["ALOA", "ALOA", "ALOA"]}}, PositionError, "third ALOA"),
    ([1, 2], PositionError, "a position is a JSON object"),
])
def test_link_url_refuses_a_bad_record_or_position(data, error, words):
    with pytest.raises(error, match=words):
        link_url(data)


def test_the_example_in_docs_embedding_is_the_address_the_command_prints():
    """docs/embedding.md shows a position and the link `python -m kahuna link` makes."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "embedding.md").read_text()
    (position,) = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    base = re.search(r"python -m kahuna link removal\.json --base (\S+) --embed", text)[1]
    assert link_url(position, base, embed=True) in text
    state = replay(as_record("position", position))[0]
    assert Action.parse("ALOA+HUNA/ALOA-HUNA") in state.legal_actions()  # the lesson (R9)
