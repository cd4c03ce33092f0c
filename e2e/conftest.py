"""Browser end-to-end fixtures: real Pyodide in Debian's Chromium via Python Playwright.

Fixtures
--------
site_server   session; ``site_server(prefix="")`` serves the repo root at
              ``http://127.0.0.1:PORT{prefix}/`` (one server per prefix, cached)
base_url      ``http://127.0.0.1:PORT/``        (repo root)
kahuna_url    ``http://127.0.0.1:PORT/kahuna/`` (repo root under a sub-path)
browsers      per worker (session); its headless Chromium (scripts/browser.py CHROMIUM),
              launched again after a renderer crash (RENDERER_CRASHED)
browser       that Chromium, with no network (scripts/browser.py), whose pages
              open the game as a returning player, never offered the tutorial
              (e2e/test_tutorial.py has its own Browsers, of first visits); every
              context made from it, by a fixture or by hand, reports to console_messages
              and holds the game's bytecode at base_url, unless made with
              ``new_context(first_boot=True, ...)`` (e2e/kept_page.py)
compiled      session; the bytecode the session's first boot compiled, shared by its
              workers (e2e/kept_page.py)
no_page_errors  autouse: a console error or uncaught page error in any page fails the
              test, but for those named by ``@pytest.mark.expected_errors(r"regex", ...)``
external_requests  list of every request whose host was not 127.0.0.1 (all fail: the
              browser is launched with no network but 127.0.0.1)
console_messages   list of "type: text" console lines (an error's with its " [url]") and page
              errors of every page
page          per test, as in a fresh browser context (service workers blocked), with the
              two lists above wired in: the worker's kept page, its visited origins'
              storage cleared (e2e/kept_page.py; a test that changes the page or its
              context for good leaves a new one to the next test)
phone_page    ``phone_page(width=360, height=740)``: the same, a touch phone's
built_site    session; the deployed site (scripts/build_site.py copy) in a temporary folder
serve_site    ``serve_site(root, prefix="")`` -> SiteServer (scripts/site_server.py): one
              folder on its own port (a fresh origin per test), with ``.hits`` and a
              ``.down`` switch that drops every connection unanswered, like a network
              that is gone
sw_context    a fresh browser context with service workers allowed and the same guard
wait_ready    ``wait_ready(page)`` waits for ``body[data-ready="1"]``
screenshot    ``screenshot(page, "name")`` saves e2e/screenshots/name.png

The server, the browser launch and the page's driving live in scripts/ (site_server.py,
browser.py, page_driver.py: probe, violations, run_python), shared with bench/ and
scripts/make_icons.py; this file holds the fixtures and the screenshots.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (Browser, BrowserContext, ConsoleMessage, Page, Playwright,
                                 sync_playwright)

from e2e.kept_page import Compiled, KeptPage
from scripts import boot_bytecode, build_site
from scripts.browser import (READY_TIMEOUT_MS, crash_lines, guard_network, launch_chromium,
                             wait_ready)
from scripts.site_server import REPO_ROOT, SiteServer

SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"


# --------------------------------------------------------------------------- server


def session_temp(tmp_path_factory) -> Path:
    """A folder of this test session that its parallel workers share."""
    temp = tmp_path_factory.getbasetemp()
    return temp.parent if os.environ.get("PYTEST_XDIST_WORKER") else temp


@pytest.fixture(scope="session")
def site_server(tmp_path_factory):
    """Factory: ``site_server(prefix)`` -> base URL (ending in "/") serving the repo."""
    # The page's modules reach it as one generated archive: make it current, so that a
    # module edited since the last set-up is the one tested (the session's first worker;
    # the others wait, then find it made).
    made = session_temp(tmp_path_factory) / "page-archive-made"
    with open(REPO_ROOT / ".pytest-page-archive.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            build_site.write_page_archive()
            boot_bytecode.build()
            made.touch()
    servers: dict[str, SiteServer] = {}

    def serve(prefix: str = "") -> str:
        key = prefix.strip("/")
        if key not in servers:
            servers[key] = SiteServer(REPO_ROOT, prefix)
        return servers[key].url

    yield serve
    for server in servers.values():
        server.close()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site exactly as deployed (with its service worker), built once per session."""
    out = tmp_path_factory.mktemp("built") / "site"
    build_site.copy_site(out)
    return out


@pytest.fixture
def serve_site():
    """Factory: ``serve_site(root, prefix="")`` -> a SiteServer, closed after the test."""
    servers: list[SiteServer] = []

    def serve(root: Path, prefix: str = "") -> SiteServer:
        servers.append(SiteServer(root, prefix))
        return servers[-1]

    yield serve
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def base_url(site_server) -> str:
    """The repo root served at http://127.0.0.1:PORT/."""
    return site_server("")


@pytest.fixture(scope="session")
def kahuna_url(site_server) -> str:
    """The repo root served under the sub-path /kahuna/ (as on GitHub Pages)."""
    return site_server("/kahuna")


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_session():
    """Playwright, once for the whole session."""
    with sync_playwright() as pw:
        yield pw


