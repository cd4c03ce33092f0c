"""Why outside data (a link, a file, a save) could not be opened, in plain words in the
page's language. The engine's English message names the field or rule for a bug report;
it is shown folded away (web/view/dialogs.py ``problem_text``), never as the reason."""

from __future__ import annotations

from kahuna import IllegalAction, NotationError, PositionError

from .language import N_, _

TOO_LARGE = N_("The data is too large to be a game record.")
#: Characters of an unknown key said back: it may be anything.
_SAID = 24


def _printable(text: str) -> str:
    """``text`` without its control and hidden characters, cut short."""
    text = "".join(c for c in text if c.isprintable())
    return text if len(text) <= _SAID else text[:_SAID - 1] + "…"


def reason(exc: BaseException) -> str:
    """One sentence for ``exc``: the innermost engine error of its chain that says a kind
    of trouble (a record's bad position is said as what is wrong with the position)."""
    chain = []
    while exc is not None:
        chain.append(exc)
        exc = exc.__cause__
    for inner in reversed(chain):
        kind = getattr(inner, "kind", "")
        if kind == "size":
            return _(TOO_LARGE)
        if kind == "text":
            return _("The data is damaged, cut short, or no game record at all.")
        if kind == "key":
            # TRANSLATORS: {key} is the unknown field's name as the data spells it
            # (often a slip, such as "to-move" for "to_move"), quoted as it is.
            return _("It holds a field that the game does not know, “{key}”: perhaps a "
                     "misspelling.").format(key=_printable(inner.key))
        if isinstance(inner, IllegalAction):
            return _("It holds a move that the rules do not allow at that point.")
        if isinstance(inner, NotationError):
            return _("It names an island, a card or a move that the game does not know.")
        if isinstance(inner, PositionError):
            return _("It holds a position that cannot come about in a game.")
    return _("It is not a game record that this version of the game can read.")


def link_reason(exc: BaseException) -> tuple[str, str]:
    """A link of a game by links that could not be applied (kahuna.correspondence's
    errors, one per kind): a title (English, marked ``N_``, translated where shown) and
    the message in the page's language, with the way forward."""
    from kahuna import correspondence as c  # here: only a game by links loads that part
    if isinstance(exc, c.OwnLink):
        return (N_("This is a link you sent"),
                _("It is for your friend to open on their device; opened here, it changes "
                  "nothing. If it did not reach them, send it again (“Send again” in your "
                  "saved games)."))
    if isinstance(exc, c.TakenInvitation):
        return (N_("Someone else accepted this invitation first"),
                _("This answer to your invitation came from a second person: the invitation "
                  "reached more than one, or was passed on. Your game goes on with the "
                  "friend whose answer arrived first, and nothing changed. Tell the other "
                  "person to ask you for a new invitation of their own."))
    if isinstance(exc, c.ReplayedLink):
        return (N_("This link was opened already"),
                _("It was opened on this device before, so nothing changed. The game is "
                  "shown as it stands."))
    if isinstance(exc, c.MissingLink):
        return (N_("A link is missing"),
                _("Your friend sent another link before this one, and it was not opened "
                  "here. Ask your friend to send the earlier one again (“Send again” in "
                  "their saved games) and open it first. Nothing changed."))
    if isinstance(exc, c.ForeignLink):
        return (N_("This link belongs to another game"),
                _("It is a turn of a game that this browser does not keep: a game with "
                  "someone else, or one started on another device or browser. Nothing "
                  "changed."))
    if isinstance(exc, c.CheatDetected):
        return (N_("This link breaks the rules"),
                _("It shows a card or a move that the game can prove false, so it was not "
                  "applied. Nothing changed; the game cannot go on from this link."))
    if isinstance(exc, c.EarlierVersion):
        return (N_("This link is of an earlier version of the game"),
                _("A game by links started before the game was updated cannot go on. "
                  "Start a new game with your friend. Nothing changed."))
    return (N_("This link is damaged"),
            _("It was cut or changed on its way (some messengers cut long links). Ask your "
              "friend to send it again, whole. Nothing changed."))
