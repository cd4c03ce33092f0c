"""The page's state machine: the current game, the selection, the open dialog.

``App.handle(act)`` takes the ``data-act`` of a clicked element; ``App.view()`` gives
the HTML of every part of the page. Both are plain Python (storage and clock are
injected), so the whole flow runs under CPython in tests; ``web.dom`` only connects
them to the browser.
"""

from __future__ import annotations

import json
import random
from html import escape
from typing import TYPE_CHECKING, Any, Callable

from kahuna import (
    LINK_KEYS, TURN_ENDING, Action, Effects, KahunaError, Setup, decode_link, describe,
    link_record, observe, parse_seat, possessive,
)

from . import dialogs, panels, saves
from .choices import Offers, hint_selection, offers, toggle
from .controller import COMPUTER, HOTSEAT, Match
from .embed import bad_link_html
from .render import Marks, board_svg

if TYPE_CHECKING:  # the players are imported lazily (boot time)
    from kahuna import Player, Thinking


#: Acts of the saved games and the new-game dialog: not for an embedded page.
_FULL_GAME_ONLY = ("menu", "set", "continue", "delete", "download")

#: Seconds a level may think per decision in the page (issue 4: at most 1.5 s at the
#: 95th percentile); below that the answer depends only on the seed.
THINKING_CAP = 1.2


def levels() -> tuple[str, ...]:
    """Levels a person can choose, weakest first ("random" until the bots exist)."""
    from kahuna import LEVELS  # lazy: the players may be big
    return tuple(LEVELS) or ("random",)


