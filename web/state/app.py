"""The page's state: the current game, the selection, the open dialog, and the events
that change them. ``web.state.acts.handle(app, act)`` says what each clicked ``data-act``
does; ``web.view.page.view(app)`` gives everything the page shows; at boot
``web.state.opening.boot`` picks the game. All plain Python (storage and clock injected),
so the whole flow runs under CPython in tests; ``web.boot.dom`` connects it to the browser.
"""

from __future__ import annotations

import random
from typing import Callable

from kahuna import Action, Setup, parse_seat

from ..game import saves
from ..game.match import COMPUTER, HOTSEAT, Match
from ..game.players import Players, levels
from ..learn import tutorial
from ..learn.solved import mark_solved, try_puzzle
from ..words.language import N_
from . import settings
from .choices import Offers, offers, own_hand
from .friendly import Friendly
from .new_game import seat_of
from .parts import Dialogs, Learning, Looks, OnShow

NOT_SAVED = N_("This game is not being saved just now: the browser’s storage is full or "
               "switched off. Play on; it is saved again as soon as the browser allows.")
NOT_KEPT = N_("This browser does not let the page keep games: this one ends on reload.")


class App(OnShow, Dialogs, Learning, Looks):
    """Everything the page shows follows from this object's fields: its four parts
    (web/state/parts.py) and what the page runs with."""

    def __init__(self, storage: saves.Storage, now: Callable[[], float],
                 seed: int | None = None, embed: str | None = None, lang: str = "en",
                 site: str = "./") -> None:
        """``embed``: the full game's address when the page is embedded (``?embed``;
        then ``storage`` should be a MemoryStorage, and nothing is saved), else None.
        ``lang``: the language the page speaks (web.words.language.choose). ``site``: the
        page's address without a query, which share links start with (web/state/sharing.py)."""
        OnShow.__init__(self)
        Dialogs.__init__(self)
        Learning.__init__(self)
        Looks.__init__(self, lang=lang)
        self.storage, self.now = storage, now
        self.seed = seed  # fixed seed for new games (a test hook: ?seed=N)
        self.embed = embed
        self.site = site
        self.players = Players()
        self.save_problem = ""  # why the game is not being saved now, in plain words
        self.keeps = True  # the storage outlives the page (else: see no_storage)
        self.elsewhere = False  # another tab played this game on: this one stopped saving
        self.defer_until = 0.0  # until then, another tab plays (web/state/tabs.py)
        self.friend = Friendly()  # games by links (web/state/friend.py)

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
        try_puzzle(self.storage, "")  # none now: a reload shows this game

    # ----- acting -----------------------------------------------------------------

    def may_act(self) -> bool:
        """Whether the person may act on the board now."""
        m = self.match
        return (m is not None and not self.dialog and not self.covered and not self.thinking
                and not m.computer_to_move() and not m.state.is_over and self.plays_on()
                and not m.waits() and not self.puzzle_judged())

    def computer_plays(self) -> bool:
        """Whether the computer is to act now in the game shown."""
        m = self.match
        return m is not None and m.computer_to_move() and self.plays_on()

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
        mover = m.state.to_move
        self.fx = m.play(action)
        self.selected, self.hint = (), None
        if self.fx.scoring is not None or self.fx.outcome is not None:  # R23: no scoring
            self.dialog = "end" if m.state.is_over else "scoring"
            if self.autoplay and self.dialog == "scoring":  # nobody to close it
                self.dialog = ""
        if self.tutorial is not None and self.tutorial.after(self.fx) and self.tutorial.finished:
            self.dialog = "tutorial-end"  # the round's scoring, told with the rest
            tutorial.remember(self.storage, tutorial.DONE)
            return
        if (m.mode == HOTSEAT and m.state.to_move != mover and not m.state.is_over
                and self.embed is None and self.puzzle is None):  # after the handicap too
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

    def save(self) -> None:
        """Store the game (not when embedded, nor over a newer save from another tab:
        then the person chooses, see ``game_changed``); a storage that refuses is
        reported in plain words, and the next action tries again."""
        m = self.match
        if self.tutorial is not None and m is not None:  # its progress, not a saved game
            tutorial.store(self.storage, self.tutorial, m)
            return
        if (m is None or self.embed is not None or self.elsewhere or self.autoplay
                or self.sequence is not None or self.puzzle is not None  # not kept
                or m.by_links):  # kept by web/state/friend.py when a turn went out
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

    def game_changed(self) -> None:
        """This game was played on in another tab: stop saving, and let the person
        choose (the acts "newer" and "keep")."""
        self.elsewhere, self.dialog = True, "elsewhere"
        self.selected, self.hint = (), None

    @property
    def unsaved(self) -> bool:
        """The game shown is not kept (``save_problem``): leaving would lose moves or its end."""
        return bool(self.save_problem) and self.match is not None

    def no_storage(self) -> None:
        """The browser keeps nothing for this page: play on, and say the game ends on reload."""
        self.keeps, self.save_problem = False, NOT_KEPT

    # ----- the browser's events (web.boot.dom) -----------------------------------------

    def load_settings(self, reduced_motion: bool) -> None:
        """At boot: the person's stored settings (animations off by default when the
        system asks for reduced motion)."""
        self.settings = settings.load(self.storage, reduced_motion)

    def drawn(self) -> None:
        """The page showed the view: effects, a download, a copy, the file chooser and
        the hint note only once."""
        self.fx, self.download, self.looking = None, None, False
        self.clipboard, self.pick_file = None, False
