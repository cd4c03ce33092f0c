"""Positions and whole games that the tests, the e2e suite and the benches share (the
benches import nothing from the tests): hand-built positions, the rulebook's worked
example, random games to their end."""

from __future__ import annotations

import random
from typing import Any, Callable

from kahuna import LEVELS, Action, Setup, State, position_from_json
from kahuna.rules.actions import Kind
from kahuna.rules.board import ISLANDS
from web.game.match import COMPUTER, Match


def position(seed: int = 0, **fields: Any) -> State:
    """A state from a sparse position; keyword names are the position JSON's fields."""
    return position_from_json(fields, seed)


def rest_of(*used: str) -> list[str]:
    """The card names left when ``used`` are taken out of the 24 (R2), in island order."""
    rest = [name for name in ISLANDS for _ in range(2)]
    for name in used:
        rest.remove(name)
    return rest


def game_state(game: Any) -> State:
    """The State of a State, of the page's Match (its ``state``) or of an App (its match's)."""
    game = getattr(game, "match", game)
    return getattr(game, "state", game)


def play_randomly(game: Any, rng: random.Random, actions: int | None = None, *,
                  sort: bool = False, until: Callable[[State], bool] | None = None,
                  among: Callable[[State, list[Action]], list[Action]] | None = None
                  ) -> list[Action]:
    """Play random legal actions on ``game`` (a State, or the page's Match or App: its
    ``play`` takes the action) until the game is over, ``actions`` are played or
    ``until(state)`` holds; return the actions played. ``sort`` draws from the actions in
    sorted order, so the generator's own order does not change the game; ``among(state,
    legal)`` narrows what each action is drawn from."""
    played: list[Action] = []
    while actions is None or len(played) < actions:
        state = game_state(game)
        if state.is_over or (until is not None and until(state)):
            break
        legal = state.legal_actions()
        if among is not None:
            legal = among(state, legal)
        action = rng.choice(sorted(legal) if sort else legal)
        game.play(action)
        played.append(action)
    return played


# Bridges that hold an island (R10): handy for scoring tests.
HOLD_ALOA = ["ALOA-BARI", "ALOA-HUNA"]
HOLD_LALE = ["HUNA-LALE", "IFFI-LALE"]
HOLD_COCO = ["BARI-COCO", "COCO-FAAA", "COCO-GOLA"]


def last_card(round_no: int = 1, black: list[str] = (), white: list[str] = (),
              hands: dict | None = None, scorings: list | None = None, **extra: Any) -> State:
    """Black to move; the pile is empty and GOLA is the last display card."""
    hands = hands or {"black": ["ALOA"], "white": ["BARI"]}
    used = [c for h in hands.values() for c in h] + ["GOLA"]
    return position(round=round_no, scorings=scorings or [[0, 0]] * (round_no - 1),
                    bridges={"black": list(black), "white": list(white)}, hands=hands,
                    display=["GOLA", None, None], pile=[], discard={"up": rest_of(*used)},
                    **extra)


# Built so that each effect the rulebook lists happens, and nothing else:
# White holds DUDA (ALOA-DUDA, DUDA-HUNA, DUDA-ELAI: 3 of 4) and has two of BARI's five
# lines (BARI-COCO, BARI-ELAI). Black holds ALOA (ALOA-BARI, ALOA-HUNA: 2 of 3) and
# HUNA (ALOA-HUNA, HUNA-IFFI, HUNA-LALE: 3 of 5), and has three of ELAI's six lines.
WHITE_BRIDGES = ["ALOA-DUDA", "DUDA-HUNA", "DUDA-ELAI", "BARI-COCO", "BARI-ELAI", "ELAI-HUNA"]
BLACK_BRIDGES = ["ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE",
                 "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO"]


def worked_example(to_move: str = "white") -> State:
    """The hand-built position before White's first placement (or with ``to_move``)."""
    return position(
        to_move=to_move,
        bridges={"white": WHITE_BRIDGES, "black": BLACK_BRIDGES},
        hands={"white": ["ALOA", "BARI", "KAHU"], "black": ["ELAI", "HUNA", "HUNA"]},
        display=["GOLA", "JOJO", "LALE"],
    )


def finished_record(seed: int = 5, early_end: bool = False) -> dict:
    """A game against the computer played to its end (random legal actions), as a record.
    With ``early_end`` the computer never places nor removes a bridge, so the game ends by
    R23 at its first interim scoring: 10-12 of the person's turns to review, not 37."""
    m = Match.new(Setup(seed=seed, first=0), COMPUTER, 0, LEVELS[0], "linked", 0.0)
    play_randomly(m, random.Random(seed), among=lambda state, legal: never_building(
        legal, early_end and state.to_move == 1))
    return m.to_record()


def never_building(legal: list[Action], never: bool) -> list[Action]:
    """``legal``, without the placings and removals when ``never`` (and there are others)."""
    others = [a for a in legal if a.kind not in (Kind.PLACE, Kind.REMOVE)]
    return others if never and others else legal
