"""The same setup, seed and actions give the same game in Pyodide (in Chromium) as in
CPython: the shuffles (R6, R18) and the computer players' choices alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import FAVICON_404

REPO = Path(__file__).resolve().parent.parent

# Plays seeded random games (variants on and off) and asks the expert for a few moves;
# prints one JSON line that must not depend on the interpreter.
SCRIPT = """
import json, random
from kahuna import Setup, new_game, observe
from kahuna.players.levels import choose, make_player

games = []
for seed in (1, 2, 3):
    setup = Setup(seed=seed, fewer_surprises=seed == 2, open_draws=seed == 3)
    state, rng = new_game(setup), random.Random(seed)
    while not state.is_over:
        state.do(rng.choice(state.legal_actions()))
    games.append([[str(a) for _, a in state.history], state.scorings, str(state.outcome)])
state, expert, moves = new_game(Setup(seed=9)), make_player("expert"), []
for n in range(6):
    action = choose(expert, observe(state, state.to_move), random.Random(n))
    moves.append(str(action))
    state.play(action)
print(json.dumps({"games": games, "expert": moves}))
"""


def run_in_cpython() -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(SCRIPT, {})
    return json.loads(out.getvalue())


@pytest.mark.expected_errors(FAVICON_404, optional=True)  # a page that is not the game's
def test_same_games_in_pyodide_and_cpython(page, base_url, external_requests):
    page.goto(base_url + "docs/notation.md")  # any page of the site: same origin for import()
    modules = sorted(str(p.relative_to(REPO / "kahuna")) for p in (REPO / "kahuna").rglob("*.py"))
    printed = page.evaluate(
        """async ([modules, script]) => {
            const { loadPyodide } = await import("../web/vendor/pyodide.mjs");
            const py = await loadPyodide({ indexURL: new URL("../web/vendor/", location).href });
            for (const name of modules) {
                const path = `/home/pyodide/kahuna/${name}`;
                py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
                const text = await (await fetch(`../kahuna/${name}`)).text();
                py.FS.writeFile(path, text);
            }
            let out = "";
            py.setStdout({ batched: (line) => { out += line; } });
            py.runPython(`import sys; sys.path.insert(0, "/home/pyodide")\\n${script}`);
            return out;
        }""",
        [modules, SCRIPT],
    )
    in_browser = json.loads(printed)
    assert in_browser == run_in_cpython()
    assert len(in_browser["games"]) == 3 and all(g[2] for g in in_browser["games"])
    assert external_requests == []
