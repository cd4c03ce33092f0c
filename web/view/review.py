"""The game review's dialog as HTML text: its progress, the person's turns with the
costliest marked, and the one chosen beside the master's better turn on a small board
(the review itself: web/learn/review.py). Pure functions."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from kahuna import Effects, Observation, describe

from ..learn.review import ReviewState
from ..words.language import _, ngettext, tr
from .render import Marks
from .steps import turn_board_html

if TYPE_CHECKING:
    from kahuna import TurnReview


def review_html(state: ReviewState, names: tuple[str, str], portrait: bool,
                best_turn: str = "") -> str:
    """The review dialog: progress while judging, then the turns and the one chosen;
    ``best_turn``: the button that analyses the chosen turn's start ("" none)."""
    title = f'<h2 id="dialog-title">{escape(_("Review of your game"))}</h2>'
    close = ('<div class="buttons"><button type="button" class="primary" data-act="close">'
             f'{escape(_("Close"))}</button></div>')
    if state.result is None:
        progress = _("The master is looking at your turns: {done} of {total}…").format(
            done=len(state.work.done), total=state.work.total)
        return f'{title}<p role="status">{escape(progress)}</p>{close}'
    turns = state.result.turns
    if not turns:
        return f'{title}<p>{escape(_("You played no whole turn to review."))}</p>{close}'
    return (title + _turn_list(turns, state.chosen) + _chosen(state, names, portrait)
            + best_turn + close)


def _turn_list(turns: tuple[TurnReview, ...], chosen: int) -> str:
    items = []
    for i, judged in enumerate(turns):
        label = _("Turn {number}").format(number=judged.turn.number)
        cls = "costly" if judged.marked else "fine" if judged.better == judged.turn.played else ""
        # Not by colour alone: a sign to see, and words for screen readers.
        mark = {"costly": ("!", _("one of the costliest")),
                "fine": ("✓", _("as the master would play"))}.get(cls)
        said = (f' <span class="sign" aria-hidden="true">{mark[0]}</span>'
                f'<span class="visually-hidden">, {escape(mark[1])}</span>') if mark else ""
        # On a phone the number alone (web/style.css): twice as many to a row.
        items.append(f'<button type="button" class="{cls}" data-act="review-turn:{i}" '
                     f'aria-pressed="{str(i == chosen).lower()}"><span class="long">'
                     f'{escape(label)}</span><span class="short" aria-hidden="true">'
                     f'{judged.turn.number}</span>{said}</button>')
    legend = _("Your three costliest turns are marked red with !; turns the master would "
               "have played the same way, green with ✓.")
    return f'<p class="note">{escape(legend)}</p><div class="review-turns">{"".join(items)}</div>'


def _chosen(state: ReviewState, names: tuple[str, str], portrait: bool) -> str:
    from kahuna import why_words

    assert state.result is not None
    if not 0 <= state.chosen < len(state.result.turns):
        return ""
    judged = state.result.turns[state.chosen]
    turn = judged.turn
    heading = _("Turn {number}, round {round}").format(number=turn.number, round=turn.round)
    parts = [f'<h3>{escape(heading)}</h3><p>{escape(_("You played:"))}</p>',
             _said(state.played, names)]
    if judged.better == turn.played:
        parts.append(f'<p>{escape(_("The master would have played the same turn."))}</p>')
        return "".join(parts)
    why = why_words(judged.reason, tr(), start=False)
    parts.append(f'<p>{escape(_("Better:"))}</p>{_said(state.steps, names)}'
                 f'<p class="why">{escape(_("The better turn {why}.").format(why=why))}</p>')
    where = ngettext("{done} of {total} action of the better turn",
                     "{done} of {total} actions of the better turn",
                     len(state.steps)).format(done=state.step, total=len(state.steps))
    buttons = "".join(
        f'<button type="button" data-act="review-step:{where}"{" disabled" if off else ""}>'
        f'{escape(label)}</button>'
        for label, where, off in ((_("First"), "first", state.step == 0),
                                  (_("Back"), "back", state.step == 0),
                                  (_("Next"), "next", state.step >= len(state.steps))))
    parts.append(turn_board_html(state.steps, state.step, (turn.obs, Marks()), portrait)
                 + f'<p class="note">{escape(where)}</p><div class="buttons">{buttons}</div>')
    return "".join(parts)


def _said(steps: list[tuple[Observation, Effects]], names: tuple[str, str]) -> str:
    """A turn as a list, a sentence an action (with what each caused); a pile draw's
    card unnamed (R24: the turn is replayed in a sampled world, whose pile is not the
    game's)."""
    items = "".join(f"<li>{escape(describe(fx, None, names, tr()))}</li>" for _obs, fx in steps)
    return f'<ol class="review-actions">{items}</ol>'
