"""The sealed deck: the four passes of a joint shuffle, each side's keys, and opening
a card (docs/correspondence.md).

Every card of a game lives in a slot: ``gen * 24 + k`` is place ``k`` of generation
``gen`` (0: the deal, R6; 1 and 2: the new piles of R18). A slot's final point is the
card's point times two keys, one per side, each derived from that side's secret seed,
so a card opens only when both sides have given their key for its slot.

The deal (generation 0) takes three passes, U the inviter and V the friend:
  a (U): the 24 card points times U's key of the generation, shuffled;
  c (V): shuffled again, V's key of each place put on;
  d (U): U's generation key taken off, U's key of each place put on.
Pass d has no randomness, so U makes it as soon as pass c arrives and sees its hand at
once: an inviter who moves first sends pass d with its first turn.
A new pile after an interim scoring (R18) takes four, U being the player who drew the
last card and V the other, since its items are sealed cards that each side must first
strip of its own keys of their old slots, in order:
  a (U): each item stripped of U's own key, times U's key of the generation, in order;
  c (V): each stripped of V's own key, times V's key of the generation, shuffled;
  d (U): shuffled, U's generation key taken off, U's key of each place put on;
  z (V): V's generation key taken off, V's key of each place put on.
Either way the last shuffle is made on points its maker cannot recognise (the other's
keys hide them), so neither side knows the order, not even where its own discards went.
The last pass of each (d of the deal, z of a new pile) has no randomness: its maker
makes it as soon as the pass before it arrives.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence

from .group import CARD_POINTS, N, Point, card_of, multiply

PASSES = ("a", "c", "d", "z")
SLOTS_PER_GEN = 24


def passes_of(gen: int) -> tuple[str, ...]:
    """The passes of a generation, in order: three for the deal, four for a new pile."""
    return PASSES[:3] if gen == 0 else PASSES


def final_of(gen: int) -> str:
    """The generation's last pass: the final points of its slots."""
    return passes_of(gen)[-1]


def key(seed: bytes, label: str, number: int) -> int:
    """One of a side's keys (1..N-1), derived from its seed: revealing one reveals no other."""
    digest = hashlib.sha512(seed + f"/{label}/{number}".encode()).digest()
    return int.from_bytes(digest, "big") % (N - 1) + 1


def slot_key(seed: bytes, slot: int) -> int:
    """The side's key of a slot."""
    return key(seed, "slot", slot)


def gen_key(seed: bytes, gen: int) -> int:
    """The side's key of a generation's shuffle."""
    return key(seed, "gen", gen)


def _unkey(seed: bytes, slot: int | None) -> int:
    return 1 if slot is None else pow(slot_key(seed, slot), -1, N)


def items_of(gen: int, slots: Sequence[int], final: dict[int, list[Point]]) -> list[Point]:
    """What a generation shuffles: the 24 card points for the deal, else the final points
    of the discard pile's slots (``final``: each generation's z pass)."""
    if gen == 0:
        return list(CARD_POINTS)
    return [final[s // SLOTS_PER_GEN][s % SLOTS_PER_GEN] for s in slots]


def pass_a(seed: bytes, gen: int, items: list[Point], slots: Sequence[int] | None) -> list[Point]:
    g = gen_key(seed, gen)
    return [multiply(g * _unkey(seed, s) % N, p)
            for p, s in zip(items, slots if slots is not None else [None] * len(items))]


def pass_c(seed: bytes, gen: int, a: list[Point], slots: Sequence[int] | None,
           rand: random.Random) -> list[Point]:
    out = pass_a(seed, gen, a, slots)
    rand.shuffle(out)
    return out


def pass_d(seed: bytes, gen: int, c: list[Point], rand: random.Random) -> list[Point]:
    order = list(c)
    rand.shuffle(order)
    return _rekey(seed, gen, order)


def pass_z(seed: bytes, gen: int, d: list[Point]) -> list[Point]:
    """A generation's last pass (z of a new pile, d of the deal): no shuffle, so it is
    the same wherever it is computed."""
    return _rekey(seed, gen, d)


def deal_a(seed: bytes, rand: random.Random) -> list[Point]:
    """Pass a of the deal (U): the card points sealed with U's generation key, shuffled."""
    out = pass_a(seed, 0, list(CARD_POINTS), None)
    rand.shuffle(out)
    return out


def deal_c(seed: bytes, a: list[Point], rand: random.Random) -> list[Point]:
    """Pass c of the deal (V): shuffled, V's key of each place put on."""
    order = list(a)
    rand.shuffle(order)
    return [multiply(slot_key(seed, k), p) for k, p in enumerate(order)]


def _rekey(seed: bytes, gen: int, points: list[Point]) -> list[Point]:
    """The side's generation key taken off each point, its key of each place put on."""
    g = pow(gen_key(seed, gen), -1, N)
    base = gen * SLOTS_PER_GEN
    return [multiply(slot_key(seed, base + k) * g % N, p) for k, p in enumerate(points)]


def open_card(point: Point, key_a: int, key_b: int) -> int | None:
    """The card (0-23) in a slot, from its final point and both sides' keys."""
    return card_of(multiply(pow(key_a * key_b % N, -1, N), point))


def check_generation(gen: int, items: list[Point], slots: Sequence[int] | None,
                     passes: dict[str, list[Point]], seed_u: bytes, seed_v: bytes) -> str:
    """Which pass of a generation is false, given both seeds ("" when all hold)."""
    if gen == 0:
        return _check_deal(passes, seed_u, seed_v)
    if passes["a"] != pass_a(seed_u, gen, items, slots):
        return "a"
    if Counter(passes["c"]) != Counter(pass_a(seed_v, gen, passes["a"], slots)):
        return "c"
    g = gen_key(seed_u, gen)
    base = gen * SLOTS_PER_GEN
    undone = [multiply(pow(slot_key(seed_u, base + k), -1, N) * g % N, p)
              for k, p in enumerate(passes["d"])]
    if Counter(undone) != Counter(passes["c"]):
        return "d"
    if passes["z"] != pass_z(seed_v, gen, passes["d"]):
        return "z"
    return ""


def _check_deal(passes: dict[str, list[Point]], seed_u: bytes, seed_v: bytes) -> str:
    """check_generation for the deal's three passes."""
    if Counter(passes["a"]) != Counter(pass_a(seed_u, 0, list(CARD_POINTS), None)):
        return "a"
    undone = [multiply(pow(slot_key(seed_v, k), -1, N), p) for k, p in enumerate(passes["c"])]
    if Counter(undone) != Counter(passes["a"]):
        return "c"
    if passes["d"] != pass_z(seed_u, 0, passes["c"]):
        return "d"
    return ""
