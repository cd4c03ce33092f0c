"""What an embed shows (``?embed&mode=...``, docs/embedding.md): its mode and the options
of that mode, read from the address and checked here. Pure; ``web.state.address.read`` calls
``read_mode`` with the address's parameters (the first of each name).

  mode=play|diagram|sequence|puzzle   (play when absent)
  caption=TEXT          diagram, sequence, puzzle: a line of plain text under the title
  step=N                diagram: the moment of a record to show; sequence: the step to open at
  auto                  sequence: step on by itself from the start (any value)
  explore               diagram: the reader may try moves and reset (any value)
  islands=, lines=, arrows=, labels=   notes on the board, e.g. islands=ELAI,HUNA
                        lines=ALOA-HUNA arrows=ALOA>HUNA labels=ELAI:1 (kahuna.parse_annotations)
  puzzle=ID             puzzle: one of the site's puzzles (kahuna.puzzles())
  goal=AIM[:...]        puzzle: the goal for a linked position, e.g. gain:ELAI, remove:ALOA-HUNA
  level=NAME            play: the computer's level for a fresh game or a position played
                        against it
  colour=black|white|random   play: the reader's colour against the computer (with a
                        position: the computer takes the other seat)
  variants=v1,v2        play: the variants of a fresh game (V1 fewer surprises, V2 open draws)

A bad option, or one the mode does not take (``ONLY_IN``), is left out, and a sentence in
``problems`` says so, as for the rest of the address; a mode that cannot work without
something (a sequence without a record, a puzzle without a goal) falls back to play and
says why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kahuna import Annotations, KahunaError, parse_annotations

from ..words.language import _

if TYPE_CHECKING:
    from kahuna import Goal

PLAY, DIAGRAM, SEQUENCE, PUZZLE = "play", "diagram", "sequence", "puzzle"
MODES = (PLAY, DIAGRAM, SEQUENCE, PUZZLE)
COLOURS = ("black", "white", "random")
VARIANTS = ("v1", "v2")
#: The options with a value, and the flags.
OPTIONS = ("mode", "caption", "step", "puzzle", "goal", "level", "colour", "variants",
           "islands", "lines", "arrows", "labels")
FLAGS = ("auto", "explore")
NEW_GAME = ("level", "colour", "variants")  # a game's options: the full page offers them
#: The modes an option does something in (a caption and the notes: every mode). Given to
#: another mode, it is left out and said (a level on a diagram was ignored unsaid).
ONLY_IN = {"step": (DIAGRAM, SEQUENCE), "auto": (SEQUENCE,), "explore": (DIAGRAM,),
           "puzzle": (PUZZLE,), "goal": (PUZZLE,), "level": (PLAY,), "colour": (PLAY,),
           "variants": (PLAY,)}
#: Each kind of note, and what a good one looks like (said when one cannot be read).
NOTES = {"islands": "ELAI,HUNA", "lines": "ALOA-HUNA", "arrows": "ALOA>HUNA", "labels": "ELAI:1"}
#: Characters of a caption kept: a caption is a line, not a page.
MAX_CAPTION = 200
_STEP = re.compile(r"[0-9]{1,12}")  # any count of actions: beyond the end is the end
_LEVEL = re.compile(r"[A-Za-z0-9_-]{1,40}")
_PUZZLE = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: Control characters, and the marks that turn text around or hide it, are dropped.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Mode:
    """An embed's mode and options; defaults where the address gave none."""

    mode: str = PLAY
    caption: str = ""
    step: int | None = None
    auto: bool = False
    explore: bool = False
    puzzle: str = ""
    goal: Goal | None = None
    level: str | None = None
    colour: str | None = None
    variants: tuple[str, ...] = ()
    notes: Annotations = Annotations()

    @property
    def new_game(self) -> bool:
        """Whether the address chooses a new game's options (NEW_GAME)."""
        return any(getattr(self, option) for option in NEW_GAME)


def _bad(name: str, value: str, allowed: str) -> str:
    shown = value if len(value) <= 24 else value[:23] + "…"
    # TRANSLATORS: {name} is a parameter of the address, {allowed} what it may be.
    return _("In the address, {name}=“{value}” is not {allowed}: it is left out.").format(
        name=name, value=shown, allowed=allowed)


