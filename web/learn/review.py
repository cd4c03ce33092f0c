"""The game review (issue 14): after a game against the computer, the strongest level
judges each of the person's turns from what the person saw then (R24, never the hidden
cards), marks the three costliest, and shows the better turn on a board the person steps
through, with a sentence on why. Pure: ``web.boot.dom`` runs ``Reviewing`` in slices, as it
runs the computer's turns.

``kahuna``'s review is imported on first use: a player who never asks for one never
loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from kahuna import Effects, Observation, describe

from ..game.match import Match
from ..words.language import _, ngettext, tr
from ..view.render import Marks, board_svg

if TYPE_CHECKING:
    from kahuna import Review, Reviewing, TurnReview


@dataclass
class ReviewState:
    """One review: the game it is of, the work in progress or its result, and what the
    person looks at (a turn, and how far into its better turn)."""

    game: str  # the Match id
    seat: int
    work: Reviewing
    result: Review | None = None
    chosen: int = -1  # index of the turn looked at, in ``result.turns``
    step: int = 0  # actions of the better turn shown on the board (0: its start)
    steps: list[tuple[Observation, Effects]] = field(default_factory=list)  # the better turn
    played: list[tuple[Observation, Effects]] = field(default_factory=list)


def start_review(match: Match) -> ReviewState:
    """The review of ``match``'s person's turns, not yet judged (``step`` it)."""
    from kahuna import Reviewing, review_turns, start_of  # lazy: the review is big

    assert match.human is not None
    start = start_of({**match.to_record(), "actions": []})
    turns = review_turns(start, match.actions, match.human)
    return ReviewState(match.id, match.human, Reviewing(turns, seed=len(match.actions)))


def advance(state: ReviewState, seconds: float) -> bool:
    """Judge for about ``seconds``; True once the review is done (the costliest turn chosen)."""
    if state.result is None and state.work.step(seconds):
        state.result = state.work.result()
        costliest = state.result.costliest()
        if costliest:
            choose(state, state.result.turns.index(costliest[0]))
    return state.result is not None


def choose(state: ReviewState, index: int) -> None:
    """Look at the turn ``index``: its better turn from the start."""
    from kahuna import walk_turn

    assert state.result is not None
    if 0 <= index < len(state.result.turns):
        judged = state.result.turns[index]
        state.chosen, state.step = index, 0
        state.steps = walk_turn(judged.turn, judged.better)
        state.played = walk_turn(judged.turn, judged.turn.played)


#: The stepper's buttons by what they do, not by the step they go to: the act a button
#: holds stays the same as it is pressed, so keyboard focus stays on it (web/boot/dom.py).
STEPS = {"first": lambda step: 0, "back": lambda step: step - 1, "next": lambda step: step + 1}


def show_step(state: ReviewState, where: str) -> None:
    """Step the better turn shown on the board ``where`` (a key of ``STEPS``); anything
    else changes nothing."""
    if where in STEPS:
        state.step = max(0, min(STEPS[where](state.step), len(state.steps)))


def review_html(state: ReviewState, names: tuple[str, str], portrait: bool) -> str:
    """The review dialog: progress while judging, then the turns and the one chosen."""
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
    return title + _turn_list(turns, state.chosen) + _chosen(state, names, portrait) + close


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
    obs, marks = turn.obs, Marks()
    if state.step:
        obs, fx = state.steps[state.step - 1]
        marks = Marks(fx=fx)
    where = ngettext("{done} of {total} action of the better turn",
                     "{done} of {total} actions of the better turn",
                     len(state.steps)).format(done=state.step, total=len(state.steps))
    buttons = "".join(
        f'<button type="button" data-act="review-step:{where}"{" disabled" if off else ""}>'
        f'{escape(label)}</button>'
        for label, where, off in ((_("First"), "first", state.step == 0),
                                  (_("Back"), "back", state.step == 0),
                                  (_("Next"), "next", state.step >= len(state.steps))))
    parts.append(f'<div class="review-board">{board_svg(obs, marks, portrait)}</div>'
                 f'<p class="note">{escape(where)}</p><div class="buttons">{buttons}</div>')
    return "".join(parts)


def _said(steps: list[tuple[Observation, Effects]], names: tuple[str, str]) -> str:
    """A turn as a list, a sentence an action (with what each caused); a pile draw's
    card unnamed (R24: the turn is replayed in a sampled world, whose pile is not the
    game's)."""
    items = "".join(f"<li>{escape(describe(fx, None, names, tr()))}</li>" for _obs, fx in steps)
    return f'<ol class="review-actions">{items}</ol>'
