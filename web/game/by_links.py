"""Games with a friend by links (issue 31, docs/correspondence.md): what this device keeps
of each, and the game as the page shows it.

Each game is one key, ``kahuna.links.<id>``: the engine's ``Game.to_json()`` (this
device's secret seed and the links, nothing of the friend's hidden cards, R24), the
friend's name as the person typed it, the move log's effects (the engine keeps no
narration), and a summary for the saved-games list, so that the list loads no game.
Like a save (web/game/saves.py) each write carries a revision, and a tab never writes
over a newer one (``Newer``): links only ever add to a game, so the newer is taken up.

``FriendMatch`` is the game on the page: an ordinary ``Match`` whose state is a world the
player cannot tell from the true one (``Observation.world``: the friend's hidden cards
and the pile dealt from the cards the player cannot place). The person plays their turn
on it as on any game; when the turn ends it goes to the engine (``take_turn``) and the
world is dealt again from what the engine shows.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field, replace
from gettext import NullTranslations
from typing import Any

from kahuna import (YOU, Action, Effects, KahunaError, Kind, Observation, Outcome, RecordError,
                    Termination, describe, load_json, translations)

from .match import Match
from .saves import Newer, Storage
from .timing import log_time

PREFIX = "kahuna.links."
FORMAT = "kahuna-page-links"
#: The engine's statuses (kahuna.correspondence.game), named here so that the page's
#: lists and tests need not load the engine.
PLAY, SEND, WAIT, OVER = "play", "send", "wait", "over"
FRIEND = "friend"  # the Match's mode


# ----- the move log as data --------------------------------------------------------------

def effects_json(fx: Effects) -> dict[str, Any]:
    """One action's effects as JSON: what the move log narrates (kahuna.describe)."""
    data: dict[str, Any] = {"p": fx.player, "a": str(fx.action), "g": fx.gained,
                            "r": fx.removed, "l": fx.lost, "d": fx.drawn, "e": fx.round_ended}
    if fx.scoring is not None:
        data["s"] = list(fx.scoring)
    if fx.outcome is not None:
        o = fx.outcome
        data["o"] = [o.winner, o.termination.value, o.reason]
    return data


def effects_of(data: Any) -> Effects:
    """``effects_json``'s object back; RecordError when it is not one."""
    try:
        outcome = None
        if "o" in data:
            winner, end, reason = data["o"]
            outcome = Outcome(winner, Termination(end), str(reason))
        scoring = tuple(data["s"]) if "s" in data else None
        return Effects(int(data["p"]), Action.parse(data["a"]), list(data["g"]),
                       list(data["r"]), list(data["l"]), int(data["d"]), int(data["e"]),
                       scoring, outcome)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"a move of the log is damaged: {exc}") from exc


# ----- one game by links -------------------------------------------------------------

@dataclass
class ByLinks:
    """This device's side of one game by links. ``game`` is the engine's Game
    (kahuna.correspondence), None in an entry of the list (``Listed``) until opened."""

    id: str
    game: Any
    friend: str = ""
    log: list[Effects] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    revision: int = 0
    verified: dict[str, Any] | None = None  # the finished game's record, both hands open
    cheat: str = ""  # the engine's words when the end check named a cheat
    turn: list[str] = field(default_factory=list)  # this side's turn so far, not sent yet

    @property
    def status(self) -> str:
        return self.game.status

    def last_sent(self) -> str:
        """The text of the last link this device made ("" when none): "Send again"."""
        mine = [t for i, t in enumerate(self.game.links) if i % 2 == self.game.role]
        return mine[-1] if mine else ""

    def answered_invitation(self) -> bool:
        """This device accepted the invitation and nothing has come back yet: the
        inviter may have played on with someone else who answered first."""
        return len(self.game.links) == 2 and self.last_sent() == self.game.links[-1]

    def to_json(self) -> dict[str, Any]:
        obs = self.game.observation
        return {"format": FORMAT, "id": self.id, "game": self.game.to_json(),
                "friend": self.friend, "log": [effects_json(fx) for fx in self.log],
                "created": self.created, "updated": self.updated, "revision": self.revision,
                "status": self.status, "round": obs.round, "gid": self.game.id,
                "verified": self.verified, "cheat": self.cheat, "turn": self.turn}


