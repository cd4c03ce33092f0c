"""docs/notation.md stays true: its actions parse, its JSON examples load and replay."""

import doctest
import json
import re
from pathlib import Path

from kahuna import Action, position_from_json, position_to_json, replay
from kahuna.rules.board import ISLANDS

from .helpers import names

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
TEXT = DOC.read_text(encoding="utf-8")


def section(title):
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end >= 0 else None]


def json_blocks():
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", TEXT, re.S)]


def test_every_action_in_the_tables_parses_and_is_canonical():
    """Each table row of the Actions section starts with an action in canonical form
    (R7, R8, R9, R9a, R12, R13, V1)."""
    texts = re.findall(r"^\| `([^`]+)` \|", section("Actions"), re.M)
    assert len(texts) == 11
    for text in texts:
        assert str(Action.parse(text)) == text


def test_json_examples_load_and_replay():
    blocks = json_blocks()
    positions = [b for b in blocks if "actions" not in b]
    records = [b for b in blocks if "actions" in b]
    assert len(positions) == 2 and len(records) == 2
    for data in positions:
        written = position_to_json(position_from_json(data))
        assert position_to_json(position_from_json(written)) == written
    small, full = positions
    assert names(position_from_json(small).islands(0)) == ["ALOA"]
    assert position_to_json(position_from_json(full)) == full
    from_setup, from_position = records
    state, _ = replay(from_setup)
    assert position_to_json(state) == full  # the record leads to the full position
    state, effects = replay(from_position)
    assert [ISLANDS[i] for fx in effects for i in fx.lost] == ["ALOA", "HUNA", "DUDA"]


def test_doc_examples_in_python_run():
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.failed == 0 and result.attempted >= 2
