"""?autoplay=LEVEL (web/boot/start.py): the computer plays both seats, game after game, in
memory only; bench/soak.py runs it for 100 games and reads the memory this test reads."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from soak import COUNT_PROXIES, MEMORY_JS, wait_games  # noqa: E402

from scripts.page_driver import probe, run_python  # noqa: E402


def test_autoplay_plays_whole_games_by_itself_and_memory_is_read(page, base_url, wait_ready):
    probe(page.context, base_url, before=COUNT_PROXIES)
    page.goto(base_url + "?autoplay=beginner&pace=0")
    wait_ready(page)
    proxies = run_python(page, "import pyodide.ffi as f; f.PROXIES")
    # the page's handlers, made once at boot: the guard's 2, the Page's 11 (Back's one)
    assert 0 < proxies <= 13
    wait_games(page, 3, 600)
    assert page.evaluate("Object.keys(localStorage)") == []  # a demo keeps nothing
    memory = page.evaluate(MEMORY_JS)
    assert memory["wasm"] > 10_000_000  # Pyodide's heap, tens of MB
    assert run_python(page, "import pyodide.ffi as f; f.PROXIES") == proxies
    assert page.locator("#dialog").is_hidden()  # nobody has to close a scoring or an end
    assert page.locator(".py-error, #problem-dialog:not([hidden])").count() == 0


def test_an_unknown_autoplay_level_is_refused_with_a_message(page, base_url, wait_ready):
    page.goto(base_url + "?autoplay=grandmaster&pace=0")
    wait_ready(page)
    text = page.text_content("#dialog")
    assert "no level “grandmaster”" in text and "beginner" in text
    assert page.evaluate("document.body.dataset.autoplayed") is None
