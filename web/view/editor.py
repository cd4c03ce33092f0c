"""The position editor's panel and board (issue 32), as HTML text: the board with every
line a button (none / Black / White), the palette of island cards, the hands, display,
pile, round, points, mover and variants, a rule broken said beside its control, and the
ways on: play, share, close. Pure: its state is web/learn/editor.py."""

from __future__ import annotations

import re
from html import escape

from kahuna import (
    BLACK, COLOURS, ISLANDS, N_LINES, WHITE, Breach, Draft, draft_unfinished, line_name, observe,
    line_label, name_words, position_from_json, seat_name,
)

from ..learn.editor import TARGETS, Editor
from ..words.language import N_, _, in_use, tr
from .dialogs import button
from .editor_keys import islands_named, with_shortcuts
from .proof import puzzle_html
from .render import Marks, board_svg

CYCLE = N_("Press to change it: no bridge, Black, White.")
_LABELLED = re.compile(r'(data-act="edit:line:([A-Z-]+)"[^>]*?aria-label=")[^"]*"')
_DECK = re.compile(r'<path class="deck" d="([^"]+)"/>')  # a bridge's deck: bridges only
HOW = N_("Click or tap a line: no bridge, Black, White. The tokens follow from the "
         "bridges.")


def _colour(seat: int) -> str:
    return name_words(COLOURS[seat], tr())


def breach_words(b: Breach) -> str:
    """What rule a change broke, or what is still missing, in plain words with its id."""
    if b.rule == "R3":
        text = _("Each side has {count} bridges, no more.").format(count=b.count)
    elif b.rule == "R14":
        text = _("A hand holds at most {count} cards.").format(count=b.count)
    elif b.rule == "R2":
        text = _("There are only two {island} cards.").format(island=ISLANDS[b.count])
    elif b.rule == "R11a":
        text = _("The game has {count} cards: hands, display and pile cannot hold more "
                 "(R11a).").format(count=b.count)
    elif b.rule == "R6" and b.part == "display":
        text = _("The display has three places: take a card out first.")
    elif b.rule == "R6":
        text = _("In the first round the pile holds at most {count} cards.").format(
            count=b.count)
    elif b.rule == "R12":
        text = _("While the pile has cards, all three display places are filled.")
    elif b.rule == "R16":
        text = _("Nothing is left to draw, so the round would be over: put cards in "
                 "the pile or on the display.")
    else:  # R23
        text = _("After the first scoring a side without bridges has lost: give each "
                 "side a bridge.")
    return text


#: The rules page of each language, and the rules it has an anchor for (rules/*.html).
RULES_PAGE = {"en": "index.html", "de": "de.html", "fr": "fr.html", "pl": "pl.html"}
ANCHORED = ("R1", "R8", "R9", "R10", "R11", "R12", "R16", "R23", "R24")


def rule_link(rule: str) -> str:
    """A link to the rule on the rules page of the language in use (its section when the
    page has one), for the breach's words to name it."""
    page = RULES_PAGE.get(in_use(), "index.html")
    anchor = f"#{rule.lower()}" if rule in ANCHORED else ""
    return (f' <a class="rule" href="rules/{page}{anchor}" target="_blank" rel="noopener">'
            f'{escape(_("The rule"))}</a>')


def board_html(draft: Draft, portrait: bool) -> str:
    """The board of ``draft``: its bridges and the tokens they make, each line a
    button that cycles its bridge."""
    bridges = {seat_name(q): [line_name(i) for i, o in enumerate(draft.owner) if o == q]
               for q in (BLACK, WHITE)}
    state = position_from_json({"bridges": bridges, "to_move": seat_name(draft.to_move)})
    offers = {line: f"edit:line:{line_name(line)}" for line in range(N_LINES)}
    svg = board_svg(observe(state, draft.to_move), Marks(offers=offers), portrait)
    # Every line is on offer here: no glow over a bridge, so that its colour shows whose
    # it is (in a game a bridge glows when it may be removed).
    for deck in _DECK.findall(svg):
        svg = svg.replace(f'<path class="glow" d="{deck}"/>', "")
    # Each line's name for a screen reader: its bridge now and what a press does, not the
    # game's "Remove the bridge on ..." of an offer.
    names = {line_name(i): line_label(o, i, tr()) for i, o in enumerate(draft.owner)}
    press = _(CYCLE)
    return islands_named(
        _LABELLED.sub(lambda m: f'{m[1]}{escape(names[m[2]])}. {escape(press)}"', svg))


def _said(e: Editor, part: str, waiting: list[Breach]) -> str:
    """The refusal or the missing thing about ``part``, beside its control."""
    said = [b for b in waiting if b.part == part]
    if e.refused is not None and e.refused.part == part:
        return (f'<p class="breach" role="alert" data-rule="{e.refused.rule}">'
        f'{escape(breach_words(e.refused))}{rule_link(e.refused.rule)}</p>')
    return "".join(f'<p class="missing" data-rule="{b.rule}">{escape(breach_words(b))}'
                   f'{rule_link(b.rule)}</p>'
                   for b in said)


def _pressed(act: str, label: str, on: bool) -> str:
    return (f'<button type="button" data-act="{escape(act)}" aria-pressed='
            f'"{"true" if on else "false"}">{escape(label)}</button>')


def _row(label: str, body: str, part: str = "") -> str:
    at = f' data-part="{part}"' if part else ""
    return f'<div class="ed-row"{at}><span class="ed-label">{escape(label)}</span>{body}</div>'


