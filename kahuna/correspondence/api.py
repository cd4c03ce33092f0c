"""What the page calls (docs/correspondence.md): start a game, play a turn, send the
protocol's link, receive the friend's, load a stored game. Each returns the link to send
or raises a KahunaError and leaves the game as it was."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..notation.record import setup_to_json
from ..rules.actions import Action
from ..rules.deal import Setup
from ..rules.observation import Observation
from ..rules.state import BLACK, WHITE, Effects
from .deck import deal_a, key
from .envelope import (AlteredLink, EarlierVersion, Link, TurnError, b64, points_text, read,
                       unb64, write)
from .game import FORMAT, FRIEND, INVITER, PLAY, SEND, VERSION, Game
from .group import CARD_POINTS, G, encode, multiply


def _random(rand: random.Random | None) -> random.Random:
    """The operating system's random source, as ``secrets`` uses it (``os.urandom``;
    ``crypto.getRandomValues`` in the browser), unless a test gives its own."""
    return rand if rand is not None else random.SystemRandom()


def invite(setup: Setup, seat: int | None = None, rand: random.Random | None = None
           ) -> tuple[Game, Link]:
    """Start a game: this device plays ``seat`` (by lot when None); ``setup.first`` too.
    ``rand`` is for tests; a real game draws everything from the system's random source."""
    rand = _random(rand)
    if setup.deck is not None or setup.reshuffles:
        raise TurnError("a game by links deals its own cards: give no deck")
    if setup.first is None:
        setup = replace(setup, first=rand.choice((BLACK, WHITE)))
    seat = rand.choice((BLACK, WHITE)) if seat is None else seat
    game = Game(INVITER, rand.randbytes(32), rand)
    body = {"g": b64(rand.randbytes(8)), "n": 0, "p": "",
            "s": setup_to_json(replace(setup, seed=0)), "w": "black" if seat == BLACK else "white",
            "e": b64(encode(multiply(key(game.seed, "seal", 0), G))),
            "q": {"a0": points_text(deal_a(game.seed, rand))}}
    text = write(body)
    game._take(text, mine=True)
    return game, Link(text, 0)


def accept(text: str, rand: random.Random | None = None) -> tuple[Game, Link]:
    """Accept an invitation: the friend's side of the game and the link to send back."""
    rand = _random(rand)
    game = Game(FRIEND, rand.randbytes(32), rand)
    game._take(text, mine=False)
    return game, game._make([])


def take_turn(game: Game, actions: list[Action]) -> Link:
    """Play this side's turn (each action checked by the rules) and make its link.
    Raises IllegalAction or TurnError and changes nothing when the turn is wrong."""
    if game.status != PLAY or not actions:
        raise TurnError(f"it is not this side's turn to play (status: {game.status})")
    return game._make(list(actions))


def preview(game: Game, actions: list[Action]) -> tuple[Observation, list[Effects]]:
    """What this side's first ``actions`` of its turn lead to, without sending anything:
    the page shows a turn action by action and sends it whole with ``take_turn``."""
    if game.status != PLAY:
        raise TurnError(f"it is not this side's turn to play (status: {game.status})")
    scratch = game._copy()
    effects = []
    for action in actions:
        if scratch.observation.to_move != game.seat:
            raise TurnError(f"{action}: the turn is over")
        effects.append(scratch._act(game.seat, scratch._sent_text(action)))
    return scratch.observation, effects


def reply(game: Game) -> Link:
    """The link of the protocol alone that is due (status SEND): a shuffle's pass,
    the keys of the cards the friend may now open, this side's seed at the end."""
    if game.status != SEND:
        raise TurnError(f"no link is due from this side (status: {game.status})")
    return game._make([])


def receive(game: Game, text: str) -> list[Effects]:
    """Apply the friend's link; the Effects of the friend's actions, in order. A link
    replayed, out of order, of another game or altered raises a LinkError, and a
    false card or move CheatDetected; the game is then left as it was."""
    scratch = game._copy()
    effects = scratch._take(text, mine=False)
    game.__dict__.update(scratch.__dict__)
    return effects


def game_of(text: str) -> tuple[str, int]:
    """The game a link belongs to and its number, read without applying it (nor checking
    its seal): the page finds the stored game a link is for without loading each.
    AlteredLink when the text is no link of this protocol."""
    body = read(text)
    game = body.get("g")
    if not isinstance(game, str):
        raise AlteredLink("the link names no game")
    return game, body["n"]


def _opened(cards: Any) -> dict[int, int]:
    """The stored cards this device opened, slot by slot (``Game.opened_before``)."""
    try:
        opened = {int(slot): card for slot, card in cards.items()}
    except (AttributeError, TypeError, ValueError) as exc:
        raise AlteredLink("the stored game's cards cannot be read") from exc
    if not all(slot >= 0 and isinstance(card, int) and 0 <= card < len(CARD_POINTS)
               for slot, card in opened.items()):
        raise AlteredLink("the stored game's cards cannot be read")
    return opened


def load(data: Any, rand: random.Random | None = None) -> Game:
    """A game from ``Game.to_json``'s object."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("role") not in (0, 1):
        raise AlteredLink("this is not a stored game by links")
    if data.get("version") != VERSION:
        raise EarlierVersion("this game by links was kept by an earlier version of the game")
    links = data.get("links")
    if not isinstance(links, list) or not links:
        raise AlteredLink("the stored game holds no links")
    game = Game(data["role"], unb64(data.get("seed")), _random(rand))
    game.opened_before = _opened(data.get("cards", {}))
    for i, text in enumerate(links):
        mine = i % 2 == game.role
        game._take(text, mine, next_mine=i + 1 < len(links) and (i + 1) % 2 == game.role)
    return game
