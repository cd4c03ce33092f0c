"""The page's flow under CPython: handle(App, act) and view(App) without a browser."""

from __future__ import annotations

import random
import re

from kahuna.rules.actions import Action, Kind
from kahuna.notation.link import encode
from kahuna.notation.position import position_to_json
from kahuna.notation.record import make_record
from kahuna.rules.deal import Setup
from kahuna.rules.state import Phase, Termination
from web.state.acts import handle
from web.state.app import App
from web.state.deciding import hint_planned, think
from web.game.match import HOTSEAT
from web.state.opening import boot
from web.game.players import level_name, levels
from web.view.page import view

from .web_helpers import Clock, MemoryStorage, clickable, new_app


def click_through(app: App, rng: random.Random, limit: int = 3000) -> int:
    """Play a whole game by clicking only what the view offers (both seats in hot seat)."""
    clicks = 0
    while not app.match.state.is_over and clicks < limit:
        shown = view(app)
        if shown.cover:
            handle(app, "uncover")
        elif app.dialog:
            handle(app, "close")
        else:
            acts = [a for a in clickable(shown.board + shown.table + shown.acts)
                    if a.startswith("do:")]
            cards = clickable(shown.hand)
            choice = rng.choice(acts + cards) if acts or cards else None
            assert choice is not None, shown.prompt
            handle(app, choice)
        clicks += 1
    return clicks


def test_a_hot_seat_game_is_played_to_the_end_by_clicks_alone():
    app = new_app(seed=4, mode=HOTSEAT, open_draws=True, fewer_surprises=True, handicap=2)
    click_through(app, random.Random(4))
    m = app.match
    assert m.state.is_over and len(m.state.scorings) == 3 or m.state.outcome.termination is Termination.EARLY
    assert app.dialog == "end" or app.dialog == ""
    app.dialog = "end"
    html = view(app).dialog
    assert "rematch" in clickable(html) and ("wins" in html or "Draw" in html)
    app.choice.open_draws = False  # the rematch takes the finished game's options
    handle(app, "rematch")
    again = app.match
    assert again is not m and again.mode == HOTSEAT and again.actions == []
    assert again.state.open_draws and again.state.fewer_surprises
    assert again.origin["setup"]["handicap"] == 2


def test_hot_seat_cover_hides_the_hands_until_the_next_player_taps():
    app = new_app(seed=5, mode=HOTSEAT, first="black")
    assert app.covered and view(app).cover
    assert "Black to play" in view(app).cover
    assert "<b>" not in view(app).hand  # backs only
    handle(app, "uncover")
    assert "<b>" in view(app).hand
    handle(app, "do:pile")
    shown = view(app)
    assert "White to play" in shown.cover and "<b>" not in shown.hand
    assert clickable(shown.board) == []  # nothing to do under the cover
    handle(app, "card:0")
    assert app.selected == ()


def test_the_cover_comes_up_after_the_last_handicap_bridge_when_the_other_player_starts():
    """R7: White places its handicap bridges, then Black starts: a review found Black's
    hand shown face up to White, who still held the device."""
    app = new_app(seed=6, mode=HOTSEAT, first="black", handicap=2, handicap_player="white")
    assert app.covered and "White to play" in view(app).cover
    handle(app, "uncover")
    for _ in range(2):
        handle(app, clickable(view(app).board)[0])
    assert app.match.state.to_move == 0 and app.covered
    shown = view(app)
    assert "Black to play" in shown.cover and "<b>" not in shown.hand
    same = new_app(seed=6, mode=HOTSEAT, first="white", handicap=2, handicap_player="white")
    handle(same, "uncover")
    for _ in range(2):
        handle(same, clickable(view(same).board)[0])
    assert not same.covered  # White places, then White plays: the same person


def test_an_early_end_by_a_removal_shows_the_end_dialog():
    """R23 ends the game with no scoring in the action that ends it: a review found only
    "The game is over." and no end dialog until a reload."""
    record = {"format": "kahuna-record", "version": 1, "actions": [],
              "meta": {"mode": "computer", "human": 0, "level": "beginner"},
              "position": {"round": 2, "scorings": [[1, 0]], "to_move": "black",
                           "bridges": {"black": ["ALOA-BARI", "HUNA-DUDA"],
                                       "white": ["ALOA-HUNA"]},
                           "hands": {"black": ["ALOA", "HUNA"], "white": ["LALE"]}}}
    app = App(MemoryStorage(), Clock())
    boot(app, {"record": encode(record)})
    removal = next(a for a in app.match.state.legal_actions() if a.kind is Kind.REMOVE)
    app.play(removal)
    assert app.match.state.is_over and app.match.state.outcome.winner == 0
    assert app.dialog == "end" and "rematch" in clickable(view(app).dialog)


def test_selecting_cards_lights_lines_then_a_click_places_a_bridge():
    app = new_app(seed=6, first="black", colour="black")
    handle(app, "card:0")
    shown = view(app)
    acts = clickable(shown.board)
    assert acts and all(Action.parse(a[3:]).kind is Kind.PLACE for a in acts)
    assert "Choose a lit line" in shown.prompt
    handle(app, acts[0])
    assert app.match.actions == [Action.parse(acts[0][3:])]
    assert "undo" in clickable(view(app).acts)
    handle(app, "undo")
    assert app.match.actions == []