#: How Playwright says that a page's renderer process died under it. scripts/test.sh runs a
#: test that failed so once more (pytest-rerunfailures' only_rerun, the same words), in
#: a new browser: Chromium here crashes a renderer at boot about once in a hundred
#: boots, sometimes twice in a row in one browser process. A test that fails its
#: assertions, or crashes a renderer twice, fails.
RENDERER_CRASHED = re.compile(r"Target crashed|Page crashed")
_crashed = False  # set when a test failed so: the next test gets a new browser


class Browsers:
    """The headless Chromium of one worker, launched again after a renderer crash.

    One per worker, not per file: a file's first test would otherwise boot in a new
    context from source and compile the runtime again (e2e/kept_page.py), some 8 s of
    CPU for each of the 37 files. What one test leaves in the browser is cleared or
    dropped before the next (KeptPage), whichever file it is in."""

    def __init__(self, pw: Playwright, first_visit: bool = False) -> None:
        self._pw, self._first_visit = pw, first_visit
        self._browser: Browser | None = None

    def current(self) -> Browser:
        """The browser, launched anew if none is running or a renderer crashed."""
        global _crashed
        if self._browser is not None and _crashed:
            self._browser.close()
            self._browser = None
        _crashed = False
        if self._browser is None:
            try:
                self._browser = launch_chromium(self._pw, first_visit=self._first_visit)
            except FileNotFoundError as exc:
                pytest.fail(str(exc))
        return self._browser

    def close(self) -> None:
        if self._browser is not None:
            self._browser.close()


@pytest.fixture(scope="session")
def browsers(playwright_session):
    """This worker's Browsers (e2e/test_tutorial.py has its own, of first visits)."""
    holder = Browsers(playwright_session)
    yield holder
    holder.close()


class WatchedBrowser:
    """A Browser whose every new context reports its pages' console lines and errors to
    the test's ``console_messages`` (so the contexts a test makes by hand are watched like
    the ``page`` fixture's) and is a returning player's device, with the game's bytecode
    at ``base_url`` (e2e/kept_page.py) unless made with ``first_boot=True``; anything
    else is the Browser's own."""

    def __init__(self, browser: Browser, console_messages: list[str], compiled: Compiled,
                 base_url: str) -> None:
        self._browser, self._lines = browser, console_messages
        self._compiled, self._base_url = compiled, base_url

    def new_context(self, first_boot: bool = False, **options: Any) -> BrowserContext:
        context = self._browser.new_context(**options)
        context.on("page", lambda page: _watch(page, self._lines))
        if not first_boot:
            page = context.new_page()
            self._compiled.put(page, self._base_url)
            page.close()
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def browser(browsers, console_messages, compiled, base_url) -> WatchedBrowser:
    """The worker's headless Chromium (a new one after a renderer crash), watched."""
    return WatchedBrowser(browsers.current(), console_messages, compiled, base_url)


ERROR_LINE = ("error", "pageerror")


def page_errors(console_messages: list[str]) -> list[str]:
    """The console errors and uncaught page errors among ``console_messages``."""
    return [m for m in console_messages if m.startswith(ERROR_LINE)]


def pytest_collection_modifyitems(session, config, items) -> None:
    """The browser test files first, the quicker engine tests last, and in each the
    files with the most tests first: scripts/test.sh's parallel workers take whole files
    in this order, and a long file taken last would leave the others idle at the end
    (the order within a file kept)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item.fspath] = counts.get(item.fspath, 0) + 1
    browser = {path: Path(str(path)).parent.name == "e2e" for path in counts}
    items.sort(key=lambda item: (not browser[item.fspath], -counts[item.fspath]))


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "expected_errors(*patterns, optional=False): console or page errors this"
        " test causes on purpose (regular expressions, each must match at least one error"
        " line unless optional); any other error line fails the test")


#: Chromium asks /favicon.ico for a page that names no icon (an image opened on its own,
#: a test's host page) when it likes, so it may or may not be seen: optional where declared.
FAVICON_404 = (r"^error: Failed to load resource: the server responded with a status of 404"
               r" \(File not found\) \[http://127\.0\.0\.1:\d+/favicon\.ico\]$")


@pytest.fixture(autouse=True)
def no_page_errors(request, console_messages):
    """Fail the test if any of its pages logged a console error or raised an uncaught
    error, but for those its ``expected_errors`` marker names (each of which must occur:
    a declaration that no longer matches anything is stale)."""
    yield
    markers = list(request.node.iter_markers("expected_errors"))
    patterns = [re.compile(p, re.DOTALL) for marker in markers for p in marker.args]
    required = [re.compile(p, re.DOTALL) for marker in markers for p in marker.args
                if not marker.kwargs.get("optional")]
    errors = page_errors(console_messages)
    unexpected = [m for m in errors if not any(p.search(m) for p in patterns)]
    unseen = [p.pattern for p in required if not any(p.search(m) for m in errors)]
    if unexpected or unseen:
        pytest.fail("the page logged errors:\n" + "\n".join(unexpected)
                    + ("\nexpected errors never seen: " + ", ".join(unseen) if unseen else ""),
                    pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Note a renderer crash, and show what the browsers said of it on standard error."""
    global _crashed
    report = yield
    if report.failed and RENDERER_CRASHED.search(str(report.longrepr)):
        _crashed = True
        said = "\n".join(crash_lines()) or "(none kept)"
        report.sections.append(("Chromium's standard error", said))
    return report


