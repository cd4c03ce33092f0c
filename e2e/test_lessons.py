"""An embed's modes (docs/embedding.md) on a host page of another origin, at 720x520 and
360x640: a sequence stepped forward and back (buttons and keys), a puzzle solved in one
frame and failed then retried in the other, a bad option said in the frame; and the
replay of a finished game in the full page, stepped and jumped to a round."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from kahuna import puzzles
from kahuna.notation.link import encode
from kahuna.rules.deal import Setup
from scripts.page_driver import SIZES, do, end_turn, host_page, open_frames, settle
from tests.helpers import play_randomly
from tests.web_helpers import against_computer
from web.game.match import HOTSEAT, Match

from .conftest import FAVICON_404

# A page of a test's own folder (a host page, a picture) may ask /favicon.ico.
pytestmark = pytest.mark.expected_errors(FAVICON_404, optional=True)


def whole_game(seed: int = 4) -> dict:
    """A record of a whole two-player game (three rounds), random legal actions."""
    match = Match.new(Setup(seed=seed), HOTSEAT, None)
    play_randomly(match, random.Random(seed))
    return {k: v for k, v in match.to_record().items() if k != "meta"}


def test_a_sequence_steps_forward_and_back_by_buttons_and_keys(
        page, base_url, serve_site, tmp_path, wait_ready, screenshot, external_requests):
    record = whole_game()
    steps = len(record["actions"])
    query = f"?embed&mode=sequence&record={encode(record)}&step=2&caption=Three+rounds&pace=0"
    (tmp_path / "index.html").write_text(host_page(base_url + query))
    wide, narrow = open_frames(page, serve_site(tmp_path).url, wait_ready)
    for frame in (wide, narrow):
        assert frame.locator("#lesson .caption").text_content() == "Three rounds"
        assert f"Step 2 of {steps}" in frame.text_content("#lesson")
        assert frame.locator("#log li").count() == 2
        assert frame.locator("#board path.hit").count() == 0  # watched, not played
    screenshot(page, "lesson-sequence")
    wide.click('#lesson [data-act="step:next"]')
    assert wide.locator("#log li").count() == 3
    wide.click('#lesson [data-act="step:back"]')
    wide.click('#lesson [data-act="step:back"]')
    assert wide.locator("#log li").count() == 1
    wide.click('#lesson [data-act="step:round:3"]')
    third = wide.locator("#log li").count()
    assert third > 3 and "Round 3" in wide.text_content("#round")
    wide.locator('#lesson [data-act="step:next"]').focus()
    wide.page.keyboard.press("End")
    assert wide.locator("#log li").count() == steps
    assert wide.locator('#lesson [data-act="step:next"]').is_disabled()
    wide.locator("#lesson .where").click()  # the disabled Next lost focus: back in the frame
    wide.page.keyboard.press("Home")
    assert wide.locator("#log li").count() == 0
    wide.page.keyboard.press("ArrowRight")
    assert wide.locator("#log li").count() == 1
    narrow.click('#lesson [data-act="step:auto"]')  # plays by itself (pace 0) to the end
    narrow.wait_for_function(f"document.querySelectorAll('#log li').length === {steps}")
    assert narrow.evaluate("document.documentElement.scrollWidth <= innerWidth")
    screenshot(page, "lesson-sequence-stepped")
    assert not external_requests


def test_a_puzzle_is_solved_in_one_frame_and_failed_then_retried_in_the_other(
        page, base_url, serve_site, tmp_path, wait_ready, screenshot):
    puzzle = next(p for p in puzzles() if p.id == "remove-1")
    query = f"?embed&mode=puzzle&puzzle={puzzle.id}&pace=0"
    (tmp_path / "index.html").write_text(host_page(base_url + query))
    wide, narrow = open_frames(page, serve_site(tmp_path).url, wait_ready)
    for frame in (wide, narrow):
        settle(frame)
        assert "Your goal:" in frame.text_content("#lesson")
    screenshot(page, "lesson-puzzle")
    for action in puzzle.solution:
        do(wide, action)
    wide.wait_for_selector("#lesson .verdict.solved")
    assert "Solved!" in wide.text_content("#lesson")
    end_turn(narrow)  # a turn that does nothing toward the goal
    narrow.wait_for_selector("#lesson .verdict.missed")
    assert narrow.evaluate("document.documentElement.scrollWidth <= innerWidth")
    screenshot(page, "lesson-puzzle-verdicts")
    narrow.click('#lesson [data-act="retry"]')
    assert narrow.locator("#lesson .verdict").count() == 0 and narrow.locator("#log li").count() == 0
    narrow.click('#lesson [data-act="solution"]')
    narrow.click('#lesson [data-act="step:last"]')
    assert narrow.locator("#log li").count() == len(puzzle.solution)
    screenshot(page, "lesson-puzzle-solution")
    narrow.click('#lesson [data-act="step:close"]')
    assert "Your goal:" in narrow.text_content("#lesson") and narrow.locator("#log li").count() == 0


def test_bad_options_are_said_in_the_frame_which_still_shows_a_game(
        page, base_url, serve_site, tmp_path, wait_ready, screenshot):
    query = "?embed&mode=sequence&step=<b>x</b>&goal=win&colour=green&caption=<img src=x>&pace=0"
    (tmp_path / "index.html").write_text(host_page(base_url + query.replace("<", "%3C")
                                                   .replace(">", "%3E").replace(" ", "%20")))
    wide, narrow = open_frames(page, serve_site(tmp_path).url, wait_ready)
    for frame in (wide, narrow):
        frame.wait_for_selector("#dialog:not([hidden])")
        text = frame.text_content("#dialog")
        assert "“<b>x</b>”" in text and "colour" in text and "goal" in text
        assert frame.locator("#dialog b, #lesson img").count() == 0  # text, never HTML
        assert frame.locator("#lesson .caption").text_content() == "<img src=x>"
    screenshot(page, "lesson-bad-options")


def test_a_finished_game_is_replayed_stepped_and_jumped_to_a_round(
        page, base_url, wait_ready, screenshot):
    record = {**whole_game(7), "meta": {"mode": HOTSEAT}}
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(f"{base_url}?record={encode(record)}&pace=0")
    wait_ready(page)
    page.wait_for_selector("#dialog:not([hidden]) .end-game")
    page.click('#dialog [data-act="replay"]')
    assert page.locator("#dialog").is_hidden() and page.locator("#log li").count() == 0
    page.click('#lesson [data-act="step:next"]')
    assert page.locator("#log li").count() == 1
    page.click('#lesson [data-act="step:round:2"]')
    assert "Round 2" in page.text_content("#round")
    screenshot(page, "lesson-replay")
    page.click('#lesson [data-act="step:close"]')
    page.wait_for_selector("#dialog:not([hidden]) .end-game")
    assert page.locator("#log li").count() == len(record["actions"])


def test_the_computer_never_moves_over_the_steps_of_a_recorded_game(
        page, base_url, wait_ready, screenshot, console_messages):
    """A game against the computer, replayed in the full page and shown in a sequence and
    a still diagram, at a step where the computer is to move: nothing moves by itself,
    and the next step is the recorded one (a tester saw the computer play new moves over
    the steps: "Step 1 of 122 Computer draws from the pile" where the record placed a
    bridge)."""
    record, step = against_computer()
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(f"{base_url}?record={encode(record)}&pace=0")
    wait_ready(page)
    page.click('#dialog [data-act="replay"]')
    for _ in range(step):
        page.click('#lesson [data-act="step:next"]')
    # The page tells at once whether it lets the computer play (its loop starts on that)
    assert page.get_attribute("body", "data-computer-plays") == "0"
    assert page.locator("#log li").count() == step
    page.click('#lesson [data-act="step:next"]')
    assert page.locator("#log li").count() == step + 1
    screenshot(page, "lesson-replay-against-the-computer")
    shown = page.locator("#log li").last.text_content()  # "2. Computer places …"
    page.click('#lesson [data-act="step:close"]')  # the whole game's log says the same
    page.wait_for_selector("#dialog:not([hidden]) .end-game")
    assert page.evaluate("""shown => [...document.querySelectorAll('#log li')]
      .some(li => li.textContent === shown)""", shown), shown
    for mode in ("sequence", "diagram"):
        page.goto(f"{base_url}?embed&mode={mode}&record={encode(record)}&step={step}&pace=0")
        wait_ready(page)
        assert page.get_attribute("body", "data-computer-plays") == "0", mode
        assert page.locator("#log li").count() == step, mode
    assert not [m for m in console_messages if m.startswith("debug: kahuna-decision")]


def test_a_host_page_moves_its_one_live_frame_to_another_example(
        page, base_url, serve_site, tmp_path, wait_ready, screenshot):
    """A rules page keeps one runtime for many boards: it sends the frame the next
    example's query, and the frame shows it without loading again."""
    record = whole_game(5)
    query = f"?embed&mode=sequence&record={encode(record)}&pace=0"
    (tmp_path / "index.html").write_text(host_page(base_url + query, {"wide": SIZES["wide"]}))
    page.set_viewport_size({"width": 800, "height": 600})
    page.goto(serve_site(tmp_path).url)
    frame = page.locator("iframe#wide").element_handle().content_frame()
    wait_ready(frame)
    frame.evaluate("window.__booted = 1")  # gone if the frame loaded again
    post = "q => document.querySelector('iframe#wide').contentWindow.postMessage(q, '*')"
    page.evaluate(post, "kahuna:open?mode=puzzle&puzzle=remove-1&pace=0")
    frame.wait_for_selector("#lesson .goal")
    assert frame.evaluate("window.__booted") == 1 and frame.locator("#log li").count() == 0
    frame.evaluate("parent.postMessage('kahuna:open?mode=diagram', '*')")  # not from its parent
    frame.evaluate("window.postMessage('kahuna:open?mode=diagram', '*')")
    page.evaluate(post, "hello")
    page.wait_for_timeout(300)
    assert frame.locator("#lesson .goal").count() == 1
    page.evaluate(post, "kahuna:open?mode=chess")
    frame.wait_for_selector("#dialog:not([hidden])")
    assert "chess" in frame.text_content("#dialog") and frame.evaluate("window.__booted") == 1
    screenshot(page, "lesson-moved-frame")


