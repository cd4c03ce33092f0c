"""The page embedded in another page (?embed): the game lives in memory only, no
new-game dialog, no hot-seat cover, Reset back to the linked start (App under CPython)."""

from __future__ import annotations

from html import escape

from kahuna.rules.actions import Action
from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from kahuna.rules.deal import Setup, new_game
from web.learn import tutorial
from web.state.acts import handle
from web.state.app import App
from web.game.match import COMPUTER, HOTSEAT
from web.view.embed import nav_html
from web.state.opening import boot
from web.game.players import levels
from web.view.page import view

from .web_helpers import Clock, MemoryStorage, clickable, new_app

FULL = "/kahuna/?position=abc&pace=0"  # the full game's address, as web/boot/start.py makes it


def embedded(params: dict[str, str], storage: MemoryStorage | None = None) -> App:
    app = App(storage if storage is not None else MemoryStorage(), Clock(), seed=5, embed=FULL)
    boot(app, params)
    return app


def test_a_linked_position_shows_the_movers_hand_without_a_cover_and_saves_nothing():
    """R24: the mover's hand face up, the other as backs; nothing written anywhere."""
    storage = MemoryStorage()
    app = embedded({"position": encode(position_to_json(new_game(Setup(seed=2, first=0))))},
                   storage)
    assert app.match.mode == HOTSEAT and not app.covered and app.dialog == ""
    shown = view(app)
    assert shown.cover == "" and shown.hand.count("<b>") == 3  # Black's cards, face up
    assert "<b>" not in shown.opp_hand and shown.opp_hand.count("card back") == 3
    handle(app, "do:pile")  # Black ends the turn: White's hand is shown, still no cover
    shown = view(app)
    assert shown.cover == "" and not app.covered and app.match.state.to_move == 1
    assert app.match.viewer() == 1 and "do:pile" in clickable(shown.table)
    assert storage == {}  # no save, no current game, no results


def test_reset_goes_back_to_the_linked_start_and_the_dialogs_of_saves_stay_shut():
    record = {"format": "kahuna-record", "version": 1, "setup": {"seed": 4, "first": "black"},
              "actions": ["pile"]}
    app = embedded({"record": encode(record)})
    start = app.match.to_record()
    handle(app, "do:pile")
    assert len(app.match.actions) == 2
    for act in ("menu", "set:mode:hotseat", "continue:x", "delete:x", "download:x"):
        handle(app, act)
        assert app.dialog == "" and app.download is None, act
    handle(app, "reset")
    assert app.match.to_record() == start and app.match.actions == [Action.parse("pile")]
    assert app.choice.mode == COMPUTER  # "set" was ignored


def test_without_a_link_a_fresh_game_against_the_computer_and_reset_redeals_it():
    app = embedded({})
    m = app.match
    assert m.mode == COMPUTER and m.level == levels()[0] and app.dialog == ""
    start = m.to_record()
    handle(app, "rematch")  # a new deal; Reset still goes back to the opening one
    handle(app, "reset")
    assert app.match.to_record() == start
    assert app.storage == {}


def test_a_bad_link_offers_a_fresh_game_or_the_full_game():
    app = embedded({"position": "%%%notbase64"})
    assert app.match is None and app.dialog == "notice"
    html = view(app).dialog
    assert "could not be read" in html and "not base64url" in html
    assert clickable(html) == ["start"]  # no "New game" dialog, no "OK" into nothing
    assert 'href="/kahuna/" target="_blank" rel="noopener"' in html  # the full game, no link
    handle(app, "close")
    assert app.dialog == "notice"
    handle(app, "start")
    assert app.match is not None and app.match.mode == COMPUTER and app.dialog == ""
    start = app.match.to_record()
    handle(app, "rematch")
    handle(app, "reset")
    assert app.match.to_record() == start


def test_the_end_of_an_embedded_game_counts_no_result():
    from tests.helpers import HOLD_ALOA, last_card

    record = {"format": "kahuna-record", "version": 1,
              "position": position_to_json(last_card(black=HOLD_ALOA, white=[])), "seed": 1,
              "actions": ["take:GOLA"], "meta": {"mode": "computer", "human": 1}}
    storage = MemoryStorage()
    app = embedded({"record": encode(record)}, storage)
    assert app.dialog == "end" and " won, " not in view(app).dialog
    assert storage == {}


def test_the_header_links_to_the_full_game_in_a_new_tab():
    html = nav_html(FULL)
    assert clickable(html) == ["reset"]
    assert (f'<a class="full-game" href="{escape(FULL)}" target="_blank" rel="noopener" '
            'aria-label="Open in the full game">') in html


def test_a_link_read_but_for_a_bad_parameter_keeps_its_position_behind_an_ok():
    """A rules page's diagram with one parameter not understood: the notice says so and
    OK keeps the linked position (a fresh game would throw the lesson away)."""
    position = encode(position_to_json(new_game(Setup(seed=2, first=0))))
    for bad in ({"labels": "ALOA:" + "X" * 80}, {"seed": "x"}):
        app = embedded({"embed": "", "position": position, "mode": "diagram", **bad})
        linked = app.match.to_record()
        assert app.dialog == "notice"
        html = view(app).dialog
        assert clickable(html) == ["close"] and ">OK<" in html, bad
        assert 'href="/kahuna/" target="_blank"' in html  # the full game all the same
        handle(app, "close")
        assert app.dialog == "" and app.match.to_record() == linked


