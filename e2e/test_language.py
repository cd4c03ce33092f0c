"""The page in English, German, French and Polish (web/words/language.py), in the real browser:
the browser's preferred language is spoken from the first drawing, the header's language
button switches every text at any time and keeps the game, the choice survives a reload,
an embed takes ``lang=``, and every dialog fits a 360 px phone in every language."""

from __future__ import annotations

import pytest

from kahuna import decode_link, replay, translations, winner_words
from kahuna.notation.link import encode
from scripts.browser import guard_network
from scripts.a11y import finished_link as _finished_link, scoring_link as _scoring_link
from scripts.measure import OVERFLOW
from scripts.page_driver import settle
from tests.web_helpers import against_computer

from .conftest import FAVICON_404
from .conftest import phone as phone_context

LANGS = ("en", "de", "fr", "pl")
#: The main screen's words: the header, the panel's headings and labels, the prompt.
MAIN_TEXTS = """() => {
  const text = s => document.querySelector(s)?.innerText.trim() ?? '';
  return {new: text('#btn-new'), hint: text('#btn-hint'), round: text('#round'),
          prompt: text('#prompt'), hand: text('#hand-label'), opp: text('#opp-label'),
          table: text('#table-label'), log: text('#log-label'),
          status: document.querySelector('#status').textContent,
          recent: document.querySelector('#recent-label').textContent,
          stats: [...document.querySelectorAll('#players .stat')].map(s => s.title).join('|'),
          lang: document.documentElement.lang,
          moves: document.querySelectorAll('#log li').length,
          cards: [...document.querySelectorAll('#hand .card b')].map(b => b.textContent).join()};
}"""


def _said(lang: str) -> dict[str, str]:
    """What the dialogs' titles and buttons must say in ``lang``, from its catalogue."""
    tr = translations(lang)
    outcome = replay(decode_link(_finished_link()))[0].outcome
    return {"scoring": tr.gettext("End of round {round}").format(round=1),
            "end": winner_words(outcome, ("Computer", "You"), tr=tr),
            "new game": tr.gettext("New game"), "start": tr.gettext("Start"),
            "language": tr.gettext("Language")}


def test_the_browsers_language_first_then_switched_at_will_and_remembered(
        browser, base_url, wait_ready, screenshot):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE",
                                  service_workers="block")
    outside: list[str] = []
    guard_network(context, outside)
    page = context.new_page()
    page.goto(base_url + "?seed=5&pace=0")
    wait_ready(page)
    settle(page)
    seen = {"de": page.evaluate(MAIN_TEXTS)}
    assert seen["de"]["lang"] == "de" and seen["de"]["new"] == "Neues Spiel"
    screenshot(page, "language-de-desktop")
    for lang in ("fr", "pl", "en"):
        page.click("#btn-lang")
        page.click(f'#dialog [data-act="lang:{lang}"]')
        seen[lang] = page.evaluate(MAIN_TEXTS)
        screenshot(page, f"language-{lang}-desktop")
        page.click("#btn-new")
        assert page.locator("#dialog").is_visible()
        screenshot(page, f"language-{lang}-new-game-desktop")
        page.click('#dialog [data-act="close"]')
    english = seen["en"]
    for lang in ("de", "fr", "pl"):
        texts = seen[lang]
        assert texts["lang"] == lang
        assert (texts["moves"], texts["cards"]) == (english["moves"], english["cards"])  # kept
        changed = [k for k in ("new", "hint", "round", "prompt", "hand", "opp", "table", "log",
                               "stats", "status", "recent") if texts[k] != english[k]]
        assert len(changed) == 11, (lang, texts, english)
    page.reload()  # the choice is remembered: English, chosen last
    wait_ready(page)
    assert page.evaluate(MAIN_TEXTS)["lang"] == "en"
    page.click("#btn-lang")
    page.click('#dialog [data-act="lang:pl"]')
    page.reload()
    wait_ready(page)
    assert page.evaluate(MAIN_TEXTS)["lang"] == "pl"
    context.close()
    assert outside == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_dialog_fits_a_phone_in_each_language(browser, base_url, wait_ready, screenshot,
                                                   lang):
    context, phone, outside = phone_context(browser)
    found = {}
    phone.goto(f"{base_url}?lang={lang}&pace=0&position={_scoring_link()}")
    wait_ready(phone)
    assert phone.evaluate("document.documentElement.lang") == lang
    found["game"] = phone.evaluate(OVERFLOW)
    screenshot(phone, f"language-{lang}-phone")
    said, shown = _said(lang), {}
    phone.click('#table [data-act="do:take:GOLA"]')
    phone.wait_for_selector("#dialog:not([hidden]) h2")
    shown["scoring"] = phone.inner_text("#dialog h2")
    found["scoring"] = phone.evaluate(OVERFLOW)
    screenshot(phone, f"language-{lang}-phone-scoring")
    phone.click('#dialog [data-act="close"]')
    phone.wait_for_selector("#cover:not([hidden])")  # two players: White's turn, hands hidden
    found["cover"] = phone.evaluate(OVERFLOW)
    phone.click('#cover [data-act="uncover"]')
    phone.click("#btn-new")
    phone.click('#dialog [data-act="set:handicap:2"]')  # every row of the dialog
    found["new game"] = phone.evaluate(OVERFLOW)
    shown["new game"] = phone.inner_text("#dialog h2")
    shown["start"] = phone.inner_text('#dialog [data-act="start"]')
    screenshot(phone, f"language-{lang}-phone-new-game")
    phone.click('#dialog [data-act="close"]')
    phone.click("#btn-lang")
    found["languages"] = phone.evaluate(OVERFLOW)
    shown["language"] = phone.inner_text("#dialog h2")
    phone.keyboard.press("Escape")
    phone.click("#btn-settings")
    found["settings"] = phone.evaluate(OVERFLOW)
    screenshot(phone, f"language-{lang}-phone-settings")
    phone.click('#dialog [data-act="keys"]')
    found["keys"] = phone.evaluate(OVERFLOW)
    phone.goto(f"{base_url}?lang={lang}&record={_finished_link()}")
    wait_ready(phone)
    phone.wait_for_selector("#dialog:not([hidden]) h2.winner")
    found["end"] = phone.evaluate(OVERFLOW)
    shown["end"] = phone.inner_text("#dialog h2")
    screenshot(phone, f"language-{lang}-phone-end")
    context.close()
    assert outside == []
    assert shown == said
    assert {screen: seen for screen, seen in found.items()
            if seen["clipped"] or seen["sideways"] or seen["overlapped"]} == {}


