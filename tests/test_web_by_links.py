"""Games by links on the page's side (issue 31): the stored game, its move log, and the
world the page plays the person's turn on (web/game/by_links.py)."""

from __future__ import annotations

import pytest

from kahuna import Setup
from kahuna.correspondence import AlteredLink, game_of
from kahuna.tools.by_links import self_play
from web.game.by_links import (PLAY, ByLinks, FriendMatch, effects_json, effects_of, listed,
                               load, store)
from web.game.saves import MemoryStorage, Newer


def test_game_of_names_a_links_game_without_applying_it():
    ids = []
    host, guest = self_play(Setup(), seed=1, watch=lambda g, link, made: made and ids.append(
        (game_of(link.url("https://x/")), link.number)))
    assert {gid for (gid, _), _ in ids} == {host.id}
    assert all(n == number for (_, n), number in ids)
    with pytest.raises(AlteredLink):
        game_of("https://x/#play=nothing")


def test_the_world_shows_what_the_engine_shows_and_offers_what_it_takes():
    """At every link of a game, the page's world has the player's true hand and display
    whenever the player may play, and its legal actions are the engine's."""
    seen = []

    def watch(game, link, made):
        match = FriendMatch.of(ByLinks("g", game))
        obs, truth = match.observation(), game.observation
        if game.status == PLAY:
            assert (obs.hand, obs.display, obs.owner) == (truth.hand, truth.display, truth.owner)
            seen.append(len(match.state.legal_actions()))
        else:  # a card not opened yet is out of sight, never a stand-in shown as true
            assert sum(obs.hand) == sum(truth.hand) - len(game.unopened_hand())

    self_play(Setup(), ("beginner", "beginner"), seed=2, watch=watch)
    assert seen and all(seen)


def test_a_stored_game_comes_back_with_its_log_and_a_stale_tab_never_overwrites():
    storage = MemoryStorage()
    host, _ = self_play(Setup(), seed=3)
    entry = ByLinks("g", host, "Anna", [])
    store(storage, entry, 5.0)
    back = load(storage, "g")
    assert back is not None and back.game.links == host.links and back.friend == "Anna"
    assert [e.friend for e in listed(storage)] == ["Anna"]
    stale = load(storage, "g")
    store(storage, back, 6.0)
    with pytest.raises(Newer):
        store(storage, stale, 7.0)


def test_the_move_log_survives_storage():
    from kahuna import Action, Effects, Outcome, Termination
    fx = Effects(1, Action.parse("pile"), [2], [3], [4], -1, 3, (5, 6),
                 Outcome(None, Termination.SCORING, "equal points"))
    back = effects_of(effects_json(fx))
    fields = ("player", "action", "gained", "removed", "lost", "drawn", "round_ended",
              "scoring", "outcome")
    assert [getattr(back, f) for f in fields] == [getattr(fx, f) for f in fields]
