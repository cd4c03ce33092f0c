"""Boot (``run``, called by web/main.py): read the address, open the saved or linked
game, draw, become interactive.

Address parameters (all optional):
  ?record=<base64url JSON>    open a game record (kahuna.notation.record format) as a new game
  ?position=<base64url JSON>  open a position (kahuna.notation.position format) for two players
                              (kahuna.notation.link.encode makes both, `python -m kahuna link`
                              the whole address; a bad one says why)
  ?builder                    the embed builder, on the linked position or record (its
                              hands as written) or on the game shown (docs/embedding.md)
  ?embed                      any value: the page inside another page's <iframe>
                              (docs/embedding.md): the game lives in memory only (the
                              reader's saved games and results are neither read nor
                              written), no new-game dialog, no hot-seat cover, a Reset
                              to the linked start and a link to the full game; without
                              a record or position, a fresh game against the computer
  ?mode=puzzle&puzzle=ID      without embed: that puzzle of the site, posed as its list
                              poses it (an embedded puzzle's link to the full game)
  ?seed=N                     fixed deals and computer choices for new games (tests)
  ?pace=SECONDS               pause between the computer's actions (0 in tests)
  ?autoplay=LEVEL             a demo and test mode, not offered in the page: the computer
                              plays both seats at LEVEL (a name of kahuna.LEVELS), game
                              after game, in memory only (bench/soak.py); an unknown
                              level is refused with a message
  ?lang=CODE                  the language (en, de, fr, pl): for embeds and shared links;
                              without it, the one the person chose in the page, else the
                              browser's preferred one (web/words/language.py)
"""

import time

from pyscript import document, window

from web.boot.dom import Page
from web.boot.links import take_fragment
from web.boot.problem import GUARD, install_guard
from web.boot.storage import LocalStorage
from web.game.saves import MemoryStorage
from web.learn.modes import FLAGS, OPTIONS, PUZZLE
from web.state.address import read as read_address
from web.state.app import App
from web.state.builder_acts import open_asked
from web.state.editor import open_from_address
from web.state.opening import boot, start_autoplay
from web.words.language import KEY, choose, in_use, use


def address_without(*keys: str) -> str:
    """This page's address (path and query) without the parameters ``keys``."""
    rest = window.URLSearchParams.new(window.location.search)
    for key in keys:
        rest.delete(key)
    text = rest.toString()
    return window.location.pathname + ("?" + text if text else "")


def chosen_language() -> str | None:
    """The language the person chose in the page before, if the storage can tell."""
    try:
        value = window.localStorage.getItem(KEY)
    except Exception:  # storage switched off: nothing was remembered
        return None
    return value if isinstance(value, str) else None


# The browser parses the address (no urllib import: every import costs boot time).
# Every parameter is checked in web/state/address.py; a bad one is left out and said in a notice,
# in the language chosen first (an embed keeps nothing, so only its address and the
# browser choose for it).
query = window.URLSearchParams.new(window.location.search)
pairs = [(pair[0], pair[1]) for pair in query.entries()]
use(choose(query.get("lang"), None if query.has("embed") else chosen_language(),
           list(window.navigator.languages)))
address = read_address(pairs)
embed = address_without("embed") if address.embed else None
reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
autoplay = address.autoplay


def open_page(fresh: bool = False) -> None:
    """Open the game (``fresh``: a new one, after a failed boot), draw it, become
    interactive. Runs through the guard: an error shows its calm dialog, not a traceback."""
    try:  # embedded: in memory only, so the reader's own games stay untouched
        storage = LocalStorage() if embed is None and autoplay is None else MemoryStorage()
    except Exception:  # storage switched off (e.g. some private modes): play without saving
        storage = MemoryStorage()
    site = window.location.origin + window.location.pathname  # where share links lead
    app = App(storage, time.time, address.seed, embed, in_use(), site)
    app.load_settings(reduced)
    if embed is None and autoplay is None and isinstance(storage, MemoryStorage):
        app.no_storage()
    if autoplay is not None:  # a demo: the player's saved games stay untouched
        start_autoplay(app, autoplay)
    elif fresh:
        app.start()
    else:
        boot(app, address)
        if embed is None and query.has("editor"):
            open_from_address(app)
    if query.has("builder"):  # an author's direct way in (docs/embedding.md)
        open_asked(app, address.link)
    if embed is None and (address.linked or address.mode.mode == PUZZLE or address.mode.new_game):
        # a reload must not open the link again, nor pose the puzzle over the saved game,
        # nor offer an embed's new game again
        window.history.replaceState(None, "", address_without("record", "position", *OPTIONS,
                                                              *FLAGS))
    if embed is None and autoplay is None:  # a game by links' link: after the saved game
        take_fragment(app)
    page = Page(app, address.pace)
    page.render()
    document.body.dataset.ready = "1"
    page.kick()


def run() -> None:
    """Start the page: the guard first, then the game through it."""
    install_guard()
    GUARD.ways["new"] = lambda: open_page(fresh=True)  # until the Page takes this way over
    GUARD.call(open_page)
