"""What the embed builder's controls do (``builder:WHAT[:...]``, web/state/acts.py), and
``open_builder``: the one call that opens it on a position (the game on show, or one
handed over, e.g. by a position editor). The builder itself: web/state/builder.py."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kahuna import KahunaError, decode_link, link_kind, link_record, load_json, replay

from ..learn.modes import DIAGRAM, MAX_CAPTION
from ..words.language import N_, _, tr
from ..words.reasons import reason
from .builder import FIELDS, LANGS, NOTES, SIZES, Builder, readable
from .sharing import ASKED, COPIED, LIMIT, REFUSED, shared

if TYPE_CHECKING:
    from .app import App


def open_builder(app: App, data: dict[str, Any] | None = None, exact: bool = False,
                 step: int | None = None) -> None:
    """Open the builder on ``data`` (a position or a record; ``exact``: its hidden cards
    were set on purpose, e.g. by a position editor), else on the game on show: a replay's
    step, a finished game's record, or a game in progress as its viewer sees it (R24)."""
    if data is None:
        m = app.match
        if not on_show_embeddable(app) or m is None:
            return
        sequence = app.sequence
        if sequence is not None and sequence.game.state.is_over:
            data, step = shared(sequence.game, random.Random(0)), sequence.step
        else:
            seed = None if app.seed is None else f"{app.seed}:embed:{len(m.actions)}"
            data = shared(m, random.Random(seed))
        exact = m.state.is_over or (sequence is not None and sequence.game.state.is_over)
    app.builder = Builder(data, exact, step)
    if app.builder.record and step is None:
        app.builder.mode = DIAGRAM


def on_show_embeddable(app: App) -> bool:
    """Whether the builder may take the game on show, as a share link may
    (web/state/acts.py): not under the hot-seat cover while the game goes on, and never a
    game by links, whose board holds stand-ins for the friend's sealed cards (a display
    place it has not seen opened yet is no position at all, R12)."""
    m = app.match
    return m is None or not (m.by_links or (app.covered and not m.state.is_over))


def open_asked(app: App, link: tuple[str, Any] | None) -> None:
    """``?builder``: the builder on the address's position or record as written there (its
    hands exact: an author wrote them), else on the game on show; never in an embed. A
    game on show that may not go into it (``on_show_embeddable``) is said not to, and
    stays as it was."""
    if app.embed is not None:
        return
    if link is None and app.match is not None and not on_show_embeddable(app):
        app.tell(N_("This address asks for something the page cannot do"), _(
            "A game played by links cannot go into the embed builder: the friend's "
            "cards are sealed. Open the builder from another game, or with a "
            "position in the address.") if app.match.by_links else _(
            "The hands of this two-player game are covered. Show the hand of the player "
            "to move, then open the builder with “Embed this position” under the moves, "
            "or give a position in the address."))
        return
    # A first visit shows no game: a fresh deal to start from. A broken save's dialog
    # stays instead, with its own ways forward.
    if link is None and app.match is None and app.dialog in ("", "welcome"):
        app.start()
        app.dialog = ""
    if link is None or app.match is None:
        open_builder(app)
        return
    key, record = link
    open_builder(app, record["position"] if key == "position" else record, exact=True)


def _set(b: Builder, rest: str) -> None:
    name, _sep, value = rest.partition(":")
    if name == "caption":
        b.caption = value[:MAX_CAPTION]
    elif name in FIELDS:
        setattr(b, name, value) if name in ("goal", "pasted") else b.notes.update({name: value})


