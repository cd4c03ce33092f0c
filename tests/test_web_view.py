"""The View: its fields are the page's element ids; building it changes nothing; the
browser's events reach it only through the App's event methods."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from web.state.acts import handle
from web.view.panels import players_html
from web.view.page import OWN_WAY, View, element_id, parts, view

from .web_helpers import clickable, new_app

ROOT = Path(__file__).resolve().parent.parent

#: Ids in index.html that no View field fills: web/sw-register.js shows the update banner;
#: web/boot/builder.py writes the embed builder and keeps its preview frame.
STATIC_IDS = {"sw-update", "builder", "builder-controls", "builder-preview"}


def page_ids() -> set[str]:
    """The element ids of index.html, but for the painted board's islands."""
    html = (ROOT / "index.html").read_text()
    html = re.sub(r"<!-- board:start -->.*<!-- board:end -->", "", html, flags=re.S)
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_the_views_fields_are_exactly_the_pages_element_ids():
    names = [f.name for f in dataclasses.fields(View)]
    filled = {element_id(name) for name in names
              if name not in ("hint_ok", "turn", "download", "lang", "theme", "motion",
                              "clipboard")}
    assert filled == page_ids() - STATIC_IDS
    assert set(OWN_WAY) <= set(names)
    assert set(parts(view(new_app()))) == filled - {element_id(name) for name in OWN_WAY}
    assert element_id("opp_hand") == "opp-hand" and element_id("hand_label") == "hand-label"


def test_a_view_is_frozen_and_slotted():
    shown = view(new_app())
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.prompt = "changed"  # type: ignore[misc]
    assert not hasattr(shown, "__dict__")


def test_building_the_view_changes_nothing_and_drawn_ends_the_one_off_parts():
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "card:0")
    handle(app, clickable(view(app).board)[0])
    handle(app, f"download:{app.match.id}")
    first = view(app)
    assert " fresh" in first.board and first.download is not None
    assert view(app) == first  # animated and offered until the page has drawn them
    app.drawn()
    again = view(app)
    assert " fresh" not in again.board and again.download is None
    assert again.prompt == first.prompt


def test_the_hint_note_shows_in_one_drawing_only():
    app = new_app(seed=6, first="black", colour="black")
    usual = view(app).prompt
    app.looking_for_hint()
    assert view(app).prompt == "Looking for a good move…"
    assert view(app).hint_ok and view(app).turn == "person"  # the board stays playable
    app.drawn()
    assert view(app).prompt == usual


def test_while_the_computer_thinks_the_person_waits():
    app = new_app(seed=3, first="white", colour="black")
    app.thinking_started()
    shown = view(app)
    assert shown.prompt == "The computer is thinking…" and shown.turn == "wait"
    assert not shown.hint_ok
    app.thinking_done()
    assert view(app).prompt != "The computer is thinking…"


def test_a_tall_screen_turns_the_board():
    app = new_app()
    assert 'class="board landscape"' in view(app).board
    app.set_portrait(True)
    assert 'class="board portrait"' in view(app).board


def test_the_players_rows_count_one_point_and_two_points():
    """A tester read "1 pts": the short word after the points follows the count."""
    app = new_app()
    obs = dataclasses.replace(app.match.observation(), scorings=((1, 2),))
    rows = players_html(obs, app.match.names())
    assert "<b>1</b> pt</span>" in rows and "<b>2</b> pts</span>" in rows
