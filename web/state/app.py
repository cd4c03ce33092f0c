"""The page's state: the current game, the selection, the open dialog, and the events
that change them.

``web.state.acts.handle(app, act)`` takes the ``data-act`` of a clicked element and says
what each act does; ``web.view.page.view(app)`` gives everything the page shows; at boot
``web.state.opening.boot`` picks the game. All plain Python (storage and clock are injected),
so the whole flow runs under CPython in tests; ``web.boot.dom`` only connects it to the
browser.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from kahuna import TURN_ENDING, Action, Effects, Setup, observe, parse_seat

from . import settings
from ..game import saves
from ..learn import tutorial
from .new_game import NewGame, seat_of
from .choices import Offers, hint_selection, offers
from ..game.match import COMPUTER, HOTSEAT, Match
from ..words.language import KEY, N_, _, supported
from ..learn.puzzle import PuzzleRun
from ..learn.modes import DIAGRAM, Mode
from .choices import own_hand
from ..game.players import Players, levels
from ..learn.solved import mark_solved
from ..learn.review import ReviewState, start_review
from ..learn.sequence import Sequence
from .sharing import COPIED, REFUSED, Share

if TYPE_CHECKING:  # the players are imported lazily (boot time)
    from kahuna import Thinking

NOT_SAVED = N_("This game is not being saved just now: the browser’s storage is full or "
               "switched off. Play on; it is saved again as soon as the browser allows.")
DELETED = N_("This game was deleted in another tab")
NOT_KEPT = N_("This browser does not let the page keep games: this one ends on reload.")
#: Seconds a tab that took up another tab's game in the computer's turn leaves that turn
#: to the other tab (each of its actions stored starts the wait again): more than the
#: slowest pace between two actions (3 s) and a decision's thinking.
DEFER_SECONDS = 6.0


class App:
    """Everything the page shows follows from this object's fields."""

    def __init__(self, storage: saves.Storage, now: Callable[[], float],
                 seed: int | None = None, embed: str | None = None, lang: str = "en",
                 site: str = "./") -> None:
        """``embed``: the full game's address when the page is embedded (``?embed``;
        then ``storage`` should be a MemoryStorage, and nothing is saved), else None.
        ``lang``: the language the page speaks (web.words.language.choose). ``site``: the
        page's address without a query, which share links start with (web/view/share.py)."""
        self.storage = storage
        self.lang = lang
        self.now = now
        self.seed = seed  # fixed seed for new games (a test hook: ?seed=N)
        self.embed = embed
        self.match: Match | None = None
        self.selected: tuple[int, ...] = ()
        self.hint: Action | None = None
        self.hint_turn: tuple[Action, ...] = ()  # the whole turn the hint begins
        self.fx: Effects | None = None  # the last action's effects, to animate once
        # "", "new", "problem", "scoring", "end", "notice", "elsewhere", "language",
        # "keys", "settings", "review", "share"
        self.dialog = ""
        self.under = ""  # the dialog the language, keys or settings dialog was opened over
        self.settings = settings.Settings()  # the stored ones: see load_settings
        self.system_dark = False  # the browser prefers dark colours
        self.review: ReviewState | None = None  # the finished game's review (web.learn.review)
        self.problem: saves.Saved | None = None
        self.notice = ("", "", "")  # title, message, the English detail (bug reports)
        # The level is looked up when first needed: importing the players at boot
        # would delay a returning player's board.
        self.choice = NewGame(level="")
        self.covered = False  # hot seat: hands hidden until the next player taps
        self.players = Players()
        self.thinking = False  # the computer is choosing its action
        self.looking = False  # a hint is being looked for: the next drawing says so
        self.portrait = False  # a tall, narrow screen: the board turned a quarter
        self.download: tuple[str, str] | None = None  # (file name, text), offered once
        self.save_problem = ""  # why the game is not being saved now, in plain words
        self.keeps = True  # the storage outlives the page (else: see no_storage)
        self.elsewhere = False  # another tab played this game on: this one stopped saving
        self.defer_until = 0.0  # see take_up_newer: until then, the other tab plays
        self.opened: dict[str, Any] | None = None  # embedded: the record Reset goes back to
        self.autoplay = ""  # ?autoplay=LEVEL: the computer plays both seats (a demo, tests)
        self.autoplayed = 0  # games autoplay finished
        self.tip = ""  # the help shown in the bubble (web/words/tips.py), "" for none
        self.site = site
        self.share: Share | None = None  # the link the share dialog shows
        self.clipboard: str | None = None  # text to copy (web/boot/dom.py), once
        self.pick_file = False  # open the browser's file chooser (web/boot/dom.py), once
        self.mode = Mode()  # embedded: what the frame shows and its options (web/learn/modes.py)
        self.sequence: Sequence | None = None  # steps being looked at: a sequence, a replay
        self.puzzle: PuzzleRun | None = None  # a puzzle being solved (web/learn/puzzle.py)
        self.tutorial: tutorial.Tutorial | None = None  # the lesson reached (web/learn/tutorial.py)

    # ----- starting ---------------------------------------------------------------

    def start(self) -> None:
        """A new game with the dialog's options."""
        c = self.choice
        rng = random.Random(self.seed if self.seed is not None else self.now())
        first = seat_of(c.first, rng)
        setup = Setup(seed=rng.getrandbits(31), first=first, fewer_surprises=c.fewer_surprises,
                      open_draws=c.open_draws, handicap=c.handicap,
                      handicap_player=parse_seat(c.handicap_player))
        human = seat_of(c.colour, rng) if c.mode == COMPUTER else None
        now = self.now()
        c.level = c.level or levels()[0]
        if self.autoplay:  # the computer in both seats: nobody's hand is hidden
            c.mode, human, c.level = COMPUTER, None, self.autoplay
        match = Match.new(setup, c.mode, human, c.level, saves.new_id(self.storage, now), now)
        self.resume(match)
        self.save()

    def resume(self, match: Match) -> None:
        """Show ``match`` from where it stands, nothing selected."""
        if self.tutorial is not None:  # another game: the tutorial is left
            self.tutorial = None
            tutorial.remember(self.storage, tutorial.SKIPPED)
        self.match = match
        self.selected, self.hint, self.fx = (), None, None
        # A reload never shows a hand unasked (the device may have been passed on); a
        # finished game hides nothing. Embedded, one reader plays both seats of a linked
        # position, so the page shows the mover's hand (R24: the other shows as backs).
        self.covered = match.mode == HOTSEAT and self.embed is None and not match.state.is_over
        self.dialog = "end" if match.state.is_over else ""
        self.elsewhere = False
        self.sequence = self.puzzle = None

    def remember_opening(self) -> None:
        """Embedded: keep the game as it opened, for Reset (once)."""
        if self.embed is not None and self.opened is None and self.match is not None:
            self.opened = self.match.to_record()

    # ----- acting -----------------------------------------------------------------

    def may_act(self) -> bool:
        """Whether the person may act on the board now."""
        m = self.match
        return (m is not None and not self.dialog and not self.covered and not self.thinking
                and not m.computer_to_move() and not m.state.is_over and self.plays_on()
                and not self.puzzle_judged())

    def computer_plays(self) -> bool:
        """Whether the computer is to act now in the game shown."""
        m = self.match
        return m is not None and m.computer_to_move() and self.plays_on()

    def plays_on(self) -> bool:
        """Whether the game shown goes on when played: not the steps of a sequence or a
        replay, nor a diagram the reader may not explore, which show a game as it stood
        (a recorded game against the computer, too: its computer does not move there)."""
        return self.sequence is None and (self.mode.mode != DIAGRAM or self.mode.explore)

    def puzzle_judged(self) -> bool:
        """Whether a puzzle is being solved and its turn is over (its verdict given)."""
        return self.puzzle is not None and self.puzzle.verdict is not None

    def legal(self) -> list[Action]:
        """The actions on offer: the legal ones, in the tutorial those its lesson asks for."""
        m = self.match
        if m is None:
            return []
        return m.state.legal_actions() if self.tutorial is None else self.tutorial.allowed(m.state)

    def offers(self) -> Offers:
        """What the person may click now, given the selected cards."""
        m = self.match
        if m is None or not self.may_act():
            return Offers()
        return offers(self.legal(), own_hand(m.observation()), self.selected)

    def play(self, action: Action) -> None:
        """Play one legal action for the player to move (person or computer)."""
        m = self.match
        assert m is not None
        self.fx = m.play(action)
        self.selected, self.hint = (), None
        if self.fx.scoring is not None:
            self.dialog = "end" if m.state.is_over else "scoring"
            if self.autoplay and self.dialog == "scoring":  # nobody to close it
                self.dialog = ""
        if self.tutorial is not None and self.tutorial.after(self.fx) and self.tutorial.finished:
            self.dialog = "tutorial-end"  # the round's scoring, told with the rest
            tutorial.remember(self.storage, tutorial.DONE)
            return
        if (m.mode == HOTSEAT and action.kind in TURN_ENDING and not m.state.is_over
                and self.embed is None and self.puzzle is None):
            self.covered = True
        run = self.puzzle
        if run is not None and run.judge(m):
            # the verdict is the answer to the turn: no round-end or game-end dialog over it
            # (a turn that draws the round's last card scores, R16-R17)
            if self.dialog in ("scoring", "end"):
                self.dialog = ""
            if run.verdict.reached and self.embed is None:
                mark_solved(self.storage, run.name)
        self.save()

    def think(self, for_hint: bool = False) -> Thinking:
        """Start a decision: the computer's action, or the strongest level's hint for the
        person (from the person's own observation, R24)."""
        m = self.match
        assert m is not None
        if self.tutorial is not None and not for_hint:  # the scripted opponent
            from kahuna import Decided
            return Decided(tutorial.reply(observe(m.state, m.state.to_move)))
        level = levels()[-1] if for_hint else m.level
        seed = None if self.seed is None else f"{self.seed}:{len(m.actions)}:{for_hint}"
        player = self.players.get(m.id, level, for_hint)
        return player.think(observe(m.state, m.state.to_move), random.Random(seed))

    def show_hint(self, action: Action, rest: list[Action] | tuple[Action, ...] = ()) -> None:
        """Show ``action`` as the hint, if it is still legal, its cards selected;
        ``rest``: the rest of the turn the strongest level planned with it."""
        m = self.match
        if m is None or action not in m.state.legal_actions():
            return
        self.hint, self.hint_turn = action, (action, *rest)
        self.selected = hint_selection(own_hand(m.observation()), action)

    def hint_planned(self) -> list[Action]:
        """The rest of the turn the hint's player planned (its players plan whole turns)."""
        m = self.match
        if m is None:
            return []
        player = self.players.get(m.id, levels()[-1], True)
        return list(getattr(player, "planned", list)())  # a level that plans turns has it

    def save(self) -> None:
        """Store the game (not when embedded, nor over a newer save from another tab:
        then the person chooses, see ``game_changed``); a storage that refuses is
        reported in plain words, and the next action tries again."""
        m = self.match
        if self.tutorial is not None and m is not None:  # its progress, not a saved game
            tutorial.store(self.storage, self.tutorial, m)
            return
        if (m is None or self.embed is not None or self.elsewhere or self.autoplay
                or self.sequence is not None or self.puzzle is not None):  # not kept
            return
        try:
            saves.store(self.storage, m, self.now())
            if m.state.is_over:
                saves.count_result(self.storage, m)
        except saves.Newer:
            self.game_changed()
        except Exception as exc:  # storage full or switched off: play on, say so
            print(f"kahuna: the game could not be saved: {exc!r}")  # the console, for reports
            self.save_problem = NOT_SAVED
        else:
            self.save_problem = "" if self.keeps else NOT_KEPT

    def open_review(self) -> None:
        """Review the finished game against the computer: the person's turns, judged by
        the strongest level (``web.boot.dom`` runs the judging in slices); kept while the game
        is the same, so that reopening it is instant."""
        m = self.match
        if m is None or not m.state.is_over or m.mode != COMPUTER or m.human is None:
            return
        if self.review is None or self.review.game != m.id:
            self.review = start_review(m)
        self.dialog = "review"

    def choose_language(self) -> None:
        """Open the language dialog over whatever is shown."""
        if self.dialog != "language":
            self.under, self.dialog = self.dialog, "language"

    def speak(self, lang: str) -> None:
        """Speak ``lang`` from now on, remember it, and go back to what was shown; the game
        stays as it is. An unknown code is ignored."""
        code = supported(lang)
        if code is None:
            return
        self.lang = code
        if self.dialog == "language":
            self.dialog, self.under = self.under, ""
        try:
            self.storage.setItem(KEY, code)
        except Exception:  # storage full or switched off: this page still speaks it
            pass

    @property
    def unsaved(self) -> bool:
        """The game shown is not kept (``save_problem``): leaving the page would lose it,
        or reopen it as last saved, moves or its end missing."""
        return bool(self.save_problem) and self.match is not None

    def no_storage(self) -> None:
        """The browser keeps nothing for this page: play on, and say the game ends on reload."""
        self.keeps, self.save_problem = False, NOT_KEPT

    def tell(self, title: str, message: str, detail: str = "") -> None:
        """Show a notice: a plain message with a way on; ``title`` is English marked with
        ``N_`` (translated when shown), ``detail`` the engine's English words, if any."""
        self.notice, self.dialog = (title, message, detail), "notice"

    def game_changed(self) -> None:
        """This game was played on in another tab: stop saving, and let the person
        choose (the acts "newer" and "keep")."""
        self.elsewhere, self.dialog = True, "elsewhere"
        self.selected, self.hint = (), None

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote ``key`` (the browser's storage event; None: it cleared all).
        While this tab waits for the other to play the computer's turn, it follows that
        tab's game; otherwise the person chooses."""
        m = self.match
        if m is None or self.embed is not None or self.elsewhere:
            return
        mine = saves.PREFIX + m.id
        if key == mine and saves.is_newer(self.storage, m):
            if not (self.waiting_for_other() and self.take_up_newer()):
                self.game_changed()
        elif key in (mine, None) and m.revision and self.storage.getItem(mine) is None:
            # Deleted there (or every save cleared): this tab's next action would save it
            # again, unsaid (a tester saw a deleted game come back).
            self.tell(DELETED, _("Play on, and this tab saves it again; or choose "
                                 "“New game” to leave it."))

    def take_up_newer(self) -> bool:
        """Go on with this game as another tab stored it; False when it cannot be read
        (deleted there, or damaged). Taken up in the computer's turn, the other tab is
        playing that turn: this one waits DEFER_SECONDS for its actions before playing
        the turn itself (the other tab may have been closed)."""
        m = self.match
        entry = saves.load(self.storage, m.id) if m is not None else None
        if entry is None or entry.match is None:
            return False
        self.players.forget()  # a level's planned turn belongs to the abandoned position
        self.resume(entry.match)
        self.defer_until = self.now() + DEFER_SECONDS if entry.match.computer_to_move() else 0.0
        return True

    def waiting_for_other(self) -> bool:
        """Whether the computer's turn is left to the tab this game was taken up from."""
        m = self.match
        return m is not None and m.computer_to_move() and self.now() < self.defer_until

    def autoplay_next(self) -> None:
        """Autoplay: the game is over; count it and deal the next."""
        self.autoplayed += 1
        self.start()

    # ----- the browser's events (web.boot.dom) -----------------------------------------

    def load_settings(self, reduced_motion: bool) -> None:
        """At boot: the person's stored settings (animations off by default when the
        system asks for reduced motion)."""
        self.settings = settings.load(self.storage, reduced_motion)

    def set_system_dark(self, dark: bool) -> None:
        """The browser prefers (or stopped preferring) dark colours."""
        self.system_dark = dark

    def set_portrait(self, portrait: bool) -> None:
        """The screen is (or turned) tall and narrow: the board is drawn turned."""
        self.portrait = portrait

    def thinking_started(self) -> None:
        """The computer began choosing its action: the person waits."""
        self.thinking = True

    def thinking_done(self) -> None:
        """The computer's choice is made (or abandoned)."""
        self.thinking = False

    def looking_for_hint(self) -> None:
        """A hint was asked for: the next drawing says that one is being looked for."""
        self.looking = True

    def copied(self, done: bool) -> None:
        """The browser copied the shared link (``done``), or refused to."""
        if self.share is not None:
            self.share = replace(self.share, copied=COPIED if done else REFUSED)

    def drawn(self) -> None:
        """The page showed the view: effects, a download, a copy, the file chooser and
        the hint note only once."""
        self.fx, self.download, self.looking = None, None, False
        self.clipboard, self.pick_file = None, False
