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
from .render import Marks
from .steps import CURRENT, step_button, turn_board_html


def _rank(i: int) -> str:
    """The words of a turn's button, best first."""
    ranks = (_("Best turn"), _("Second choice"), _("Third choice"))
    return ranks[min(i, len(ranks) - 1)]


def open_html(act_ok: bool, beside_actions: bool = False) -> str:
    """The "Best turn" button, where the position shown may be analysed ("" elsewhere);
    ``beside_actions``: under a game's hand, looking like its other actions."""
    if not act_ok:
        return ""
    if beside_actions:
        return (f'<button type="button" class="act" data-act="analysis:open">'
                f'{escape(_("Best turn"))}</button>')
    return f'<p class="buttons analysis-open">{button("analysis:open", _("Best turn"))}</p>'



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


def summary_text(a: AnalysisState) -> str:
    """The turn looked at, for whom, and its evaluation: one sentence ("" while the
    master looks)."""
    from kahuna import chance_words  # lazy: the players' modules

    if a.result is None:
        return ""
    colour = name_words(COLOURS[a.state.to_move], tr())
    evaluation = chance_words(a.result.turns[a.chosen], tr())
    return _("{rank} for {colour}: {evaluation}.").format(rank=_rank(a.chosen), colour=colour,
                                                           evaluation=evaluation)


def announce_html(a: AnalysisState) -> str:
    """For the page's live region (#announce): the answer once it is there, and again
    each time another turn is chosen ("" while the master looks)."""
    said = summary_text(a)
    return f'<p data-n="analysis-{a.chosen}">{escape(said)}</p>' if said else ""


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
    summary = summary_text(a)
    why = _("The whole turn {why}.").format(why=why_words(chosen.reason, tr(), start=False))
    choices = "".join(
        f'<button type="button" data-act="analysis:choose:{i}" aria-pressed='
        f'"{str(i == a.chosen).lower()}"><strong>{escape(_rank(i))}</strong> '
        f'<span class="chance">{escape(chance_words(o, tr()))}</span></button>'
        for i, o in enumerate(turns))
    told = "".join(f'<li{CURRENT if k + 1 == a.step else ""}>'
                   f'{escape(describe(fx, None, tr=tr()))}</li>'
                   for k, (_obs, fx) in enumerate(a.steps))
    where = ngettext("{done} of {total} action of the turn",
                     "{done} of {total} actions of the turn",
                     len(a.steps)).format(done=a.step, total=len(a.steps))
    end = a.step >= len(a.steps)
    stepper = (step_button("analysis:step:first", "first", _("First"), a.step == 0)
               + step_button("analysis:step:back", "back", _("Back"), a.step == 0)
               + step_button("analysis:step:next", "next", _("Next"), end))
    stepped = (turn_board_html(a.steps, a.step, (a.obs, _arrows(chosen.plan)), portrait)
               + f'<p class="note">{escape(where)}</p><div class="stepper" role="group" '
               f'aria-label="{escape(_("Steps"))}">{stepper}</div>')
    ways = (button("analysis:play:computer", _("Play from here against the computer"))
            + button("analysis:play:hotseat", _("Play from here, two players"))
            + button("analysis:close", _("Close"), True))
    # Said aloud by the page's live region (#announce, web/view/page.py), not from here:
    # the dialog's HTML is written anew at each step, and would say it again each time.
    return (f'{title}<div class="analysis-said"><p><strong>{escape(summary)}'
            f'</strong></p><p class="why">{escape(why)}</p></div>'
            f'<div class="analysis-turns" role="group" aria-label="{escape(_("Turns"))}">'
            f'{choices}</div>{stepped}<ol class="review-actions">{told}</ol><div class="buttons foot">{ways}</div>')
