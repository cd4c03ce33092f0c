"""One page of a worker's browser, handed to one test after another (issue 30).

A new browser context boots the game in a new renderer process, with none of the
runtime compiled; the next boot in the same page, after a same-origin page between
them, reuses that process and costs about a third less (bench/e2e_boot.py). Between
two tests the page waits on e2e/blank.html, and every origin it visited has its storage
cleared (local storage, IndexedDB, Cache Storage, cookies), but for the bytecode the
game compiled and keeps in Cache Storage (web/pyodide-boot.mjs): each test starts as a
returning player, whose device compiled the runtime on the first visit. That makes a
boot about a third as long, and spares the compiling of everything after it
(bench/e2e_boot.py: ``warm`` against ``listing`` and ``compiled``).

The game compiles that bytecode after the board is ready, a module at a time between
frames, some 3 s of CPU: a short test ends before it is kept, and the next test would
boot from source and compile again. So the session's first kept page boots the game
once before its first test and waits until the bytecode is kept (``Compiled``); the
other workers read it from a file they share (a cold boot and its compiling cost some
10 s of CPU, which four workers paid four times). Every new context a KeptPage opens
later (a phone's, or after a test changed the page for good) gets that bytecode put
into its Cache Storage, as does every context a test makes with the ``browser`` fixture
(e2e/conftest.py) unless it asks for a first boot.

A test that changes the context or the page for good (an init script, a route,
permissions, a listener, a second page, a CDP session, closing it ...) gets it still,
and the page is dropped after it: the next test gets a new context.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from scripts.browser import (clear_storage, guard_network, read_bytecode, wait_compiled,
                             wait_ready, write_bytecode)
from scripts.site_server import LOCAL_HOST

VIEWPORT = {"width": 1024, "height": 768}
SITE = "{site}/"  # the site's URL in the shared bytecode's file
#: What changes a context or a page beyond what a test's end undoes.
CONTEXT_CHANGES = ("add_init_script", "route", "route_from_har", "route_web_socket",
                   "expose_function", "expose_binding", "grant_permissions",
                   "clear_permissions", "set_offline", "set_extra_http_headers",
                   "set_geolocation", "add_cookies", "new_page", "new_cdp_session", "close",
                   "set_default_timeout", "set_default_navigation_timeout", "on", "once")
PAGE_CHANGES = ("add_init_script", "route", "route_from_har", "route_web_socket",
                "expose_function", "expose_binding", "set_extra_http_headers",
                "close", "set_default_timeout",
                "set_default_navigation_timeout", "add_locator_handler", "on", "once")


class Relay:
    """Appends to the list of the test in progress (``target``)."""

    def __init__(self) -> None:
        self.target: list[str] = []

    def append(self, item: str) -> None:
        self.target.append(item)


class Compiled:
    """The bytecode the game compiled in a first boot (read_bytecode's entries), or None
    before it. With ``shared`` (a file the session's workers share), only the
    first worker to need it boots and compiles; the others read what it kept there (its
    URLs made this worker's: each worker serves the site on a port of its own)."""

    def __init__(self, shared: Path | None = None) -> None:
        self.entries: list[dict[str, str]] | None = None
        self._shared = shared

    def put(self, page: Page, base_url: str) -> None:
        """Leave ``page`` on a blank page of ``base_url``'s origin, whose Cache Storage
        holds the game's bytecode: this worker's, or compiled by a boot here first."""
        if self.entries is None:
            with self._first():
                self.entries = self._kept(base_url)
                if self.entries is None:
                    page.goto(base_url)
                    wait_ready(page)
                    wait_compiled(page)
                    page.goto(base_url + "e2e/blank.html")
                    self.entries = read_bytecode(page)
                    self._keep(base_url)
                    return
        page.goto(base_url + "e2e/blank.html")
        write_bytecode(page, self.entries)

    @contextlib.contextmanager
    def _first(self) -> Iterator[None]:
        """While held, this worker alone reads or compiles the shared bytecode."""
        if self._shared is None:
            yield
            return
        with open(self._shared.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    def _kept(self, base_url: str) -> list[dict[str, str]] | None:
        if self._shared is None or not self._shared.exists():
            return None
        kept = json.loads(self._shared.read_text())
        return [{key: value.replace(SITE, base_url) for key, value in entry.items()}
                for entry in kept]

    def _keep(self, base_url: str) -> None:
        if self._shared is not None and self.entries is not None:
            self._shared.write_text(json.dumps(  # the cache's name holds the URL too
                [{key: value.replace(base_url, SITE) for key, value in entry.items()}
                 for entry in self.entries]))


class KeptPage:
    """A worker's reusable page: ``take`` before a test, ``release`` after it.
    ``compiled`` is shared by the worker's kept pages; ``options`` are the context's (a
    phone's ``is_mobile`` and ``has_touch``)."""

    def __init__(self, compiled: Compiled, **options: Any) -> None:
        self._compiled, self._options = compiled, options
        self.lines, self.outside = Relay(), Relay()
        self._browser: Browser | None = None
        self._context: BrowserContext | None = None
        self._page: Page | None = None
        self._origins: set[str] = set()
        self._changed = False

    def take(self, browser: Browser, base_url: str, watch, lines: list[str],
             outside: list[str], viewport: dict[str, int] = VIEWPORT) -> Page:
        """The page, as good as new at ``viewport``'s size, reporting to this test's
        ``lines`` and ``outside``; ``watch(page, relay)`` wires a page's console lines
        and errors to a list. Taken again in the same test, it is as good as new again.

        What the last test's pages said after it ended (a favicon asked late by a page
        of its own server, read when the page is next driven) is not this test's: the
        lists are this test's from the end of the reset on, and from the start of a new
        context's first boot."""
        if self._page is not None and (self._browser is not browser or self._page.is_closed()
                                       or self._changed):
            self.drop()  # a renderer crash brought a new browser, or it was changed
        if self._page is None:
            self.lines.target, self.outside.target = lines, outside
            self._open(browser, watch, base_url)
        self._reset(base_url, viewport)
        self.lines.target, self.outside.target = lines, outside
        self._note_changes()
        return self._page

    def release(self) -> None:
        """After a test: keep the page unless the test changed it for good."""
        if self._changed:
            self.drop()

    def drop(self) -> None:
        """Close the context (if it is still open): the next ``take`` makes a new one."""
        if self._context is not None:
            try:
                type(self._context).close(self._context)
            except Exception:  # noqa: BLE001 - already closed, or its browser is gone
                pass
        self._browser = self._context = self._page = None
        self._origins, self._changed = set(), False

    def _open(self, browser: Browser, watch, base_url: str) -> None:
        """A new context and page, whose Cache Storage holds the game's bytecode."""
        self._browser = browser
        self._context = browser.new_context(viewport=VIEWPORT, service_workers="block",
                                            **self._options)
        guard_network(self._context, self.outside)  # type: ignore[arg-type]
        self._context.on("request", lambda request: self._visited(request.url))
        self._page = watch(self._context.new_page(), self.lines)
        self._compiled.put(self._page, base_url)

    def _visited(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.hostname == LOCAL_HOST:
            self._origins.add(f"{parts.scheme}://{parts.netloc}")

    def _reset(self, base_url: str, viewport: dict[str, int]) -> None:
        """Leave the last test's page for a blank one of the same origin (the renderer
        stays), clear what every visited origin stored but the game's bytecode, and
        give the window its size and the context's media features again (a test may
        emulate others)."""
        page, context = self._page, self._context
        assert page is not None and context is not None
        page.goto(base_url + "e2e/blank.html")
        clear_storage(context, page, self._origins, keep_bytecode=True)
        type(page).emulate_media(page, media="screen", color_scheme="light",
                                 reduced_motion="no-preference", forced_colors="none")
        self._changed = False  # its CDP session was the reset's, not a test's
        page.set_viewport_size(viewport)

    def _note_changes(self) -> None:
        """Make each lasting change the test makes mark the page to be dropped after it."""
        for target, names in ((self._context, CONTEXT_CHANGES), (self._page, PAGE_CHANGES)):
            for name in names:
                setattr(target, name, self._marking(getattr(type(target), name), target))

    def _marking(self, method, target) -> Any:
        def changed(*args: Any, **kwargs: Any) -> Any:
            self._changed = True
            return method(target, *args, **kwargs)
        return changed
