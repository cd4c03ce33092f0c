"""Starting a game: the choices made at setup (R5-R7, V1, V2) and the deal (R6)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .state import BLACK, CARDS, WHITE, Phase, State


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before the first turn. With the same Setup the deal is the same.

    ``deck`` optionally gives the deal explicitly (24 island indices, top first: Black's
    three cards, White's three, the display, then the draw pile); ``reshuffles`` likewise
    gives the new draw piles of R18, top first. What is not given comes from ``seed``.
    """

    seed: int = 0
    first: int | None = None  # R5: None means chosen at random from the seed
    fewer_surprises: bool = False  # V1
    open_draws: bool = False  # V2
    handicap: int = 0  # R7: 0-3 bridges
    handicap_player: int = BLACK
    deck: tuple[int, ...] | None = None
    reshuffles: tuple[tuple[int, ...], ...] = ()


def new_game(setup: Setup = Setup()) -> State:
    """Shuffle and deal (R6), then the handicap phase if any (R7)."""
    rng = random.Random(setup.seed)
    state = State(fewer_surprises=setup.fewer_surprises, open_draws=setup.open_draws, rng=rng)
    first = setup.first if setup.first is not None else rng.choice((BLACK, WHITE))
    if setup.deck is not None:
        deck = list(setup.deck)
        if sorted(deck) != sorted(CARDS):
            raise ValueError("the deck must hold exactly two cards of each island (R2)")
    else:
        deck = list(CARDS)
        rng.shuffle(deck)
    if not 0 <= setup.handicap <= 3:
        raise ValueError("a handicap is 1, 2 or 3 bridges (R7)")
    for p, cards in ((BLACK, deck[0:3]), (WHITE, deck[3:6])):
        for card in cards:
            state.hands[p][card] += 1
        state.hand_size[p] = 3
    state.display = deck[6:9]
    state.pile = deck[9:][::-1]
    state.reshuffles = [list(order) for order in setup.reshuffles]
    state.first = state.to_move = first
    if setup.handicap:
        state.phase = Phase.HANDICAP
        state.handicap_left = setup.handicap
        state.to_move = setup.handicap_player
    return state