@pytest.mark.expected_errors(FAVICON_404, optional=True)  # its host page's
def test_an_embed_speaks_the_language_of_its_address(page, base_url, serve_site, tmp_path,
                                                     wait_ready, screenshot):
    frames = "".join(
        f'<iframe id="{lang}" src="{base_url}?embed&lang={lang}&pace=0&position='
        f'{_scoring_link()}" width="360" height="640" style="border: 0"></iframe>'
        for lang in ("de", "pl"))
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Regeln</title>'
        f'<body style="margin: 8px; display: flex; gap: 8px">{frames}</body></html>')
    host = serve_site(tmp_path)
    page.set_viewport_size({"width": 760, "height": 680})
    page.goto(host.url)
    texts, fits = {}, {}
    for lang in ("de", "pl"):
        frame = page.locator(f"iframe#{lang}").element_handle().content_frame()
        wait_ready(frame)
        texts[lang] = frame.evaluate(
            "() => [document.documentElement.lang, document.querySelector('#btn-reset')"
            ".innerText, document.querySelector('.full-game').getAttribute('aria-label')]")
        fits[lang] = frame.evaluate(OVERFLOW)
    screenshot(page, "language-embeds")
    assert fits == {lang: {"clipped": [], "overlapped": False, "sideways": False}
                    for lang in ("de", "pl")}
    assert texts["de"][0] == "de" and texts["pl"][0] == "pl"
    for lang in ("de", "pl"):
        tr = translations(lang)
        assert texts[lang][1:] == [tr.gettext("Reset"), tr.gettext("Open in the full game")]
    frame = page.locator("iframe#de").element_handle().content_frame()
    frame.click("#btn-lang")
    frame.click('#dialog [data-act="lang:en"]')  # a reader may switch in the frame too
    assert frame.locator("#btn-reset").inner_text() == "Reset"


#: How far the side panel's parts reach past its content box (padding), and whether the
#: panel scrolls sideways: [] and false when everything fits.
PANEL_FITS = """() => {
  const side = document.querySelector('.side'), box = side.getBoundingClientRect();
  const right = box.left + side.clientWidth - parseFloat(getComputedStyle(side).paddingRight);
  const out = [...side.children].filter(el => el.offsetParent !== null)
    .filter(el => el.getBoundingClientRect().right > right + 0.5
                  || [...el.querySelectorAll('table')].some(t => t.getBoundingClientRect().right > right + 0.5))
    .map(el => el.id || el.className);
  return {out, sideways: side.scrollWidth > side.clientWidth};
}"""


@pytest.mark.parametrize("width", [1280, 360])
def test_a_finished_games_scores_fit_the_side_panel_in_each_language(page, base_url,
                                                                    wait_ready, width):
    """The table of a finished game's three scorings, under the players, in every
    language: the French "Ordinateur" made it 5 px wider than the panel, which scrolled
    sideways."""
    page.set_viewport_size({"width": width, "height": 800})
    found = {}
    for lang in LANGS:
        page.goto(f"{base_url}?lang={lang}&record={encode(against_computer()[0])}")
        wait_ready(page)
        page.wait_for_selector("#dialog:not([hidden]) .end-game")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog", state="hidden")
        assert page.locator("#scores table.scores th").count() == 3 + 1 + 2  # scorings, total, names
        found[lang] = page.evaluate(PANEL_FITS)
    assert {lang: seen for lang, seen in found.items() if seen["out"] or seen["sideways"]} == {}
