"""The greedy baseline: the best single action by the evaluation, again and again.

A yardstick, not a level: it sees only what one action does (no plan for the turn, no
thought of the opponent's reply). Draws are judged in one world sampled from its
observation, so the card a pile draw would bring is a guess, as it should be (R24).
"""

from __future__ import annotations

import random

from ..rules.observation import Observation
from .plans import best_action
from .protocol import Decided, Thinking, legal_actions


class GreedyPlayer:
    """Plays the action whose immediate result evaluates best."""

    name = "greedy"

    def think(self, obs: Observation, rng: random.Random) -> Thinking:
        return Decided(best_action(obs.sample_state(rng), legal_actions(obs)))