def test_the_site_puzzles_are_listed_solved_remembered_and_left_for_the_game(
        page, base_url, wait_ready, screenshot):
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(f"{base_url}?pace=0&seed=3")
    wait_ready(page)
    settle(page)
    log_before = page.locator("#log li").count()
    page.click("#btn-new")
    page.click('#dialog [data-act="puzzles"]')
    assert page.locator('#dialog [data-act^="puzzle:"]').count() == len(puzzles())
    screenshot(page, "lesson-puzzle-list")
    first = puzzles()[0]
    page.click(f'#dialog [data-act="puzzle:{first.id}"]')
    assert "Your goal:" in page.text_content("#lesson")
    for action in first.solution:
        do(page, action)
    page.wait_for_selector("#lesson .verdict.solved")
    assert page.locator("#dialog").is_hidden()  # no scoring dialog over the verdict
    page.reload()  # the puzzle is posed again, from its start
    wait_ready(page)
    assert "Your goal:" in page.text_content("#lesson")
    assert page.locator("#lesson .verdict").count() == 0
    page.click("#btn-new")
    page.click('#dialog [data-act="puzzles"]')
    assert "✓" in page.locator(f'#dialog li:has([data-act="puzzle:{first.id}"])').text_content()
    page.click(f'#dialog [data-act="puzzle:{puzzles()[1].id}"]')
    page.click('#lesson [data-act="puzzle:leave"]')
    settle(page)
    assert page.locator("#lesson").inner_html() == ""
    assert page.locator("#log li").count() == log_before  # the game, as it was saved


