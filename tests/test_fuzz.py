"""Every reader of outside data, fed random and mutated input (issue 10): each raises only
its documented error (a KahunaError subclass), never anything else, and never hangs.

Inputs: random JSON values; real records and positions with one part mutated (a value
replaced by anything, a key dropped, a list wrapped); deep nesting; huge and non-finite
numbers; random bytes. ``bench/fuzz_figures.py`` prints the counts for the note.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahuna import (
    Action, KahunaError, NotationError, PositionError, RecordError, Setup, load_json,
    make_record, new_game, position_from_json, position_to_json, replay,
)
from kahuna.notation.link import decode, encode, link_url
from kahuna.notation.record import setup_from_json
from kahuna.tools.cli import main

from .helpers import play_randomly

# No deadline: how fast each reader is, bench/fuzz_figures.py measures.
FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SCALARS = (st.none() | st.booleans() | st.integers() | st.floats()
           | st.integers(min_value=10**30, max_value=10**40) | st.text(max_size=12)
           | st.sampled_from(["black", "white", "HUNA", "ALOA-BARI", "pile", "play", "final",
                              "kahuna-record", "kahuna-position", "", "ELAI>HUNA"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=20)


def _game(seed: int, cut: int) -> tuple[Any, Any]:
    """A real record of ``cut`` random actions, and the position it reaches."""
    setup = Setup(seed=seed, fewer_surprises=seed % 2 == 0, open_draws=seed % 3 == 0)
    state = new_game(setup)
    actions = play_randomly(state, random.Random(seed), cut)
    record = make_record(setup, actions, {"mode": "computer"})
    return record, position_to_json(state) if not state.is_over else {}


SAMPLES = [_game(seed, cut) for seed, cut in ((1, 10), (2, 40), (3, 90), (4, 400))]


def _mutate(data: Any, draw) -> Any:
    """``data`` with one node replaced, dropped or wrapped, at a drawn place."""
    if isinstance(data, (dict, list)) and data and draw(st.booleans()):
        keys = list(data) if isinstance(data, dict) else list(range(len(data)))
        key = draw(st.sampled_from(keys))
        copy = dict(data) if isinstance(data, dict) else list(data)
        copy[key] = _mutate(data[key], draw)
        return copy
    how = draw(st.sampled_from(["replace", "drop", "wrap", "string"]))
    if how == "replace" or not isinstance(data, (dict, list)) or not data:
        return draw(JSON)
    if how == "wrap":
        return [data]
    if how == "string":
        return json.dumps(data)
    copy = dict(data) if isinstance(data, dict) else list(data)
    del copy[draw(st.sampled_from(list(copy) if isinstance(copy, dict) else range(len(copy))))]
    return copy


@st.composite
def mutated(draw, which: int) -> Any:
    sample = draw(st.sampled_from(SAMPLES))[which]
    for _ in range(draw(st.integers(1, 3))):
        sample = _mutate(sample, draw)
    return sample


def only(error: type[KahunaError], read, *args) -> None:
    """Call ``read``; it may succeed or raise ``error``, nothing else."""
    try:
        read(*args)
    except error:
        pass


@FUZZ
@given(st.one_of(JSON, mutated(0)))
def test_replay_raises_only_record_error(data):
    only(RecordError, replay, data)


@FUZZ
@given(st.one_of(JSON, mutated(1)))
def test_position_reader_raises_only_position_error(data):
    only(PositionError, position_from_json, data)


@FUZZ
@given(st.one_of(JSON, mutated(0), mutated(1)))
def test_link_maker_raises_only_kahuna_errors(data):
    only(KahunaError, link_url, data)


@FUZZ
@given(st.one_of(JSON, mutated(0).map(lambda r: r.get("setup") if isinstance(r, dict) else r)))
def test_setup_reader_raises_only_record_error(data):
    only(RecordError, setup_from_json, data)


@FUZZ
@given(JSON)
def test_action_reader_raises_only_notation_error(data):
    only(NotationError, Action.parse, data)


@FUZZ
@given(st.binary(max_size=300) | JSON.map(lambda d: json.dumps(d).encode()))
def test_json_loader_raises_only_record_error(raw):
    only(RecordError, load_json, raw, RecordError)


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200).map(
    lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")))
def test_link_parameter_reader_raises_only_record_error(text):
    only(RecordError, decode, text)


HOSTILE = [
    "[" * 100_000 + "]" * 100_000,  # deep nesting: RecursionError in json.loads
    '{"a":' * 5000 + "1" + "}" * 5000,
    "1" * 5000,  # more digits than int() reads
    '{"format": "kahuna-record", "version": 1, "setup": {"seed": 1e400}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"seed": Infinity}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"seed": NaN}}',
    '{"format": "kahuna-record", "version": true, "actions": []}',
    '{"format": "kahuna-record", "version": 1, "setup": {"handicap": 2.9}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"deck": "ALOA"}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"deck": [1, 2, 3]}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"reshuffles": [[5]]}}',
    '{"format": "kahuna-record", "version": 1, "setup": {"reshuffles": "ALOA"}}',
    '{"format": "kahuna-record", "version": 1, "position": {"round": "x"}, "actions": []}',
    '{"format": "kahuna-record", "version": 1, "position": [], "actions": []}',
    '{"format": "kahuna-record", "version": 1, "actions": [5, null]}',
    '"x"' * 3,
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
@pytest.mark.parametrize("command", ["replay", "link"])
def test_the_command_line_says_what_is_wrong_without_a_traceback(text, command, tmp_path):
    path = tmp_path / "input.json"
    path.write_text(text)
    assert _run(command, path) in (1, 2)


@pytest.mark.parametrize("command", ["replay", "link"])
def test_the_command_line_refuses_bytes_that_are_not_utf8(command, tmp_path):
    path = tmp_path / "input.json"
    path.write_bytes(b'{"format": "kahuna-record\xff\xfe"}')
    assert _run(command, path) in (1, 2)


def _run(command: str, path) -> int:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([command, str(path)])  # an exception here fails the test
    message = err.getvalue()
    assert str(path) in message and "Traceback" not in message and len(message) < 400
    return code


def test_the_samples_are_valid_to_start_with():
    for record, position in SAMPLES:
        replay(record)
        link_url(record)
        if position:
            position_from_json(position)
            link_url(position)
    assert decode(encode(SAMPLES[0][0])) == SAMPLES[0][0]


def _saved(record: Any) -> Any:
    """A page's save of ``record``: mode and revision in its meta, as web/game/saves.py writes."""
    if isinstance(record, dict):
        return {**record, "meta": {"mode": "computer", "human": 0, "level": "expert",
                                   "revision": 3, "id": "g1", "created": 1.0}}
    return record


