"""The parts of the page around the board, as HTML text: hands, display, piles,
players, scores and the prompt. Pure functions of an Observation and the offers.

Clickable elements carry ``data-act`` (see ``web.game.match``); nothing is read back.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kahuna import (
    COLOURS, DEGREE, HAND_LIMIT, ISLANDS, N_ISLANDS, Action, Kind, Observation, Phase, cards_of,
    name_words, seat_name,
)

from ..state.choices import Offers, own_hand, selected_cards
from ..words.language import _, ngettext, pgettext, tr


def card_html(island: int, act: str = "", cls: str = "", pressed: bool | None = None,
              tip: str = "") -> str:
    """One face-up island card; a button when ``act`` is given, else a tap shows the
    help ``tip`` (web/words/tips.py), if any."""
    body = (f'<b>{ISLANDS[island]}</b><small title="{escape(_("lines"))}">{DEGREE[island]}</small>')
    style = f'style="--hue:{island * 30}"'
    if not act:
        more = f' data-act="tip:{tip}"' if tip else ""
        return f'<span class="card {cls}" {style}{more}>{body}</span>'
    state = "" if pressed is None else f' aria-pressed="{str(pressed).lower()}"'
    return (f'<button type="button" class="card {cls}" {style} data-act="{escape(act)}"'
            f'{state}>{body}</button>')


def card_back(cls: str = "") -> str:
    """One face-down card."""
    return (f'<span class="card back {cls}" role="img" '
            f'aria-label="{escape(_("hidden card"))}"></span>')


def sealed_back() -> str:
    """A card of a game by links not opened here yet (web/game/by_links.py), face down:
    named apart from the opponent's hidden cards, and a tap says why."""
    return (f'<span class="card back" role="img" aria-label="{escape(_("card not opened yet"))}"'
            ' data-act="tip:sealed"></span>')


def hand_html(obs: Observation, selected: tuple[int, ...], covered: bool,
              hint: tuple[int, ...] = ()) -> str:
    """The seat's own hand: face up (buttons when it may act), or backs when covered."""
    hand = own_hand(obs)
    if covered:
        return card_back() * obs.hand_sizes[obs.seat]
    open_left = list(obs.known[obs.seat]) if obs.open_draws else [0] * N_ISLANDS
    acting = obs.to_move == obs.seat and obs.phase in (Phase.PLAY, Phase.FINAL)
    cards = []
    for i, island in enumerate(hand):
        cls = ""
        if open_left[island]:  # V2: the opponent sees this card too
            open_left[island] -= 1
            cls = "open"
        if i in hint:
            cls += " hint"
        if acting:
            cards.append(card_html(island, f"card:{i}", cls, i in selected))
        else:
            cards.append(card_html(island, "", cls))
    # drawn by links, not opened yet (web/game/by_links.py): counted, face down
    cards += [sealed_back()] * (obs.hand_sizes[obs.seat] - len(hand))
    return "".join(cards) or _no_cards()


def _no_cards() -> str:
    return f'<span class="empty">{escape(_("no cards"))}</span>'


def opponent_hand_html(obs: Observation, revealed: Sequence[int] | None = None) -> str:
    """The opponent's hand: known cards face up (V2 open cards, or cards it took from the
    display, R24), the rest as backs; ``revealed``, its cards per island once the game
    is over and nothing is hidden any more: all face up."""
    if revealed is not None:
        return "".join(card_html(i) for i in cards_of(revealed)) or _no_cards()
    opp = 1 - obs.seat
    known = cards_of(obs.known[opp])
    label = "open" if obs.open_draws else "known"
    faces = [card_html(i, "", label, tip="known") for i in known]  # dashed: known (R24)
    backs = [card_back()] * (obs.hand_sizes[opp] - len(known))
    return "".join(faces + backs) or _no_cards()


