"""How well a level's trials tell different phase As apart: at turn starts of expert
self-play, the best plan of each of the beam's first ``--phases`` different phase As
(R8-R15: the bridges of a turn, then its draw), each tried in the same ``--trials``
sampled worlds; how far apart their mean values are, against the noise of a few trials.

    .venv/bin/python bench/trial_noise.py [--games 3] [--every 4] [--phases 6] \
        [--trials 40] [master:reply_view=1,decoys=3]

Per position: the phase A the beam ranks first (the static evaluation's choice), the one
whose trials' mean is best, the gap between those two means over the standard error of
the paired difference at 5 trials each (what the first round of the master's successive
halving gives each of 12 plans) and at ``--trials``, and how many actions each plays.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.decision_stability import expert_turn_starts  # noqa: E402
from kahuna.players.levels import make_player  # noqa: E402
from kahuna.players.plans import Plan, plans  # noqa: E402
from kahuna.players.protocol import run_to_end  # noqa: E402
from kahuna.players.search import _distinct_phase_a, trial  # noqa: E402
from kahuna.rules.observation import Observation  # noqa: E402


def trial_values(spec: str, obs: Observation, phases: int, trials: int,
                 seed: int) -> list[tuple[Plan, list[float]]]:
    """For each of the first ``phases`` phase As the beam ranks (best first), its best
    plan and that plan's values in the same ``trials`` worlds."""
    level = make_player(spec).level
    rng = random.Random(seed)
    ranked = run_to_end(plans(obs.sample_state(rng), level.width, level.depth, level.weights,
                              decoys=level.decoys))
    candidates = _distinct_phase_a(ranked, phases)
    worlds = [obs.sample_state(rng) for _ in range(trials)]
    return [(plan, [run_to_end(trial(w, plan, obs.seat, level)).value for w in worlds])
            for plan in candidates]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("spec", nargs="?", default="master:reply_view=1,decoys=3")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=4, help="every n-th turn start")
    parser.add_argument("--phases", type=int, default=6)
    parser.add_argument("--trials", type=int, default=40)
    args = parser.parse_args(argv)
    rows = []
    known = 0  # turn starts where the seat knows every card of the opponent's hand (R24)
    for start, obs in expert_turn_starts(args.games, args.every):
        values = trial_values(args.spec, obs, args.phases, args.trials, start)
        if len(values) > 1:
            rows.append(values)
            known += sum(obs.known[1 - obs.seat]) == obs.hand_sizes[1 - obs.seat]
    sds, leads, lengths = [], [], []  # the last two where the trials' best is another
    for row in rows:
        values = [v for _, v in row]
        means = [statistics.fmean(v) for v in values]
        best = max(range(len(means)), key=means.__getitem__)
        sds += [statistics.stdev(v) for v in values]
        if best == 0:
            continue
        lengths.append((len(row[0][0]) - 1, len(row[best][0]) - 1))
        sd = statistics.stdev(a - b for a, b in zip(values[best], values[0]))
        # the lead over one trial's paired spread; at n trials each, times sqrt(n)
        leads.append((means[best] - means[0]) / sd if sd else float("inf"))
    print(f"{len(rows)} turn starts of {args.games} expert games, {args.spec}, up to "
          f"{args.phases} phase As each, {args.trials} shared worlds")
    print(f"  one trial's value: median standard deviation {statistics.median(sds):.2f} points; "
          f"the opponent's hand wholly known (only the pile's order differs between worlds) "
          f"at {known} of {len(rows)}")
    print(f"  the trials' best phase A is not the beam's first in {len(leads)} of {len(rows)}")
    if leads:
        lead, at_n = statistics.median(leads), args.trials ** 0.5
        print(f"  there, its lead over the beam's first in standard errors of the paired "
              f"difference: median {lead * 5 ** 0.5:.2f} at 5 trials, {lead * at_n:.2f} at "
              f"{args.trials} (over 2 at {args.trials}: {sum(x * at_n > 2 for x in leads)} "
              f"of {len(leads)})")
        beam, trials = (statistics.fmean(side) for side in zip(*lengths))
        print(f"  there, actions in phase A: the beam's first {beam:.2f}, the trials' best "
              f"{trials:.2f} on average; the trials' best plays none where the beam's first "
              f"plays some in {sum(b == 0 < a for a, b in lengths)} of {len(lengths)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
