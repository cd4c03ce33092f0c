"""The check at a game's end: with both seeds out, every pass of every shuffle is redone,
the true deal is opened, and the whole game is replayed on it by the rules
(docs/correspondence.md). A cheat is named; a fair game gives its full record."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..notation.record import make_record
from ..rules.actions import Action, Kind, discard
from ..rules.deal import Setup, new_game
from ..rules.errors import IllegalAction
from ..rules.state import COLOURS, Outcome
from .deck import SLOTS_PER_GEN, check_generation, final_of, items_of, open_card, slot_key
from .envelope import CheatDetected, TurnError, parse_sent
from .game import INVITER, OVER, Game

_PASS_NAMES = {"a": "first sealing", "c": "shuffle", "d": "second shuffle", "z": "last sealing"}
#: The deal's three passes: both shuffle as they seal, and d seals last.
_DEAL_PASS_NAMES = {"a": "first shuffle", "c": "second shuffle", "d": "last sealing"}


@dataclass(frozen=True)
class Verified:
    """A game found fair: the true deal (``setup``), every action, and how it ended."""

    setup: Setup
    actions: tuple[Action, ...]
    outcome: Outcome

    def record(self) -> dict[str, Any]:
        """The game record with both hands in the open (kahuna.notation.record)."""
        return make_record(self.setup, list(self.actions))


def verify(game: Game) -> Verified:
    """Check the whole game once both seeds are out (status OVER); CheatDetected names
    the side and what it falsified."""
    if game.status != OVER or game.their_seed is None:
        raise TurnError("the game can be checked only at its end, once both keys are out")
    seeds = {game.role: game.seed, 1 - game.role: game.their_seed}
    friend = 1 - game.seat
    for slot, given in game.their_keys.items():
        if given != slot_key(game.their_seed, slot):
            raise CheatDetected(friend, f"the key your friend gave for card {slot} is not "
                                "the one their secret makes")
    finals: dict[int, list] = {}
    for gen in sorted(game.passes):
        passes = game.passes[gen]
        if final_of(gen) not in passes:  # the game ended before this pile was dealt
            break
        slots = game.ledger.items.get(gen)
        u = game.u_role[gen]
        wrong = check_generation(gen, items_of(gen, slots or [], finals), slots, passes,
                                 seeds[u], seeds[1 - u])
        if wrong:
            who = u if wrong in "ad" else 1 - u
            names = _DEAL_PASS_NAMES if gen == 0 else _PASS_NAMES
            raise CheatDetected(game._seat_of(who), f"{COLOURS[game._seat_of(who)]}'s "
                                f"{names[wrong]} of deal {gen + 1} does not hold the cards")
        finals[gen] = passes[final_of(gen)]

    def island(slot: int) -> int:
        gen, k = divmod(slot, SLOTS_PER_GEN)
        return open_card(finals[gen][k], slot_key(seeds[INVITER], slot),
                         slot_key(seeds[1 - INVITER], slot)) // 2

    setup = replace(game.setup, deck=tuple(island(s) for s in range(SLOTS_PER_GEN)),
                    reshuffles=tuple(tuple(island(g * SLOTS_PER_GEN + k)
                                           for k in range(len(game.ledger.items[g])))
                                     for g in sorted(finals) if g))
    state = new_game(setup)
    actions = []
    for player, text in game.turns:
        action, slots = parse_sent(text)
        cards = tuple(sorted(island(s) for s in slots))
        if action is None:
            action = discard(cards)
        elif action.kind in (Kind.PLACE, Kind.REMOVE) and cards != action.cards:
            raise CheatDetected(player, f"{COLOURS[player]} played {action} with other cards")
        try:
            state.play(action)
        except IllegalAction as exc:
            raise CheatDetected(player, f"{COLOURS[player]}'s move {action} breaks {exc}") from exc
        actions.append(action)
    if state.outcome != game.observation.outcome:
        raise CheatDetected(friend, "the game played on the true deal ends otherwise")
    return Verified(setup, tuple(actions), state.outcome)
