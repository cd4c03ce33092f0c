"""The page in four languages (web/words/language.py): which language it speaks, switching it
without touching the game, and every text of every screen taken from the catalogue.

The pseudo-language test draws every screen (the game, each dialog, the hot-seat cover, an
embed, the error dialog, the notices) with each message wrapped in ⟦…⟧: what shows outside
the brackets, in text or in an accessible name, must be an island, a line, a number, a
language's own name or punctuation. Text marked ``lang="en"`` (a traceback for a bug
report) is English on purpose.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from kahuna import (
    ISLANDS, Action, Kind, Reviewing, annotated, observe, parse_annotations, position_to_json,
    review_turns, start_of, translations,
)
import kahuna
from kahuna.notation.link import encode
from scripts import i18n
from web.boot import guard
from web.game import saves
from web.learn import tutorial
from web.state.acts import handle
from web.state.tabs import storage_changed
from web.view import panels, render
from web.words import language
from web.state.app import App, NOT_SAVED
from web.state.choices import Offers
from web.game.match import HOTSEAT
from web.state.opening import boot, file_too_large, open_file, start_autoplay
from web.learn.review import advance
from web.game.saves import PREFIX
from web.state.sharing import LIMIT
from web.words.tips import TIPS, tip_html
from web.view.page import parts, view

from .helpers import HOLD_ALOA, final_position, last_card, play_randomly, position
from .pseudo import Pseudo, outside_brackets
from .web_helpers import (
    FRESH, ILLEGAL, THIRD_CARD, UNKNOWN_ISLAND, UNKNOWN_KEY, Clock, MemoryStorage, card,
    by_links_screens, finished_game, follow, invited, new_app, visible_texts,
)

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = i18n.read_po(i18n.template_path(ROOT).read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the page speaking English, as the others expect."""
    yield
    language.use_translations("en", translations("en"))


# ------------------------------------------------------------------ which language


@pytest.mark.parametrize(("asked", "chosen", "preferred", "spoken"), [
    (None, None, [], "en"),
    (None, None, ["de-AT", "en"], "de"),
    (None, None, ["pt-BR", "fr-CA", "de"], "fr"),  # the first the game speaks
    (None, "pl", ["de"], "pl"),  # the person's own choice beats the browser's
    ("fr", "pl", ["de"], "fr"),  # the address (an embed's lang=) beats both
    ("xx", "garbage", ["", "zz", None, 3], "en"),  # nothing usable: English
    ("DE", None, [], "de"), ("pl_PL", None, [], "pl"),
])
def test_the_language_comes_from_the_address_the_choice_or_the_browser(
        asked, chosen, preferred, spoken):
    assert language.choose(asked, chosen, preferred) == spoken


def test_a_language_in_the_address_is_checked():
    from web.state.address import read
    assert read({"lang": "de-CH"}).lang == "de"
    bad = read({"lang": "<b>klingon</b>"})
    assert bad.lang is None and "not one the game speaks (en, de, fr, pl)" in bad.problems[0]


def _record(app: App) -> dict:
    return app.match.to_record()


def test_switching_language_keeps_the_game_and_is_remembered():
    app = new_app(seed=4, first="black", colour="black")
    handle(app, "card:0")
    before, selected = _record(app), app.selected
    english = view(app)
    handle(app, "languages")
    assert app.dialog == "language" and 'data-act="lang:de"' in view(app).dialog
    handle(app, "lang:de")
    german = view(app)
    assert (app.dialog, app.lang, app.storage.getItem(language.KEY)) == ("", "de", "de")
    assert _record(app) == before and app.selected == selected  # the game as it was
    assert german.board.count("data-act") == english.board.count("data-act")
    assert german.lang == "de" and german.btn_new == "Neues Spiel"
    assert german.prompt != english.prompt and german.hand_label != english.hand_label
    handle(app, "lang:klingon")  # unknown: nothing changes
    assert app.lang == "de" and view(app) == german


