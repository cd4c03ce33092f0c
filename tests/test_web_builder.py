"""The embed builder (web/state/builder.py, builder_acts.py, web/view/builder.py): the
position on show as an embed, its mode and options, notes by clicks and by fields, a
caption, the frame's size and language; the snippet, the link, the picture; a pasted link;
nothing the viewer could not see in a game in progress (R24)."""

from __future__ import annotations

import json
import re

import pytest

from kahuna import Kind
from kahuna.notation.link import encode
from web.game.by_links import PLAY as MY_TURN
from web.learn.modes import DIAGRAM, PLAY, PUZZLE, SEQUENCE
from web.state.acts import handle
from web.state.address import read
from web.state.builder_acts import open_asked, open_builder
from web.view.builder import controls_html
from web.view.page import view

from .helpers import kahuna, write
from .web_helpers import embedded
from .web_helpers import clickable, finished_game, invited, new_app, to_play, visible_texts

REMOVAL = {"to_move": "black",
           "bridges": {"black": ["BARI-ELAI"], "white": ["ALOA-BARI", "ALOA-HUNA", "ELAI-HUNA"]},
           "hands": {"black": ["ALOA", "HUNA", "COCO"], "white": ["LALE", "IFFI"]}}


def params(query: str) -> dict[str, str]:
    """The address's parameters, as the page reads them (URLSearchParams decodes)."""
    from urllib.parse import parse_qsl
    return dict(parse_qsl(query, keep_blank_values=True))


def test_the_menu_opens_the_builder_on_the_game_and_escape_closes_it():
    app = new_app()
    assert "builder:open" in clickable(view(app).export)
    handle(app, "builder:open")
    assert app.builder is not None and app.builder.mode == DIAGRAM
    assert SEQUENCE not in app.builder.modes()  # a position has no steps
    handle(app, "escape")
    assert app.builder is None and app.match is not None


def test_a_game_in_progress_never_shows_the_hidden_cards():
    """The same game with the opponent's hidden hand swapped with the pile's cards gives
    the very same embed: it holds only what the viewer sees (R24)."""
    made = []
    for swap in (False, True):
        app = new_app(seed=11)
        state = app.match.state
        if swap:
            hidden = 1 - app.match.viewer()
            hand = [island for island, n in enumerate(state.hands[hidden]) for _ in range(n)]
            pile = list(state.pile)
            assert set(hand) != set(pile[:len(hand)]) or hand != pile[:len(hand)]
            state.pile = hand + pile[len(hand):]
            state.hands[hidden] = [0] * len(state.hands[hidden])
            for island in pile[:len(hand)]:
                state.hands[hidden][island] += 1
        handle(app, "builder:open")
        assert not app.builder.exact
        made.append(app.builder.query())
        assert "dealt at random" in controls_html(app.builder, app.site)
    assert made[0] == made[1]


def test_a_pasted_position_keeps_its_hands_exact_and_garbage_is_refused_keeping_all():
    app = new_app()
    handle(app, "builder:open")
    handle(app, "builder:set:caption:Remove it")
    before = app.builder.query()
    for garbage in ("hello", "https://example.org/?position=%%%", '{"to-move": "black"}',
                    "https://example.org/?mode=diagram"):
        handle(app, f"builder:set:pasted:{garbage}")
        handle(app, "builder:paste")
        assert app.builder.problem.startswith("This is not a link"), garbage
        assert app.builder.query() == before  # nothing lost
        assert app.builder.pasted == garbage  # still there to correct
        assert "This is not a link" in controls_html(app.builder, app.site)
    handle(app, f"builder:set:pasted:https://example.org/kahuna/?position={encode(REMOVAL)}")
    handle(app, "builder:paste")
    b = app.builder
    assert not b.problem and b.exact and b.data == REMOVAL and b.caption == "Remove it"
    assert "dealt at random" not in controls_html(b, app.site)
    handle(app, f"builder:set:pasted:{json.dumps(REMOVAL)}")  # the JSON itself
    handle(app, "builder:paste")
    assert not b.problem and b.data == REMOVAL


def test_a_puzzle_embed_is_read_by_the_page_as_the_author_set_it():
    app = new_app()
    open_builder(app, REMOVAL, exact=True)
    for act in ("mode:puzzle", "set:goal:remove:ALOA-HUNA", "set:caption:Take it away!",
                "size:phone", "lang:de", "island:ALOA", "tool:arrows", "island:HUNA",
                "island:ALOA", "tool:labels", "island:HUNA", "island:ELAI", "island:HUNA",
                "tool:lines", "line:ALOA-HUNA", "line:ALOA"):  # the last: an island, no line
        handle(app, "builder:" + act)
    b = app.builder
    assert b.notes == {"islands": "ALOA", "lines": "ALOA-HUNA", "arrows": "HUNA>ALOA",
                       "labels": "ELAI:1"}
    first = params(b.query())
    address = read(list(first.items()))
    assert not address.problems, address.problems
    assert address.mode.mode == PUZZLE and str(address.mode.caption) == "Take it away!"
    assert address.lang == "de" and len(address.mode.notes.arrows) == 1
    app2 = embedded({k: v for k, v in first.items() if k != "embed"})
    assert app2.puzzle is not None and app2.match.state.hands == \
        open_builder_state(REMOVAL).hands  # the exact hands
    snippet = b.snippet(app.site)
    assert 'width="360" height="640"' in snippet and 'title="Take it away!"' in snippet
    assert b.link(app.site) == app.site + "?" + b.query()


