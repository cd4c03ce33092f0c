"""Small helpers shared by the engine tests: hand-built positions, action scripts,
random games, the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from kahuna import (Action, Effects, Phase, Setup, State, make_record, new_game,
                    position_from_json, position_to_json)
from kahuna.players.search import Level
from kahuna.rules.actions import all_fixed_actions, discard, sub_multisets
from kahuna.rules.board import ISLAND_INDEX, ISLANDS, LINE_INDEX, line_name
from kahuna.rules.state import HAND_LIMIT

#: A cheap judge, so the tests of the review and the analysis stay quick; the page and the
#: command line use the master.
QUICK = Level("quick", width=4, depth=3, candidates=4, iterations=16, horizon=3)


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


ROOT = Path(__file__).resolve().parent.parent


def kahuna(*args: str) -> subprocess.CompletedProcess:
    """``python -m kahuna ARGS`` run from the checkout, its output captured as text."""
    return subprocess.run([sys.executable, "-m", "kahuna", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def random_record(seed: int, cut: int | None = None) -> tuple[dict, State]:
    """A game of random actions (``cut`` of them, or to the end) as a record, and its state."""
    setup = Setup(seed=seed)
    s = new_game(setup)
    actions = play_randomly(s, random.Random(seed), cut, sort=True)
    return make_record(setup, actions), s


def write(tmp_path: Path, data: str | dict, name: str = "game.json") -> str:
    """``data`` (text, or JSON) written to a file in ``tmp_path``; the file's path."""
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def midgame(seed: int, moves: int = 60, min_pile: int = 0, **variants: Any) -> State:
    """A state after ``moves`` random actions, or fewer: the game ends, or the pile is down
    to ``min_pile`` cards."""
    s = new_game(Setup(seed=seed, **variants))
    play_randomly(s, random.Random(seed), moves, sort=True,
                  until=lambda state: len(state.pile) <= min_pile)
    return s


def tutorial_position() -> dict:
    """A position some turns into a game: bridges on the board, Black to move."""
    state = new_game(Setup(seed=11, first=0))
    play_randomly(state, random.Random(11), sort=True, until=lambda s: len(s.history) >= 24
                  and s.to_move == 0 and s.phase is Phase.PLAY)
    return position_to_json(state)


def forged(device: Any, text: str, change: Callable[[dict], None]) -> str:
    """A link ``text`` changed by ``change(body)`` and sealed again by ``device`` (a
    ``kahuna.correspondence.Game``): what a cheating friend's page could send, since it
    holds the sealing key."""
    from kahuna.correspondence.envelope import read, seal, write
    body = read(text)
    change(body)
    body["m"] = seal(device.mac_key, body)
    return write(body)


def another_card_named(i: int) -> Callable[[dict], None]:
    """A change for ``forged``: the link's ``i``-th action, a card placed, names another
    card for the same slots (HUNA>ELAI or ELAI>HUNA): a card its slot does not hold."""
    def change(body: dict) -> None:
        action, _, slots = body["t"][i].partition("@")
        placed = Action.parse(action)
        other = next(a for a in (Action.parse("HUNA>ELAI"), Action.parse("ELAI>HUNA"))
                     if a.cards != placed.cards)
        body["t"][i] = f"{other}@{slots}"
    return change
