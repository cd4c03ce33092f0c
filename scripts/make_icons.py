"""Render web/icons/icon.svg into the PNG icons the manifest lists (Chromium screenshots).

    .venv/bin/python scripts/make_icons.py

The PNGs are committed; run this again only after changing icon.svg. The maskable icon
drops the rounded corners and shrinks the picture into the safe zone (the inner 80 %),
because launchers cut it to their own shape.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.browser import launch_chromium  # noqa: E402

ICONS = ROOT / "web" / "icons"
# (file name, size in px, maskable?)
TARGETS = (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True))


def maskable(svg: str) -> str:
    """The same picture on a full-bleed square, scaled into the maskable safe zone."""
    svg = re.sub(r'(<rect id="bg"[^>]*?) rx="\d+"', r"\1", svg)
    return svg.replace('<g id="art">', '<g id="art" transform="translate(51.2 51.2) scale(0.8)">')


def main() -> None:
    """Write every PNG of TARGETS from icon.svg."""
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for name, size, mask in TARGETS:
            page = browser.new_page(viewport={"width": size, "height": size})
            art = maskable(svg) if mask else svg
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block}</style>"
                + art.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"web/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
