"""A game with a friend by links: what one device keeps, the turns it sends, the links
it receives (docs/correspondence.md).

``kahuna.correspondence.api`` drives it: ``invite`` and ``accept`` start a game; then ``take_turn`` (a turn of this device's
player), ``reply`` (a link of the protocol alone: a shuffle's pass, or this side's keys
at the end) and ``receive`` (the friend's link). ``Game.status`` says which is due.
A device keeps its own secret seed and the links, nothing else (``Game.to_json``):
everything it shows is worked out from them, so it never holds the friend's hidden
cards or the pile's order (R24).
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections import Counter
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from ..notation.reading import parse_seat
from ..notation.record import setup_from_json
from ..rules.actions import Action, Kind, discard
from ..rules.deal import Setup, new_game
from ..rules.errors import IllegalAction, KahunaError
from ..rules.observation import Observation, observe
from ..rules.state import BLACK, CARDS, COLOURS, Effects, State
from .deck import (SLOTS_PER_GEN, deal_c, final_of, items_of, key, open_card, pass_a, pass_c,
                   pass_d, pass_z, passes_of, slot_key)
from .envelope import (AlteredLink, CheatDetected, ForeignLink, Link, MissingLink, OwnLink,
                       ReplayedLink, TakenInvitation, TurnError, b64, chain, check_shape,
                       parse_sent, pass_gen, points_of, points_text, read, scalar_of,
                       scalar_text, seal, slot_of, unb64, write)
from .group import G, GroupError, decode, encode, multiply
from .ledger import Ledger

FORMAT = "kahuna-correspondence"
#: 2: the deal in three passes (envelope.PREFIX "K2"); a game of version 1 cannot go on.
VERSION = 2
PLAY, SEND, WAIT, OVER = "play", "send", "wait", "over"
INVITER, FRIEND = 0, 1


class Game:
    """One device's side of a game: its seed and the links, and what follows from them."""

    def __init__(self, role: int, seed: bytes, rand: random.Random) -> None:
        self.role = role
        self.seed = seed
        self._rand = rand
        self.links: list[str] = []
        self.id = ""
        self.setup = Setup()
        self.seat = BLACK
        self.head = b""
        self.mac_key = b""
        self.passes: dict[int, dict[str, list]] = {}
        self.u_role: dict[int, int] = {0: INVITER}  # who makes passes a and d
        self.ledger = Ledger()
        self.cards: dict[int, int] = {}  # slot -> card (0-23), opened here
        # The cards this device had opened when the game was stored: a game loaded opens
        # each again when its keys are there, without the multiplication (api.load).
        self.opened_before: dict[int, int] = {}
        self.their_keys: dict[int, int] = {}
        self.sent_keys: set[int] = set()
        self.outbox: dict[str, list] = {}  # passes made here and not sent yet
        self.pending: dict[int, int] = {}  # slot -> the stand-in island shown until it opens
        self.obs: Observation | None = None
        # what this seat saw after each action of the last link taken: the page shows a
        # friend's turn action by action (not kept: a game loaded has its last link's)
        self.steps: list[Observation] = []
        self.history: list[tuple[int, Action]] = []
        self.turns: list[tuple[int, str]] = []  # every action as sent, with its slots
        self.their_seed: bytes | None = None
        self.seed_sent = False

    # ----- what the page reads ---------------------------------------------------

    @property
    def observation(self) -> Observation:
        """What this device's player sees (R24). Cards not yet opened (a draw from the
        pile, a new display card) stand in as some card: see ``unopened_hand`` and
        ``unopened_display``."""
        assert self.obs is not None
        return self.obs

    def unopened_display(self) -> list[int]:
        """The display's places (0-2) whose card has not opened yet here (the friend's
        link opens it): the page draws them face down."""
        return [i for i, slot in enumerate(self.ledger.display) if slot in self.pending]

    def unopened_hand(self) -> list[int]:
        """The stand-in islands in this player's hand for cards drawn from the pile and
        not yet opened (the friend's next link opens them)."""
        return [island for slot, island in self.pending.items()
                if slot in self.ledger.hands[self.seat]]

    @property
    def status(self) -> str:
        """PLAY (this side's turn), SEND (a link of the protocol is due: ``reply``),
        WAIT (the friend's link is awaited) or OVER (both keys out: ``verify``)."""
        obs = self.observation
        if obs.outcome is not None and self.their_seed is not None and self.seed_sent:
            return OVER
        if len(self.links) % 2 != self.role:
            return WAIT
        if obs.outcome is not None or self._owed_pass() or self.pending or self._gen_open():
            return SEND
        return PLAY if obs.to_move == self.seat else SEND

    def _turn_missing(self) -> bool:
        """After a friend's link that had to end the friend's turn: still the friend's
        move (a link with no turn, or half a turn)."""
        obs = self.observation
        return obs.outcome is None and obs.to_move != self.seat and not self._gen_open()

    def _gen_open(self) -> bool:
        gen = self.ledger.gen
        return set(self.passes.get(gen, {})) != set(passes_of(gen))

    # ----- roles and seats ----------------------------------------------------------

    def _seat_of(self, role: int) -> int:
        return self.seat if role == self.role else 1 - self.seat

    def _owner(self, gen: int, name: str) -> int:
        u = self.u_role[gen]
        return u if name in ("a", "d") else 1 - u

    def _owed_pass(self) -> str:
        """The pass of the current generation this side must make now ("" if none)."""
        gen = self.ledger.gen
        done = self.passes.get(gen, {})
        for name in passes_of(gen):
            if name not in done:  # the last pass is made as the one before it arrives
                return name if self._owner(gen, name) == self.role and name != final_of(gen) else ""
        return ""

    # ----- taking a link in (both directions) ---------------------------------------

    def _take(self, text: str, mine: bool, next_mine: bool = False) -> list[Effects]:
        body = read(text)
        check_shape(body)
        sender = self.role if mine else 1 - self.role
        if not self.links:
            self._start(body)
        elif not mine:
            self._check(body, text)
        if not self.links and not mine:  # the inviter's point (a reply's is read by _check)
            self._agree(body.get("e"))
        # The friend's turn is due in this link if the deal was whole before it, or if
        # the friend's own last pass makes it whole.
        due = self.obs is not None and not self._gen_open() or any(
            k[:1] == final_of(pass_gen(k)) for k in body.get("q", {}))
        early = {k: v for k, v in body.get("q", {}).items() if pass_gen(k) <= self.ledger.gen}
        self._passes(early, sender, mine)
        if "a" not in self.passes.get(0, {}):
            raise AlteredLink("the invitation holds no sealed deck")
        keys = body.get("k", {})
        if mine:
            self.sent_keys.update(slot_of(s) for s in keys)
        else:
            self.their_keys.update({slot_of(s): scalar_of(k) for s, k in keys.items()})
        self._refresh()
        effects, self.steps = [], []
        for sent in body.get("t", []):
            effects.append(self._act(self._seat_of(sender), sent))
            self.steps.append(self.observation)
        self._passes({k: v for k, v in body.get("q", {}).items() if k not in early},
                     sender, mine)
        if "end" in body:
            if mine:
                self.seed_sent = True
            else:
                self.their_seed = unb64(body["end"])
                if len(self.their_seed) != len(self.seed):
                    raise AlteredLink("the friend's secret at the end is damaged")
        if not mine and not next_mine:
            self._last_pass()
        self._refresh()
        if not mine and due and self._turn_missing():
            raise AlteredLink("this link should end your friend's turn, and it does not")
        self.head = chain(self.head, body)
        self.links.append(text)
        return effects

    def _start(self, body: dict[str, Any]) -> None:
        """The invitation: the game's id, the setup, the seats, the deal's slots."""
        if body["n"] != 0:
            raise AlteredLink("this link is a turn of a game, not an invitation")
        try:
            self.setup = setup_from_json(body.get("s"))
            inviter = parse_seat(body.get("w"))
        except KahunaError as exc:
            raise AlteredLink(f"the invitation is damaged: {exc}") from exc
        if self.setup.first is None or self.setup.deck is not None:
            raise AlteredLink("the invitation is damaged: no first player, or a deck in clear")
        self.id = body.get("g") if isinstance(body.get("g"), str) else ""
        self.seat = inviter if self.role == INVITER else 1 - inviter
        self.head = b""
        world = new_game(replace(self.setup, deck=CARDS))  # stand-ins until the cards open
        self.obs = observe(world, self.seat)
        hand = self.obs.hand
        stand_ins = [c for c in range(len(hand)) for _ in range(hand[c])]
        self.pending = dict(zip(self.ledger.hands[self.seat], stand_ins))
        self.pending.update(zip(self.ledger.display, world.display))

    def _check(self, body: dict[str, Any], text: str) -> None:
        """The envelope of a friend's link: its game, its place in the chain, its seal."""
        if body.get("g") != self.id:
            raise ForeignLink("this link belongs to another game")
        n = body["n"]
        if n % 2 == self.role and n <= len(self.links):
            raise OwnLink(f"this link (number {n}) was sent from this device, not to it")
        if n == 1 and n < len(self.links) and body.get("e") != read(self.links[1]).get("e"):
            # Another friend's key: the invitation went to two people (or was forwarded).
            raise TakenInvitation("someone else accepted this invitation first")
        if n < len(self.links):
            raise ReplayedLink(f"this link (number {n}) was already applied")
        if n > len(self.links):
            raise MissingLink(f"link number {len(self.links)} has not arrived: ask your "
                              f"friend to send it again (this one is number {n})")
        if body.get("p") != b64(self.head):
            raise AlteredLink("this link does not follow the last one: one of them was "
                              "changed on its way")
        if "e" in body:
            self._agree(body["e"])
        if body.get("m") != seal(self.mac_key, body):
            raise AlteredLink("this link was changed on its way (its seal does not match)")

    def _agree(self, point_text: Any) -> None:
        """The shared sealing key (Diffie-Hellman of both sides' points)."""
        try:
            theirs = decode(unb64(point_text))
        except GroupError as exc:
            raise AlteredLink("the link's key is damaged") from exc
        shared = multiply(key(self.seed, "seal", 0), theirs)
        self.mac_key = hashlib.sha256(encode(shared)).digest()

    def _passes(self, found: dict[str, Any], sender: int, mine: bool) -> None:
        for name, value in sorted(found.items(), key=lambda kv: pass_gen(kv[0])):
            gen = pass_gen(name)
            kind = name[:1]
            done = self.passes.setdefault(gen, {})
            points = points_of(value)
            if mine and done.get(kind) == points:  # made here before the link (the last)
                self.outbox.pop(name, None)
                continue
            due = next((p for p in passes_of(gen) if p not in done), "")
            if gen > self.ledger.gen or kind != due or self._owner(gen, kind) != sender:
                raise AlteredLink(f"the link holds a shuffle's pass out of turn ({name})")
            size = 24 if gen == 0 else len(self.ledger.items[gen])
            if len(points) != size:
                raise AlteredLink(f"a shuffle's pass has {len(points)} cards, not {size}")
            done[kind] = points
            if mine:
                self.outbox.pop(name, None)

    def _last_pass(self) -> None:
        """A generation's last pass (d of the deal, z of a new pile) is made here as soon
        as the pass before it arrives: it has no randomness, and the player needs it to
        see the cards (an inviter who moves first sends it with its first turn)."""
        gen = self.ledger.gen
        done = self.passes.get(gen, {})
        *_, before, last = passes_of(gen)
        if before in done and last not in done and self._owner(gen, last) == self.role:
            done[last] = pass_z(self.seed, gen, done[before])
            self.outbox[f"{last}{gen}"] = done[last]

    # ----- cards --------------------------------------------------------------------

    def _try_card(self, slot: int) -> int | None:
        """The card in ``slot`` when both keys are here (None otherwise)."""
        if slot in self.cards:
            return self.cards[slot]
        gen = slot // SLOTS_PER_GEN
        final = self.passes.get(gen, {}).get(final_of(gen))
        if final is None or slot not in self.their_keys:
            return None
        card = self.opened_before.get(slot)
        if card is None:
            card = open_card(final[slot % SLOTS_PER_GEN], slot_key(self.seed, slot),
                             self.their_keys[slot])
        friend = 1 - self.seat
        if card is None:
            raise CheatDetected(friend, f"the key your friend gave for card {slot} opens no card")
        if card in {c for s, c in self.cards.items() if s // SLOTS_PER_GEN == slot // SLOTS_PER_GEN}:
            raise CheatDetected(friend, f"card {slot} opens as a card already dealt")
        self.cards[slot] = card
        return card

    def _refresh(self) -> None:
        """Put each card that has just opened in place of its stand-in."""
        if self.obs is None:
            return
        hand, display = list(self.obs.hand), list(self.obs.display)
        for slot, stand_in in list(self.pending.items()):
            card = self._try_card(slot)
            if card is None:
                continue
            del self.pending[slot]
            if slot in self.ledger.hands[self.seat]:
                hand[stand_in] -= 1
                hand[card // 2] += 1
            elif slot in self.ledger.display:
                display[self.ledger.display.index(slot)] = card // 2
        self.obs = replace(self.obs, hand=tuple(hand), display=tuple(display))
        seen = Counter(c for c in display if c >= 0) + Counter(self.obs.discard_up)
        for island, n in enumerate(hand):
            seen[island] += n + self.obs.known[1 - self.seat][island]
        if any(n > 2 for n in seen.values()):
            raise CheatDetected(1 - self.seat, "a card opened as one of which both are in sight")

    # ----- actions --------------------------------------------------------------------

    def _act(self, player: int, text: Any) -> Effects:
        """Apply one action as sent (its slots named) to the seat's view of the game."""
        action, slots = parse_sent(text)
        me, obs = self.seat, self.observation
        if obs.to_move != player or obs.outcome is not None:
            raise AlteredLink(f"{text}: an action out of {COLOURS[player]}'s turn")
        hand = self.ledger.hands[player]
        if len(set(slots)) != len(slots) or any(s not in hand for s in slots):
            raise AlteredLink(f"{text}: a card named that is not in {COLOURS[player]}'s hand")
        kind = Kind.DISCARD if action is None else action.kind
        needed: list[int] = []
        top: list[int] = []
        avoid: set[int] = set()
        taken = -1
        if kind in (Kind.PLACE, Kind.REMOVE):
            cards = tuple(sorted(self._card(s, player) // 2 for s in slots))
            if len(slots) != len(action.cards) or cards != action.cards:
                raise CheatDetected(player, f"{COLOURS[player]} played {action} with other cards")
            if player != me:
                needed = self._beyond_known(cards, player)
        elif kind is Kind.DISCARD and player != me:
            shown = [self.cards[s] // 2 for s in slots if s in self.cards]
            needed = self._beyond_known(shown, player)
            # V2 puts a hidden copy face down before an open one: an open card discarded
            # says the friend holds no hidden copy of its island, nor may the world.
            avoid = set(shown)
        elif kind is Kind.TAKE:
            if self.pending.keys() & set(self.ledger.display):
                raise AlteredLink("a display card was not opened before it was taken")
            if action.cards[0] in obs.display:
                taken = obs.display.index(action.cards[0])
            if self.ledger.pile:
                card = self._try_card(self.ledger.pile[-1])
                if card is not None:
                    top = [card // 2]
                elif player != me:
                    raise AlteredLink("the link lacks the key of the card laid on the display")
        world = self._world(needed, top, player, avoid)
        if kind is Kind.DISCARD:
            action = discard(self._discarded(world, player, slots))
        world.history = list(self.history)
        try:
            fx = world.play(action)
        except IllegalAction as exc:
            if player == me:
                raise
            raise CheatDetected(player, f"{COLOURS[player]}'s move {text} breaks {exc}") from exc
        self.history = world.history
        self.turns.append((player, text))
        gen = self.ledger.gen
        self.ledger.move(player, action, slots, taken, fx)
        if self.ledger.gen != gen:  # R18: the drawer of the last card makes passes a and d
            self.u_role[self.ledger.gen] = self.role if player == me else 1 - self.role
        self.obs = observe(world, me)
        self._stand_ins(world, player, kind, fx)
        if player != me and kind in (Kind.PILE, Kind.DISCARD):
            fx.drawn = -1  # a stand-in: the friend's card is not known here
        return fx

    def _beyond_known(self, cards: list[int] | tuple[int, ...], player: int) -> list[int]:
        """The friend's cards opened here that the rules' memory (R24) does not hold in
        their hand: a world must deal them there."""
        known = Counter(dict(enumerate(self.observation.known[player])))
        return list((Counter(cards) - known).elements())

    def _card(self, slot: int, player: int) -> int:
        card = self._try_card(slot)
        if card is None:
            raise AlteredLink(f"the link lacks the key of the card {COLOURS[player]} played")
        return card

    def _world(self, needed: list[int], top: list[int], player: int,
               avoid: Collection[int] = ()) -> State:
        """A whole state that this seat cannot tell from the true one, with the
        friend's played cards in their hand, a card just opened on the pile's top, and
        no hidden card of the islands in ``avoid`` in the friend's hand if it can be."""
        obs = self.observation
        cards = obs.unseen()
        for card in needed + top:
            if card not in cards:
                raise CheatDetected(player, f"{COLOURS[player]} showed a card of which both "
                                    "are already in sight")
            cards.remove(card)
        cards.sort(key=lambda card: card in avoid)  # the friend's hidden cards come first
        return obs.world(needed + cards + top, random.Random(len(self.history)))

    def _discarded(self, world: State, player: int, slots: list[int]) -> tuple[int, ...]:
        """The islands of a face-down discard: this side's own, or stand-ins for the
        friend's hidden cards (a card known to be theirs only when it is open)."""
        if player == self.seat:
            return tuple(self.cards[s] // 2 for s in slots)
        open_ = [self.cards[s] // 2 for s in slots if s in self.cards]
        known = Counter(dict(enumerate(world.known[player])))
        # The hidden part of the hand, less the open cards that the known part lacks.
        hidden = Counter(dict(enumerate(world.hands[player]))) - known - (Counter(open_) - known)
        # A friend's page that discards an open card before a hidden one of its island
        # leaves fewer hidden cards than the rules' memory says: known ones stand in.
        rest = Counter(dict(enumerate(world.hands[player]))) - Counter(open_) - hidden
        # V2: the hidden copies of an open card's island went first, so they stand in first.
        first = sorted(hidden.elements(), key=lambda island: island not in open_)
        stand = [*first, *rest.elements()][:len(slots) - len(open_)]
        return tuple(open_ + stand)

    def _stand_ins(self, world: State, player: int, kind: Kind, fx: Effects) -> None:
        """Cards this seat may see but cannot open yet take a stand-in."""
        ledger = self.ledger
        if kind is Kind.PILE and player == self.seat:
            self.pending[ledger.hands[player][-1]] = fx.drawn
        for i, slot in enumerate(ledger.display):
            if slot >= 0 and slot not in self.cards and self._try_card(slot) is None:
                self.pending[slot] = world.display[i]

    # ----- making a link ---------------------------------------------------------------

    def _copy(self) -> Game:
        rand, self._rand = self._rand, None
        try:
            new = copy.deepcopy(self)
        finally:
            self._rand = rand
        new._rand = rand
        return new

    def _make(self, actions: list[Action]) -> Link:
        """Apply this side's ``actions`` to a copy, then send what is due with them."""
        n = len(self.links)
        scratch = self._copy()
        texts = []
        for action in actions:
            if scratch.observation.to_move != self.seat:
                raise TurnError(f"{action}: the turn is over")
            text = scratch._sent_text(action)
            scratch._act(self.seat, text)
            texts.append(text)
        obs = scratch.observation
        if actions and obs.outcome is None and obs.to_move == self.seat:
            raise TurnError("the turn is not over: end it with a draw or a pass")
        due = scratch._owed_pass()
        if due:
            scratch._make_pass(due)
        body: dict[str, Any] = {"g": self.id, "n": n, "p": b64(self.head)}
        if n == 1:
            body["e"] = b64(encode(multiply(key(self.seed, "seal", 0), G)))
        if scratch.outbox:
            body["q"] = {k: points_text(v) for k, v in scratch.outbox.items()}
        ledger = scratch.ledger
        # A card shown when the turn began is owed too (it may have been taken since),
        # and one played (an interim scoring may have shuffled it away already).
        shown = ledger.public() | self.ledger.public()
        for text in texts:
            action, slots = parse_sent(text)
            shown.update(slots if action is not None else ())
        owed = (set(ledger.hands[1 - self.seat]) | shown) - scratch.sent_keys
        if owed:
            body["k"] = {str(s): scalar_text(slot_key(self.seed, s)) for s in sorted(owed)}
        if texts:
            body["t"] = texts
        if obs.outcome is not None:
            body["end"] = b64(self.seed)
        body["m"] = seal(scratch.mac_key, body)
        text = write(body)
        new = self._copy()
        new._take(text, mine=True)
        self.__dict__.update(new.__dict__)
        return Link(text, n)

    def _make_pass(self, name: str) -> None:
        gen = self.ledger.gen
        done = self.passes.setdefault(gen, {})
        slots = self.ledger.items.get(gen)
        if name == "a":
            finals = {g: p[final_of(g)] for g, p in self.passes.items() if final_of(g) in p}
            made = pass_a(self.seed, gen, items_of(gen, slots or [], finals), slots)
        elif name == "c" and gen == 0:
            made = deal_c(self.seed, done["a"], self._rand)
        elif name == "c":
            made = pass_c(self.seed, gen, done["a"], slots, self._rand)
        else:
            made = pass_d(self.seed, gen, done["c"], self._rand)
        done[name] = made
        self.outbox[f"{name}{gen}"] = made

    def _sent_text(self, action: Action) -> str:
        """The action as sent: a card played names its slot; a discard names only slots."""
        if action.kind not in (Kind.PLACE, Kind.REMOVE, Kind.DISCARD):
            return str(action)
        # As the rules count known cards (R24, V2): a card the friend saw taken from the
        # display is played first and discarded last; the slots then tell no more.
        seen = self.sent_keys
        free = sorted(self.ledger.hands[self.seat],
                      key=lambda s: (s in seen) is (action.kind is Kind.DISCARD))
        slots = []
        for card in action.cards:
            slot = next((s for s in free if self.cards.get(s, -2) // 2 == card), None)
            if slot is None:
                raise IllegalAction("R8", f"no {action} card in hand")
            free.remove(slot)
            slots.append(slot)
        joined = ".".join(map(str, slots))
        return f"d@{joined}" if action.kind is Kind.DISCARD else f"{action}@{joined}"

    # ----- storage ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """What the device stores: its role, its seed, the links, and the cards it opened
        (its own and those made public: what follows from the seed and the links, kept
        so that a load need not open them again)."""
        return {"format": FORMAT, "version": VERSION, "role": self.role, "seed": b64(self.seed),
                "links": list(self.links), "cards": {str(s): c for s, c in self.cards.items()}}
