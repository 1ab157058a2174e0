"""Q-Less survey costs: the distinct multisets of the dice, solve time per roll, the exact survey's cost.

Run: python benchmarks/bench_qless_survey.py [--sample 300] [--seed 0] [--workers 2 16 64 256]
Counts every distinct letter multiset the 12 dice can show (and the time and memory that takes), then
times the solvability check (first solution, or the proof of none) on a seeded uniform sample of those
multisets and on as many seeded rolls, in both word modes (CPU seconds, this process). The exact
survey's cost is multisets x mean time per multiset (the median is shown too), on 1 core and N workers;
the sampled survey's throughput is rolls per CPU second per core.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

import numpy as np

from lexigrid.lexicon import load
from lexigrid.qless import first_solution, roll
from lexigrid.qless.survey import letters_of, multisets

MODES = {"all words": None, "common 10000": 10_000}


def cpu_times(rolls: list[str], common: int | None) -> tuple[list[float], int]:
    """CPU seconds of each roll's check, and how many were unsolvable."""
    lex = load()
    first_solution(rolls[0], lex, common=common)  # tables loaded outside the timing
    times, bad = [], 0
    for letters in rolls:
        start = time.process_time()
        bad += first_solution(letters, lex, common=common) is None
        times.append(time.process_time() - start)
    return times, bad


def main() -> None:
    """Count, sample, time and extrapolate; print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, nargs="*", default=[2, 16, 64, 256])
    args = parser.parse_args()
    start = time.process_time()
    keys, weights = multisets()
    counted = time.process_time() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"distinct multisets: {len(keys):,} (of {int(weights.sum()):,} face outcomes), counted in "
        f"{counted:.1f} s CPU, peak RSS {rss:,.0f} MiB\n"
    )
    rng = np.random.default_rng(args.seed)
    sample = [letters_of(int(k)) for k in rng.choice(keys, args.sample, replace=False)]
    rolls = [roll(seed) for seed in range(args.sample)]
    count = len(keys)
    del keys, weights
    print("| mode | what | n | unsolvable | CPU ms median | mean | exact survey, 1 core | per core |")
    print("|---|---|---|---|---|---|---|---|")
    for mode, common in MODES.items():
        for what, letters in (("multisets", sample), ("seeded rolls", rolls)):
            times, bad = cpu_times(letters, common)
            mean = statistics.fmean(times)
            hours = count * mean / 3600
            per_core = f"{1 / mean:,.0f} rolls/s"
            cost = f"{hours:,.1f} h" if what == "multisets" else "-"
            print(
                f"| {mode} | {what} | {len(letters)} | {bad} | {statistics.median(times) * 1000:.2f} | "
                f"{mean * 1000:.2f} | {cost} | {per_core} |",
                flush=True,
            )
            if what == "multisets":
                for n in args.workers:
                    print(f"|  |  |  |  |  |  | {n} workers: {hours / n:,.2f} h |  |")


if __name__ == "__main__":
    main()
