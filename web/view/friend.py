"""The dialogs of a game with a friend by links (issue 31; the acts: web/state/friend.py),
the games by links in the saved-games list, and the prompt while a link is awaited.
Pure functions: HTML text."""

from __future__ import annotations

import time
from html import escape
from typing import Any

from kahuna import BLACK, WHITE, name_words, seat_name, winner_words

from ..game.by_links import OVER, PLAY, SEND, ByLinks, FriendMatch, Listed
from ..game.match import Match
from ..state.friendly import Friendly
from ..state.new_game import RANDOM, NewGame
from ..state.sharing import COPIED, REFUSED, Share
from ..words.language import _, ngettext, tr
from .dialogs import button, note, options, row

#: The field the friend's name is typed in: its text goes with the act (web/boot/dom.py).
NAME_FIELD = "friend-name"
#: The link's field: the share dialog's id, so that a tap selects the whole link.
LINK_FIELD = "share-link"


def _name_field(name: str) -> str:
    return (f'<label class="label" for="{NAME_FIELD}">{escape(_("Your friend’s name"))}</label>'
            f'<input id="{NAME_FIELD}" class="share-link" type="text" maxlength="40" '
            f'autocomplete="off" value="{escape(name)}">'
            + note(_("Kept in this browser only, to tell your games apart.")))


def named_button(act: str, label: str) -> str:
    """A button whose act takes the name field's text along (web/boot/dom.py)."""
    return (f'<button type="button" class="primary" data-act="{act}" '
            f'data-field="{NAME_FIELD}">{escape(label)}</button>')


def new_html(choice: NewGame, friendly: Friendly) -> str:
    """The options of a game with a friend at a distance, the friend's name, Invite."""
    seats = [(seat_name(q), name_words(("Black", "White")[q], tr())) for q in (BLACK, WHITE)]
    seats.append((RANDOM, _("Random")))
    on_off = [("off", _("Off")), ("on", _("On"))]
    rows = [row(_("Your colour"), options("colour", choice.colour, seats)),
            row(_("Who starts"), options("first", choice.first, seats)),
            row(_("Fewer surprises (V1)"), options(
                "fewer_surprises", "on" if choice.fewer_surprises else "off", on_off)),
            row(_("Open draws (V2)"), options("open_draws", "on" if choice.open_draws else "off",
                                            on_off)),
            row(_("Handicap bridges"), options("handicap", str(choice.handicap), [
                (str(n), str(n) if n else _("None")) for n in range(4)]))]
    if choice.handicap:
        rows.append(row(_("Handicap for"), options("handicap_player", choice.handicap_player,
                                                 seats[:2])))
    how = _("The page makes an invitation link. Send it to your friend with any messenger; "
            "each turn then travels as a link. Neither of you can see the other’s hand, "
            "and the whole game is checked at its end.")
    return (f'<h2 id="dialog-title">{escape(_("Play a friend at a distance"))}</h2>'
            f'<p>{escape(how)}</p><div class="options">{"".join(rows)}</div>'
            f'{_name_field(friendly.name)}'
            f'<div class="buttons">{named_button("friend-invite", _("Make the invitation"))}'
            f'{button("menu", _("Back"))}</div>')


def accept_html(setup_words: str, seat: int, friendly: Friendly) -> str:
    """An invitation opened: what the game is, the friend's name, Accept or not."""
    colour = name_words(("Black", "White")[seat], tr())
    what = _("Your friend invites you to a game of Kahuna by links. You play {colour}.") \
        .format(colour=colour)
    return (f'<h2 id="dialog-title">{escape(_("An invitation to play"))}</h2>'
            f'<p>{escape(what)}</p>' + (note(setup_words) if setup_words else "")
            + f'{_name_field(friendly.name)}'
            f'<div class="buttons">{named_button("friend-accept", _("Accept"))}'
            f'{button("friend-decline", _("Not now"))}</div>')


def link_html(made: Share, entry: ByLinks | None, friend: str, can_share: bool) -> str:
    """The link to send: shown selectable, Copy, the phone's share sheet when there is one."""
    over = entry is not None and (entry.verified is not None or bool(entry.cheat))
    if entry is not None and len(entry.game.links) <= 1:
        title = _("Send this invitation to {friend}").format(friend=friend)
        what = _("When {friend} accepts, their page makes a link for you: open it here.")
    else:
        title = _("Send this link to {friend}").format(friend=friend)
        if over:
            what = _("The game is over. Send this last link to {friend}: with it, their "
                     "page checks the whole game too.")
        elif entry is not None and entry.answered_invitation():
            what = _("Nothing more can be played here until {friend}’s next link comes: "
                     "open it here. If someone else accepted this invitation before you, "
                     "the game goes on with them: ask {friend} for a new invitation.")
        else:
            what = _("Nothing more can be played here until {friend}’s next link comes: "
                     "open it here.")
    said = {COPIED: _("The link is copied."),
            REFUSED: _("The browser did not let the page copy: select the link and copy "
                       "it.")}.get(made.copied, "")
    return (f'<h2 id="dialog-title">{escape(title)}</h2>'
            f'<p>{escape(what.format(friend=friend))}</p>'
            f'<label class="label" for="{LINK_FIELD}">{escape(_("Link"))}</label>'
            f'<input id="{LINK_FIELD}" class="share-link" type="text" readonly '
            f'spellcheck="false" value="{escape(made.url)}">'
            f'<p class="note" role="status">{escape(said)}</p>'
            f'<div class="buttons">'
            + (button("friend-share", _("Share…"), True) if can_share else "")
            + button("friend-copy", _("Copy"), not can_share)
            + (button("friend-result", _("Show the result")) if over else "")
            + f'{button("close", _("Close"))}</div>')


