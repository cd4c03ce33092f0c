"""Plain-words descriptions of what an action caused, for the move log, in the language
of a translations object (``kahuna.notation.language``; English by default).

Every sentence comes from the message catalogue: one message per clause, with named
placeholders (``{player}``, ``{line}``, ...) filled by ``str.format``. A player spoken to
(the name ``YOU``) has messages of their own in the second person ("you place ..."), the
others share the third-person ones ("{player} places ..."), so that each language can
conjugate and decline as it must. The known names (Black, White, Computer) are messages
too, as a subject ("who") and as an owner ("whose"). A sentence gets its capital letter
here, so clauses are written as they read after a semicolon.
"""

from __future__ import annotations

from gettext import NullTranslations

from ..rules.actions import Kind
from ..rules.board import ISLANDS, line_name
from ..rules.state import COLOURS, Effects, Outcome, Termination
from .language import ENGLISH

#: The name spoken to in the second person: "You place", "your bridge", "you win".
YOU = "You"


def line_words(line: int) -> str:
    """``'ALOA–BARI'``: the line's name with an en dash, for sentences."""
    return line_name(line).replace("-", "–")


def _capital(text: str) -> str:
    """``text`` starting with a capital letter (the rest as it is)."""
    return text[:1].upper() + text[1:]


