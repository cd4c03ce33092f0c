"""Headless Chromium with no network, for the browser tests (e2e/), the benches (bench/)
and scripts/make_icons.py, through Python Playwright.

- ``launch_chromium(pw)``: Debian's Chromium (``$KAHUNA_CHROMIUM``, else its headless
  shell, else /usr/bin/chromium),
  launched so that nothing but 127.0.0.1 is reachable (NO_NETWORK_ARGS), whose every
  context opens the game as a returning player (RETURNING) unless ``first_visit``;
- ``crash_lines()``: what the browsers wrote of a crash to their standard error, which
  Playwright keeps in ``$DEBUG_FILE`` when ``$DEBUG`` is ``pw:browser`` (scripts/test.sh
  sets both; e2e/conftest.py shows the lines under a test whose renderer crashed);
- ``guard_network(context, found)``: records every request that tries to leave 127.0.0.1;
- ``site_in_chromium(root)``: a checkout served on 127.0.0.1 and a Chromium to open it in,
  for a bench;
- ``wait_ready(page)``: waits until the game page says it is interactive;
- ``wait_compiled(page)``: waits until the game has kept the bytecode it compiled;
- ``clear_storage(context, page, origins)``: what those origins stored, cleared, but for
  that bytecode if asked;
- ``read_bytecode(page)``, ``write_bytecode(page, entries)``: that bytecode, taken from one
  context's Cache Storage and put into another's.
"""

from __future__ import annotations

import os
import re
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from scripts.build_site import write_page_archive
from scripts.site_server import LOCAL_HOST, SiteServer

#: Debian's headless shell first: the same Chromium without the browser's windows, whose
#: boot of the game takes about a quarter less CPU (bench/browser_cpu.py), and the suite
#: is bound by CPU on two cores.
HEADLESS_SHELL, FULL = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = os.environ.get("KAHUNA_CHROMIUM") or (
    HEADLESS_SHELL if os.access(HEADLESS_SHELL, os.X_OK) else FULL)
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


def launch_chromium(pw: Playwright, first_visit: bool = False,
                    executable: str | None = None) -> Browser:
    """Headless Debian Chromium (``executable``, by default CHROMIUM) for the e2e suite
    and the bench scripts alike; unless ``first_visit``, each of its new contexts runs
    RETURNING in every page.

    Raises FileNotFoundError naming the way forward when there is no Chromium."""
    executable = executable or CHROMIUM
    if not os.access(executable, os.X_OK):
        raise FileNotFoundError(
            f"no Chromium at {executable}: run scripts/setup.sh or set KAHUNA_CHROMIUM"
        )
    browser = pw.chromium.launch(
        executable_path=executable, headless=True, args=CHROMIUM_ARGS + NO_NETWORK_ARGS
    )
    if not first_visit:
        make = browser.new_context

        def new_context(**options: Any) -> BrowserContext:
            context = make(**options)
            context.add_init_script(RETURNING)
            return context

        browser.new_context = new_context  # type: ignore[method-assign]
    return browser


@contextmanager
def site_in_chromium(root: Path) -> Iterator[tuple[Browser, str]]:
    """The checkout ``root`` served on 127.0.0.1, its page's modules archived as they are
    now (not as last built), and a Chromium to open it in: (browser, the site's url)."""
    write_page_archive(root)
    server = SiteServer(root)
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                yield browser, server.url
            finally:
                browser.close()
    finally:
        server.close()


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


#: The Cache Storage caches where the game keeps the bytecode it compiled on this device
#: (web/pyodide-boot.mjs), one per copy of the site.
BYTECODE_CACHES = "kahuna-bytecode "
#: Every kind of storage but Cache Storage (Storage.clearDataForOrigin's names).
NOT_CACHES = "cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers"
_OTHER_CACHES_DELETED = f"""async () => {{
  for (const name of await caches.keys())
    if (!name.startsWith("{BYTECODE_CACHES}")) await caches.delete(name);
}}"""


#: Both archives' bytecode kept: the standard library's and the page's (web/boot/bytecode.py).
_COMPILED = f"""async () => {{
  const names = (await caches.keys()).filter(n => n.startsWith("{BYTECODE_CACHES}"));
  return names.length === 1 && (await (await caches.open(names[0])).keys()).length === 2;
}}"""


def wait_compiled(page: Page, timeout: float = READY_TIMEOUT_MS / 1000) -> None:
    """Wait until the game page has kept the bytecode of both its archives (polled:
    wait_for_function takes a promise for a truthy value)."""
    end = time.monotonic() + timeout
    while not page.evaluate(_COMPILED):
        if time.monotonic() > end:
            raise TimeoutError("the page kept no bytecode")
        time.sleep(0.1)


#: Every entry of the bytecode caches of the page's origin, its body as a data: URL.
_READ_BYTECODE = f"""async () => {{
  const entries = [];
  for (const name of await caches.keys()) {{
    if (!name.startsWith("{BYTECODE_CACHES}")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {{
      const blob = await (await cache.match(request)).blob();
      const body = await new Promise((done) => {{
        const reader = new FileReader();
        reader.onload = () => done(reader.result);
        reader.readAsDataURL(blob);
      }});
      entries.push({{cache: name, url: request.url, body}});
    }}
  }}
  return entries;
}}"""
_WRITE_BYTECODE = """async (entries) => {
  for (const {cache, url, body} of entries)
    await (await caches.open(cache)).put(url, new Response(await (await fetch(body)).blob()));
}"""


def read_bytecode(page: Page) -> list[dict[str, str]]:
    """What the game kept of its bytecode in the Cache Storage of ``page``'s origin."""
    return page.evaluate(_READ_BYTECODE)


def write_bytecode(page: Page, entries: list[dict[str, str]]) -> None:
    """Put ``entries`` (read_bytecode's) into the Cache Storage of ``page``'s origin, the
    same origin as they were read from: the next boot there finds them."""
    page.evaluate(_WRITE_BYTECODE, entries)


def clear_storage(context: BrowserContext, page: Page, origins: set[str],
                  keep_bytecode: bool = False) -> None:
    """Clear what each of ``origins`` stored. With ``keep_bytecode``, the origin ``page``
    shows keeps its bytecode caches: the device of a returning player, who has the
    runtime compiled since their first visit (a boot then takes 1.5 s here, not 3.4 s
    and 3.2 s of compiling after it: bench/e2e_boot.py)."""
    here = urllib.parse.urlsplit(page.url)
    current = f"{here.scheme}://{here.netloc}"
    cdp = context.new_cdp_session(page)
    for origin in sorted(origins):
        keep = keep_bytecode and origin == current
        cdp.send("Storage.clearDataForOrigin",
                 {"origin": origin, "storageTypes": NOT_CACHES if keep else "all"})
    cdp.detach()
    if keep_bytecode and current in origins:
        page.evaluate(_OTHER_CACHES_DELETED)


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait until Python set ``document.body.dataset.ready = "1"``; return seconds waited."""
    start = time.monotonic()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout_ms)
    return time.monotonic() - start