def test_a_diagram_without_a_game_says_so_over_a_fresh_game():
    """mode=diagram needs position= or record=, as a sequence and a puzzle say they do."""
    app = embedded({"embed": "", "mode": "diagram"})
    assert app.dialog == "notice" and "A diagram needs a position= or a record=" in app.notice[1]
    assert app.match is not None and app.match.mode == COMPUTER
    assert clickable(view(app).dialog) == ["close"]
    handle(app, "close")
    assert app.dialog == ""


def test_a_puzzle_with_no_puzzle_to_pose_says_the_game_is_played():
    """A tester read "the position is played instead" over a fresh game (no position in
    the address): the sentence holds with a position and without one."""
    from web.learn.modes import PLAY, read_mode

    for first in ({"mode": "puzzle", "puzzle": "nope"}, {"mode": "puzzle"}):
        problems: list[str] = []
        assert read_mode(first, problems).mode == PLAY
        assert problems[-1] == ("A puzzle needs a puzzle= or a goal=: the game is shown to "
                                "play instead.")


def test_a_game_embeds_full_game_link_offers_its_options_over_the_game_kept():
    """"Open in the full game" from an embed of a game against the computer carries its
    level and colour (``/?level=casual&colour=white``): the full page showed the reader's
    own game as if they were not there (a tester's find). It offers them in the new-game
    dialog, over the game kept, which stays until the reader starts the new one."""
    storage = MemoryStorage()
    storage.setItem(tutorial.KEY, tutorial.SKIPPED)  # a returning reader
    first = App(storage, Clock(), seed=5)
    boot(first, {})
    kept = first.match.id
    level = levels()[1]
    app = App(storage, Clock(), seed=6)
    boot(app, {"level": level, "colour": "white", "variants": "v1"})
    assert app.dialog == "new" and app.match is not None and app.match.id == kept
    assert (app.choice.mode, app.choice.level, app.choice.colour) == (COMPUTER, level, "white")
    assert app.choice.fewer_surprises and not app.choice.open_draws
    shown = view(app).dialog
    assert "start" in clickable(shown) and "close" in clickable(shown)  # or back to the game
    # Without such options the page opens the game kept, as ever.
    again = App(storage, Clock(), seed=7)
    boot(again, {})
    assert again.dialog == "" and again.match.id == kept


def _position(seed: int = 1) -> str:
    return encode(position_to_json(new_game(Setup(seed=seed, first=0))))


def test_an_option_the_mode_does_not_take_is_said_and_left_out():
    """An author's level= on a diagram, explore on a sequence were ignored without a word
    (issue 29): each is said, with the options that mode takes, and left out."""
    game = new_app(seed=2, mode=HOTSEAT)
    game.play(sorted(game.match.state.legal_actions())[0])
    record = encode(game.match.to_record())
    cases = [({"mode": "diagram", "position": _position(), "level": levels()[0]}, "level",
              "diagram", "step, explore"),
             ({"mode": "sequence", "record": record, "explore": ""}, "explore", "sequence",
              "step, auto"),
             ({"mode": "puzzle", "position": _position(), "goal": "gain:ELAI", "auto": ""},
              "auto", "puzzle", "puzzle, goal"),
             ({"position": _position(), "step": "2"}, "step", "play", "level, colour, variants")]
    for params, name, mode, takes in cases:
        app = embedded({"embed": "", **params})
        assert app.dialog == "notice", params
        assert app.notice[1] == (f"In the address, {name} does nothing with mode={mode}: it is "
                                 f"left out. The options of mode={mode}: {takes}, caption, "
                                 "islands, lines, arrows, labels."), params
        assert app.match is not None and not app.mode.explore and app.mode.level is None
    explored = embedded({"embed": "", "mode": "diagram", "position": _position(), "explore": "",
                         "caption": "Try it", "islands": "ELAI"})
    assert explored.dialog == "" and explored.mode.explore  # its own options: no word


def test_the_full_page_holds_no_option_to_a_mode():
    """A diagram's full-game link keeps its mode= and explore; the full page takes a game's
    options from any link, so it says nothing of them."""
    storage = MemoryStorage()
    storage.setItem(tutorial.KEY, tutorial.SKIPPED)  # a returning reader
    app = App(storage, Clock(), seed=6)
    boot(app, {"mode": "diagram", "explore": "", "level": levels()[1]})
    assert app.dialog == "new" and app.choice.level == levels()[1]


def test_a_control_goal_beyond_the_movers_bridges_is_said():
    """goal=control:12 was posed without a word on a fresh deal: holding all 12 islands
    takes at least 18 bridges (the majorities add up to 35 line ends, two per bridge), and
    Black, with no bridge on the board and 3 cards, can have 3 by the end of the turn."""
    app = embedded({"embed": "", "mode": "puzzle", "position": _position(), "goal": "control:12"})
    assert app.dialog == "notice" and app.puzzle is not None  # posed all the same
    assert app.notice[1] == (
        "No turn reaches the goal control:12 from this position: it takes at least 18 of your "
        "bridges on the board (each island you hold needs more than half of its lines), and "
        "you can have at most 3 there by the end of this turn: those there now and one per "
        "card in your hand.")
    three = embedded({"embed": "", "mode": "puzzle", "position": _position(), "goal": "control:3"})
    assert "at least 4 of your bridges" in three.notice[1]  # ALOA (2), a 3-line island: 4
    for goal in ("control:2", "gain:ELAI"):  # 2 islands of 3 lines share a line: 3 bridges
        fine = embedded({"embed": "", "mode": "puzzle", "position": _position(), "goal": goal})
        assert fine.dialog == "" and fine.puzzle is not None, goal