@FUZZ
@given(st.one_of(JSON, mutated(0).map(_saved), mutated(0).map(_saved).map(
    lambda r: _mutate_meta(r))))
def test_the_page_reads_any_stored_save_without_raising(data):
    """A save in localStorage is outside data too: any text reads as a game or as a
    problem to show, never as an exception (web/game/saves.py)."""
    from web.game import saves
    raw = json.dumps(data)
    entry = saves.read(raw, "g1")
    assert (entry.match is None) == bool(entry.problem)
    storage = saves.MemoryStorage()
    storage.setItem(saves.PREFIX + "g1", raw)
    storage.setItem(saves.RESULTS, raw)
    assert saves.stored_revision(storage, "g1") >= 0
    assert isinstance(saves.results(storage), dict)


def _mutate_meta(record: Any) -> Any:
    if isinstance(record, dict) and isinstance(record.get("meta"), dict):
        return {**record, "meta": {**record["meta"], "mode": ["computer"], "human": {},
                                   "level": 12, "created": "x", "revision": 2.5}}
    return record


@pytest.mark.parametrize("text", HOSTILE[:3] + ["", "{", "null", '{"meta": []}'])
def test_the_page_reads_a_hostile_save_as_a_problem(text):
    from web.game import saves
    entry = saves.read(text, "g1")
    assert entry.match is None and entry.problem and len(entry.problem) < 300
