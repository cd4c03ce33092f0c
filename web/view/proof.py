"""The position editor's puzzle part (issue 32), as HTML text: the goal's field, the
solver's check, and its answer: how many of the mover's whole turns reach the goal and
one of them, or that none does. Pure: the answer is web/learn/proof.py's."""

from __future__ import annotations

from html import escape

from kahuna import COLOURS, describe

from ..learn.editor import Editor
from ..words.language import _, tr
from .dialogs import button

EXAMPLES = "gain:ELAI, control:3, remove:ALOA-HUNA, score, safe:ELAI:1, shield"


def puzzle_html(e: Editor) -> str:
    """The goal's field and button, and the answer for the draft as it is now."""
    shown = e.answer.goal if e.answer is not None else ""
    field = (f'<label for="editor-goal">{escape(_("Puzzle goal"))}</label>'
             f'<input id="editor-goal" type="text" autocomplete="off" spellcheck="false" '
             f'value="{escape(shown)}" aria-describedby="editor-goal-how">'
             + button("edit:goal", _("Check the puzzle")))
    how = (f'<p class="note" id="editor-goal-how">'
           f'{escape(_("For example {goals}.").format(goals=EXAMPLES))}</p>')
    return (f'<div class="ed-row ed-paste ed-goal">{field}</div>{how}'
            f'<div class="ed-answer" aria-live="polite">{_answer(e)}</div>')


def _answer(e: Editor) -> str:
    from kahuna import goal_from_text, goal_words  # lazy: kahuna.learn loads on first use

    answer = e.checked()
    if answer is None:
        return ""
    if answer.problem:
        return f'<p class="breach" role="alert">{escape(_(answer.problem))}</p>'
    goal = escape(goal_words(goal_from_text(answer.goal), tr()))
    if not answer.solvable():
        said = _("No turn reaches this goal: the puzzle cannot be solved. Change the "
                 "position or the goal.")
        return f'<p class="breach" role="alert"><strong>{goal}</strong> {escape(said)}</p>'
    count = tr().ngettext("The goal is reached by {reaching} of the mover’s {turns} whole turn.",
                          "The goal is reached by {reaching} of the mover’s {turns} whole turns.",
                          answer.turns).format(reaching=answer.reaching, turns=answer.turns)
    # the card drawn from the pile is not named: in play it is anyone's (R24)
    turn = "; ".join(describe(fx, None, COLOURS, tr()) for fx in answer.effects)
    return (f'<p class="solvable"><strong>{goal}</strong> {escape(count)} '
            f'{escape(_("One of them:"))} {escape(turn)}.</p>')
