"""Keyboard and screen readers (issue 12), under CPython: the board's names and states,
the arrow keys' steps, where focus goes after each act, Escape, the keys' list, the
settings and their storage, bridges and tokens told apart by shape."""

from __future__ import annotations

import re

import pytest

from kahuna import DEGREE, ISLANDS, LINES, N_LINES, observe
from web.boot import focus
from web.state import settings
from web.state.acts import handle
from web.view.board_words import island_label, line_label, position_html
from web.boot.keys import step
from web.view.render import Marks, board_svg
from web.view.page import view

from .helpers import HOLD_ALOA, HOLD_LALE, last_card
from .web_helpers import MemoryStorage, finished_game, new_app


def _held() -> object:
    """Black holds ALOA, White holds LALE; White also on DUDA-ELAI."""
    return observe(last_card(black=HOLD_ALOA, white=HOLD_LALE + ["DUDA-ELAI"]), 0)


def test_every_island_line_and_bridge_is_named_with_its_state():
    obs = _held()
    svg = board_svg(obs)
    assert 'role="img" ' not in svg.split(">")[0]  # the board is a group: it holds controls
    labels = re.findall(r'aria-label="([^"]*)"', svg)
    for name in ISLANDS:
        assert sum(label.startswith(f"{name}, ") for label in labels) == 1
    assert "ALOA, 3 lines, Black 2 bridges, controlled by Black" in labels
    assert "LALE, 3 lines, White 2 bridges, controlled by White" in labels
    assert "ELAI, 6 lines, White 1 bridge, not controlled" in labels
    lines = [label for label in labels if label.startswith("line ")]
    assert len(lines) == N_LINES  # every line once: free or a bridge
    assert "line ALOA–BARI, Black bridge" in lines and "line DUDA–ELAI, White bridge" in lines
    assert "line BARI–ELAI, free" in lines
    # The drawn names and counts are not read a second time.
    assert '<g class="names" aria-hidden="true">' in svg


def test_lit_lines_say_what_choosing_them_does():
    obs = _held()
    svg = board_svg(obs, Marks({1: "do:ALOA>DUDA", 0: "do:BARI+BARI/ALOA-BARI"}))
    assert 'aria-label="Build a bridge on ALOA–DUDA"' in svg
    assert 'aria-label="Remove the bridge on ALOA–BARI"' in svg


def test_the_position_reads_as_a_list_per_island():
    text = position_html(_held())
    assert text.count("<ul>") == len(ISLANDS)
    assert text.count("<li>") == len(ISLANDS) + 2 * len(LINES)  # each line under both ends
    assert island_label(None, 4) == f"ELAI, {DEGREE[4]} lines"
    assert line_label(-1, 0) == "line ALOA–BARI, free"


def test_the_position_in_words_follows_each_bridge_and_the_language():
    """The islands' words are kept from one drawing to the next (a tap redraws them all):
    each must still say the island as it is, in the language spoken."""
    from web.words.language import use

    state = last_card(black=HOLD_ALOA, white=HOLD_LALE)
    before = position_html(observe(state, 0))
    state = last_card(black=HOLD_ALOA, white=HOLD_LALE + ["DUDA-ELAI"])
    after = position_html(observe(state, 0))
    assert "ELAI, 6 lines, not controlled" in before
    assert "ELAI, 6 lines, White 1 bridge, not controlled" in after
    assert "line DUDA–ELAI, free" in before and "line DUDA–ELAI, White bridge" in after
    use("de")
    try:
        german = position_html(observe(state, 0))
    finally:
        use("en")
    assert german != after and "ELAI" in german
    assert position_html(observe(state, 0)) == after


def test_tokens_and_bridges_differ_in_shape_not_only_in_colour():
    svg = board_svg(_held())
    marks = dict(re.findall(r'<g class="token (black|white)"[^>]*>.*?<path d="([^"]*)"', svg))
    assert marks["black"].count("L") == 2 and marks["white"].count("L") == 3  # triangle, diamond


@pytest.mark.parametrize("portrait", [False, True])
def test_the_arrows_walk_along_the_lines_as_drawn(portrait):
    # ELAI is in the middle: every arrow leads along one of its lines and on to its end.
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        kind, line = step("island", "ELAI", key, portrait)
        assert kind == "line" and "ELAI" in line.split("-")
        kind, island = step("line", line, key, portrait)
        assert kind == "island" and island != "ELAI" and island in line.split("-")
        back = {"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft", "ArrowUp": "ArrowDown",
                "ArrowDown": "ArrowUp"}[key]
        assert step("line", line, back, portrait) == ("island", "ELAI")
    # Nothing lies to the left of ALOA (flat board): the arrow stays.
    assert step("island", "ALOA", "ArrowLeft") is None
    assert step("island", "ALOA", "Enter") is None and step("island", "NOPE", "ArrowUp") is None


