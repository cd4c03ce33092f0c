"""The page's dialogs as HTML text: new game (with the saved games), an unreadable
save, a scoring, the end of the game, and the hot-seat cover. Pure functions.

Choices are buttons with ``data-act="set:<key>:<value>"``: the options live in a
``NewGame`` value in Python, never in form fields read back from the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kahuna import (
    BLACK, BRIDGES, COLOURS, WHITE, Effects, Observation, name_words, reason_words, scoring_words,
    seat_name, winner_words,
)

from ..game.match import COMPUTER, HOTSEAT
from ..game.players import level_name
from ..game.saves import Saved
from ..state.new_game import RANDOM, SEATS, NewGame
from ..state.settings import CHOICES, WORDS, Settings
from ..words.language import N_, NAMES, _, in_use, ngettext, rules_page, tr
from ..words.tips import TIPS
from .panels import islands_held, scores_table, scoring_names


def options(key: str, current: str, values: list[tuple[str, str]], head: str = "set") -> str:
    """A row of toggle buttons, one per ``(value, label)``, the ``current`` one pressed;
    each does the act ``head:key:value``."""
    buttons = "".join(
        f'<button type="button" data-act="{head}:{key}:{escape(v)}" '
        f'aria-pressed="{str(v == current).lower()}">{escape(label)}</button>'
        for v, label in values)
    return f'<div class="seg" role="group">{buttons}</div>'


def row(label: str, body: str) -> str:
    """One labelled row of a dialog's grid of options."""
    return f'<div class="row"><span class="label">{escape(label)}</span>{body}</div>'


UNSAVED_WARNING = N_("The game you are playing is not saved in full: whatever you start or "
                     "open here takes its place, and what was not saved of it is lost.")


def button(act: str, label: str, primary: bool = False) -> str:
    cls = ' class="primary"' if primary else ""
    return f'<button type="button"{cls} data-act="{escape(act)}">{escape(label)}</button>'


def note(text: str) -> str:
    return f'<p class="note">{escape(text)}</p>'


def _colour(seat: int) -> str:
    return name_words(COLOURS[seat], tr())


