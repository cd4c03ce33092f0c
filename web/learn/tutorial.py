"""The tutorial: a short guided game from a prepared position, one lesson at a time.

The person plays Black against a scripted computer. Each lesson but the first waits for
one kind of action; the page offers only the legal actions that do what the lesson
asks (the engine plays each on a copy of the position and the lesson reads the
Effects), and the lesson is done when the Effects of the person's real action say so.
Pure Python: the page (web/state/app.py) holds one ``Tutorial`` while it runs, and the
progress is kept under ``KEY`` in the browser's storage, so a reload goes on from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kahuna import (
    BLACK, ISLANDS, RECORD_FORMAT, RECORD_VERSION, TURN_ENDING, Action, Effects, KahunaError, Kind,
    Observation, State, load_json,
)

from ..game.match import COMPUTER, Match
from ..game.saves import Storage
from ..words.language import N_

#: The storage key: absent on a first visit; SKIPPED, DONE, or the progress as JSON.
KEY = "kahuna.tutorial"
SKIPPED, DONE = "skipped", "done"
#: The tutorial's game id (it is never in the saved-games list).
GAME_ID = "tutorial"

#: Round 1, Black (the person) to move with a full hand. White holds HUNA and JOJO with
#: three bridges each, and its ALOA-HUNA bridge hangs on ALOA: a second Black bridge on
#: ALOA sweeps it away (R11) and HUNA with it. Four cards are left to draw, so the round
#: ends (R16) on the person's third turn, with Black ahead (R17).
POSITION: dict[str, Any] = {
    "format": "kahuna-position", "version": 1, "to_move": "black",
    "bridges": {"black": ["BARI-COCO", "COCO-GOLA"],
                "white": ["ALOA-HUNA", "DUDA-HUNA", "HUNA-IFFI", "FAAA-JOJO", "GOLA-JOJO",
                          "IFFI-JOJO"]},
    "hands": {"black": ["ALOA", "ALOA", "DUDA", "JOJO", "JOJO"],
              "white": ["GOLA", "KAHU", "LALE"]},
    "display": ["IFFI", "ELAI", "BARI"], "pile": ["ELAI"],
    "discard": {"up": ["BARI", "COCO", "COCO", "DUDA", "FAAA", "FAAA", "GOLA", "HUNA", "HUNA",
                       "IFFI", "KAHU", "LALE"], "down": []},
}
#: The computer's bridge on each of its turns (away from the lessons); then it draws.
REPLIES = ("KAHU>LALE", "GOLA>KAHU")
HUMAN = BLACK
_ALOA = ISLANDS.index("ALOA")


def _draws(fx: Effects) -> bool:
    return fx.action.kind in (Kind.TAKE, Kind.PILE)


@dataclass(frozen=True)
class Lesson:
    """One step: a title and 1-3 sentences (English, marked for the catalogues),
    ``wants``, what the person's action must do, read from its Effects (None: a lesson
    to read, then Next), and ``part``, the id of the part of the page it is about, which
    the page brings into sight beside its words; ``also``, another part its words name
    (the computer's hand), brought into sight with it."""

    key: str
    title: str
    text: str
    wants: Callable[[Effects], bool] | None = None
    part: str = "hand"
    also: str = ""


LESSONS: tuple[Lesson, ...] = (
    Lesson("board", N_("The board"), N_(
        "Twelve islands joined by lines: you build bridges on the lines to control islands. "
        "The number on each island, and in the corner of its cards, is how many lines it "
        "has. You play Black against the computer (White)."), part="board"),
    Lesson("place", N_("Build a bridge"), N_(
        "A card builds one bridge on a free line of its island. Choose one of your "
        "ALOA cards: the free lines of ALOA light up. Choose one to build there."),
           lambda fx: fx.action.kind is Kind.PLACE and fx.action.cards == (_ALOA,)),
    Lesson("draw", N_("Draw a card"), N_(
        "A turn ends with a draw: choose a card of the display or the face-down pile. With "
        "five cards in hand you could not draw; now you have four."), _draws, "table"),
    Lesson("control", N_("Take an island"), N_(
        "ALOA has 3 lines: bridges on more than half of them, 2, control it. Build your "
        "second bridge on ALOA: the computer’s bridges that touch an island you take go "
        "back to its supply."), lambda fx: bool(fx.gained)),
    Lesson("remove", N_("Remove a bridge"), N_(
        "Your token on ALOA shows that it is yours; the computer lost its ALOA–HUNA bridge, "
        "and HUNA with it. Two cards remove an opponent’s bridge when each shows one of the "
        "line’s islands: choose both JOJO cards, then a lit bridge."),
           lambda fx: fx.action.kind is Kind.REMOVE),
    Lesson("pass", N_("End a turn without drawing"), N_(
        "The computer has lost JOJO too. You may end a turn without a card, unless your "
        "opponent did so just before: press “End turn”."),
           lambda fx: fx.action.kind is Kind.PASS, "acts"),
    Lesson("last", N_("The end of a round"), N_(
        "One card is left to draw, as the count at the top of the page shows. A dashed card "
        "in the computer’s hand is one you saw it take. Take the last card of the display: "
        "the round ends and is scored."), _draws, "table", "opp-hand"),
)


@dataclass
class Tutorial:
    """Where the person is in the tutorial: ``step`` indexes LESSONS (len: finished)."""

    step: int = 0

    @property
    def lesson(self) -> Lesson | None:
        """The lesson shown now; None once the tutorial is finished."""
        return LESSONS[self.step] if self.step < len(LESSONS) else None

    @property
    def finished(self) -> bool:
        return self.step >= len(LESSONS)

    def allowed(self, state: State) -> list[Action]:
        """The legal actions that do what the lesson asks: none while it is to be read.
        A turn's end is judged by its kind alone, so no hidden card is looked at (R24)."""
        lesson = self.lesson
        if lesson is None or lesson.wants is None:
            return []
        wants = lesson.wants
        return [a for a in state.legal_actions()
                if wants(Effects(state.to_move, a) if a.kind in TURN_ENDING
                         else state.fork().play(a))]

    def missed(self, state: State, cards: tuple[int, ...]) -> bool:
        """Whether the chosen ``cards`` (sorted islands) are part of no action the lesson
        asks for: one JOJO card on the way to a removal is fine, a wrong card is not."""
        return bool(cards) and not any(all(a.cards.count(c) >= cards.count(c) for c in cards)
                                       for a in self.allowed(state))

    def after(self, fx: Effects) -> bool:
        """Check an action the person played; True (and the next lesson) when it did
        what the lesson asked."""
        lesson = self.lesson
        if lesson is None or lesson.wants is None or fx.player != HUMAN or not lesson.wants(fx):
            return False
        self.step += 1
        return True

    def read(self) -> None:
        """Next, on a lesson to read."""
        lesson = self.lesson
        if lesson is not None and lesson.wants is None:
            self.step += 1


def reply(obs: Observation) -> Action:
    """The computer's next action, from what White sees (R24): the scripted bridge of
    this turn while it is legal, then the pile, else a display card, else a pass."""
    own = [text for player, text in obs.history if player == obs.seat]
    turns = sum(1 for text in own if Action.parse(text).kind in TURN_ENDING)
    acted = bool(obs.history) and obs.history[-1][0] == obs.seat
    legal = obs.legal_actions()
    if not acted and turns < len(REPLIES) and Action.parse(REPLIES[turns]) in legal:
        return Action.parse(REPLIES[turns])
    for kind in (Kind.PILE, Kind.TAKE, Kind.PASS):
        for action in legal:
            if action.kind is kind:
                return action
    return legal[0]


def begin(actions: list[str] | None = None) -> Match:
    """The tutorial's game from POSITION, after ``actions`` (raises KahunaError when they
    do not replay)."""
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "position": POSITION,
              "seed": 1, "actions": actions or [],
              "meta": {"mode": COMPUTER, "human": HUMAN, "level": "beginner", "id": GAME_ID}}
    return Match.from_record(record)


