"""The rules pages (rules/*.html, written by scripts/rules_page.py): current and
deterministic; every board pictured, captioned, named and live-able; the links resolve;
the texts restate every rule and speak their language; and what the captions say of a
board is what the engine says of its position."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from kahuna import BLACK, ISLANDS, WHITE, Action, position_from_json
from kahuna.notation.link import decode
from kahuna.rules.actions import parse_line
from scripts import build_site
from scripts.rules_figures import FIGURES, Claim, Figure
from scripts.rules_page import PAGES, TEXTS, main, pages, read_board, read_text, still
from web.words import language
from web.view.dialogs import settings_html
from web.state.settings import Settings

from .web_helpers import visible_texts

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
#: Every rule of docs/rules.md a section restates (R11a, the engine's invariants, is no rule of
#: play; the handicap R7 and the rest are).
RULE_IDS = {f"R{n}" for n in range(1, 25)} | {"R9a", "R9b", "V1", "V2"}
#: Words the page's English and another language share, each a word of that language too.
SHARED = {"de": {"also", "an", "in", "In", "so"},
          "fr": {"action", "actions", "but", "face", "Figure", "final", "on", "On", "page", "part",
                 "place", "point", "points", "position", "scores", "surprises", "total"},
          "pl": {"by", "do", "go", "most", "on", "to"}}


class _Page(HTMLParser):
    """A page's figures, links, ids and scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[dict[str, str]] = []
        self.links: list[tuple[str, dict[str, str]]] = []
        self.ids: list[str] = []
        self.inline: list[str] = []  # inline scripts, styles and handlers (the CSP forbids them)
        self._in: str = ""

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        self.ids += [a["id"]] if "id" in a else []
        self.inline += [f"{tag} {k}" for k in a if k.startswith("on") or k == "style"]
        if tag == "script" and "src" not in a or tag == "style":
            self.inline.append(tag)
        if tag in ("a", "link", "script") and ("href" in a or "src" in a):
            self.links.append((a.get("href") or a["src"], a))
        if tag == "figure":
            self.figures.append({"id": a["id"]})
        elif self.figures and tag == "div" and a.get("class") == "picture":
            self.figures[-1]["label"] = a.get("aria-label", "") if a.get("role") == "img" else ""
        elif self.figures and tag == "button":
            self.figures[-1]["query"] = a.get("data-query", "")
        self._in = tag if tag in ("figcaption", "button") else self._in

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = ""

    def handle_data(self, data):
        if self._in and self.figures:
            key = "caption" if self._in == "figcaption" else "button"
            self.figures[-1][key] = self.figures[-1].get(key, "") + data


def parsed(lang: str) -> _Page:
    page = _Page()
    page.feed((RULES / PAGES[lang]).read_text(encoding="utf-8"))
    return page


def test_the_pages_are_what_the_script_writes(tmp_path):
    assert main(["--out", str(tmp_path)]) == 0
    for name in PAGES.values():
        assert (tmp_path / name).read_text(encoding="utf-8") == \
            (RULES / name).read_text(encoding="utf-8"), "run: python scripts/rules_page.py"
    assert pages() == pages()  # nothing from the clock, the seed or the order of a set
    assert language.in_use() == "en"  # writing the pages leaves English spoken


@pytest.mark.parametrize("lang", PAGES)
def test_every_board_is_pictured_captioned_named_and_live(lang):
    page = parsed(lang)
    assert len(page.figures) >= 6
    words, _ = read_text((TEXTS / f"{lang}.md").read_text(encoding="utf-8"))
    for figure in page.figures:
        assert figure["label"].strip() and figure["caption"].strip(), figure["id"]
        assert figure["button"] in (words["try"], words["step"])
        assert figure["query"].startswith("mode=") and figure["query"].endswith(f"&lang={lang}")
    assert len(page.ids) == len(set(page.ids)), "an id twice in one page"
    assert any(f["query"].startswith(("mode=puzzle", "mode=diagram&explore"))
               for f in page.figures)
    worked = next(f for f in page.figures if f["id"] == "board-worked")
    assert worked["query"].startswith("mode=sequence&record=")


@pytest.mark.parametrize("lang", PAGES)
def test_the_links_resolve_to_the_other_languages_and_the_game(lang):
    page = parsed(lang)
    for ref, _ in page.links:
        target = (RULES / ref).resolve()
        assert (target / "index.html" if ref.endswith("/") else target).is_file(), ref
    others = {a.get("hreflang") for ref, a in page.links if a.get("lang")}
    assert others == set(PAGES) - {lang}
    assert any(ref == "../" for ref, _ in page.links)  # back to the game
    assert page.inline == []  # its policy allows the site's own files only


def test_the_game_links_the_rules_page_in_the_language_spoken():
    for lang in PAGES:
        language.use(lang)
        link = re.search(r'href="\./(rules/[^"]+)"', settings_html(Settings()))
        assert link is not None and (ROOT / link.group(1)).is_file()
        assert link.group(1).endswith(PAGES[lang])
    language.use("en")


