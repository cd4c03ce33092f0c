"""What the page shows, as one typed value: ``view(app) -> View``, a pure function.

A field of ``View`` is the inner HTML of the element whose id is the field's name with
"-" for "_" (``opp_hand`` -> ``#opp-hand``), except the few in ``OWN_WAY``, which
web/boot/dom.py writes each its own way. So a new part of the page is a new field and an
element in index.html, and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from html import escape
from typing import TYPE_CHECKING

from kahuna import YOU, Action, Effects, Observation, annotated, describe

from ..game import saves
from ..game.by_links import FriendMatch, listed
from ..game.match import COMPUTER, HOTSEAT, Match
from ..game.players import level_name, levels
from ..learn.modes import PLAY
from ..learn.review import offered
from ..learn.solved import solved
from ..state.acts import record_ready, result_ready
from ..state.analysis_acts import DIALOG, position_of
from ..state.choices import Offers, own_hand, selected_cards
from ..state.opening import LINK_TITLE
from ..words import tips
from ..words.language import NAMES, _, in_use, pgettext, tr, use
from . import builder, coach, dialogs, editor, editor_keys, friend, header, moves, panels, share
from .analysis import analysis_html, announce_html, open_html
from .board_words import position_html
from .embed import bad_link_html, nav_html
from .puzzle import puzzle_html, puzzles_html
from .render import Marks, board_svg
from .review import review_html
from .steps import controls_html

if TYPE_CHECKING:
    from ..state.app import App


@dataclass(frozen=True, slots=True)
class View:
    """Everything the page shows at one moment; "" empties (or hides) a part."""

    board: str
    players: str = ""
    hand: str = ""
    opp_hand: str = ""
    table: str = ""
    acts: str = ""
    scores: str = ""
    log: str = ""
    export: str = ""  # under the log: the game record's download, or why not yet
    recent: str = ""
    round: str = ""
    prompt: str = ""
    hand_label: str = ""
    opp_label: str = ""
    btn_hint: str = ""
    btn_new: str = ""
    btn_lang: str = ""  # the language button: its code, and its name for screen readers
    embed_nav: str = ""  # embedded: Reset and the way to the full game
    table_label: str = ""
    log_label: str = ""
    dialog: str = ""  # the dialog box's HTML; "" hides the dialog
    cover: str = ""  # hot seat: the screen over the hands between turns; "" hides it
    hint_ok: bool = False  # the Hint button may be pressed
    turn: str = "none"  # body[data-turn] (tests, styling): "person", "wait", "over", "none"
    download: tuple[str, str] | None = None  # (file name, text): offered once
    lang: str = "en"  # <html lang>
    board_text: str = ""  # the position as text, a list per island
    announce: str = ""  # the polite live region: the last action, in one sentence
    btn_settings: str = ""
    board_text_label: str = ""
    theme: str = "light"  # <html data-theme>: the theme drawn, "light" or "dark"
    motion: str = "on"  # <html data-motion>: "off" stops the animations
    tip: str = ""  # the help bubble (web/words/tips.py); "" hides it
    clipboard: str | None = None  # text to copy to the clipboard: once (web/view/share.py)
    open_file: bool = False  # click the file chooser #open-file (a game record): once
    lesson: str = ""  # a caption, a sequence's steps, a puzzle's goal and verdict
    coach: str = ""  # the tutorial's lesson (web/view/coach.py); "" hides it
    status: str = ""  # for screen readers, hidden: the game has loaded ("loading…" before)
    recent_label: str = ""  # for screen readers, hidden: what the latest moves' list is
    # the banner of a new version (web/sw-register.js shows it and picks the text)
    sw_ready: str = ""
    sw_stuck: str = ""
    sw_reload: str = ""
    sw_later: str = ""


#: Fields that are not an element's inner HTML (see web/boot/dom.py).
OWN_WAY = ("dialog", "cover", "hint_ok", "turn", "download", "lang", "theme", "motion",
           "clipboard", "open_file")


def element_id(field: str) -> str:
    """The id of the element a View field fills."""
    return field.replace("_", "-")


def parts(shown: View) -> dict[str, str]:
    """Element id -> inner HTML, for every field of ``shown`` but those in ``OWN_WAY``."""
    return {element_id(f.name): getattr(shown, f.name)
            for f in fields(View) if f.name not in OWN_WAY}


def view(app: App) -> View:
    """What the page shows for ``app`` now, in its language (changes nothing else)."""
    use(app.lang)
    m = app.match
    chrome = _chrome(app)
    dialog = _dialog_html(app)
    if app.editor is not None:  # a position being set up: its board and panel alone
        return View(editor.board_html(app.editor.draft, app.portrait),
                    lesson=editor.panel_html(app.editor) + _best_turn(app), dialog=dialog,
                    clipboard=app.clipboard, turn="edit", announce=_analysis_said(app), **chrome)
    if m is None:
        return View(board_svg(None, portrait=app.portrait),
                    prompt=escape(_("No game in progress.")), dialog=dialog,
                    download=app.download, open_file=app.pick_file, **chrome)
    obs = m.observation()
    names = m.names()
    offer = app.offers()
    may_act = app.may_act()
    covered = app.covered and m.mode == HOTSEAT
    hint_line = app.hint.line if app.hint is not None else -1
    log = m.log(tr())
    learning = app.tutorial is not None
    missed = (may_act and app.tutorial is not None  # chosen cards that do not fit the lesson
              and app.tutorial.missed(m.state, selected_cards(own_hand(obs), app.selected)))
    return View(
        board=board_svg(obs, annotated(app.mode.notes, Marks(
            offer.acts(), hint_line, app.fx, moves.last_turn(m.effects, m.viewer()))),
            app.portrait),
        players=panels.players_html(obs, names),
        hand=panels.hand_html(obs, app.selected, covered, app.selected if app.hint else ()),
        opp_hand=panels.opponent_hand_html(  # a game by links: its world's are no true cards
            obs, m.state.hands[1 - obs.seat] if m.state.is_over and not m.by_links else None),
        table=panels.table_html(obs, offer, app.hint, m.sealed()),
        acts=panels.actions_html(offer, m.can_undo() and may_act and not learning, app.hint)
        + dialogs.result_html(result_ready(app)) + friend.result_html(m)
        + ("" if app.sequence is not None or covered else _best_turn(app, True)),
        scores=panels.scores_html(obs, names),
        log=moves.log_html(log),
        export="" if covered else dialogs.record_html(record_ready(app)) + (
            share.button_html(m.state.is_over) + builder.open_html()
            if app.embed is None and not m.by_links else ""),
        recent=moves.recent_html(log, m.effects),
        round=header.round_html(obs, m.handicap(), len(m.sealed())),
        prompt=escape(_prompt(app, obs, offer, names)),
        hand_label=escape(_hand_label(names[obs.seat])),
        opp_label=escape(_hand_label(names[1 - obs.seat])),
        dialog=dialog,
        cover=dialogs.cover_html(m.state.to_move) if covered else "",
        hint_ok=may_act and not learning,
        turn=("person" if may_act
              else "over" if m.state.is_over or app.puzzle_judged() else "wait"),
        download=app.download,
        board_text=position_html(obs),
        announce=_analysis_said(app) or _announce(log, m),
        tip=tips.tip_html(app.tip),
        clipboard=app.clipboard,
        open_file=app.pick_file,
        lesson=_lesson_html(app, log),
        coach=coach.coach_html(app.tutorial, missed),
        **chrome)


def _announce(log: list[str], m: Match) -> str:
    """The live region: the last action in one sentence (the count makes a repeated
    sentence new text, so it is read again); in a game by links, then "Your turn."."""
    said = (escape(log[-1]) if log else "") + friend.your_turn(m)
    return f'<p data-n="{len(log)}">{said.strip()}</p>' if said else ""


def _lesson_html(app: App, log: list[str]) -> str:
    """Above the panels: the steps of a sequence or replay, a puzzle's goal and verdict,
    or an embed's caption."""
    caption = app.mode.caption
    if app.sequence is not None:
        back = (_("Back to the game") if app.sequence.back_to is not None else
                _("Back to the puzzle") if app.puzzle is not None else "")
        replay = app.embed is None and app.sequence.back_to is not None
        return (controls_html(app.sequence, log[-1] if log else "", caption, back, replay)
                + _best_turn(app))
    if app.puzzle is not None:
        return puzzle_html(app.puzzle, caption, site=app.embed is None)
    return f'<p class="caption">{escape(caption)}</p>' if caption else ""


