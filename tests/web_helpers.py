"""Shared helpers for the web unit tests (not a test module itself): an App on memory
storage, what the page shows (its acts, its text), whole games (as Apps, or as records for
the e2e tests), the tutorial followed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from html.parser import HTMLParser

from kahuna import ISLANDS, Setup, cards_of, new_game, position_to_json, start_of
from kahuna.notation.link import encode
from web.state.acts import handle
from web.state.app import App
from web.state.deciding import think
from web.state.opening import boot
from web.game.match import COMPUTER, HOTSEAT, Match
from web.game.by_links import OVER, PLAY
from web.game.saves import MemoryStorage
from web.state import friend_turn
from web.state.friend import arrived
from web.view.page import view

from scripts.positions import finished_record, never_building, play_randomly

__all__ = ["App", "Clock", "FULL", "MemoryStorage", "against_computer", "by_links_screens",
           "card", "click", "clickable", "computer", "deliver", "device", "embedded",
           "finished_game", "finished_record", "follow", "fragment", "invited", "lesson", "lit",
           "new_app", "play_turn", "played", "record_link", "to_play", "visible_texts"]


class Clock:
    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def new_app(storage=None, seed: int = 7, **choice) -> App:
    """An App with a fresh game from the dialog's options ``choice``."""
    app = App(storage if storage is not None else MemoryStorage(), Clock(), seed=seed)
    for key, value in choice.items():
        setattr(app.choice, key, value)
    app.start()
    return app


#: The full game's address an embedded App links to.
FULL = "/kahuna/?record=abc"


def played(actions: int, seed: int = 3, mode: str = HOTSEAT, human: int | None = None) -> Match:
    """A game (two players unless ``mode`` says) with ``actions`` random legal actions
    played (to the end if it ends first)."""
    match = Match.new(Setup(seed=seed), mode, human)
    play_randomly(match, random.Random(seed), actions)
    return match


def embedded(params: dict[str, str]) -> App:
    """An embedded App booted with the address's ``params`` (``embed`` implied)."""
    app = App(MemoryStorage(), Clock(), seed=5, embed=FULL)
    boot(app, {"embed": "", **params})
    return app


def record_link(match: Match) -> str:
    """A link's parameter for ``match``'s record (without the page's meta data)."""
    return encode({k: v for k, v in match.to_record().items() if k != "meta"})


def clickable(html: str) -> list[str]:
    """Every data-act in a piece of HTML/SVG, in order."""
    import re
    from html import unescape
    return [unescape(a) for a in re.findall(r'data-act="([^"]*)"', html)]


class _Text(HTMLParser):
    """The text a person sees or hears: text nodes and accessible names, but not what
    is marked English on purpose (``lang="en"``)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.english = 0  # depth inside a lang="en" element

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.english or attrs.get("lang") == "en":
            self.english += 1
            return
        self.texts += [attrs[a] for a in ("aria-label", "title", "alt") if attrs.get(a)]

    def handle_endtag(self, tag):
        if self.english:
            self.english -= 1

    def handle_data(self, data):
        if not self.english:
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    """The non-blank texts a person sees or hears in ``html``."""
    parser = _Text()
    parser.feed(html)
    return [t for t in parser.texts if t.strip()]


def finished_game(seed: int = 5, early_end: bool = False) -> App:
    """A whole game against the beginner, the person's actions chosen at random. With
    ``early_end`` the person never places nor removes a bridge, so the game ends by R23
    at its first interim scoring: some 11 of the person's turns to review, not 37."""
    app = new_app(seed=seed, first="black", colour="black", level="beginner")
    m, rng = app.match, random.Random(seed)
    while not m.state.is_over:
        if m.computer_to_move():
            thinking = think(app)
            while not thinking.step(0.05):
                pass
            app.play(thinking.action())
        else:
            app.play(rng.choice(never_building(m.state.legal_actions(), early_end)))
    return app


def computer(app: App) -> None:
    """The computer's turn, as web/boot/dom.py plays it: each action it decides, until the
    person may act again or a dialog is up."""
    m = app.match
    while m is not None and m.computer_to_move() and not app.dialog:
        thinking = think(app)
        while not thinking.step(0.01):  # a real level after the lessons: as long as it takes
            pass
        app.play(thinking.action())


def click(app: App, act: str) -> None:
    """A click on something the page shows now (it must be drawn), then the computer."""
    shown = view(app)
    drawn = clickable(shown.coach + shown.dialog + shown.hand + shown.table + shown.acts
                      + shown.board) + ["menu"]  # the header's New game, always there
    assert act in drawn, f"{act} is not on the page: {drawn}"
    handle(app, act)
    computer(app)


