"""examples.html, the demo of the embeds (scripts/examples_page.py): current, every
frame's address read by the page without a problem, and part of the deployed site."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from scripts import build_site
from scripts.examples_page import PAGE, examples, page
from web.state.address import read
from web.learn.modes import MODES

ROOT = Path(__file__).resolve().parent.parent


def test_examples_html_is_current():
    assert PAGE.read_text(encoding="utf-8") == page(), "run: python scripts/examples_page.py"


def test_every_example_is_an_embed_the_page_reads_without_a_problem():
    sources = [unescape(src) for src in re.findall(r'<iframe src="\./\?([^"]*)"', page())]
    assert len(sources) == len(examples()) >= 4
    shown = set()
    for query in sources:
        pairs = [tuple((part.split("=", 1) + [""])[:2]) for part in query.split("&")]
        address = read([(k, v.replace("+", " ").replace("%27", "'")) for k, v in pairs])
        assert address.embed and not address.problems, (query[:80], address.problems)
        shown.add(address.mode.mode)
    assert shown == set(MODES)  # every mode has its example


def test_the_examples_page_names_the_site_s_icon():
    """Else the browser asks the host's root for /favicon.ico: a 404 in the console."""
    assert '<link rel="icon" href="./web/icons/icon.svg" type="image/svg+xml">' in page()
    assert (ROOT / "web/icons/icon.svg").is_file()


def test_the_examples_page_is_part_of_the_site():
    assert "examples.html" in build_site.site_files(ROOT)


def test_a_link_to_a_folder_means_its_index_page():
    from pathlib import PurePosixPath as P
    assert build_site._local(P("examples.html"), "./?embed&mode=diagram") == P("index.html")
    assert build_site._local(P("rules/de.html"), "../") == P("index.html")
    assert build_site._local(P("rules/de.html"), "..") == P("index.html")
    assert build_site._local(P("index.html"), "rules/") == P("rules/index.html")
    assert build_site._local(P("index.html"), "web/style.css") == P("web/style.css")
