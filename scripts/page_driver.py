"""Driving the game page through its real UI, shared by the e2e tests and the bench
scripts: wait until the person may act, place a bridge, end a turn, play an action as a
reader would; a host page of embedded games and its frames; look into the page (PROBE: its
CSP violations, its Python). Each helper takes the game's Page, or the Frame of an
embedded game."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Frame, Locator, Page

from scripts import build_site

#: The person may act, or a dialog / the hot-seat cover waits for a tap.
SETTLED = ('body[data-turn="person"], body[data-turn="over"], #dialog:not([hidden]), '
           '#cover:not([hidden])')


def settle(page: Page | Frame, timeout_ms: int = 60_000) -> None:
    """Wait until the computer is done and the page waits for the person."""
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout_ms)


def wait_still(page: Page) -> None:
    """Take the mouse off the controls and wait until no finite animation or transition
    runs (a lit line's glow never ends). Playwright retries a click on a moving element,
    and its retries scroll the element to the end, centre and start of its scroller in
    turn: a card drawn under the resting mouse lifted (``button.card:hover``), and the
    side panel of a test that measures it unscrolled was scrolled."""
    page.mouse.move(0, 0)
    page.wait_for_function("""() => document.getAnimations().every(a =>
        a.effect.getTiming().iterations === Infinity || a.playState !== 'running')""")


def click_line(page: Page | Frame, line: Locator) -> None:
    """Click the middle of a lit line where a person would: on the line itself (a bent
    line's bounding box has its centre off the line), with the mouse at that point.
    In a Frame (an iframe without a border), the point is moved by the frame's place."""
    line.scroll_into_view_if_needed()
    x, y = line.evaluate("""el => {
        const p = el.getPointAtLength(el.getTotalLength() / 2), m = el.getScreenCTM();
        return [p.x * m.a + p.y * m.c + m.e, p.x * m.b + p.y * m.d + m.f];
    }""")
    if isinstance(page, Frame):
        box = page.frame_element().bounding_box()
        assert box is not None, "the frame is not shown"
        x, y, page = x + box["x"], y + box["y"], page.page
    page.mouse.click(x, y)


def choose_a_card_that_lights_lines(page: Page | Frame) -> bool:
    """Try the hand's cards one by one, from no selection (a hint selects cards), and
    keep the first that lights lines on the board; False when none does."""
    pressed = page.locator('#hand button.card[aria-pressed="true"]')
    while pressed.count():
        pressed.first.click()
    cards = page.locator("#hand button.card")
    for i in range(cards.count()):
        cards.nth(i).click()
        if page.locator("#board path.hit").count():
            return True
        cards.nth(i).click()  # unselect
    return False


def place_a_bridge(page: Page | Frame) -> bool:
    """Place a bridge with the first card of the hand that lights lines."""
    if not choose_a_card_that_lights_lines(page):
        return False
    click_line(page, page.locator("#board path.hit").first)
    return True


def end_turn(page: Page | Frame) -> None:
    """Draw from the pile, else take a display card, else pass; at five cards with no
    way to end the turn (R14), discard one first."""
    for selector in ('#table [data-act="do:pile"]', "#table button.card",
                     '#acts [data-act="do:pass"]'):
        target = page.locator(selector)
        if target.count():
            target.first.click()
            return
    page.locator("#hand button.card").first.click()
    page.locator('#acts [data-act^="do:d:"]').click()
    end_turn(page)


def new_game(page: Page, *acts: str) -> None:
    """Open the new-game dialog, click the given options, start."""
    page.click("#btn-new")
    for act in acts:
        page.click(f'#dialog [data-act="{act}"]')
    page.click('#dialog [data-act="start"]')


def play_turn(page: Page) -> str:
    """One step of the person's game against the computer: close a scoring dialog, or
    play a turn (a bridge if any card fits, then a draw). Returns what it did:
    "end" (the end dialog is up), "scoring", "turn"."""
    settle(page)
    if page.locator("#dialog").is_visible():
        if "Rematch" in page.text_content("#dialog"):
            return "end"
        page.click('#dialog [data-act="close"]')
        return "scoring"
    if page.get_attribute("body", "data-turn") == "over":
        page.wait_for_selector("#dialog:not([hidden])", timeout=10_000)
        return "end"
    place_a_bridge(page)
    settle(page)
    if page.get_attribute("body", "data-turn") == "person":
        end_turn(page)
    return "turn"


# ---- the keyboard alone (issue 12): the keys of the keys' list (the ? dialog) ----------

#: Where focus is: the part of the page (a row's id, "dialog", "cover", "board", "header"
#: or "body") and the focused control's act, line and island.
FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {where: 'body', act: '', line: '', island: ''};
  const box = e.closest('#hand, #table, #acts, #dialog, #cover, #board, header');
  return {where: box ? (box.id || box.tagName.toLowerCase()) : '',
          act: e.getAttribute('data-act') || '', line: e.getAttribute('data-line') || '',
          island: e.getAttribute('data-island') || ''};
}"""
#: A control's row ("lit" for a lit line) and its place among the row's buttons.
_ROW = """e => {
  if (!e) return ['', -1];
  if (e.matches('path.hit')) return ['lit', -1];
  const row = e.closest('#table, #hand, #acts');
  return row ? [row.id, [...row.querySelectorAll('button')].indexOf(e)] : ['', -1];
}"""


def focused(page: Page) -> dict:
    """Where the keyboard's focus is (see FOCUS)."""
    return page.evaluate(FOCUS)


def keys_to(page: Page, selector: str) -> int:
    """Move focus to ``selector`` as the keys' list says (arrows along a row of cards and
    between rows, Tab between lit lines, else Tab); the keys pressed."""
    pressed = 0
    for _ in range(60):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return pressed
        row, at = page.evaluate(f"({_ROW})(document.activeElement)")
        goal, place = page.evaluate(f"s => ({_ROW})(document.querySelector(s))", selector)
        if row == goal == "lit":
            key = "Tab"
        elif row and row == goal:
            count = page.evaluate(f"document.querySelectorAll('#{row} button').length")
            right = (place - at) % count
            key = "ArrowRight" if right <= count - right else "ArrowLeft"
        elif row and row != "lit" and goal in ("table", "hand", "acts"):
            down = page.evaluate("""([a, b]) => document.getElementById(b).getBoundingClientRect().top
                > document.getElementById(a).getBoundingClientRect().top""", [row, goal])
            key = "ArrowDown" if down else "ArrowUp"
        else:
            key = "Tab"
        page.keyboard.press(key)
        pressed += 1
    raise AssertionError(f"the keys never reach {selector}: focus at {focused(page)}")


def press(page: Page, key: str) -> dict:
    """Press ``key``; where focus is then (see FOCUS)."""
    page.keyboard.press(key)
    return focused(page)


def build_by_keys(page: Page, shoot: Callable[[Page, str], object] | None = None) -> bool:
    """Enter on each card in turn: the first that lights lines builds on the first lit
    line. Focus: on the lit line after choosing, in the panel after building, on the
    same card (then Escape) when the card fits no line. ``shoot``: a screenshot function,
    for a picture of the lit line with focus."""
    cards = page.locator("#hand button.card").count()
    for i in range(cards):
        keys_to(page, f'#hand [data-act="card:{i}"]')
        where = press(page, "Enter")
        if where["where"] == "board":
            assert page.locator("#board path.hit").count() and where["line"], where
            if shoot is not None:
                shoot(page, "keyboard-lit-line")  # the focus ring on a lit line
            where = press(page, "Enter")
            assert where["where"] in ("hand", "table", "acts"), where
            return True
        assert where == {**where, "where": "hand", "act": f"card:{i}"}, where
        where = press(page, "Escape")
        assert where["where"] == "hand" and not page.locator('#hand [aria-pressed="true"]').count()
    return False


def end_turn_by_keys(page: Page) -> None:
    """Draw from the pile, else take a display card, else discard down first, else pass."""
    for selector in ('#table [data-act="do:pile"]', "#table button.card",
                     '#acts [data-act="do:pass"]'):
        if page.locator(selector).count():
            keys_to(page, selector)
            page.keyboard.press("Enter")
            return
    keys_to(page, '#hand [data-act="card:0"]')
    assert press(page, " ")["act"] == "card:0"  # Space: chosen, and focus stays
    keys_to(page, '#acts [data-act^="do:d:"]')
    where = press(page, "Enter")
    assert where["where"] in ("table", "acts"), where  # on to the ways to end the turn
    end_turn_by_keys(page)


#: The embedded game's frames on a host page: a typical embed, and a narrow one.
SIZES = {"wide": (720, 520), "narrow": (360, 640)}
#: A host page's head. Its icon is none (``data:``): without one Chromium asks the test's
#: folder server for /favicon.ico, whose 404 the page logs as a console error.
HOST_HEAD = ('<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,">'
             '<title>Rules</title>')


def host_page(game: str, sizes: dict[str, tuple[int, int]] = SIZES) -> str:
    """A rules page with the game at ``game`` in one <iframe> per size."""
    frames = "".join(
        f'<iframe id="{name}" src="{game}" width="{w}" height="{h}" loading="lazy" '
        f'title="Kahuna: try this position" style="border: 0"></iframe>'
        for name, (w, h) in sizes.items())
    return (HOST_HEAD + '<body style="margin: 16px; font: 16px sans-serif; background: #fff">'
            '<h1>Building a bridge</h1><p>Black to move: choose a card, then a lit line.</p>'
            f'<div style="display: flex; gap: 16px; align-items: flex-start">{frames}</div>'
            '</body></html>')


def open_frames(page, host_url: str, wait_ready) -> tuple:
    """Open the host page at ``host_url``; its wide and narrow frames, once each is ready."""
    page.set_viewport_size({"width": 1140, "height": 700})
    page.goto(host_url)
    wide, narrow = (page.locator(f"iframe#{name}").element_handle().content_frame()
                    for name in SIZES)
    for frame in (wide, narrow):
        wait_ready(frame)
    return wide, narrow


def do(frame: Page | Frame, action: str) -> None:
    """Play ``action`` as a reader would: its button, or the cards that light its line."""
    direct = frame.locator(f'[data-act="do:{action}"]')
    if direct.count() and not action[0].isupper():  # the pile, a display card, pass
        direct.first.click()
        return
    cards = frame.locator("#hand button.card")
    n = cards.count()
    for chosen in [(i,) for i in range(n)] + [(i, j) for i in range(n) for j in range(i + 1, n)]:
        for i in chosen:
            cards.nth(i).click()
        line = frame.locator(f'#board path.hit[data-act="do:{action}"]')
        if line.count():
            click_line(frame, line.first)
            return
        for i in chosen:
            cards.nth(i).click()
    raise AssertionError(f"no cards light {action}")


# ---- looking into the page ----------------------------------------------------------

#: An init script for the game's pages (``probe(context, game_url, before="")``): records
#: Content-Security-Policy violations in ``window.__kahuna.violations`` and keeps PyScript's
#: interpreter as ``window.__kahuna.py`` once it is ready (e2e tests run Python in the page
#: with it, e.g. to force an error), first running ``before`` (Python) if given. Nothing of
#: this ships: it is PyScript's public ``hooks`` API, used from the test.
PROBE = """
window.__kahuna = {violations: [], py: null};
document.addEventListener('securitypolicyviolation', e => window.__kahuna.violations.push(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
if (location.href.startsWith(GAME)) addEventListener('DOMContentLoaded', () =>
  import(new URL('web/vendor/core.js', GAME).href).then(({hooks}) =>
    hooks.main.onReady.add(wrap => {
      window.__kahuna.py = wrap.interpreter;
      if (BEFORE) wrap.interpreter.runPython(BEFORE);
    })));
"""


def probe(context, game_url: str, before: str = "") -> None:
    """Add PROBE to ``context`` for the game served at ``game_url``."""
    context.add_init_script(PROBE.replace("GAME", json.dumps(game_url))
                            .replace("BEFORE", json.dumps(before)))


def violations(page_or_frame) -> list[str]:
    """The CSP violations PROBE recorded in this document."""
    return page_or_frame.evaluate("window.__kahuna.violations")


def run_python(page_or_frame, code: str):
    """Run ``code`` in the page's interpreter (PROBE must be installed); its value."""
    return page_or_frame.evaluate("code => window.__kahuna.py.runPython(code)", code)


# ---- the rules page's live board and the service worker's caches ----------------------

def live_frame(page: Page) -> Frame:
    """The one live board's frame, once its game has started and it shows in its board's
    place."""
    handle = page.wait_for_selector("iframe.live-board", state="attached")
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    page.wait_for_selector("figure.live iframe.live-board")
    return frame


#: Every URL the page's caches hold (an async function for page.evaluate).
CACHED = """async () => {
  const urls = [];
  for (const name of await caches.keys())
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  return urls;
}"""


def wait_cached(page: Page, *urls: str) -> None:
    """Wait until the caches hold every one of ``urls``. (A predicate that returns a
    promise counts as true at once for wait_for_function: this one starts a look into the
    caches and returns what the last look found.)"""
    page.wait_for_function(f"""urls => {{
        ({CACHED})().then(held => {{ window.__cached = urls.every(u => held.includes(u)); }});
        return window.__cached === true;
    }}""", arg=list(urls))


# ----------------------------------------------------------------- the position editor

#: The rulebook's worked example (docs/rules.md), as the editor builds it: each side's
#: bridges, hands and the display; the pile takes the other 15 cards; White to move.
WORKED_EXAMPLE = {
    "white": ["ALOA-DUDA", "DUDA-HUNA", "DUDA-ELAI", "BARI-COCO", "BARI-ELAI", "ELAI-HUNA"],
    "black": ["ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE", "ELAI-FAAA", "ELAI-IFFI",
              "ELAI-JOJO"],
    "hands": {"white": ["ALOA", "BARI", "KAHU"], "black": ["ELAI", "HUNA", "HUNA"]},
    "display": ["GOLA", "JOJO", "LALE"], "pile": 15,
}


def editor_acts(example: dict = WORKED_EXAMPLE) -> list[str]:
    """The editor's acts that build ``example`` from empty, in order (a line cycles none,
    Black, White: a White bridge takes two)."""
    from kahuna.rules.board import ISLAND_INDEX, LINE_INDEX, line_name

    def line(text: str) -> str:
        a, b = text.split("-")
        return line_name(LINE_INDEX[(ISLAND_INDEX[a], ISLAND_INDEX[b])])

    acts = [f"edit:line:{line(t)}" for t in example["black"]]
    acts += [f"edit:line:{line(t)}" for t in example["white"] for _ in range(2)]
    for where, cards in (*example["hands"].items(), ("display", example["display"])):
        acts.append(f"edit:target:{where}")
        acts += [f"edit:add:{card}" for card in cards]
    return acts + ["edit:pile:1"] * example["pile"] + ["edit:move:white"]


def edit(page: Page, act: str) -> None:
    """One editor act by mouse: a board line clicked where it is drawn, else its button."""
    if act.startswith("edit:line:"):
        click_line(page, page.locator(f'svg.board .offers [data-act="{act}"]'))
    else:
        page.click(f'#lesson [data-act="{act}"]')


def edit_by_keys(page: Page, act: str) -> int:
    """One editor act by keys alone: Tab until the control has focus, then Enter; the
    keys pressed."""
    selector = (f'svg.board .offers [data-act="{act}"]' if act.startswith("edit:line:")
                else f'#lesson [data-act="{act}"]')
    for pressed in range(300):
        if page.evaluate("s => document.activeElement?.matches(s)", selector):
            page.keyboard.press("Enter")
            return pressed + 1
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {selector}")


def editor_keys(example: dict = WORKED_EXAMPLE) -> list[str]:
    """The editor's keys (the ``?`` list in the editor) that build ``example`` from empty,
    focus starting off the board: per line, the letters of its two islands (to the first,
    then along its line to the second) and Enter once for Black, twice for White; then T
    (where cards go: White's hand, the display, Black's hand in turn) and each card's
    letter; P per card of the pile; M for White to move."""
    keys: list[str] = []
    for colour, presses in (("black", 1), ("white", 2)):
        for text in example[colour]:
            a, b = text.split("-")
            keys += [a[0].lower(), b[0].lower()] + ["Enter"] * presses
    for cards in (example["hands"]["white"], example["display"], example["hands"]["black"]):
        keys += ["t"] + [card[0].lower() for card in cards]
    return keys + ["p"] * example["pile"] + ["m"]


# ---- games by links (issue 31): a link offered, sent, opened on the other device --------

#: The dialog on show.
DIALOG = "#dialog:not([hidden])"


def link_offered(page: Page) -> str:
    """The link the page offers to send (its dialog's read-only field)."""
    page.wait_for_selector(f"{DIALOG} #share-link")
    return page.input_value("#share-link")


def open_link(page: Page, url: str, wait_ready: Callable[[Page], None],
              query: str = "?pace=0") -> None:
    """Open ``url`` in ``page`` as a person pasting it in the address bar: a new load,
    or (same page and query) only the fragment changes. ``query`` goes before the
    link's fragment: the tests' ``?pace=0`` shows the friend's turn at once ("": the
    link exactly as sent, the friend's turn shown at the computer's pace). Waits until
    the page took the link (it drops the fragment from the address) and its turn."""
    page.goto(url.replace("#", query + "#", 1))
    wait_ready(page)
    _taken(page)


def paste_link(page: Page, url: str) -> None:
    """Open ``url`` as a person pasting it into the address bar of the tab where the game
    is open already: only the fragment changes, no new load (web/boot/links.py applies it
    on ``hashchange``), which spares a boot of the page. Waits until the page took it."""
    assert page.url.split("#")[0].split("?")[0] == url.split("#")[0], (page.url, url)
    page.evaluate("url => { location.hash = new URL(url).hash; }", url)
    _taken(page)


def _taken(page: Page) -> None:
    """The page took the link in its address (it drops the fragment) and settled."""
    page.wait_for_function("() => !location.hash")
    settle(page)


def send(sender: Page, receiver: Page, wait_ready: Callable[[Page], None],
         pasted: bool = False) -> str:
    """The sender's offered link, closed there and opened on the receiver (``pasted``:
    into the receiver's tab as it is, see ``paste_link``)."""
    url = link_offered(sender)
    sender.click(f'{DIALOG} [data-act="close"]')
    if pasted:
        paste_link(receiver, url)
    else:
        open_link(receiver, url, wait_ready)
    return url


def my_turn(page: Page) -> bool:
    """The person may play on this page."""
    return page.get_attribute("body", "data-turn") == "person"


def play_a_turn(page: Page) -> None:
    """A bridge if a card fits, then the turn's end; the link to send comes up."""
    place_a_bridge(page)
    settle(page)
    if my_turn(page):
        end_turn(page)
    link_offered(page)


def draw_a_turn(page: Page) -> None:
    """The turn that brings a game by links soonest to its end: no bridge, a card drawn
    (at five cards one discarded first, R9a, R14: abstaining would draw nothing, and a
    round ends only when its cards are drawn, R16); the link to send comes up."""
    if not page.locator('#table [data-act="do:pile"], #table button.card').count():
        page.locator("#hand button.card").first.click()
        page.locator('#acts [data-act^="do:d:"]').click()
    end_turn(page)
    link_offered(page)


def invite(page: Page, base_url: str, wait_ready: Callable[[Page], None], name: str,
           query: str = "", *options: str) -> str:
    """Invite the friend ``name`` from a fresh page at ``base_url + query``, the options'
    acts clicked first (``set:first:black``): the link."""
    page.goto(base_url + query)
    wait_ready(page)
    settle(page)
    page.click("#btn-new")
    page.click(f'{DIALOG} [data-act="friend-new"]')
    for act in options:
        page.click(f'{DIALOG} [data-act="{act}"]')
    page.fill("#friend-name", name)
    page.click(f'{DIALOG} [data-act="friend-invite"]')
    return link_offered(page)


# ---- the site as deployed: a first visit installs its service worker ----------------------

#: Fixed deals, and the computer answers at once (web/boot/start.py reads both).
QUERY = "?seed=3&pace=0"


def wait_installed(page: Page) -> str:
    """Wait until a service worker is active (its cache complete); return its script URL."""
    return page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")


def first_visit(context: BrowserContext, url: str, wait_ready: Callable[[Page], None]) -> Page:
    """A first visit of the site at ``url`` (its service worker installed, the rules page
    kept): the page, still online."""
    page = context.new_page()
    page.goto(url + QUERY)
    wait_ready(page)
    assert wait_installed(page) == url + build_site.SW_NAME
    # and the rules page in its language, kept next (web/sw-register.js): the visit is over
    wait_cached(page, url + "rules/index.html")
    return page
