"""The "Best turn" dialog as HTML text (issue 32): the progress while the master looks,
with a way out; then the best turn and two alternatives with their chances, the one
chosen drawn as arrows on a small board and told action by action, a stepper, and the
ways on (its state: web/learn/analysis.py). Pure functions."""

from __future__ import annotations

from html import escape

from kahuna import COLOURS, LINES, Action, Kind, describe, name_words

from ..learn.analysis import AnalysisState
from ..words.language import _, ngettext, tr
from .dialogs import button
from .render import Marks, board_svg
from .steps import CURRENT


def _rank(i: int) -> str:
    """The words of a turn's button, best first."""
    ranks = (_("Best turn"), _("Second choice"), _("Third choice"))
    return ranks[min(i, len(ranks) - 1)]


def open_html(act_ok: bool) -> str:
    """The "Best turn" button, where the position shown may be analysed ("" elsewhere)."""
    return (f'<p class="buttons analysis-open">{button("analysis:open", _("Best turn"))}</p>'
            if act_ok else "")


def _arrows(plan: tuple[Action, ...]) -> Marks:
    """The turn at a glance: an arrow along each line it builds on, from the card's
    island; each line a removal or a free bridge touches, highlighted."""
    arrows, lines = [], set()
    for action in plan:
        if action.kind is Kind.PLACE:
            a, b = LINES[action.line]
            start = action.cards[0]
            arrows.append((start, b if start == a else a))
        elif action.line >= 0:
            lines.add(action.line)
    return Marks(arrows=tuple(arrows), lines=frozenset(lines))


def analysis_html(a: AnalysisState, portrait: bool) -> str:
    """The dialog: progress while the master looks, then its answer."""
    from kahuna import chance_words, why_words  # lazy: the players' modules

    colour = name_words(COLOURS[a.state.to_move], tr())
    title = f'<h2 id="dialog-title">{escape(_("Best turn"))}</h2>'
    if a.result is None:
        done = round(100 * a.work.progress)
        said = _("The master is looking for the best turn for {colour}: {done} of 100 "
                 "done…").format(colour=colour, done=done)
        return (f'{title}<p role="status">{escape(said)}</p>'
                f'<progress max="100" value="{done}" aria-hidden="true"></progress>'
                f'<div class="buttons">{button("analysis:close", _("Cancel"), True)}</div>')
    turns = a.result.turns
    chosen = turns[a.chosen]
    summary = _("{rank} for {colour}: {evaluation}.").format(
        rank=_rank(a.chosen), colour=colour, evaluation=chance_words(chosen, tr()))
    why = _("The whole turn {why}.").format(why=why_words(chosen.reason, tr(), start=False))
    choices = "".join(
        f'<button type="button" data-act="analysis:choose:{i}" aria-pressed='
        f'"{str(i == a.chosen).lower()}"><strong>{escape(_rank(i))}</strong> '
        f'<span class="chance">{escape(chance_words(o, tr()))}</span></button>'
        for i, o in enumerate(turns))
    told = "".join(f'<li{CURRENT if k + 1 == a.step else ""}>'
                   f'{escape(describe(fx, None, tr=tr()))}</li>'
                   for k, (_obs, fx) in enumerate(a.steps))
    obs, marks = a.obs, _arrows(chosen.plan)
    if a.step:
        obs, fx = a.steps[a.step - 1]
        marks = Marks(fx=fx)
    where = ngettext("{done} of {total} action of the turn",
                     "{done} of {total} actions of the turn",
                     len(a.steps)).format(done=a.step, total=len(a.steps))
    stepper = "".join(
        f'<button type="button" data-act="analysis:step:{go}"{" disabled" if off else ""}>'
        f'{escape(label)}</button>'
        for label, go, off in ((_("First"), "first", a.step == 0),
                               (_("Back"), "back", a.step == 0),
                               (_("Next"), "next", a.step >= len(a.steps))))
    ways = (button("analysis:play:computer", _("Play from here against the computer"))
            + button("analysis:play:hotseat", _("Play from here, two players"))
            + button("analysis:close", _("Close"), True))
    return (f'{title}<div role="status" class="analysis-said"><p><strong>{escape(summary)}'
            f'</strong></p><p class="why">{escape(why)}</p></div>'
            f'<div class="analysis-turns" role="group" aria-label="{escape(_("Turns"))}">'
            f'{choices}</div><ol class="review-actions">{told}</ol>'
            f'<div class="review-board">{board_svg(obs, marks, portrait)}</div>'
            f'<p class="note">{escape(where)}</p><div class="buttons">{stepper}</div>'
            f'<div class="buttons foot">{ways}</div>')