def card(app: App, island: str) -> str:
    """The act of the first (unchosen) hand card of ``island``."""
    cards = cards_of(app.match.observation().hand)
    at = next(i for i, c in enumerate(cards) if ISLANDS[c] == island and i not in app.selected)
    return f"card:{at}"


def lit(app: App) -> list[str]:
    """The acts of the lit lines."""
    return sorted(app.offers().acts().values())


def lesson(app: App) -> str:
    """The key of the tutorial's lesson now ("" outside the tutorial)."""
    return app.tutorial.lesson.key if app.tutorial and app.tutorial.lesson else ""


def follow(app: App, upto: str = "") -> None:
    """Follow the lessons as the coach says, stopping before lesson ``upto`` ("": all)."""
    while app.tutorial is not None and lesson(app) and lesson(app) != upto:
        key = lesson(app)
        if key == "board":
            click(app, "tutorial:next")
        elif key == "place":
            click(app, card(app, "ALOA"))
            click(app, lit(app)[0])
        elif key in ("draw", "last"):
            click(app, next(a for a in clickable(view(app).table) if a.startswith("do:")))
        elif key == "control":
            click(app, card(app, "ALOA"))
            click(app, lit(app)[0])
        elif key == "remove":
            click(app, card(app, "JOJO"))
            click(app, card(app, "JOJO"))
            click(app, lit(app)[0])
        elif key == "pass":
            click(app, "do:pass")


def against_computer(seed: int = 3) -> tuple[dict, int]:
    """A whole game against the computer (the person Black), its record with the meta
    that says so (as "Download the game record" writes it), and the first step where the
    computer is to move."""
    match, rng = Match.new(Setup(seed=seed), COMPUTER, 0, "beginner"), random.Random(seed)
    first = None
    while not match.state.is_over:
        if first is None and match.computer_to_move():
            first = len(match.actions)
        match.play(rng.choice(match.state.legal_actions()))
    return match.to_record(), first


def broken_at_action_3() -> bytes:
    """A record file of a game for two whose third action breaks the rules (a handicap
    bridge after the handicap phase)."""
    app = new_app(seed=2, mode=HOTSEAT)
    record = app.match.to_record()
    state = start_of({**record, "actions": []})
    for _ in range(2):
        action = sorted(state.legal_actions())[0]
        state.play(action)
        record["actions"].append(str(action))
    record["actions"].append("h:ALOA-BARI")  # a handicap bridge after the handicap phase
    return json.dumps(record).encode()


def _position(**changes) -> str:
    """A fresh deal's position (seed 1) with ``changes``, as a link's parameter."""
    data = position_to_json(new_game(Setup(seed=1)))
    return encode({**data, **changes})


FRESH = _position()  # a good one: a fresh deal, Black to move
UNKNOWN_ISLAND = _position(display=["ZZZZ", "GOLA", "IFFI"])
THIRD_CARD = _position(display=["COCO", "COCO", "IFFI"])  # two in Black's hand already
UNKNOWN_KEY = _position(brigdes={"black": ["ALOA-BARI"]})  # a slip for "bridges"
ILLEGAL = encode(json.loads(broken_at_action_3()))


# ----- games with a friend by links: two Apps, each its own storage, are two devices ------

def device(start: float = 0.0) -> App:
    app = App(MemoryStorage(), Clock(start))
    app.start()
    return app


def fragment(app: App) -> str:
    """The fragment of the link ``app`` offers to send."""
    assert app.dialog == "friend-link" and app.share is not None, app.dialog
    return app.share.url[app.share.url.index("#"):]


def deliver(sender: App, to: App) -> str:
    """The sender closes the link's dialog; the link is opened on the other device, whose
    page shows the friend's turn at once (as at ``?pace=0``: web/boot/links.py)."""
    link = fragment(sender)
    handle(sender, "close")
    assert arrived(to, link)
    friend_turn.finish(to)
    return link


def invited(name: str = "Bea") -> tuple[App, App]:
    """An invitation made on one device and accepted on the other."""
    host, guest = device(), device(1000.0)
    handle(host, "menu")
    assert "friend-new" in clickable(view(host).dialog)
    handle(host, "friend-new")
    handle(host, f"friend-invite:{name}")
    deliver(host, guest)
    assert guest.dialog == "friend-accept"
    handle(guest, "friend-accept:Al")
    return host, guest


