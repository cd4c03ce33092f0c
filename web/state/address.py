"""The page's address parameters, read and checked in one place: ``read(pairs) -> Address``.

Pure Python (tests/test_web_address.py runs it under CPython with hostile values). A bad
parameter never stops the page: it is left out, and ``Address.problems`` says in plain
words what was wrong, for a notice dialog; the game starts without it.

  record=<base64url JSON>    a game record to open      (kahuna.notation.link)
  position=<base64url JSON>  a position to open for two players
  embed                      any value: the page sits in another page's <iframe>
  seed=N                     fixed deals and computer choices (tests): 0-9 digits only
  pace=SECONDS               pause between the computer's actions, 0 to 3
  autoplay=LEVEL             the computer plays both seats (a demo; web/main.py checks
                             that LEVEL is a level): letters, digits, "-" and "_" only
  mode=..., caption=, step=, goal=, ...   an embed's mode and its options (web/learn/modes.py);
                             the full page reads them for a puzzle only (mode=puzzle: an
                             embedded puzzle's link to the full game)
  lang=CODE                  the language to speak (en, de, fr, pl; "de-AT" is German);
                             web/boot/start.py reads it before the rest, so that the other
                             problems are said in it
Other parameters are ignored (another site may add its own to a link).
The problems are said in the language spoken when ``read`` runs (web.words.language).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kahuna import LANGUAGES, LINK_KEYS, KahunaError, decode_link, link_record

from ..learn.modes import NEW_GAME, OPTIONS, PUZZLE, Mode, read_mode
from ..words.language import _, supported
from ..words.reasons import reason

#: A seed: ASCII digits only (``str.isdigit`` also takes "٣" and "²"), short enough
#: that ``int`` is instant.
_SEED = re.compile(r"[0-9]{1,18}")
#: A pace in seconds: a plain decimal number (no NaN, no infinity, no exponent).
_PACE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?")
#: A level's name, as far as the address can tell (the players are not imported here).
_LEVEL = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_PACE = 3.0
#: The parameters with a value: one given twice, differently, is said.
_VALUED = ("seed", "pace", "autoplay", "lang", *LINK_KEYS, *OPTIONS)
#: Characters of a value quoted back in a message.
_QUOTED = 24


@dataclass(frozen=True)
class Address:
    """What the address asks for; None (or False) where it asks nothing or asks badly."""

    seed: int | None = None
    pace: float | None = None
    embed: bool = False
    link: tuple[str, Any] | None = None  # ("record" | "position", the game record it opens)
    problems: tuple[str, ...] = ()  # plain sentences, one per bad parameter
    autoplay: str | None = None
    lang: str | None = None  # a language the game speaks
    detail: str = ""  # why the link could not be read: the engine's words, in English
    linked: bool = False  # a record or position was given, readable or not (a reload
    #                       must not open it again)
    mode: Mode = Mode()  # embedded: what the frame shows (web/learn/modes.py)


def quoted(value: str) -> str:
    text = value if len(value) <= _QUOTED else value[:_QUOTED - 1] + "…"
    return f"“{text}”"


def read(params: Mapping[str, str] | Iterable[tuple[str, str]]) -> Address:
    """Check every parameter the page reads; ``params`` maps names to values, or lists
    (name, value) pairs as the address gives them (a name may repeat: the first counts)."""
    pairs = params.items() if isinstance(params, Mapping) else params
    first: dict[str, str] = {}
    problems: list[str] = []
    for key, value in pairs:
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        if key in first:
            if key in _VALUED and value != first[key]:
                problems.append(_("The address gives “{key}” more than once; the first one "
                                  "is used.").format(key=key))
            continue
        first[key] = value
    seed = pace = link = None
    detail = ""
    if "seed" in first:
        text = first["seed"]
        if _SEED.fullmatch(text):
            seed = int(text)
        else:
            problems.append(_("The seed in the address, {value}, is not a whole number "
                              "of at most 18 digits 0-9: games are dealt at random.")
                            .format(value=quoted(text)))
    if "pace" in first:
        text = first["pace"]
        if _PACE.fullmatch(text):
            pace = float(text)
            if pace > MAX_PACE:
                pace = MAX_PACE
                problems.append(_("The pace in the address, {value}, is more than {most} "
                                  "seconds: the computer waits {most} seconds between its "
                                  "actions.").format(value=quoted(text), most=f"{MAX_PACE:g}"))
        else:
            problems.append(_("The pace in the address, {value}, is not a number of seconds "
                              "from 0 to {most}: the computer plays at its usual pace.")
                            .format(value=quoted(text), most=f"{MAX_PACE:g}"))
    autoplay = first.get("autoplay")
    if autoplay is not None and not _LEVEL.fullmatch(autoplay):
        problems.append(_("The level to play in the address, {value}, is not a level’s "
                          "name: the usual game opens instead.").format(value=quoted(autoplay)))
        autoplay = None
    lang = first.get("lang")
    if lang is not None and supported(lang) is None:
        problems.append(_("The language in the address, {value}, is not one the game speaks "
                          "({languages}).").format(value=quoted(lang),
                                                   languages=", ".join(LANGUAGES)))
    lang = supported(lang)
    keys = [key for key in LINK_KEYS if key in first]
    if len(keys) > 1:
        problems.append(_("The address holds both a {first} and a {second}; the {first} is "
                          "opened.").format(first=keys[0], second=keys[1]))
    if keys:
        key = keys[0]
        try:
            link = (key, link_record(key, decode_link(first[key])))
        except KahunaError as exc:
            problems.append(f"{link_problem(key)} {reason(exc)}")
            detail = str(exc)
    embed = "embed" in first
    # the full page reads a puzzle to pose, and a game embed's options for a new game
    chosen = first.get("mode") == PUZZLE or any(key in first for key in NEW_GAME)
    mode = read_mode(first, problems, embed) if embed or chosen else Mode()
    return Address(seed, pace, embed, link, tuple(problems), autoplay, lang, detail,
                   bool(keys), mode)


def link_problem(key: str) -> str:
    """The record or position of a link cannot be opened. (Why: web/words/reasons.py in plain
    words; the engine's English, naming the field or rule, is folded away as a detail.)"""
    # TRANSLATORS: {key} is "record" or "position", a parameter's name in the address.
    return _("The {key} in the address could not be read.").format(key=key)