def new_game_html(choice: NewGame, levels: tuple[str, ...], saved: list[Saved],
                  results: str, current: str | None, unsaved: bool = False) -> str:
    """The new-game dialog: options, start, and the list of saved games; ``unsaved``: the
    game shown is not saved in full (``App.unsaved``), which is said first, since every
    way out of this dialog but Back leaves it."""
    seats = [(seat_name(q), _colour(q)) for q in (BLACK, WHITE)] + [(RANDOM, _("Random"))]
    on_off = [("off", _("Off")), ("on", _("On"))]
    modes = options("mode", choice.mode, [
        (COMPUTER, name_words("Computer", tr())), (HOTSEAT, _("Two players"))])
    # a game by links opens its own dialog (web/view/friend.py): a third choice of the row
    far = button("friend-new", _("A friend at a distance"))
    rows = [row(_("Opponent"), modes.removesuffix("</div>") + far + "</div>")]
    if choice.mode == COMPUTER:
        rows.append(row(_("Your colour"), options("colour", choice.colour, seats)))
        level = choice.level or levels[0]  # "" until chosen: the weakest
        rows.append(row(_("Level"), options("level", level, [
            (name, level_name(name)[:1].upper() + level_name(name)[1:])  # a label, as the rest
            for name in levels])))
        rows.append(note(results))
    rows.append(row(_("Who starts"), options("first", choice.first, seats)))
    rows.append(row(_("Fewer surprises (V1)"), options(
        "fewer_surprises", "on" if choice.fewer_surprises else "off", on_off)))
    rows.append(note(_("No building next to the opponent’s islands; after removing a bridge "
                        "you may build on that line for free.")))
    rows.append(row(_("Open draws (V2)"), options(
        "open_draws", "on" if choice.open_draws else "off", on_off)))
    rows.append(note(_(TIPS["v2"][1])))  # said as a newcomer sees it: dashed cards without V2
    rows.append(row(_("Handicap bridges"), options(
        "handicap", str(choice.handicap), [(str(n), str(n) if n else _("None"))
                                           for n in range(4)])))
    if choice.handicap:
        rows.append(row(_("Handicap for"), options("handicap_player", choice.handicap_player,
                                                     seats[:2])))
        who = _colour(SEATS.index(choice.handicap_player))
        rows.append(note(ngettext(
            "{player} places {count} bridge on a free line of their choice before the first "
            "turn: a head start for the weaker player.",
            "{player} places {count} bridges on free lines of their choice before the first "
            "turn: a head start for the weaker player.", choice.handicap)
            .format(player=who, count=choice.handicap)
            + ("" if choice.mode != COMPUTER or choice.colour == RANDOM else " "
               + (_("That is you.") if choice.colour == choice.handicap_player
                  else _("That is the computer.")))))
    close = button("close", _("Back to the game")) if current is not None else ""
    close += button("tutorial:start", _("Tutorial"))
    # One grid for all rows, so every row's buttons start in the same column.
    parts = [f'<h2 id="dialog-title">{escape(_("New game"))}</h2>']
    if unsaved and current is not None:
        parts.append(f'<p><strong>{escape(_(UNSAVED_WARNING))}</strong></p>')
    parts += [f'<div class="options">{"".join(rows)}</div>',
             f'<div class="buttons foot">{button("start", _("Start"), True)}'
             f'{button("open-file", _("Open a game record…"))}'
             f'{button("puzzles", _("Puzzles"))}{button("edit:open:empty", _("Set up a position"))}'
             f'{close}</div>']
    if saved:
        parts.append(f'<h3>{escape(_("Saved games"))}</h3><ul class="saves">')
        for entry in saved:
            go = (button(f"continue:{entry.id}", _("Continue")) if entry.match is not None
                  else button(f"download:{entry.id}", _("Download data")))
            text = entry.summary()
            if entry.id == current:
                text = _("{game} (this game)").format(game=text)
            parts.append(f'<li><span>{escape(text)}</span>{go}'
                         f'{button(f"delete:{entry.id}", _("Delete"))}</li>')
        parts.append("</ul>")
    return "".join(parts)


def problem_html(entry: Saved) -> str:
    """A save that cannot be read: say why, keep it, offer to download or delete it."""
    kept = _("Its data is kept as it is. You can download it (for a bug report, or to open it "
             "with a later version), delete it, or start a new game.")
    return (f'<h2 id="dialog-title">{escape(_("This saved game cannot be opened"))}</h2>'
            f'{problem_text(entry.problem, entry.detail)}<p>{escape(kept)}</p>'
            '<div class="buttons">'
            f'{button(f"download:{entry.id}", _("Download the saved data"))}'
            f'{button(f"delete:{entry.id}", _("Delete it"))}'
            f'{button("menu", _("New game"), True)}</div>')


def problem_text(text: str, detail: str = "") -> str:
    """What went wrong: ``text`` in the page's language; then ``detail``, the engine's
    technical words (a field, a rule), English, folded away for bug reports."""
    more = (f'<details class="bug-report"><summary>{escape(_("Details for a bug report"))}'
            f'</summary><pre class="detail" lang="en">{escape(detail)}</pre></details>'
            if detail else "")
    return f'<p class="problem">{escape(text)}</p>{more}'


def notice_html(title: str, message: str, detail: str = "") -> str:
    """A plain message with a way on (used for a bad link)."""
    return (f'<h2 id="dialog-title">{escape(title)}</h2>{problem_text(message, detail)}'
            f'<div class="buttons">{button("close", _("OK"), True)}'
            f'{button("menu", _("New game"))}</div>')


