"""The message catalogues (locale/, scripts/i18n.py) and the narration in every language.

A catalogue must hold exactly the template's messages, each translated, not fuzzy, with
the same {placeholders} and every plural form of its language; its .mo must be its .po
compiled. The narration of every kind of effect, rendered in a pseudo-language made from
the template, must show nothing that did not come from the catalogue; rendered in German,
French and Polish it must show no English. Standard library only (no Babel).
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest

from kahuna import (
    BLACK, COLOURS, LANGUAGES, WHITE, Action, Effects, Outcome, Termination, describe,
    reason_words, translations, winner_words,
)
from kahuna.notation.narrate import name_words, result_words
from kahuna.rules.board import ISLANDS
from scripts import i18n

from .helpers import island, line
from .pseudo import Pseudo, outside_brackets

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = i18n.read_po(i18n.template_path(ROOT).read_text(encoding="utf-8"))
CATALOGUES = {lang: i18n.read_po(i18n.po_path(lang, ROOT).read_text(encoding="utf-8"))
              for lang in i18n.PLURAL_FORMS}
PLACEHOLDER = re.compile(r"(\{\w+\})")


# ------------------------------------------------------------------ the catalogues


def test_every_language_has_a_catalogue():
    assert LANGUAGES == ("en", *i18n.PLURAL_FORMS)
    assert len([m for m in TEMPLATE if m.id]) >= 45


@pytest.mark.parametrize("lang", sorted(i18n.PLURAL_FORMS))
def test_catalogue_is_complete_and_correct(lang):
    assert i18n.problems(TEMPLATE, CATALOGUES[lang], lang) == []


def test_the_catalogues_are_compiled_and_current():
    assert i18n.check(ROOT) == []
    for lang, messages in CATALOGUES.items():
        mo = i18n.po_path(lang, ROOT).with_suffix(".mo")
        assert mo.read_bytes() == i18n.mo_bytes(messages), "run: python3 scripts/i18n.py compile"


def test_no_words_a_player_reads_name_a_rule_by_its_id():
    """R1..R24 are docs/rules.md's ids, for the code and its errors; the page and the rules
    pages speak of the rules in words (the review once said "(R13)"). The variants' short
    names, V1 and V2, are the page's own badges."""
    ids = re.compile(r"\bR[0-9]{1,2}\b")
    named = [m.id for m in TEMPLATE if m.id and ids.search(m.id)]
    assert named == [], named


@pytest.mark.parametrize("lang", sorted(i18n.PLURAL_FORMS))
def test_the_compiled_catalogue_reads_back_every_message(lang):
    """Python's gettext reads the .mo as the .po says, plural forms by its own rule."""
    t = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(CATALOGUES[lang])))
    samples = {0: 1, 1: 2, 2: 5}  # a count that takes each plural form (pl: 1, 2-4, 5+)
    for m in CATALOGUES[lang]:
        if not m.id:
            continue
        if m.plural is None:
            got = [t.pgettext(m.context, m.id) if m.context else t.gettext(m.id)]
        else:
            got = [t.npgettext(m.context, m.id, m.plural, samples[i]) if m.context else
                   t.ngettext(m.id, m.plural, samples[i]) for i in range(len(m.strings))]
        assert tuple(got) == m.strings


def _broken(lang, change):
    """The problems found in ``lang``'s catalogue after ``change`` (a function of a list)."""
    messages = list(CATALOGUES[lang])
    change(messages)
    return i18n.problems(TEMPLATE, messages, lang)


def _edit(messages, msgid, **fields):
    i = next(i for i, m in enumerate(messages) if m.id == msgid)
    messages[i] = messages[i]._replace(**fields)


