"""The e2e browser cannot reach the network (scripts.browser.NO_NETWORK_ARGS), and every attempt
is recorded in ``external_requests``."""

from __future__ import annotations

import pytest

from .conftest import FAVICON_404

OUTSIDE = ("http://example.org/", "http://93.184.216.34/x.png", "https://example.com/a.js")


@pytest.mark.expected_errors(r"^error: Failed to load resource: net::ERR_PROXY_CONNECTION_FAILED")
@pytest.mark.expected_errors(FAVICON_404, optional=True)
def test_outside_requests_fail_and_are_recorded(page, base_url, external_requests):
    errors = []  # why each failed: the missing proxy, not this machine's lack of network
    page.on("requestfailed", lambda request: errors.append(request.failure))
    page.goto(base_url + "manifest.webmanifest")
    failures = page.evaluate(
        """async (urls) => {
            const out = [];
            for (const url of urls) {
                try { await fetch(url, {mode: "no-cors"}); out.push("reached " + url); }
                catch (error) { out.push("failed"); }
            }
            return out;
        }""",
        list(OUTSIDE),
    )
    assert failures == ["failed"] * len(OUTSIDE)
    assert external_requests == list(OUTSIDE)
    assert errors == ["net::ERR_PROXY_CONNECTION_FAILED"] * len(OUTSIDE)


@pytest.mark.expected_errors(r"^error: WebSocket connection to 'ws://example\.org/socket' failed")
def test_websockets_to_outside_are_recorded(page, base_url, external_requests):
    page.goto(base_url + "manifest.webmanifest")
    closed = page.evaluate(
        """() => new Promise((resolve) => {
            const ws = new WebSocket("ws://example.org/socket");
            ws.onopen = () => resolve("opened");
            ws.onclose = () => resolve("closed");
        })"""
    )
    assert closed == "closed"
    assert external_requests == ["ws://example.org/socket"]

