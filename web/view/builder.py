"""The embed builder's controls, as HTML text (its state: web/state/builder.py). Pure.

The live preview is no part of this text: it is a frame the browser layer keeps
(web/boot/builder.py), so that a change here never loads the game in it again.
"""

from __future__ import annotations

from html import escape

from kahuna import position_from_json, observe

from ..state.builder import NOTES, SIZES, Builder
from ..state.sharing import LIMIT, REFUSED
from ..learn.modes import DIAGRAM, PLAY, PUZZLE, SEQUENCE
from ..words.language import NAMES, _
from .dialogs import button, options, problem_text
from .render import board_svg, own_ids


def _words() -> dict[str, str]:
    return {DIAGRAM: _("Diagram"), SEQUENCE: _("Sequence"), PUZZLE: _("Puzzle"),
            PLAY: _("Play"), "islands": _("Islands"), "lines": _("Lines"),
            "arrows": _("Arrows"), "labels": _("Labels"), "wide": _("Laptop 720 × 520"),
            "phone": _("Phone 360 × 640"), "low": _("Low 740 × 360")}


def _group(legend: str, inner: str) -> str:
    return f'<fieldset class="group"><legend>{escape(legend)}</legend>{inner}</fieldset>'


def _field(name: str, label: str, value: str, hint: str = "") -> str:
    """A labelled text field; its change is the act ``builder:set:NAME:VALUE``."""
    described = f' aria-describedby="builder-{name}-hint"' if hint else ""
    return (f'<label class="label" for="builder-{name}">{escape(label)}</label>'
            f'<input id="builder-{name}" class="field" type="text" data-field="{name}" '
            f'spellcheck="false" autocomplete="off" value="{escape(value)}"{described}>'
            + (f'<p class="note" id="builder-{name}-hint">{escape(hint)}</p>' if hint else ""))


def _toggle(what: str, label: str, on: bool) -> str:
    return (f'<button type="button" data-act="builder:{what}" '
            f'aria-pressed="{str(on).lower()}">{escape(label)}</button>')


def _options_of(b: Builder) -> str:
    if b.mode == DIAGRAM:
        return _toggle("explore", _("Let the reader try moves"), b.explore)
    if b.mode == SEQUENCE:
        return _toggle("auto", _("Step on by itself"), b.auto)
    if b.mode == PUZZLE:
        trouble = b.goal_trouble()
        said = ""
        if trouble is not None:
            text = (_("This goal cannot be read. Until it can, the embed shows the game to "
                      "play instead of a puzzle.") if trouble else
                    _("A puzzle needs a goal. Until it has one, the embed shows the game to "
                      "play instead."))
            said = f'<div role="alert">{problem_text(text, trouble)}</div>'
        return _field("goal", _("Goal"), b.goal,
                      _("For example gain:ELAI, control:3, remove:ALOA-HUNA, score.")) + said
    return ""


def _hidden_cards(b: Builder) -> str:
    """What the embed shows of cards no player saw (R24)."""
    if b.exact:
        return ""
    said = _("A game in progress: the embed holds only what you can see. The opponent’s "
             "hidden cards and the draw pile are dealt at random. To show exact hands, "
             "paste a position written for it.")
    return f'<p class="note">{escape(said)}</p>'


def _notes(b: Builder, portrait: bool) -> str:
    words = _words()
    tools = options("tool", b.tool, [(kind, words[kind]) for kind in NOTES], "builder")
    state = position_from_json(b.position(), 0)
    # the game's board is in the same document under the builder: ids of its own
    board = own_ids(board_svg(observe(state, state.to_move), b.marks(), portrait), "builder-")
    waiting = (_("Now click the island the arrow points to.") if b.start
               else _("Click the board to add or remove a note of the chosen kind."))
    fields = "".join(_field(kind, words[kind], b.notes[kind]) for kind in NOTES)
    troubles = b.note_problems()
    said = ""
    if troubles:
        # TRANSLATORS: {kinds}: the kinds of notes, as the address names them (islands...).
        text = _("Notes that cannot be read are left out of the embed: {kinds}.").format(
            kinds=", ".join(kind for kind, _detail in troubles))
        said = (f'<div role="alert">'
                f'{problem_text(text, " ".join(detail for _kind, detail in troubles))}</div>')
    return _group(_("Notes on the board"),
                  f'{tools}<p class="note" role="status">{escape(waiting)}</p>'
                  f'<div id="builder-board" class="builder-board">{board}</div>'
                  f'<div class="note-fields">{fields}</div>{said}'
                  + button("builder:clear", _("Remove every note")))


def _out(b: Builder, site: str) -> str:
    if len(b.link(site)) > LIMIT:
        long = _("This example is too long for a link: choose a shorter game.")
        return f'<p class="problem" role="alert">{escape(long)}</p>'
    said = {"snippet": _("Copy embed code") + " ✓", "link": _("Copy link") + " ✓",
            REFUSED: _("The browser did not let the page copy: select the text and copy it.")}
    done = said.get(b.copied.split(":")[-1], "") if b.copied.startswith("copied") or (
        b.copied == REFUSED) else ""
    return (f'<label class="label" for="builder-snippet">{escape(_("Embed code"))}</label>'
            # code, not words of the page: lang="en" as the address's words
            f'<textarea id="builder-snippet" class="snippet" readonly rows="4" lang="en" '
            f'spellcheck="false">{escape(b.snippet(site))}</textarea>'
            f'<p class="note" role="status">{escape(done)}</p>'
            f'<div class="buttons">{button("builder:copy:snippet", _("Copy embed code"), True)}'
            f'{button("builder:copy:link", _("Copy link"))}'
            f'{button("builder:picture", _("Download picture"))}</div>')


def controls_html(b: Builder, site: str, portrait: bool = False) -> str:
    """Everything the author sets, then what they take away."""
    words = _words()
    modes = options("mode", b.mode, [(m, words[m]) for m in b.modes()], "builder")
    sizes = options("size", b.size, [(s, words[s]) for s in SIZES], "builder")
    langs = options("lang", b.lang, [("", _("The reader’s")), *NAMES.items()], "builder")
    problem = (f'<div role="alert">{problem_text(b.problem, b.detail)}</div>'
               if b.problem else "")
    return (f'<h2 id="builder-title">{escape(_("Embed this position"))}</h2>'
            + _hidden_cards(b)
            + _group(_("Mode"), modes + _options_of(b))
            + _field("caption", _("Caption"), b.caption)
            + _notes(b, portrait)
            + _group(_("Frame"), sizes + langs)
            + _group(_("Another position"),
                     _field("pasted", _("Paste a link or a position"), b.pasted)
                     + problem + button("builder:paste", _("Use it")))
            + _out(b, site)
            + f'<div class="buttons">{button("builder:close", _("Close"))}</div>')


def preview_html(src: str, size: str) -> str:
    """The live preview: a frame of the game, written once (web/boot/builder.py)."""
    width, height = SIZES[size]
    return (f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
            f'title="{escape(_("Preview of the embed"))}"></iframe>')


def open_html() -> str:
    """The button under the move log that opens the builder on the game shown."""
    return (f'<button type="button" class="act" data-act="builder:open">'
            f'{escape(_("Embed this position"))}</button>')
