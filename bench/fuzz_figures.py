"""Counts for the note of issue 10: each reader of outside data fed N random and mutated
inputs; how many raised an error other than the documented KahunaError subclasses, and
the slowest input's time, making it included (a reader must never hang: the tests check
what is read, this measures how fast, as the tests must not).

    python3 bench/fuzz_figures.py [--inputs 2000] [--seed 1] [--root DIR]

``--root`` runs it against another checkout (a git worktree of an older main), so the
counts before and after a change come from the same inputs. Plain ``random`` here, not
hypothesis: tests/test_fuzz.py is the test; this only counts.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import importlib
import io
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["black", "white", "HUNA", "ALOA-BARI", "pile", "play", "final", "kahuna-record",
         "kahuna-position", "", "ELAI>HUNA", "true"]
#: The page's address parameters (web/state/address.py), and values that once froze it.
ADDRESS_KEYS = ["seed", "pace", "record", "position", "embed", "autoplay", "lang", "x"]
ADDRESS_VALUES = ["", "0", "42", "٣", "9" * 5000, "NaN", "1e400", "%%%", "\x00", "3.", "0.25",
                  "expert", "A" * 20000]


def _module(*names: str):
    """The first of ``names`` that imports (module paths moved between versions)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(names)


def random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth < 3 and roll < 0.25:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 3 and roll < 0.45:
        return {rng.choice(WORDS + ["seed", "actions", "round"]): random_json(rng, depth + 1)
                for _ in range(rng.randrange(4))}
    return rng.choice([None, True, False, rng.randrange(-5, 30), 2.9, 10**rng.randrange(30),
                       float("inf"), float("nan"), rng.choice(WORDS), 10**5000])


def mutate(data: Any, rng: random.Random) -> Any:
    """``data`` with one node replaced, dropped, wrapped or turned into a string."""
    if isinstance(data, (dict, list)) and data and rng.random() < 0.6:
        keys = list(data) if isinstance(data, dict) else list(range(len(data)))
        key = rng.choice(keys)
        copy = dict(data) if isinstance(data, dict) else list(data)
        copy[key] = mutate(data[key], rng)
        return copy
    how = rng.choice(["replace", "drop", "wrap", "string"])
    if how == "replace" or not isinstance(data, (dict, list)) or not data:
        return random_json(rng)
    if how == "wrap":
        return [data]
    if how == "string":
        return json.dumps(data)
    copy = dict(data) if isinstance(data, dict) else list(data)
    del copy[rng.choice(list(copy)) if isinstance(copy, dict) else rng.randrange(len(copy))]
    return copy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root))
    sys.setrecursionlimit(1000)
    kahuna = importlib.import_module("kahuna")
    record_mod = _module("kahuna.notation.record", "kahuna.record")
    link_mod = _module("kahuna.notation.link", "kahuna.link")
    cli = _module("kahuna.tools.cli", "kahuna.cli")
    documented = kahuna.KahunaError

    rng = random.Random(args.seed)
    samples = []
    for seed, cut in ((1, 10), (2, 40), (3, 90), (4, 400)):
        setup = kahuna.Setup(seed=seed, fewer_surprises=seed % 2 == 0)
        state, actions = kahuna.new_game(setup), []
        while len(actions) < cut and not state.is_over:
            actions.append(rng.choice(state.legal_actions()))
            state.do(actions[-1])
        samples.append((kahuna.make_record(setup, actions), kahuna.position_to_json(state)
                        if not state.is_over else {"round": 1}))

    def cli_run(command: str, text: str) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write(text)
        out = io.StringIO()
        with contextlib.redirect_stderr(out), contextlib.redirect_stdout(io.StringIO()):
            cli.main([command, f.name])
        Path(f.name).unlink()

    def record_text() -> str:
        data = mutate(rng.choice(samples)[0], rng)
        try:
            return json.dumps(data)
        except ValueError:  # a number json.dumps will not write: give its digits as text
            return '{"seed": ' + "1" * 5000 + "}"

    parsers = {
        "replay (record)": lambda: kahuna.replay(mutate(rng.choice(samples)[0], rng)),
        "position_from_json": lambda: kahuna.position_from_json(mutate(rng.choice(samples)[1], rng)),
        "setup_from_json": lambda: record_mod.setup_from_json(mutate(samples[0][0]["setup"], rng)),
        "link_url": lambda: link_mod.link_url(mutate(rng.choice(samples)[rng.randrange(2)], rng)),
        "link decode": lambda: link_mod.decode(base64.urlsafe_b64encode(
            rng.choice([record_text(), "[" * 5000 + "]" * 5000, "1" * 5000, "1e400"]).encode()
            if rng.random() < 0.7 else bytes(rng.randrange(256) for _ in range(40))).decode()),
        "Action.parse": lambda: kahuna.Action.parse(random_json(rng)),
        "cli replay": lambda: cli_run("replay", record_text()),
        "cli link": lambda: cli_run("link", record_text()),
    }
    try:
        address = importlib.import_module("web.state.address")
        parsers["address read"] = lambda: address.read(
            [(rng.choice(ADDRESS_KEYS), rng.choice(ADDRESS_VALUES))
             for _ in range(rng.randrange(8))])
    except ImportError:  # a checkout older than web/state/address.py
        pass
    print(f"{args.inputs} inputs per reader, seed {args.seed}, code at {args.root}")
    print(f"{'reader':22s} {'undocumented':>12s} {'slowest ms':>10s}  kinds")
    for name, read in parsers.items():
        kinds: Counter[str] = Counter()
        slowest = 0.0
        for _ in range(args.inputs):
            start = time.perf_counter()
            try:
                read()
            except documented:
                pass
            except Exception as exc:  # noqa: BLE001 - counting what escapes is the point
                kinds[type(exc).__name__] += 1
            slowest = max(slowest, time.perf_counter() - start)
        print(f"{name:22s} {sum(kinds.values()):12d} {slowest * 1000:10.1f}  "
              + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
