"""Write the rules pages: rules/index.html (English), rules/de.html, fr.html, pl.html.

Each page is its language's text (docs/rules/<lang>.md) with the boards of
scripts/rules_figures.py drawn in at build time by the game's own renderer, so the pages
show every board at once and need no runtime. "Try it" under a board (rules/rules.js)
puts one live frame of the game in its place; tests/test_rules_page.py fails when a page
here is not what this script writes.

The text's form, a small part of Markdown: a front matter of ``key: value`` lines (the
page's own words) between ``---`` lines; ``#`` the title, ``##`` a section (an HTML
comment after it names the rules it restates); paragraphs; ``- `` list items;
``**bold**``; and a board: ``[[name]]`` then ``caption:`` and ``alt:`` lines.

Usage: python scripts/rules_page.py [--out DIR]   (default: rules/ of this checkout)
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna import observe, position_from_json  # noqa: E402
from scripts.rules_figures import FIGURES, Figure  # noqa: E402
from web.words.language import NAMES, rules_page, use  # noqa: E402
from web.view.render import board_svg  # noqa: E402

TEXTS = ROOT / "docs" / "rules"
OUT = ROOT / "rules"
#: The page of each language (its file in rules/), in the order the language links list them.
PAGES = {code: rules_page(code).removeprefix("rules/") for code in NAMES}
#: Only the site's own files; no inline script or style at all (the boards' SVG needs none).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; "
       "base-uri 'self'; form-action 'none'")
_BY_NAME = {figure.name: figure for figure in FIGURES}
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_SECTION = re.compile(r"^## (.+?)\s*<!--\s*(.+?)\s*-->$")


@dataclass(frozen=True)
class Board:
    """A board in the text: which figure, and its words in this language."""

    name: str
    caption: str
    alt: str


def _inline(text: str) -> str:
    """A line of the text as HTML: escaped, then ``**bold**``."""
    return _BOLD.sub(r"<strong>\1</strong>", escape(text, quote=False))


def read_text(source: str) -> tuple[dict[str, str], list[list[str]]]:
    """The front matter and the body's blocks (lists of lines, split at blank lines)."""
    _, front, body = source.split("---\n", 2)
    words = dict(line.split(": ", 1) for line in front.splitlines() if line.strip())
    blocks, block = [], []
    for line in body.splitlines():
        if line.strip():
            block.append(line)
        elif block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)
    return words, blocks


def read_board(block: list[str]) -> Board:
    """``[[name]]``, ``caption: ...``, ``alt: ...`` as a Board (a figure it knows)."""
    name = block[0].strip("[]")
    if name not in _BY_NAME:
        raise ValueError(f"no figure {name!r} in scripts/rules_figures.py")
    fields = dict(line.split(": ", 1) for line in block[1:])
    return Board(name, fields["caption"], fields["alt"])


def still(svg: str, key: str) -> str:
    """The game's board SVG as a still picture in a page of many: one hidden whole, no
    tab stops and no names of its parts (the figure around it is named instead), and
    its one id (the sea's gradient) made unique in the page."""
    svg = svg.replace('role="group"', 'aria-hidden="true" focusable="false"', 1)
    svg = re.sub(r' (?:tabindex|role|aria-label|id)="[^"]*"', "", svg)
    return svg.replace("<radialGradient ", f'<radialGradient id="sea-{key}" ', 1).replace(
        "url(#sea)", f"url(#sea-{key})")


def picture(figure: Figure) -> str:
    """The figure's position as both boards the game draws (CSS shows one: the turned
    board on a narrow upright screen, as in the game), in the language in use."""
    state = position_from_json(figure.position, figure.seed)
    obs = observe(state, state.to_move)
    return "".join(still(board_svg(obs, portrait=p), f"{figure.name}-{'lp'[p]}")
                   for p in (False, True))