def test_focus_follows_the_play():
    app = new_app(seed=6, first="black", colour="black")
    board = focus.lit_lines(False)
    assert focus.after(app, "card:0", stay=True) == ()  # Space: stay in the hand
    handle(app, "card:0")
    lit = bool(app.offers().lines)
    assert focus.after(app, "card:0", stay=False) == ((board,) if lit else ())
    assert focus.after(app, "do:ALOA>BARI", False)[0] == "#hand button.card"
    assert focus.after(app, "do:d:ALOA", False)[0] == focus.ENDS[0]
    assert focus.after(app, "do:pile", False) == focus.REST
    assert focus.after(app, "do:nonsense", False) == ()
    assert focus.after(app, "escape", False) == ()  # stays on the card it unchose
    assert focus.after(app, "retry", False) == focus.after(app, "puzzle:1", False) \
        == focus.playing(app)  # a puzzle begun or begun again: its hand
    app.dialog = "scoring"
    assert focus.after(app, "do:pile", False) == ()  # web/boot/dom.py moves it into the dialog
    assert focus.overlay(app)[0] == "#dialog .box button.primary"


def test_focus_goes_to_the_result_when_the_end_dialog_is_closed():
    """A review found focus on the hand's row after Escape on the end dialog, where no
    ring shows (web/style.css): a game over has the button that shows the end again."""
    app = finished_game()
    assert app.dialog
    handle(app, "close")
    assert focus.playing(app) == focus.COACH + focus.RESULT + focus.REST
    assert 'data-act="result"' in view(app).acts


def test_escape_drops_the_selection_then_closes_what_may_be_closed():
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "card:0")
    assert app.selected
    handle(app, "escape")
    assert app.selected == () and app.dialog == ""
    handle(app, "menu")
    handle(app, "keys")  # the keys' list over the new-game dialog
    assert app.dialog == "keys"
    handle(app, "escape")
    assert app.dialog == "new"
    handle(app, "escape")
    assert app.dialog == ""
    app.dialog = "elsewhere"  # a choice the person must make: Escape leaves it
    handle(app, "escape")
    assert app.dialog == "elsewhere"


def test_settings_are_remembered_and_their_defaults_follow_the_system():
    storage = MemoryStorage()
    assert settings.load(storage, reduced_motion=True).animations == "off"
    app = new_app(storage)
    app.load_settings(reduced_motion=False)
    assert (app.settings.pace, app.settings.animations, app.settings.theme) == (
        "normal", "on", "system")
    handle(app, "settings")
    for act in ("pref:theme:dark", "pref:pace:fast", "pref:animations:off",
                "pref:theme:purple", "pref:nonsense:1"):
        handle(app, act)
    again = settings.load(storage, reduced_motion=False)
    assert (again.pace, again.animations, again.theme) == ("fast", "off", "dark")
    assert again.seconds() < settings.PACES["normal"]
    shown = view(app)
    assert (shown.theme, shown.motion) == ("dark", "off")
    assert 'data-act="pref:theme:dark" aria-pressed="true"' in shown.dialog
    handle(app, "back")
    assert app.dialog == ""
    handle(app, "pref:theme:system")
    app.set_system_dark(True)
    assert view(app).theme == "dark"
    storage.setItem(settings.KEY, "{mangled")
    assert settings.load(storage, reduced_motion=False) == settings.Settings()


def test_the_last_action_is_announced_in_one_sentence():
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "do:pile")
    shown = view(app)
    log = app.match.log()
    assert shown.announce == f'<p data-n="{len(log)}">{log[-1]}</p>'


def _words(text: str) -> list[str]:
    """The words a speech command is matched against, as axe-core's
    label-content-name-mismatch reads them: an aside in brackets is dropped."""
    return re.findall(r"\w+", re.sub(r"\([^)]*\)", " ", text.lower()))


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl"])
def test_the_piles_name_holds_the_count_it_shows(lang):
    """WCAG 2.5.3: a person who says what they see ("15") reaches the pile's button."""
    app = new_app(seed=6, first="black", colour="black")  # the person's turn: the pile is a button
    app.lang = lang
    table = view(app).table
    button = r'data-act="do:pile" aria-label="([^"]*)">(.*?)</button>'
    name, shown = re.search(button, table).groups()
    seen = _words(re.sub(r"<[^>]*>", " ", shown))
    assert seen and " ".join(seen) in " ".join(_words(name)), (name, shown)
