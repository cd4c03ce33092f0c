"""The table of acts: every act the page can carry has a handler; what is stale or
unknown is ignored and changes nothing; anything else that fails propagates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kahuna import RecordError
from web.state.acts import HANDLERS, KEY_ACTS, NAME_KEPT, SPOT, handle
from web.game.match import Match
from web.view.dialogs import settings_html
from web.state.settings import Settings
from web.view.page import view

from .web_helpers import clickable, new_app

ROOT = Path(__file__).resolve().parent.parent


def snapshot(app) -> tuple:
    """All a click could change: what is shown, the game record, the stored data."""
    return view(app), app.match.to_record(), dict(app.storage), app.selected, app.dialog


def test_every_act_the_page_can_carry_has_a_handler_and_every_handler_an_act():
    sources = [ROOT / "index.html", *sorted((ROOT / "web").rglob("*.py"))]
    acts = re.compile(r'(?:data-act="|button\(f?")([a-z-]+)')  # dialogs.py: button(act, ...)
    heads = {h for path in sources for h in acts.findall(path.read_text())}
    shown = view(new_app(seed=6, first="black", colour="black"))  # the hand's acts are built
    heads |= {act.partition(":")[0] for act in clickable(shown.hand + shown.board + shown.table
                                                          + settings_html(Settings()))}
    # Hint: web/boot/dom.py's own
    assert heads | set(KEY_ACTS) | {SPOT, NAME_KEPT} == set(HANDLERS) | {"hint"}


@pytest.mark.parametrize("act", [
    "", "hint", "nonsense", "nonsense:1", "DO:pile", ":",  # no such head
    "do:nonsense",  # no action at all (NotationError)
    "do:h:ALOA-BARI",  # a handicap bridge after the handicap phase (IllegalAction)
    "do:take:ZZZZ",  # no such island
    "card:x", "card:-1", "card:99",  # no such card in the hand
])
def test_an_unknown_illegal_or_malformed_act_is_ignored_and_changes_nothing(act):
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "card:0")
    before = snapshot(app)
    handle(app, act)
    assert snapshot(app) == before


def test_a_double_click_that_arrives_after_the_position_changed_is_ignored():
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "card:0")
    line = clickable(view(app).board)[0]
    handle(app, line)
    before = snapshot(app)
    handle(app, line)  # the same bridge again: the line is taken, the card is gone
    handle(app, "card:2")  # the hand has two cards now
    assert snapshot(app) == before and len(app.match.actions) == 1


def test_a_bug_in_a_handler_propagates(monkeypatch):
    app = new_app(seed=6, first="black", colour="black")

    def broken(app, rest):
        raise ValueError("a bug")

    monkeypatch.setitem(HANDLERS, "menu", broken)
    with pytest.raises(ValueError, match="a bug"):
        handle(app, "menu")


def test_an_engine_error_on_an_offered_action_propagates(monkeypatch):
    """``do:`` ignores only what is not on offer; an action on offer that the game then
    refuses is a bug, not a stale click."""
    app = new_app(seed=6, first="black", colour="black")

    def refuse(match, action):
        raise RecordError(f"{action} refused")

    monkeypatch.setattr(Match, "play", refuse)
    with pytest.raises(RecordError, match="pile refused"):
        handle(app, "do:pile")