def elsewhere_html() -> str:
    """Another tab played this game on: this tab stopped saving; the person chooses."""
    why = _("So that neither tab overwrites the other’s moves, this tab has stopped saving. "
            "Go on with the game as the other tab left it, or keep this tab’s game (the other "
            "tab is then told the same).")
    return (f'<h2 id="dialog-title">{escape(_("This game was continued in another tab"))}</h2>'
            f'<p>{escape(why)}</p>'
            f'<div class="buttons">{button("newer", _("Load the newer game"), True)}'
            f'{button("keep", _("Keep playing here"))}</div>')


def result_html(ready: bool) -> str:
    """Under the hand, once a game is over: its end dialog again (``ready``), where the
    review, the replay and a rematch are."""
    if not ready:
        return ""
    return (f'<button type="button" class="act" data-act="result">'
            f'{escape(_("Show the result"))}</button>')


def record_html(ready: bool) -> str:
    """Under the move log: the game record's download once the game is over; before,
    why not (the record's deal names every hidden card)."""
    if ready:
        return ('<button type="button" class="act" data-act="export">'
                f'{escape(_("Download the game record"))}</button>')
    return note(_("The game record can be downloaded when the game is over: before that it "
                   "would show the hidden cards."))


def scoring_html(fx: Effects, obs: Observation, names: tuple[str, str]) -> str:
    """An interim scoring (R17) as it happens."""
    b, w = islands_held(obs)
    verdict = scoring_words(fx.scoring or (0, 0), names, tr())
    text = _("Islands: {first} {first_count}, {second} {second_count}. {verdict}.").format(
        first=name_words(names[0], tr()), first_count=b, second=name_words(names[1], tr()),
        second_count=w, verdict=verdict[:1].upper() + verdict[1:])
    title = _("End of round {round}").format(round=fx.round_ended)
    return (f'<h2 id="dialog-title">{escape(title)}</h2><p>{escape(text)}</p>'
            f'{scores_table(obs, names, strong_total=True)}'
            f'<div class="buttons">{button("close", _("Play on"), True)}</div>')


def breakdown_html(obs: Observation, names: tuple[str, str],
                   held: Sequence[tuple[int, int]]) -> str:
    """A row per scoring (R17, R21): each player's points, and the islands they held
    then (``held``, one pair per scoring, the latest last; a game opened from a later
    position knows only its own), then the totals."""
    rounds = scoring_names()
    known = [None] * (len(obs.scorings) - len(held)) + list(held)
    head = "".join(f'<th scope="col">{escape(name_words(n, tr()))}</th>' for n in names)
    rows = []
    for k, (points, islands) in enumerate(zip(obs.scorings, known)):
        cells = "".join(
            f"<td><b>{points[q]}</b>"
            + ("" if islands is None else '<small>' + escape(ngettext(
                "{count} island", "{count} islands", islands[q]).format(count=islands[q]))
               + "</small>") + "</td>"
            for q in (0, 1))
        rows.append(f'<tr><th scope="row">{escape(rounds[k])}</th>{cells}</tr>')
    totals = "".join(f"<td><b>{t}</b></td>" for t in obs.totals())
    return (f'<table class="scores breakdown"><tr><th></th>{head}</tr>{"".join(rows)}'
            f'<tr class="total"><th scope="row">{escape(_("Total"))}</th>{totals}</tr></table>')