def _pose(page, name: str) -> None:
    page.click("#btn-new")
    page.click('#dialog [data-act="puzzles"]')
    page.click(f'#dialog [data-act="puzzle:{name}"]')
    page.wait_for_selector('#lesson [data-act="puzzle:leave"]')


def _in_the_game(page, log: int) -> None:
    """The person's game is back as it was saved, in the same document."""
    page.wait_for_function("document.querySelector('#lesson').innerHTML === ''")
    assert page.locator("#log li").count() == log
    assert page.evaluate("window.__same") == 1  # no new load of the page


def test_the_browsers_back_leaves_a_screen_over_the_game_not_the_site(
        page, base_url, wait_ready):
    """A review found Back in a puzzle leaving the site: it goes back to the person's game,
    after the next puzzle and after a reload too; so it does from the editor (over a
    puzzle: back to the puzzle first), the embed builder and the tutorial. A screen left by its own
    button takes its history entry back, so the next Back leaves the site as before."""
    page.goto(f"{base_url}?pace=0&seed=3")
    wait_ready(page)
    settle(page)
    page.evaluate("window.__same = 1")
    log = page.locator("#log li").count()
    first, second = puzzles()[0].id, puzzles()[1].id
    _pose(page, first)
    page.go_back()
    _in_the_game(page, log)
    _pose(page, first)
    page.click('#lesson [data-act="puzzle:next"]')  # the list's next: one Back still
    page.go_back()
    _in_the_game(page, log)
    _pose(page, second)
    page.reload()  # posed again from its start, its entry kept
    wait_ready(page)
    assert "Your goal:" in page.text_content("#lesson")
    page.evaluate("window.__same = 1")
    page.go_back()
    _in_the_game(page, log)
    _pose(page, first)
    page.click("#btn-new")  # the editor, over the puzzle: Back closes it, then the puzzle
    page.click('#dialog [data-act="edit:open:empty"]')
    page.wait_for_selector("#editor-title")
    page.go_back()
    page.wait_for_selector('#lesson [data-act="puzzle:leave"]')
    page.go_back()
    _in_the_game(page, log)
    page.click("#log-label")  # the embed builder, from the Moves box: Back closes it
    page.click('[data-act="builder:open"]')
    page.wait_for_selector("#builder", state="visible")
    page.go_back()
    page.wait_for_selector("#builder", state="hidden")
    assert page.evaluate("window.__same") == 1
    page.click("#btn-new")  # the tutorial: Back leaves it for the new game's choices
    page.click('#dialog [data-act="tutorial:start"]')
    page.wait_for_selector('#coach [data-act="tutorial:skip"]')
    page.go_back()
    page.wait_for_selector('#dialog [data-act="tutorial:start"]')
    assert page.locator("#coach").inner_html() == "" and page.evaluate("window.__same") == 1
    page.click('#dialog [data-act="puzzles"]')  # the game is still saved, under a puzzle
    page.click(f'#dialog [data-act="puzzle:{first}"]')
    page.click('#lesson [data-act="puzzle:leave"]')
    _in_the_game(page, log)
    page.wait_for_function("history.state === null")
    page.go_back()  # off the game's page (to the tests' blank page), as before any puzzle
    assert "?pace=0" not in page.url and page.locator("#board").count() == 0