def table_html(obs: Observation, offers: Offers, hint: Action | None = None,
               sealed: Sequence[int] = ()) -> str:
    """Display cards, draw pile, discard pile, and the turn-ending buttons on offer; the
    display's ``sealed`` places hold a card face down (``Match.sealed``)."""
    ends = {str(a): a for a in offers.ends}
    hint_text = str(hint) if hint is not None else ""
    parts = [f'<div class="display" role="group" aria-label="{escape(_("display"))}">']
    for place, card in enumerate(obs.display):
        if place in sealed:
            parts.append(sealed_back())
            continue
        if card < 0:
            parts.append('<span class="card gap"></span>')
            continue
        act = f"take:{ISLANDS[card]}"
        cls = "hint" if act == hint_text else ""
        parts.append(card_html(card, f"do:{act}" if act in ends else "", cls, tip="lines"))
    parts.append("</div>")
    pile_cls = "card back pile" + (" hint" if hint_text == "pile" else "")
    count = f'<span class="count">{obs.pile_size}</span>'
    if "pile" in ends:
        # The count shown on the button, in its name outside brackets: a spoken command
        # must hold the visible words (WCAG 2.5.3), and brackets are read as an aside.
        label = ngettext("draw from the pile: {count} card left",
                         "draw from the pile: {count} cards left",
                         obs.pile_size).format(count=obs.pile_size)
        parts.append(f'<button type="button" class="{pile_cls}" data-act="do:pile" '
                     f'aria-label="{escape(label)}">{count}</button>')
    else:
        parts.append(f'<span class="{pile_cls}" role="img" '
                     f'aria-label="{escape(_("draw pile"))}: {obs.pile_size}" data-act="tip:pile">'
                     f'{count}</span>')
    discards = len(obs.discard_up) + obs.discard_down
    parts.append(f'<span class="card discard" role="img" '
                 f'aria-label="{escape(_("discard pile"))}: {discards}" data-act="tip:discards">'
                 f'<span class="count">{discards}</span></span>')
    return "".join(parts)


def actions_html(offers: Offers, can_undo: bool, hint: Action | None = None) -> str:
    """The buttons under the hand: discard, pass, undo (each only when it is legal)."""
    parts = []
    if offers.discard is not None:
        n = len(offers.discard.cards)
        label = ngettext("Discard {count} card face down", "Discard {count} cards face down",
                         n).format(count=n)
        parts.append(f'<button type="button" class="act" data-act="do:{offers.discard}">'
                     f'{escape(label)}</button>')
    for action in offers.ends:
        if action.kind is Kind.PASS:
            cls = "act hint" if hint is not None and hint.kind is Kind.PASS else "act"
            label = _("End turn without drawing") if offers.can_draw() else _("End turn")
            parts.append(f'<button type="button" class="{cls}" data-act="do:pass">'
                         f'{escape(label)}</button>')
    if can_undo:
        parts.append(f'<button type="button" class="act" data-act="undo">{escape(_("Undo"))}'
                     '</button>')
    return "".join(parts)


def players_html(obs: Observation, names: tuple[str, str]) -> str:
    """A row per player: name, colour, islands held, bridges in supply, points so far."""
    rows = []
    totals = obs.totals()
    held = islands_held(obs)
    # TRANSLATORS: the short words after the counts in the players' panel (islands
    # controlled, bridges in supply, points): keep them short, 360 px wide screens.
    stats = ((_("islands controlled"), pgettext("short for islands", "isl.")),
             (_("bridges in supply"), pgettext("short for bridges", "br.")))
    for q in (0, 1):
        turn = " to-move" if obs.to_move == q and obs.phase is not Phase.OVER else ""
        # TRANSLATORS: short for "point" and "points", after the count (1 pt, 2 pts)
        points = (_("points"), ngettext("pt", "pts", totals[q]))
        cells = "".join(
            f'<span class="stat" title="{escape(title)}" data-act="tip:stats"><b>{n}</b> '
            f'{escape(short)}</span>'
            for (title, short), n in zip((*stats, points), (held[q], obs.supply[q], totals[q])))
        rows.append(
            f'<div class="player {seat_name(q)}{turn}">'
            f'<span class="swatch" title="{escape(name_words(COLOURS[q], tr()))}"></span>'
            f'<span class="who">{escape(name_words(names[q], tr()))}</span>{cells}</div>')
    return "".join(rows)


