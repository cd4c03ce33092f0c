"""The position editor's state (issue 32): the draft being set up, its undo and redo,
where the palette's cards go, and the last change refused with the rule it broke. The
draft is a plain ``kahuna.Draft``; ``Editor.state()`` gives the game state play starts
from (for "Play from here", "Share this position" and other tools that take it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kahuna import Breach, Draft, State, draft_refusals, draft_state

from .proof import Answer

#: Where the palette's island cards go: a hand, or the display.
TARGETS = ("black", "white", "display")


@dataclass(eq=False)
class Editor:
    """The editor's state; ``seed`` deals the cards the author leaves unnamed."""

    draft: Draft = field(default_factory=Draft)
    seed: int = 0
    target: str = "black"
    undone: list[Draft] = field(default_factory=list)  # earlier drafts, the last latest
    redone: list[Draft] = field(default_factory=list)
    refused: Breach | None = None  # the last change refused, and the rule it broke
    #: Why the pasted text was refused ("" none): in plain words, or the rule the pasted
    #: position broke (said by the paste field, not beside a control of the draft kept).
    pasted: str | Breach = ""
    answer: Answer | None = None  # the solver's answer for a puzzle's goal (web/learn/proof.py)

    def checked(self) -> Answer | None:
        """The solver's last answer, if it was for the draft as it is now."""
        return self.answer if self.answer is not None and self.answer.draft == self.draft else None

    def change(self, draft: Draft, pasted: bool = False) -> bool:
        """Take ``draft`` unless it breaks a rule no position may break: then keep the
        draft as it was and remember the breach, to show beside its control, or beside
        the paste field when the draft was ``pasted``."""
        broken = draft_refusals(draft)
        if broken:
            if pasted:
                self.pasted = broken[0]
            else:
                self.refused = broken[0]
            return False
        self.refused, self.pasted = None, ""
        if draft != self.draft:
            self.undone.append(self.draft)
            self.redone.clear()
            self.draft = draft
        return True

    def undo(self) -> None:
        """Back to the draft before the last change."""
        if self.undone:
            self.redone.append(self.draft)
            self.draft, self.refused = self.undone.pop(), None

    def redo(self) -> None:
        """The change undone last, again."""
        if self.redone:
            self.undone.append(self.draft)
            self.draft, self.refused = self.redone.pop(), None

    def state(self) -> State:
        """The game state play starts from (raises PositionError while unfinished)."""
        return draft_state(self.draft, self.seed)
