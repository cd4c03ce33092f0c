"""The group the cards are sealed in: the NIST P-256 curve (prime order, cofactor 1),
written with Python's integers. docs/correspondence.md says why this group.

Only the textbook operations: a point times a scalar, points to and from 33 bytes, and
the 24 card points, hashed onto the curve so that nobody knows a logarithm between two
of them. Not constant-time: the secret keys of a game between friends are worth less
than a timing attack on a phone, and they are revealed at the game's end anyway.
"""

from __future__ import annotations

import hashlib

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551  # the group order
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
POINT_BYTES = 33
SCALAR_BYTES = 32

Point = tuple[int, int]


class GroupError(ValueError):
    """Bytes that are no point of the curve."""


def on_curve(point: Point) -> bool:
    """True for a point of the curve (the point at infinity is never used here)."""
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x - 3 * x + B)) % P == 0


#: The window of ``multiply``'s signed digits (wNAF): a point times a 256-bit key takes
#: about 256 doublings and 43 additions, where plain double-and-add takes 128 additions.
WINDOW = 5


def multiply(k: int, point: Point) -> Point:
    """``k`` times ``point`` (k in 1..N-1), by doubling and adding signed odd multiples of
    the point in Jacobian coordinates (one inversion at the end)."""
    k %= N
    if not k:
        raise GroupError("a key of zero")
    table = _odd_multiples(point)
    X, Y, Z = 0, 1, 0
    for digit in _signed_digits(k):
        X, Y, Z = _double(X, Y, Z)
        if digit:
            x2, y2 = table[abs(digit) >> 1]
            X, Y, Z = _add(X, Y, Z, x2, y2 if digit > 0 else P - y2)
    if not Z:  # only k = 0 mod N reaches infinity, and that was refused
        raise GroupError("the point at infinity")
    return _affine(X, Y, Z)


def _affine(X: int, Y: int, Z: int) -> Point:
    zi = pow(Z, -1, P)
    zi2 = zi * zi % P
    return X * zi2 % P, Y * zi2 * zi % P


def _odd_multiples(point: Point) -> list[Point]:
    """1, 3, 5, ... 2**(WINDOW-1) - 1 times ``point``, affine."""
    x, y = point
    twice = _affine(*_double(x, y, 1))
    table = [point]
    for _ in range(2 ** (WINDOW - 2) - 1):
        table.append(_affine(*_add(*table[-1], 1, *twice)))
    return table


def _signed_digits(k: int) -> list[int]:
    """``k`` in signed binary digits, most significant first, each 0 or odd and below
    2**(WINDOW-1) in size, any two non-zero ones at least WINDOW places apart."""
    digits = []
    while k:
        digit = 0
        if k & 1:
            digit = k & (2 ** WINDOW - 1)
            if digit >= 2 ** (WINDOW - 1):
                digit -= 2 ** WINDOW
            k -= digit
        digits.append(digit)
        k >>= 1
    return digits[::-1]


def _double(X: int, Y: int, Z: int) -> tuple[int, int, int]:
    if not Y or not Z:
        return 0, 1, 0
    delta = Z * Z % P
    gamma = Y * Y % P
    beta = X * gamma % P
    alpha = 3 * (X - delta) * (X + delta) % P  # a = -3
    X3 = (alpha * alpha - 8 * beta) % P
    Z3 = ((Y + Z) ** 2 - gamma - delta) % P
    Y3 = (alpha * (4 * beta - X3) - 8 * gamma * gamma) % P
    return X3, Y3, Z3


def _add(X: int, Y: int, Z: int, x2: int, y2: int) -> tuple[int, int, int]:
    """(X, Y, Z) + the affine (x2, y2)."""
    if not Z:
        return x2, y2, 1
    zz = Z * Z % P
    h = (x2 * zz - X) % P
    r = (y2 * zz * Z - Y) % P
    if not h:
        return _double(X, Y, Z) if not r else (0, 1, 0)
    hh = h * h % P
    hhh = h * hh % P
    v = X * hh % P
    X3 = (r * r - hhh - 2 * v) % P
    Y3 = (r * (v - X3) - Y * hhh) % P
    return X3, Y3, Z * h % P


def encode(point: Point) -> bytes:
    """The 33-byte compressed form."""
    x, y = point
    return bytes([2 + (y & 1)]) + x.to_bytes(32, "big")


def decode(data: bytes) -> Point:
    """A point from its compressed form; GroupError for anything else."""
    if len(data) != POINT_BYTES or data[0] not in (2, 3):
        raise GroupError("not a compressed point")
    x = int.from_bytes(data[1:], "big")
    y = _root(x)
    if y is None:
        raise GroupError("no point of the curve")
    return x, y if y & 1 == data[0] & 1 else P - y


def _root(x: int) -> int | None:
    if x >= P:
        return None
    rhs = (x * x * x - 3 * x + B) % P
    y = pow(rhs, (P + 1) // 4, P)  # P = 3 mod 4
    return y if y * y % P == rhs else None


def hash_to_point(label: bytes) -> Point:
    """A point nobody knows the logarithm of: try x = H(label, i) until one is on the
    curve (about two tries)."""
    for i in range(256):
        x = int.from_bytes(hashlib.sha256(label + bytes([i])).digest(), "big")
        y = _root(x)
        if y is not None:
            return x, y if y & 1 == 0 else P - y
    raise GroupError("no point found")  # pragma: no cover - happens with chance 2**-256


#: The 24 cards as points: card j is island j // 2 (two cards per island, R2), each its
#: own point so that two sealed copies of one island never look alike.
CARD_POINTS: tuple[Point, ...] = tuple(hash_to_point(b"kahuna card %d" % j) for j in range(24))
_CARD_OF = {point: j for j, point in enumerate(CARD_POINTS)}


def card_of(point: Point) -> int | None:
    """The card (0-23) a point stands for, None when it is no card."""
    return _CARD_OF.get(point)
