"""The page's dialogs as HTML text: new game (with the saved games), an unreadable
save, a scoring, the end of the game, and the hot-seat cover. Pure functions.

Choices are buttons with ``data-act="set:<key>:<value>"``: the options live in a
``NewGame`` value in Python, never in form fields read back from the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from kahuna import (
    BLACK, BRIDGES, COLOURS, WHITE, Effects, Observation, reason_words, says, seat_name,
)

from .controller import COMPUTER, HOTSEAT, MODES
from .panels import islands_held, scores_table
from .saves import Saved

RANDOM = "random"  # a seat or colour the deal decides
_SEATS = (seat_name(BLACK), seat_name(WHITE), RANDOM)


@dataclass
class NewGame:
    """The options of the new-game dialog."""

    mode: str = COMPUTER  # or HOTSEAT
    colour: str = seat_name(BLACK)  # the person's colour against the computer (or random)
    first: str = RANDOM  # who starts (R5)
    level: str = ""  # "" stands for the weakest level
    fewer_surprises: bool = False  # V1
    open_draws: bool = False  # V2
    handicap: int = 0  # R7: 0-3 bridges
    handicap_player: str = seat_name(WHITE)

    def set(self, key: str, value: str, levels: tuple[str, ...]) -> None:
        """Apply one ``set:<key>:<value>`` act; unknown keys or values are ignored."""
        if key == "mode" and value in MODES:
            self.mode = value
        elif key in ("colour", "first") and value in _SEATS:
            setattr(self, key, value)
        elif key == "handicap_player" and value in _SEATS[:2]:
            self.handicap_player = value
        elif key == "level" and value in levels:
            self.level = value
        elif key in ("fewer_surprises", "open_draws"):
            setattr(self, key, value == "on")
        elif key == "handicap" and value in ("0", "1", "2", "3"):
            self.handicap = int(value)


def _options(key: str, current: str, values: list[tuple[str, str]]) -> str:
    buttons = "".join(
        f'<button type="button" data-act="set:{key}:{escape(v)}" '
        f'aria-pressed="{str(v == current).lower()}">{escape(label)}</button>'
        for v, label in values)
    return f'<div class="seg" role="group">{buttons}</div>'


def _row(label: str, body: str) -> str:
    return f'<div class="row"><span class="label">{label}</span>{body}</div>'


def new_game_html(choice: NewGame, levels: tuple[str, ...], saved: list[Saved],
                  results: str, current: str | None) -> str:
    """The new-game dialog: options, start, and the list of saved games."""
    seats = [(seat_name(q), COLOURS[q]) for q in (BLACK, WHITE)] + [(RANDOM, "Random")]
    on_off = [("off", "Off"), ("on", "On")]
    rows = [_row("Opponent", _options("mode", choice.mode,
                                      [(COMPUTER, "Computer"), (HOTSEAT, "Two players")]))]
    if choice.mode == COMPUTER:
        rows.append(_row("Your colour", _options("colour", choice.colour, seats)))
        level = choice.level or levels[0]  # "" until chosen: the weakest
        rows.append(_row("Level", _options("level", level, [(l, l) for l in levels])))
        rows.append(f'<p class="note">{escape(results)}</p>')
    rows.append(_row("Who starts", _options("first", choice.first, seats)))
    rows.append(_row("Fewer surprises (V1)", _options(
        "fewer_surprises", "on" if choice.fewer_surprises else "off", on_off)))
    rows.append('<p class="note">No building next to the opponent\'s islands; after removing '
                'a bridge you may build on that line for free.</p>')
    rows.append(_row("Open draws (V2)", _options(
        "open_draws", "on" if choice.open_draws else "off", on_off)))
    rows.append('<p class="note">Cards taken from the display stay face up.</p>')
    rows.append(_row("Handicap bridges", _options(
        "handicap", str(choice.handicap), [(str(n), str(n) if n else "None") for n in range(4)])))
    if choice.handicap:
        rows.append(_row("Handicap for", _options("handicap_player", choice.handicap_player,
                                                  seats[:2])))
    close = ('<button type="button" data-act="close">Back to the game</button>'
             if current is not None else "")
    # One grid for all rows, so every row's buttons start in the same column.
    parts = ['<h2 id="dialog-title">New game</h2>',
             f'<div class="options">{"".join(rows)}</div>',
             f'<div class="buttons"><button type="button" class="primary" data-act="start">'
             f'Start</button>{close}</div>']
    if saved:
        parts.append('<h3>Saved games</h3><ul class="saves">')
        for entry in saved:
            sid = escape(entry.id)
            go = (f'<button type="button" data-act="continue:{sid}">Continue</button>'
                  if entry.match is not None else
                  f'<button type="button" data-act="download:{sid}">Download data</button>')
            this = " (this game)" if entry.id == current else ""
            parts.append(f'<li><span>{escape(entry.summary())}{this}</span>{go}'
                         f'<button type="button" data-act="delete:{sid}">Delete</button></li>')
        parts.append("</ul>")
    return "".join(parts)


def problem_html(entry: Saved) -> str:
    """A save that cannot be read: say why, keep it, offer to download or delete it."""
    sid = escape(entry.id)
    return ('<h2 id="dialog-title">This saved game cannot be opened</h2>'
            f'<p class="problem">{escape(entry.problem)}</p>'
            '<p>Its data is kept as it is. You can download it (for a bug report, or to '
            'open it with a later version), delete it, or start a new game.</p>'
            '<div class="buttons">'
            f'<button type="button" data-act="download:{sid}">Download the saved data</button>'
            f'<button type="button" data-act="delete:{sid}">Delete it</button>'
            '<button type="button" class="primary" data-act="menu">New game</button></div>')


def notice_html(title: str, message: str) -> str:
    """A plain message with a way on (used for a bad link)."""
    return (f'<h2 id="dialog-title">{escape(title)}</h2><p class="problem">{escape(message)}</p>'
            '<div class="buttons"><button type="button" class="primary" data-act="close">'
            'OK</button><button type="button" data-act="menu">New game</button></div>')


def elsewhere_html() -> str:
    """Another tab played this game on: this tab stopped saving; the person chooses."""
    return ('<h2 id="dialog-title">This game was continued in another tab</h2>'
            '<p>So that neither tab overwrites the other\'s moves, this tab has stopped '
            'saving. Go on with the game as the other tab left it, or keep this tab\'s game '
            '(the other tab is then told the same).</p>'
            '<div class="buttons"><button type="button" class="primary" data-act="newer">'
            'Load the newer game</button><button type="button" data-act="keep">'
            'Keep playing here</button></div>')


def record_html(ready: bool) -> str:
    """Under the move log: the game record's download once the game is over; before,
    why not (the record's deal names every hidden card)."""
    if ready:
        return ('<button type="button" class="act" data-act="export">'
                'Download the game record</button>')
    return ('<p class="note">The game record can be downloaded when the game is over: '
            'before that it would show the hidden cards.</p>')


def scoring_html(fx: Effects, obs: Observation, names: tuple[str, str]) -> str:
    """An interim scoring (R17) as it happens."""
    b, w = islands_held(obs)
    points = fx.scoring or (0, 0)
    scorer = names[0 if points[0] else 1]
    verdict = ("A tie: nobody scores." if points == (0, 0) else
               f"{escape(says(scorer, 'score'))} {max(points)}.")
    return (f'<h2 id="dialog-title">End of round {fx.round_ended}</h2>'
            f'<p>Islands: {escape(names[0])} {b}, {escape(names[1])} {w}. {verdict}</p>'
            f'{scores_table(obs, names, strong_total=True)}'
            '<div class="buttons"><button type="button" class="primary" data-act="close">'
            'Play on</button></div>')


def end_html(obs: Observation, names: tuple[str, str], result: str) -> str:
    """The end of the game: breakdown of every scoring, the winner, rematch (R21-R23)."""
    outcome = obs.outcome
    assert outcome is not None
    b, w = islands_held(obs)
    title = "Draw" if outcome.winner is None else says(names[outcome.winner], "win")
    reason = reason_words(outcome, names)
    bridges = [BRIDGES - obs.supply[0], BRIDGES - obs.supply[1]]
    return (f'<h2 id="dialog-title" class="winner">{escape(title)}</h2>'
            f'<p>{escape(reason[0].upper() + reason[1:])}. '
            f'Islands at the end: {escape(names[0])} {b}, {escape(names[1])} {w}; bridges on '
            f'the board: {bridges[0]} and {bridges[1]}.</p>'
            f'{scores_table(obs, names, strong_total=True)}'
            + (f'<p class="note">{escape(result)}</p>' if result else "")
            + '<div class="buttons"><button type="button" class="primary" data-act="rematch">'
            'Rematch</button><button type="button" data-act="menu">New game</button>'
            '<button type="button" data-act="close">Look at the board</button></div>')


def cover_html(player: int) -> str:
    """The hot-seat screen between turns: hands stay hidden until the next player taps."""
    name = COLOURS[player]
    return (f'<div class="box"><h2>{name} to play</h2><p>Pass the device to {name}. '
            'The hands stay hidden until then.</p><button type="button" class="primary" '
            f'data-act="uncover">I am {name}: show my cards</button></div>')