def test_the_language_dialog_goes_back_to_the_dialog_it_was_opened_over():
    app = new_app(seed=4)
    handle(app, "menu")
    handle(app, "languages")
    handle(app, "lang:fr")
    assert app.dialog == "new" and "Nouvelle partie" in view(app).dialog
    handle(app, "languages")
    handle(app, "lang:fr")  # the dialog's Close: the same language
    assert app.dialog == "new"


def test_a_storage_that_refuses_still_lets_the_page_switch():
    class Full(MemoryStorage):
        def setItem(self, key, value):
            raise OSError("QuotaExceededError")

    app = App(Full(), Clock(), seed=1)
    app.start()
    handle(app, "lang:pl")
    assert app.lang == "pl" and view(app).lang == "pl"


def test_an_embed_offers_the_languages_too():
    app = App(MemoryStorage(), Clock(), seed=1, embed="/kahuna/?lang=de", lang="de")
    boot(app, {"embed": "", "lang": "de"})
    shown = view(app)
    assert shown.lang == "de" and "Zurücksetzen" in shown.embed_nav
    handle(app, "lang:en")
    assert "Reset" in view(app).embed_nav


# ------------------------------------------------------------------ every screen


def _finished(storage: MemoryStorage, mode: str = "computer") -> App:
    """A game the person (White) has just lost: the end dialog."""
    record = {"format": "kahuna-record", "version": 1,
              "position": position_to_json(last_card(black=HOLD_ALOA, white=[])), "seed": 1,
              "actions": ["take:GOLA"], "meta": {"mode": mode, "human": 1}}
    app = App(storage, Clock())
    boot(app, {"record": encode(record)})
    return app


