"""Write the empty board (sea, islands, free lines; landscape and portrait) into index.html between the
``board:start`` / ``board:end`` markers, so the page shows the board before Python
has started. tests/test_web_page.py checks that index.html is up to date.

Usage: python scripts/paint_board.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web.view.render import board_svg  # noqa: E402

START, END = "<!-- board:start -->", "<!-- board:end -->"


def painted(html: str) -> str:
    """``html`` with the static board between the markers."""
    head, _, rest = html.partition(START)
    _, _, tail = rest.partition(END)
    boards = board_svg(None) + board_svg(None, portrait=True)  # CSS shows one of them
    return f"{head}{START}{boards}{END}{tail}"


if __name__ == "__main__":
    page = ROOT / "index.html"
    page.write_text(painted(page.read_text()))
    print(f"painted the board into {page}")
