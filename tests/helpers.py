"""Small helpers shared by the engine tests: hand-built positions, action scripts,
random games, the command line. Those the benches use too live in scripts/positions.py,
and are taken from here as well."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import Any, Callable

from kahuna import Action, Effects, Phase, Setup, State, make_record, new_game, position_to_json
from kahuna.players.search import Level
from kahuna.rules.actions import all_fixed_actions, discard, sub_multisets
from kahuna.rules.board import ISLAND_INDEX, ISLANDS, LINE_INDEX, line_name
from kahuna.rules.state import HAND_LIMIT
from scripts.positions import (
    BLACK_BRIDGES, HOLD_ALOA, HOLD_COCO, HOLD_LALE, WHITE_BRIDGES, game_state, last_card,
    play_randomly, position, rest_of, worked_example,
)

__all__ = ["BLACK_BRIDGES", "HOLD_ALOA", "HOLD_COCO", "HOLD_LALE", "QUICK", "ROOT",
           "WHITE_BRIDGES", "another_card_named", "bridges", "candidate_actions",
           "final_position", "forged", "game_state", "island", "kahuna",
           "last_card", "legal", "line", "midgame", "names", "play", "play_randomly",
           "position", "random_record", "rest_of", "tutorial_position", "worked_example",
           "write"]

#: A cheap judge, so the tests of the review and the analysis stay quick; the page and the
#: command line use the master.
QUICK = Level("quick", width=4, depth=3, candidates=4, iterations=16, horizon=3)


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


def final_position(scorings: list, black: list[str], white: list[str],
                   to_move: str = "black") -> State:
    """The drawer's last final turn (R20)."""
    return position(round=3, phase="final", final_turns=1, scorings=scorings, to_move=to_move,
                    bridges={"black": black, "white": white}, display=[None, None, None],
                    pile=[], discard={"up": rest_of()})


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


def random_positions(seed: int, **variants: Any) -> Iterator[State]:
    """Every state met in one game of random actions, with the given setup."""
    state = new_game(Setup(seed=seed, **variants))
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.do(rng.choice(state.legal_actions()))


def hidden_twin(state: State, seed: int) -> State:
    """``state`` with what its mover cannot see dealt again (R24): the opponent's
    unknown cards, the draw pile's order, the face-down discards, the reshuffle generator."""
    twin = state.copy()
    opp = 1 - state.to_move
    unknown = [i for i in range(12)
               for _ in range(state.hands[opp][i] - state.known[opp][i])]
    cards = unknown + state.pile + state.discard_down
    random.Random(seed).shuffle(cards)
    twin.hands[opp] = list(state.known[opp])
    for card in cards[:len(unknown)]:
        twin.hands[opp][card] += 1
    rest = cards[len(unknown):]
    twin.discard_down = rest[:len(state.discard_down)]
    twin.pile = rest[len(state.discard_down):]
    twin.rng = random.Random(seed)
    return twin