def _shortened(caption: str) -> str:
    """At most MAX_CAPTION characters: a longer caption is cut after a word where it can
    be, and ends with an ellipsis, so the cut shows."""
    if len(caption) <= MAX_CAPTION:
        return caption
    cut = caption[:MAX_CAPTION - 1]
    space = cut.rfind(" ")
    if space > MAX_CAPTION // 2:
        cut = cut[:space]
    return cut.rstrip() + "…"


def read_mode(first: Mapping[str, str], problems: list[str], embedded: bool = True) -> Mode:
    """The embed's mode from the address's parameters (name -> first value); each bad
    option adds a sentence to ``problems``. Not ``embedded`` (the full page, which takes
    a puzzle and a game's options from any mode's link), options are not held to the mode."""
    mode = first.get("mode", PLAY)
    if mode not in MODES:
        problems.append(_bad("mode", mode, _("one of {modes}").format(modes=", ".join(MODES))))
        mode = PLAY
    if embedded:
        first = _in_mode(first, mode, problems)
    caption = _shortened(_INVISIBLE.sub("", " ".join(first.get("caption", "").split())))
    step = None
    if "step" in first:
        if _STEP.fullmatch(first["step"]):
            step = int(first["step"])
        else:
            problems.append(_bad("step", first["step"], _("a number of actions")))
    goal = _goal(first["goal"], problems) if "goal" in first else None
    puzzle = first.get("puzzle", "")
    if puzzle and not _known_puzzle(puzzle):
        problems.append(_bad("puzzle", puzzle, _("a puzzle of this site")))
        puzzle = ""
    level = first.get("level")
    if level is not None and not _valid_level(level):
        problems.append(_bad("level", level, _("a level’s name")))
        level = None
    colour = first.get("colour")
    if colour is not None and colour not in COLOURS:
        problems.append(_bad("colour", colour, "black, white, random"))
        colour = None
    variants: tuple[str, ...] = ()
    if "variants" in first:
        asked = [v for v in first["variants"].lower().split(",") if v]
        if all(v in VARIANTS for v in asked):
            variants = tuple(v for v in VARIANTS if v in asked)
        else:
            problems.append(_bad("variants", first["variants"], "v1, v2"))
    if puzzle and goal is not None:  # a site puzzle has its own goal
        problems.append(_("The address holds both a puzzle and a goal; the puzzle is posed "
                          "with its own goal."))
        goal = None
    if mode == PUZZLE and not puzzle and goal is None:
        problems.append(_("A puzzle needs a puzzle= or a goal=: the game is shown to play "
                          "instead."))
        mode = PLAY
    return Mode(mode, caption, step, "auto" in first, "explore" in first, puzzle, goal,
                level, colour, variants, _notes(first, problems))


def _in_mode(first: Mapping[str, str], mode: str, problems: list[str]) -> dict[str, str]:
    """The parameters without the options ``mode`` does not take, each said."""
    kept = {}
    for name, value in first.items():
        if mode in ONLY_IN.get(name, (mode,)):
            kept[name] = value
            continue
        takes = [option for option, modes in ONLY_IN.items() if mode in modes]
        # TRANSLATORS: {name} is an option of the address, {mode} a mode's name there
        # (diagram, sequence...), {options} the options that mode takes.
        problems.append(_("In the address, {name} does nothing with mode={mode}: it is left "
                          "out. The options of mode={mode}: {options}.")
                        .format(name=name, mode=mode,
                                options=", ".join([*takes, "caption", *NOTES])))
    return kept


def _notes(first: Mapping[str, str], problems: list[str]) -> Annotations:
    """The board's notes; a kind that cannot be read is left out and said."""
    good = {}
    for kind, example in NOTES.items():
        if kind in first:
            try:
                parse_annotations(**{kind: first[kind]})
                good[kind] = first[kind]
            except KahunaError:
                problems.append(_bad(kind, first[kind],
                                     _("a list such as {example}").format(example=example)))
    return parse_annotations(**good)


def _goal(text: str, problems: list[str]) -> Goal | None:
    from kahuna import KahunaError, goal_from_text  # lazy: kahuna.learn loads on first use

    try:
        return goal_from_text(text[:60])
    except KahunaError:
        problems.append(_bad("goal", text, _("a goal such as gain:ELAI")))
        return None


def _known_puzzle(name: str) -> bool:
    from kahuna import puzzles

    return bool(_PUZZLE.fullmatch(name)) and any(p.id == name for p in puzzles())


def _valid_level(name: str) -> bool:
    from ..game.players import levels  # lazy, as everywhere: the players are big

    return bool(_LEVEL.fullmatch(name)) and name in levels()