def screens() -> list[str]:
    """The HTML of every screen and state the page can show, in the language in use."""
    shown: list[str] = []

    def draw(app: App) -> None:
        app.lang = language.in_use()
        v = view(app)
        shown.extend([*parts(v).values(), v.dialog, v.cover])
        app.drawn()

    # Against the computer: a card chosen, the lines lit; a hint; the computer's turn.
    app = new_app(seed=4, first="black", colour="black")
    draw(app)
    handle(app, "card:0")
    draw(app)
    handle(app, "card:1")
    draw(app)
    handle(app, "card:0")
    app.show_hint(app.match.state.legal_actions()[0])
    draw(app)
    app.looking_for_hint()
    draw(app)
    app.hint = None
    app.save_problem = NOT_SAVED
    app.thinking_started()
    draw(app)
    app.no_storage()
    draw(app)
    waiting = new_app(seed=4, first="white", colour="black")
    waiting.thinking_started()
    draw(waiting)
    for key in TIPS:  # the help bubble, each of its tips
        handle(app, f"tip:{key}")
        draw(app)
    handle(app, "tip:")
    for key in ("spot:build:ALOA-HUNA", "spot:remove:ALOA-HUNA", "spot:island:ELAI"):
        shown.append(tip_html(key))  # a board's place clicked with no card chosen
    for dialog in ("menu", "languages", "keys", "settings"):
        app.dialog = ""
        handle(app, dialog)
        draw(app)
    app.game_changed()
    draw(app)
    gone = new_app(seed=4)  # its game deleted in another tab
    gone.storage.removeItem(saves.PREFIX + gone.match.id)
    storage_changed(gone, None)
    draw(gone)
    # Handicap bridges to place; two players on one device, hands covered; V1.
    draw(new_app(seed=2, handicap=2, handicap_player="white", colour="white"))
    hotseat = new_app(seed=5, mode=HOTSEAT, fewer_surprises=True, open_draws=True)
    draw(hotseat)
    handle(hotseat, "uncover")
    draw(hotseat)
    rng = random.Random(3)
    play_randomly(hotseat, rng, 40)  # bridges and islands of both colours
    hotseat.covered = False
    draw(hotseat)
    play_randomly(hotseat, rng, until=lambda s: any(a.kind is Kind.REMOVE
                                                    for a in s.legal_actions()))
    hotseat.covered, hotseat.dialog = False, ""
    hotseat.show_hint(next(a for a in hotseat.match.state.legal_actions()
                           if a.kind is Kind.REMOVE))  # two cards chosen: bridges lit
    draw(hotseat)
    by_links_screens(draw)  # a game with a friend by links
    # The new-game dialog with every option shown and saved games, one unreadable.
    storage = MemoryStorage()
    done = _finished(storage)
    draw(done)
    done.save_problem = NOT_SAVED  # the end with the storage full: the result not counted
    draw(done)
    done.save_problem = ""
    done.dialog = "scoring"
    draw(done)
    # Share: the finished game, copied or not; too long for a link; a position.
    handle(done, "share")
    for copied in (True, False):
        done.copied(copied)
        draw(done)
    done.share = replace(done.share, url="x" * (LIMIT + 1))
    draw(done)
    handle(done, "back")
    app.dialog = ""
    handle(app, "share")
    draw(app)
    # A game record file that holds no game; one too large to read.
    opened = new_app(seed=2)
    open_file(opened, "notes.txt", b"\xff\xfe")
    draw(opened)
    file_too_large(opened, "huge.json", 5_000_000)
    draw(opened)
    storage.setItem(PREFIX + "broken", "{not json")
    storage.setItem(PREFIX + "old", '{"format": "kahuna-record", "version": 99}')
    new_app(storage, seed=3, mode=HOTSEAT)  # a second saved game
    menu = new_app(storage, seed=6, handicap=1)
    handle(menu, "menu")
    draw(menu)
    handle(menu, "set:handicap_player:" + menu.choice.colour)  # the handicap's bridges: yours
    draw(menu)
    handle(menu, "set:mode:hotseat")
    draw(menu)
    storage.setItem("kahuna.current", "broken")
    broken = App(storage, Clock())
    boot(broken, {})
    draw(broken)
    # A bad address; an embed with a bad link; an embed playing.
    noticed = App(MemoryStorage(), Clock())
    boot(noticed, [("seed", ""), ("seed", "2"), ("pace", "fast"), ("autoplay", "?"),
                   ("lang", "xx"), ("record", "AAAA"), ("position", "AAAA")])
    noticed.lang = language.in_use()
    shown.append(view(noticed).dialog)
    boot(noticed, {"seed": "x"})
    draw(noticed)
    for key, link in (("position", UNKNOWN_ISLAND), ("position", THIRD_CARD), ("record", ILLEGAL),
                      ("record", encode({"format": "kahuna-record"})),
                      ("position", UNKNOWN_KEY)):
        boot(noticed, {key: link})
        draw(noticed)  # each kind of trouble in its own plain words (web/words/reasons.py)
    boot(noticed, {"pace": "9"})
    draw(noticed)
    start_autoplay(noticed, "grandmaster")
    draw(noticed)
    shown.append(saves.load(MemoryStorage(), "gone").summary())
    embedded = App(MemoryStorage(), Clock(), seed=1, embed="/kahuna/")
    boot(embedded, {"embed": "", "position": "AAAA"})
    embedded.lang = language.in_use()
    shown.append(view(embedded).dialog)
    for wrong in ({"mode": "diagram", "level": "expert"},  # an option of another mode
                  {"mode": "puzzle", "goal": "control:12"}):  # a goal beyond reach
        boot(embedded, {"embed": "", "position": FRESH,
                        **wrong})
        shown.append(view(embedded).dialog)
    handle(embedded, "start")
    draw(embedded)
    # The tutorial: the first visit's offer, each lesson (once with a card that does not
    # fit it), its end and the new-game dialog it leads to.
    learner = App(MemoryStorage(), Clock(), seed=1)
    boot(learner, {})
    draw(learner)
    handle(learner, "tutorial:start")
    for lesson in (*tutorial.LESSONS[1:], None):
        draw(learner)
        if lesson is not None and lesson.key == "control":
            handle(learner, card(learner, "JOJO"))
            draw(learner)
            handle(learner, f"card:{learner.selected[0]}")
        follow(learner, upto="" if lesson is None else lesson.key)
    draw(learner)
    handle(learner, "tutorial:play")
    draw(learner)
    # What the panels say in states a short game rarely reaches.
    names = ("You", "Computer")
    obs = observe(final_position([[1, 0], [0, 2]], HOLD_ALOA, ["DUDA-ELAI"]), 0)
    shown += [panels.round_text(obs), panels.prompt_text(obs, Offers(), (), names)]
    obs = observe(position(hands={"black": ["ALOA", "BARI", "COCO", "DUDA", "ELAI"],
                                  "white": []}), 0)
    place, discard = Action.parse("ALOA>BARI"), Action.parse("d:ALOA+BARI")
    shown += [panels.opponent_hand_html(obs), panels.prompt_text(obs, Offers(), (), names),
              panels.prompt_text(obs, Offers(), (0,), names),
              panels.prompt_text(obs, Offers({0: place}), (0, 1), names),
              panels.prompt_text(obs, Offers(discard=discard), (0, 1), names),
              panels.actions_html(Offers(discard=discard, ends=(Action.parse("pass"),)), True)]
    v1 = position(variants={"fewer_surprises": True}, free_line="ALOA-BARI", hands={"black": ["ALOA"], "white": []})
    shown.append(panels.prompt_text(observe(v1, 0), Offers({0: place}), (), names))
    # A teaching diagram's notes on the board (kahuna/drawing/notes.py), as an embed draws them.
    notes = parse_annotations(islands="ELAI", lines="ALOA-HUNA", arrows="ALOA>HUNA",
                              labels="ELAI:1")
    shown.append(render.board_svg(obs, annotated(notes)))
    # A finished game's review: judging, then a turn and its better turn stepped through.
    reviewed = finished_game(seed=5)
    draw(reviewed)
    handle(reviewed, "review")
    m = reviewed.match
    start = start_of({**m.to_record(), "actions": []})
    reviewed.review.work = Reviewing(review_turns(start, m.actions, m.human)[:4], seed=1)
    draw(reviewed)
    while not advance(reviewed.review, 0.05):
        pass
    for turn in range(4):
        handle(reviewed, f"review-turn:{turn}")
        handle(reviewed, "review-step:next")
        draw(reviewed)
    reviewed.review.work = Reviewing([])
    reviewed.review.result = None
    advance(reviewed.review, 0.01)
    draw(reviewed)
    # The replay of a finished game: its start, a step, playing by itself.
    reviewed.dialog = "end"
    handle(reviewed, "replay")
    draw(reviewed)
    handle(reviewed, "step:next")
    handle(reviewed, "step:auto")
    draw(reviewed)
    # Embeds in each mode; their options given badly.
    frame = App(MemoryStorage(), Clock(), seed=1, embed="/kahuna/")
    boot(frame, {"embed": "", "mode": "sequence", "caption": "ELAI", "step": "-",
                 "islands": "?", "lines": "?", "arrows": "?", "labels": "?"})
    draw(frame)
    boot(frame, {"embed": "", "mode": "puzzle", "goal": "?", "puzzle": "?"})
    draw(frame)
    boot(frame, {"embed": "", "level": "?", "colour": "?", "variants": "?"})
    draw(frame)
    boot(frame, {"embed": "", "mode": "?"})
    draw(frame)
    boot(frame, {"embed": "", "mode": "diagram", "islands": "ELAI", "lines": "ALOA-HUNA",
                 "arrows": "ALOA>HUNA", "labels": "ELAI:1"})
    draw(frame)
    boot(frame, {"embed": "", "mode": "puzzle"})
    draw(frame)
    puzzle = kahuna.puzzles()[0]
    boot(frame, {"embed": "", "mode": "puzzle", "puzzle": puzzle.id, "goal": "control:1"})
    draw(frame)
    boot(frame, {"embed": "", "mode": "puzzle", "puzzle": puzzle.id, "caption": "HUNA"})
    draw(frame)
    for action in puzzle.solution_actions():
        handle(frame, f"do:{action}")
    draw(frame)
    handle(frame, "retry")
    handle(frame, "do:pass" if "pass" in map(str, frame.match.state.legal_actions()) else "do:pile")
    draw(frame)
    handle(frame, "solution")
    draw(frame)
    handle(frame, "retry")
    frame.puzzle.solution = ()  # a goal no turn reaches
    draw(frame)
    # The site's puzzles in the full page: the list (one solved), one being tried.
    site = new_app(seed=2)
    handle(site, "puzzles")
    draw(site)
    handle(site, f"puzzle:{puzzle.id}")
    for action in puzzle.solution_actions():
        handle(site, f"do:{action}")
    handle(site, "puzzles")
    draw(site)
    handle(site, "close")
    draw(site)
    # The error dialog, with each set of ways forward.
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        for ways in ((guard.CONTINUE, guard.NEW, guard.RELOAD), (guard.NEW, guard.RELOAD),
                     (guard.RELOAD,)):
            shown.append(guard.problem_html(exc, ways))
    shown.extend(_builder_screens())
    shown.extend(_editor_screens())
    shown.extend(_analysis_screens())
    return shown


