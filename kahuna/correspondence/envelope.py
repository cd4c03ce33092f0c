"""A link as text, the hash chain and the seal, and the errors a link can meet.

A link is ``K2`` and the base64url of its compressed JSON body. The body names its game,
its number and the chain's head before it; from the friend's reply on, it is sealed with
a key both devices share (elliptic-curve Diffie-Hellman of the invitation and the
reply), so a third hand cannot change it unseen.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from ..rules.actions import Action, Kind
from ..rules.errors import KahunaError, NotationError
from .deck import SLOTS_PER_GEN
from .group import POINT_BYTES, SCALAR_BYTES, GroupError, Point, decode, encode, on_curve

#: K2: the deal in three passes (K1, its first version, took four; its links are refused).
PREFIX = "K2"
MAX_CHARS = 20_000  # a link ten times longer than any the protocol makes


class LinkError(KahunaError):
    """A link that cannot be applied; the game is left as it was."""


class ForeignLink(LinkError):
    """A link of another game."""


class ReplayedLink(LinkError):
    """A link already applied (or one this device sent)."""


class OwnLink(ReplayedLink):
    """A link this device sent, opened on it again (a tap on it in one's own chat)."""


class TakenInvitation(ReplayedLink):
    """A second acceptance of one invitation: someone else accepted it first, and the
    game goes on with them."""


class MissingLink(LinkError):
    """A link that comes after one this device has not received."""


class AlteredLink(LinkError):
    """A link changed on its way, damaged, or not a link of this protocol at all."""


class EarlierVersion(AlteredLink):
    """A link, or a stored game, of the protocol's first version (K1): it cannot go on."""


class CheatDetected(LinkError):
    """A move, a card or a key shown false: ``who`` is the seat that gave it."""

    def __init__(self, who: int, message: str) -> None:
        super().__init__(message)
        self.who = who


class TurnError(KahunaError):
    """A device asked to do what the protocol does not allow now (not its turn...)."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: Any) -> bytes:
    if not isinstance(text, str):
        raise AlteredLink("a field of the link is not text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise AlteredLink("a field of the link is damaged") from exc


#: The last passes written or read here, by their text: a device reads back each pass it
#: has just made (its own link, taken in as the friend's are), and a square root mod P
#: per point is a tenth of the pass's cost.
_KNOWN: dict[str, tuple[Point, ...]] = {}
_KNOWN_SIZE = 8


def points_text(points: list[Point]) -> str:
    text = b64(b"".join(encode(p) for p in points))
    _remember(text, points)
    return text


def _remember(text: str, points: list[Point]) -> None:
    """Keep a list that ``points_of`` would accept (no list it refuses skips its checks)."""
    if len(points) > 24 or len(set(points)) != len(points) or not all(map(on_curve, points)):
        return
    _KNOWN[text] = tuple(points)
    while len(_KNOWN) > _KNOWN_SIZE:
        del _KNOWN[next(iter(_KNOWN))]


def points_of(text: Any) -> list[Point]:
    """Points from their text; AlteredLink for anything but distinct curve points."""
    if isinstance(text, str) and text in _KNOWN:
        return list(_KNOWN[text])
    data = unb64(text)
    if len(data) % POINT_BYTES or len(data) > 24 * POINT_BYTES:
        raise AlteredLink("a list of sealed cards has a wrong length")
    try:
        points = [decode(data[i:i + POINT_BYTES]) for i in range(0, len(data), POINT_BYTES)]
    except GroupError as exc:
        raise AlteredLink(f"a sealed card is damaged: {exc}") from exc
    if len(set(points)) != len(points):
        raise AlteredLink("two sealed cards are the same: a card would be dealt twice")
    _remember(text, points)
    return points


def scalar_text(k: int) -> str:
    return b64(k.to_bytes(SCALAR_BYTES, "big"))


def scalar_of(text: Any) -> int:
    data = unb64(text)
    if len(data) != SCALAR_BYTES:
        raise AlteredLink("a key in the link has a wrong length")
    return int.from_bytes(data, "big")


def canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def chain(head: bytes, body: dict[str, Any]) -> bytes:
    """The chain's head after ``body`` (its seal left out)."""
    unsealed = {k: v for k, v in body.items() if k != "m"}
    return hashlib.sha256(head + canonical(unsealed)).digest()[:16]


def seal(mac_key: bytes, body: dict[str, Any]) -> str:
    """The link's seal: BLAKE2b keyed with the shared key (a MAC by design, in hashlib,
    so the page's trimmed standard library needs no hmac)."""
    unsealed = {k: v for k, v in body.items() if k != "m"}
    return b64(hashlib.blake2b(canonical(unsealed), key=mac_key, digest_size=16).digest())


def write(body: dict[str, Any]) -> str:
    return PREFIX + b64(zlib.compress(canonical(body), 9))


#: What may follow a link's last character (its text is base64url after the prefix): any
#: other character, or one escaped ("%29").
_AFTER = re.compile(r"(?:[^A-Za-z0-9_%-]|%[0-9A-Fa-f]{2})+$")


def read(text: Any) -> dict[str, Any]:
    """A link's body; AlteredLink when the text is no such link (whatever it is)."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise AlteredLink("this is not a Kahuna game link (or it is far too long)")
    text = text.strip().rsplit("#", 1)[-1].removeprefix("play=")
    # A sentence's full stop or bracket after the link, pasted with it (or escaped by the
    # browser, "%29"): never a link's own.
    text = _AFTER.sub("", text)
    if text.startswith("K1"):
        raise EarlierVersion("this link was made by an earlier version of the game: start a "
                             "new game with your friend")
    if not text.startswith(PREFIX):
        raise AlteredLink("this is not a Kahuna game link")
    try:
        stream = zlib.decompressobj()
        raw = stream.decompress(unb64(text[len(PREFIX):]), 4 * MAX_CHARS)
        if not stream.eof:  # cut short, or far too long once unpacked
            raise ValueError("incomplete")
        body = json.loads(raw)
    except (zlib.error, ValueError, RecursionError) as exc:
        raise AlteredLink("the link is damaged: it was cut or changed on its way") from exc
    if not isinstance(body, dict) or not isinstance(body.get("n"), int) \
            or isinstance(body.get("n"), bool):
        raise AlteredLink("the link is damaged: it was cut or changed on its way")
    return body


@dataclass(frozen=True)
class Link:
    """A link to send: ``text`` goes after ``#play=`` in the page's address."""

    text: str
    number: int

    def url(self, base: str) -> str:
        """The address to send, the game in its fragment (a server never sees it)."""
        return f"{base}#play={self.text}"


#: The type of each part a link may hold.
_SHAPE = {"g": str, "p": str, "m": str, "e": str, "end": str, "w": str, "s": dict,
          "q": dict, "k": dict, "t": list}


def check_shape(body: dict[str, Any]) -> None:
    """Every part of a link of the type it must have, and no unknown part."""
    for name, value in body.items():
        if name != "n" and not isinstance(value, _SHAPE.get(name, type(None))):
            raise AlteredLink(f"the link is damaged (its part {name[:20]!r})")
    for part in ("q", "k"):
        if not all(isinstance(v, str) for v in body.get(part, {}).values()):
            raise AlteredLink(f"the link is damaged (its part {part!r})")


def pass_gen(name: str) -> int:
    """The deal a pass belongs to, from its name in a link ("c1": pass c of deal 1)."""
    try:
        return int(name[1:])
    except ValueError as exc:
        raise AlteredLink(f"the link holds an unknown part {name[:20]!r}") from exc


def slot_of(text: Any) -> int:
    """A slot named in a link (kahuna.correspondence.deck)."""
    if not isinstance(text, str) or not text.isdigit() or int(text) >= 3 * SLOTS_PER_GEN:
        raise AlteredLink("the link names a card that does not exist")
    return int(text)


def parse_sent(text: Any) -> tuple[Action | None, list[int]]:
    """An action as sent and the slots it names (the action is None for a discard)."""
    if not isinstance(text, str) or len(text) > 80:
        raise AlteredLink("an action of the link is damaged")
    head, _, tail = text.partition("@")
    slots = [slot_of(s) for s in tail.split(".")] if tail else []
    if head == "d":
        if not slots:
            raise AlteredLink("a discard names no card")
        return None, slots
    try:
        action = Action.parse(head)
    except NotationError as exc:
        raise AlteredLink(f"an action of the link is damaged: {exc}") from exc
    if (action.kind in (Kind.PLACE, Kind.REMOVE)) != bool(slots) or action.kind is Kind.DISCARD:
        raise AlteredLink(f"the action {text} names its cards wrongly")
    return action, slots