class App:
    """Everything the page shows follows from this object's fields."""

    def __init__(self, storage: saves.Storage, now: Callable[[], float],
                 seed: int | None = None, embed: str | None = None) -> None:
        """``embed``: the full game's address when the page is embedded (``?embed``;
        then ``storage`` should be a MemoryStorage, and nothing is saved), else None."""
        self.storage = storage
        self.now = now
        self.seed = seed  # fixed seed for new games (a test hook: ?seed=N)
        self.match: Match | None = None
        self.selected: tuple[int, ...] = ()
        self.hint: Action | None = None
        self.fx: Effects | None = None  # the last action's effects, to animate
        self.dialog = ""  # "", "new", "problem", "scoring", "end", "notice"
        self.problem: saves.Saved | None = None
        self.notice = ("", "")
        # The level is looked up when first needed: importing the players at boot
        # would delay a returning player's board.
        self.choice = dialogs.NewGame(level="")
        self.covered = False  # hot seat: hands hidden until the next player taps
        self.thinking = False
        self._players: dict[tuple[str, str, bool], Player] = {}
        self.portrait = False  # a tall, narrow screen: the board turned a quarter
        self.download: tuple[str, str] | None = None  # (file name, text) for the page
        self.save_problem = ""
        self.embed = embed
        self.opened: dict[str, Any] | None = None  # embedded: the record Reset goes back to

    # ----- starting ---------------------------------------------------------------

    def boot(self, params: dict[str, str]) -> None:
        """Open a linked game/position, else the current save, else a fresh game."""
        if any(key in params for key in LINK_KEYS):
            self._open_link(params)
        elif self.embed is not None:  # embedded without a link: against the computer
            self.start()
        else:
            self._open_current()
        self._remember_opening()

    def _open_current(self) -> None:
        entry = saves.current(self.storage)
        if entry is not None and entry.match is not None:
            self._resume(entry.match)
        elif entry is not None and entry.raw:
            self.problem, self.dialog = entry, "problem"
        else:
            self.start()

    def _open_link(self, params: dict[str, str]) -> None:
        key = "record" if "record" in params else "position"
        try:
            data = link_record(key, decode_link(params[key]))
            if isinstance(data, dict) and "meta" not in data:  # a bare record: two players
                data["meta"] = {"mode": HOTSEAT}
            match = Match.from_record(data)
        except (ValueError, KahunaError, TypeError, AttributeError) as exc:
            self.notice = ("This link holds no game that can be opened",
                           f"The {key} in the address could not be read: {exc}")
            self.dialog = "notice"
            entry = saves.current(self.storage)
            if entry is not None and entry.match is not None and self.embed is None:
                self.match = entry.match
            return
        match.id = saves.new_id(self.storage, self.now())
        match.created = self.now()
        self._resume(match)
        self._save()

    def _resume(self, match: Match) -> None:
        self.match = match
        self.selected, self.hint, self.fx = (), None, None
        # A reload or a link never shows a hand unasked; embedded, one reader plays both
        # seats of a linked position, so the page shows the mover's hand (R24 still holds:
        # the other hand shows as backs).
        self.covered = match.mode == HOTSEAT and self.embed is None
        self.dialog = "end" if match.state.is_over else ""

    def start(self) -> None:
        """A new game with the dialog's options."""
        c = self.choice
        rng = random.Random(self.seed if self.seed is not None else self.now())
        seat = {"black": 0, "white": 1}
        first = seat.get(c.first, rng.randrange(2))
        setup = Setup(seed=rng.getrandbits(31), first=first, fewer_surprises=c.fewer_surprises,
                      open_draws=c.open_draws, handicap=c.handicap,
                      handicap_player=parse_seat(c.handicap_player))
        human = seat.get(c.colour, rng.randrange(2)) if c.mode == COMPUTER else None
        now = self.now()
        c.level = c.level or levels()[0]
        match = Match.new(setup, c.mode, human, c.level, saves.new_id(self.storage, now), now)
        self._resume(match)
        self._save()

    # ----- acting -----------------------------------------------------------------

    def handle(self, act: str) -> None:
        """React to one click; unknown or stale acts (a double click that arrives after
        the position changed) are ignored."""
        try:
            self._handle(act)
        except (ValueError, KahunaError):
            pass

    def _handle(self, act: str) -> None:
        head, _, rest = act.partition(":")
        m = self.match
        if self.embed is not None and head in _FULL_GAME_ONLY:
            return
        if head == "do" and m is not None and self._may_act():
            self._play(Action.parse(rest))
        elif head == "card" and m is not None and self._may_act():
            self.selected = toggle(self.selected, int(rest), self._offers().most)
        elif head == "undo" and m is not None and m.can_undo():
            m.undo()
            self.selected, self.hint, self.fx = (), None, None
            self._save()
        elif head == "set":
            key, _, value = rest.partition(":")
            self.choice.set(key, value, levels())
        elif head == "menu":
            self.dialog = "new"
        elif head == "start":
            self.start()
            self._remember_opening()  # embedded after a bad link: Reset comes back here
        elif head == "reset" and self.opened is not None:
            self._players = {}  # a level's planned turn belongs to the abandoned game
            self._resume(Match.from_record(self.opened))
        elif head == "rematch" and m is not None:
            self._same_options_as(m)
            self.start()
        elif head == "close" and (m is not None or self.embed is None):
            self.dialog = "" if m is not None else "new"
        elif head == "uncover":
            self.covered = False
        elif head == "continue":
            entry = saves.load(self.storage, rest)
            if entry.match is not None:
                self._resume(entry.match)
                saves.store(self.storage, entry.match, self.now())
        elif head == "delete":
            saves.delete(self.storage, rest)
            if m is not None and m.id == rest:
                self.match = None
            self.dialog = "new"
        elif head == "export" and m is not None:  # the game record, for replays and reports
            self.download = (f"kahuna-game-{m.id}.json", json.dumps(m.to_record(), indent=1))
        elif head == "download":
            raw = self.storage.getItem(saves.PREFIX + rest) or ""
            self.download = (f"kahuna-save-{rest}.json", raw)

    def _same_options_as(self, m: Match) -> None:
        """A rematch: the finished game's mode, level, colours and variants, a new deal."""
        c = self.choice
        c.mode, c.level = m.mode, m.level
        if m.human is not None:
            c.colour = ("black", "white")[m.human]
        c.fewer_surprises, c.open_draws = m.state.fewer_surprises, m.state.open_draws
        setup = m.origin.get("setup", {})
        c.handicap = setup.get("handicap", 0) if isinstance(setup, dict) else 0
        if c.handicap:
            c.handicap_player = str(setup.get("handicap_player", "white"))

    def _may_act(self) -> bool:
        m = self.match
        return (m is not None and not self.dialog and not self.covered and not self.thinking
                and not m.computer_to_move() and not m.state.is_over)

    def _play(self, action: Action) -> None:
        m = self.match
        assert m is not None
        self.fx = m.play(action)
        self.selected, self.hint = (), None
        if self.fx.scoring is not None:
            self.dialog = "end" if m.state.is_over else "scoring"
        if (m.mode == HOTSEAT and action.kind in TURN_ENDING and not m.state.is_over
                and self.embed is None):
            self.covered = True
        self._save()

    def play_computer(self, action: Action) -> None:
        """The computer's chosen action (it decided from its own observation)."""
        self._play(action)

    def think(self, for_hint: bool = False) -> Thinking:
        """Start a decision: the computer's move, or the strongest level's hint for the
        person (from the person's own observation, R24). Returns a Thinking."""
        m = self.match
        assert m is not None
        level = levels()[-1] if for_hint else m.level
        seed = None if self.seed is None else f"{self.seed}:{len(m.actions)}:{for_hint}"
        player = self._player(m.id, level, for_hint)
        return player.think(observe(m.state, m.state.to_move), random.Random(seed))

    def _player(self, game: str, level: str, for_hint: bool) -> Player:
        """One player per game and role, kept: a level remembers the rest of its turn."""
        from kahuna import make_player
        key = (game, level, for_hint)
        if key not in self._players:
            try:
                player = make_player(level, time_cap=THINKING_CAP)
            except KeyError:  # a save from a version with other level names
                player = make_player(levels()[0], time_cap=THINKING_CAP)
            self._players = {key: player} | {
                k: v for k, v in self._players.items() if k[0] == game}
        return self._players[key]

    def show_hint(self, action: Action) -> None:
        """Show ``action`` as the hint, if it is still legal, its cards selected."""
        m = self.match
        if m is None or action not in m.state.legal_actions():
            return
        self.hint = action
        self.selected = hint_selection(panels.own_hand(m.observation()), action)

    def _remember_opening(self) -> None:
        """Embedded: keep the game as it opened, for Reset (once)."""
        if self.embed is not None and self.opened is None and self.match is not None:
            self.opened = self.match.to_record()

    def _save(self) -> None:
        m = self.match
        if m is None or self.embed is not None:  # embedded: in memory only
            return
        try:
            saves.store(self.storage, m, self.now())
            if m.state.is_over:
                saves.count_result(self.storage, m)
            self.save_problem = ""
        except Exception as exc:  # storage full or switched off: play on, say so
            self.save_problem = f"This game is not being saved ({exc})."

    def effects_shown(self) -> None:
        """The last action's effects were animated once; later drawings show the result."""
        self.fx = None

    # ----- what the page shows ----------------------------------------------------

    def _offers(self) -> Offers:
        m = self.match
        if m is None or not self._may_act():
            return Offers()
        obs = m.observation()
        return offers(m.state.legal_actions(), panels.own_hand(obs), self.selected)

    def view(self) -> dict[str, Any]:
        """HTML for each part of the page, keyed by element id; "" hides a part."""
        m = self.match
        out: dict[str, Any] = {"dialog": self._dialog_html(), "cover": ""}
        if m is None:
            out.update(board=board_svg(None, portrait=self.portrait), players="", hand="", opp_hand="", table="",
                       acts="", scores="", log="", recent="", round="", prompt="No game in progress.",
                       hint_ok=False, turn="none")
            return out
        obs = m.observation()
        names = m.names()
        offer = self._offers()
        hint_line = self.hint.line if self.hint is not None else -1
        covered = self.covered and m.mode == HOTSEAT
        marks = Marks(offer.acts(), hint_line, self.fx)
        out["board"] = board_svg(obs, marks, self.portrait)
        out["players"] = panels.players_html(obs, names)
        out["hand"] = panels.hand_html(obs, self.selected, covered,
                                       self.selected if self.hint else ())
        out["opp_hand"] = panels.opponent_hand_html(obs)
        out["table"] = panels.table_html(obs, offer, self.hint)
        out["acts"] = panels.actions_html(offer, m.can_undo() and self._may_act(), self.hint)
        out["scores"] = panels.scores_html(obs, names)
        log = m.log()
        out["log"] = "".join(f"<li>{escape(line)}</li>" for line in log[::-1])
        out["recent"] = "".join(f"<li>{escape(line)}</li>" for line in log[-3:])
        out["round"] = panels.round_text(obs)
        out["hand_label"] = possessive(names[obs.seat]) + " hand"
        out["opp_label"] = possessive(names[1 - obs.seat]) + " hand"
        if self.thinking and m.computer_to_move():
            out["prompt"] = "The computer is thinking…"
        elif self.hint is not None:  # what the strongest level would do, in words
            advice = describe(Effects(obs.seat, self.hint), obs.seat, names)
            out["prompt"] = f"Hint from the {levels()[-1]} level: {advice} (shown in pink)."
        else:
            out["prompt"] = panels.prompt_text(obs, offer, self.selected, names)
        if self.save_problem:
            out["prompt"] += " " + self.save_problem
        if covered:
            out["cover"] = dialogs.cover_html(m.state.to_move)
        out["hint_ok"] = self._may_act()
        out["turn"] = "person" if self._may_act() else "over" if m.state.is_over else "wait"
        return out

    def _dialog_html(self) -> str:
        m = self.match
        if self.dialog == "new":
            return dialogs.new_game_html(self.choice, levels(), saves.saved_games(self.storage),
                                         saves.results_text(self.storage,
                                                            self.choice.level or levels()[0]),
                                         None if m is None else m.id)
        if self.dialog == "problem" and self.problem is not None:
            return dialogs.problem_html(self.problem)
        if self.dialog == "notice" and self.embed is not None:
            return bad_link_html(*self.notice, self.embed.split("?")[0])
        if self.dialog == "notice":
            return dialogs.notice_html(*self.notice)
        if m is None:
            return ""
        obs = observe(m.state, m.viewer())
        if self.dialog == "scoring" and m.effects and m.effects[-1].scoring is not None:
            return dialogs.scoring_html(m.effects[-1], obs, m.names())
        if self.dialog == "end" and m.state.is_over:
            counted = m.mode == COMPUTER and self.embed is None  # embedded: no results kept
            result = saves.results_text(self.storage, m.level) if counted else ""
            return dialogs.end_html(obs, m.names(), result)
        return ""