def _islands(islands: list[int], tr: NullTranslations) -> str:
    """'BARI', 'BARI and DUDA', 'BARI, DUDA and ELAI'."""
    names = [ISLANDS[i] for i in islands]
    if len(names) == 1:
        return names[0]
    return tr.gettext("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def _who(name: str, tr: NullTranslations) -> str:
    """A third person ``name`` as the subject of a clause: 'Black', 'Schwarz'."""
    known = {"Black": tr.pgettext("who", "Black"), "White": tr.pgettext("who", "White"),
             "Computer": tr.pgettext("who", "Computer")}
    return known.get(name, name)


def _whose(name: str, tr: NullTranslations) -> str:
    """A third person ``name`` owning something: "Black’s", 'von Schwarz', 'Czarnego'."""
    known = {"Black": tr.pgettext("whose", "Black’s"), "White": tr.pgettext("whose", "White’s"),
             "Computer": tr.pgettext("whose", "Computer’s")}
    return known.get(name) or tr.pgettext("whose", "{player}'s").format(player=name)


def name_words(name: str, tr: NullTranslations = ENGLISH) -> str:
    """How the page shows a player's name on its own (a panel, a table, a button): 'You',
    'Du'; 'Computer' (not the subject's 'der Computer'); a name of the caller's as it is."""
    known = {YOU: tr.pgettext("name", "You"), "Black": tr.pgettext("name", "Black"),
             "White": tr.pgettext("name", "White"), "Computer": tr.pgettext("name", "Computer")}
    return known.get(name, name)


def _reason(reason: str, tr: NullTranslations) -> str:
    """One of the engine's tie-break reasons (R22), translated."""
    known = {
        "more points": tr.pgettext("why the game ended", "more points"),
        "equal points, higher final scoring":
            tr.pgettext("why the game ended", "equal points, higher final scoring"),
        "no points, more bridges on the board":
            tr.pgettext("why the game ended", "no points, more bridges on the board"),
        "equal in every tie-break": tr.pgettext("why the game ended", "equal in every tie-break"),
    }
    return known.get(reason, reason)


def reason_words(outcome: Outcome, names: tuple[str, str] = COLOURS,
                 tr: NullTranslations = ENGLISH) -> str:
    """Why the game ended, naming the players as ``names`` does (lower case first)."""
    if outcome.termination is Termination.EARLY and outcome.winner is not None:  # R23
        loser = names[1 - outcome.winner]
        if loser == YOU:
            return tr.gettext("you have no bridge left")
        return tr.gettext("{player} has no bridge left").format(player=_who(loser, tr))
    return _reason(outcome.reason, tr)  # the tie-breaks of R22 name no player


def winner_words(outcome: Outcome, names: tuple[str, str] = COLOURS, start: bool = True,
                 tr: NullTranslations = ENGLISH) -> str:
    """'Black wins', 'You win' ('you win' when not at the ``start``), 'Draw'."""
    if outcome.winner is None:
        words = tr.pgettext("result", "Draw")
    elif names[outcome.winner] == YOU:
        words = tr.gettext("you win")
    else:
        words = tr.gettext("{player} wins").format(player=_who(names[outcome.winner], tr))
    return _capital(words) if start else words


def result_words(outcome: Outcome, names: tuple[str, str] = COLOURS, start: bool = True,
                 tr: NullTranslations = ENGLISH) -> str:
    """'Black wins (more points)', 'you win (...)', 'Draw (...)': the result and why."""
    words = tr.gettext("{result} ({reason})").format(
        result=winner_words(outcome, names, False, tr), reason=reason_words(outcome, names, tr))
    return _capital(words) if start else words


def _pair(you: bool, owned_by_you: bool, tr: NullTranslations) -> str:
    """The clause of a removal with two cards of the same island (R12), unfilled."""
    if you:
        return tr.gettext("you play two {island} cards and remove {owner} {line} bridge")
    if owned_by_you:
        return tr.gettext("{player} plays two {island} cards and removes your {line} bridge")
    return tr.gettext("{player} plays two {island} cards and removes {owner} {line} bridge")


def _action(fx: Effects, viewer: int | None, names: tuple[str, str],
            tr: NullTranslations) -> str:
    """The clause of the action itself: 'you place ALOA–BARI', 'Black draws from the pile'."""
    you, owned_by_you = names[fx.player] == YOU, names[1 - fx.player] == YOU
    a = fx.action
    kind = a.kind
    words = {"player": _who(names[fx.player], tr), "owner": _whose(names[1 - fx.player], tr)}
    if a.line >= 0:
        words["line"] = line_words(a.line)
    if kind is Kind.PLACE:
        text = tr.gettext("you place {line}") if you else tr.gettext("{player} places {line}")
    elif kind is Kind.FREE:  # V1
        text = (tr.gettext("you place a free bridge on {line}") if you else
                tr.gettext("{player} places a free bridge on {line}"))
    elif kind is Kind.HANDICAP:  # R7
        text = (tr.gettext("you place a handicap bridge on {line}") if you else
                tr.gettext("{player} places a handicap bridge on {line}"))
    elif kind is Kind.REMOVE:  # R12: the owner is the other player
        words.update(first=ISLANDS[a.cards[0]], second=ISLANDS[a.cards[1]])
        if a.cards[0] == a.cards[1]:  # "plays two LALE cards", not "LALE and LALE"
            words["island"] = words["first"]
            text = _pair(you, owned_by_you, tr)
        elif you:
            text = tr.gettext("you play {first} and {second} and remove {owner} {line} bridge")
        elif owned_by_you:
            text = tr.gettext(
                "{player} plays {first} and {second} and removes your {line} bridge")
        else:
            text = tr.gettext(
                "{player} plays {first} and {second} and removes {owner} {line} bridge")
    elif kind is Kind.DISCARD and viewer == fx.player:  # R9a: named to their owner only
        words["islands"], n = _islands(list(a.cards), tr), len(a.cards)
        # TRANSLATORS: English needs no plural here; "the card(s) {islands}" may.
        text = (tr.ngettext("you discard {islands} face down",
                            "you discard {islands} face down", n) if you else
                tr.ngettext("{player} discards {islands} face down",
                            "{player} discards {islands} face down", n))
    elif kind is Kind.DISCARD:
        n = words["count"] = len(a.cards)
        text = (tr.ngettext("you discard {count} card face down",
                            "you discard {count} cards face down", n) if you else
                tr.ngettext("{player} discards {count} card face down",
                            "{player} discards {count} cards face down", n))
    elif kind is Kind.TAKE:
        words["island"] = ISLANDS[a.cards[0]]
        text = (tr.gettext("you take {island} from the display") if you else
                tr.gettext("{player} takes {island} from the display"))
    elif kind is Kind.PILE and viewer == fx.player and fx.drawn >= 0:  # R24
        words["island"] = ISLANDS[fx.drawn]
        text = (tr.gettext("you draw from the pile ({island})") if you else
                tr.gettext("{player} draws from the pile ({island})"))
    elif kind is Kind.PILE:
        text = (tr.gettext("you draw from the pile") if you else
                tr.gettext("{player} draws from the pile"))
    else:
        text = (tr.gettext("you end the turn without drawing") if you else
                tr.gettext("{player} ends the turn without drawing"))
    text = text.format(**words)
    if fx.gained:
        # TRANSLATORS: {action} is the clause before, with the same subject.
        gained = (tr.gettext("{action} and take {islands}") if you else
                  tr.gettext("{action} and takes {islands}"))
        text = gained.format(action=text, islands=_islands(fx.gained, tr))
    return text


def describe(fx: Effects, viewer: int | None = None,
             names: tuple[str, str] = COLOURS, tr: NullTranslations = ENGLISH) -> str:
    """One sentence for ``fx``; the card drawn from the pile is named only to ``viewer``
    when that is the player who drew it. ``names`` calls the players (Black, White by
    default); the name ``YOU`` takes the second person ("You place ..."). ``tr``: the
    language (``kahuna.translations("de")``), English by default.

    >>> from kahuna import Action, Effects, translations
    >>> fx = Effects(1, Action.parse("BARI>DUDA"), gained=[1], removed=[0], lost=[0])
    >>> describe(fx)
    'White places BARI–DUDA and takes BARI; Black’s ALOA–BARI bridge is removed; Black loses ALOA'
    >>> describe(fx, names=("You", "Computer"))
    'Computer places BARI–DUDA and takes BARI; your ALOA–BARI bridge is removed; you lose ALOA'
    >>> describe(fx, names=("You", "Computer"), tr=translations("de"))
    'Der Computer setzt einen Stab auf BARI–DUDA und besetzt BARI; dein Stab ALOA–BARI wird ...'
    """
    them = names[1 - fx.player]
    parts = [_action(fx, viewer, names, tr)]
    removed = list(fx.removed)[1:] if fx.action.kind is Kind.REMOVE else list(fx.removed)
    if removed:
        lines, n = ", ".join(line_words(line) for line in removed), len(removed)
        text = (tr.ngettext("your {lines} bridge is removed",
                            "your {lines} bridges are removed", n) if them == YOU else
                tr.ngettext("{owner} {lines} bridge is removed",
                            "{owner} {lines} bridges are removed", n))
        parts.append(text.format(owner=_whose(them, tr), lines=lines))
    if fx.lost:
        islands = _islands(fx.lost, tr)
        parts.append(tr.gettext("you lose {islands}").format(islands=islands) if them == YOU else
                     tr.gettext("{player} loses {islands}").format(
                         player=_who(them, tr), islands=islands))
    if fx.round_ended:
        parts.append(tr.gettext("round {round} ends").format(round=fx.round_ended))
    if fx.scoring is not None:
        parts.append(scoring_words(fx.scoring, names, tr))
    if fx.outcome is not None:
        parts.append(result_words(fx.outcome, names, start=False, tr=tr))
    return _capital("; ".join(parts))


def scoring_words(scoring: tuple[int, int], names: tuple[str, str] = COLOURS,
                  tr: NullTranslations = ENGLISH) -> str:
    """'nobody scores', 'you score 2', 'White scores 1' (R17, R21), lower case first."""
    b, w = scoring
    if b == w == 0:
        return tr.gettext("nobody scores")
    scorer, points = names[0 if b else 1], b or w
    # TRANSLATORS: English needs no plural here; "{points} point(s)" may.
    if scorer == YOU:
        return tr.ngettext("you score {points}", "you score {points}", points).format(
            points=points)
    return tr.ngettext("{player} scores {points}", "{player} scores {points}", points).format(
        player=_who(scorer, tr), points=points)
