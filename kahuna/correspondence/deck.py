"""The sealed deck: the four passes of a joint shuffle, each side's keys, and opening
a card (docs/correspondence.md).

Every card of a game lives in a slot: ``gen * 24 + k`` is place ``k`` of generation
``gen`` (0: the deal, R6; 1 and 2: the new piles of R18). A slot's final point is the
card's point times two keys, one per side, each derived from that side's secret seed,
so a card opens only when both sides have given their key for its slot.

The passes of a generation, U and V being the two sides (the inviter and the friend
for the deal; after an interim scoring, the player who drew the last card and the other):
  a (U): each item stripped of U's own key, times U's key of the generation, in order;
  c (V): each stripped of V's own key, times V's key of the generation, shuffled;
  d (U): shuffled, U's generation key taken off, U's key of each place put on;
  z (V): V's generation key taken off, V's key of each place put on.
The last shuffle is made by U on points it cannot recognise (V's generation key hides
them), so neither side knows the order, not even where its own discards went.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence

from .group import CARD_POINTS, N, Point, card_of, multiply

PASSES = ("a", "c", "d", "z")
SLOTS_PER_GEN = 24


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
    """V's last pass: no shuffle, so it is the same wherever it is computed."""
    return _rekey(seed, gen, d)


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