def end_html(obs: Observation, names: tuple[str, str], result: str,
             held: Sequence[tuple[int, int]] = (), reviewable: bool = False,
             shareable: bool = False) -> str:
    """The end of the game: the winner, why, every scoring with the islands held then,
    rematch or a new game (R21-R23), and against the computer the review of the
    person's turns; the replay of the whole game; and (``shareable``) a link to the game;
    ``held`` as for ``breakdown_html``."""
    outcome = obs.outcome
    assert outcome is not None
    b, w = islands_held(obs)
    title = winner_words(outcome, names, tr=tr())
    reason = reason_words(outcome, names, tr())
    bridges = [BRIDGES - obs.supply[0], BRIDGES - obs.supply[1]]
    text = _("{reason}. Islands at the end: {first} {first_count}, {second} {second_count}; "
             "bridges on the board: {first_bridges} and {second_bridges}.").format(
        reason=reason[:1].upper() + reason[1:], first=name_words(names[0], tr()),
        first_count=b, second=name_words(names[1], tr()), second_count=w,
        first_bridges=bridges[0], second_bridges=bridges[1])
    winner = outcome.winner
    mood = "draw" if winner is None else "won" if names[winner] != "Computer" else "lost"
    return (f'<div class="end-game {mood}">'
            f'<h2 id="dialog-title" class="winner">{escape(title)}</h2><p>{escape(text)}</p>'
            f'{breakdown_html(obs, names, held)}'
            + (note(result) if result else "")
            + f'<div class="buttons">{button("rematch", _("Rematch"), True)}'
            f'{button("menu", _("New game"))}'
            + (button("review", _("Review your game")) if reviewable else "")
            + button("replay", _("Watch the replay"))
            + (button("share", _("Share this game")) if shareable else "")
            + f'{button("close", _("Look at the board"))}</div>'
            "</div>")


def language_html(current: str) -> str:
    """The languages, each by its own name (in its own language); the current one pressed."""
    buttons = "".join(
        f'<button type="button" data-act="lang:{code}" lang="{code}" '
        f'aria-pressed="{str(code == current).lower()}">{escape(name)}</button>'
        for code, name in NAMES.items())
    return (f'<h2 id="dialog-title">{escape(_("Language"))}</h2>'
            f'<div class="seg languages" role="group">{buttons}</div>'
            f'<div class="buttons">{button(f"lang:{current}", _("Close"), True)}</div>')


def settings_html(chosen: Settings) -> str:
    """The settings: the computer's pace, animations, the colour theme; the keys, and the
    rules page in the language spoken."""
    rows = [row(label, options(key, getattr(chosen, key),
                                 [(value, _(WORDS[value])) for value in CHOICES[key]], "pref"))
            for key, label in (("pace", _("Computer’s pace")), ("animations", _("Animations")),
                               ("theme", _("Colours")))]
    return (f'<h2 id="dialog-title">{escape(_("Settings"))}</h2>'
            f'<div class="options">{"".join(rows)}</div>'
            f'<div class="buttons">{button("back", _("Close"), True)}'
            f'{button("keys", _("Keys"))}'
            f'<a class="rules-link" href="./{rules_page(in_use())}">{escape(_("How to play"))}</a>'
            "</div>")


def keys_html(more: str = "") -> str:
    """The keys that play the whole game (shown on ``?``); ``more``: the keys of a part
    of the page that is open (the position editor's)."""
    keys = ((_("Tab"), _("the next control; the board, the cards and the buttons")),
            (_("Arrow keys"), _("on the board: from an island along its lines, from a line "
                                "to the island at its end; in a row of cards: the next card")),
            (_("Enter"), _("choose a card and go to the lit lines; build or remove on a lit "
                           "line; press a button")),
            (_("Space"), _("choose a card and stay in the hand (two cards remove a bridge)")),
            (_("Escape"), _("drop the chosen cards, pause a replay, or close the dialog")),
            (_("← → Home End"), _("step back and on through a replay or a sequence")),
            ("?", _("this list")))
    rows = "".join(f"<dt><kbd>{escape(key)}</kbd></dt><dd>{escape(what)}</dd>"
                   for key, what in keys)
    return (f'<h2 id="dialog-title">{escape(_("Keys"))}</h2><dl class="keys">{rows}</dl>{more}'
            f'<div class="buttons">{button("back", _("Close"), True)}</div>')


def cover_html(player: int) -> str:
    """The hot-seat screen between turns: hands stay hidden until the next player taps."""
    name = _colour(player)
    passing = _("Pass the device to {player}. The hands stay hidden until then.")
    return (f'<div class="box"><h2 id="cover-title">'
            f'{escape(_("{player} to play").format(player=name))}</h2>'
            f'<p>{escape(passing.format(player=name))}</p>'
            f'{button("uncover", _("I am {player}: show my cards").format(player=name), True)}'
            '</div>')