def _best_turn(app: App, beside_actions: bool = False) -> str:
    """The "Best turn" button, where the position shown may be analysed (issue 32)."""
    return open_html(position_of(app) is not None, beside_actions)


def _analysis_said(app: App) -> str:
    """Best turn's answer for the live region while its dialog shows it, else ""."""
    if app.dialog == DIALOG and app.analysis is not None:
        return announce_html(app.analysis)
    return ""


def _chrome(app: App) -> dict[str, str]:
    """The page's fixed words (header, headings) and its language."""
    lang = in_use()
    label = _("Language: {language}").format(language=NAMES[lang])
    return {"btn_hint": escape(_("Hint")), "btn_new": escape(_("New game")),
            "btn_settings": (f'<span aria-hidden="true">⚙</span>'
                             f'<span class="visually-hidden">{escape(_("Settings"))}</span>'),
            "theme": app.settings.shade(app.system_dark), "motion": app.settings.animations,
            "btn_lang": (f'<span aria-hidden="true">{lang.upper()}</span>'
                         f'<span class="visually-hidden">{escape(label)}</span>'),
            "embed_nav": "" if app.embed is None else nav_html(app.embed),
            "table_label": escape(_("Display · pile · discards")),
            "log_label": escape(_("Moves")), "lang": lang,
            "status": escape(_("The game is ready.")),
            "recent_label": escape(_("Latest moves")),
            "board_text_label": escape(_("The board as text")),
            "sw_ready": escape(_("A new version of Kahuna is ready.")),
            "sw_stuck": escape(_("To finish the update, close every Kahuna tab and open the "
                                 "game again.")),
            "sw_reload": escape(_("Reload")),
            "sw_later": escape(pgettext("new version", "Later"))}


