"""Share links (web/state/sharing.py, the dialog web/view/share.py) and game record files opened in the page (web/state/opening.py):
what a link holds (the whole record once the game is over, before that only what the
sharer may see, R24), its dialog, and every way a file can be wrong."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from kahuna import (
    ISLANDS, MAX_BYTES, decode_link, observe, position_from_json, position_to_json,
)
from kahuna.notation.link import encode
from web.game import saves
from web.state.acts import handle
from web.state.app import App
from web.game.match import COMPUTER, HOTSEAT, Match
from web.state.opening import (
    FILE_LIMIT, FILE_TITLE, boot, file_too_large, file_unreadable, open_file,
)
from web.state.sharing import COPIED, LIMIT, REFUSED, Share, share, shared
from web.view.page import view

from .helpers import HOLD_ALOA, last_card, play_randomly
from .web_helpers import Clock, MemoryStorage, broken_at_action_3, clickable, new_app

SITE = "https://example.org/kahuna/"


def played(app: App, actions: int, seed: int = 1) -> App:
    """``app`` after ``actions`` random legal actions (fewer if the game ends)."""
    play_randomly(app, random.Random(seed), actions, sort=True)
    app.covered, app.dialog = False, ""
    return app


def finished(seed: int = 3) -> App:
    """A whole game for two players on one device, played at random."""
    return played(new_app(seed=seed, mode=HOTSEAT), 10_000, seed)


def linked(url: str) -> tuple[str, object]:
    """The parameter a share link carries and the JSON it holds."""
    query = parse_qs(urlsplit(url).query)
    (key, (value,)), = query.items()
    return key, decode_link(value)


def without_history(state) -> object:
    """What ``observe`` gives but the history: a position holds no past (R24's view)."""
    return {f: getattr(state, f) for f in state.__dataclass_fields__ if f != "history"}


# ------------------------------------------------------------------ a finished game


def test_a_finished_game_is_shared_as_its_whole_record():
    app = finished()
    app.site = SITE
    assert app.dialog == "" and app.match.state.is_over
    handle(app, "share")
    assert app.dialog == "share" and app.share.kind == "record"
    assert app.share.url.startswith(SITE + "?record=") and not app.share.too_long
    key, data = linked(app.share.url)
    record = app.match.to_record()
    assert key == "record" and "meta" not in data  # the page's own data stays home
    assert data == {k: v for k, v in record.items() if k != "meta"}


def test_the_shared_record_opens_the_same_game_for_two_players():
    app = finished()
    url = share(app.match, SITE, random.Random(1)).url
    other = App(MemoryStorage(), Clock())
    boot(other, {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()})
    m = other.match
    assert m.actions == app.match.actions and m.mode == HOTSEAT
    assert m.state.outcome == app.match.state.outcome
    assert other.dialog == "end" and not other.covered  # a shared end hides nothing
    handle(other, "close")
    assert view(other).cover == "" and "share" in clickable(view(other).export)
    other.covered = True  # a reload of it: covered (web/state/app.py resume), but over...
    handle(other, "share")  # ...so its end dialog may share it
    assert other.dialog == "share" and other.share.url.split("?")[1] == url.split("?")[1]


def test_the_end_dialog_offers_share_and_closing_it_goes_back_there():
    app = finished()
    app.dialog = "end"
    assert "share" in clickable(view(app).dialog)
    handle(app, "share")
    assert app.dialog == "share" and 'data-act="copy"' in view(app).dialog
    handle(app, "escape")
    assert app.dialog == "end"
    handle(app, "share")
    handle(app, "back")
    assert app.dialog == "end"


def test_the_moves_panel_offers_share_during_and_after_the_game():
    app = new_app(seed=4)
    assert "share" in clickable(view(app).export) and "position" in view(app).export
    handle(app, "share")
    assert app.dialog == "share" and app.share.kind == "position"
    handle(app, "back")
    assert app.dialog == ""


# ------------------------------------------------------------------ a game in progress


def test_a_position_is_shared_as_the_sharer_sees_it():
    """Over many games and moments: the sharer's view of the linked position is their
    view of the game (the past aside: a position has none)."""
    for seed in range(40):
        app = played(new_app(seed=seed, colour="white" if seed % 2 else "black"),
                     seed * 3 % 90, seed)
        m = app.match
        if m.state.is_over:
            continue
        made = share(m, SITE, random.Random(seed))
        key, data = linked(made.url)
        assert key == "position" and made.kind == "position"
        seat = m.viewer()
        assert (without_history(observe(position_from_json(data), seat))
                == without_history(m.observation()))


def test_a_shared_position_holds_nothing_of_the_hidden_cards():
    """The link follows from the sharer's observation and the dealing generator alone:
    two real games that look the same to the sharer give the same link (so the link
    can tell nothing of the real hidden cards), and over many seeds the opponent's
    hidden cards and the pile in the link are not the real ones."""
    same = differ = 0
    for seed in range(80):
        app = played(new_app(seed=seed, colour="black"), seed % 16, seed)
        m = app.match
        obs = m.observation()
        other = Match(m.origin, obs.sample_state(random.Random(seed + 1000)), mode=COMPUTER,
                      human=m.human)
        other.state.history = list(m.state.history)
        assert observe(other.state, m.human) == obs  # the same to the sharer...
        assert shared(m, random.Random(seed)) == shared(other, random.Random(seed))  # ...same link
        data = shared(m, random.Random(seed))
        assert data["pile"] != [ISLANDS[c] for c in m.state.pile[::-1]] or len(m.state.pile) < 2
        opp = 1 - m.human
        known = [c for c, n in enumerate(obs.known[opp]) for _ in range(n)]
        if len(known) == m.state.hand_size[opp]:
            continue  # nothing of that hand is hidden
        hidden = sorted(m.state.hand(opp))
        for card in known:
            hidden.remove(card)
        dealt = seat_hand(data, opp)
        for card in known:
            dealt.remove(card)
        same, differ = (same + 1, differ) if dealt == hidden else (same, differ + 1)
    assert same + differ > 40 and differ > 3 * same  # a re-deal, not the real hand


def seat_hand(position: dict, seat: int) -> list[int]:
    """A hand of a position's JSON, as sorted card numbers."""
    return sorted(ISLANDS.index(c) for c in position["hands"]["black" if seat == 0 else "white"])


def test_hot_seat_shares_the_view_of_the_player_to_move_and_never_under_the_cover():
    app = played(new_app(seed=6, mode=HOTSEAT), 15, 6)
    app.covered = True
    handle(app, "share")
    assert app.dialog == "" and app.share is None
    assert view(app).export == ""  # nothing to press under the cover
    app.covered = False
    handle(app, "share")
    m = app.match
    _, data = linked(app.share.url)
    mover = m.state.to_move
    assert seat_hand(data, mover) == sorted(m.state.hand(mover))  # the mover's own cards
    assert (without_history(observe(position_from_json(data), mover))
            == without_history(observe(m.state, mover)))


def test_the_shared_position_opens_as_a_new_game_for_two_players():
    app = played(new_app(seed=8), 12, 8)
    _, data = linked(share(app.match, SITE, random.Random(2)).url)
    other = App(MemoryStorage(), Clock())
    boot(other, {"position": encode(data)})
    assert other.match.mode == HOTSEAT and other.match.actions == []
    assert position_to_json(other.match.state) == data


def test_a_shared_position_opens_in_sight_and_new_game_may_be_used():
    """Issue 29: a shared position opened behind the two-player cover, and New game
    waited until its "I am Black" was pressed. Whoever opens a link is at the device."""
    app = played(new_app(seed=8), 12, 8)
    _, data = linked(share(app.match, SITE, random.Random(2)).url)
    other = App(MemoryStorage(), Clock())
    boot(other, {"position": encode(data)})
    shown = view(other)
    assert not other.covered and shown.cover == "" and "card back" not in shown.hand
    assert other.may_act()
    handle(other, "menu")
    assert other.dialog == "new"


def test_a_position_or_record_file_of_a_game_for_two_opens_in_sight():
    for source in (played(new_app(seed=3, mode=HOTSEAT), 20, 3), finished(seed=4)):
        app = new_app(seed=2)
        open_file(app, "game.json", record_file(source))
        assert not app.covered and view(app).cover == ""


def opponent_backs(app: App) -> int:
    return view(app).opp_hand.count("card back")


def test_a_finished_game_shows_both_hands_however_it_was_opened():
    """Issue 29: the end of a game against the computer showed its last hand, the same
    game from its share link a card back, and its replay too. Once the game is over
    nothing is hidden: the opponent's cards are face up, whichever way it is shown."""
    app = new_app(seed=3)
    play_randomly(app, random.Random(3), sort=True)
    m = app.match
    seat = m.viewer()
    held = sorted(m.state.hand(1 - seat))
    assert held, "a game whose last hand is empty shows nothing here"

    def faces(app: App) -> list[str]:
        return re.findall(r"<b>([A-Z]+)</b>", view(app).opp_hand)

    assert opponent_backs(app) == 0 and sorted(faces(app)) == sorted(ISLANDS[i] for i in held)
    other = App(MemoryStorage(), Clock())  # its share link, in another browser
    boot(other, {k: v[0] for k, v in parse_qs(urlsplit(share(m, SITE, random.Random(1)).url).query).items()})
    assert other.match.state.is_over and opponent_backs(other) == 0
    other.covered = True  # a reload of a game for two: covered while it is played...
    other.resume(other.match)
    assert not other.covered and view(other).cover == ""  # ...never once it is over
    handle(app, "close")
    handle(app, "result")
    handle(app, "replay")
    handle(app, "step:last")  # the replay, at its end
    assert app.sequence is not None and opponent_backs(app) == 0
    handle(app, "step:back")  # the game before its end: what was hidden stays so (R24)
    obs = app.match.observation()
    assert opponent_backs(app) == obs.hand_sizes[1 - seat] - sum(obs.known[1 - seat])


# ------------------------------------------------------------------ the dialog


def test_copy_hands_the_link_to_the_browser_once_and_says_how_it_went():
    app = new_app(seed=4)
    handle(app, "copy")  # no share dialog: nothing to copy
    assert view(app).clipboard is None
    handle(app, "share")
    handle(app, "copy")
    assert view(app).clipboard == app.share.url
    app.drawn()
    assert view(app).clipboard is None  # once
    app.copied(True)
    assert app.share.copied == COPIED and "The link is copied." in view(app).dialog
    app.copied(False)
    assert app.share.copied == REFUSED
    shown = view(app).dialog
    assert "select the link and copy it" in shown and 'id="share-link"' in shown
    assert "readonly" in shown


def test_the_link_is_escaped_in_the_field():
    shown = view_of(Share(SITE + '?record=a"><script>', "record"))
    assert "<script>" not in shown and "&quot;&gt;&lt;script&gt;" in shown


def view_of(made: Share) -> str:
    app = new_app(seed=4)
    app.share, app.dialog = made, "share"
    return view(app).dialog


def test_a_link_over_the_limit_is_refused_with_the_download_instead():
    app = finished()
    app.site = "https://example.org/" + "k" * LIMIT + "/"
    handle(app, "share")
    assert app.share.too_long
    shown = view(app).dialog
    assert "too long" in shown and "share-link" not in shown
    assert clickable(shown) == ["export", "back"]
    handle(app, "copy")
    assert view(app).clipboard is None
    handle(app, "export")
    assert view(app).download is not None  # the record file, the way on
    app.covered = True  # two players, the hands covered: the download waits (web/state/acts.py)
    assert clickable(view(app).dialog) == ["back"] and "Download the game record" in shown


def test_an_embedded_page_offers_no_share():
    app = App(MemoryStorage(), Clock(), seed=1, embed="/kahuna/")
    boot(app, {"embed": ""})
    assert "share" not in clickable(view(app).export)
    handle(app, "share")
    assert app.dialog == "" and app.share is None


def test_a_real_game_fits_in_a_link():
    """A whole game of random play (longer than the levels' games): far under LIMIT."""
    app = finished(seed=11)
    assert len(app.match.actions) > 80
    assert len(share(app.match, SITE, random.Random(1)).url) < LIMIT // 2


# ------------------------------------------------------------------ files


def record_file(app: App) -> bytes:
    return json.dumps(app.match.to_record(), indent=1).encode("utf-8")


def test_the_new_game_dialog_asks_the_browser_for_a_file_once():
    app = new_app(seed=2)
    handle(app, "open-file")  # not in the dialog: nothing
    assert not view(app).open_file
    handle(app, "menu")
    assert "open-file" in clickable(view(app).dialog)
    handle(app, "open-file")
    assert view(app).open_file
    app.drawn()
    assert not view(app).open_file


def test_a_good_record_file_opens_as_a_new_saved_game():
    source = finished(seed=5)
    app = new_app(seed=2)
    before = app.match.id
    handle(app, "menu")
    open_file(app, "kahuna-game.json", record_file(source))
    assert app.match.actions == source.match.actions and app.match.id != before
    assert app.dialog == "end"
    assert {e.id for e in saves.saved_games(app.storage)} >= {before, app.match.id}
    again = app.match.id
    open_file(app, "kahuna-game.json", record_file(source))  # the same file: the same game
    assert app.match.id == again


def test_a_game_in_progress_opens_from_its_record_file_too():
    source = played(new_app(seed=9), 25, 9)
    app = new_app(seed=2)
    open_file(app, "game.json", record_file(source))
    assert app.match.actions == source.match.actions and app.dialog == ""
    assert app.match.mode == COMPUTER and app.match.human == source.match.human


def test_a_position_file_opens_as_links_do():
    state = last_card(black=HOLD_ALOA, white=[])
    app = new_app(seed=2)
    open_file(app, "position.json", json.dumps(position_to_json(state)).encode())
    assert app.match.mode == HOTSEAT and position_to_json(app.match.state) == position_to_json(state)


@pytest.mark.parametrize(("raw", "detail"), [
    (bytes(range(256)) * 4, "not UTF-8 text"),  # binary
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "not UTF-8 text"),
    ("Spielstand: gewonnen".encode("latin-1") + b"\xe4", "not UTF-8 text"),
    (b"", "not JSON text"),
    (b"{\"format\": \"kahuna-record\", ", "not JSON text"),
    (b"[1, 2, 3]", "a position is a JSON object"),
    (b"{\"format\": \"chess-pgn\"}", "not a position"),
    (b"{\"format\": \"kahuna-record\", \"version\": 7, \"actions\": []}", "unknown record version"),
    (b"[" * 100 + b"]" * 100, "nested"),
    (b"\"x\"" + b" " * 300_000, "too large"),
    (None, "action 3"),  # a rule broken at action 3
])
def test_a_bad_file_is_said_and_the_game_shown_stays(raw, detail):
    raw = broken_at_action_3() if raw is None else raw
    app = new_app(seed=2)
    app.play(sorted(app.match.state.legal_actions())[0])
    handle(app, "menu")
    before, stored = app.match.to_record(), dict(app.storage)
    open_file(app, "my <b>game</b>.json", raw)
    assert app.dialog == "notice" and app.notice[0] == FILE_TITLE
    assert detail in app.notice[2]
    assert app.match.to_record() == before and dict(app.storage) == stored
    shown = view(app).dialog
    assert "<b>game" not in shown and "my &lt;b&gt;game" in shown  # the name, escaped
    handle(app, "close")
    assert app.dialog == "" and app.match.to_record() == before


