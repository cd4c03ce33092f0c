"""A game shown a step at a time: a sequence embed (``?embed&mode=sequence``) and the
replay of a finished game. The reader steps forward and back, jumps to the first or last
step or to a round, or lets it play on by itself; each step is the game after that many
actions, shown as the page shows any game, with the move log's sentence for the step.

Pure: ``Sequence.at(step)`` gives the ``Match`` the page draws. The states are computed
once, when the sequence opens, so a step costs no replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kahuna import Effects, State, start_of

from ..game.match import Match

#: Seconds between two steps when the sequence plays by itself.
AUTO_SECONDS = 1.5





@dataclass
class Sequence:
    """``game``: the whole game; ``states[k]`` the state after its first k actions;
    ``step`` the one shown; ``auto`` whether it steps on by itself; ``back_to``: for a
    replay, the finished game the page returns to when it closes."""

    game: Match
    states: list[State]
    step: int = 0
    auto: bool = False
    back_to: Match | None = None
    rounds: list[int] = field(default_factory=list)  # the step each round begins at

    @classmethod
    def of(cls, game: Match, step: int | None = None, back_to: Match | None = None) -> Sequence:
        """A sequence over ``game``'s actions, at ``step`` (its end when None; clamped)."""
        state = start_of({**game.to_record(), "actions": []})
        states, rounds = [state.copy()], [0]
        for action, fx in zip(game.actions, game.effects):
            state.do(action)
            states.append(state.copy())
            if fx.scoring is not None and not state.is_over:
                rounds.append(len(states) - 1)
        last = len(game.actions)
        shown = last if step is None else max(0, min(step, last))
        return cls(game, states, shown, False, back_to, rounds)

    @property
    def last(self) -> int:
        """The last step: the whole game played."""
        return len(self.states) - 1

    def at(self) -> Match:
        """The game as it stood at the step shown (its own copy: the page may play on
        from it, as a diagram lets the reader try moves)."""
        g, k = self.game, self.step
        return Match(g.origin, self.states[k].copy(), g.actions[:k], g.effects[:k], g.mode,
                     g.human, g.level, g.id, g.created)

    def go(self, where: str) -> Effects | None:
        """Step "first", "back", "next", "last", or to a round ("round:2"); the effects to
        animate when it moved one step forward. An unknown ``where`` changes nothing."""
        before = self.step
        targets = {"first": 0, "back": before - 1, "next": before + 1, "last": self.last}
        if where in targets:
            self.step = max(0, min(targets[where], self.last))
        elif where.startswith("round:") and where[6:].isascii() and where[6:].isdigit():
            number = int(where[6:])
            if 1 <= number <= len(self.rounds):
                self.step = self.rounds[number - 1]
        if self.step == self.last:
            self.auto = False
        return self.game.effects[before] if self.step == before + 1 else None

    def round_at(self) -> int:
        """The round the step shown belongs to (1-based)."""
        return sum(1 for start in self.rounds if start <= self.step)
