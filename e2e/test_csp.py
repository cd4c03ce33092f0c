"""index.html's Content-Security-Policy in the browser: no violation while the page boots
and plays, embedded in another origin's page, and served by the service worker (the
deployed site, a reload from its cache). The clicks on every screen
(e2e/test_clicks_everywhere.py) check for violations too."""

from __future__ import annotations

from kahuna.notation.link import encode
from scripts.page_driver import end_turn, host_page, place_a_bridge, probe, settle, violations
from tests.helpers import tutorial_position


def test_no_violation_with_the_service_worker(sw_context, built_site, serve_site, wait_ready):
    site = serve_site(built_site)
    probe(sw_context, site.url)
    page = sw_context.new_page()
    page.goto(site.url + "?seed=5&pace=0")
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready")
    assert violations(page) == []
    page.reload()  # now from the worker's cache
    wait_ready(page)
    settle(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert place_a_bridge(page)
    end_turn(page)
    settle(page)
    assert violations(page) == []


def test_no_violation_embedded_in_another_origin(page, base_url, serve_site, tmp_path,
                                                 wait_ready):
    probe(page.context, base_url)
    game = f"{base_url}?embed&position={encode(tutorial_position())}&pace=0"
    (tmp_path / "index.html").write_text(host_page(game, {"wide": (720, 520)}))
    host = serve_site(tmp_path)
    page.goto(host.url)
    frame = page.locator("iframe#wide").element_handle().content_frame()
    wait_ready(frame)
    settle(frame)
    assert place_a_bridge(frame)
    end_turn(frame)
    settle(frame)
    assert violations(frame) == []
    assert page.locator(".py-error").count() == 0 and frame.locator(".py-error").count() == 0