def test_v1_forbids_lines_at_an_opponent_island():
    """Same position, with and without V1: ALOA held by White is out of Black's reach."""
    record = {"format": "kahuna-record", "version": 1, "actions": [], "meta": {"mode": HOTSEAT},
              "position": {"variants": {"fewer_surprises": True}, "to_move": "black",
                           "bridges": {"white": ["ALOA-BARI", "ALOA-HUNA"]},
                           "hands": {"black": ["DUDA", "BARI", "COCO"], "white": ["LALE"]}}}
    offered = {}
    for v1 in (True, False):
        record["position"]["variants"]["fewer_surprises"] = v1
        app = App(MemoryStorage(), Clock())
        boot(app, {"record": encode(record)})
        handle(app, "uncover")
        handle(app, "card:2")  # DUDA: the hand is sorted by island, BARI, COCO, DUDA
        offered[v1] = {a for a in clickable(view(app).board)}
    assert "do:DUDA>ALOA" in offered[False]
    assert "do:DUDA>ALOA" not in offered[True] and offered[True]


def test_handicap_phase_offers_every_free_line_without_a_card():
    app = new_app(seed=2, handicap=3, handicap_player="white", colour="white")
    assert app.match.state.phase is Phase.HANDICAP
    acts = clickable(view(app).board)
    # each lit line twice: its own hit area and, under it, the wider band for a finger
    assert len(set(acts)) == 27 and len(acts) == 2 * 27
    assert all(a.startswith("do:h:") for a in acts)
    assert "handicap" in view(app).prompt


def test_a_handicap_bridge_is_taken_back_by_undo():
    """R7: the person places the handicap's bridges; one placed by mistake is undone."""
    app = new_app(seed=2, handicap=3, handicap_player="white", colour="white")
    line = clickable(view(app).board)[0]
    handle(app, line)
    assert [str(a) for a in app.match.actions] == [line.removeprefix("do:")]
    assert "undo" in clickable(view(app).acts)
    handle(app, "undo")
    assert app.match.actions == [] and app.match.state.phase is Phase.HANDICAP


def test_interim_scoring_dialog_appears_when_a_round_ends():
    app = new_app(seed=9, mode=HOTSEAT)
    rng = random.Random(1)
    m = app.match
    while not m.state.scorings:
        legal = m.state.legal_actions()
        # only draws (and discards at five): no bridges, so no early end (R23)
        ends = [a for a in legal if a.kind in (Kind.TAKE, Kind.PILE)]
        discards = [a for a in legal if a.kind is Kind.DISCARD]
        app.covered = False
        handle(app, f"do:{rng.choice(ends or discards)}")
    assert app.dialog == "scoring"
    assert "End of round 1" in view(app).dialog
    handle(app, "close")
    assert app.dialog == ""


def test_computer_turns_come_from_its_own_level_and_hint_from_the_strongest():
    app = new_app(seed=3, first="white", colour="black", level=levels()[0])
    m = app.match
    assert m.computer_to_move()
    assert view(app).hint_ok is False
    while m.computer_to_move():
        thinking = think(app)
        while not thinking.step(0.03):
            pass
        app.play(thinking.action())
    assert not m.computer_to_move()
    thinking = think(app, for_hint=True)
    while not thinking.step(0.03):
        pass
    hint = thinking.action()
    app.show_hint(hint)
    shown = view(app)
    assert app.hint == hint and "hint" in shown.board + shown.table + shown.acts + shown.hand
    assert shown.prompt.startswith(f"Hint from the {levels()[-1]} level: You ")


def test_the_hint_says_why_its_whole_turn_is_good():
    """The strongest level plans a whole turn (R12-R13 end it); the hint names its first
    action and says what the whole turn does, from the person's own view (R24)."""
    app = new_app(seed=4, first="black", colour="black")
    thinking = think(app, for_hint=True)
    while not thinking.step(0.03):
        pass
    action, rest = thinking.action(), hint_planned(app)
    app.show_hint(action, rest)
    prompt = view(app).prompt
    assert re.search(r"\(shown in pink\)\. The whole turn [a-z]+ .*\.$", prompt), prompt
    app.show_hint(action, [Action.parse("pass"), Action.parse("pass")])  # no longer fits
    assert view(app).prompt.endswith("(shown in pink).")
    app.hint_turn = ()  # a hint without a planned turn says no more than its action
    assert view(app).prompt.endswith("(shown in pink).")


def test_links_open_a_record_or_a_position_and_bad_links_explain():
    record = make_record(Setup(seed=4, first=0), [Action.parse("pile")])
    app = App(MemoryStorage(), Clock())
    boot(app, {"record": encode(record)})
    assert app.match is not None and len(app.match.actions) == 1 and app.dialog == ""
    bad = App(MemoryStorage(), Clock())
    boot(bad, {"position": "%%%notbase64"})
    assert bad.dialog == "notice" and "could not be read" in view(bad).dialog
    assert "menu" in clickable(view(bad).dialog)
    from kahuna.rules.deal import new_game
    pos = App(MemoryStorage(), Clock())
    boot(pos, {"position": encode(position_to_json(new_game(Setup(seed=2))))})
    assert pos.match is not None and pos.match.mode == HOTSEAT


