"""A game with a friend by links, the page's side (web/state/friend.py, web/view/friend.py),
under CPython: two Apps with their own storage are two devices, and a link travels as
the address's fragment it would be opened with."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from kahuna import Action, Kind, line_name, review_turns, start_of
from kahuna.correspondence.envelope import read
from web.game.by_links import OVER, PLAY, key, listed
from web.game.saves import MemoryStorage
from web.state import friend, friend_turn
from web.state.acts import handle
from web.state.app import App
from web.state.opening import boot
from web.view.page import view

from .helpers import another_card_named, forged
from .web_helpers import (Clock, clickable, deliver, device, finished_by_links, fragment, invited,
                          pass_links, play_turn, to_play, visible_texts)


def test_invite_accept_and_a_turn_each_way_the_waiting_side_cannot_play():
    host, guest = invited()
    assert host.match.entry.friend == "Bea" and guest.match.entry.friend == "Al"
    mover, waiter = to_play(host, guest)
    assert not waiter.may_act() and view(waiter).turn == "wait"
    assert "link" in view(waiter).prompt
    before = waiter.match.to_record()
    handle(waiter, "do:pile")  # a stray click while waiting: nothing
    assert waiter.match.to_record() == before
    play_turn(mover, random.Random(1))
    deliver(mover, waiter)
    if waiter.match.entry.status != PLAY:  # a protocol link was due first
        waiter, mover = to_play(mover, waiter)[0], mover
    assert waiter.match.entry.status == PLAY and waiter.may_act()
    assert view(waiter).announce  # the friend's turn read out, and animated once
    assert waiter.match.effects and waiter.match.log()


def test_the_name_typed_stays_when_an_option_is_chosen_after_it():
    """A review found the name wiped by a click on an option (the dialog is drawn anew):
    the field's change keeps it first (web/boot/dom.py), and the invitation takes it."""
    app = device()
    handle(app, "menu")
    handle(app, "friend-new")
    handle(app, "friend-name:  Bea   Lu ")
    handle(app, "set:colour:white")
    assert 'value="Bea Lu"' in view(app).dialog
    handle(app, "friend-invite:Bea Lu")
    assert app.match.entry.friend == "Bea Lu"


def test_a_link_opened_twice_altered_or_of_another_game_changes_nothing_and_says_why():
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    play_turn(mover, random.Random(2))
    link = deliver(mover, waiter)
    sent = dict(mover.storage)
    friend.arrived(mover, link)  # the sender taps its own link in the chat
    assert mover.notice[0] == "This is a link you sent" and dict(mover.storage) == sent
    assert "Send again" in view(mover).dialog
    kept = dict(waiter.storage)
    friend.arrived(waiter, link)  # the same link again
    assert waiter.dialog == "notice" and waiter.notice[0] == "This link was opened already"
    assert dict(waiter.storage) == kept
    altered = link[:-12] + ("A" if link[-12] != "A" else "B") + link[-11:]
    friend.arrived(waiter, altered)
    assert waiter.notice[0] == "This link is damaged" and dict(waiter.storage) == kept
    friend.arrived(waiter, "#play=K1" + link.split("=", 1)[1][2:])  # the first version's
    assert waiter.notice[0] == "This link is of an earlier version of the game"
    assert "new game" in view(waiter).dialog and dict(waiter.storage) == kept
    other_host, _ = invited()  # another game's invitation: offered, nothing kept yet
    friend.arrived(waiter, "#play=" + other_host.match.entry.last_sent())
    assert waiter.dialog == "friend-accept" and dict(waiter.storage) == kept
    handle(waiter, "friend-decline")
    assert waiter.dialog == "" and dict(waiter.storage) == kept
    texts = " ".join(visible_texts(view(waiter).dialog))
    assert "Traceback" not in texts


def test_a_second_person_accepting_the_invitation_is_told_apart_and_changes_nothing():
    """The invitation forwarded to a third person, who accepts it after the friend did:
    the inviter is told that someone else accepted first, and plays on with the friend."""
    host, guest = invited()
    invitation = "#play=" + host.match.entry.last_sent()
    third = device(2000.0)
    assert friend.arrived(third, invitation)
    handle(third, "friend-accept:Cy")
    assert "someone else accepted" in view(third).dialog  # told what may have happened
    late = fragment(third)
    mover, waiter = to_play(host, guest)
    app = host if host is mover else waiter
    kept = dict(app.storage)
    friend.arrived(app, late)
    assert app.dialog == "notice"
    assert app.notice[0] == "Someone else accepted this invitation first"
    assert "new invitation" in view(app).dialog and dict(app.storage) == kept
    handle(app, "close")
    assert app.match.entry.friend == "Bea"