def open_builder_state(position: dict):
    from kahuna import position_from_json
    return position_from_json(position, 0)


def test_a_bad_note_field_is_said_and_left_out_of_the_embed():
    app = new_app()
    open_builder(app, REMOVAL, exact=True)
    handle(app, "builder:set:islands:ALOA,NOPE")
    handle(app, "builder:set:arrows:ALOA>HUNA")
    html = controls_html(app.builder, app.site)
    assert 'role="alert"' in html and "NOPE" in html
    query = params(app.builder.query())
    assert "islands" not in query and query["arrows"] == "ALOA>HUNA"


def test_a_replay_step_becomes_a_sequence_or_a_diagram_at_that_step():
    app = finished_game()
    handle(app, "replay")
    assert app.sequence is not None
    handle(app, "step:first")
    for _ in range(3):
        handle(app, "step:next")
    handle(app, "builder:open")
    b = app.builder
    assert b.exact and b.step == 3 and b.modes()[1] == SEQUENCE  # a finished game: all seen
    handle(app, "builder:mode:sequence")
    handle(app, "builder:auto")
    shown = embedded({k: v for k, v in params(b.query()).items() if k != "embed"})
    assert shown.sequence is not None and shown.sequence.step == 3 and shown.sequence.auto


def test_the_picture_is_the_command_line_s(tmp_path):
    app = new_app()
    open_builder(app, REMOVAL, exact=True)
    for act in ("set:lines:ALOA-HUNA", "set:arrows:HUNA>ALOA", "set:labels:ALOA:1,HUNA:2"):
        handle(app, "builder:" + act)
    handle(app, "builder:picture")
    name, text = app.download
    out = tmp_path / "removal.svg"
    done = kahuna("svg", write(tmp_path, REMOVAL, "removal.json"), "--lines", "ALOA-HUNA",
                  "--arrows", "HUNA>ALOA", "--labels", "ALOA:1,HUNA:2", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert name.endswith(".svg") and text == out.read_text(encoding="utf-8")


def test_the_address_opens_the_builder_on_its_position_as_written():
    app = new_app()
    open_asked(app, ("position", {"format": "kahuna-record", "position": REMOVAL}))
    assert app.builder is not None and app.builder.exact and app.builder.data == REMOVAL
    framed = embedded({"mode": DIAGRAM})
    open_asked(framed, None)
    handle(framed, "builder:open")
    assert framed.builder is None  # never inside an embed


@pytest.mark.parametrize("goal, said", [
    ("", "A puzzle needs a goal"), ("   ", "A puzzle needs a goal"),
    ("remove:ALOA-ZZZZ", "This goal cannot be read"), ("gain:", "This goal cannot be read"),
    ("control:999", "This goal cannot be read"), ("<img src=x>", "This goal cannot be read"),
])
def test_a_puzzle_without_a_goal_that_reads_is_said_and_embedded_as_a_game_to_play(goal, said):
    """A review found such an embed written as a puzzle, greeting its readers with a notice:
    the builder says it under the field, and the embed opens the game to play, quietly."""
    app = new_app()
    open_builder(app, REMOVAL, exact=True)
    handle(app, "builder:mode:puzzle")
    handle(app, f"builder:set:goal:{goal}")
    html = controls_html(app.builder, app.site)
    assert said in html and 'role="alert"' in html
    shown = params(app.builder.query())
    assert shown["mode"] == PLAY and "goal" not in shown
    address = read(list(shown.items()))
    assert not address.problems, address.problems  # the reader sees no notice
    handle(app, "builder:set:goal:remove:ALOA-HUNA")  # corrected: a puzzle again
    assert params(app.builder.query())["mode"] == PUZZLE
    assert said not in controls_html(app.builder, app.site)


def test_under_the_hot_seat_cover_the_builder_never_opens_on_the_game():
    """The cover hides the hand of the player to come from the one who passes the device:
    the builder, as a share link, waits until it is lifted (web/state/acts.py); asked by
    the address, the page says so and how (review 29: nothing happened, nothing said)."""
    from web.game.match import HOTSEAT
    app = new_app(seed=6, mode=HOTSEAT)
    app.covered = True  # as after a turn, or at a reload (web/state/app.py resume)
    handle(app, "builder:open")
    assert app.builder is None and not app.dialog
    open_asked(app, None)
    assert app.builder is None and app.dialog == "notice"
    assert "Embed this position" in view(app).dialog and view(app).cover
    handle(app, "close")
    assert not app.dialog and app.covered
    app.covered = False
    handle(app, "builder:open")
    assert app.builder is not None


def test_the_address_alone_opens_the_builder_on_a_first_visit_too():
    """``?builder`` with nothing to start from (a first visit offers the tutorial, no game
    is shown): a fresh deal; with a broken save its own dialog stays, the save untouched."""
    from web.game import saves
    from web.game.saves import MemoryStorage
    from web.state.app import App
    from web.state.opening import boot

    first = App(MemoryStorage(), lambda: 0.0, seed=3)
    boot(first, {})
    assert first.match is None and first.dialog == "welcome"
    open_asked(first, None)
    assert first.builder is not None and not first.dialog
    storage = MemoryStorage()
    sid = new_app(storage).match.id
    storage[saves.PREFIX + sid] = '{"format": "kahuna-record", "version": 1, "actions": [tru'
    before = dict(storage)
    broken = App(storage, lambda: 0.0)
    boot(broken, {})
    assert broken.dialog == "problem"
    open_asked(broken, None)
    assert broken.builder is None and broken.dialog == "problem" and dict(storage) == before


def test_a_game_by_links_never_goes_into_the_builder_and_the_address_asking_is_told():
    """A review found ``?builder`` mid-game by links raising (a display place the friend's
    link has not opened yet is no position, R12) and the page stuck; the game by links is
    refused as a share link is, by the address with a notice, and nothing changes."""
    host, guest = invited()
    mover, _waiter = to_play(host, guest)
    while mover.match.entry.status == MY_TURN:
        legal = mover.legal()
        handle(mover, "do:" + str(next((a for a in legal if a.kind is Kind.TAKE), legal[0])))
    handle(mover, "close")
    assert mover.match.sealed() and mover.match.state.pile  # the place waits for the friend's link
    before = mover.match.to_record()
    assert "builder:open" not in clickable(view(mover).export)
    handle(mover, "builder:open")  # a click left over from before the game (a stale page)
    assert mover.builder is None
    open_asked(mover, None)
    assert mover.builder is None and mover.dialog == "notice"
    assert "played by links" in view(mover).dialog
    handle(mover, "close")
    assert mover.match.to_record() == before and not mover.dialog
    open_asked(mover, ("position", {"format": "kahuna-record", "position": REMOVAL}))
    assert mover.builder is not None and mover.builder.data == REMOVAL  # an author's own


def test_copy_puts_the_snippet_or_the_link_on_the_clipboard_and_says_so():
    from web.state.builder_acts import copied
    app = new_app()
    handle(app, "builder:open")
    handle(app, "builder:copy:snippet")
    assert app.clipboard.startswith("<iframe src=")
    copied(app, True)
    assert "Copy embed code ✓" in visible_texts(controls_html(app.builder, app.site))
    app.drawn()
    handle(app, "builder:copy:link")
    assert app.clipboard == app.builder.link(app.site)
    copied(app, False)
    assert "did not let the page copy" in controls_html(app.builder, app.site)


def test_unknown_or_stray_builder_acts_change_nothing():
    app = new_app()
    for act in ("builder:mode:chess", "builder:size:huge", "builder:tool:x", "builder:lang:xx",
                "builder:island:ALOA", "builder:", "builder:copy:snippet"):
        handle(app, act)  # the builder is not open: ignored
    assert app.builder is None and app.clipboard is None
    handle(app, "builder:open")
    before = (app.builder.query(), app.builder.size)
    for act in ("builder:mode:chess", "builder:mode:sequence", "builder:size:huge",
                "builder:tool:x", "builder:lang:xx", "builder:set:nothing:1", "builder:line:ALOA"):
        handle(app, act)
    assert (app.builder.query(), app.builder.size) == before


def test_the_address_s_values_are_percent_encoded_as_a_browser_decodes_them():
    from urllib.parse import unquote
    from web.state.builder import quote
    for text in ("Black to move & win", "Zug für Schwarz: 100%", "ŁÓDŹ ?#=+", "a>b,c:d"):
        assert unquote(quote(text)) == text and not set(quote(text)) & set(" &#=+?")
    assert quote("ALOA>HUNA,BARI:1", ",:>") == "ALOA>HUNA,BARI:1"


def test_the_builders_board_has_ids_of_its_own_beside_the_games_board():
    """The builder's board and the game's are in one document: an id drawn twice made
    `#island-ELAI` and the sea's gradient point at whichever came first."""
    app = new_app()
    handle(app, "builder:open")
    ids = re.compile(r'\bid="([^"]+)"')
    game = set(ids.findall(view(app).board))
    builder = controls_html(app.builder, app.site)
    assert "island-ELAI" in game and "builder-island-ELAI" in ids.findall(builder)
    assert game & set(ids.findall(builder)) == set()
    assert 'url(#builder-sea)' in builder and 'url(#sea)' not in builder