def scores_html(obs: Observation, names: Sequence[str]) -> str:
    """The points of each scoring so far (R17, R21), per player named as in the panel."""
    return scores_table(obs, names) if obs.scorings else ""


def scores_table(obs: Observation, names: Sequence[str], strong_total: bool = False) -> str:
    """A row per player named ``names[q]``: the points of each scoring, then the total."""
    totals = obs.totals()
    rounds = scoring_names()
    head = "".join(f"<th>{escape(name)}</th>" for name in rounds[:len(obs.scorings)])
    rows = []
    for q in (0, 1):
        cells = "".join(f"<td>{s[q]}</td>" for s in obs.scorings)
        total_html = f"<b>{totals[q]}</b>" if strong_total else str(totals[q])
        rows.append(f"<tr><th>{escape(name_words(names[q], tr()))}</th>{cells}"
                    f"<td>{total_html}</td></tr>")
    return (f'<table class="scores"><tr><td></td>{head}<th>{escape(_("Total"))}</th></tr>'
            f'{"".join(rows)}</table>')


def scoring_names() -> tuple[str, str, str]:
    """The three scorings' names, as the score tables head them (R17, R21)."""
    return (_("Round 1"), _("Round 2"), pgettext("the last scoring", "Final"))


def islands_held(obs: Observation) -> tuple[int, int]:
    """How many islands each player controls."""
    return (obs.control.count(0), obs.control.count(1))


def prompt_text(obs: Observation, offers: Offers, selected: tuple[int, ...],
                names: tuple[str, str]) -> str:
    """One sentence telling the player what they can do now."""
    if obs.phase is Phase.OVER:
        return _("The game is over.")
    if obs.to_move != obs.seat:
        return _("{player} to play…").format(player=name_words(names[obs.to_move], tr()))
    if obs.phase is Phase.HANDICAP:
        return ngettext("Place {count} handicap bridge on any lit line.",
                        "Place {count} handicap bridges on any lit line.",
                        obs.handicap_left).format(count=obs.handicap_left)
    cards = selected_cards(own_hand(obs), selected)
    if obs.free_line >= 0 and not cards and offers.lines:
        return _("You may put a free bridge on the line just cleared (lit), or go on.")
    if len(cards) == 1:
        return (_("Choose a lit line for {island}.") if offers.lines
                else _("{island} fits no free line now.")).format(island=ISLANDS[cards[0]])
    if len(cards) == 2:
        if offers.lines:
            return _("Choose a lit bridge to remove.")
        if offers.discard is None:
            return _("These two cards remove no bridge.")
    if len(cards) >= 2 and offers.discard is not None:
        return _("Discard the chosen cards, or choose others.")
    full = obs.hand_sizes[obs.seat] >= HAND_LIMIT
    if not offers.can_draw() and obs.phase is not Phase.FINAL and full:
        return _("Hand of five: play or discard a card before you draw.")
    return _("Choose a card to build, two to remove a bridge, or end your turn.")


def round_text(obs: Observation) -> str:
    """'Round 2 of 3', the final turns, or the game's end."""
    if obs.phase is Phase.OVER:
        return _("Game over")
    if obs.phase is Phase.FINAL:
        return ngettext("Final turns ({count} left)", "Final turns ({count} left)",
                        obs.final_turns).format(count=obs.final_turns)
    if obs.phase is Phase.HANDICAP:
        return _("Handicap bridges")
    return _("Round {round} of 3").format(round=obs.round)
