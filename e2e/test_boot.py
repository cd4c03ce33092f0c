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