def _analysis_screens() -> list[str]:
    """"Best turn" (web/view/analysis.py) in a hot-seat game: its progress, then the
    answer, a step into it and each alternative (a quick level stands in for the master)."""
    from kahuna import Analysing
    from web.learn.analysis import advance as analyse

    from .helpers import QUICK

    app = new_app(seed=3, mode=HOTSEAT)
    app.lang = language.in_use()
    handle(app, "analysis:open")
    app.analysis.work = Analysing(app.analysis.obs, QUICK, checks=2)
    shown = [view(app).dialog]
    while not analyse(app.analysis, 0.05):
        pass
    for act in ("analysis:step:next", "analysis:choose:1", "analysis:choose:2"):
        handle(app, act)
        shown.append(view(app).dialog)
    return shown


def _editor_screens() -> list[str]:
    """The position editor (web/view/editor.py): its panel and board from empty, from a
    deal, through rounds, scorings, unknown cards and variants, a garbage paste, a
    puzzle's goal checked (unfinished, solvable, not, unreadable), and the words of every
    rule a change may break."""
    from kahuna import Breach
    from web.view.editor import board_html, breach_words, panel_html

    app = new_app(seed=4)
    handle(app, "start")
    shown = []
    for act in ("open:game", "open:empty", "line:ALOA-HUNA", "target:black", "add:HUNA",
                "unknown:black:1", "unknown:black:-1", "target:display", "add:ELAI",
                "pile:1", "pile:-1", "round:2", "scoring:0", "round:1", "move:white",
                "variant:fewer_surprises", "flip", "undo", "redo", "open:deal", "clear",
                "paste:garbage", "paste:https://x.test/#play=K2abc", "paste:e30",
                "goal:gain:ELAI", "open:deal", "goal:control:1",
                "goal:control:12", "goal:nonsense"):
        handle(app, "edit:" + act)
        shown.append(panel_html(app.editor))
        shown.append(board_html(app.editor.draft, False))
    app.lang = language.in_use()
    handle(app, "keys")  # the keys' list shows the editor's keys too
    shown.append(view(app).dialog)
    for rule, part in (("R3", "board"), ("R14", "black"), ("R2", "display"),
                       ("R11a", "pile"), ("R6", "display"), ("R6", "pile"),
                       ("R12", "display"), ("R16", "pile"), ("R23", "board")):
        shown.append(f"<p>{breach_words(Breach(rule, part, 1))}</p>")
    return shown