def test_a_turn_of_another_game_is_said_to_be_of_another_game():
    host, guest = invited()
    to_play(host, guest)
    third, fourth = invited()
    mover, _ = to_play(third, fourth)
    play_turn(mover, random.Random(3))
    friend.arrived(host, fragment(mover))
    assert host.notice[0] == "This link belongs to another game"


def test_a_link_after_one_never_opened_here_is_said_missing():
    """A device whose storage is older than the game (a copy kept from before): the
    next link is missing, said, and nothing changes."""
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    old = MemoryStorage(waiter.storage)
    play_turn(mover, random.Random(4))
    deliver(mover, waiter)
    mover, waiter = to_play(mover, waiter) if waiter.match.entry.status != PLAY \
        else (waiter, mover)
    play_turn(mover, random.Random(5))
    behind = App(old, Clock(7000.0))
    boot(behind, {})
    kept = dict(behind.storage)
    assert friend.arrived(behind, fragment(mover))
    assert behind.dialog == "notice" and behind.notice[0] == "A link is missing"
    assert dict(behind.storage) == kept


def test_two_taps_on_invite_or_accept_make_one_game():
    host, guest = device(), device(1000.0)
    handle(host, "friend-new")
    handle(host, "friend-invite:Bea")
    handle(host, "friend-invite:Bea")
    assert len(listed(host.storage)) == 1
    deliver(host, guest)
    handle(guest, "friend-accept:Al")
    handle(guest, "friend-accept:Al")
    assert len(listed(guest.storage)) == 1


def test_the_list_shows_each_game_and_send_again_offers_the_last_link():
    host, guest = invited("Bea")
    handle(host, "menu")
    handle(host, "friend-new")
    handle(host, "friend-invite:Carl")
    games = listed(host.storage)
    assert sorted(g.friend for g in games) == ["Bea", "Carl"]
    handle(host, "close")
    handle(host, "menu")
    shown = " ".join(visible_texts(view(host).dialog))
    for g in games:  # each with whose turn it is (both wait for an answer) and when
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated))
        assert f"with {g.friend} by links · waiting for {g.friend} · round 1 · {when}" in shown
    bea = next(g.id for g in games if g.friend == "Bea")
    assert f"friend-send:{bea}" in clickable(view(host).dialog)
    handle(host, f"friend-send:{bea}")
    assert host.dialog == "friend-link" and host.match.entry.friend == "Bea"
    assert host.share.url.endswith(host.match.entry.last_sent())
    mover, waiter = to_play(*invited("Dora"))
    awaited = listed(waiter.storage)[0].friend or "Friend"
    for app, words in ((mover, "· your turn ·"), (waiter, f"· waiting for {awaited} ·")):
        handle(app, "menu")
        assert words in " ".join(visible_texts(view(app).dialog))


def test_a_game_by_links_is_deleted_only_when_asked_twice():
    """Review 28: one press of Delete lost a running game for both players (the friend's
    next link is refused here). The first press asks, naming what is lost; Keep it keeps."""
    from web.boot.focus import after
    host, guest = invited("Bea")
    gid = listed(host.storage)[0].id
    handle(host, "menu")
    handle(host, f"friend-delete:{gid}")
    shown = view(host).dialog
    assert [g.id for g in listed(host.storage)] == [gid] and host.dialog == "new"
    assert "Bea’s next links will not open here" in shown
    assert {f"friend-delete:{gid}:sure", "friend-delete:"} <= set(clickable(shown))
    assert after(host, f"friend-delete:{gid}", False) == ('#dialog [data-act="friend-delete:"]',)
    handle(host, "friend-delete:")  # Keep it
    assert "will not open here" not in view(host).dialog and len(listed(host.storage)) == 1
    handle(host, "friend-delete:no-such-game:sure")  # a stale page: nothing happens
    assert len(listed(host.storage)) == 1
    handle(host, f"friend-delete:{gid}")
    handle(host, f"friend-delete:{gid}:sure")
    assert listed(host.storage) == [] and host.dialog == "new" and host.match is None


