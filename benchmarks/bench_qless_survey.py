"""Q-Less survey costs: the dice's distinct multisets, the solvability check's time, the exact survey's cost.

Run: python benchmarks/bench_qless_survey.py [--sample 300] [--seed 0] [--repeats 5] [--workers 2 16 64 256]
Counts every distinct letter multiset the 12 dice can show (and the time and memory that takes), then
times the solvability check on a seeded uniform sample of those multisets and on as many seeded rolls,
in both word modes (CPU seconds, this process): one call per roll (median and mean; `first_solution`
beside it for comparison), and the whole sample in one call as the survey makes it (the median of
`--repeats` runs). The exact survey's cost is multisets x that time per multiset, on 1 core and N
workers; the sampled survey's throughput is rolls per CPU second per core.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

import numpy as np

from lexigrid.lexicon import load
from lexigrid.qless import first_solution, roll
from lexigrid.qless.solver import solvable
from lexigrid.qless.survey import letters_of, multisets

MODES = {"all words": None, "common 10000": 10_000}


def one_at_a_time(rolls: list[str], common: int | None, check: str) -> tuple[list[float], int]:
    """CPU seconds of each roll's check (`solvable` or `first_solution`), and how many were unsolvable."""
    lex = load()
    solvable(rolls[:1], lex, common=common)  # tables loaded outside the timing
    first_solution(rolls[0], lex, common=common)
    times, bad = [], 0
    for letters in rolls:
        start = time.process_time()
        if check == "solvable":
            bad += not solvable([letters], lex, common=common)[0]
        else:
            bad += first_solution(letters, lex, common=common) is None
        times.append(time.process_time() - start)
    return times, bad


def in_bulk(rolls: list[str], common: int | None, repeats: int) -> float:
    """CPU seconds per roll of one `solvable` call over all the rolls (the median of `repeats` runs)."""
    lex = load()
    runs = []
    for _ in range(repeats):
        start = time.process_time()
        solvable(rolls, lex, common=common)
        runs.append((time.process_time() - start) / len(rolls))
    return statistics.median(runs)


def main() -> None:
    """Count, sample, time and extrapolate; print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=5)
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
    print(
        "| mode | what | n | unsolvable | check, one call each: CPU ms median | mean | first_solution mean "
        "| in one call: CPU ms each | exact survey, 1 core | per core |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for mode, common in MODES.items():
        for what, letters in (("multisets", sample), ("seeded rolls", rolls)):
            times, bad = one_at_a_time(letters, common, "solvable")
            first, _ = one_at_a_time(letters, common, "first_solution")
            bulk = in_bulk(letters, common, args.repeats)
            hours = count * bulk / 3600
            cost = f"{hours:,.2f} h" if what == "multisets" else "-"
            print(
                f"| {mode} | {what} | {len(letters)} | {bad} | {statistics.median(times) * 1000:.3f} | "
                f"{statistics.fmean(times) * 1000:.3f} | {statistics.fmean(first) * 1000:.3f} | "
                f"{bulk * 1000:.3f} | {cost} | {1 / bulk:,.0f} rolls/s |",
                flush=True,
            )
            if what == "multisets":
                for n in args.workers:
                    print(f"|  |  |  |  |  |  |  |  | {n} workers: {hours / n:,.3f} h |  |")


if __name__ == "__main__":
    main()