def _builder_screens() -> list[str]:
    """The embed builder (web/view/builder.py): each mode, an arrow half drawn, a bad note
    and a bad paste, the copy said done and refused, the preview, its button."""
    from web.state.builder_acts import copied, open_asked
    from web.view.builder import controls_html, open_html, preview_html

    app = new_app(seed=4)
    handle(app, "builder:open")
    shown = [open_html(), preview_html("./?embed", "phone")]
    for act in ("mode:puzzle", "set:goal:nope", "mode:play", "mode:diagram", "tool:arrows",
                "island:ALOA", "set:islands:NOPE", "set:pasted:garbage", "paste", "copy:snippet"):
        handle(app, "builder:" + act)
        shown.append(controls_html(app.builder, app.site))
    for done in (True, False):
        copied(app, done)
        shown.append(controls_html(app.builder, app.site))
    shown.append(controls_html(app.builder, "./" + "k/" * 4000))  # a link too long to offer
    finished = finished_game()
    handle(finished, "replay")
    handle(finished, "builder:open")
    handle(finished, "builder:mode:sequence")
    shown.append(controls_html(finished.builder, finished.site))
    lang = language.in_use()
    by_links = invited()[0]  # its devices' views speak English: the language in use again
    language.use(lang)
    by_links.lang = lang
    open_asked(by_links, None)  # ?builder over a game by links: refused, said
    shown.append(view(by_links).dialog)
    covered = new_app(mode=HOTSEAT)
    covered.lang = lang
    covered.covered = True
    open_asked(covered, None)  # ?builder under the hot-seat cover: refused, said
    shown.append(view(covered).dialog)
    return shown


