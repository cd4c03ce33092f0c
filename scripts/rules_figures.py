"""The rules page's boards (scripts/rules_page.py): for each, the position it pictures,
what "Try it" opens in the live frame (web/learn/modes.py), and the facts its captions state,
which tests/test_rules_page.py checks with the engine. The captions themselves are in
docs/rules/<lang>.md, one per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kahuna import RECORD_FORMAT, RECORD_VERSION
from kahuna.notation.link import encode


@dataclass(frozen=True)
class Claim:
    """What holds after ``after`` (actions played from the figure's position): ``black``
    and ``white`` control exactly those islands (None: not claimed); the ``legal`` actions
    are on offer and the ``illegal`` ones are not; the lines ``gone`` hold no bridge;
    ``winner`` has won ("" : not claimed)."""

    after: tuple[str, ...] = ()
    black: tuple[str, ...] | None = None
    white: tuple[str, ...] | None = None
    legal: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()
    winner: str = ""


@dataclass(frozen=True)
class Figure:
    """One board of the page: ``position`` (sparse JSON, docs/notation.md) is drawn;
    ``live`` is the embed's mode and options ("puzzle&goal=gain:ELAI"); the frame gets
    the position, or a record of it and ``actions`` when there are any."""

    name: str
    position: dict[str, Any]
    live: str
    claims: tuple[Claim, ...]
    actions: tuple[str, ...] = ()
    seed: int = 0

    def record(self) -> dict[str, Any]:
        """The figure as a game record: its position, then its actions."""
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "position": self.position,
                "seed": self.seed, "actions": list(self.actions)}

    def query(self) -> str:
        """The live board's query (``embed`` and ``lang`` are added by the page)."""
        data = (f"record={encode(self.record())}" if self.actions
                else f"position={encode(self.position)}")
        return f"mode={self.live}&{data}"


def _bridges(black: list[str], white: list[str]) -> dict[str, list[str]]:
    return {"black": black, "white": white}


# The rulebook's worked example (docs/rules.md, its end; tests/test_worked_example.py builds the
# same position): two turns of White, then one of Black.
WORKED = {
    "to_move": "white",
    "bridges": _bridges(["ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE",
                         "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO"],
                        ["ALOA-DUDA", "DUDA-HUNA", "DUDA-ELAI", "BARI-COCO", "BARI-ELAI",
                         "ELAI-HUNA"]),
    "hands": {"white": ["ALOA", "BARI", "KAHU"], "black": ["ELAI", "HUNA", "HUNA"]},
    "display": ["GOLA", "JOJO", "LALE"],
}
WORKED_ACTIONS = ("BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA")

FIGURES: tuple[Figure, ...] = (
    # R1, R6: a dealt game, nothing built yet.
    Figure("board", {"hands": {"black": ["BARI", "ELAI", "KAHU"],
                               "white": ["ALOA", "GOLA", "IFFI"]},
                     "display": ["COCO", "HUNA", "LALE"]},
           "diagram&explore", (Claim(black=(), white=(), legal=("ELAI>HUNA",)),)),
    # R8: an ELAI card builds on any free line of ELAI.
    Figure("place", {"bridges": _bridges(["BARI-ELAI"], ["DUDA-HUNA"]),
                     "hands": {"black": ["ELAI", "GOLA", "IFFI"], "white": ["COCO", "LALE"]}},
           "diagram&explore",
           (Claim(legal=("ELAI>DUDA", "ELAI>FAAA", "ELAI>HUNA", "ELAI>IFFI", "ELAI>JOJO"),
                  illegal=("ELAI>BARI",)),)),
    # R10: three of HUNA's five lines are a majority, three of ELAI's six are not.
    Figure("control", {"to_move": "white",
                       "bridges": _bridges(["ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE"],
                                           ["ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO"]),
                       "hands": {"white": ["ELAI", "BARI", "COCO"], "black": ["GOLA", "KAHU"]}},
           "puzzle&goal=gain:ELAI",
           (Claim(black=("HUNA",), white=()),
            Claim(after=("ELAI>HUNA",), black=("HUNA",), white=("ELAI",)))),
    # R11: White takes JOJO; Black's bridges on JOJO's lines go, and Black loses KAHU.
    Figure("cascade", {"to_move": "white",
                       "bridges": _bridges(["JOJO-KAHU", "IFFI-KAHU", "GOLA-KAHU", "IFFI-JOJO"],
                                           ["GOLA-JOJO", "FAAA-JOJO"]),
                       "hands": {"white": ["JOJO", "ALOA", "DUDA"], "black": ["BARI", "HUNA"]}},
           "puzzle&goal=gain:JOJO",
           (Claim(black=("KAHU",), white=()),
            Claim(after=("JOJO>ELAI",), black=(), white=("JOJO",),
                  gone=("IFFI-JOJO", "JOJO-KAHU")))),
    # R9, R11: two cards of the line's ends take White's bridge away, and HUNA with it.
    Figure("remove", {"bridges": _bridges(["ALOA-BARI"], ["ELAI-HUNA", "DUDA-HUNA", "HUNA-IFFI"]),
                      "hands": {"black": ["HUNA", "IFFI", "COCO"], "white": ["GOLA", "LALE"]}},
           "puzzle&goal=remove:HUNA-IFFI",
           (Claim(black=(), white=("HUNA",), legal=("HUNA+IFFI/HUNA-IFFI",),
                  illegal=("HUNA+IFFI/ELAI-HUNA",)),
            Claim(after=("HUNA+IFFI/HUNA-IFFI",), black=(), white=(), gone=("HUNA-IFFI",)))),
    # R12-R14: five cards and an opponent who drew nothing: play or discard first.
    Figure("hand", {"opponent_abstained": True,
                    "bridges": _bridges(["ALOA-BARI", "BARI-COCO"], ["GOLA-KAHU", "FAAA-GOLA"]),
                    "hands": {"black": ["ALOA", "DUDA", "ELAI", "ELAI", "LALE"],
                              "white": ["COCO", "HUNA"]}},
           "diagram&explore",
           (Claim(legal=("d:LALE", "ELAI>IFFI"), illegal=("pass", "pile")),
            Claim(after=("ELAI>IFFI",), legal=("pile",), illegal=("pass",)))),
    # R16-R17: Black takes the last card of the round and wins the first scoring.
    Figure("scoring", {"display": ["GOLA", None, None], "pile": [],
                       "bridges": _bridges(["ALOA-BARI", "ALOA-HUNA", "HUNA-LALE", "IFFI-LALE",
                                            "BARI-COCO", "COCO-FAAA", "COCO-GOLA"],
                                           ["JOJO-KAHU", "IFFI-KAHU", "GOLA-KAHU",
                                            "DUDA-ELAI", "ALOA-DUDA", "DUDA-HUNA"]),
                       "hands": {"black": ["ELAI"], "white": ["BARI"]},
                       "discard": {"up": ["ALOA", "ALOA", "BARI", "COCO", "COCO", "DUDA",
                                          "DUDA", "ELAI", "FAAA", "FAAA", "GOLA", "HUNA",
                                          "HUNA", "IFFI", "IFFI", "JOJO", "JOJO", "KAHU",
                                          "KAHU", "LALE", "LALE"]}},
           "puzzle&goal=score",
           (Claim(black=("ALOA", "COCO", "LALE"), white=("DUDA", "KAHU"),
                  legal=("take:GOLA",)),)),
    # R23: in the second round, White's last bridge goes and the game ends at once.
    Figure("early", {"round": 2, "scorings": [[0, 1]],
                     "bridges": _bridges(["ALOA-BARI", "BARI-ELAI"], ["ELAI-IFFI"]),
                     "hands": {"black": ["ELAI", "IFFI", "KAHU"], "white": ["COCO", "JOJO"]}},
           "puzzle&goal=remove:ELAI-IFFI",
           (Claim(after=("ELAI+IFFI/ELAI-IFFI",), gone=("ELAI-IFFI",), winner="black"),)),
    # V1: no bridge on a line of an island the opponent controls.
    Figure("fewer", {"variants": {"fewer_surprises": True, "open_draws": False},
                     "bridges": _bridges(["ALOA-HUNA"], ["ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO",
                                                        "ELAI-HUNA"]),
                     "hands": {"black": ["ELAI", "DUDA", "IFFI"], "white": ["COCO", "LALE"]}},
           "diagram&explore",
           (Claim(white=("ELAI",), legal=("DUDA>ALOA", "IFFI>HUNA"),
                  illegal=("ELAI>DUDA", "ELAI>BARI", "DUDA>ELAI")),)),
    # The rulebook's worked example, step by step.
    Figure("worked", WORKED, "sequence", (
        Claim(black=("ALOA", "HUNA"), white=("DUDA",)),
        Claim(after=WORKED_ACTIONS[:1], black=("HUNA",), white=("BARI", "DUDA"),
              gone=("ALOA-BARI",)),
        Claim(after=WORKED_ACTIONS[:2], black=(), white=("ALOA", "BARI", "DUDA"),
              gone=("ALOA-HUNA",)),
        Claim(after=WORKED_ACTIONS, black=("ELAI", "HUNA"), white=("ALOA", "BARI"),
              gone=("DUDA-HUNA", "DUDA-ELAI", "BARI-ELAI"))),
           actions=WORKED_ACTIONS),
)