def test_the_check_finds_each_kind_of_mistake():
    place = "{player} places {line}"
    score = "{player} scores {points}"
    assert _broken("de", lambda ms: ms.remove(next(m for m in ms if m.id == place))) == [
        f"missing: {place!r} (context None)"]
    assert _broken("de", lambda ms: ms.append(i18n.Message(None, "extra", None, ("x",), False))) \
        == ["not in the template: 'extra'"]
    assert _broken("fr", lambda ms: _edit(ms, place, strings=("{joueur} pose {line}",))) == [
        "placeholders ['joueur', 'line'] in '{joueur} pose {line}', not ['line', 'player']"]
    assert _broken("fr", lambda ms: _edit(ms, place, strings=("{} pose {line}",))) == [
        f"positional placeholder in '{{}} pose {{line}}' ({place!r})"]
    assert _broken("pl", lambda ms: _edit(ms, score, strings=("{player} {points} punkt",
                                                                "{player} {points} punkty"))) \
        == [f"2 plural forms, not 3: {score!r}"]
    assert _broken("pl", lambda ms: _edit(ms, place, fuzzy=True)) == [f"fuzzy: {place!r}"]
    assert _broken("de", lambda ms: _edit(ms, place, strings=("",))) == [
        f"untranslated: {place!r}"]
    assert _broken("de", lambda ms: _edit(ms, "", strings=("Plural-Forms: nplurals=1;\n",))) \
        == ["Plural-Forms is 'nplurals=1;', not 'nplurals=2; plural=(n != 1);'"]


def test_a_stale_mo_is_found(tmp_path):
    for lang in i18n.PLURAL_FORMS:
        po = i18n.po_path(lang, tmp_path)
        po.parent.mkdir(parents=True)
        po.write_bytes(i18n.po_path(lang, ROOT).read_bytes())
        po.with_suffix(".mo").write_bytes(i18n.mo_bytes(CATALOGUES[lang]))
    i18n.template_path(tmp_path).write_bytes(i18n.template_path(ROOT).read_bytes())
    for folder in i18n.SOURCES:  # the code whose messages the template holds
        (tmp_path / folder).symlink_to(ROOT / folder)
    assert i18n.check(tmp_path) == []
    po = i18n.po_path("pl", tmp_path)
    po.write_text(po.read_text(encoding="utf-8").replace("wygrywa", "zwycięża"), encoding="utf-8")
    assert i18n.check(tmp_path) == [f"pl: {po.with_suffix('.mo').relative_to(tmp_path)} is not "
                                    "current: run compile"]
    assert i18n.compile_all(tmp_path) == [po.with_suffix(".mo")]
    assert i18n.check(tmp_path) == []


def test_translations_by_language_tag():
    de = translations("de").gettext("{items} and {last}")
    assert [translations(tag).gettext("{items} and {last}") for tag in
            ("de", "de-AT", "de_CH", "fr-CA", "pl-PL")] == [de, de, de, "{items} et {last}",
                                                            "{items} i {last}"]
    for tag in ("en", "en-GB", "pt-BR", "", "xx"):
        assert translations(tag).gettext("{items} and {last}") == "{items} and {last}"


# ------------------------------------------------------------------ the narration


def _fx(player, text, **fields):
    return Effects(player, Action.parse(text), **fields)