def end_html(entry: ByLinks, names: tuple[str, str]) -> str:
    """The end: the verified result, or the cheat the check found."""
    if entry.cheat:
        why = _("A card or a move of this game was not the one dealt or played: its result "
                "does not count.")
        return (f'<h2 id="dialog-title">{escape(_("The check at the end found a cheat"))}</h2>'
                f'<p class="problem">{escape(why)}</p>'
                f'<details class="bug-report"><summary>{escape(_("Details"))}</summary>'
                f'<pre class="detail" lang="en">{escape(entry.cheat)}</pre></details>'
                f'<div class="buttons">{button("menu", _("New game"), True)}'
                f'{button("close", _("Look at the board"))}</div>')
    outcome = entry.game.observation.outcome
    title = winner_words(outcome, names, tr=tr()) if outcome is not None else ""
    # The board keeps the friend's cards face down (this seat's view); the replay shows both.
    checked = _("Verified: both keys are out, and every card played or drawn was the one "
                "dealt. The replay shows both hands.")
    return (f'<div class="end-game"><h2 id="dialog-title" class="winner">{escape(title)}</h2>'
            f'<p>{escape(checked)}</p><div class="buttons">'
            f'{button("friend-verified", _("Replay and share the game"), True)}'
            f'{button("friend-review", _("Review your game"))}'
            f'{button("menu", _("New game"))}{button("close", _("Look at the board"))}'
            "</div></div>")


def result_html(match: Match) -> str:
    """Under the hand, once a game by links is checked: its result again."""
    entry = match.entry if isinstance(match, FriendMatch) else None
    if entry is None or (entry.verified is None and not entry.cheat):
        return ""
    return (f'<button type="button" class="act" data-act="friend-result">'
            f'{escape(_("Show the result"))}</button>')


def your_turn(match: Match) -> str:
    """Said after the friend's turn in the live region, once their link is in: " Your turn."."""
    if not isinstance(match, FriendMatch) or match.waits() or match.actions:
        return ""
    return " " + escape(_("Your turn."))


def status_words(status: str, over: bool, friend: str) -> str:
    """Whose turn a game by links is at, in words."""
    if over or status == OVER:
        return _("finished")
    if status == PLAY:
        return _("your turn")
    if status == SEND:
        return _("a link to send")
    return _("waiting for {friend}").format(friend=friend)


def list_html(games: list[Listed], current: str | None, deleting: str = "") -> str:
    """The games by links in the saved-games list: the friend, whose turn, the last
    activity; Continue, Send again, Delete (``deleting``: the game whose Delete was
    pressed, asked again)."""
    if not games:
        return ""
    items = []
    for g in games:
        friend = g.friend or _("Friend")
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated))
        text = _("with {friend} by links · {status} · round {round} · {when}").format(
            friend=friend, status=status_words(g.status, g.over, friend), round=g.round,
            when=when)
        if g.id == current:
            text = _("{game} (this game)").format(game=text)
        again = (button(f"friend-send:{g.id}", _("Send again"))
                 if g.status != PLAY and not g.over else "")
        if g.id == deleting:
            asked = _("Delete this game? {friend}’s next links will not open here, and the "
                      "game cannot go on.").format(friend=friend)
            items.append(f'<li><span>{escape(text)}</span><span role="alert">{escape(asked)}'
                         f'</span>{button(f"friend-delete:{g.id}:sure", _("Delete it"))}'
                         f'{button("friend-delete:", _("Keep it"), True)}</li>')
            continue
        items.append(f'<li><span>{escape(text)}</span>{button(f"friend-open:{g.id}", _("Continue"))}'
                     f'{again}{button(f"friend-delete:{g.id}", _("Delete"))}</li>')
    return (f'<h3>{escape(_("Games with friends by links"))}</h3>'
            f'<ul class="saves">{"".join(items)}</ul>')


def waiting_text(entry: ByLinks, friend: str, showing: bool = False) -> str:
    """The prompt while the friend's link is awaited, or while their turn is shown."""
    if showing:
        return _("{friend}’s turn, as their link brought it…").format(friend=friend)
    if entry.verified is not None or entry.cheat:
        return _("The game is over.")
    return _("Waiting for {friend}’s link. Open it here when it comes; “Send again” in "
             "New game offers your last link again.").format(friend=friend)


def setup_words(game: Any) -> str:
    """Who starts, the variants and handicap of an invitation (the engine's Game), in words."""
    setup = game.setup
    parts = []
    if setup.fewer_surprises:
        parts.append(_("Fewer surprises (V1)"))
    if setup.open_draws:
        parts.append(_("Open draws (V2)"))
    if setup.handicap:
        who = name_words(("Black", "White")[setup.handicap_player], tr())
        parts.append(ngettext("{count} handicap bridge for {player}",
                              "{count} handicap bridges for {player}", setup.handicap)
                     .format(count=setup.handicap, player=who))
    first = name_words(("Black", "White")[setup.first], tr()) if setup.first is not None else ""
    if first:
        parts.insert(0, _("{player} starts").format(player=first))
    return " · ".join(parts)