def _hand(e: Editor, seat: int, waiting: list[Breach]) -> str:
    name = seat_name(seat)
    d = e.draft
    cards = "".join(
        f'<button type="button" class="ed-card" data-act="edit:drop:{name}:{ISLANDS[c]}" '
        f'aria-label="{escape(_("Take out {island}").format(island=ISLANDS[c]))}">'
        f'{ISLANDS[c]} ×</button>' for c in d.cards[seat])
    unknown = _("{count} unknown").format(count=d.unknown[seat])
    body = (f'{cards}<span class="ed-count">{escape(unknown)}</span>'
            f'<button type="button" data-act="edit:unknown:{name}:-1" aria-label="'
            f'{escape(_("One unknown card less"))}">−</button>'
            f'<button type="button" data-act="edit:unknown:{name}:1" aria-label="'
            f'{escape(_("One unknown card more"))}">+</button>')
    label = _("Black’s hand") if seat == BLACK else _("White’s hand")
    return _row(label, body, name) + _said(e, name, waiting)


def panel_html(e: Editor, site: bool = True) -> str:
    """The editor's panel above the board."""
    d = e.draft
    waiting = draft_unfinished(d)
    starts = (button("edit:open:empty", _("Empty")) + button("edit:open:deal", _("A new deal"))
              + button("edit:open:game", _("The current game")))
    paste = (f'<label for="editor-paste">{escape(_("Or paste a link, position or record:"))}'
             f'</label><input id="editor-paste" type="text" autocomplete="off" '
             f'spellcheck="false">{button("edit:paste", _("Open"))}')
    if isinstance(e.pasted, Breach):  # the draft kept: the words go with the paste
        b = e.pasted
        said = _("That position was not set up. {reason}").format(reason=breach_words(b))
        paste += (f'<p class="breach" role="alert" data-rule="{b.rule}">{escape(said)}'
                  f'{rule_link(b.rule)}</p>')
    elif e.pasted:
        paste += f'<p class="breach" role="alert">{escape(e.pasted)}</p>'
    labels = {"black": _("Black’s hand"), "white": _("White’s hand"), "display": _("Display")}
    goes = "".join(_pressed(f"edit:target:{t}", labels[t], e.target == t) for t in TARGETS)
    palette = "".join(
        f'<button type="button" class="ed-card" data-act="edit:add:{name}">{name}</button>'
        for name in ISLANDS)
    shown = "".join(
        f'<button type="button" class="ed-card" data-act="edit:drop:display:{i}" aria-label="'
        f'{escape(_("Take out {island}").format(island=ISLANDS[c]))}">{ISLANDS[c]} ×</button>'
        for i, c in enumerate(d.display) if c >= 0)
    pile = (f'<span class="ed-count">{d.pile}</span>'
            f'<button type="button" data-act="edit:pile:-1" aria-label="'
            f'{escape(_("One card less in the pile"))}">−</button>'
            f'<button type="button" data-act="edit:pile:1" aria-label="'
            f'{escape(_("One card more in the pile"))}">+</button>'
            f'<span class="note">{escape(_("Discards: {count}").format(count=d.free()))}</span>')
    rounds = "".join(_pressed(f"edit:round:{n}", str(n), d.round == n) for n in (1, 2, 3))
    scored = "".join(button(f"edit:scoring:{i}", _("Scoring {number}: {who}").format(
        number=i + 1, who=_("nobody") if won < 0 else _colour(won)))
        for i, won in enumerate(d.scorings))
    points = _("Points: Black {black}, White {white}").format(black=d.points(BLACK),
                                                             white=d.points(WHITE))
    movers = "".join(_pressed(f"edit:move:{seat_name(q)}", _colour(q), d.to_move == q)
                     for q in (BLACK, WHITE))
    variants = (_pressed("edit:variant:fewer_surprises", _("Fewer surprises (V1)"),
                         d.fewer_surprises)
        + _pressed("edit:variant:open_draws", _("Open draws (V2)"), d.open_draws))
    tools = (button("edit:clear", _("Clear")) + button("edit:flip", _("Swap colours"))
             + button("edit:undo", _("Undo")) + button("edit:redo", _("Redo"))
             + button("keys", _("Keys")))
    ready = not waiting
    ways = (button("edit:play:computer", _("Play from here against the computer"), ready)
            + button("edit:play:hotseat", _("Play from here, two players"))
            + button("edit:share", _("Share this position"))
            + button("edit:embed", _("Embed this position"))) if ready else (
        f'<p class="note">{escape(_("Play and sharing wait until the position is complete."))}'
        f'</p>')
    ways += button("edit:close", _("Close the editor"))
    return with_shortcuts(
        f'<section class="editor" aria-labelledby="editor-title">'
        f'<h2 id="editor-title">{escape(_("Set up a position"))}</h2>'
        f'<p class="note">{escape(_(HOW))}</p>'
        f'{_said(e, "board", waiting)}'
        + _row(_("Start from"), starts) + f'<div class="ed-row ed-paste">{paste}</div>'
        + _row(_("Cards go to"), goes, "palette")
        + f'<div class="ed-row ed-palette" data-part="palette">{palette}</div>'
        + _hand(e, BLACK, waiting) + _hand(e, WHITE, waiting)
        + _row(_("Display"), shown, "display") + _said(e, "display", waiting)
        + _row(_("Draw pile"), pile, "pile") + _said(e, "pile", waiting)
        + _row(_("Round"), rounds + scored) + f'<p class="note">{escape(points)}</p>'
        + _row(_("To move"), movers) + _row(_("Variants"), variants) + puzzle_html(e)
        + f'<div class="buttons">{tools}</div><div class="buttons foot">{ways}</div>'
        '</section>')