LINES = [line(t) for t in ("BARI-ELAI", "DUDA-ELAI", "DUDA-HUNA")]
#: Effects of every kind, and (viewer, count) variations that change the words.
EFFECTS = [
    _fx(WHITE, "BARI>DUDA", gained=[island("BARI")], removed=[line("ALOA-BARI")],
        lost=[island("ALOA")]),
    _fx(BLACK, "ELAI>HUNA", gained=[island("ELAI"), island("HUNA")], removed=LINES,
        lost=[island("DUDA")]),
    _fx(BLACK, "HUNA+HUNA/ELAI-HUNA", removed=[line("ELAI-HUNA"), line("DUDA-HUNA")],
        lost=[island("DUDA"), island("HUNA"), island("ELAI")]),
    _fx(WHITE, "ELAI+HUNA/ELAI-HUNA", removed=[line("ELAI-HUNA")]),
    _fx(BLACK, "d:IFFI"),
    _fx(WHITE, "d:IFFI+JOJO"),
    _fx(BLACK, "d:ALOA+BARI+COCO+DUDA+ELAI"),
    _fx(WHITE, "f:ELAI-HUNA", gained=[island("HUNA")]),
    _fx(BLACK, "h:ALOA-BARI"),
    _fx(WHITE, "take:GOLA", round_ended=1, scoring=(0, 1)),
    _fx(BLACK, "take:GOLA", round_ended=2, scoring=(2, 0)),
    _fx(BLACK, "take:GOLA", round_ended=1, scoring=(0, 0)),
    _fx(WHITE, "pile", drawn=island("KAHU")),
    _fx(BLACK, "pass", scoring=(5, 0), outcome=Outcome(
        BLACK, Termination.SCORING, "more points")),
    _fx(WHITE, "pass", scoring=(0, 0), outcome=Outcome(
        WHITE, Termination.SCORING, "equal points, higher final scoring")),
    _fx(BLACK, "pass", scoring=(0, 0), outcome=Outcome(
        BLACK, Termination.SCORING, "no points, more bridges on the board")),
    _fx(WHITE, "pass", scoring=(0, 0), outcome=Outcome(
        None, Termination.SCORING, "equal in every tie-break")),
    _fx(WHITE, "take:GOLA", scoring=(0, 1), outcome=Outcome(
        WHITE, Termination.EARLY, "Black has no bridge left")),
    _fx(BLACK, "take:GOLA", scoring=(1, 0), outcome=Outcome(
        BLACK, Termination.EARLY, "White has no bridge left")),
]
NAMES = [COLOURS, ("You", "Computer"), ("Computer", "You"), ("Ana", "Olek")]


def narration(tr):
    """Every effect described to each viewer with each naming, and the results alone."""
    texts = []
    for names in NAMES:
        for fx in EFFECTS:
            texts += [describe(fx, viewer, names, tr) for viewer in (None, BLACK, WHITE)]
            if fx.outcome is not None:
                texts += [winner_words(fx.outcome, names, tr=tr),
                          result_words(fx.outcome, names, tr=tr),
                          reason_words(fx.outcome, names, tr)]
    return texts


def test_pseudo_language_shows_only_catalogue_words_islands_and_names():
    """Every word of the narration comes from the catalogue: outside the pseudo-language's
    brackets there are only the islands, the lines, numbers, punctuation and the names the
    caller gave that are no known name (Ana, Olek)."""
    pseudo = Pseudo(TEMPLATE)
    texts = narration(pseudo) + [name_words(n, pseudo) for n in ("You", *COLOURS, "Computer")]
    own = "|".join([*ISLANDS, "Ana", "Olek"])
    for text in texts:
        rest = re.sub(rf"\b({own})\b", "", outside_brackets(text))
        assert re.fullmatch(r"[\s\d;,()–]*", rest), (text, rest)
    narrated = {(f.context, f.id) for f in i18n.messages_in_code(ROOT)
                if any(path.startswith("kahuna/notation/") for path in f.paths)}
    assert narrated - pseudo.asked == set(), "a message never narrated"


def _words(text):
    return set(re.findall(r"[A-Za-z][A-Za-z']+", PLACEHOLDER.sub(" ", text)))


ENGLISH_WORDS = set().union(*(_words(m.id) | _words(m.plural or "") for m in TEMPLATE))


@pytest.mark.parametrize("lang", sorted(i18n.PLURAL_FORMS))
def test_narration_in_each_language_has_no_english(lang):
    """No English word of the template shows unless the language's own catalogue uses it
    too (German's "Computer"), and no sentence reads as in English."""
    own = set().union(*(_words(s) for m in CATALOGUES[lang] if m.id for s in m.strings))
    foreign = ENGLISH_WORDS - own - set(ISLANDS) - {"Ana", "Olek"}
    english = narration(gettext.NullTranslations())
    texts = narration(translations(lang))
    for text, original in zip(texts, english):
        assert not _words(text) & foreign, (text, _words(text) & foreign)
        assert text != original, text