@pytest.fixture
def external_requests() -> list[str]:
    """URLs the page tried to load from anywhere but 127.0.0.1 (all failed)."""
    return []


@pytest.fixture
def console_messages() -> list[str]:
    """Console lines and page errors, "type: text", of the test's pages."""
    return []


def _line(message: ConsoleMessage) -> str:
    """``type: text``, and for an error where it came from (a failed load names no URL)."""
    url = message.location.get("url", "") if message.type == "error" else ""
    return f"{message.type}: {message.text}" + (f" [{url}]" if url else "")


def _watch(page: Page, console_messages: list[str]) -> Page:
    page.on("console", lambda m: console_messages.append(_line(m)))
    page.on("pageerror", lambda e: console_messages.append(f"pageerror: {e}"))
    return page


@pytest.fixture(scope="session")
def compiled(tmp_path_factory, site_server) -> Compiled:
    """The bytecode the game compiled in the session's first kept page, shared by the
    workers (e2e/kept_page.py) in a file named by the archives it was compiled from (as
    the session's first worker made them: ``site_server``)."""
    digest = hashlib.sha256()
    for archive in ("web/page.tar.gz", "web/vendor/python_stdlib.zip"):
        digest.update((REPO_ROOT / archive).read_bytes())
    return Compiled(session_temp(tmp_path_factory)
                    / f"kahuna-bytecode-{digest.hexdigest()[:16]}.json")


@pytest.fixture(scope="session")
def kept_page(compiled):
    """This worker's KeptPage (e2e/kept_page.py), closed after its last test."""
    kept = KeptPage(compiled)
    yield kept
    kept.drop()


@pytest.fixture
def page(browsers, kept_page, base_url, console_messages, external_requests):
    """A 1024x768 page (service workers blocked), guarded and watched, as in a fresh
    context: the worker's kept page, its storage cleared (e2e/kept_page.py)."""
    yield kept_page.take(browsers.current(), base_url, _watch, console_messages,
                         external_requests)
    kept_page.release()


@pytest.fixture(scope="session")
def kept_phone(compiled):
    """This worker's KeptPage of a touch phone, closed after its last test."""
    kept = KeptPage(compiled, is_mobile=True, has_touch=True)
    yield kept
    kept.drop()


@pytest.fixture
def phone_page(browsers, kept_phone, base_url, console_messages, external_requests):
    """Factory: ``phone_page(width=360, height=740)`` -> the page of a touch phone of that
    size, guarded and watched like ``page``, as in a fresh context: the worker's kept
    phone page. Called again in a test, the same page, as good as new again."""
    def take(width: int = 360, height: int = 740) -> Page:
        return kept_phone.take(browsers.current(), base_url, _watch, console_messages,
                               external_requests, viewport={"width": width, "height": height})
    yield take
    kept_phone.release()


@pytest.fixture
def sw_context(browser, external_requests):
    """A fresh context where service workers run; ``sw_context.new_page()`` for pages.

    Pages opened with ``new_page()`` report to ``console_messages``. Take the network
    away with ``context.set_offline(True)`` plus ``SiteServer.down`` (the first alone
    does not reach a service worker's own requests in every Chromium).
    """
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, service_workers="allow", first_boot=True
    )
    guard_network(context, external_requests)
    yield context
    context.close()


# --------------------------------------------------------------------------- helpers


def phone(browser, width: int = 360, height: int = 740, locale: str | None = None):
    """(context, page, outside): a touch phone of ``width`` x ``height`` with no network
    (``outside`` lists what it asked of any other host), its browser in ``locale`` when
    given ("de-DE"); close the context when done."""
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, service_workers="block", locale=locale)
    outside: list[str] = []
    guard_network(context, outside)
    return context, context.new_page(), outside


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG as e2e/screenshots/<name>.png and return its path. Animations
    are run to their end for it (Playwright's ``animations="disabled"``): a picture shows
    where the page settles, not a dialog or a bridge half faded in."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


@pytest.fixture(name="wait_ready")
def wait_ready_fixture(console_messages):
    def wait(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
        try:
            return wait_ready(page, timeout_ms)
        except Exception as exc:
            log = "\n".join(console_messages[-50:]) or "(no console output)"
            raise AssertionError(f"page never became ready: {exc}\nconsole:\n{log}") from None

    return wait


@pytest.fixture(name="screenshot")
def screenshot_fixture():
    return save_screenshot
