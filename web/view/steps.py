"""The stepper of a sequence, a replay or a puzzle's solution, as HTML text (the steps
themselves: web/learn/sequence.py). Pure functions."""

from __future__ import annotations

from html import escape

from kahuna import Effects, Observation

from ..learn.sequence import Sequence
from ..words.language import _
from .dialogs import button
from .render import Marks, board_svg

CURRENT = ' aria-current="step"'
#: The stepper's icons, drawn (a font may lack ⏮ and ⏭): paths in a 16x16 box. Play is
#: the one plain triangle; a step is a triangle against a bar, the ends two of them.
ICONS = {"first": "M2 2h2v12H2zM9 2v12L4 8zM15 2v12L10 8z", "back": "M3 2h2v12H3zM13 2v12L6 8z",
         "next": "M11 2h2v12h-2zM3 2v12l7-6z", "last": "M12 2h2v12h-2zM1 2v12l5-6zM6 2v12l5-6z",
         "play": "M4 2v12l9-6z", "pause": "M3 2h4v12H3zM9 2h4v12H9z"}


def controls_html(seq: Sequence, sentence: str, caption: str = "", back: str = "",
                  setup: bool = False) -> str:
    """The stepper: the caption, where the reader is, the sentence of the step shown,
    the buttons and the rounds; ``back``: the words of the way out (a replay, a puzzle's
    solution), none when ""; ``setup``: "Set up from here" too (the editor on this step)."""
    k, last = seq.step, seq.last
    head = f'<p class="caption">{escape(caption)}</p>' if caption else ""
    where = (_("Step {step} of {steps}").format(step=k, steps=last) if k else
             _("The start ({steps} steps)").format(steps=last))
    said = escape(sentence) if k else escape(_("The starting position. Step on with Next."))
    buttons = [step_button("step:first", "first", _("First"), k == 0),
               step_button("step:back", "back", _("Back"), k == 0),
               step_button("step:auto", "pause" if seq.auto else "play",
                       _("Pause") if seq.auto else _("Play"), k == last),
               step_button("step:next", "next", _("Next"), k == last),
               step_button("step:last", "last", _("Last"), k == last)]
    rounds = ""
    if len(seq.rounds) > 1:
        now = seq.round_at()
        rounds = ('<p class="rounds">' + escape(_("Jump to round:")) + " " + "".join(
            f'<button type="button" data-act="step:round:{n}"'
            f'{CURRENT if n == now else ""}>{n}</button>'
            for n in range(1, len(seq.rounds) + 1)) + "</p>")
    here = button("edit:open:step", _("Set up from here")) if setup else ""
    close = f'<p class="buttons">{button("step:close", back)}{here}</p>' if back else ""
    return (f'{head}<p class="where"><strong>{escape(where)}</strong> {said}</p>'
            f'<div class="stepper" role="group" aria-label="{escape(_("Steps"))}">'
            + "".join(buttons) + f"</div>{rounds}{close}")


def step_button(act: str, icon: str, name: str, off: bool) -> str:
    """A stepper's button: its icon (a key of ``ICONS``) drawn, its ``name`` for screen
    readers and as its tooltip; ``off``: disabled."""
    disabled = " disabled" if off else ""
    return (f'<button type="button" data-act="{act}" title="{escape(name)}"{disabled}>'
            f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
            f'<path d="{ICONS[icon]}"/></svg>'
            f'<span class="visually-hidden">{escape(name)}</span></button>')


def turn_board_html(steps: list[tuple[Observation, Effects]], step: int,
                    start: tuple[Observation, Marks], portrait: bool) -> str:
    """A whole turn on a small board (the review's better turn, the analysis's): the
    board after ``step`` of its ``steps``, its last action's effects marked; at 0, the
    start's observation and marks."""
    obs, marks = start
    if step:
        obs, fx = steps[step - 1]
        marks = Marks(fx=fx)
    return f'<div class="review-board">{board_svg(obs, marks, portrait)}</div>'
