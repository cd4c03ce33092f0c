"""Offline play and updates through the service worker (web/sw-core.js), on the built site.

The site is built once into a temporary folder (scripts/build_site.py copy: exactly the
deployed files), so a file missing from the precache list fails here even online. The
network is taken away twice over: ``context.set_offline(True)`` and a server that drops
every connection unanswered (``SiteServer.down``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scripts import build_site
from scripts.browser import BYTECODE_CACHES
from scripts.page_driver import (
    QUERY, do, end_turn, first_visit, live_frame, play_turn, probe, run_python, settle,
    violations, wait_cached,
)

WORKER_FILES = tuple("/" + name for name in build_site.WORKER_SCRIPTS)


def site_copy(built_site: Path, tmp_path: Path) -> Path:
    """A private copy of the built site that a test may change."""
    root = tmp_path / "site"
    shutil.copytree(built_site, root)
    return root


def saved_games(page: Page) -> dict[str, str]:
    """Everything the game keeps in localStorage."""
    return page.evaluate("Object.fromEntries(Object.entries(localStorage))")


def controlled(page: Page) -> bool:
    return page.evaluate("navigator.serviceWorker.controller !== null")


def site_version(page: Page) -> str:
    page.wait_for_function("document.documentElement.dataset.siteVersion")
    return page.evaluate("document.documentElement.dataset.siteVersion")


def install_problems(page: Page) -> list[str]:
    """Why Chromium would not offer to install the app (its own list, via DevTools)."""
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # Test browser contexts are incognito-like, which Chromium lists; nothing else may be.
    return [e["message"] for e in manifest["errors"]] + [e for e in errors if e != "in-incognito"]


CURRENT_GAME = """(() => {
    const id = localStorage.getItem("kahuna.current");
    return id && JSON.parse(localStorage.getItem("kahuna.save." + id));
})()"""


def current_game(page: Page) -> dict:
    """The game in progress as saved: {"setup": ..., "actions": [...], ...}."""
    return page.evaluate(CURRENT_GAME)


@pytest.mark.parametrize("prefix", ["", "/kahuna"], ids=["root", "subpath"])
def test_offline_a_whole_game_and_a_save_that_survives_reload(
    prefix, built_site, serve_site, sw_context, external_requests, wait_ready, screenshot,
    console_messages
):
    server = serve_site(built_site, prefix)
    page = first_visit(sw_context, server.url, wait_ready)
    assert install_problems(page) == []

    server.down = True
    sw_context.set_offline(True)
    asked = len(server.hits)
    page.reload()
    wait_ready(page)
    assert controlled(page)
    for _ in range(3):
        assert play_turn(page) != "end"
    settle(page)
    before = current_game(page)  # a save made offline ...
    page.reload()
    wait_ready(page)
    after = current_game(page)  # ... survives an offline reload
    assert (after["setup"], after["actions"]) == (before["setup"], before["actions"])
    assert len(after["actions"]) >= 6

    turns = 0
    while play_turn(page) != "end":  # ... and the game goes on to its end, offline
        turns += 1
        assert turns < 200, "the game does not end"
    text = page.text_content("#dialog")
    assert "You win" in text or "Computer wins" in text or "Draw" in text
    screenshot(page, f"offline-end-{prefix.strip('/') or 'root'}")

    # Offline, the server was only asked whether the worker changed (the browser's update
    # check, which Chromium's offline mode does not stop: hence the server's own switch).
    assert set(server.hits[asked:]) <= {prefix + f for f in WORKER_FILES}, server.hits[asked:]
    assert external_requests == []
    # the reloads through the worker used index.html's every preload (Chromium warns of
    # one unused a few seconds after the page's load: e2e/test_boot.py)
    assert [m for m in console_messages if "preload" in m] == []


def test_new_version_replaces_the_old_one_cleanly(
    built_site, tmp_path, serve_site, sw_context, external_requests, wait_ready, screenshot
):
    root = site_copy(built_site, tmp_path)
    version_a = build_site.built_version(root)
    server = serve_site(root)
    page = first_visit(sw_context, server.url, wait_ready)
    page.reload()
    wait_ready(page)
    assert site_version(page) == version_a
    play_turn(page)
    settle(page)
    saves = saved_games(page)  # nothing writes while the person is to move

    # Deploy B: one changed file, a regenerated worker.
    with (root / "web" / "style.css").open("a", encoding="utf-8") as css:
        css.write("\n/* version B */\n")
    version_b, _ = build_site.write_worker(root)
    assert version_b != version_a

    page.reload()  # served by A; the browser finds B and installs it alongside
    wait_ready(page)
    page.wait_for_selector("#sw-update", state="visible")
    screenshot(page, "update-banner")
    # the banner's own looks (web/style.css: the page's policy allows no inline styles)
    banner = page.locator("#sw-update")
    assert banner.evaluate("e => getComputedStyle(e).position") == "fixed"
    assert banner.inner_text().split("\n") == ["A new version of Kahuna is ready.", "Reload",
                                                "Later"]
    # Still all A while B waits: the page, and every file it asks for.
    assert site_version(page) == version_a
    css = page.evaluate("fetch('./web/style.css').then(r => r.text())")
    assert "version B" not in css

    page.click("#sw-update button")  # the player's choice: switch now
    page.wait_for_function(f"document.documentElement.dataset.siteVersion === '{version_b}'")
    wait_ready(page)
    css = page.evaluate("fetch('./web/style.css').then(r => r.text())")
    assert css.endswith("/* version B */\n")
    assert saved_games(page) == saves
    # the worker's caches (the page's bytecode has one of its own: web/pyodide-boot.mjs)
    caches = [n for n in page.evaluate("caches.keys()") if not n.startswith(BYTECODE_CACHES)]
    assert len(caches) == 1 and caches[0].endswith(version_b)

    # Deploy C; this time the player ignores the banner, reloads (still B, the banner
    # again), then closes the tab and comes back: C.
    (root / "web" / "style.css").write_text(css + "/* version C */\n", encoding="utf-8")
    version_c, _ = build_site.write_worker(root)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#sw-update", state="visible")
    # a review found the banner over a dialog's buttons on a phone, for good: Later puts it
    # away, and the dialog under it takes clicks again
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("#btn-new")
    screenshot(page, "update-banner-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#sw-later")
    page.wait_for_selector("#sw-update", state="hidden")
    page.click('#dialog [data-act="close"]')
    page.wait_for_selector("#dialog", state="hidden")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#sw-update", state="visible")
    assert site_version(page) == version_b
    page.close()
    page = sw_context.new_page()
    page.goto(server.url + QUERY)
    wait_ready(page)
    assert site_version(page) == version_c
    assert saved_games(page) == saves
    assert external_requests == []


def deploy_changed_module(root: Path, mark: str) -> str:
    """Deploy a version whose one page module (kahuna/__init__.py, as shipped) changed;
    return the new version."""
    module = root / build_site.PAGE_MEMBERS / "kahuna" / "__init__.py"
    module.write_text(module.read_text(encoding="utf-8") + f"\nUPDATE_MARK = {mark!r}\n",
                      encoding="utf-8")
    build_site.pack_page(root)  # a deployed copy: archive and index from page/
    return build_site.write_worker(root)[0]


def update_to(page: Page, version: str, wait_ready) -> None:
    """Reload (the browser finds and installs ``version``), then switch to it (the
    context has the PROBE: the banner breaks none of the page's security policy)."""
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#sw-update", state="visible")
    lang = page.evaluate("document.documentElement.lang")
    ready = {"en": "A new version of Kahuna is ready.", "de": "Eine neue Version von Kahuna ist bereit."}
    assert page.inner_text("#sw-ready") == ready[lang]
    assert violations(page) == []
    page.click("#sw-update button")
    page.wait_for_function(f"document.documentElement.dataset.siteVersion === '{version}'")
    wait_ready(page)


def test_an_update_downloads_only_the_changed_module(
    built_site, tmp_path, serve_site, sw_context, external_requests, wait_ready
):
    """The worker rebuilds the page's archive from the older one, the new index and the
    one changed module (web/sw-core.js); Python reads the rebuilt archive and runs the new
    module. With no older archive to start from, it downloads the archive whole."""
    root = site_copy(built_site, tmp_path)
    server = serve_site(root)
    probe(sw_context, server.url)
    page = first_visit(sw_context, server.url, wait_ready)
    version_b = deploy_changed_module(root, "B")
    page.goto(server.url + QUERY + "&lang=de")  # the banner speaks the page's language
    wait_ready(page)
    asked = len(server.hits)
    update_to(page, version_b, wait_ready)
    fetched = [h for h in server.hits[asked:] if h.startswith(("/page/", "/web/page"))]
    assert sorted(set(fetched)) == ["/page/index.json", "/page/kahuna/__init__.py"], fetched
    assert run_python(page, "import kahuna; kahuna.UPDATE_MARK") == "B"

    # The archive lost from the cache (evicted, say): the next update downloads it whole.
    page.evaluate(f"""async () => {{
        for (const name of await caches.keys())
            if (!name.startsWith("{BYTECODE_CACHES}"))
                await (await caches.open(name)).delete("web/page.tar.gz");
    }}""")
    assert page.evaluate("caches.match('web/page.tar.gz').then(r => r === undefined)")
    version_c = deploy_changed_module(root, "C")
    asked = len(server.hits)
    update_to(page, version_c, wait_ready)
    assert "/web/page.tar.gz" in server.hits[asked:]
    assert run_python(page, "import kahuna; kahuna.UPDATE_MARK") == "C"
    assert external_requests == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_how_to_play_opens_offline_after_a_first_visit_of_the_game(
    lang, built_site, serve_site, sw_context, external_requests, wait_ready, screenshot
):
    """The worker keeps the rules page in the language spoken (web/sw-register.js asks
    it; German here after the player switched in the game), so the settings' "How to
    play" opens with no network, and its "Try it" board plays there too."""
    server = serve_site(built_site)
    page = first_visit(sw_context, server.url, wait_ready)
    rules = {"en": "rules/index.html", "de": "rules/de.html"}[lang]
    if lang != "en":
        page.click("#btn-lang")
        page.click(f'#dialog [data-act="lang:{lang}"]')
    # the page and every file of its own, so that no keeping is under way offline
    own = build_site.rules_pages(built_site)[rules]
    wait_cached(page, *(server.url + path for path in [rules, *own]))
    server.down = True
    sw_context.set_offline(True)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.click("#btn-settings")
    page.click("#dialog a.rules-link")
    try:
        page.wait_for_url(server.url + rules)
    except PlaywrightTimeout:  # seen once in CI: say what the browser did meanwhile
        raise AssertionError(f"no navigation to {rules}: still at {page.url}; "
                             f"failed requests: {failed}") from None
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("figure.example svg.board").count() >= 12

    page.click("#board-control button.try")
    frame = live_frame(page)
    frame.wait_for_selector("#lesson .goal")
    assert frame.evaluate("document.documentElement.lang") == lang
    do(frame, "ELAI>HUNA")  # the puzzle's answer: White gains ELAI
    end_turn(frame)
    frame.wait_for_selector("#lesson .verdict.solved")
    screenshot(page, f"offline-rules-{lang}")
    assert external_requests == []