#: What may show untranslated: islands and lines, numbers, dates, the languages' own
#: names and codes, and what the address says as it is written there (its parameters'
#: names, the levels' names an ``autoplay=`` takes, the value a test gave); punctuation.
ADDRESS_WORDS = ("seed", "pace", "autoplay", "lang", "record", "position", "embed",
                 "grandmaster", "random", "beginner", "casual", "skilled", "expert", "master",
                 # an embed's options and their values (web/learn/modes.py)
                 "mode", "caption", "step", "goal", "puzzle", "level", "colour", "variants",
                 "black", "white", "v1", "v2", "play", "diagram", "sequence", "islands",
                 "lines", "arrows", "labels",
                 "control")  # a goal as the address writes it (goal=control:12)
KEPT = re.compile("|".join([*(rf"\b{name}\b" for name in ISLANDS),
                            *(rf"\b{name}\b" for name in language.NAMES.values()),
                            r"\b(?:EN|DE|FR|PL)\b",
                            *(rf"(?<=[“„«\s]){word}\b" for word in ADDRESS_WORDS)]))
PUNCTUATION = re.compile(r"[\s\d·:;,.()\-–—…/“”?⚙★☆✓!×+−]*")  # ?: a key; ⚙ ★ ✓ ! × + −: icons


def test_every_text_of_every_screen_comes_from_the_catalogue():
    pseudo = Pseudo(TEMPLATE)
    language.use_translations("en", pseudo)
    for text in (t for html in screens() for t in visible_texts(html)):
        rest = KEPT.sub("", outside_brackets(text))
        assert PUNCTUATION.fullmatch(rest), (text, rest)
    pages = {(f.context, f.id) for f in i18n.messages_in_code(ROOT)  # the manifest's: below
             if all(path.startswith("web/") for path in f.paths) and f.id != language.DESCRIPTION}
    assert pages - pseudo.asked == set(), "a message of the page no screen showed"


def _english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z’']+", re.sub(r"\{\w+\}", " ", text)))


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_every_screen_in_each_language_shows_no_english(lang):
    """No word of the page's English shows unless the language's catalogue uses it too
    (German's "Computer", French's "Total")."""
    catalogue = i18n.read_po(i18n.po_path(lang, ROOT).read_text(encoding="utf-8"))
    own = set().union(*(_english_words(s) for m in catalogue if m.id for s in m.strings))
    english = set().union(*(_english_words(m.id) | _english_words(m.plural or "")
                            for m in TEMPLATE if m.id))
    foreign = english - own - set(ISLANDS) - set(language.NAMES.values()) - set(ADDRESS_WORDS)
    language.use(lang)
    for text in (t for html in screens() for t in visible_texts(html)):
        assert not _english_words(text) & foreign, (text, _english_words(text) & foreign)


def test_the_manifest_describes_the_game_in_every_language():
    from scripts.manifest import MANIFEST, manifest_text
    current = MANIFEST.read_text(encoding="utf-8")
    assert manifest_text(current) == current, "run: python3 scripts/manifest.py"
    described = json.loads(current)["description_localized"]
    assert sorted(described) == ["de", "fr", "pl"]
    assert language.DESCRIPTION not in described.values()