def test_a_record_saved_with_a_byte_order_mark_opens():
    """Some editors start a UTF-8 file with a byte-order mark: the record still opens."""
    app = finished(seed=3)
    record = app.match.to_record()
    other = new_app(seed=4)
    open_file(other, "game.json", b"\xef\xbb\xbf" + json.dumps(record).encode())
    assert other.dialog != "notice" and other.match.to_record()["actions"] == record["actions"]


def test_a_file_is_refused_at_one_size_only_the_one_the_reader_takes():
    """The file chooser's limit is the JSON reader's (MAX_BYTES): a file under it is read,
    not refused later with another limit."""
    assert FILE_LIMIT == MAX_BYTES


def test_a_file_too_large_is_refused_without_reading_it():
    app = new_app(seed=2)
    before = app.match.to_record()
    file_too_large(app, "huge.json", FILE_LIMIT + 1)
    assert app.dialog == "notice" and str(FILE_LIMIT) in app.notice[2]
    assert app.match.to_record() == before


def test_a_file_the_browser_cannot_read_is_said():
    app = new_app(seed=2)
    before = app.match.to_record()
    file_unreadable(app, "gone.json")
    assert app.dialog == "notice" and app.notice[0] == FILE_TITLE
    assert "“gone.json”" in view(app).dialog and "could not read" in app.notice[2]
    assert app.match.to_record() == before
