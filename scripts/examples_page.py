"""Write examples.html: the site's demo of its embeds (docs/embedding.md), one frame per
mode with the snippet that makes it, for authors of rules and tutorial pages. The links
are made here from positions and records checked by the engine, so the page cannot hold
a broken one; tests/test_examples_page.py checks that examples.html is current.

Usage: python scripts/examples_page.py
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna import (  # noqa: E402
    RECORD_FORMAT, RECORD_VERSION, position_from_json, position_to_json, replay,
)
from kahuna.notation.link import encode  # noqa: E402

PAGE = ROOT / "examples.html"

#: Black holds ALOA and HUNA and two cards of a kind: White's ALOA-HUNA bridge may go (R9).
REMOVAL = {"to_move": "black",
           "bridges": {"black": ["BARI-ELAI"], "white": ["ALOA-BARI", "ALOA-HUNA", "ELAI-HUNA"]},
           "hands": {"black": ["ALOA", "HUNA", "COCO"], "white": ["LALE", "IFFI"]}}
#: The rulebook's worked example (docs/rules.md, its end; tests/test_worked_example.py).
WORKED = {"to_move": "white",
          "bridges": {"white": ["ALOA-DUDA", "DUDA-HUNA", "DUDA-ELAI", "BARI-COCO",
                                "BARI-ELAI", "ELAI-HUNA"],
                      "black": ["ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE",
                                "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO"]},
          "hands": {"white": ["ALOA", "BARI", "KAHU"], "black": ["ELAI", "HUNA", "HUNA"]},
          "display": ["GOLA", "JOJO", "LALE"]}
WORKED_ACTIONS = ("BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA")


#: The host script of docs/embedding.md ("Messages to the host"), word for word
#: (tests/test_examples_page.py): sizes each Kahuna frame to its content and passes on
#: what happens in it as a "kahuna" event on the frame.
HOST_SCRIPT = """addEventListener("message", (event) => {
  const data = event.data;
  const frame = [...document.querySelectorAll("iframe")]
    .find((f) => f.contentWindow === event.source);
  if (!frame || new URL(frame.src, location.href).origin !== event.origin) return;
  if (!data || typeof data.kahuna !== "string" || data.version !== 1) return;
  if (data.kahuna === "height" && data.px > 0) frame.style.height = `${Math.ceil(data.px)}px`;
  frame.dispatchEvent(new CustomEvent("kahuna", { detail: data }));
});"""

#: The examples page's own use of the events: under each frame, what it said last.
HEARD_SCRIPT = """document.querySelectorAll("iframe").forEach((frame) => {
  frame.addEventListener("kahuna", ({ detail }) => {
    if (detail.kahuna === "height") return;
    frame.nextElementSibling.textContent = `The frame said: ${detail.kahuna}`;
  });
});"""


def _position(sparse: dict) -> dict:
    """The full position of a sparse one (checked by the engine; hidden cards dealt by seed 0)."""
    return position_to_json(position_from_json(sparse, 0))


def examples() -> list[tuple[str, str, str]]:
    """(title, what it shows, the embed's query) for each example, in the page's order."""
    removal = encode(_position(REMOVAL))
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "position": _position(WORKED),
              "actions": list(WORKED_ACTIONS)}
    replay(record)  # every action legal, or no page
    worked = encode(record)
    return [
        ("A diagram", "A position to look at, with a caption and notes on the board.",
         f"embed&mode=diagram&position={removal}&caption=Black+may+take+White%27s+ALOA-HUNA+away"
         "&islands=ALOA,HUNA&lines=ALOA-HUNA&labels=ALOA:1,HUNA:2"),
        ("An explorable diagram", "The same position; the reader may try moves, and Reset.",
         f"embed&mode=diagram&position={removal}&explore"),
        ("A sequence", "The rulebook's worked example, a step at a time.",
         f"embed&mode=sequence&record={worked}&caption=The+rulebook%27s+example"),
        ("A puzzle of the site", "A goal for the turn, judged by the engine.",
         "embed&mode=puzzle&puzzle=remove-1"),
        ("A puzzle of your own", "A linked position and a goal written in the address.",
         f"embed&mode=puzzle&position={removal}&goal=remove:ALOA-HUNA"),
        ("A game against the computer", "A fresh game at a level, in German.",
         "embed&level=casual&colour=white&lang=de"),
    ]


def page() -> str:
    """The whole of examples.html."""
    parts = []
    for title, text, query in examples():
        snippet = (f'<iframe src="https://example.org/kahuna/?{query}"\n'
                   '        width="720" height="520" loading="lazy" '
                   'style="border: 0; max-width: 100%"\n'
                   f'        title="Kahuna: {title.lower()}"></iframe>')
        parts.append(f"<section><h2>{escape(title)}</h2><p>{escape(text)}</p>"
                     f'<iframe src="./?{escape(query)}" width="720" height="520" '
                     f'loading="lazy" title="Kahuna: {escape(title.lower())}"></iframe>'
                     '<p class="heard" aria-live="polite"></p>'
                     f"<pre><code>{escape(snippet)}</code></pre></section>")
    return ("<!doctype html>\n<!-- Written by scripts/examples_page.py: edit that, not this. -->\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Kahuna: embeds for rules pages</title>"
            '<link rel="icon" href="./web/icons/icon.svg" type="image/svg+xml">'
            '<style>body{font:16px/1.45 system-ui,sans-serif;max-width:760px;margin:0 auto;'
            "padding:12px}iframe{border:0;max-width:100%;display:block}"
            "pre{overflow-x:auto;background:#f3f0e8;padding:8px;font-size:13px}</style>"
            "</head><body><h1>Kahuna in your rules page</h1>"
            "<p>Each frame below is the game itself, embedded as an author would embed it; "
            "the code under it makes it. How to write your own: docs/embedding.md in the "
            'project\'s source. <a href="./">Play the game</a>.</p>'
            + "".join(parts)
            + f"<script>{HOST_SCRIPT}\n{HEARD_SCRIPT}</script></body></html>\n")


if __name__ == "__main__":
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE}")
