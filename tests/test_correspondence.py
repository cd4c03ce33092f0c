"""Games by links (kahuna.correspondence, docs/correspondence.md): whole games through
the protocol, every tampering refused without change, cheats named, and R24 held by
what each device stores and every link carries."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kahuna.correspondence import (OVER, PLAY, SEND, WAIT, AlteredLink, CheatDetected,
                                   EarlierVersion, ForeignLink, Game, MissingLink, OwnLink,
                                   ReplayedLink, TakenInvitation, TurnError, accept, invite, load,
                                   receive, reply, take_turn, verify)
from kahuna.correspondence.deck import (check_generation, deal_a, deal_c, pass_a, pass_c, pass_d,
                                        pass_z)
from kahuna.correspondence.envelope import points_of, points_text, read, write
from kahuna.correspondence.group import (CARD_POINTS, G, N, P, GroupError, decode, encode,
                                         multiply, on_curve)
from kahuna.notation.record import replay
from kahuna.rules.actions import Action
from kahuna.rules.deal import Setup, new_game
from kahuna.rules.errors import IllegalAction, KahunaError
from kahuna.rules.observation import observe
from kahuna.rules.state import BLACK, WHITE
from kahuna.tools.by_links import next_link, self_play, turn_of

from .helpers import another_card_named, forged

SETUPS = [Setup(), Setup(first=WHITE, fewer_surprises=True),
          Setup(open_draws=True, handicap=2, handicap_player=WHITE),
          Setup(first=BLACK, fewer_surprises=True, open_draws=True, handicap=3)]


# ----- the group --------------------------------------------------------------------

def test_the_group_is_p256():
    """The doubling of the generator is the published one, the order is N, and a
    point survives its 33-byte form; anything else is refused."""
    assert multiply(2, G)[0] == 0x7CF27B188D034F7E8A52380304B51AC3C08969E277F21B35A60B48FC47669978
    assert multiply(N - 1, G) == (G[0], -G[1] % (2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1))
    with pytest.raises(GroupError):
        multiply(N, G)
    point = multiply(123456789, CARD_POINTS[5])
    assert decode(encode(point)) == point and on_curve(point)
    with pytest.raises(GroupError):
        decode(b"\x02" + b"\xff" * 32)
    assert len(set(CARD_POINTS)) == 24 and all(on_curve(p) for p in CARD_POINTS)


def _textbook_multiply(k: int, point):
    """k times point by affine double-and-add, the formulas of any textbook."""
    p = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1

    def add(one, two):
        if one is None or two is None:
            return one or two
        (x1, y1), (x2, y2) = one, two
        if x1 == x2 and (y1 + y2) % p == 0:
            return None
        slope = ((3 * x1 * x1 - 3) * pow(2 * y1, -1, p) if one == two
                 else (y2 - y1) * pow(x2 - x1, -1, p)) % p
        x3 = (slope * slope - x1 - x2) % p
        return x3, (slope * (x1 - x3) - y1) % p
    total = None
    for bit in bin(k)[2:]:
        total = add(total, total)
        if bit == "1":
            total = add(total, point)
    return total


def test_the_windowed_multiplication_is_the_textbook_one():
    """``multiply`` works with signed odd multiples of the point (fewer additions): it
    gives what plain double-and-add gives, for small keys, keys near the group's order
    and random ones."""
    rng = random.Random(5)
    keys = [*range(1, 40), N - 2, N - 1, 2 ** 255, *(rng.randrange(1, N) for _ in range(12))]
    for k in keys:
        point = CARD_POINTS[k % 24]
        assert multiply(k, point) == _textbook_multiply(k, point), k


def test_a_list_of_points_written_here_is_read_back_with_the_same_checks():
    """``points_of`` keeps the lists it has seen (a device reads back each pass it made),
    never one it would refuse (twice the same point) nor one its text does not give back
    (a point off the curve: the text keeps only x and y's parity)."""
    sealed = [multiply(3, p) for p in CARD_POINTS]
    assert points_of(points_text(sealed)) == sealed
    off = [(sealed[0][0], sealed[0][1] + 1), *sealed[1:]]
    assert points_of(points_text(off)) == [(sealed[0][0], P - sealed[0][1]), *sealed[1:]]
    with pytest.raises(AlteredLink):
        points_of(points_text([sealed[0], *sealed[:23]]))


def test_sealing_commutes():
    a, b = 0x1234567890ABCDEF, 0xFEDCBA0987654321
    card = CARD_POINTS[7]
    assert multiply(a, multiply(b, card)) == multiply(b, multiply(a, card))


# ----- whole games --------------------------------------------------------------------

def _play_and_check_views(setup: Setup, players: tuple[str, str], seed: int,
                          inviter_seat: int | None = None, rng: random.Random | None = None
                          ) -> int:
    """A whole game by links, then checked: both devices verify the same true game, its
    record replays to the same result, and every view at a turn was the true one (R24).
    Returns how many views were checked."""
    views: list[tuple[int, int, object]] = []

    def watch(game: Game, link, made: bool) -> None:
        if not made and game.status == PLAY:
            views.append((game.seat, len(game.turns), game.observation))

    host, guest = self_play(setup, players, seed=seed, inviter_seat=inviter_seat, watch=watch,
                            rng=rng)
    checked = verify(host)
    assert verify(guest) == checked
    assert host.status == guest.status == OVER
    state, _ = replay(checked.record())
    assert state.outcome == checked.outcome == host.observation.outcome
    true = new_game(checked.setup)
    done = 0
    for seat, count, seen in views:
        while done < count:
            true.play(checked.actions[done])
            done += 1
        assert seen == observe(true, seat)
    return len(views)


@pytest.mark.parametrize("number", range(len(SETUPS)))
def test_whole_games_end_verified_on_both_devices(number):
    assert _play_and_check_views(SETUPS[number], ("greedy", "random"), number) > 20


@settings(max_examples=3)
# a face-down discard's stand-ins were short
@example(rng=random.Random(815), seat=WHITE, setup=Setup())
# V2: an open card went first
@example(rng=random.Random(1003), seat=WHITE, setup=Setup(
    open_draws=True, fewer_surprises=True, handicap=3, handicap_player=WHITE))
# V2: an open card discarded while the receiver's stand-ins held a hidden copy of its
# island, so its memory kept the card (and later took a true discard for a cheat)
@example(rng=random.Random(1193), seat=WHITE,
         setup=Setup(open_draws=True, handicap=2, handicap_player=WHITE))
@given(rng=st.randoms(use_true_random=False), seat=st.sampled_from([BLACK, WHITE]),
       setup=st.sampled_from(SETUPS))
def test_any_random_game_goes_through(rng, seat, setup):
    """Any legal sequence of turns: Hypothesis chooses every action of both players
    (and the devices' keys), so a failing game shrinks to a shorter one."""
    assert _play_and_check_views(setup, ("random", "random"), 0, seat, rng) > 0


class _Scripted(random.Random):
    """A game's choices written out: the devices' keys, then actions by name; once the
    script runs out, its own random choices play the game to its end."""

    def __init__(self, keys: list[int], actions: str):
        super().__init__(0)
        self.keys, self.actions = list(keys), actions.split()

    def getrandbits(self, k: int) -> int:
        return self.keys.pop(0) if self.keys else super().getrandbits(k)

    def choice(self, seq):
        if not self.actions:
            return super().choice(seq)
        wanted = self.actions.pop(0)
        return next(a for a in seq if str(a) == wanted)


def test_v2_an_open_card_discarded_with_the_hidden_copy_of_its_island():
    """V2: White, holding HUNA open and HUNA hidden, discards both face down (the hidden
    copy goes first). Black's device must let the stand-ins take that hidden copy: it let
    another hidden card (ELAI) stand in, kept White's open HUNA in its memory, and took
    White's next ELAI for a cheat (found by Hypothesis)."""
    script = _Scripted([8124867, 101], """
        h:BARI-DUDA h:DUDA-HUNA take:LALE KAHU>COCO FAAA>COCO pile ELAI>JOJO FAAA>ELAI
        LALE>IFFI BARI>ALOA pass ALOA>DUDA take:COCO take:GOLA pass GOLA>KAHU pile
        KAHU>LALE COCO>BARI take:GOLA pass take:JOJO take:COCO JOJO>IFFI GOLA>JOJO
        take:ALOA pile pile take:HUNA take:BARI take:IFFI pile d:HUNA+HUNA COCO>GOLA
        ELAI>BARI IFFI>ELAI take:JOJO""")
    setup = Setup(seed=0, open_draws=True, handicap=2, handicap_player=WHITE)
    assert _play_and_check_views(setup, ("random", "random"), 0, BLACK, script) > 0


def test_links_fit_a_messenger():
    """Every address sent, the site's own included, stays within what messengers carry
    (2,000 characters), in each set-up: a handicap's bridges travel in the links too."""
    site = "https://someone.github.io/kahuna/"  # a fork on GitHub Pages
    for setup in SETUPS:
        lengths: list[int] = []
        self_play(setup, seed=7,
                  watch=lambda game, link, made: lengths.append(len(link.url(site))))
        assert len(lengths) > 20 and max(lengths) <= 2000


# ----- a game under way ----------------------------------------------------------------

def started(links: int, seed: int = 0) -> tuple[list[Game], list[str]]:
    """The devices [inviter, friend] after ``links`` links, and every link's text."""
    rng = random.Random(seed)
    host, link = invite(Setup(first=BLACK), BLACK, random.Random(seed + 1))
    guest, second = accept(link.text, random.Random(seed + 2))
    texts = [link.text, second.text]
    devices = [host, guest]
    while len(texts) < links:
        device = devices[len(texts) % 2]
        receive(device, texts[-1])
        texts.append(next_link(device, "random", rng).text)
    return devices, texts


def unchanged(device: Game, error: type[KahunaError], text: str) -> KahunaError:
    """``text`` refused with ``error`` (or a subclass), ``device`` as it was; the error."""
    before = device.to_json()
    with pytest.raises(error) as caught:
        receive(device, text)
    assert device.to_json() == before
    assert str(caught.value)
    return caught.value


def test_a_link_pasted_twice_is_refused_and_changes_nothing():
    (host, guest), texts = started(8)
    # as a message may carry it: in a sentence, its full stop or bracket pasted with it
    receive(host, f"https://someone.github.io/kahuna/#play={texts[-1]}).\n")
    unchanged(host, ReplayedLink, f"#play={texts[-1]}%29%22")
    # the friend's link, applied already; this device's own link, said as such
    assert type(unchanged(host, ReplayedLink, texts[-1])) is ReplayedLink
    unchanged(host, OwnLink, texts[-2])
    assert host.status == PLAY


def test_a_second_acceptance_of_one_invitation_is_refused_and_the_game_goes_on():
    """The invitation reached two people: the first acceptance to arrive plays, the other
    is refused as taken (not as a link opened twice), and the game is untouched."""
    (host, guest), texts = started(4)
    _, late = accept(texts[0], random.Random(99))
    assert type(unchanged(host, TakenInvitation, late.text)) is TakenInvitation
    assert type(unchanged(host, ReplayedLink, texts[1])) is ReplayedLink  # the first, again
    receive(host, texts[3])  # the game goes on with the first friend
    assert host.status != WAIT


def test_a_link_out_of_order_is_refused_then_the_right_one_applies():
    """Link 10 of the same game before link 8: refused; then 8 applies as usual."""
    (host, guest), texts = started(9)
    _, later = started(11)
    assert read(later[10])["g"] == read(texts[8])["g"]
    unchanged(guest, MissingLink, later[10])
    receive(guest, texts[8])
    assert guest.status in (PLAY, SEND)


def test_a_link_of_another_game_is_refused():
    (host, _), texts = started(8)
    _, other = started(8, seed=99)
    unchanged(host, ForeignLink, other[-1])
    receive(host, texts[-1])


@pytest.mark.parametrize("damage", [
    lambda t: t[:-7],  # cut by a messenger
    lambda t: t[:60] + ("A" if t[60] != "A" else "B") + t[61:],
    lambda t: "https://example.org/#play=nonsense",
    lambda t: "",
])
def test_a_damaged_link_is_refused(damage):
    (host, _), texts = started(8)
    unchanged(host, AlteredLink, damage(texts[-1]))
    receive(host, texts[-1])


def test_a_link_or_a_kept_game_of_the_first_version_is_said_to_be_of_it():
    """K1, the protocol's first version, dealt in four passes: its links and kept games
    cannot go on, and the refusal says why (not "damaged"), changing nothing."""
    (host, _), texts = started(8)
    unchanged(host, EarlierVersion, "K1" + texts[-1][2:])
    kept = host.to_json() | {"version": 1}
    with pytest.raises(EarlierVersion, match="earlier version"):
        load(kept)
    receive(host, texts[-1])


def test_a_link_changed_by_a_third_hand_breaks_its_seal():
    (host, _), texts = started(8)
    body = read(texts[-1])
    body["t"] = body.get("t", []) + ["pass"]
    unchanged(host, AlteredLink, write(body))


def test_a_link_that_does_not_follow_the_chain_is_refused():
    (host, guest), texts = started(8)
    unchanged(host, AlteredLink, forged(guest, texts[-1], lambda b: b.update(p="AAAA")))


def test_an_invitation_altered_on_its_way_is_caught_by_the_reply():
    host, link = invite(Setup(first=WHITE), BLACK, random.Random(1))
    body = read(link.text)
    body["s"]["open_draws"] = True
    guest, answer = accept(write(body), random.Random(2))
    unchanged(host, AlteredLink, answer.text)


# ----- cheats ----------------------------------------------------------------------------

def played_by_friend(text: str) -> int:
    """The index in the link's turn of the first card played (-1: none)."""
    turn = read(text).get("t", [])
    return next((i for i, t in enumerate(turn) if "@" in t and not t.startswith("d@")), -1)


def friend_turn(seed: int = 0):
    """The devices when the friend has made a turn link that plays a card while holding
    a card of another island."""
    for links in range(6, 40, 2):
        (host, guest), texts = started(links, seed)
        i = played_by_friend(texts[-1])
        if i >= 0:
            action, _, slots = read(texts[-1])["t"][i].partition("@")
            held = set(host.ledger.hands[guest.seat]) - {int(x) for x in slots.split(".")}
            others = [s for s in held if guest.cards.get(s, -2) // 2 not in Action.parse(action).cards]
            if others:
                return host, guest, texts, i, others[0]
    raise AssertionError("no played card in 40 links")


def test_a_card_played_from_another_slot_is_named():
    """The friend claims a card from a slot that holds another island: the card its
    key opens is not the one played."""
    host, guest, texts, i, other = friend_turn()

    def swap(body):
        action, _, _ = body["t"][i].partition("@")
        body["t"][i] = f"{action}@{other}"
    host_before = host.to_json()
    with pytest.raises(CheatDetected) as caught:
        receive(host, forged(guest, texts[-1], swap))
    assert host.to_json() == host_before
    assert caught.value.who == guest.seat


def test_a_card_never_dealt_is_named():
    """The friend names a slot it holds but another island than the slot's card."""
    host, guest, texts, i, _ = friend_turn()
    with pytest.raises(CheatDetected) as caught:
        receive(host, forged(guest, texts[-1], another_card_named(i)))
    assert caught.value.who == guest.seat


def test_a_false_shuffle_is_named_when_its_card_opens():
    """The friend's device seals one card of its shuffle as no card at all (the 2nd: no
    shuffle follows the friend's in the deal, so it is Black's second card, the
    inviter's): the inviter's device names the friend as soon as that card fails to open,
    which is on the friend's first link."""
    host, link = invite(Setup(first=BLACK), BLACK, random.Random(5))
    guest, answer = accept(link.text, random.Random(6))

    def falsify(body):
        points = points_of(body["q"]["c0"])
        points[1] = multiply(2, points[1])
        body["q"]["c0"] = points_text(points)
    stored = guest.to_json()
    stored["links"][-1] = forged(guest, answer.text, falsify)
    guest = load(stored, random.Random(8))  # the cheating device, as it sent its link
    rng = random.Random(7)
    texts = stored["links"]
    with pytest.raises(CheatDetected) as caught:
        for _ in range(20):
            device = host if len(texts) % 2 == 0 else guest
            receive(device, texts[-1])
            texts.append(next_link(device, "random", rng).text)
    assert device is host and caught.value.who == guest.seat and len(texts) == 2


@pytest.mark.parametrize("gen, false", [(0, "a"), (0, "c"), (0, "d"),
                                        (1, "a"), (1, "c"), (1, "d"), (1, "z")])
def test_the_end_check_names_the_false_pass(gen, false):
    """What ``verify`` runs for every deal: each pass redone from both seeds; a false
    one is named (a, d: the side that made them first; c, z: the other). The deal has
    three passes, a new pile (R18, here the deal's 15 last points) four."""
    u, v = b"u" * 32, b"v" * 32
    rand = random.Random(1)
    if gen == 0:
        items, slots = list(CARD_POINTS), None
        passes = {"a": deal_a(u, rand)}
        passes["c"] = deal_c(v, passes["a"], rand)
        passes["d"] = pass_z(u, 0, passes["c"])
    else:
        deal = pass_z(v, 0, deal_c(u, deal_a(v, rand), rand))  # any 24 sealed points
        slots = list(range(9, 24))
        items = [deal[s] for s in slots]
        passes = {"a": pass_a(u, gen, items, slots)}
        passes["c"] = pass_c(v, gen, passes["a"], slots, rand)
        passes["d"] = pass_d(u, gen, passes["c"], rand)
        passes["z"] = pass_z(v, gen, passes["d"])
    assert check_generation(gen, items, slots, passes, u, v) == ""
    passes[false] = [multiply(2, passes[false][0]), *passes[false][1:]]
    assert check_generation(gen, items, slots, passes, u, v) == false


def test_a_false_key_revealed_at_the_end_is_named():
    host, guest = self_play(Setup(), seed=11)
    slot = next(iter(host.their_keys))
    host.their_keys[slot] += 1
    with pytest.raises(CheatDetected) as caught:
        verify(host)
    assert caught.value.who == guest.seat


# ----- R24 -------------------------------------------------------------------------------

def test_no_device_nor_link_can_open_the_other_hand_or_the_pile():
    """After every link: a device stores its seed, the links and the cards it opened
    (none of the pile, none of the other's hidden hand); no link ever carries the key
    that would open a card of the pile, or the other's key of a card in the other's
    hand, so the other's hand cannot be read from it."""
    sent: dict[int, set[int]] = {0: set(), 1: set()}
    checks = 0

    def watch(game: Game, link, made: bool) -> None:
        nonlocal checks
        body = read(link.text)
        sender = game.role if made else 1 - game.role
        sent[sender].update(int(s) for s in body.get("k", {}))
        stored = game.to_json()
        assert set(stored) == {"format", "version", "role", "seed", "links", "cards"}
        assert {int(slot): card for slot, card in stored["cards"].items()} == game.cards
        assert all(t.startswith("d@") for t in body.get("t", []) if t.startswith("d"))
        pile = set(game.ledger.pile)
        assert not pile & (sent[0] | sent[1])
        theirs = set(game.ledger.hands[1 - game.seat]) - set(game.cards)
        assert not theirs & sent[1 - game.role]
        assert not set(game.cards) & pile
        turn = body.get("t", [])
        if made and turn and turn[-1] == "pile":  # its card opens with the friend's link
            assert len(game.unopened_hand()) == 1
        if made and turn and turn[-1].startswith("take:") and game.ledger.pile:
            new_deal = any(name.startswith("a") for name in body.get("q", {}))  # R18
            assert len(game.unopened_display()) == (3 if new_deal else 1)
        if game.status == PLAY:
            assert game.unopened_hand() == game.unopened_display() == []
        checks += 1

    self_play(Setup(open_draws=True), seed=3, watch=watch)
    assert checks > 50


# ----- the first move ----------------------------------------------------------------

@pytest.mark.parametrize("seat", [BLACK, WHITE])
def test_an_inviter_who_moves_first_sends_the_deal_with_its_first_turn(seat):
    """Invitation, acceptance, then the inviter's first turn: the inviter removes its
    layer of the deal (pass d) as soon as the acceptance arrives, sees its hand, and
    sends the pass with the turn. The friend then sees its hand and may answer."""
    host, link = invite(Setup(first=seat), seat, random.Random(21))
    guest, answer = accept(link.text, random.Random(22))
    assert guest.status == WAIT and len(guest.unopened_hand()) == 3
    receive(host, answer.text)
    assert host.status == PLAY and host.unopened_hand() == host.unopened_display() == []
    first = take_turn(host, turn_of(host, "random", random.Random(23)))
    body = read(first.text)
    assert first.number == 2 and body["t"] and set(body["q"]) == {"d0"}
    receive(guest, first.text)
    assert guest.status == PLAY and guest.unopened_hand() == []
    assert guest.observation.to_move == guest.seat


@pytest.mark.parametrize("seat", [BLACK, WHITE])
def test_a_friend_who_moves_first_sees_its_hand_once_the_inviter_removed_its_layer(seat):
    """The friend cannot read its hand before the inviter's pass d: its first turn is the
    fourth link, after the inviter's deal link (which holds no turn)."""
    host, link = invite(Setup(first=1 - seat), seat, random.Random(24))
    guest, answer = accept(link.text, random.Random(25))
    receive(host, answer.text)
    assert host.status == SEND and host.unopened_hand() == []
    deal = reply(host)
    assert deal.number == 2 and "t" not in read(deal.text)
    receive(guest, deal.text)
    assert guest.status == PLAY and guest.unopened_hand() == []
    assert take_turn(guest, turn_of(guest, "random", random.Random(26))).number == 3


def test_a_deal_link_that_lacks_the_inviters_first_turn_is_refused():
    """The inviter moves first: its deal link must hold its turn; one without it (a
    forged pass alone) is refused and changes nothing."""
    host, link = invite(Setup(first=BLACK), BLACK, random.Random(27))
    guest, answer = accept(link.text, random.Random(28))
    receive(host, answer.text)
    turn = take_turn(host, turn_of(host, "random", random.Random(29)))
    bare = forged(host, turn.text, lambda body: body.pop("t"))
    before = guest.to_json()
    with pytest.raises(AlteredLink):
        receive(guest, bare)
    assert guest.to_json() == before
    receive(guest, turn.text)
    assert guest.status == PLAY


# ----- storage and misuse -------------------------------------------------------------

def test_a_stored_game_loads_and_goes_on():
    (host, guest), texts = started(12)
    receive(host, texts[-1])
    again = load(host.to_json(), random.Random(3))
    assert again.observation == host.observation and again.status == host.status
    assert take_turn(again, turn_of(again, "random", random.Random(4))).number == 12


def test_a_game_loaded_with_its_opened_cards_is_the_game_loaded_without_them():
    """The cards a device stores only spare a load the multiplications: at every eighth
    link of a whole game and at its end, the game loaded from storage is the one loaded
    from its seed and links alone, and a game stored by the version without them still
    loads."""
    checked = 0

    def watch(game: Game, link, made: bool) -> None:
        nonlocal checked
        if len(game.links) % 8 and game.status != OVER:
            return
        stored = game.to_json()
        bare = {key: value for key, value in stored.items() if key != "cards"}
        loaded, rebuilt = load(stored, random.Random(1)), load(bare, random.Random(1))
        assert loaded.to_json() == rebuilt.to_json() == stored
        assert loaded.observation == rebuilt.observation == game.observation
        checked += 1

    self_play(Setup(open_draws=True, handicap=2), seed=5, watch=watch)
    assert checked > 12


@pytest.mark.parametrize("cards", [[1, 2], {"x": 3}, {"5": 24}, {"-1": 3}, {"5": "3"}, "cards"])
def test_stored_cards_that_cannot_be_read_are_refused(cards):
    (host, guest), texts = started(6)
    with pytest.raises(AlteredLink, match="cards cannot be read"):
        load({**host.to_json(), "cards": cards})


def test_a_turn_out_of_turn_or_illegal_changes_nothing():
    (host, guest), texts = started(8)
    with pytest.raises(TurnError):
        take_turn(guest, [Action.parse("pass")])  # waiting for the host's link
    assert guest.status == WAIT
    receive(host, texts[-1])
    before = host.to_json()
    with pytest.raises(IllegalAction):
        take_turn(host, [Action.parse("h:HUNA-ELAI")])
    with pytest.raises(TurnError):
        reply(host)
    assert host.to_json() == before


def test_a_link_without_the_friends_turn_is_refused():
    """A friend's link must end the friend's turn when it is due: an empty or half turn
    would leave both devices waiting for each other."""
    (host, guest), texts = started(8)
    unchanged(host, AlteredLink, forged(guest, texts[-1], lambda b: b.pop("t", None)))
    receive(host, texts[-1])


def test_an_action_out_of_turn_is_refused():
    (host, guest), texts = started(8)
    unchanged(host, AlteredLink, forged(guest, texts[-1],
                                        lambda b: b.update(t=b.get("t", []) + ["pass"])))


@pytest.mark.parametrize("change", [
    lambda b: b.update(q=[]), lambda b: b.update(k="x"), lambda b: b.update(t="pass"),
    lambda b: b.update(k={"5": 7}), lambda b: b.update(k={"99": "AAAA"}),
    lambda b: b.update(q={"zz": "AA"}), lambda b: b.update(q={"a9": "AAAA"}),
    lambda b: b.update(t=[["pass"]]), lambda b: b.update(t=["HUNA>ELAI"]),
    lambda b: b.update(t=["d@"]), lambda b: b.update(t=["take:NOWHERE"]),
    lambda b: b.update(end=12), lambda b: b.update(end="AAAA"), lambda b: b.update(x=1),
])
def test_a_malformed_link_is_refused_in_words(change):
    """Whatever a friend's page puts in a sealed link, the answer is an AlteredLink
    (or a named cheat), never a crash, and nothing changes."""
    (host, guest), texts = started(8)
    before = host.to_json()
    with pytest.raises((AlteredLink, CheatDetected)):
        receive(host, forged(guest, texts[-1], change))
    assert host.to_json() == before


def test_an_invitation_opened_in_a_game_under_way_changes_nothing():
    (host, guest), texts = started(8)
    unchanged(guest, ReplayedLink, texts[0])
    _, other = started(2, seed=5)
    unchanged(guest, ForeignLink, other[0])
    with pytest.raises(AlteredLink):
        accept(texts[5])
