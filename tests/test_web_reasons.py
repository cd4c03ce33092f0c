"""A link, a file or a save that cannot be opened is said in the page's language, in plain
words (web/words/reasons.py); the engine's English reason shows only inside the folded
"Details" for a bug report (a tester read "…ließ sich nicht lesen. (not UTF-8 text)")."""

from __future__ import annotations

import json

import pytest

from kahuna import PositionError, translations
from kahuna.notation.link import encode
from web.game import saves
from web.words import language
from web.state.opening import boot, open_file
from web.words.reasons import reason
from web.view.page import view

from .web_helpers import (
    ILLEGAL, THIRD_CARD, UNKNOWN_ISLAND, UNKNOWN_KEY, App, Clock, MemoryStorage,
    broken_at_action_3, new_app,
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use_translations("en", translations("en"))


def _folded(html: str, english: str) -> str:
    """The dialog's text before the fold; the fold holds ``english``, marked English."""
    shown, fold, folded = html.partition('<details class="bug-report">')
    assert fold and "<details open" not in html
    assert 'lang="en"' in folded and english in folded
    assert "</details>" in folded
    return shown


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
@pytest.mark.parametrize(("link", "english"), [
    (UNKNOWN_ISLAND, "unknown island"), (THIRD_CARD, "there are two (R2)"),
    (UNKNOWN_KEY, "the position has no key"), ("é", "not base64url"), ("Z2FyYmFnZQ", "not JSON text"),  # "garbage"
])
def test_a_bad_link_is_said_in_the_language_the_english_folded(lang, link, english):
    language.use(lang)
    app = App(MemoryStorage(), Clock(), seed=3, lang=lang)
    boot(app, {"position": link})
    assert app.dialog == "notice"
    shown = _folded(view(app).dialog, english)
    assert english not in shown and "(" not in shown.partition("</h2>")[2]
    assert reason(ValueError()) not in shown  # a reason of its kind, not the last resort


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
@pytest.mark.parametrize(("raw", "english"), [
    (bytes(range(256)) * 4, "not UTF-8 text"), (b"{\"format\": ", "not JSON text"),
    (b"\"x\"" + b" " * 300_000, "too large"), (None, "action 3"),
])
def test_a_bad_file_is_said_in_the_language_the_english_folded(lang, raw, english):
    language.use(lang)
    app = new_app(seed=2)
    open_file(app, "partie.json", broken_at_action_3() if raw is None else raw)
    shown = _folded(view(app).dialog, english)
    assert english not in shown and "partie.json" in shown


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_a_damaged_save_is_said_in_the_language_the_english_folded(lang):
    storage = MemoryStorage()
    app = new_app(storage, seed=1)
    record = json.loads(storage[saves.PREFIX + app.match.id])
    storage[saves.PREFIX + app.match.id] = json.dumps({**record, "version": 7})
    language.use(lang)
    again = App(storage, Clock(), seed=1, lang=lang)
    boot(again, {})
    assert again.dialog == "problem"
    shown = _folded(view(again).dialog, "unknown record version 7")
    assert "version 7" not in shown


def test_each_kind_of_trouble_has_its_own_plain_words():
    app = App(MemoryStorage(), Clock(), seed=3)
    said = set()
    for address in ({"position": UNKNOWN_ISLAND}, {"position": THIRD_CARD},
                    {"record": "é"}, {"record": encode({"format": "kahuna-record"})},
                    {"record": ILLEGAL}, {"position": UNKNOWN_KEY}):
        boot(app, address)
        said.add(app.notice[1])
    assert len(said) == 6, said


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl"])
def test_an_unknown_key_is_named_in_the_language(lang):
    """A misspelled key of a linked position is named, not said as an impossible position
    (issue 32: "brigdes" for "bridges" was read as a board without bridges, unsaid)."""
    language.use(lang)
    app = App(MemoryStorage(), Clock(), seed=3, lang=lang)
    boot(app, {"position": UNKNOWN_KEY})
    assert app.dialog == "notice" and "brigdes" in app.notice[1]
    assert app.notice[1] != reason(PositionError("x"))  # not "cannot come about in a game"
    record = json.dumps({"format": "kahuna-record", "version": 1, "actions": [],
                         "setup": {"seed": 1, "hand": 3}})
    open_file(app, "partie.json", record.encode())
    quoted = {"en": "“hand”", "de": "„hand“", "fr": "« hand »", "pl": "„hand”"}[lang]
    assert quoted in app.notice[1]  # a setup's key too, in the language's quotes


def test_an_unknown_key_is_said_back_printable_and_short():
    """The key comes from outside: hidden characters are dropped, a long one is cut, and
    the page's HTML escapes it (never markup)."""
    key = "\u202e<b>" + "x" * 100
    app = App(MemoryStorage(), Clock(), seed=3)
    boot(app, {"position": encode({"format": "kahuna-position", key: 1})})
    said = app.notice[1]
    assert "\u202e" not in said and "<b>xxx" in said and "x" * 30 not in said
    assert "<b>xxx" not in view(app).dialog and "&lt;b&gt;xxx" in view(app).dialog
