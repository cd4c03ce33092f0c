"""A second, deliberately plain reading of docs/rules.md, used only to cross-check the engine.

It works on position JSON (docs/notation.md) and reads the board from tests/data/board.json,
sharing no code with ``kahuna.rules.state``. Control is never stored: it is recomputed from the
bridges every time (R10), so the engine's incremental tokens are checked against it.
Slow on purpose; it only has to be obviously right.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

BOARD = json.loads((Path(__file__).parent / "data" / "board.json").read_text(encoding="utf-8"))
ISLANDS = list(BOARD["islands"])
ORDER = {name: i for i, name in enumerate(ISLANDS)}
LINES = ["-".join(pair) for pair in BOARD["lines"]]
LINE_ORDER = {line: i for i, line in enumerate(LINES)}
COLOURS = ("black", "white")


def ends(line: str) -> list[str]:
    return line.split("-")


def other(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


def owner_of(pos: dict[str, Any], line: str) -> str | None:
    return next((c for c in COLOURS if line in pos["bridges"][c]), None)


def controller(pos: dict[str, Any], island: str) -> str | None:
    """R10: more than half of all the island's lines."""
    lines = [line for line in LINES if island in ends(line)]
    for colour in COLOURS:
        if 2 * sum(line in pos["bridges"][colour] for line in lines) > len(lines):
            return colour
    return None


def board_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def legal(pos: dict[str, Any]) -> set[str]:
    """Every legal action, as notation."""
    me = pos["to_move"]
    opp = other(me)
    free = [line for line in LINES if owner_of(pos, line) is None]
    if pos["phase"] == "handicap":  # R7
        return {f"h:{line}" for line in free}
    hand = Counter(pos["hands"][me])
    supply = 25 - len(pos["bridges"][me])  # R3

    def blocked(line: str) -> bool:  # V1
        return pos["variants"]["fewer_surprises"] and any(
            controller(pos, end) == opp for end in ends(line))

    acts = set()
    freed = pos["free_line"]
    if freed and freed in free and supply and not blocked(freed):
        acts.add(f"f:{freed}")
    for line in free:  # R8
        a, b = ends(line)
        for card, far in ((a, b), (b, a)):
            if hand[card] and supply and not blocked(line):
                acts.add(f"{card}>{far}")
    for line in pos["bridges"][opp]:  # R9
        a, b = ends(line)
        for x, y in ((a, a), (a, b), (b, b)):
            if hand[x] and hand[y] and (x != y or hand[x] >= 2):
                acts.add(f"{x}+{y}/{line}")
    if sum(hand.values()) == 5:  # R9a
        kinds = board_order(list(hand))
        for counts in product(*(range(hand[k] + 1) for k in kinds)):
            cards = [k for k, n in zip(kinds, counts) for _ in range(n)]
            if cards:
                acts.add("d:" + "+".join(cards))
    display = [c for c in pos["display"] if c]
    if pos["phase"] == "final" or (not pos["pile"] and not display):  # R15, R20
        acts.add("pass")
    else:
        if sum(hand.values()) < 5:  # R12, R14
            acts.update(f"take:{c}" for c in display)
            if pos["pile"]:
                acts.add("pile")
        if not pos["opponent_abstained"]:  # R13
            acts.add("pass")
    return acts