def test_a_reload_opens_the_game_by_links_played_last():
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    again = App(mover.storage, Clock(5000.0))
    boot(again, {})
    assert again.match is not None and again.match.by_links
    assert again.match.entry.status == PLAY and again.may_act()


def test_a_half_played_turn_survives_a_reload_and_a_link_opened_again():
    """Review 28: a bridge placed, then a reload (or the friend's last link opened again)
    dealt the turn afresh, the bridge gone. The turn so far is kept with the game; an
    undo is kept too; the turn sent leaves nothing behind."""
    host, guest = invited()
    mover, _ = to_play(host, guest)
    place = next(a for a in mover.legal() if a.kind is Kind.PLACE)
    handle(mover, f"do:{place}")
    again = App(mover.storage, Clock(5000.0))
    boot(again, {})
    assert again.match.actions == [place] and again.may_act() and again.match.can_undo()
    assert again.match.state.owner == mover.match.state.owner
    friend.arrived(again, "#play=" + again.match.entry.game.links[-1])  # the last, again
    assert "opened on this device before" in view(again).dialog
    assert again.match.actions == [place]
    handle(again, "close")
    handle(again, "undo")
    reloaded = App(mover.storage, Clock(6000.0))
    boot(reloaded, {})
    assert reloaded.match.actions == [] and reloaded.may_act()
    play_turn(reloaded, random.Random(3))
    stored = json.loads(reloaded.storage.getItem(key(reloaded.match.id)))
    assert stored["turn"] == [] and stored["status"] != PLAY


def test_a_stale_tab_takes_up_the_newer_game_and_loses_no_turn():
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    stale = App(waiter.storage, Clock(9000.0))
    boot(stale, {})
    play_turn(mover, random.Random(6))
    link = deliver(mover, waiter)  # the first tab takes the turn in
    friend.storage_changed(stale, "kahuna.links." + waiter.match.entry.id)
    assert stale.match.entry.revision == waiter.match.entry.revision
    friend.arrived(stale, link)  # opened in the stale tab too: said, not applied twice
    assert stale.notice[0] == "This link was opened already"


def test_a_tab_that_shows_the_game_applies_a_link_without_loading_it_again(monkeypatch):
    """Loading a game applies all its links again (a second or more in the browser late
    in a game): the tab that shows the game applies the friend's link to it, and loads
    the stored game only when another tab wrote a newer one."""
    from kahuna import correspondence
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    loads: list[object] = []
    real = correspondence.load
    monkeypatch.setattr(correspondence, "load", lambda data: loads.append(data) or real(data))
    play_turn(mover, random.Random(8))
    deliver(mover, waiter)
    assert loads == [] and waiter.match.entry.status in (PLAY, "send")
    other = App(mover.storage, Clock(7000.0))  # another tab of the mover's writes
    boot(other, {})
    assert len(loads) == 1
    other.match.entry.revision += 1
    friend.save(other)
    if waiter.match.entry.status != PLAY:
        deliver(waiter, mover)
    else:
        handle(waiter, "close")
        play_turn(waiter, random.Random(9))
        deliver(waiter, mover)
    assert len(loads) == 2  # the mover's tab took up the newer game, then the link


@pytest.mark.parametrize("first", ["black", "white"])
def test_the_first_turn_is_the_third_link_when_the_inviter_starts(first):
    """Invitation, acceptance, then the inviter's turn with the deal in it: once the
    acceptance is opened, the inviter plays at once, with no link to send first; when the
    friend starts, the inviter's deal link comes first (docs/correspondence.md)."""
    host, guest = device(), device(1000.0)
    handle(host, "friend-new")
    handle(host, "set:colour:black")
    handle(host, f"set:first:{first}")
    handle(host, "friend-invite:Bea")
    deliver(host, guest)
    handle(guest, "friend-accept:Al")
    deliver(guest, host)
    if first == "black":
        assert host.dialog == "" and host.may_act() and view(host).turn == "person"
        play_turn(host, random.Random(10))
        assert len(host.match.entry.game.links) == 3
        deliver(host, guest)
        assert guest.match.entry.status == PLAY
    else:
        assert host.dialog == "friend-link" and not host.may_act()
        deliver(host, guest)
        assert guest.match.entry.status == PLAY and len(guest.match.entry.game.links) == 3


