"""Headless Chromium with no network, for the browser tests (e2e/), the benches (bench/)
and scripts/make_icons.py, through Python Playwright.

- ``launch_chromium(pw)``: Debian's Chromium (``$KAHUNA_CHROMIUM`` or /usr/bin/chromium),
  launched so that nothing but 127.0.0.1 is reachable (NO_NETWORK_ARGS), whose every
  context opens the game as a returning player (RETURNING) unless ``first_visit``;
- ``crash_lines()``: what the browsers wrote of a crash to their standard error, which
  Playwright keeps in ``$DEBUG_FILE`` when ``$DEBUG`` is ``pw:browser`` (scripts/test.sh
  sets both; e2e/conftest.py shows the lines under a test whose renderer crashed);
- ``guard_network(context, found)``: records every request that tries to leave 127.0.0.1;
- ``wait_ready(page)``: waits until the game page says it is interactive.
"""

from __future__ import annotations

import os
import re
import time
import urllib.parse
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from scripts.site_server import LOCAL_HOST

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


#: A first visit to the game is offered the tutorial in a dialog (web/learn/tutorial.py); the
#: tests and benches that expect a game at once open it as a returning player: before the
#: game page's own scripts, the tutorial counts as skipped, unless a choice is stored. Not
#: in an embed or a demo (``?embed``, ``?autoplay``: the page offers nothing there and
#: keeps nothing, and their tests check that its storage stays empty), nor on other pages.
RETURNING = """(() => {
  const query = new URLSearchParams(location.search), path = location.pathname;
  if (!(path.endsWith("/") || path.endsWith("/index.html")) || query.has("embed")
      || query.has("autoplay")) return;
  try {
    if (localStorage.getItem("kahuna.tutorial") === null)
      localStorage.setItem("kahuna.tutorial", "skipped");
  } catch (e) {}  /* storage switched off: the page offers nothing then either */
})();"""


def launch_chromium(pw: Playwright, first_visit: bool = False) -> Browser:
    """Headless Debian Chromium for the e2e suite and the bench scripts alike; unless
    ``first_visit``, each of its new contexts runs RETURNING in every page.

    Raises FileNotFoundError naming the way forward when there is no Chromium."""
    if not os.access(CHROMIUM, os.X_OK):
        raise FileNotFoundError(
            f"no Chromium at {CHROMIUM}: run scripts/setup.sh or set KAHUNA_CHROMIUM"
        )
    browser = pw.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + NO_NETWORK_ARGS
    )
    if not first_visit:
        make = browser.new_context

        def new_context(**options: Any) -> BrowserContext:
            context = make(**options)
            context.add_init_script(RETURNING)
            return context

        browser.new_context = new_context  # type: ignore[method-assign]
    return browser


def guard_network(context: BrowserContext, external_requests: list[str]) -> None:
    """Record every request and WebSocket of ``context`` that leaves 127.0.0.1; the
    browser itself fails them (NO_NETWORK_ARGS)."""

    def note(url: str) -> None:
        if urllib.parse.urlsplit(url).hostname not in (LOCAL_HOST, None):
            external_requests.append(url)

    context.on("request", lambda request: note(request.url))
    context.on("page", lambda page: page.on("websocket", lambda ws: note(ws.url)))


def crash_lines(last: int = 30) -> list[str]:
    """The ``last`` lines of the browsers' standard error (``$DEBUG_FILE``) that speak of
    a crash, a killed process or memory; none when it is not kept."""
    path = os.environ.get("DEBUG_FILE")
    if not path or not os.path.isfile(path):
        return []
    said = re.compile(r"crash|fatal|killed|out of memory|terminated|signal[= ](?!null)",
                      re.IGNORECASE)
    with open(path, encoding="utf-8", errors="replace") as log:
        return [line.rstrip() for line in log if said.search(line)][-last:]


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait until Python set ``document.body.dataset.ready = "1"``; return seconds waited."""
    start = time.monotonic()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout_ms)
    return time.monotonic() - start