def apply(pos: dict[str, Any], text: str) -> dict[str, Any]:
    """The position after ``text`` (which must be legal). A finished game gets the key
    ``outcome`` = (winner colour or None, "scoring" or "early") and keeps its scorings.
    After an interim scoring the new pile's order is unknown: ``pile`` then holds the
    cards of the new pile and display together, sorted, and ``display`` is None."""
    pos = copy.deepcopy(pos)
    me = pos["to_move"]
    opp = other(me)
    v2 = pos["variants"]["open_draws"]
    pos["free_line"] = None

    def spend(card: str) -> None:
        pos["hands"][me].remove(card)
        if card in pos["known"][me]:
            pos["known"][me].remove(card)

    def build(line: str) -> None:  # R10, R11
        before = {i: controller(pos, i) for i in ends(line)}
        pos["bridges"][me].append(line)
        gained = [i for i in ends(line) if before[i] != me and controller(pos, i) == me]
        pos["bridges"][opp] = [x for x in pos["bridges"][opp]
                               if not set(ends(x)) & set(gained)]

    if text.startswith("h:"):
        build(text[2:])
        pos["handicap_left"] -= 1
        if not pos["handicap_left"]:
            pos["phase"], pos["to_move"] = "play", pos["first"]
    elif text.startswith("f:"):
        build(text[2:])
    elif text.startswith("d:"):
        cards = text[2:].split("+")
        for card in cards:
            pos["hands"][me].remove(card)
        known = Counter(pos["known"][me])
        hand = Counter(pos["hands"][me])
        if v2:  # hidden copies go first
            known = Counter({c: min(n, hand[c]) for c, n in known.items()})
        else:  # any len(cards) of the known cards may have gone
            known = Counter({c: max(0, n - len(cards)) for c, n in known.items()})
        pos["known"][me] = board_order(list(known.elements()))
        pos["discard"]["down"] += cards
    elif "/" in text:
        cards, line = text.split("/")
        for card in cards.split("+"):
            spend(card)
            pos["discard"]["up"].append(card)
        pos["bridges"][opp].remove(line)
        if pos["variants"]["fewer_surprises"]:
            pos["free_line"] = line
    elif ">" in text:
        card, far = text.split(">")
        spend(card)
        pos["discard"]["up"].append(card)
        build("-".join(board_order([card, far])))
    else:
        end_turn(pos, me, text)
    pos["bridges"] = {c: sorted(pos["bridges"][c], key=LINE_ORDER.__getitem__)
                      for c in COLOURS}
    if pos["scorings"] and "outcome" not in pos:  # R23
        empty = [c for c in COLOURS if not pos["bridges"][c]]
        if len(empty) == 1:
            pos["outcome"] = (other(empty[0]), "early")
    return pos


def end_turn(pos: dict[str, Any], me: str, text: str) -> None:
    """Phase B (R12-R15) and what follows it (R16-R22)."""
    if text.startswith("take:"):
        card = text[5:]
        slot = pos["display"].index(card)
        pos["display"][slot] = pos["pile"].pop(0) if pos["pile"] else None
        pos["hands"][me].append(card)
        pos["known"][me].append(card)
    elif text == "pile":
        pos["hands"][me].append(pos["pile"].pop(0))
    pos["hands"][me] = board_order(pos["hands"][me])
    pos["known"][me] = board_order(pos["known"][me])
    pos["opponent_abstained"] = text == "pass"
    pos["to_move"] = other(me)
    held = [sum(controller(pos, i) == c for i in ISLANDS) for c in COLOURS]
    if pos["phase"] == "final":  # R20, R21, R22
        pos["final_turns"] -= 1
        if not pos["final_turns"]:
            diff = held[0] - held[1]
            pos["scorings"].append([max(diff, 0), max(-diff, 0)])
            totals = [sum(s[k] for s in pos["scorings"]) for k in (0, 1)]
            bridges = [len(pos["bridges"][c]) for c in COLOURS]
            if totals[0] != totals[1]:
                winner = COLOURS[totals[1] > totals[0]]
            elif diff:
                winner = COLOURS[diff < 0]
            elif totals == [0, 0] and bridges[0] != bridges[1]:
                winner = COLOURS[bridges[1] > bridges[0]]
            else:
                winner = None
            pos["outcome"] = (winner, "scoring")
        return
    if text == "pass" or pos["pile"] or any(pos["display"]):
        return
    if pos["round"] == 3:  # R20
        pos["phase"], pos["final_turns"], pos["opponent_abstained"] = "final", 2, False
        return
    points = pos["round"]  # R17: 1, then 2
    pos["scorings"].append([points * (held[0] > held[1]), points * (held[1] > held[0])])
    pos["round"] += 1
    # R18: the new pile is the discard pile in an order the reference cannot know
    pos["pile"] = sorted(pos["discard"]["up"] + pos["discard"]["down"])
    pos["display"] = None
    pos["discard"] = {"up": [], "down": []}
    pos["opponent_abstained"] = False