def _paste(b: Builder) -> None:
    """Take a pasted link (``?position=`` or ``?record=``), a link's parameter, or the JSON
    of a position or record; anything else is refused and said, and the builder keeps
    what it had."""
    text = b.pasted.strip()
    try:
        if text.startswith("{"):
            data = load_json(text.encode("utf-8"), KahunaError)
            key = link_kind(data)
        else:
            key, value = _link_part(text)
            data = decode_link(value)
        replay(link_record(key, data))  # every rule checked
    except (KahunaError, ValueError, TypeError, AttributeError) as exc:
        b.problem = _("This is not a link to a game or a position, nor a position: "
                      "nothing was changed.") + " " + reason(exc)
        b.detail = str(exc)
        return
    b.data, b.exact, b.step, b.problem, b.detail, b.pasted = data, True, None, "", "", ""
    if b.mode not in b.modes():
        b.mode = DIAGRAM


def _link_part(text: str) -> tuple[str, str]:
    """("position" or "record", the parameter's value) of a link or of the bare value."""
    query = text.split("?", 1)[1] if "?" in text else text
    for pair in query.split("#")[0].split("&"):
        key, _sep, value = pair.partition("=")
        if key in ("position", "record") and value:
            return key, value
    if "=" not in text and "&" not in text and text:
        return "position", text
    raise ValueError("no position= or record= in the text")


def _board(b: Builder, kind: str, name: str) -> None:
    """A click on the board's island or line ``name``: the tool's note there comes or goes
    (an arrow takes two islands; a label numbers the islands in the order clicked)."""
    if not readable("lines" if kind == "line" else "islands", name):
        return  # not a place of the board: a hand-edited page
    items = [item for item in b.notes[b.tool].split(",") if item]
    if b.tool == "lines":
        if kind != "line":
            return
        items = [i for i in items if i != name] if name in items else [*items, name]
    elif kind != "island":
        return
    elif b.tool == "islands":
        items = [i for i in items if i != name] if name in items else [*items, name]
    elif b.tool == "labels":
        kept = [i for i in items if i.split(":")[0] != name]
        items = kept if len(kept) < len(items) else [*items, f"{name}:{len(items) + 1}"]
        count = iter(range(1, len(items) + 1))  # numbers stay 1, 2, 3... in the order clicked
        items = [f"{i.split(':')[0]}:{next(count)}" if i.split(":")[-1].isdigit() else i
                 for i in items]
    elif not b.start:
        b.start = name
        return
    else:
        arrow = f"{b.start}>{name}"
        b.start = ""
        if arrow.split(">")[0] == name:
            return
        items = [i for i in items if i != arrow] if arrow in items else [*items, arrow]
    b.notes[b.tool] = ",".join(items)


def act(app: App, rest: str) -> None:
    """``builder:WHAT[:...]``: what each of the builder's controls does."""
    what, _sep, arg = rest.partition(":")
    if what == "open":
        if app.embed is None:
            open_builder(app)
        return
    b = app.builder
    if b is None:
        return
    b.copied = ASKED if what != "copy" else b.copied
    if what == "close":
        app.builder = None
    elif what == "mode" and arg in b.modes():
        b.mode = arg
    elif what in ("explore", "auto"):
        setattr(b, what, not getattr(b, what))
    elif what == "tool" and arg in NOTES:
        b.tool, b.start = arg, ""
    elif what == "size" and arg in SIZES:
        b.size = arg
    elif what == "lang" and arg in LANGS:
        b.lang = arg
    elif what == "set":
        _set(b, arg)
    elif what in ("island", "line"):
        _board(b, what, arg)
    elif what == "clear":
        b.notes, b.start = dict.fromkeys(NOTES, ""), ""
    elif what == "paste":
        _paste(b)
    elif what == "copy" and arg in ("snippet", "link"):
        text = b.snippet(app.site) if arg == "snippet" else b.link(app.site)
        if len(b.link(app.site)) <= LIMIT:
            app.clipboard, b.copied = text, arg
    elif what == "picture":
        app.download = ("kahuna-position.svg", b.picture(tr()))


def copied(app: App, done: bool) -> None:
    """The browser copied the builder's text (``done``) or refused."""
    if app.builder is not None and app.builder.copied in ("snippet", "link"):
        app.builder.copied = (COPIED + ":" + app.builder.copied) if done else REFUSED