def test_a_whole_game_ends_verified_on_both_sides_with_its_replay():
    host, guest = finished_by_links()
    for app in (host, guest):
        entry = app.match.entry
        assert entry.verified is not None and not entry.cheat
        handle(app, "close")
        shown = view(app)  # the board's stand-ins for the friend's cards never leave
        assert not {"export", "share", "result"} & set(clickable(shown.export + shown.acts))
        assert "friend-result" in clickable(shown.acts)
        handle(app, "friend-result")
        assert app.dialog == "friend-end" and "Verified" in view(app).dialog
        # the board still shows this seat's view: the dialog sends to the replay for both hands
        assert "The replay shows both hands." in view(app).dialog
        handle(app, "friend-verified")
        assert app.dialog == "end" and app.match.state.is_over and not app.match.by_links
        assert "replay" in clickable(view(app).dialog) and "share" in clickable(view(app).dialog)


def test_the_last_link_is_sent_as_the_end_not_as_a_turn_to_answer():
    """Review 28: the last link's dialog said that nothing could be played until the
    friend's next link came, at a game over and verified."""
    host, guest = invited()
    sender, _ = pass_links(host, guest, random.Random(7),
                           lambda one, other: one.match.entry.status == OVER)
    assert sender.dialog == "friend-link" and sender.match.entry.verified is not None
    said = view(sender).dialog
    assert "The game is over. Send this last link" in said
    assert "Nothing more can be played" not in said and "friend-result" in clickable(said)


def test_the_verified_end_offers_the_review_of_each_players_turns():
    """Both pages, at the verified end, offer the review as after a game against the
    computer: each reviews its own player's turns (the master judges from what that player
    saw), on the verified game with both hands open."""
    host, guest = finished_by_links(seed=12)
    for app in (host, guest):
        entry = app.match.entry
        handle(app, "friend-result")
        assert "friend-review" in clickable(view(app).dialog)
        handle(app, "friend-review")
        assert app.dialog == "review" and app.review is not None
        assert app.review.seat == entry.game.seat and not app.match.by_links
        start = start_of({**app.match.to_record(), "actions": []})
        own = len(review_turns(start, app.match.actions, entry.game.seat))
        shown = " ".join(visible_texts(view(app).dialog))
        assert "Review of your game" in shown and own > 5
        assert f"The master is looking at your turns: 0 of {own}" in shown
        handle(app, "close")
        assert app.dialog == "" and app.match.state.is_over
    stray = device()
    handle(stray, "friend-review")  # no game by links on show: nothing
    assert stray.dialog == "" and stray.review is None


def test_the_friends_turn_is_shown_action_by_action_as_the_computers_then_your_turn():
    """Opening the friend's link shows the board as it was, then each of the friend's
    actions with its effects (the bridge placed is the board's fresh one, as the
    computer's is) and one more line in the log, nothing playable meanwhile; then the game
    as it stands, "Your turn." said, and the dialog the link left."""
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    place = next(a for a in mover.legal() if a.kind is Kind.PLACE)
    handle(mover, f"do:{place}")
    handle(mover, "do:" + str(next(a for a in mover.legal() if a.kind is Kind.PILE)))
    link = fragment(mover)
    handle(mover, "close")
    logged = len(waiter.match.log())
    assert friend.arrived(waiter, link)
    turn = waiter.friend.turn
    assert turn is not None and [fx.action for fx in turn.effects][:1] == [place]
    shown = view(waiter)
    assert shown.turn == "wait" and not waiter.may_act() and waiter.dialog == ""
    assert "as their link brought it" in shown.prompt and "fresh" not in shown.board
    assert len(waiter.match.log()) == logged
    handle(waiter, "do:pile")  # a stray click meanwhile: nothing
    assert waiter.friend.turn is turn and len(waiter.match.log()) == logged
    assert friend_turn.step(waiter)  # the bridge
    assert waiter.fx is turn.effects[0] and len(waiter.match.log()) == logged + 1
    shown = view(waiter)
    assert f'fresh" data-line="{line_name(place.line)}"' in shown.board
    assert shown.turn == "wait" and "Your turn" not in shown.announce
    while friend_turn.step(waiter):
        assert view(waiter).turn == "wait"
    assert waiter.friend.turn is None and waiter.fx is turn.effects[-1]
    assert len(waiter.match.log()) == logged + len(turn.effects)
    if waiter.match.entry.status == PLAY:
        assert waiter.may_act() and "Your turn." in view(waiter).announce
    else:  # a link of the protocol was due: offered once the turn is shown
        assert waiter.dialog == turn.dialog == "friend-link"


