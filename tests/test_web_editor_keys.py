"""The position editor's keys under CPython (web/state/editor_keys.py, web/view/editor_keys.py):
what each letter does where focus is, the worked example built by the acts the keys send,
a refused key as a refused click, the keys named for a screen reader and in the keys'
list in every language, the letters never translated."""

from __future__ import annotations

import re

import pytest

from kahuna import ISLANDS, LINES, WHITE, line_name, translations
from scripts.page_driver import WORKED_EXAMPLE, editor_keys
from tests.helpers import line
from tests.web_helpers import clickable, handle, new_app, view, visible_texts
from web.state.editor_keys import board_step, key_act
from web.words import language


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use_translations("en", translations("en"))


def editing():
    app = new_app()
    handle(app, "edit:open:empty")
    return app


def test_a_letter_on_the_board_goes_to_an_island_then_to_its_line() -> None:
    assert board_step("", "", "a") == ("island", "ALOA")
    assert board_step("island", "ALOA", "d") == ("line", "ALOA-DUDA")
    assert board_step("island", "DUDA", "a") == ("line", "ALOA-DUDA")  # either end first
    assert board_step("island", "ALOA", "l") == ("island", "LALE")  # no line: the island
    assert board_step("line", "ALOA-DUDA", "d") == ("island", "DUDA")
    assert board_step("island", "ALOA", "a") == ("island", "ALOA")
    assert board_step("island", "ALOA", "m") is None  # past L: no island's
    every = {board_step("island", ISLANDS[a], ISLANDS[b][0].lower()) for a, b in LINES}
    assert every == {("line", line_name(i)) for i in range(len(LINES))}


def test_what_each_key_does_where_focus_is() -> None:
    e = editing().editor
    assert key_act(e, "h", part="black") == "edit:add:HUNA:black"
    assert key_act(e, "h", part="display") == "edit:add:HUNA:display"
    assert key_act(e, "h", part="palette") == "edit:add:HUNA"  # where cards go
    assert key_act(e, "h") is None  # on the board: focus moves instead
    assert key_act(e, "t") == "edit:target:white"
    assert key_act(e, "p") == "edit:pile:1" and key_act(e, "p", shift=True) == "edit:pile:-1"
    assert key_act(e, "m") == "edit:move:white"
    assert (key_act(e, "x"), key_act(e, "z"), key_act(e, "y")) == (
        "edit:flip", "edit:undo", "edit:redo")
    assert key_act(e, "z", ctrl=True) == "edit:undo"
    assert key_act(e, "z", ctrl=True, shift=True) == "edit:redo"
    assert key_act(e, "p", ctrl=True) is None  # Ctrl+P stays the browser's
    assert key_act(e, "q") is None and key_act(e, "?") is None


def test_a_card_goes_to_the_hand_in_focus_not_only_where_cards_go() -> None:
    app = editing()
    assert app.editor.target == "black"
    handle(app, key_act(app.editor, "k", part="white"))
    assert app.editor.draft.cards[WHITE] == (ISLANDS.index("KAHU"),)
    assert app.editor.target == "black"  # where clicks on the island cards go: unchanged
    handle(app, "edit:add:KAHU:nowhere")  # malformed: nothing
    assert app.editor.draft.cards[WHITE] == (ISLANDS.index("KAHU"),)


def test_the_worked_example_by_the_keys_acts_and_a_refused_one() -> None:
    """The keys the bench and the e2e test press, replayed as the acts they send: the
    board's letters only move focus, so each line's Enter is its cycle."""
    app = editing()
    at = ("", "")
    for key in editor_keys():
        if key == "Enter":
            handle(app, f"edit:line:{at[1]}")
            continue
        act = key_act(app.editor, key, part="palette" if at[0] == "palette" else "")
        if act is None:
            at = board_step(at[0], at[1], key)
        else:
            handle(app, act)
            if key == "t":
                at = ("palette", "")
    d = app.editor.draft
    assert sorted(ISLANDS[c] for c in d.cards[WHITE]) == WORKED_EXAMPLE["hands"]["white"]
    assert [ISLANDS[c] for c in d.display] == WORKED_EXAMPLE["display"]
    assert d.pile == 15 and d.to_move == WHITE
    assert d.owner[line("ALOA-DUDA")] == WHITE
    before = d
    handle(app, key_act(app.editor, "h", part="black"))  # a third HUNA: refused, R2
    assert app.editor.refused.rule == "R2" and app.editor.draft == before
    assert 'data-rule="R2"' in view(app).lesson


def test_the_keys_are_named_on_their_controls() -> None:
    app = editing()
    shown = view(app)
    named = dict(re.findall(r'aria-keyshortcuts="([^"]*)" data-act="([^"]*)"', shown.lesson))
    assert {v: k for k, v in named.items()}["edit:undo"] == "Z Control+Z"
    assert {v: k for k, v in named.items()}["edit:pile:-1"] == "Shift+P"
    assert "keys" in clickable(shown.lesson)  # the list, from the editor's own buttons
    assert re.search(r'data-island="HUNA" aria-keyshortcuts="H"', shown.board)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl"])
def test_the_keys_list_shows_the_editors_letters_in_every_language(lang) -> None:
    app = editing()
    app.lang = lang
    handle(app, "keys")
    texts = visible_texts(view(app).dialog)
    for letter in ("T", "P", "M", "X", "Z", "Y", "A–L"):
        assert letter in texts, (lang, letter)  # a key of its own, never translated
    assert {"de": "Umschalt+P", "fr": "Maj+P"}.get(lang, "Shift+P") in texts
    handle(app, "back")
    assert app.dialog == "" and app.editor is not None
