"""The page's address parameters (web/state/address.py): every value from the address is
checked in one pure function; a bad one is left out with a plain sentence, never an
exception, never a hang (a 5,000-digit seed once froze the page at "Starting the game…")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kahuna.notation.link import encode
from kahuna.notation.record import make_record
from kahuna.rules.deal import Setup
from web.state.acts import handle
from web.state.address import Address, read
from web.state.opening import ADDRESS_TITLE, LINK_TITLE, boot
from web.view.page import view

from .web_helpers import App, Clock, MemoryStorage, clickable

KEYS = ("seed", "pace", "record", "position", "embed", "autoplay", "other")


def test_good_values_are_read():
    record = make_record(Setup(seed=4, first=0), [])
    got = read({"seed": "42", "pace": "0.25", "record": encode(record), "embed": ""})
    assert (got.seed, got.pace, got.embed, got.problems) == (42, 0.25, True, ())
    assert got.link is not None and got.link[0] == "record" and got.linked
    slow = read({"pace": "9"})
    assert slow.pace == 3.0  # at most 3 s, and said (it was capped unsaid)
    assert slow.problems == ("The pace in the address, “9”, is more than 3 seconds: the "
                             "computer waits 3 seconds between its actions.",)
    assert read({"pace": "3"}).problems == ()
    assert read({}) == Address()
    assert read({"autoplay": "expert"}).autoplay == "expert"


def test_hostile_values_are_left_out_with_a_sentence_each():
    for params in ({"seed": "٣"}, {"seed": "9" * 5000}, {"seed": ""}, {"seed": "-1"},
                   {"seed": "²"}, {"seed": "1e3"}, {"pace": "NaN"}, {"pace": "inf"},
                   {"pace": "-1"}, {"pace": ""}, {"pace": "1e400"}, {"autoplay": "<b>"}):
        got = read(params)
        assert (got.seed, got.pace, got.autoplay) == (None, None, None), params
        assert len(got.problems) == 1, params
        key = next(iter(params))
        assert key in got.problems[0] or "level" in got.problems[0]
        assert len(got.problems[0]) < 200  # a 5,000-digit value is cut short
    too_long = read({"seed": "9" * 19}).problems[0]  # a whole number, said too long
    assert "at most 18 digits" in too_long
    bad = read({"record": "%%%"})
    assert bad.link is None and bad.linked and "could not be read" in bad.problems[0]


def test_a_repeated_parameter_counts_once_and_says_so():
    got = read([("seed", "1"), ("seed", "2"), ("embed", ""), ("embed", "x")])
    assert got.seed == 1 and got.embed
    assert got.problems == ("The address gives “seed” more than once; the first one is used.",)
    both = read({"record": encode(make_record(Setup(seed=1), [])), "position": "x"})
    assert both.link[0] == "record" and "both" in both.problems[0]


text = st.text(max_size=60) | st.sampled_from(["", "0", "٣", "9" * 5000, "NaN", "-0", "1e400",
                                               "%%%", "\x00", "０", "3.", ".5"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KEYS) | st.text(max_size=8), text), max_size=8))
def test_any_address_is_read_into_checked_values(pairs):
    # How fast is bench/fuzz_figures.py's "address read" (speed is measured, not asserted).
    got = read(pairs)
    assert got.seed is None or (isinstance(got.seed, int) and 0 <= got.seed < 10 ** 18)
    assert got.pace is None or 0.0 <= got.pace <= 3.0
    assert all(isinstance(p, str) and p and "Traceback" not in p for p in got.problems)
    assert got.linked == any(k in ("record", "position") for k, _ in pairs)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), text, max_size=5))
def test_the_page_opens_a_game_whatever_the_address(params):
    # A returning visitor (a first visit is offered the tutorial: tests/test_web_tutorial.py).
    app = App(MemoryStorage({"kahuna.tutorial": "skipped"}), Clock(), read(params).seed)
    boot(app, params)
    shown = view(app)  # drawing works
    if read(params).problems:
        assert app.dialog == "notice" and clickable(shown.dialog) == ["close", "menu"]
        assert shown.dialog.count("<h2") == 1
    assert app.match is not None  # the game starts without the bad parameter


def test_a_bad_seed_is_a_notice_over_a_fresh_game():
    app = App(MemoryStorage(), Clock(), None)
    boot(app, {"seed": "٣"})
    assert app.match is not None and app.dialog == "notice"
    assert app.notice[0] == ADDRESS_TITLE and "digits 0-9" in app.notice[1]
    handle(app, "close")
    assert app.dialog == ""
    bad = App(MemoryStorage(), Clock(), None)
    boot(bad, {"record": "%%%"})
    assert bad.notice[0] == LINK_TITLE and bad.match is not None
