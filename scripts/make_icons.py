"""Render web/icons/icon.svg into the PNG icons the manifest lists (Chromium screenshots).

    .venv/bin/python scripts/make_icons.py

The PNGs are committed; run this again only after changing icon.svg. The maskable icon
drops the rounded corners and shrinks the picture into the safe zone (the inner 80 %),
because launchers cut it to their own shape.
"""

from __future__ import annotations

import re
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.browser import launch_chromium  # noqa: E402

ICONS = ROOT / "web" / "icons"
# (file name, size in px, maskable?)
# The maskable one is a launcher's icon (48 dp: 192 px on the densest screens); the
# splash screen takes the largest "any" icon.
TARGETS = (("icon-192.png", 192, False), ("icon-512.png", 512, False),
           ("icon-maskable-192.png", 192, True))


def maskable(svg: str) -> str:
    """The same picture on a full-bleed square, scaled into the maskable safe zone."""
    svg = re.sub(r'(<rect id="bg"[^>]*?) rx="\d+"', r"\1", svg)
    return svg.replace('<g id="art">', '<g id="art" transform="translate(51.2 51.2) scale(0.8)">')


def _unfiltered(rows: bytes, width: int, height: int, step: int) -> list[bytes]:
    """A PNG's scanlines without their filters (PNG spec, section 9)."""
    stride, out, prev, at = width * step, [], bytearray(width * step), 0
    for _ in range(height):
        kind, line = rows[at], bytearray(rows[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b, c = prev[x], prev[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif kind == 4:
                p = a + b - c
                near = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (
                    b if abs(p - b) <= abs(p - c) else c)
                line[x] = (line[x] + near) & 255
        out.append(bytes(line))
        prev = line
    return out


def compact_png(data: bytes) -> bytes:
    """The same image with unfiltered scanlines, deflated at level 9: the icons' flat
    colours compress about a quarter smaller so than as Chromium writes them (the first
    visit downloads every icon the manifest lists). The smaller of the two is kept."""
    chunks, at = [], 8
    while at < len(data):
        size = struct.unpack(">I", data[at:at + 4])[0]
        chunks.append((data[at + 4:at + 8], data[at + 8:at + 8 + size]))
        at += 12 + size
    header = next(body for kind, body in chunks if kind == b"IHDR")
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    if depth != 8 or colour not in (2, 6):
        return data
    rows = _unfiltered(zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT")),
                       width, height, 4 if colour == 6 else 3)
    pixels = zlib.compress(b"".join(b"\0" + row for row in rows), 9)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    small = data[:8] + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    return small if len(small) < len(data) else data


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
            (ICONS / name).write_bytes(compact_png(page.screenshot(omit_background=True)))
            page.close()
            print(f"web/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