def test_new_game_dialog_options_shape_the_game():
    app = new_app(seed=1)
    handle(app, "menu")
    for act in ("set:mode:computer", "set:colour:white", "set:first:white", "set:open_draws:on",
                "set:handicap:2", "set:handicap_player:black", f"set:level:{levels()[-1]}"):
        assert act in clickable(view(app).dialog), act
        handle(app, act)
    handle(app, "set:level:nonsense")  # ignored
    handle(app, "start")
    m = app.match
    assert (m.human, m.level, m.state.open_draws, m.state.first) == (1, levels()[-1], True, 1)
    assert m.state.phase is Phase.HANDICAP and m.state.to_move == 0


def test_new_game_dialog_says_who_gets_the_handicap_what_v2_adds_and_labels_levels():
    """A newcomer did not see what V2 adds (the cards taken from the display show, dashed,
    without it), nor who the handicap's bridges go to; the levels were in lower case
    among capitalised buttons (issue 29)."""
    app = new_app(seed=1, colour="white")
    handle(app, "menu")
    shown = view(app).dialog
    assert "Without V2 they show dashed too" in shown
    for level in levels():
        assert f'data-act="set:level:{level}" aria-pressed="' in shown  # the ids stay
        assert f'">{level_name(level).capitalize()}</button>' in shown
    assert "places" not in shown  # no handicap: nobody places any
    handle(app, "set:handicap:1")
    assert ("White places 1 bridge on a free line of their choice before the first turn: a "
            "head start for the weaker player. That is you.") in view(app).dialog
    handle(app, "set:handicap:3")
    handle(app, "set:handicap_player:black")
    assert "Black places 3 bridges on free lines" in view(app).dialog
    assert "That is the computer." in view(app).dialog
    for act in ("set:colour:random", "set:mode:hotseat"):  # not known, or no computer
        handle(app, act)
        assert "That is" not in view(app).dialog and "Black places 3" in view(app).dialog


def test_stale_or_malformed_acts_are_ignored_and_a_vanished_current_game_starts_anew():
    storage = MemoryStorage()
    app = new_app(storage, seed=3, first="black", colour="black")
    before = list(app.match.actions)
    for act in ("do:nonsense", "card:x", "do:h:ALOA-BARI", "continue:nope", "set:mode:tv"):
        handle(app, act)
    assert app.match.actions == before
    storage.removeItem("kahuna.save." + app.match.id)  # "current" now names nothing
    again = App(storage, Clock(), seed=3)
    boot(again, {})
    assert again.match is not None and again.dialog == ""


def test_a_save_with_an_unknown_level_still_gets_a_computer_opponent():
    app = new_app(seed=3, first="white", colour="black")
    app.match.level = "grandmaster"
    thinking = think(app)
    while not thinking.step(0.03):
        pass
    assert thinking.action() in app.match.state.legal_actions()


def test_the_master_may_think_longer_than_the_other_levels_within_its_phone_budget():
    """Issue 33 gives the master up to 2.5 s a decision at the 95th percentile on a phone,
    more than the page's cap for the other levels (issue 4); a hint of the master's, or
    an unknown level's stand-in, thinks as long as the level it plays."""
    from web.game.players import MASTER_CAP, THINKING_CAP, Players

    players = Players()
    for level in levels():
        for hint in (False, True):
            cap = players.get("game", level, hint).level.time_cap
            assert cap == (MASTER_CAP if level == "master" else THINKING_CAP), level
    assert players.get("game", "grandmaster", False).level.time_cap == THINKING_CAP
    assert THINKING_CAP < MASTER_CAP < 2.5


def test_end_and_scoring_dialogs_and_log_name_the_players_as_the_rows_do():
    """R17, R23: against the computer (the person plays White and loses every bridge)
    the rows, the log, the scoring and the end dialog all say You / Computer."""
    from tests.helpers import HOLD_ALOA, last_card

    record = {"format": "kahuna-record", "version": 1,
              "position": position_to_json(last_card(black=HOLD_ALOA, white=[])), "seed": 1,
              "actions": ["take:GOLA"], "meta": {"mode": "computer", "human": 1}}
    app = App(MemoryStorage(), Clock())
    boot(app, {"record": encode(record)})
    assert app.dialog == "end"
    shown = view(app)
    assert ">Computer<" in shown.players and ">You<" in shown.players
    assert "Computer scores 1; Computer wins (you have no bridge left)" in shown.log
    assert "Computer wins</h2><p>You have no bridge left. Islands at the end: " \
           "Computer 1, You 0" in shown.dialog
    app.dialog = "scoring"
    assert "Islands: Computer 1, You 0. Computer scores 1." in view(app).dialog
    assert "Black" not in shown.log + view(app).dialog and "White" not in shown.log
