"""Two computer players through the protocol of games by links (kahuna.correspondence):
two simulated devices that pass each other every link, as friends' phones would. Used
by the tests and by bench/correspondence_links.py."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..correspondence import (OVER, PLAY, SEND, Game, Link, accept, invite, preview, receive,
                              reply, take_turn)
from ..players.levels import choose, make_player
from ..rules.actions import Action
from ..rules.deal import Setup

#: Called after each link is made (the device that made it, the link) and after each
#: link is received (the device that received it, the link).
Watch = Callable[[Game, Link, bool], None]


def turn_of(game: Game, player_name: str, rng: random.Random) -> list[Action]:
    """The whole turn the computer player chooses from the device's view (R24)."""
    player = make_player(player_name)
    actions: list[Action] = []
    while True:
        obs, _ = preview(game, actions)
        if obs.outcome is not None or obs.to_move != game.seat:
            return actions
        actions.append(choose(player, obs, rng))


def next_link(game: Game, player_name: str, rng: random.Random) -> Link:
    """What the device sends now: its player's turn, or the protocol's link."""
    if game.status == PLAY:
        return take_turn(game, turn_of(game, player_name, rng))
    assert game.status == SEND, game.status
    return reply(game)


def self_play(setup: Setup, players: tuple[str, str] = ("random", "random"), seed: int = 0,
              inviter_seat: int | None = None, watch: Watch | None = None,
              rng: random.Random | None = None) -> tuple[Game, Game]:
    """A whole game, to both devices' end (status OVER): (the inviter's, the friend's).
    ``players`` by seat (Black, White). The devices' randomness and the players' choices
    come from ``rng``, by default ``random.Random(seed)``, so a game can be played again
    (a test's generator may choose them all); real devices draw theirs from ``secrets``."""
    rng = rng or random.Random(seed)
    host, link = invite(setup, inviter_seat, random.Random(rng.getrandbits(64)))
    notify = watch or (lambda game, link, made: None)
    notify(host, link, True)
    guest, link = accept(link.text, random.Random(rng.getrandbits(64)))
    notify(guest, link, True)
    devices = (host, guest)
    sender = 1
    while True:
        device = devices[1 - sender]
        receive(device, link.text)
        notify(device, link, False)
        if device.status == OVER:
            return host, guest
        link = next_link(device, players[device.seat], rng)
        notify(device, link, True)
        sender = 1 - sender
