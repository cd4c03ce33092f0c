"""Clicks everywhere, on every screen (issue 10): the board's sea, the header, the panels,
every dialog (new game, scoring, end, notice, an unreadable save, the hot-seat cover),
their backdrops, at desktop and phone sizes and embedded. Each screen is clicked beside
its controls: no error box, no console error, no CSP violation. The scoring and end
dialogs come from position links, not from playing whole games."""

from __future__ import annotations

import random

import pytest

from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from kahuna.rules.actions import Kind
from kahuna.rules.deal import Setup, new_game
from tests.helpers import HOLD_ALOA, last_card

from scripts.page_driver import probe, settle, violations

from .conftest import page_errors

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}
#: Everything that is not itself a control: clicked near its corner, and in its middle.
STRAY = ["header.bar", ".bar h1", "#round", "#board svg .sea", "main.game", ".side",
         "#players", ".hand-row h2", "#opp-hand", "#table", "#prompt", "#recent", "#hand",
         "#scores", ".log-box summary", ".log-box", "#cover", "#cover *:not(button)",
         "#dialog", "#dialog .box", "#dialog .box h2", "#dialog .box p", "#dialog .box h3",
         "#dialog .label", "#dialog table"]
COUNT = {"clicks": 0}


def before_scoring() -> tuple[dict, str]:
    """A position one turn-ending action (a draw or a display card) before the first
    interim scoring (R17), and that action's act."""
    state, rng = new_game(Setup(seed=9, first=0)), random.Random(1)
    while True:
        legal = sorted(state.legal_actions())
        ends = [a for a in legal if a.kind in (Kind.TAKE, Kind.PILE)]
        action = rng.choice(ends or [a for a in legal if a.kind is Kind.DISCARD])
        before = position_to_json(state)
        state.do(action)
        if state.scorings:
            assert action.kind in (Kind.TAKE, Kind.PILE)
            return before, f"do:{action}"


def finished_record() -> dict:
    return {"format": "kahuna-record", "version": 1,
            "position": position_to_json(last_card(black=HOLD_ALOA, white=[])), "seed": 1,
            "actions": ["take:GOLA"], "meta": {"mode": "computer", "human": 1}}


def click_around(page, where: str) -> None:
    """Click every visible non-control element of STRAY near its corner (forced: what a
    player's finger would hit there); at least one click per screen."""
    made = 0
    for selector in STRAY:
        for element in page.locator(selector).all():
            if not element.is_visible() or element.evaluate("e => !!e.closest('[data-act]')"):
                continue
            element.click(position={"x": 1, "y": 1}, force=True, timeout=5_000)
            made += 1
    assert made > 0, where
    COUNT["clicks"] += made


def assert_calm(page, console_messages, where: str) -> None:
    assert page.locator(".py-error").count() == 0, where
    assert page.locator("#problem-dialog:not([hidden])").count() == 0, where
    assert page_errors(console_messages) == [], where
    assert violations(page) == [], where


@pytest.mark.parametrize("size", SIZES)
def test_clicks_beside_every_control_on_every_screen(size, page, base_url, console_messages,
                                                     wait_ready):
    probe(page.context, base_url)
    page.set_viewport_size(SIZES[size])
    start = COUNT["clicks"]

    def screen(query: str, where: str, prepare=None) -> None:
        page.goto(base_url + query)
        wait_ready(page)
        settle(page)
        if prepare:
            prepare()
        click_around(page, where)
        assert_calm(page, console_messages, where)

    screen("?seed=5&pace=0", "game")
    screen("?seed=5&pace=0", "new game", lambda: page.click("#btn-new"))
    screen("?seed=5&pace=0", "new game, two players",
           lambda: (page.click("#btn-new"), page.click('#dialog [data-act="set:mode:hotseat"]')))

    def to_cover():  # a new game for two: the device goes to Black first
        page.click("#btn-new")
        page.click('#dialog [data-act="set:mode:hotseat"]')
        page.click('#dialog [data-act="start"]')
        page.wait_for_selector("#cover:not([hidden])")
    screen("?seed=5&pace=0", "hot-seat cover", to_cover)
    position, draw = before_scoring()

    def to_scoring():  # a link opens in sight: the mover ends the turn, the round is scored
        page.click(f'[data-act="{draw}"]')
        page.wait_for_selector("#dialog:not([hidden])")
        assert "End of round" in page.text_content("#dialog")
    screen(f"?position={encode(position)}&pace=0", "scoring", to_scoring)


    def at_the_end():  # the end dialog is the screen clicked around (a click on its
        assert "Rematch" in page.text_content("#dialog")  # backdrop may close it)
    screen(f"?record={encode(finished_record())}&pace=0", "end", at_the_end)
    screen("?position=not-a-position&pace=0", "notice")
    assert page.locator("#dialog").is_visible()
    page.evaluate("""() => { localStorage.setItem('kahuna.save.broken', '{"format": 1');
                             localStorage.setItem('kahuna.current', 'broken'); }""")
    screen("?pace=0", "unreadable save")
    assert "cannot be opened" in page.text_content("#dialog")
    screen("?embed&seed=5&pace=0", "embedded")
    print(f"\nstray clicks ({size}): {COUNT['clicks'] - start}, all sizes so far: "
          f"{COUNT['clicks']}")