def test_a_friends_turn_being_shown_gives_way_to_another_game():
    """New game while the friend's turn is shown: the steps stop, the new game is not
    touched."""
    host, guest = invited()
    mover, waiter = to_play(host, guest)
    play_turn(mover, random.Random(11))
    link = fragment(mover)
    handle(mover, "close")
    friend.arrived(waiter, link)
    assert waiter.friend.turn is not None
    handle(waiter, "menu")
    handle(waiter, "start")
    assert not friend_turn.step(waiter) and waiter.friend.turn is None
    assert not waiter.match.by_links and waiter.match.actions == []


def test_a_link_that_breaks_the_rules_is_said_and_changes_nothing():
    """A cheating page (it holds the sealing key, so it can seal an altered link again)
    says its turn placed a card of another island than its slot holds: the link is
    refused as breaking the rules, and the game stays as it was (R24: no hand shown)."""
    def placed(app: App) -> int:
        """The index of the first card placed in the turn of the link ``app`` offers."""
        turn = read(fragment(app)[len("#play="):]).get("t", [])
        return next((k for k, t in enumerate(turn) if "@" in t and t[0] != "d"
                     and Action.parse(t.partition("@")[0]).kind is Kind.PLACE), -1)

    sender, receiver = pass_links(*invited(), random.Random(4),
                                  lambda sender, receiver: placed(sender) >= 0)
    text = fragment(sender)[len("#play="):]
    cheat = "#play=" + forged(sender.match.entry.game, text, another_card_named(placed(sender)))
    handle(sender, "close")
    before = dict(receiver.storage)
    assert friend.arrived(receiver, cheat)
    assert receiver.dialog == "notice" and receiver.notice[0] == "This link breaks the rules"
    assert dict(receiver.storage) == before
    handle(receiver, "close")
    links = len(receiver.match.entry.game.links)
    assert friend.arrived(receiver, "#play=" + text)  # the true link still goes in
    assert receiver.dialog != "notice" and len(receiver.match.entry.game.links) > links


def _counts(app: App, seat: int) -> tuple[int, str, str]:
    """What ``app``'s page shows of a draw: ``seat``'s cards in hand, the pile's count, the
    cards left in the round (web/view/panels.py, web/view/header.py)."""
    shown = view(app)
    hand = shown.hand if seat == app.match.human else shown.opp_hand
    pile = shown.table.split('class="card back pile', 1)[1]
    return (hand.count('class="card'), pile[pile.index('class="count">'):].split("<")[0],
            shown.round.split("card")[0])


@pytest.mark.parametrize("ending", ["pile", "take"])
def test_a_card_drawn_by_links_is_counted_face_down_until_the_friends_link_opens_it(ending):
    """Review 28: the device that drew (from the pile, or a card laid on the display after a
    take) showed the hand, the pile and the cards left as before the draw until the
    friend's link opened the card, while the friend's device counted it. Both show the
    same now; the card not yet opened is face down, its stand-in's island nowhere."""
    mover, waiter = to_play(*invited())
    seat = mover.match.human
    hand = view(mover).hand
    take = next(a for a in mover.legal() if a.kind is Kind.TAKE)
    handle(mover, "do:" + ("pile" if ending == "pile" else str(take)))
    assert mover.match.entry.status != PLAY
    shown = view(mover)
    if ending == "pile":  # the faces as before, one card more, face down
        assert shown.hand.count('class="card back') == 1
        assert 'aria-label="card not opened yet"' in shown.hand
        assert re.findall("<b>(.*?)</b>", shown.hand) == re.findall("<b>(.*?)</b>", hand)
    else:  # the card laid on the display in the taken one's place is face down
        assert shown.table.split("</div>")[0].count('class="card back') == 1
    deliver(mover, waiter)
    assert _counts(mover, seat) == _counts(waiter, seat)
    handle(mover, "edit:open:game")  # the position in the editor: the hand's size kept
    draft = mover.editor.draft
    assert len(draft.cards[seat]) + draft.unknown[seat] == _counts(waiter, seat)[0]
