"""Kahuna rules engine and computer players, pure Python (no browser imports).

Layers, each importing only those above it: ``rules`` (the game), ``notation``
(positions, records, links, narration), ``drawing`` (the board as SVG, a diagram's notes),
``players`` (the computer opponents), ``tools`` (the command line). This module is the one
face the page (``web/``) uses.
``translations(lang)`` gives a language's message catalogue (English by default) for
``describe`` and the other narration.
The players load on first use (``kahuna.make_player``), so a page that only shows a
saved game never imports them; the puzzles (``kahuna.puzzles()``, ``kahuna.learn``) too.

>>> from kahuna import Setup, new_game
>>> state = new_game(Setup(seed=1, first=0))
>>> len(state.hand(0)), state.to_move
(3, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .drawing.annotations import Annotations, parse_annotations
from .drawing.board import board_svg
from .drawing.layout import centre as island_centre
from .drawing.layout import line_shape
from .drawing.marks import LastTurn, Marks, annotated
from .drawing.picture import picture_svg
from .drawing.words import island_label, line_label
from .notation.link import KEYS as LINK_KEYS
from .notation.link import as_record as link_record
from .notation.link import decode as decode_link
from .notation.link import kind_of as link_kind
from .notation.link import link_url
from .notation.language import LANGUAGES, translations
from .notation.narrate import (
    YOU, describe, name_words, reason_words, result_words, scoring_words, winner_words,
)
from .notation.draft import Breach, Draft, from_observation as draft_seen, from_state as draft_of
from .notation.draft import read_pasted, refusals as draft_refusals, to_position as draft_position
from .notation.draft import to_state as draft_state, unfinished as draft_unfinished
from .notation.position import position_from_json, position_to_json, seat_name
from .notation.reading import MAX_BYTES, load_json, parse_seat
from .notation.record import FORMAT as RECORD_FORMAT
from .notation.record import VERSION as RECORD_VERSION
from .notation.record import make_record, replay, setup_to_json, start_of
from .rules.actions import TURN_ENDING, Action, Kind
from .rules.board import (DEGREE, ISLANDS, LINES, LINES_OF, N_ISLANDS, N_LINES, POSITIONS,
                          line_name)
from .rules.deal import Setup, new_game
from .rules.errors import IllegalAction, KahunaError, NotationError, PositionError, RecordError
from .rules.observation import Observation, observe
from .rules.state import (
    BLACK, BRIDGES, COLOURS, HAND_LIMIT, WHITE, Effects, Outcome, Phase, State, Termination,
    cards_of,
)

#: The package's version, written here only: pyproject.toml reads it, ``kahuna --version``
#: prints it.
__version__ = "0.1.0"

if TYPE_CHECKING:
    from .players import LEVELS, Decided, Player, Thinking, make_player
    from .players.review import (
        Review, Reviewing, TurnReview, Why, judge_turn, review, review_turns, walk_turn,
        why_turn, why_words,
    )
    from .players.analysis import (
        Analysing, Analysis, Option, best_turns, chance_words, walk_option,
    )
    from .learn import (
        Aim, Because, Goal, Puzzle, TurnError, Verdict, beyond_reach, check_turn, find_puzzle,
        goal_from_text,
        goal_text, goal_words, parse_turn, puzzles, solve, turn_over, verdict_words,
    )

#: Loaded on first use: importing the players costs boot time.
_LAZY = {"LEVELS", "make_player", "Decided", "Player", "Thinking"}
#: The game review (kahuna/players/review.py), loaded on first use likewise.
_REVIEW = {"Review", "Reviewing", "TurnReview", "Why", "judge_turn", "review", "review_turns",
           "walk_turn", "why_turn", "why_words"}
#: The analysis of any position (kahuna/players/analysis.py), loaded on first use likewise.
_ANALYSIS = {"Analysing", "Analysis", "Option", "best_turns", "chance_words", "walk_option"}
#: The puzzles and their goals (kahuna/learn/, docs/puzzles.md), loaded on first use too.
_LEARN = {"Aim", "Because", "Goal", "Puzzle", "TurnError", "Verdict", "beyond_reach",
          "check_turn", "find_puzzle", "goal_from_text", "goal_text", "goal_words", "parse_turn",
          "puzzles", "solve", "turn_over", "verdict_words"}

#: Games with a friend by links (kahuna/correspondence/, docs/correspondence.md): the
#: package itself, ``kahuna.correspondence.invite`` and so on, loaded on first use. Loaded
#: by name, so the page's archive leaves it out until a page module imports it.
_PACKAGES = {"correspondence"}

__all__ = [
    "LINK_KEYS", "link_record", "decode_link", "link_kind", "link_url", "LANGUAGES", "translations", "YOU",
    "describe", "name_words", "reason_words", "result_words", "scoring_words", "winner_words",
    "MAX_BYTES", "load_json", "parse_seat", "position_from_json", "position_to_json",
    "seat_name", "RECORD_FORMAT", "RECORD_VERSION", "make_record", "replay",
    "setup_to_json", "start_of", "TURN_ENDING", "Action", "Kind", "DEGREE", "ISLANDS",
    "LINES", "LINES_OF", "N_ISLANDS", "N_LINES", "POSITIONS", "line_name", "Setup", "new_game",
    "IllegalAction", "KahunaError", "NotationError", "PositionError", "RecordError",
    "Observation", "observe", "BLACK", "BRIDGES", "COLOURS", "HAND_LIMIT", "WHITE",
    "Effects", "Outcome", "Phase", "State", "Termination", "cards_of",
    "Breach", "Draft", "draft_seen", "draft_of", "read_pasted", "draft_refusals",
    "draft_position", "draft_state", "draft_unfinished",
    "Annotations", "parse_annotations", "board_svg", "island_centre", "line_shape", "LastTurn", "Marks",
    "annotated", "island_label", "line_label", "picture_svg", *sorted(_LAZY),
    *sorted(_REVIEW), *sorted(_ANALYSIS), *sorted(_LEARN), *sorted(_PACKAGES),
]


def __getattr__(name: str) -> Any:
    """``kahuna.make_player`` and friends: import the players (or the puzzles) when
    first asked for."""
    if name in _LAZY:
        from . import players
        return getattr(players, name)
    if name in _REVIEW:
        from .players import review
        return getattr(review, name)
    if name in _ANALYSIS:
        from .players import analysis
        return getattr(analysis, name)
    if name in _LEARN:
        from . import learn
        return getattr(learn, name)
    if name in _PACKAGES:  # not "from . import": that asks this very __getattr__ first
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'kahuna' has no attribute {name!r}")
