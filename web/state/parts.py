"""The App's fields in four typed parts, each with the small events that touch it alone:
the game on show, the dialog, the learning in progress, and how the page looks. ``App``
(web/state/app.py) is all four, plus what the page runs with (storage, clock, address).
A function that needs only one part can say so in its signature."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kahuna import Action, Effects

from ..game.match import Match
from ..game.saves import Saved
from ..learn.analysis import AnalysisState
from ..learn.editor import Editor
from ..learn.modes import DIAGRAM, Mode
from ..learn.puzzle import PuzzleRun
from ..learn.review import ReviewState
from ..learn.sequence import Sequence
from ..learn.tutorial import Tutorial
from .builder import Builder
from .choices import hint_selection, own_hand
from .new_game import NewGame
from .settings import Settings
from .sharing import COPIED, REFUSED, Share


@dataclass(eq=False)
class OnShow:
    """The game on show and what the person has chosen in it."""

    match: Match | None = None
    selected: tuple[int, ...] = ()  # the hand's cards chosen, by position
    hint: Action | None = None
    hint_turn: tuple[Action, ...] = ()  # the whole turn the hint begins
    fx: Effects | None = None  # the last action's effects, to animate once
    covered: bool = False  # hot seat: hands hidden until the next player taps
    thinking: bool = False  # the computer is choosing its action
    looking: bool = False  # a hint is being looked for: the next drawing says so

    def show_hint(self, action: Action, rest: list[Action] | tuple[Action, ...] = ()) -> None:
        """Show ``action`` as the hint, if it is still legal, its cards selected;
        ``rest``: the rest of the turn the strongest level planned with it."""
        m = self.match
        if m is None or action not in m.state.legal_actions():
            return
        self.hint, self.hint_turn = action, (action, *rest)
        self.selected = hint_selection(own_hand(m.observation()), action)

    def thinking_started(self) -> None:
        """The computer began choosing its action: the person waits."""
        self.thinking = True

    def thinking_done(self) -> None:
        """The computer's choice is made (or abandoned)."""
        self.thinking = False

    def looking_for_hint(self) -> None:
        """A hint was asked for: the next drawing says that one is being looked for."""
        self.looking = True


@dataclass(eq=False)
class Dialogs:
    """The dialog open over the game, and what it shows or hands to the browser once."""

    # "", "new", "problem", "scoring", "end", "notice", "elsewhere", "language",
    # "keys", "settings", "review", "share", "puzzles", "welcome", "tutorial-end"
    dialog: str = ""
    under: str = ""  # the dialog the language, keys or settings dialog was opened over
    notice: tuple[str, str, str] = ("", "", "")  # title, message, the English detail
    problem: Saved | None = None  # the save that could not be read
    # The level is looked up when first needed: importing the players at boot would
    # delay a returning player's board.
    choice: NewGame = field(default_factory=lambda: NewGame(level=""))
    share: Share | None = None  # the link the share dialog shows
    tip: str = ""  # the help shown in the bubble (web/words/tips.py), "" for none
    download: tuple[str, str] | None = None  # (file name, text), offered once
    clipboard: str | None = None  # text to copy (web/boot/dom.py), once
    pick_file: bool = False  # open the browser's file chooser (web/boot/dom.py), once

    def tell(self, title: str, message: str, detail: str = "") -> None:
        """Show a notice: a plain message with a way on; ``title`` is English marked with
        ``N_`` (translated when shown), ``detail`` the engine's English words, if any."""
        self.notice, self.dialog = (title, message, detail), "notice"

    def choose_language(self) -> None:
        """Open the language dialog over whatever is shown."""
        if self.dialog != "language":
            self.under, self.dialog = self.dialog, "language"

    def copied(self, done: bool) -> None:
        """The browser copied the shared link (``done``), or refused to."""
        if self.share is not None:
            self.share = replace(self.share, copied=COPIED if done else REFUSED)


@dataclass(eq=False)
class Learning:
    """What is being learnt or looked at instead of played (docs/architecture.md,
    "Lessons"): an embed's mode, a sequence or replay, a puzzle, the tutorial, a review."""

    mode: Mode = field(default_factory=Mode)  # embedded: what the frame shows (web/learn/modes.py)
    sequence: Sequence | None = None  # steps being looked at: a sequence, a replay
    puzzle: PuzzleRun | None = None  # a puzzle being solved (web/learn/puzzle.py)
    tutorial: Tutorial | None = None  # the lesson reached (web/learn/tutorial.py)
    review: ReviewState | None = None  # the finished game's review (web/learn/review.py)
    builder: Builder | None = None  # the embed builder, open over the page (web/state/builder.py)
    opened: dict[str, Any] | None = None  # embedded: the record Reset goes back to
    autoplay: str = ""  # ?autoplay=LEVEL: the computer plays both seats (a demo, tests)
    autoplayed: int = 0  # games autoplay finished
    editor: Editor | None = None  # a position being set up (web/learn/editor.py)
    analysis: AnalysisState | None = None  # "Best turn" (web/learn/analysis.py)

    def plays_on(self) -> bool:
        """Whether the game shown goes on when played: not the steps of a sequence or a
        replay, nor a diagram the reader may not explore, which show a game as it stood
        (a recorded game against the computer, too: its computer does not move there)."""
        return self.sequence is None and self.editor is None and (self.mode.mode != DIAGRAM or self.mode.explore)

    def puzzle_judged(self) -> bool:
        """Whether a puzzle is being solved and its turn is over (its verdict given)."""
        return self.puzzle is not None and self.puzzle.verdict is not None


@dataclass(eq=False)
class Looks:
    """How the page looks and speaks."""

    lang: str = "en"  # the language spoken (web.words.language.choose)
    settings: Settings = field(default_factory=Settings)  # the stored ones (App.load_settings)
    system_dark: bool = False  # the browser prefers dark colours
    portrait: bool = False  # a tall, narrow screen: the board turned a quarter

    def set_system_dark(self, dark: bool) -> None:
        """The browser prefers (or stopped preferring) dark colours."""
        self.system_dark = dark

    def set_portrait(self, portrait: bool) -> None:
        """The screen is (or turned) tall and narrow: the board is drawn turned."""
        self.portrait = portrait
