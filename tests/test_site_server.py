"""scripts/site_server.py, the local static host of the e2e suite and the benches: with
``compress`` it sends what a static host sends (gzip for text, JavaScript and
WebAssembly; images and archives as they are), and revalidates by Last-Modified."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request

import pytest

from scripts.site_server import SiteServer


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<p>page</p>" * 50)
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "app.js").write_text("const x = 1;\n" * 50)
    (tmp_path / "web" / "icon.png").write_bytes(b"\x89PNG" + bytes(300))
    server = SiteServer(tmp_path, prefix="/kahuna", compress=True)
    yield server, tmp_path
    server.close()


def _get(url: str, **headers: str):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:  # urllib raises on 304
        return e.code, dict(e.headers), b""


def test_text_is_gzipped_for_a_browser_that_accepts_it(site):
    server, root = site
    for path, name in (("web/app.js", "web/app.js"), ("", "index.html")):
        status, headers, body = _get(server.url + path, **{"Accept-Encoding": "gzip, br"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (root / name).read_bytes()
        assert int(headers["Content-Length"]) == len(body) < (root / name).stat().st_size
    status, headers, body = _get(server.url + "web/app.js")  # no Accept-Encoding
    assert "Content-Encoding" not in headers and body == (root / "web/app.js").read_bytes()


def test_images_go_as_they_are_and_a_revalidation_gets_304(site):
    server, root = site
    status, headers, body = _get(server.url + "web/icon.png", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers and body == (root / "web/icon.png").read_bytes()
    _, headers, _ = _get(server.url + "web/app.js", **{"Accept-Encoding": "gzip"})
    status, _, body = _get(server.url + "web/app.js", **{
        "Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and body == b""