def figure_html(board: Board, number: int, words: dict[str, str], lang: str) -> str:
    """One board: the picture, its caption, and the button that makes it live."""
    figure = _BY_NAME[board.name]
    label = words["step"] if figure.live == "sequence" else words["try"]
    query = f"{figure.query()}&lang={lang}"
    return (f'<figure class="example" id="board-{board.name}">'
            f'<div class="stage"><div class="picture" role="img" aria-label="{escape(board.alt)}">'
            f"{picture(figure)}</div></div>"
            f'<figcaption id="board-{board.name}-caption"><span class="number">'
            f'{escape(words["figure"])} {number}.</span> {_inline(board.caption)}</figcaption>'
            f'<p class="try-row"><button type="button" class="try" data-query="{escape(query)}" '
            f'data-label="{escape(label)}" aria-describedby="board-{board.name}-caption">'
            f"{escape(label)}</button></p>"
            "</figure>")


def body_html(blocks: list[list[str]], words: dict[str, str], lang: str) -> str:
    """The page's main text: title, sections, paragraphs, lists and boards."""
    parts, number, open_section = [], 0, False
    for block in blocks:
        first = block[0]
        if first.startswith("# "):
            parts.append(f"<h1>{_inline(first[2:])}</h1>")
        elif first.startswith("## "):
            found = _SECTION.match(first)
            if found is None:
                raise ValueError(f"a section without its rules: {first!r}")
            title, rules = found.groups()
            if open_section:
                parts.append("</section>")
            anchor = rules.split()[0].lower()
            parts.append(f'<section id="{anchor}"><!-- {escape(rules)} -->'
                         f"<h2>{_inline(title)}</h2>")
            open_section = True
            if block[1:]:
                parts.append(f"<p>{_inline(' '.join(block[1:]))}</p>")
        elif first.startswith("[["):
            number += 1
            parts.append(figure_html(read_board(block), number, words, lang))
        elif first.startswith("- "):
            items: list[str] = []
            for line in block:
                if line.startswith("- "):
                    items.append(line[2:])
                else:  # an item's further lines
                    items[-1] += " " + line.strip()
            parts.append("<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in items)
                         + "</ul>")
        else:
            parts.append(f"<p>{_inline(' '.join(line.strip() for line in block))}</p>")
    if open_section:
        parts.append("</section>")
    return "\n".join(parts)


def page_html(lang: str) -> str:
    """The whole rules page of ``lang``."""
    use(lang)  # the boards' own words (their titles) in the page's language
    words, blocks = read_text((TEXTS / f"{lang}.md").read_text(encoding="utf-8"))
    others = "".join(f'<a href="{PAGES[code]}" hreflang="{code}" lang="{code}">'
                     f"{escape(NAMES[code])}</a>" for code in PAGES if code != lang)
    alternates = "".join(f'<link rel="alternate" hreflang="{code}" href="{page}">\n'
                         for code, page in PAGES.items())
    html = f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<!-- Written by scripts/rules_page.py from docs/rules/{lang}.md: do not edit. -->
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(words["title"])}</title>
<meta name="description" content="{escape(words["description"])}">
<link rel="icon" href="../web/icons/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../web/style.css">
<link rel="stylesheet" href="rules.css">
{alternates}<script type="module" src="rules.js"></script>
</head>
<body class="rules" data-live="{escape(words["live"])}" data-loading="{escape(words["loading"])}">
<header class="bar"><div class="brand"><a class="home" href="../">Kahuna</a></div>
<nav aria-label="{escape(words["languages"])}">{others}</nav></header>
<main class="text">
<p class="back"><a href="../">{escape(words["back"])}</a></p>
{body_html(blocks, words, lang)}
<p class="back"><a href="../">{escape(words["back"])}</a></p>
</main>
</body>
</html>
"""
    use("en")
    return html


def pages() -> dict[str, str]:
    """Each page's file name and text."""
    return {page: page_html(lang) for lang, page in PAGES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the pages")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (args.out / name).write_text(text, encoding="utf-8")
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