def _hand_label(name: str) -> str:
    """'Your hand', "Computer's hand", "Black's hand"."""
    labels = {YOU: _("Your hand"), "Computer": _("Computer’s hand"),
              "Black": _("Black’s hand"), "White": _("White’s hand")}
    return labels.get(name, name)


def _prompt(app: App, obs: Observation, offer: Offers, names: tuple[str, str]) -> str:
    m = app.match
    assert m is not None
    if app.looking:
        return _("Looking for a good move…")
    if ((app.sequence is not None or app.mode.mode != PLAY or app.puzzle_judged())
            and not app.may_act()):
        return ""  # watching steps or a diagram, or a puzzle's turn is over: the lesson speaks
    if app.thinking and m.computer_to_move():
        text = _("The computer is thinking…")
    elif isinstance(m, FriendMatch) and m.entry is not None and m.waits():
        text = friend.waiting_text(m.entry, m.friend_name(), m.showing)
    elif app.hint is not None:  # what the strongest level would do, in words
        advice = describe(Effects(obs.seat, app.hint), obs.seat, names, tr())
        text = _("Hint from the {level} level: {advice} (shown in pink).").format(
            level=level_name(levels()[-1]), advice=advice)
        why = _hint_why(obs, app.hint_turn) if app.hint_turn[:1] == (app.hint,) else ""
        text = f"{text} {why}" if why else text
    elif app.tutorial is not None and app.tutorial.lesson is not None and app.may_act():
        text = _(app.tutorial.lesson.title)  # the coach says the rest: the usual words
        # would speak of actions this lesson does not offer ("JOJO fits no free line")
    else:
        text = panels.prompt_text(obs, offer, app.selected, names)
    return f"{text} {_(app.save_problem)}" if app.save_problem else text