def test_a_score_puzzle_on_a_phone_shows_its_verdict_not_the_scoring_dialog(
        page, base_url, wait_ready, screenshot):
    """The solving turn draws the round's last card and scores (R16-R17): the verdict
    answers it, with no round-end dialog over the board (issue 29)."""
    page.set_viewport_size({"width": 360, "height": 640})
    puzzle = next(p for p in puzzles() if p.goal.aim.value == "score")
    page.goto(f"{base_url}?mode=puzzle&puzzle={puzzle.id}&pace=0")
    wait_ready(page)
    settle(page)
    for action in puzzle.solution:
        do(page, action)
    page.wait_for_selector("#lesson .verdict.solved")
    assert page.locator("#dialog").is_hidden()
    assert page.locator('#lesson [data-act="retry"]').is_visible()
    screenshot(page, "lesson-score-puzzle-phone")


def test_the_examples_page_shows_every_mode_without_a_problem(page, base_url, wait_ready,
                                                               screenshot, external_requests):
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(base_url + "examples.html")
    frames = page.locator("iframe")
    assert frames.count() >= 6
    for i in range(frames.count()):
        frames.nth(i).scroll_into_view_if_needed()  # loading="lazy": booted when near
        frame = frames.nth(i).element_handle().content_frame()
        wait_ready(frame)
        assert frame.locator("#dialog").is_hidden(), frame.text_content("#dialog")
        assert frame.locator("#board svg.board").count() == 1
        # the page's host script (docs/embedding.md) heard the frame: ready (a sequence
        # then its step), and sized it to its content
        heard = frames.nth(i).locator("xpath=following-sibling::p[1]")
        heard.filter(has_text=re.compile("^The frame said: (ready|step)$")).wait_for()
        assert frames.nth(i).evaluate("f => f.style.height.endsWith('px')")
    page.evaluate("scrollTo(0, 0)")
    screenshot(page, "lesson-examples-page")
    assert not external_requests


