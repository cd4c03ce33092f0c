"""What an embedded frame tells the page that frames it (docs/embedding.md, "Messages to
the host"): each message is a plain object ``{kahuna: TYPE, version: 1, ...fields}``.

- ``ready``: the game is drawn and answers (``mode``: play, diagram, sequence, puzzle);
  again after the host's ``kahuna:open?`` showed another example.
- ``step``: a sequence (or a puzzle's solution) shows another step (``step``, ``last``).
- ``solved`` / ``failed``: the reader's turn of a puzzle is over and judged (``goal``, its
  short form; ``puzzle``, the site's puzzle id or "").
- ``height``: the content's height in CSS pixels (``px``), sent by web/embed-height.js,
  which runs before Python does.

Pure: ``heard(app)`` is what the host has to know of the App now; ``news`` the messages
that tell a host that knew ``before`` what changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..state.app import App

#: The messages' version: raised only if a field changes meaning or goes.
VERSION = 1

Heard = tuple[tuple[int, int] | None, str]  # (step, last) of a sequence; a puzzle's verdict


def heard(app: App) -> Heard:
    """What the host hears of: the step shown, and "solved"/"failed" once judged."""
    sequence = app.sequence
    steps = (sequence.step, sequence.last) if sequence is not None else None
    run = app.puzzle
    verdict = "" if run is None or run.verdict is None else (
        "solved" if run.verdict.reached else "failed")
    return steps, verdict


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """One message of the format above."""
    return {"kahuna": kind, "version": VERSION, **fields}


def news(app: App, before: Heard | None) -> tuple[Heard, list[dict[str, Any]]]:
    """What the host hears now, and the messages for a host that heard ``before`` (None:
    nothing yet, so ``ready`` first)."""
    from kahuna import goal_text  # lazy: kahuna.learn loads on first use

    now = heard(app)
    said = [message("ready", mode=app.mode.mode)] if before is None else []
    steps, verdict = now
    if steps is not None and (before is None or before[0] != steps):
        said.append(message("step", step=steps[0], last=steps[1]))
    run = app.puzzle
    if verdict and run is not None and (before is None or before[1] != verdict):
        said.append(message(verdict, goal=goal_text(run.goal), puzzle=run.name))
    return now, said
