"""Same decisions as another checkout: for every position of a few self-play games, this
tree's level stepped in zero-second slices (one unit of work a step) and the other
tree's in one-second slices, from the same position and seed, must choose the same action;
and a review of each game's Black turns must judge the same.

    .venv/bin/python bench/same_decisions.py OTHER_ROOT [--games 4] [--levels expert,master]

For a change that only cuts the work into smaller units (issue 14): OTHER_ROOT is a
checkout of the code before it. Prints the decisions compared and those that differ.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahuna import Action, Setup, new_game, observe  # noqa: E402
from kahuna.players.levels import make_player  # noqa: E402
from kahuna.players.review import review  # noqa: E402
from kahuna.tools.other_tree import _load  # noqa: E402


def compare_game(level: str, other: str, seed: int) -> tuple[int, int, list[Action]]:
    """(decisions compared, those that differ, the game's actions) in one self-play game
    of this tree's ``level``, the other tree's deciding alongside in its own game (its
    own types throughout: a player of one tree reads the other's enums wrongly)."""
    tree = _load(other)
    state, twin = new_game(_setup(seed)), tree.new_game(_setup(seed, tree.Setup))
    ours = [make_player(level), make_player(level)]
    theirs = [tree.make_player(level), tree.make_player(level)]
    compared = differ = 0
    while not state.is_over:
        seat = state.to_move
        key = f"{seed}:{len(state.history)}"
        thinking = ours[seat].think(observe(state, seat), random.Random(key))
        while not thinking.step(0.0):
            pass
        action = thinking.action()
        their = theirs[seat].think(tree.observe(twin, seat), random.Random(key))
        while not their.step(1.0):
            pass
        compared += 1
        differ += str(action) != str(their.action())
        state.play(action)
        twin.play(tree.Action.parse(str(action)))
    return compared, differ, [action for _, action in state.history]


def _setup(seed: int, setup_class: type = Setup) -> Setup:
    """The deal of game ``seed``: both variants in turn."""
    return setup_class(seed=seed, fewer_surprises=seed % 2 == 1, open_draws=seed % 4 >= 2)


def review_differences(other: str, seed: int, actions: list[Action]) -> tuple[int, int]:
    """(turns judged, those judged apart) when both trees review Black's turns of a game:
    the better turn and its cost must be the same."""
    tree = _load(other)
    mine = review(new_game(_setup(seed)), actions, 0, seed=seed).turns
    theirs = tree.review(tree.new_game(_setup(seed, tree.Setup)),
                         [tree.Action.parse(str(a)) for a in actions], 0, seed=seed).turns
    apart = sum(([str(x) for x in a.better], a.cost) != ([str(x) for x in b.better], b.cost)
                for a, b in zip(mine, theirs))
    return len(mine), apart + abs(len(mine) - len(theirs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the checkout to compare with")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", default="expert,master")
    args = parser.parse_args(argv)
    other = str(args.other.resolve())
    games: list[tuple[int, list]] = []
    for level in args.levels.split(","):
        compared = differ = 0
        for seed in range(500, 500 + args.games):
            n, d, actions = compare_game(level, other, seed)
            compared, differ = compared + n, differ + d
            games.append((seed, actions))
        print(f"{level}: {compared} decisions in {args.games} games, {differ} differ",
              flush=True)
    if not hasattr(_load(other), "review"):  # a checkout from before the review
        print("review: the other checkout has none")
        return 0
    turns = apart = 0
    for seed, actions in games[-args.games:]:
        n, d = review_differences(other, seed, actions)
        turns, apart = turns + n, apart + d
    print(f"review (each tree's judge, Black's turns): {turns} turns in {args.games} games, "
          f"{apart} differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