def to_play(host: App, guest: App) -> tuple[App, App]:
    """Links passed until one side may play: (that side, the other)."""
    sender, receiver = guest, host
    while True:
        deliver(sender, receiver)
        if receiver.match.entry.status == PLAY:
            handle(receiver, "close")
            return receiver, sender
        sender, receiver = receiver, sender


def play_turn(app: App, rng: random.Random) -> None:
    """One whole turn of random legal actions, clicked as the board offers them."""
    while app.match.entry.status == PLAY:
        assert app.may_act() and view(app).turn == "person"
        handle(app, "do:" + str(rng.choice(app.legal())))
    assert app.dialog == "friend-link"


def pass_links(host: App, guest: App, rng: random.Random,
               until: Callable[[App, App], bool]) -> tuple[App, App]:
    """From an accepted invitation, links passed both ways, each side playing a random
    turn when it may, until ``until(sender, receiver)`` holds before a link goes:
    (the side whose link is offered, the other)."""
    sender, receiver = guest, host
    while not until(sender, receiver):
        deliver(sender, receiver)
        if receiver.match.entry.status == PLAY:
            handle(receiver, "close")
            play_turn(receiver, rng)
        sender, receiver = receiver, sender
    return sender, receiver


def finished_by_links(seed: int = 7) -> tuple[App, App]:
    """A whole game by links, random turns clicked on both devices, to its verified end on
    both: (the inviter's App, the friend's)."""
    host, guest = invited()
    pass_links(host, guest, random.Random(seed),
               lambda one, other: one.match.entry.status == other.match.entry.status == OVER)
    return host, guest


def by_links_screens(draw: Callable[[App], None]) -> None:
    """Every screen of games by links (web/view/friend.py), each drawn by ``draw``: the
    options, an invitation with every setup word, the link to send (copied or not, with
    a share sheet; the answer to an invitation, a turn's), the waiting prompt, your turn,
    each link trouble, the list, the end, the friend's turn being shown."""
    host = device()
    handle(host, "friend-new")
    for key, value in (("handicap", "2"), ("fewer_surprises", "on"), ("open_draws", "on"),
                       ("first", "white")):
        handle(host, f"set:{key}:{value}")
    draw(host)
    handle(host, "friend-invite:")  # no name: "Friend"
    host.friend.can_share = True
    for copied in (True, False):
        host.copied(copied)
        draw(host)
    guest = device(1000.0)
    assert arrived(guest, fragment(host))
    draw(guest)
    handle(guest, "friend-accept:")  # no names: a typed name is no message
    draw(guest)
    mover, waiter = to_play(host, guest)
    draw(mover)  # your turn, said in the live region
    draw(waiter)  # waiting for the friend's link
    play_turn(mover, random.Random(12))
    draw(mover)  # a turn's link to send
    link = fragment(mover)
    handle(mover, "close")
    assert arrived(waiter, link) and waiter.friend.turn is not None
    draw(waiter)  # the friend's turn shown action by action (web/state/friend_turn.py)
    friend_turn.finish(waiter)
    from kahuna import correspondence
    from web.words.reasons import link_reason
    for trouble in (correspondence.ReplayedLink, correspondence.MissingLink,
                    correspondence.ForeignLink, correspondence.AlteredLink,
                    correspondence.EarlierVersion, correspondence.OwnLink,
                    correspondence.TakenInvitation):
        waiter.tell(*link_reason(trouble("x")), "x")
        draw(waiter)
    waiter.tell(*link_reason(correspondence.CheatDetected(0, "x")), "x")
    draw(waiter)
    handle(waiter, "friend-open:nothing")  # a game by links that cannot be read
    draw(waiter)
    from web.state.friend import save
    stale = App(waiter.storage, Clock(2000.0))  # a second tab on the waiting device
    boot(stale, {})
    save(waiter)
    save(stale)  # its game is older: the newer is taken up, and said
    draw(stale)
    for app in (waiter, mover):  # the list: waiting, your turn
        handle(app, "menu")
        draw(app)
    handle(waiter, f"friend-delete:{waiter.match.id}")  # Delete pressed: asked again
    draw(waiter)
    handle(waiter, "friend-delete:")
    entry = waiter.match.entry
    entry.verified = {}  # the end, checked
    handle(waiter, "friend-result")
    draw(waiter)
    handle(waiter, "friend-send")  # its last link, offered at the end
    draw(waiter)
    entry.verified, entry.cheat = None, "a card that was never dealt"
    handle(waiter, "friend-result")
    draw(waiter)
    from web.view.friend import status_words
    from web.state.friend import NEWER
    waiter.tell(NEWER, status_words("send", False, ""))  # the list's word for a link due
    draw(waiter)
