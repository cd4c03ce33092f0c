"""Browser end-to-end fixtures: real Pyodide in Debian's Chromium via Python Playwright.

Fixtures
--------
site_server   session; ``site_server(prefix="")`` serves the repo root at
              ``http://127.0.0.1:PORT{prefix}/`` (one server per prefix, cached)
base_url      ``http://127.0.0.1:PORT/``        (repo root)
kahuna_url    ``http://127.0.0.1:PORT/kahuna/`` (repo root under a sub-path)
browser       session; headless Chromium (``$KAHUNA_CHROMIUM`` or /usr/bin/chromium)
external_requests  list of every request whose host was not 127.0.0.1 (all fail: the
              browser is launched with no network but 127.0.0.1)
console_messages   list of "type: text" console lines and page errors
page          per test, in a fresh browser context, with the two lists above wired in
              (service workers blocked)
built_site    session; the deployed site (scripts/build_site.py copy) in a temporary folder
serve_site    ``serve_site(root, prefix="")`` -> SiteServer: one folder on its own port (a
              fresh origin per test), with ``.hits`` and a ``.down`` switch that drops
              every connection unanswered, like a network that is gone
sw_context    a fresh browser context with service workers allowed and the same guard
wait_ready    ``wait_ready(page)`` waits for ``body[data-ready="1"]``
screenshot    ``screenshot(page, "name")`` saves e2e/screenshots/name.png
"""

from __future__ import annotations

import http.server
import os
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from scripts import build_site

REPO_ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("KAHUNA_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Nothing may reach the network: every request that is not to 127.0.0.1 goes to a proxy
# that is not there (loopback always bypasses proxies), so the browser itself fails it,
# whatever made it. Unlike Playwright's route(), this leaves Chromium's HTTP cache on,
# which the timings in bench/ need.
NO_NETWORK_ARGS = ["--proxy-server=http://127.0.0.1:9"]
# Pyodide boot on 2 cores takes 10-30 s; leave generous head-room.
READY_TIMEOUT_MS = int(os.environ.get("KAHUNA_READY_TIMEOUT_MS", "120000"))
LOCAL_HOST = "127.0.0.1"


# --------------------------------------------------------------------------- server


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from the repo root, optionally mounted under ``prefix``."""

    prefix = ""  # e.g. "/kahuna"; set on per-server subclasses
    root = REPO_ROOT  # the folder served
    cache_control = "no-store"
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "application/toml",
        ".json": "application/json",
        ".py": "text/x-python",
        ".zip": "application/zip",
        ".css": "text/css",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(self.root), **kwargs)

    def translate_path(self, path: str) -> str:
        if self.prefix:
            bare = urllib.parse.urlsplit(path).path
            if bare == self.prefix or bare.startswith(self.prefix + "/"):
                path = path[len(self.prefix) :] or "/"
            else:
                return str(self.root / ".no-such-file-outside-prefix")
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # Browsers drop connections mid-transfer (aborted fetches): stay quiet.
        pass


class SiteServer:
    """Serves ``root`` at ``url`` (under ``prefix``) until closed; see ``serve_site``.

    ``cache_control`` is sent with every response ("max-age=600" is GitHub Pages').
    """

    def __init__(self, root: Path, prefix: str = "", cache_control: str = "no-store") -> None:
        prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""
        self.hits: list[str] = []  # every request path, answered or not
        self.down = False  # True: drop every connection unanswered (no network)
        server = self

        class Handler(_Handler):
            def handle_one_request(self) -> None:
                if server.down:
                    self.raw_requestline = self.rfile.readline(65537)
                    if self.raw_requestline and self.parse_request():
                        server.hits.append(self.path)
                    self.close_connection = True
                    return
                super().handle_one_request()

            def send_response(self, code, message=None) -> None:
                server.hits.append(self.path)
                super().send_response(code, message)

        Handler.prefix, Handler.root, Handler.cache_control = prefix, Path(root), cache_control
        self._httpd = _Server((LOCAL_HOST, 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        self.url = f"http://{LOCAL_HOST}:{self._httpd.server_address[1]}{prefix}/"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture(scope="session")
def site_server():
    """Factory: ``site_server(prefix)`` -> base URL (ending in "/") serving the repo."""
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


def launch_chromium(pw: Playwright) -> Browser:
    """Headless Debian Chromium for the e2e suite and the bench scripts alike.

    Raises FileNotFoundError naming the way forward when there is no Chromium."""
    if not os.access(CHROMIUM, os.X_OK):
        raise FileNotFoundError(
            f"no Chromium at {CHROMIUM}: run scripts/setup.sh or set KAHUNA_CHROMIUM"
        )
    return pw.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + NO_NETWORK_ARGS
    )


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    with sync_playwright() as pw:
        try:
            b = launch_chromium(pw)
        except FileNotFoundError as exc:
            pytest.fail(str(exc))
        yield b
        b.close()


@pytest.fixture
def external_requests() -> list[str]:
    """URLs the page tried to load from anywhere but 127.0.0.1 (all failed)."""
    return []


@pytest.fixture
def console_messages() -> list[str]:
    """Console lines and page errors, "type: text", of the test's pages."""
    return []


def guard_network(context: BrowserContext, external_requests: list[str]) -> None:
    """Record every request and WebSocket of ``context`` that leaves 127.0.0.1; the
    browser itself fails them (NO_NETWORK_ARGS)."""

    def note(url: str) -> None:
        if urllib.parse.urlsplit(url).hostname not in (LOCAL_HOST, None):
            external_requests.append(url)

    context.on("request", lambda request: note(request.url))
    context.on("page", lambda page: page.on("websocket", lambda ws: note(ws.url)))


def _watch(page: Page, console_messages: list[str]) -> Page:
    page.on("console", lambda m: console_messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console_messages.append(f"pageerror: {e}"))
    return page


@pytest.fixture
def page(browser, external_requests, console_messages):
    """A page in a fresh context (service workers blocked), guarded and watched."""
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, service_workers="block"
    )
    guard_network(context, external_requests)
    yield _watch(context.new_page(), console_messages)
    context.close()


@pytest.fixture
def sw_context(browser, external_requests, console_messages):
    """A fresh context where service workers run; ``sw_context.new_page()`` for pages.

    Pages opened with ``new_page()`` report to ``console_messages``. Take the network
    away with ``context.set_offline(True)`` plus ``SiteServer.down`` (the first alone
    does not reach a service worker's own requests in every Chromium).
    """
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, service_workers="allow"
    )
    guard_network(context, external_requests)
    context.on("page", lambda pg: _watch(pg, console_messages))
    yield context
    context.close()


# --------------------------------------------------------------------------- helpers


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait until Python set ``document.body.dataset.ready = "1"``; return seconds waited."""
    start = time.monotonic()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout_ms)
    return time.monotonic() - start


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG as e2e/screenshots/<name>.png and return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
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
