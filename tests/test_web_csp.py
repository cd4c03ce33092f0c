"""index.html's Content-Security-Policy: only the site's own files, every inline script
allowed by its hash (and none by 'unsafe-inline'); e2e/test_csp.py checks the browser
reports no violation."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def policy() -> dict[str, list[str]]:
    html = (ROOT / "index.html").read_text()
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert len(found) == 1, "index.html has one CSP meta tag"
    directives = [d.split() for d in found[0].split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def test_the_policy_allows_only_the_site_and_what_pyodide_needs():
    csp = policy()
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'self'"]
    for sources in csp.values():
        assert not [s for s in sources if s.startswith(("http", "*", "blob:"))], sources
    assert "'unsafe-inline'" not in csp["script-src"] + csp["style-src"]
    assert "'wasm-unsafe-eval'" in csp["script-src"]


def test_every_inline_script_is_allowed_by_its_hash():
    html = (ROOT / "index.html").read_text()
    inline = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    assert inline, "the embed mark before the first paint"
    hashes = {s for s in policy()["script-src"] if s.startswith("'sha256-")}
    wanted = {"'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
              + "'" for code in inline}
    assert hashes == wanted, "an inline script changed: put its new hash in the CSP"
