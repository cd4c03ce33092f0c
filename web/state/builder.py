"""The embed builder (issue 32, docs/embedding.md "The embed builder"): an author turns the
position on show into an embed: its mode and options, notes drawn on the board, a
caption, the frame's size and language; then the ``<iframe>`` snippet, the link, or the
picture ``python -m kahuna svg`` draws.

Pure: ``Builder`` holds the author's choices; ``query``, ``link`` and ``snippet`` make the
embed's address from them with the same parameters web/learn/modes.py reads. The
position comes in by ``open_builder(app, data, exact)``: the game on show (a game in
progress holds only what its viewer sees, R24: web/state/sharing.py), a replay's step,
a pasted link or position, or (one call) a position set up elsewhere. What the
controls do: web/state/builder_acts.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any
from kahuna import (
    KahunaError, annotated, goal_from_text, link_kind, link_url, observe, parse_annotations,
    picture_svg, position_from_json, position_to_json, replay,
)

from ..learn.modes import DIAGRAM, PLAY, PUZZLE, SEQUENCE
from ..words.language import _
from .sharing import ASKED

#: The modes in the order the builder offers them.
MODES = (DIAGRAM, SEQUENCE, PUZZLE, PLAY)
#: The frame's sizes (docs/embedding.md, section 3): name -> (width, height).
SIZES = {"wide": (720, 520), "phone": (360, 640), "low": (740, 360)}
#: The kinds of notes, as the address names them; each is a tool for the board's clicks.
NOTES = ("islands", "lines", "arrows", "labels")
#: The text fields the builder has (their act: ``builder:set:NAME:VALUE``).
FIELDS = ("caption", "goal", *NOTES, "pasted")
LANGS = ("", "en", "de", "fr", "pl")  # "": the reader's browser language


@dataclass
class Builder:
    """The author's choices. ``data``: a position or a record, as a link holds it;
    ``exact``: its hidden cards are as the author set them (a pasted or set-up position),
    not dealt at random from what a player saw; ``step``: a record's step shown."""

    data: dict[str, Any]
    exact: bool = False
    step: int | None = None
    mode: str = DIAGRAM
    caption: str = ""
    goal: str = ""
    explore: bool = False
    auto: bool = False
    notes: dict[str, str] = field(default_factory=lambda: dict.fromkeys(NOTES, ""))
    tool: str = "islands"
    start: str = ""  # an arrow's first island, clicked
    size: str = "wide"
    lang: str = ""
    pasted: str = ""
    problem: str = ""  # the last input refused, in plain words ("" none)
    detail: str = ""  # its English detail (the engine's words)
    copied: str = ASKED

    @property
    def record(self) -> bool:
        """Whether the data is a record (a game with its actions), not a position."""
        return link_kind(self.data) == "record"

    def modes(self) -> tuple[str, ...]:
        """The modes the data allows: a sequence needs a record with actions."""
        if self.record and self.data.get("actions"):
            return MODES
        return tuple(mode for mode in MODES if mode != SEQUENCE)

    def position(self) -> dict[str, Any]:
        """The position shown: a record's at its step (its end when None)."""
        if not self.record:
            return self.data
        actions = self.data.get("actions", [])
        cut = actions if self.step is None else actions[:self.step]
        return position_to_json(replay({**self.data, "actions": cut})[0])

    def goal_trouble(self) -> str | None:
        """None when the puzzle's goal reads as the address would read it (its first 60
        characters, web/learn/modes.py); else why not: "" for no goal, or the engine's
        words."""
        if not self.goal.strip():
            return ""
        try:
            goal_from_text(self.goal[:60])
        except KahunaError as exc:
            return str(exc)
        return None

    def embedded_mode(self) -> str:
        """The mode the embed is written with: a puzzle whose goal does not read would
        greet every reader with a notice, so it is written as a game to play (and the
        builder says so)."""
        if self.mode == PUZZLE and self.goal_trouble() is not None:
            return PLAY
        return self.mode

    def query(self) -> str:
        """The embed's address parameters, checked ones only (a bad note is left out)."""
        mode = self.embedded_mode()
        parts = ["embed", f"mode={mode}"]
        if self.mode in (DIAGRAM, SEQUENCE) and self.record:
            parts.append(link_url(self.data, "").lstrip("?"))  # the link's own encoding
            if self.step is not None:
                parts.append(f"step={self.step}")
        else:
            parts.append(link_url(self.position(), "").lstrip("?"))
        if mode == PUZZLE:
            parts.append(f"goal={quote(self.goal[:60], safe=':-')}")
        if self.mode == DIAGRAM and self.explore:
            parts.append("explore")
        if self.mode == SEQUENCE and self.auto:
            parts.append("auto")
        if self.caption.strip():
            parts.append(f"caption={quote(self.caption.strip(), safe='')}")
        for kind in NOTES:
            if self.notes[kind] and readable(kind, self.notes[kind]):
                parts.append(f"{kind}={quote(self.notes[kind], safe=',:>-')}")
        if self.lang:
            parts.append(f"lang={self.lang}")
        return "&".join(parts)

    def link(self, site: str) -> str:
        """The frame's address on the site at ``site``."""
        return f"{site}?{self.query()}"

    def snippet(self, site: str) -> str:
        """The ``<iframe>`` an author pastes into their page."""
        width, height = SIZES[self.size]
        title = self.caption.strip() or _("Kahuna: an example")
        return (f'<iframe src="{escape(self.link(site))}"\n'
                f'        width="{width}" height="{height}" loading="lazy" '
                'style="border: 0; max-width: 100%"\n'
                f'        title="{escape(title)}"></iframe>')

    def marks(self) -> Any:
        """The notes as the board draws them (only the kinds that read)."""
        return annotated(parse_annotations(**{kind: text for kind, text in self.notes.items()
                                               if readable(kind, text)}))

    def picture(self, lang_tr: Any) -> str:
        """The picture ``python -m kahuna svg`` draws of the position shown, with the
        notes, from the side to move (kahuna.picture_svg itself)."""
        state = position_from_json(self.position(), 0)
        return picture_svg(observe(state, state.to_move), self.marks(), False, lang_tr)

    def note_problems(self) -> list[tuple[str, str]]:
        """Each kind of notes that does not read, with the engine's (English) words."""
        found = []
        for kind in NOTES:
            try:
                parse_annotations(**{kind: self.notes[kind]})
            except KahunaError as exc:
                found.append((kind, str(exc)))
        return found


def quote(text: str, safe: str = "") -> str:
    """``text`` percent-encoded (UTF-8) for an address, keeping letters, digits, "-._~"
    and ``safe`` (the page's Python has no urllib: scripts/trim_stdlib.py)."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-._~" + safe)
                   else "".join(f"%{byte:02X}" for byte in c.encode("utf-8")) for c in text)


def readable(kind: str, text: str) -> bool:
    """Whether ``text`` reads as notes of ``kind`` (the address would take it)."""
    try:
        parse_annotations(**{kind: text})
    except KahunaError:
        return False
    return True