@dataclass(frozen=True)
class Listed:
    """A stored game by links as the saved-games list shows it, without loading it."""

    id: str
    friend: str
    status: str
    round: int
    updated: float
    gid: str
    over: bool


def key(id: str) -> str:
    return PREFIX + id


def _stored(storage: Storage, id: str) -> dict[str, Any] | None:
    raw = storage.getItem(key(id))
    try:
        data = load_json(raw, RecordError) if raw else None
    except RecordError:
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def listed(storage: Storage) -> list[Listed]:
    """Every readable game by links, the latest played first."""
    keys = (storage.key(i) for i in range(storage.length))
    found = []
    for k in keys:
        data = _stored(storage, k[len(PREFIX):]) if k and k.startswith(PREFIX) else None
        if data is None:
            continue
        try:
            found.append(Listed(str(data["id"]), str(data.get("friend", "")),
                                str(data["status"]), int(data.get("round", 1)),
                                float(data.get("updated", 0.0)), str(data.get("gid", "")),
                                data.get("verified") is not None or bool(data.get("cheat"))))
        except (KeyError, TypeError, ValueError):  # damaged by hand: not listed
            continue
    return sorted(found, key=lambda e: -e.updated)


def find(storage: Storage, gid: str) -> str | None:
    """The page's id of the stored game whose engine id is ``gid``."""
    return next((e.id for e in listed(storage) if e.gid == gid), None)


def held(storage: Storage, entry: ByLinks | None, id: str) -> ByLinks | None:
    """The game ``id``: ``entry`` (the one on show) when it is that game and the storage
    holds no newer revision of it (another tab's), else the stored game loaded. Loading
    applies every link again, which a tab that holds the game need not do."""
    if entry is not None and entry.id == id:
        data = _stored(storage, id)
        revision = data.get("revision") if data is not None else None
        if not isinstance(revision, int) or revision <= entry.revision:
            return entry
    return load(storage, id)


def load(storage: Storage, id: str) -> ByLinks | None:
    """The stored game ``id`` (its links applied again by the engine), None when there is
    none or it cannot be read."""
    from kahuna import correspondence  # here: only a game by links needs the engine's part
    data = _stored(storage, id)
    if data is None:
        return None
    try:
        start = time.perf_counter()
        game = correspondence.load(data["game"])
        log_time("load", len(game.links), start)
        log = [effects_of(fx) for fx in data.get("log", [])]
        verified = data.get("verified")
        turn = data.get("turn")
        return ByLinks(id, game, str(data.get("friend", "")), log, float(data["created"]),
                       float(data["updated"]), int(data["revision"]),
                       verified if isinstance(verified, dict) else None,
                       str(data.get("cheat", "")),
                       [str(t) for t in turn] if isinstance(turn, list) else [])
    except (correspondence.LinkError, RecordError, KeyError, TypeError, ValueError) as exc:
        print(f"kahuna: a game by links could not be read: {exc!r}")  # the console
        return None


def store(storage: Storage, entry: ByLinks, now: float) -> None:
    """Write ``entry``, one revision on; ``Newer`` (nothing written) when the stored one
    was written by another tab since this one read it."""
    data = _stored(storage, entry.id)
    if data is not None and isinstance(data.get("revision"), int) \
            and data["revision"] > entry.revision:
        raise Newer(entry.id)
    entry.updated = now
    entry.revision += 1
    storage.setItem(key(entry.id), json.dumps(entry.to_json(), separators=(",", ":")))


def delete(storage: Storage, id: str) -> None:
    storage.removeItem(key(id))


# ----- the game on the page -------------------------------------------------------------