def test_a_diagram_shows_its_notes_at_both_sizes_and_cannot_be_played(
        page, base_url, serve_site, tmp_path, wait_ready, screenshot):
    from scripts.examples_page import examples
    query = "?" + examples()[0][2] + "&pace=0"  # the removal diagram, with notes
    (tmp_path / "index.html").write_text(host_page(base_url + query))
    wide, narrow = open_frames(page, serve_site(tmp_path).url, wait_ready)
    for frame in (wide, narrow):
        board = frame.locator("#board svg.board")
        assert board.locator(".ring").count() == 2 and board.locator(".band").count() == 1
        assert board.locator(".marks text").count() == 2
        assert frame.locator("#board path.hit").count() == 0  # a picture, not a game
        frame.locator("#hand button.card").first.click()  # a card cannot be chosen
        assert frame.locator("#board path.hit").count() == 0
        assert frame.locator("#btn-hint").is_disabled()
        assert "ALOA-HUNA" in frame.text_content("#lesson .caption")
    assert narrow.locator("svg.board.portrait").count() == 1  # turned for the tall frame
    screenshot(page, "lesson-diagram")


def test_a_replay_and_a_puzzle_fit_a_phone_in_each_language(phone_page, base_url, wait_ready,
                                                            screenshot, external_requests):
    record = {**whole_game(8), "meta": {"mode": HOTSEAT}}
    for lang in ("en", "de", "fr", "pl"):
        page = phone_page()  # as good as new for each language
        page.goto(f"{base_url}?record={encode(record)}&pace=0&lang={lang}")
        wait_ready(page)
        page.wait_for_selector("#dialog:not([hidden]) .end-game")
        page.click('#dialog [data-act="replay"]')
        page.click('#lesson [data-act="step:round:2"]')
        wide = page.evaluate("""() => [...document.querySelectorAll('#lesson *')]
            .filter(e => !e.matches('.visually-hidden, .visually-hidden *'))
            .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth)
            .map(e => e.outerHTML.slice(0, 80))""")
        assert not wide, (lang, wide)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        screenshot(page, f"lesson-replay-phone-{lang}")
        page.click('#lesson [data-act="step:close"]')
        page.click('#dialog [data-act="menu"]')
        page.click('#dialog [data-act="puzzles"]')
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.click(f'#dialog [data-act="puzzle:{puzzles()[4].id}"]')
        end_turn(page)
        page.wait_for_selector("#lesson .verdict")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        screenshot(page, f"lesson-puzzle-phone-{lang}")
    assert not external_requests


def test_a_caption_of_one_long_word_stays_in_its_box(page, base_url, serve_site, tmp_path,
                                                      wait_ready, screenshot):
    """A caption is the author's text: one long unbroken word wraps inside the caption
    box at both sizes instead of running out of it."""
    import re

    from scripts.examples_page import examples
    query = "?" + re.sub(r"caption=[^&]*", "caption=" + "Wordwithoutspaces" * 9,
                         examples()[0][2]) + "&pace=0"
    (tmp_path / "index.html").write_text(host_page(base_url + query))
    wide, narrow = open_frames(page, serve_site(tmp_path).url, wait_ready)
    for frame in (wide, narrow):
        caption = frame.locator("#lesson .caption")
        assert "Wordwithoutspaces" in caption.text_content()
        assert caption.evaluate("p => p.scrollWidth <= p.clientWidth + 1")
    screenshot(page, "lesson-long-caption")


