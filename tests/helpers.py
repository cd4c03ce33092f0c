"""Small helpers shared by the engine tests: hand-built positions and action scripts."""

from __future__ import annotations

import random
from typing import Any, Callable

from kahuna import Action, Effects, State, position_from_json
from kahuna.rules.actions import all_fixed_actions, discard, sub_multisets
from kahuna.rules.board import ISLAND_INDEX, ISLANDS, LINE_INDEX, line_name
from kahuna.rules.state import HAND_LIMIT


def position(seed: int = 0, **fields: Any) -> State:
    """A state from a sparse position; keyword names are the position JSON's fields."""
    return position_from_json(fields, seed)


def rest_of(*used: str) -> list[str]:
    """The card names left when ``used`` are taken out of the 24 (R2), in island order."""
    rest = [name for name in ISLANDS for _ in range(2)]
    for name in used:
        rest.remove(name)
    return rest


def island(name: str) -> int:
    return ISLAND_INDEX[name]


def line(text: str) -> int:
    """``'HUNA-ELAI'`` (either order) to a line index."""
    a, b = text.split("-")
    return LINE_INDEX[(ISLAND_INDEX[a], ISLAND_INDEX[b])]


def names(items: list[int]) -> list[str]:
    """Island indices to names (for readable assertions)."""
    return [ISLANDS[i] for i in items]


def bridges(state: State, player: int) -> list[str]:
    """``player``'s bridges as sorted line names."""
    return sorted(line_name(x) for x in state.bridges(player))


def play(state: State, *texts: str) -> list[Effects]:
    """Play each action (checked) and return their effects."""
    return [state.play(Action.parse(text)) for text in texts]


def game_state(game: Any) -> State:
    """The State of a State, of the page's Match (its ``state``) or of an App (its match's)."""
    game = getattr(game, "match", game)
    return getattr(game, "state", game)


def play_randomly(game: Any, rng: random.Random, actions: int | None = None, *,
                  sort: bool = False, until: Callable[[State], bool] | None = None) -> list[Action]:
    """Play random legal actions on ``game`` (a State, or the page's Match or App: its
    ``play`` takes the action) until the game is over, ``actions`` are played or
    ``until(state)`` holds; return the actions played. ``sort`` draws from the actions in
    sorted order, so the generator's own order does not change the game."""
    played: list[Action] = []
    while actions is None or len(played) < actions:
        state = game_state(game)
        if state.is_over or (until is not None and until(state)):
            break
        legal = state.legal_actions()
        action = rng.choice(sorted(legal) if sort else legal)
        game.play(action)
        played.append(action)
    return played


def legal(state: State) -> set[str]:
    """The legal actions as notation."""
    return {str(a) for a in state.legal_actions()}


def candidate_actions(state: State) -> list[Action]:
    """Every action worth asking ``check`` about: all actions but discards, plus every
    discard from the mover's hand (legal or not) and single-card discards of each island."""
    hand = state.hands[state.to_move]
    extra = [discard((i,)) for i in range(len(ISLANDS))]
    if sum(hand) <= HAND_LIMIT:
        extra += [discard(cards) for cards in sub_multisets(hand)]
    return all_fixed_actions() + extra


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


def final_position(scorings: list, black: list[str], white: list[str],
                   to_move: str = "black") -> State:
    """The drawer's last final turn (R20)."""
    return position(round=3, phase="final", final_turns=1, scorings=scorings, to_move=to_move,
                    bridges={"black": black, "white": white}, display=[None, None, None],
                    pile=[], discard={"up": rest_of()})