# ------------------------------------------------------------------ exact sentences


def _say(lang, fx, viewer=None, names=("You", "Computer")):
    return describe(fx, viewer, names, translations(lang))


WORKED = EFFECTS[0]  # White places BARI–DUDA and takes BARI; Black loses ALOA


def test_german_sentences():
    assert _say("de", WORKED) == ("Der Computer setzt einen Stab auf BARI–DUDA und besetzt "
                                  "BARI; dein Stab ALOA–BARI wird entfernt; du verlierst ALOA")
    assert _say("de", EFFECTS[1]) == (
        "Du setzt einen Stab auf ELAI–HUNA und besetzt ELAI und HUNA; die Stäbe BARI–ELAI, "
        "DUDA–ELAI, DUDA–HUNA des Computers werden entfernt; der Computer verliert DUDA")
    assert _say("de", EFFECTS[3], names=COLOURS) == (
        "Weiß spielt ELAI und HUNA aus und entfernt den Stab ELAI–HUNA von Schwarz")
    assert _say("de", EFFECTS[5], viewer=BLACK) == "Der Computer legt 2 Karten verdeckt ab"
    assert _say("de", EFFECTS[10]) == (
        "Du nimmst GOLA von den offenen Karten; Runde 2 endet; du erhältst 2 Punkte")
    assert _say("de", EFFECTS[17], names=COLOURS) == (
        "Weiß nimmt GOLA von den offenen Karten; Weiß erhält 1 Punkt; "
        "Weiß gewinnt (Schwarz hat keinen Stab mehr)")


def test_french_sentences():
    assert _say("fr", WORKED) == ("L’ordinateur pose un pont sur BARI–DUDA et gagne BARI; "
                                  "votre pont ALOA–BARI est retiré; vous perdez ALOA")
    assert _say("fr", EFFECTS[3]) == (
        "L’ordinateur joue ELAI et HUNA et retire votre pont ELAI–HUNA")
    assert _say("fr", EFFECTS[4], viewer=BLACK) == "Vous défaussez IFFI face cachée"
    assert _say("fr", EFFECTS[16]) == (
        "L’ordinateur termine le tour sans piocher; personne ne marque de point; "
        "égalité (rien ne les départage)")
    assert winner_words(EFFECTS[16].outcome, tr=translations("fr")) == "Égalité"


def test_polish_sentences_and_their_three_plural_forms():
    assert _say("pl", WORKED) == (
        "Komputer umieszcza most na połączeniu BARI–DUDA i zyskuje kontrolę nad BARI; "
        "twój most ALOA–BARI zostaje usunięty; tracisz kontrolę nad ALOA")
    assert _say("pl", EFFECTS[2], names=COLOURS) == (
        "Czarny zagrywa dwie karty HUNA oraz usuwa most ELAI–HUNA Białego; most DUDA–HUNA Białego "
        "zostaje usunięty; Biały traci kontrolę nad DUDA, HUNA i ELAI")
    assert [_say("pl", EFFECTS[i], viewer=1 - EFFECTS[i].player) for i in (4, 5, 6)] == [
        "Odkładasz 1 zakrytą kartę", "Komputer odkłada 2 zakryte karty",
        "Odkładasz 5 zakrytych kart"]
    scores = [part for i in (9, 10, 13)
              for part in _say("pl", EFFECTS[i], names=COLOURS).split("; ") if "zdobywa" in part]
    assert scores == [
        "Biały zdobywa 1 punkt", "Czarny zdobywa 2 punkty", "Czarny zdobywa 5 punktów"]
