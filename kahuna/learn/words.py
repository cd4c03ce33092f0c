"""A puzzle's goal and a turn's verdict in plain words, in the language of a translations
object (``kahuna.notation.language``; English by default), as the narration does: one
message per sentence, named placeholders filled by ``str.format``.

>>> from .goals import Aim, Goal
>>> goal_words(Goal(Aim.SAFE, island=4, count=1))
'End the turn holding ELAI with 1 bridge more than control needs.'
"""

from __future__ import annotations

from gettext import NullTranslations

from ..notation.language import ENGLISH
from ..notation.narrate import _islands as island_list  # 'BARI, DUDA and ELAI'
from ..notation.narrate import line_words
from ..rules.board import ISLANDS
from .goals import Aim, Goal, Verdict, Because


def goal_words(goal: Goal, tr: NullTranslations = ENGLISH) -> str:
    """The goal as one sentence spoken to the mover: 'Gain ELAI this turn.'"""
    aim, n = goal.aim, goal.count
    island = ISLANDS[goal.island] if goal.island >= 0 else ""
    if aim is Aim.GAIN:
        return tr.gettext("Gain {island} this turn.").format(island=island)
    if aim is Aim.CONTROL:
        return tr.ngettext("Control {count} island at the end of this turn.",
                           "Control {count} islands at the end of this turn.", n).format(count=n)
    if aim is Aim.SCORE:  # R16, R17
        return tr.gettext("End the round with this turn and win its interim scoring.")
    if aim is Aim.REMOVE:
        return tr.gettext("Take the opponent’s bridge off {line} this turn.").format(
            line=line_words(goal.line))
    if aim is Aim.SAFE:
        return tr.ngettext("End the turn holding {island} with {count} bridge more than "
                           "control needs.",
                           "End the turn holding {island} with {count} bridges more than "
                           "control needs.", n).format(island=island, count=n)
    return tr.gettext("End the turn so that no removal by the opponent can take an island "
                      "from you.")


def verdict_words(verdict: Verdict, tr: NullTranslations = ENGLISH) -> str:
    """Because a turn reached its goal or not, in one sentence: 'You gained ELAI.'"""
    why, count, need = verdict.why, verdict.count, verdict.need
    words = {"count": count, "need": need}
    if verdict.islands:
        words["island"] = ISLANDS[verdict.islands[0]]
        words["islands"] = island_list(list(verdict.islands), tr)
    if verdict.line >= 0:
        words["line"] = line_words(verdict.line)
    if why is Because.GAINED:
        text = tr.gettext("You gained {island}.")
    elif why is Because.NOT_GAINED:
        text = tr.gettext("You did not gain {island}.")
    elif why is Because.CONTROL:
        # TRANSLATORS: {need} is the number of islands the goal asks for.
        text = tr.ngettext("You control {count} island; the goal is {need}.",
                           "You control {count} islands; the goal is {need}.", count)
    elif why is Because.SCORED:
        text = tr.ngettext("The round ended and you scored {count} point.",
                           "The round ended and you scored {count} points.", count)
    elif why is Because.NO_ROUND_END:
        text = tr.gettext("The round did not end: the turn did not draw its last card.")
    elif why is Because.NO_POINTS:
        # TRANSLATORS: {count} islands are yours, {need} the opponent's.
        text = tr.gettext("The round ended, but you did not hold more islands than the "
                          "opponent ({count} against {need}).")
    elif why is Because.REMOVED:
        text = tr.gettext("The opponent’s bridge on {line} is gone.")
    elif why is Because.STILL_THERE:
        text = tr.gettext("The opponent’s bridge on {line} is still there.")
    elif why is Because.SAFE:
        text = tr.ngettext("{island} is yours with {count} bridge.",
                           "{island} is yours with {count} bridges.", count)
    elif why is Because.THIN:
        text = tr.ngettext("{island} is yours with {count} bridge, but the goal needs {need}.",
                           "{island} is yours with {count} bridges, but the goal needs {need}.",
                           count)
    elif why is Because.NOT_HELD:
        text = tr.gettext("You do not control {island}.")
    elif why is Because.SHIELDED:
        text = tr.gettext("No removal by the opponent can take an island from you.")
    else:
        text = tr.gettext("One removal by the opponent could take {islands} from you.")
    return text.format(**words)