@dataclass
class FriendMatch(Match):
    """A game by links on the page: see the module's words. ``entry`` is the stored game."""

    entry: ByLinks | None = None
    showing: bool = False  # the friend's turn is shown action by action (web/state/friend_turn.py)

    @classmethod
    def of(cls, entry: ByLinks) -> FriendMatch:
        """The game as this device's player sees it now."""
        match = cls({}, _world(entry), [], list(entry.log), FRIEND, entry.game.seat,
                    id=entry.id, created=entry.created, entry=entry)
        match.revision = entry.revision
        try:  # the turn so far, as kept: a reload, or a link opened again, goes on from it
            for text in entry.turn if entry.status == PLAY else ():
                Match.play(match, Action.parse(text))
        except KahunaError:  # damaged by hand: the turn starts again
            entry.turn = []
            match._deal()
        return match

    @property
    def by_links(self) -> bool:
        return True

    def observation(self) -> Observation:
        """What the player sees. While the friend's link is awaited, a card drawn from the
        pile or laid on the display is not opened here yet: it is counted (the hand's
        size, the pile's) but its island is out of sight, since the world's is a stand-in."""
        obs = super().observation()
        if self.showing or self.entry is None:
            return obs
        hand = list(obs.hand)
        for island in self.entry.game.unopened_hand():
            hand[island] -= 1
        sealed = self.sealed()
        display = [-1 if i in sealed else c for i, c in enumerate(obs.display)]
        return replace(obs, hand=tuple(hand), display=tuple(display))

    def sealed(self) -> tuple[int, ...]:
        return () if self.showing or self.entry is None else tuple(
            self.entry.game.unopened_display())

    def waits(self) -> bool:
        """The friend's link is awaited (or this side's protocol link is due): nothing
        may be played here."""
        return self.showing or self.entry is None or self.entry.status != PLAY

    def names(self) -> tuple[str, str]:
        names = ["", ""]
        assert self.human is not None
        names[self.human] = YOU
        names[1 - self.human] = self.friend_name()
        return names[0], names[1]

    def friend_name(self) -> str:
        """The friend's name as the person typed it; "Friend", translated, when none was."""
        from ..words.language import _  # the page's language at the time it is shown
        name = self.entry.friend if self.entry is not None else ""
        return name or _("Friend")

    def log(self, tr: NullTranslations | None = None) -> list[str]:
        """The move log; no draw from the pile is named (the world's are not the true
        cards, and the friend's are sealed)."""
        return [describe(fx, None, self.names(), tr or translations("en"))
                for fx in self.effects]

    def play(self, action: Action) -> Effects:
        """Play one action of the person's turn on the world; at the turn's end, the
        whole turn goes to the engine, which makes the link to send."""
        fx = super().play(action)
        if action.kind is Kind.PILE:
            fx.drawn = -1  # the world's card, not the true one: it opens with the next link
        if self.state.is_over or self.state.to_move != self.human:
            self._send()
        return fx

    def _send(self) -> None:
        from kahuna import correspondence
        entry = self.entry
        assert entry is not None
        start = time.perf_counter()
        correspondence.take_turn(entry.game, list(self.actions))
        log_time("turn", len(entry.game.links), start)
        entry.log = list(self.effects)
        self._deal()

    def _deal(self) -> None:
        """The world again from what the engine shows; the turn's actions are sent."""
        assert self.entry is not None
        self.state, self.actions, self.effects = _world(self.entry), [], list(self.entry.log)

    def as_it_stands(self) -> None:
        """Done showing the friend's turn step by step: the game as it stands now."""
        self.showing = False
        self._deal()

    def as_it_was(self, obs: Observation, moves: int) -> None:
        """Show the board as ``obs`` sees it, with the first ``moves`` of the log, while
        the friend's turn is shown action by action: nothing may be played meanwhile."""
        assert self.entry is not None
        self.showing = True
        self.state, self.actions = seen_world(obs, len(self.entry.game.links)), []
        self.effects = list(self.entry.log[:moves])

    def undo(self) -> None:
        """Take back the last action of the turn: the world of the turn's start, the
        turn's other actions played again."""
        if not self.can_undo():
            raise RecordError("nothing to take back in this turn")
        keep = self.actions[:-1]
        self._deal()
        for action in keep:
            super().play(action)


def _world(entry: ByLinks) -> Any:
    """A State that the player cannot tell from the true one but for the stand-ins the
    engine keeps for cards not yet opened here, which ``FriendMatch.observation`` hides."""
    return seen_world(entry.game.observation, len(entry.game.links))


def seen_world(obs: Observation, seed: int) -> Any:
    """A whole State that agrees with ``obs``: the cards it cannot see dealt at random."""
    rng = random.Random(seed)
    cards = obs.unseen()
    rng.shuffle(cards)
    return obs.world(cards, rng)

