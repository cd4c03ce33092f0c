"""What a frame tells its host page (web/view/host.py, docs/embedding.md "Messages to the
host"): ready first, each step, a puzzle solved or failed once per judged turn; and the
host script of the docs is the one the examples page runs."""

from __future__ import annotations

from kahuna import goal_text, puzzles
from web.state.acts import handle
from web.learn.modes import PUZZLE, SEQUENCE
from web.view.host import VERSION, news

from .web_helpers import embedded, played, record_link


def told(app, before=None):
    """What the host hears now, and the message types it is sent."""
    now, said = news(app, before)
    assert all(m["version"] == VERSION == 1 for m in said)
    return now, said


def test_a_sequence_says_ready_then_each_step_once():
    app = embedded({"record": record_link(played(6)), "mode": SEQUENCE})
    heard, said = told(app)
    assert said == [{"kahuna": "ready", "version": 1, "mode": SEQUENCE},
                    {"kahuna": "step", "version": 1, "step": 0, "last": 6}]
    heard, said = told(app, heard)
    assert said == []  # a drawing with nothing new says nothing
    handle(app, "step:next")
    heard, said = told(app, heard)
    assert said == [{"kahuna": "step", "version": 1, "step": 1, "last": 6}]
    handle(app, "step:next-nowhere")
    assert told(app, heard)[1] == []


def test_a_puzzle_says_solved_and_after_a_retry_failed():
    puzzle = puzzles()[0]
    app = embedded({"mode": PUZZLE, "puzzle": puzzle.id})
    heard, said = told(app)
    assert [m["kahuna"] for m in said] == ["ready"] and said[0]["mode"] == PUZZLE
    for action in puzzle.solution_actions():
        heard, said = told(app, heard)
        assert said == []  # not judged before the turn is over
        handle(app, f"do:{action}")
    heard, said = told(app, heard)
    assert said == [{"kahuna": "solved", "version": 1, "goal": goal_text(puzzle.goal),
                     "puzzle": puzzle.id}]
    assert told(app, heard)[1] == []  # said once
    handle(app, "retry")
    heard, said = told(app, heard)
    assert said == []
    while app.puzzle.verdict is None:  # a turn that misses: end it at once
        ending = [a for a in app.match.state.legal_actions() if a.kind.name in ("PILE", "PASS")]
        handle(app, f"do:{ending[0]}")
    assert [m["kahuna"] for m in told(app, heard)[1]] == ["failed"]


def test_the_docs_show_the_host_script_the_examples_page_runs():
    from pathlib import Path
    from scripts.examples_page import HOST_SCRIPT, page
    docs = (Path(__file__).resolve().parent.parent / "docs/embedding.md").read_text("utf-8")
    assert f"<script>\n{HOST_SCRIPT}\n</script>" in docs
    assert f"<script>{HOST_SCRIPT}\n" in page()
    assert "data.version !== 1" in HOST_SCRIPT and "event.origin" in HOST_SCRIPT
