"""A key that a position, a record or a setup has not (issue 32: "to-move", "bridge",
"hand", "controls") is refused by name, with the keys allowed, by every reader of them:
positions, records, links and the command line. Before, it was passed over without a
word, and a lesson showed a start position instead of the one its author wrote.

Nothing written by this program, now or by its earlier versions, is refused:
tests/data/earlier/ holds saves, a position and a finished game's record written by the
page's first versions (commits 8a3cdd7 and af3b9e0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kahuna import (
    KahunaError, PositionError, RecordError, Setup, new_game, position_from_json,
    position_to_json, replay,
)
from kahuna.notation.link import as_record, decode, encode, kind_of, link_url
from kahuna.notation.position import KEYS

from .helpers import kahuna, midgame, random_record, write

EARLIER = Path(__file__).parent / "data" / "earlier"


def _refused(read, data, error: type[KahunaError]) -> KahunaError:
    with pytest.raises(error) as caught:
        read(data)
    return caught.value


def _innermost(exc: BaseException) -> BaseException:
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return exc


@pytest.mark.parametrize(("position", "key", "allowed"), [
    ({"to-move": "white"}, "to-move", "to_move"),
    ({"bridge": {"black": ["ALOA-BARI"]}}, "bridge", "bridges"),
    ({"hand": {"black": ["ALOA"]}}, "hand", "hands"),
    ({"controls": {"black": ["ALOA"]}}, "controls", "bridges"),
    ({"seed": 4}, "seed", "to_move"),  # a record's key, not a position's
    ({"variants": {"fewer_suprises": True}}, "fewer_suprises", "fewer_surprises"),
    ({"bridges": {"blak": ["ALOA-BARI"]}}, "blak", "black, white"),
    ({"hands": {"black": ["ALOA"], "whites": ["BARI"]}}, "whites", "black, white"),
    ({"known": {"white ": []}}, "white ", "black, white"),
    ({"discard": {"up": [], "face_down": ["ALOA"]}}, "face_down", "up, down"),
])
def test_a_position_names_its_unknown_key_and_the_keys_allowed(position, key, allowed):
    exc = _refused(position_from_json, position, PositionError)
    assert exc.kind == "key" and exc.key == key
    assert repr(key) in str(exc) and allowed in str(exc)


def test_the_message_says_where_the_key_is():
    top = _refused(position_from_json, {"to-move": "white"}, PositionError)
    assert str(top).startswith("the position has no key 'to-move'; its keys are format, ")
    inner = _refused(position_from_json, {"bridges": {"blak": []}}, PositionError)
    assert str(inner) == "'bridges' has no key 'blak'; its keys are black, white"


def test_a_discard_that_is_no_object_is_said_as_such():
    """It escaped as "malformed position: 'list' object has no attribute 'get'"."""
    exc = _refused(position_from_json, {"discard": ["ALOA"]}, PositionError)
    assert str(exc) == "'discard' is an object with the keys up, down, not ['ALOA']"


def test_a_seat_is_still_read_in_any_case():
    state = position_from_json({"bridges": {"Black": ["ALOA-BARI"]}, "to_move": "WHITE"})
    assert state.bridges(0) == [0] and state.to_move == 1


def test_every_key_written_is_a_key_read():
    """The keys allowed are the writer's: a full position of each phase reads back."""
    for state in (midgame(5, 30), midgame(8, 50, fewer_surprises=True, open_draws=True),
                  new_game(Setup(seed=2, handicap=2))):
        data = position_to_json(state)
        assert tuple(data) == KEYS
        assert position_to_json(position_from_json(data)) == data


@pytest.mark.parametrize(("change", "key", "allowed"), [
    ({"action": ["pile"]}, "action", "actions"),
    ({"setup": {"seed": 1, "colour": "red"}}, "colour", "handicap_player"),
    ({"setup": {"seed": 1, "handicap": 1, "handicap_side": "white"}}, "handicap_side",
     "handicap_player"),
    ({"position": {"to-move": "white"}}, "to-move", "to_move"),
])
def test_a_record_names_its_unknown_key(change, key, allowed):
    record, _ = random_record(1, cut=4)
    exc = _refused(replay, {**record, **change}, RecordError)
    inner = _innermost(exc)
    assert inner.kind == "key" and inner.key == key
    assert repr(key) in str(exc) and allowed in str(exc)


def test_a_records_meta_is_free():
    """"meta" is the page's (docs/notation.md): what it holds is never read here."""
    record, _ = random_record(1, cut=4)
    replay({**record, "meta": {"anything": 1, "black": "Ana"}})


@pytest.mark.parametrize("data", [{"to-move": "white"},
                                  {"format": "kahuna-record", "version": 1, "actions": [],
                                   "position": {"hand": {"black": ["ALOA"]}}}])
def test_a_link_with_an_unknown_key_opens_nothing(data):
    """The page's door (decode, then as_record, then replay) and the command line's
    (link_url) alike."""
    opened = decode(encode(data))
    exc = _refused(replay, as_record(kind_of(opened), opened), RecordError)
    assert _innermost(exc).kind == "key"
    assert _innermost(_refused(link_url, data, KahunaError)).kind == "key"


BAD_POSITION = {"to-move": "white"}
BAD_SETUP = {"format": "kahuna-record", "version": 1, "setup": {"seed": 1, "hand": 3},
             "actions": []}
BAD_START = {"format": "kahuna-record", "version": 1, "position": {"controls": {}},
             "actions": ["pile"]}


@pytest.mark.parametrize(("args", "data", "key"), [
    (("link",), BAD_POSITION, "to-move"), (("link", "--embed"), BAD_SETUP, "hand"),
    (("svg",), BAD_POSITION, "to-move"), (("svg", "--step", "0"), BAD_START, "controls"),
    (("replay",), BAD_SETUP, "hand"), (("replay",), BAD_START, "controls"),
])
def test_the_command_line_names_the_key_on_one_line(tmp_path, args, data, key):
    run = kahuna(args[0], write(tmp_path, data), *args[1:])
    assert run.returncode != 0 and run.stdout == ""
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert f"no key {key!r}" in run.stderr and "its keys are" in run.stderr


def test_the_command_line_replay_refuses_a_position_as_no_record(tmp_path):
    run = kahuna("replay", write(tmp_path, {"to-move": "white"}))
    assert run.returncode != 0 and "not a Kahuna game record" in run.stderr


@pytest.mark.parametrize("name", sorted(p.name for p in EARLIER.glob("*.json")))
def test_what_earlier_versions_wrote_is_still_read(name):
    data = json.loads((EARLIER / name).read_text(encoding="utf-8"))
    if kind_of(data) == "record":
        state, _ = replay(data)
        assert state.history  # its actions replayed
    else:
        assert position_to_json(position_from_json(data)) == data
    assert link_url(data).startswith(f"./?{kind_of(data)}=")


def test_the_earlier_files_are_there():
    assert len(list(EARLIER.glob("*.json"))) == 4
