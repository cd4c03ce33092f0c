"""The page boots real Pyodide from web/vendor/ and never leaves 127.0.0.1."""

import pytest

from .conftest import FAVICON_404


@pytest.mark.parametrize("where", ["root", "subpath"])
def test_page_boots_offline(
    where, page, base_url, kahuna_url, external_requests, wait_ready, screenshot
):
    url = base_url if where == "root" else kahuna_url
    page.goto(url)
    seconds = wait_ready(page)
    print(f"boot-to-ready at {url}: {seconds:.1f}s")

    assert page.text_content("#status") == "The game is ready."  # for screen readers
    shot = screenshot(page, f"boot-{where}")
    assert shot.stat().st_size > 0
    assert external_requests == []


def test_bare_bench_page_boots(page, base_url, external_requests, wait_ready):
    page.goto(base_url + "bench/bare.html")
    wait_ready(page)
    assert page.text_content("#status") == "ready"
    assert external_requests == []


@pytest.mark.expected_errors(r"^error: .*status of 404 .*/index\.html\]$")  # what it tests
@pytest.mark.expected_errors(FAVICON_404, optional=True)
def test_subpath_server_does_not_leak_root(page, kahuna_url):
    """Only /kahuna/... is served by the sub-path server, so absolute URLs would fail."""
    root = kahuna_url.removesuffix("kahuna/")
    response = page.goto(root + "index.html")
    assert response is not None and response.status == 404


# What a page's own tags ask for, and what only a first boot fetches (web/pyodide-boot.mjs:
# the shipped bytecode, when the device keeps none); the browser's icon.
NOT_PRELOADED = ("web/style.css", "web/vendor/core.css", "web/idb-memory.js",
                 "web/vendor/core.js", "web/sw-register.js", "web/embed-height.js",
                 "web/boot-bytecode.zip", "web/icons/icon.svg")


@pytest.mark.parametrize("visit", ["first", "later", "first, at a sub-path"])
def test_the_boot_asks_for_every_file_of_the_runtime_at_once(
        visit, browser, base_url, kahuna_url, console_messages, wait_ready):
    """index.html preloads every file the runtime's boot fetches (docs/deploy.md,
    "Preloading"): none waits for the file that names it, a round trip each on a phone's
    network; and every preload is used, none fetched twice (Chromium warns, a few seconds
    after the page's load, of a preload not used, or not matched for want of the right
    `as` or credentials)."""
    context = browser.new_context(first_boot=visit != "later", service_workers="block")
    page = context.new_page()
    site = kahuna_url if "sub-path" in visit else base_url
    page.goto(site + "?seed=1")
    wait_ready(page)
    preloaded = page.eval_on_selector_all(
        "link[rel=preload], link[rel=modulepreload]", "links => links.map((l) => l.href)")
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    page.wait_for_timeout(4000)  # Chromium's "not used within a few seconds"
    context.close()
    assert len(preloaded) == len(set(preloaded))
    ours = {url.removeprefix(site) for url in fetched if url.startswith(site)}
    assert set(preloaded) <= set(fetched)
    assert ours - set(NOT_PRELOADED) == {url.removeprefix(site) for url in preloaded}
    # python_stdlib.zip is fetched twice by design: by web/pyodide-boot.mjs for its key,
    # and by Pyodide; every other file once
    twice = [url for url in set(fetched) if fetched.count(url) > 1]
    assert twice in ([], [site + "web/vendor/python_stdlib.zip"])
    assert [m for m in console_messages if "preload" in m] == []
