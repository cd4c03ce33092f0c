"""The printed board (docs/rules.md R1): 12 islands, 27 lines, layout positions.

Islands and lines are small integers everywhere in the engine; names appear only in
notation and on screen. The data mirrors ``shared/board.json``; a test keeps them equal.
"""

from __future__ import annotations

ISLANDS: tuple[str, ...] = (
    "ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA",
    "GOLA", "HUNA", "IFFI", "JOJO", "KAHU", "LALE",
)

#: Approximate centres on the printed board, in a 1227 x 980 frame (x right, y down).
FRAME: tuple[int, int] = (1227, 980)
POSITIONS: tuple[tuple[int, int], ...] = (
    (240, 330), (600, 310), (1030, 350), (355, 440), (590, 500), (865, 465),
    (970, 525), (335, 650), (600, 680), (815, 605), (960, 700), (560, 840),
)

_LINE_NAMES = (
    ("ALOA", "BARI"), ("ALOA", "DUDA"), ("ALOA", "HUNA"),
    ("BARI", "COCO"), ("BARI", "DUDA"), ("BARI", "ELAI"), ("BARI", "FAAA"),
    ("COCO", "FAAA"), ("COCO", "GOLA"), ("COCO", "KAHU"),
    ("DUDA", "ELAI"), ("DUDA", "HUNA"),
    ("ELAI", "FAAA"), ("ELAI", "HUNA"), ("ELAI", "IFFI"), ("ELAI", "JOJO"),
    ("FAAA", "GOLA"), ("FAAA", "JOJO"),
    ("GOLA", "JOJO"), ("GOLA", "KAHU"),
    ("HUNA", "IFFI"), ("HUNA", "LALE"),
    ("IFFI", "JOJO"), ("IFFI", "KAHU"), ("IFFI", "LALE"),
    ("JOJO", "KAHU"),
    ("KAHU", "LALE"),
)

ISLAND_INDEX: dict[str, int] = {name: i for i, name in enumerate(ISLANDS)}

#: Each line as a pair of island indices, lower index first.
LINES: tuple[tuple[int, int], ...] = tuple(
    (ISLAND_INDEX[a], ISLAND_INDEX[b]) for a, b in _LINE_NAMES
)
LINE_INDEX: dict[tuple[int, int], int] = {}
for _i, (_a, _b) in enumerate(LINES):
    LINE_INDEX[(_a, _b)] = LINE_INDEX[(_b, _a)] = _i

#: The lines touching each island.
LINES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if island in line) for island in range(len(ISLANDS))
)
DEGREE: tuple[int, ...] = tuple(len(lines) for lines in LINES_OF)
#: Bridges needed for control (R10): more than half of the island's lines.
MAJORITY: tuple[int, ...] = tuple(d // 2 + 1 for d in DEGREE)

N_ISLANDS = len(ISLANDS)
N_LINES = len(LINES)


def line_name(line: int) -> str:
    """``'ALOA-BARI'`` for line 0."""
    a, b = LINES[line]
    return f"{ISLANDS[a]}-{ISLANDS[b]}"


def other_end(line: int, island: int) -> int:
    """The island at the far end of ``line`` from ``island``."""
    a, b = LINES[line]
    return b if a == island else a


#: Each island's lines as (line, island at the far end).
ENDS_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((line, other_end(line, island)) for line in LINES_OF[island])
    for island in range(N_ISLANDS)
)