def first_visit(storage: Storage) -> bool:
    """This browser kept nothing of the game (no tutorial choice, game, result, setting
    or language): a first visit."""
    keys = (storage.key(i) for i in range(storage.length))
    return not any(k and k.startswith("kahuna.") for k in keys)


def remember(storage: Storage, value: str) -> None:
    """Keep SKIPPED or DONE (a storage that refuses: the offer may come again)."""
    try:
        storage.setItem(KEY, value)
    except Exception:  # storage full or switched off: nothing else depends on it
        pass


def store(storage: Storage, tutorial: Tutorial, match: Match) -> None:
    """Keep the progress, so that a reload goes on from it."""
    remember(storage, json.dumps({"step": tutorial.step,
                                  "actions": [str(a) for a in match.actions]}))


def resume(storage: Storage) -> tuple[Tutorial, Match] | None:
    """The tutorial in progress, if the storage holds one that replays; else None (a
    damaged value counts as a tutorial left, never as an error)."""
    raw = storage.getItem(KEY)
    if raw is None or raw in (SKIPPED, DONE):
        return None
    try:
        data = load_json(raw, KahunaError)
        step, actions = data["step"], data["actions"]
        if type(step) is not int or not 0 <= step < len(LESSONS) or not isinstance(actions, list):
            return None
        return Tutorial(step), begin([str(a) for a in actions])
    except (KahunaError, TypeError, KeyError, ValueError):
        return None
