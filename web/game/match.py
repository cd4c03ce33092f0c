"""A game on the page: a Setup plus the list of actions so far (a game record,
``kahuna.notation.record``), the State they lead to, and the move log.

Actions go through ``State.play`` and must be among ``legal_actions()``. Undo goes back
within the current turn only, never past a draw (R12 reveals a card): it replays the
record without its last action, so what is shown always follows from the record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from gettext import NullTranslations
from typing import Any

from kahuna import (
    COLOURS, RECORD_FORMAT, RECORD_VERSION, TURN_ENDING, WHITE, YOU, Action, Effects,
    Observation, RecordError, Setup, State, describe, new_game, observe, replay, seat_name,
    setup_to_json, start_of, translations,
)

from .players import known_level

COMPUTER, HOTSEAT = "computer", "hotseat"
MODES = (COMPUTER, HOTSEAT)


@dataclass
class Match:
    """One game in progress. ``origin`` is the record's start ({"setup": ...} or
    {"position": ..., "seed": ...}); ``human`` is the person's seat against the computer
    (None for two players on one device); ``level`` the computer's level; ``revision``
    counts the writes of this game to storage (web.game.saves: a tab never overwrites a newer
    one); ``opened``: the identity of the link it was opened from, if any."""

    origin: dict[str, Any]
    state: State
    actions: list[Action] = field(default_factory=list)
    effects: list[Effects] = field(default_factory=list)
    mode: str = COMPUTER
    human: int | None = 0
    level: str = "random"
    id: str = "game"
    created: float = 0.0
    revision: int = 0
    opened: str = ""

    @classmethod
    def new(cls, setup: Setup, mode: str = COMPUTER, human: int | None = 0,
            level: str = "random", id: str = "game", created: float = 0.0) -> Match:
        """A fresh game dealt from ``setup``."""
        origin = {"setup": setup_to_json(setup)}
        return cls(origin, new_game(setup), mode=mode, human=human, level=level, id=id,
                   created=created)

    # ----- who sees what ----------------------------------------------------------

    def viewer(self) -> int:
        """Whose eyes the page shows: the person's seat (against the computer, or a
        puzzle's mover, web/learn/puzzle.py), else the player to move (two on one device, or
        the computer on both seats), and once the game is over the one who ended it: the
        device is still in their hands."""
        if self.human is not None:
            return self.human
        if self.state.is_over and self.effects:
            return self.effects[-1].player
        return self.state.to_move

    def observation(self) -> Observation:
        """What the viewer's seat sees (R24)."""
        return observe(self.state, self.viewer())

    def sealed(self) -> tuple[int, ...]:
        """The display's places (0-2) whose card is face down, not opened here yet: in a
        game by links only (web/game/by_links.py); the observation shows them empty."""
        return ()

    def computer_to_move(self) -> bool:
        """Whether the computer's seat is to act now."""
        return (self.mode == COMPUTER and not self.state.is_over
                and self.state.to_move != self.human)

    def waits(self) -> bool:
        """Whether the game waits for a friend's link (web/game/by_links.py): never here."""
        return False

    @property
    def by_links(self) -> bool:
        """Whether this is a game with a friend by links (web/game/by_links.py)."""
        return False

    def names(self) -> tuple[str, str]:
        """How the page calls each seat."""
        if self.mode != COMPUTER or self.human is None:
            return COLOURS[0], COLOURS[1]
        names = ["", ""]
        names[self.human] = YOU
        names[1 - self.human] = "Computer"
        return names[0], names[1]

    def handicap(self) -> tuple[int, str]:
        """The deal's handicap bridges (R7) and the seat they were for ("black", "white");
        (0, "") when there were none, or the game began from a position."""
        setup = self.origin.get("setup", {})
        count = setup.get("handicap", 0) if isinstance(setup, dict) else 0
        return (count, str(setup.get("handicap_player", seat_name(WHITE)))) if count else (0, "")

    def held_at_scorings(self) -> list[tuple[int, int]]:
        """The islands each player held at each scoring of this record (R17, R21): the
        opening's tokens, then each action's gains and losses (R10, R11)."""
        control = list(start_of(self._bare_record()).control)
        held = []
        for fx in self.effects:
            for island in fx.gained:
                control[island] = fx.player
            for island in fx.lost:
                control[island] = -1
            if fx.scoring is not None:
                held.append((control.count(0), control.count(1)))
        return held

    def log(self, tr: NullTranslations | None = None) -> list[str]:
        """The move log in plain words (in the language of ``tr``, English by default),
        naming the players as ``names`` does; the pile card is named only to the person
        who drew it against the computer (on a shared device nobody's draw is named)."""
        viewer = self.human if self.mode == COMPUTER else None
        names, tr = self.names(), tr or translations("en")
        return [describe(fx, viewer, names, tr) for fx in self.effects]

    # ----- acting -----------------------------------------------------------------

    def play(self, action: Action) -> Effects:
        """Apply one action offered by the engine (raises IllegalAction otherwise)."""
        if action not in self.state.legal_actions():
            self.state.check(action)  # names the rule that forbids it
            raise RecordError(f"{action} is not on offer now")
        fx = self.state.play(action)
        self.actions.append(action)
        self.effects.append(fx)
        return fx

    def can_undo(self) -> bool:
        """The last action was the mover's own and did not end the turn (no draw yet); a
        handicap bridge too, while its player is still the one to move (R7)."""
        if not self.actions or self.state.is_over:
            return False
        player, last = self.state.history[-1]
        if last.kind in TURN_ENDING:
            return False
        return player == self.state.to_move and not self.computer_to_move()

    def undo(self) -> None:
        """Take back the last action of the current turn."""
        if not self.can_undo():
            raise RecordError("nothing to take back in this turn")
        self.actions.pop()
        self.effects.pop()
        self.state = start_of(self._bare_record())
        for action in self.actions:
            self.state.do(action)

    # ----- records ----------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """The page's data about this game, kept in the record's "meta"."""
        meta = {"id": self.id, "mode": self.mode, "human": self.human, "level": self.level,
                "created": self.created, "revision": self.revision}
        return {**meta, "opened": self.opened} if self.opened else meta

    def _bare_record(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **self.origin, "actions": []}

    def to_record(self) -> dict[str, Any]:
        """The game record (kahuna.notation.record format) with this page's meta data."""
        return {**self._bare_record(), "actions": [str(a) for a in self.actions],
                "meta": self.meta()}

    @classmethod
    def from_record(cls, record: Any) -> Match:
        """Rebuild a game from its record; raises RecordError saying what is wrong."""
        state, effects = replay(record)  # checks format, version and every action
        meta = record.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("'meta' must be an object")
        mode = meta.get("mode", HOTSEAT)
        human = meta.get("human")
        if mode not in MODES:
            raise RecordError(f"unknown game mode {mode!r}; modes: {', '.join(MODES)}")
        if human not in (0, 1, None) or (mode == COMPUTER and human is None):
            raise RecordError(f"'human' must be the person's seat, 0 (Black) or 1 (White), "
                              f"not {human!r}")
        if mode == HOTSEAT:  # two people: nobody's seat is the page's alone
            human = None
        origin = {k: record[k] for k in ("setup", "position", "seed") if k in record}
        created = meta.get("created", 0.0)
        revision = meta.get("revision", 0)
        return cls(origin, state, [a for _, a in state.history], effects, mode, human,
                   known_level(str(meta.get("level", "random"))), str(meta.get("id", "game")),
                   float(created) if isinstance(created, (int, float)) else 0.0,
                   revision if type(revision) is int and revision >= 0 else 0,  # noqa: E721
                   str(meta.get("opened", "")))
