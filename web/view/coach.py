"""The tutorial's words on the page (web/learn/tutorial.py holds its lessons): the welcome offer
of a first visit, the coach panel beside the board, and the tutorial's last dialog.
Pure functions returning HTML text."""

from __future__ import annotations

from html import escape

from kahuna import Observation

from ..learn.tutorial import LESSONS, Tutorial
from ..words.language import _
from .dialogs import button, note
from .panels import islands_held, scores_table


def welcome_html() -> str:
    """A first visit: the tutorial or a game at once (the choice is remembered)."""
    text = _("A short guided game shows you each kind of move as it comes, and waits for "
             "you to try it (about 5 minutes). You can reopen it later from “New game”.")
    return (f'<h2 id="dialog-title">{escape(_("New to Kahuna?"))}</h2><p>{escape(text)}</p>'
            f'<div class="buttons">{button("tutorial:start", _("Take the tutorial"), True)}'
            f'{button("tutorial:skip", _("Skip, just play"))}</div>')


def coach_html(tutorial: Tutorial | None, missed: bool) -> str:
    """The lesson shown now: step, title, what to do (a Next button on a lesson to read),
    and a way out; ``missed``: the chosen cards do nothing this lesson asks. "" when no
    tutorial runs."""
    lesson = None if tutorial is None else tutorial.lesson
    if tutorial is None or lesson is None:
        return ""
    step = _("Step {step} of {count}").format(step=tutorial.step + 1, count=len(LESSONS))
    parts = [f'<p class="coach-step">{escape(step)}</p>',
             f'<h2 id="coach-title">{escape(_(lesson.title))}</h2>',
             f'<p>{escape(_(lesson.text))}</p>']
    if missed:
        parts.append(note(_("Not this one: this step asks for something else. Choose the card "
                            "again to put it back.")))
    ways = button("tutorial:next", _("Next"), True) if lesson.wants is None else ""
    parts.append(f'<div class="buttons">{ways}'
                 f'{button("tutorial:skip", _("Leave the tutorial"))}</div>')
    return "".join(parts)


def finished_html(obs: Observation, names: tuple[str, str]) -> str:
    """The end of the tutorial: the round's scoring as it happened, how the game goes on
    and ends (R17, R18, R20-R22), and a real game or the tutorial again."""
    mine, theirs = islands_held(obs)
    # TRANSLATORS: counts after a colon need no plural forms.
    scored = _("Islands at the end of the round: you {mine}, the computer {theirs}. Whoever "
               "controls more wins the first scoring: 1 point.").format(mine=mine, theirs=theirs)
    rounds = _("After the second round, more islands give 2 points; after the third, the "
               "difference in islands. Then the higher total wins. The counters after each "
               "name show islands, bridges in supply and points.")
    return (f'<h2 id="dialog-title">{escape(_("You know the basics"))}</h2>'
            f'<p>{escape(scored)}</p>{scores_table(obs, names, strong_total=True)}'
            f'<p>{escape(rounds)}</p>'
            f'<div class="buttons">{button("tutorial:play", _("Play a real game"), True)}'
            f'{button("tutorial:puzzles", _("Try the puzzles"))}'
            f'{button("tutorial:start", _("Tutorial again"))}</div>')