def test_the_pages_are_part_of_the_site_and_its_offline_cache():
    files = build_site.site_files()
    assert {f"rules/{name}" for name in PAGES.values()} | {"rules/rules.js", "rules/rules.css",
                                                           "web/style.css"} <= set(files)


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_the_other_languages_show_no_english(lang):
    """No word of the English page shows in another language's page, but the islands,
    the game's name and the words the two languages share."""
    def words(html: str) -> set[str]:
        return {w for t in visible_texts(html) for w in re.findall(r"[^\W\d_]{2,}", t)}

    english = words((RULES / PAGES["en"]).read_text(encoding="utf-8").replace(' lang="en"', ""))
    shown = words((RULES / PAGES[lang]).read_text(encoding="utf-8"))
    kept = {"Kahuna", *ISLANDS, *language.NAMES.values()}
    assert shown & english - kept - SHARED[lang] == set()


def _sections(lang: str) -> list[tuple[str, ...]]:
    _, blocks = read_text((TEXTS / f"{lang}.md").read_text(encoding="utf-8"))
    return [tuple(re.search(r"<!--(.*)-->", b[0]).group(1).split())
            for b in blocks if b[0].startswith("## ")]


def test_the_sections_restate_every_rule_in_every_language_alike():
    sections = _sections("en")
    assert set().union(*map(set, sections)) == RULE_IDS
    boards = {lang: [read_board(b).name for b in read_text(
        (TEXTS / f"{lang}.md").read_text(encoding="utf-8"))[1] if b[0].startswith("[[")]
        for lang in PAGES}
    assert sorted(boards["en"]) == sorted(f.name for f in FIGURES)
    for lang in PAGES:
        assert _sections(lang) == sections and boards[lang] == boards["en"], lang


def _check(figure: Figure, claim: Claim) -> list[str]:
    """What the engine says against ``claim``: the differences, in words."""
    state = position_from_json(figure.position, figure.seed)
    for text in claim.after:
        state.play(Action.parse(text))
    legal = {str(a) for a in state.legal_actions()}
    wrong = []
    for seat, islands in ((BLACK, claim.black), (WHITE, claim.white)):
        held = tuple(ISLANDS[i] for i in state.islands(seat))
        if islands is not None and held != islands:
            wrong.append(f"seat {seat} controls {held}")
    wrong += [f"{a} not on offer" for a in claim.legal if a not in legal]
    wrong += [f"{a} on offer" for a in claim.illegal if a in legal]
    wrong += [f"{line} holds a bridge" for line in claim.gone if state.owner[parse_line(line)] >= 0]
    if claim.winner:
        winner = state.outcome.winner if state.outcome else None
        if winner != (BLACK if claim.winner == "black" else WHITE):
            wrong.append(f"outcome {state.outcome}")
    return wrong


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.name)
def test_what_each_board_claims_is_what_the_engine_says(figure):
    for claim in figure.claims:
        assert _check(figure, claim) == [], (figure.name, claim)


def test_the_checks_catch_a_false_claim():
    control = next(f for f in FIGURES if f.name == "control")
    claim = Claim(black=("ELAI",), legal=("GOLA>JOJO",), illegal=("ELAI>HUNA",),
                  gone=("ALOA-HUNA",))
    assert _check(control, claim) == ["seat 0 controls ('HUNA',)", "GOLA>JOJO not on offer",
                                      "ELAI>HUNA on offer", "ALOA-HUNA holds a bridge"]


@pytest.mark.parametrize("lang", PAGES)
def test_a_caption_names_only_islands_its_board_is_checked_for(lang):
    named = {f.name: {i for c in f.claims for i in (*(c.black or ()), *(c.white or ()))}
             | set(re.findall("|".join(ISLANDS), " ".join(
                 [*f.actions] + [a for c in f.claims
                                 for a in (*c.after, *c.legal, *c.illegal, *c.gone)])))
             for f in FIGURES}
    for figure in parsed(lang).figures:
        said = set(re.findall("|".join(ISLANDS), figure["caption"]))
        assert said <= named[figure["id"].removeprefix("board-")], (figure["id"], said)


def test_the_live_boards_open_the_pictured_position():
    for figure in FIGURES:
        data = re.search(r"(?:position|record)=([^&]+)", figure.query()).group(1)
        opened = decode(data)
        assert (opened.get("position", opened)) == figure.position


def test_a_still_board_has_no_tab_stop_no_name_of_its_own_and_its_own_gradient():
    svg = still('<svg class="board" role="group" aria-label="Kahuna board">'
                '<rect fill="url(#sea)"/><defs><radialGradient id="sea" cx="1"/></defs>'
                '<g class="island" id="island-ALOA" tabindex="0" role="img" aria-label="ALOA">'
                "</g></svg>", "x-l")
    assert svg == ('<svg class="board" aria-hidden="true" focusable="false">'
                   '<rect fill="url(#sea-x-l)"/><defs><radialGradient id="sea-x-l" cx="1"/>'
                   '</defs><g class="island"></g></svg>')
