"""Fit the master's model of the chance to win (``kahuna/players/model.py``, issue 34):
one logistic weight vector per round, L2-regularised, by Newton's method, on the
positions at the start of every turn of self-play games (``bench/selfplay_data.py``),
from both seats' views, each labelled with that seat's result (1 won, 0.5 drawn, 0 lost).

    nice -n 19 .venv/bin/python bench/fit_model.py bench/data/casual-100.jsonl.gz [MORE ...]
        [--l2 1.0] [--write]

The even-numbered games of each file are fitted, the odd ones only checked; the check's
loss is printed beside that of the master's evaluation of today (``FITTED`` weights,
``sigmoid(value / 2.15)``). ``--write`` writes the weights as plain numbers into
``kahuna/players/fitted_model.py``, which the page imports (no numpy there). A better
loss is not yet a stronger player: judge the weights by matches
(``python -m kahuna tournament master master@ROOT``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kahuna.players.model import NAMES  # noqa: E402
from kahuna.tools.model_fit import collect, fit, loss, module_text  # noqa: E402


def records(paths: list[str]) -> Iterator[dict]:
    """The games of the files ``paths`` (gzip JSON lines of ``bench/selfplay_data.py``);
    a last line cut short (a run still writing) is left out."""
    for path in paths:
        with gzip.open(path, "rt") as lines:
            try:
                for text in lines:
                    yield json.loads(text)
            except (EOFError, json.JSONDecodeError):
                continue


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="gzip JSON lines of bench/selfplay_data.py")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--write", action="store_true",
                        help="write the weights into kahuna/players/fitted_model.py")
    args = parser.parse_args(argv)
    train, check, n = collect(records(args.data))
    print(f"{n} games; rows fitted per round {[sum(v[0] for v in r.values()) for r in train]}",
          flush=True)
    rounds = []
    for r in range(3):
        w = fit(train[r], args.l2)
        rounds.append(w)
        fitted, old = loss(check[r], w)
        print(f"round {r + 1}: check loss {fitted:.5f} (today's evaluation {old:.5f}); "
              f"fitted rows {loss(train[r], w)[0]:.5f}", flush=True)
    for i, name in enumerate(NAMES):
        print(f"  {name:>24} " + " ".join(f"{w[i]:8.3f}" for w in rounds))
    if args.write:
        (ROOT / "kahuna" / "players" / "fitted_model.py").write_text(
            module_text(rounds, args.data, args.l2))
        print("written: kahuna/players/fitted_model.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
