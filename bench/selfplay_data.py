"""Self-play games of a fast whole-turn policy, written as compact records for the fit of
the master's model of the chance to win (``bench/fit_model.py``, issue 34).

    nice -n 19 .venv/bin/python bench/selfplay_data.py --games 4000 --seed 100 \
        --out bench/data/casual-100.jsonl.gz [--level casual] [--model] [--variants V1,V2]

Each line of the output (gzip, JSON lines) is one game: its deal, its variants, its
actions in notation and the winner (null for a draw), so the positions are replayed,
not stored, and a new feature needs no new games. ``--model`` plays the level with the
fitted model (``kahuna/players/fitted_model.py``) as its evaluation: the games of the
improved policy, for the refit. The output is appended to, one game at a time, so a run
stopped early keeps what it played; ``bench/data/`` is not committed (.gitignore).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna.tools.model_fit import game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--level", default="casual")
    parser.add_argument("--model", action="store_true",
                        help="evaluate with the fitted model (kahuna/players/fitted_model.py)")
    parser.add_argument("--variants", default="", help="e.g. V1,V2 (docs/rules.md)")
    parser.add_argument("--out", required=True, help="gzip JSON lines, appended to")
    args = parser.parse_args(argv)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    for i in range(args.games):
        line = game(args.level, args.seed * 1_000_003 + i, args.variants, args.model)
        with gzip.open(args.out, "at") as out:  # a member per game: a stopped run keeps all
            out.write(json.dumps(line) + "\n")
        if (i + 1) % 100 == 0:
            print(f"{i + 1} games", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