def _hint_why(obs: Observation, turn: tuple[Action, ...]) -> str:
    """Why the hint's whole turn is good, in words; "" when its later actions no longer
    fit the position (the plan was made in a sampled world)."""
    from kahuna import IllegalAction, why_turn, why_words  # lazy: the review's module
    try:
        reason = why_turn(obs, turn)
    except IllegalAction:
        return ""
    # TRANSLATORS: {why} says what the turn does, without a subject: "takes ELAI and ...".
    return _("The whole turn {why}.").format(why=why_words(reason, tr(), start=False))


def _friend_html(app: App) -> str:
    """The dialogs of a game by links (web/view/friend.py)."""
    m = app.match
    entry = m.entry if isinstance(m, FriendMatch) else None
    if app.dialog == "friend-new":
        return friend.new_html(app.choice, app.friend)
    if app.dialog == "friend-accept" and app.friend.invitation is not None:
        game = app.friend.invitation[0]
        return friend.accept_html(friend.setup_words(game), game.seat, app.friend)
    if app.dialog == "friend-link" and app.share is not None:
        name = m.friend_name() if isinstance(m, FriendMatch) else _("Friend")
        return friend.link_html(app.share, entry, name, app.friend.can_share)
    if app.dialog == "friend-end" and entry is not None and m is not None:
        return friend.end_html(entry, m.names())
    return ""


def _dialog_html(app: App) -> str:
    m = app.match
    if app.dialog == "new":
        level = app.choice.level or levels()[0]
        return dialogs.new_game_html(app.choice, levels(), saves.saved_games(app.storage),
                                     saves.results_text(app.storage, level),
                                     None if m is None else m.id, app.unsaved) + \
            friend.list_html(listed(app.storage), None if m is None else m.id,
                             app.friend.deleting)
    if app.dialog.startswith("friend-"):
        return _friend_html(app)
    if app.dialog == "puzzles":
        return puzzles_html(solved(app.storage))
    if app.dialog == "problem" and app.problem is not None:
        return dialogs.problem_html(app.problem)
    if app.dialog == "language":
        return dialogs.language_html(in_use())
    if app.dialog == "keys":
        return dialogs.keys_html(editor_keys.keys_html() if app.editor is not None else "")
    if app.dialog == "settings":
        return dialogs.settings_html(app.settings)
    if app.dialog == "notice" and app.embed is not None:
        title, message, detail = app.notice
        return bad_link_html(_(title), message, app.embed.split("?")[0], detail,
                             shown=title != LINK_TITLE)
    if app.dialog == "notice":
        title, message, detail = app.notice
        return dialogs.notice_html(_(title), message, detail)
    if app.dialog == "elsewhere" and app.elsewhere:
        return dialogs.elsewhere_html()
    if app.dialog == "welcome":
        return coach.welcome_html()
    if app.dialog == DIALOG and app.analysis is not None:
        return analysis_html(app.analysis, app.portrait)
    if m is None:
        return ""
    obs = m.observation()
    if app.dialog == "scoring" and m.effects and m.effects[-1].scoring is not None:
        return dialogs.scoring_html(m.effects[-1], obs, m.names())
    if app.dialog == "end" and m.state.is_over:
        # Embedded: no results kept; storage refusing, or a game opened over: not counted.
        counted = m.mode == COMPUTER and app.embed is None and saves.counted(app.storage, m)
        result = saves.results_text(app.storage, m.level) if counted else ""
        if not counted and m.mode == COMPUTER and app.embed is None and app.save_problem:
            result = _("This result is not counted in your games against {level}: the "
                       "browser’s storage is full or switched off. Deleting old saved games "
                       "(New game) may make room.").format(level=level_name(m.level))
        return dialogs.end_html(obs, m.names(), result, m.held_at_scorings(),
                                offered(app.dialog, m), shareable=app.embed is None)
    if app.dialog == "share" and app.share is not None:
        return share.share_html(app.share, record_ready(app))
    if app.dialog == "tutorial-end":
        return coach.finished_html(obs, m.names())
    if app.dialog == "review" and app.review is not None:
        return review_html(app.review, m.names(), app.portrait, _best_turn(app))
    return ""
