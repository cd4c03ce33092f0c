"""The site's file list (scripts/build_site.py): complete, nothing extra, versioned.

The list is what the service worker precaches and what the Pages workflow deploys, so
it must hold every file the page loads (else offline play breaks) and nothing else
(else every first visit downloads it for nothing).
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest

from bench import site_size
from scripts import build_site
from scripts.page_driver import probe

# The browser fetches these only to install the app (not to run the page).
INSTALL_ONLY = {"manifest.webmanifest"} | {
    icon["src"] for icon in json.loads((build_site.REPO_ROOT / "manifest.webmanifest").read_text())["icons"]
}


def test_site_files_are_exactly_what_the_page_loads(browser, base_url, wait_ready):
    """On a first visit: the bytecode shipped for the boot (web/boot-bytecode.zip) is
    loaded only while the device keeps none of its own."""
    context = browser.new_context(first_boot=True, service_workers="block")
    probe(context, base_url)
    page = context.new_page()
    requested: set[str] = set()

    def note(request):
        path = urllib.parse.urlsplit(request.url).path.lstrip("/")
        if request.url.startswith(base_url):
            requested.add(path or "index.html")

    page.on("request", note)
    page.goto(base_url + "?pace=0")
    wait_ready(page)
    precached = set(build_site.game_files())  # the other pages: when first read (below)
    assert requested - precached == set(), "loaded but not precached"
    assert precached - requested <= INSTALL_ONLY, "precached but never loaded"
    context.close()


def test_the_other_pages_load_only_listed_files(page, base_url):
    """The rules pages and the embeds' demo: what they load is listed (the worker keeps
    it when first read); each file listed for them is loaded by one of them."""
    requested: set[str] = set()
    page.on("request", lambda request: requested.add(
        urllib.parse.urlsplit(request.url).path.lstrip("/") or "index.html"))
    listed = set(build_site.site_files())
    for name in ("rules/index.html", "rules/de.html", "rules/fr.html", "rules/pl.html",
                 "examples.html"):
        page.goto(f"{base_url}{name}")
        page.wait_for_load_state("load")
    later = listed - set(build_site.game_files())
    assert requested - listed == set(), "loaded but not listed"
    assert later <= requested, "listed, never loaded"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


@pytest.fixture
def tiny_site(tmp_path) -> Path:
    """A miniature site with the shapes the walker must understand."""
    _write(tmp_path, {
        "index.html": '<link rel="stylesheet" href="./a.css"><link rel="icon" href="data:,">'
                      '<script type="module" src="./rt/core.js"></script>'
                      '<script type="py" config="./c.toml" src="./main.py"></script>'
                      '<a href="https://example.org/">x</a>',
        "a.css": "body { background: url('img/bg.png') }",
        "img/bg.png": "png",
        "c.toml": 'interpreter = "./rt/pyodide.mjs"\nplugins = ["!off"]\n'
                  '[files]\n"./pkg/m.py" = "./pkg/m.py"\n',
        "main.py": "import pkg.m",
        "pkg/m.py": "",
        "rt/core.js": 'import{a}from"./chunk.js";const p={ed:()=>import("./plugin.js"),'
                      'cm:()=>import("./codemirror-x.js"),off:()=>import("./off-1a2b3c4d.js")};',
        "rt/chunk.js": "export const a = 1;",
        "rt/plugin.js": 'export default () => import("./lazy.js");',
        "rt/lazy.js": "", "rt/codemirror-x.js": "", "rt/off-1a2b3c4d.js": "", "rt/core.js.map": "{}",
        "rt/pyodide.mjs": "", **{f"rt/{n}": "" for n in build_site.PYODIDE_FILES},
        "web/sw-core.js": "// worker code\nconst core = 1;\n",
        "web/tar.js": "// tar code\nconst tar = 1;\n",
    })
    return tmp_path


def test_walker_follows_references_and_leaves_out_lazy_unused_and_disabled(tiny_site):
    assert build_site.site_files(tiny_site) == sorted([
        "index.html", "a.css", "img/bg.png", "c.toml", "main.py", "pkg/m.py",
        "rt/core.js", "rt/chunk.js", "rt/plugin.js", "rt/pyodide.mjs",
        *(f"rt/{n}" for n in build_site.PYODIDE_FILES),
    ])


def test_missing_file_and_absolute_url_are_clear_errors(tiny_site):
    (tiny_site / "pkg" / "m.py").unlink()
    with pytest.raises(build_site.SiteError, match="missing site file: pkg/m.py"):
        build_site.site_files(tiny_site)
    _write(tiny_site, {"pkg/m.py": "", "a.css": "x { background: url(/abs.png) }"})
    with pytest.raises(build_site.SiteError, match="sub-path"):
        build_site.site_files(tiny_site)


def test_version_follows_every_byte_of_the_site(tiny_site):
    version, written = build_site.write_worker(tiny_site)
    assert written and build_site.write_worker(tiny_site) == (version, False)
    text = (tiny_site / "sw.js").read_text()
    assert "const core = 1;" in text and "const tar = 1;" in text and "rt/chunk.js" in text
    assert "code\n" not in text  # comments are left in the sources
    for name in ("pkg/m.py", "web/sw-core.js", "web/tar.js"):
        with (tiny_site / name).open("a") as f:
            f.write("# changed\n")
        new, written = build_site.write_worker(tiny_site)
        assert written and new != version
        version = new


def test_copy_holds_exactly_the_site_and_its_worker(tiny_site, tmp_path_factory):
    out = tmp_path_factory.mktemp("out") / "site"
    files = build_site.copy_site(out, tiny_site)
    on_disk = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert on_disk == sorted(files)
    assert "rt/core.js.map" not in on_disk and "sw.js" in on_disk
    assert build_site.copy_site(out, tiny_site) == files  # an earlier build is replaced


def test_copy_refuses_to_delete_what_is_not_an_earlier_build(tiny_site, tmp_path_factory):
    for out in (tiny_site, tiny_site.parent, tiny_site / "pkg"):
        with pytest.raises(build_site.SiteError):
            build_site.copy_site(out, tiny_site)
    assert (tiny_site / "pkg" / "m.py").is_file()


def test_size_budget(capsys):
    assert site_size.main(["--top", "0"]) == 0, capsys.readouterr().err