def test_an_empty_hand_says_so_in_the_middle_of_its_row(page, base_url, wait_ready):
    """The rulebook's example (examples.html) at its last step: Black has no cards, and
    the words say so where a card would stand, not at the bottom of the empty row."""
    source = Path(__file__).resolve().parent.parent / "examples.html"
    query = html.unescape(re.search(r'src="\./(\?embed&amp;mode=sequence[^"]*)"',
                                    source.read_text()).group(1))
    page.set_viewport_size({"width": 720, "height": 520})
    page.goto(base_url + re.sub(r"&step=\d+", "", query) + "&step=99")
    wait_ready(page)
    assert page.text_content("#hand") == "no cards"
    off = page.evaluate("""() => {
      const row = document.getElementById('hand'), words = row.querySelector('.empty');
      const r = row.getBoundingClientRect(), w = words.getBoundingClientRect();
      const top = r.top + parseFloat(getComputedStyle(row).paddingTop);  // where cards stand
      return (w.top + w.bottom) / 2 - (top + r.bottom) / 2;
    }""")
    assert abs(off) <= 2, off


def test_an_embedded_puzzles_full_game_link_poses_it_in_the_full_page(
        page, base_url, wait_ready, screenshot):
    """"Open in the full game" from a puzzle poses the same puzzle over the reader's own
    game (a tester got a fresh game, unsaid); the address then drops the puzzle, and a
    reload poses it again, as any puzzle being tried, until the reader goes back to the
    game, which is as it was."""
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(f"{base_url}?pace=0&seed=3")
    wait_ready(page)
    settle(page)
    log_before = page.locator("#log li").count()
    puzzle = puzzles()[2]
    page.goto(f"{base_url}?embed&mode=puzzle&puzzle={puzzle.id}&pace=0")
    wait_ready(page)
    goal = page.text_content("#lesson .goal")
    link = page.get_attribute(".bar a.full-game", "href")
    assert "embed" not in link and f"puzzle={puzzle.id}" in link
    page.goto(html.unescape(link) if link.startswith("http") else base_url + link.lstrip("/"))
    wait_ready(page)
    assert page.text_content("#lesson .goal") == goal and "Your goal:" in goal
    assert "puzzle=" not in page.url and "mode=" not in page.url
    assert page.locator('#lesson [data-act="puzzle:leave"]').count() == 1
    screenshot(page, "lesson-puzzle-full-game")
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.text_content("#lesson .goal") == goal and "puzzle=" not in page.url
    page.click('#lesson [data-act="puzzle:leave"]')
    settle(page)
    assert page.locator("#lesson").inner_html() == ""
    assert page.locator("#log li").count() == log_before  # the reader's game, as it was


#: Where the mover's hand is: [top, bottom] in the window, and the bottom of what the
#: side panel shows of itself.
HAND_JS = """() => { const hand = document.getElementById('hand').getBoundingClientRect();
  const side = document.querySelector('.side').getBoundingClientRect();
  return [hand.top, hand.bottom, Math.min(innerHeight, side.bottom)]; }"""


def test_under_a_goal_or_steps_a_short_window_shows_the_movers_hand(page, base_url,
                                                                    wait_ready, screenshot):
    """A short, wide window puts the side panel beside the board: under a puzzle's goal
    (its buttons in two rows) or a sequence's steps, the mover's hand was below the
    window, to be scrolled to (a tester's find: 1366x625 and 1280x650 full pages, 760x520
    and 960x540 frames). It comes first now, under the goal and the prompt."""
    sequence = f"?embed&mode=sequence&record={encode(whole_game())}&step=3&pace=0"
    for name, query, (width, height) in (
            ("puzzle", "?mode=puzzle&puzzle=remove-1&pace=0", (1366, 625)),
            ("puzzle-frame", "?embed&mode=puzzle&puzzle=remove-1&pace=0", (760, 520)),
            ("sequence-frame", sequence, (760, 520))):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(base_url + query)
        wait_ready(page)
        top, bottom, seen = page.evaluate(HAND_JS)
        screenshot(page, f"lesson-short-{name}-{width}x{height}")
        assert 0 <= top and bottom <= seen + 1, (name, top, bottom, seen)
