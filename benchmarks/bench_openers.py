"""Wordle openers: Selby's published optimal totals reproduced, and the full proof timed on a slice.

Run: python benchmarks/bench_openers.py [--hard] [--slice N] [--seed S] [--workers N ...]
Part 1 solves Selby's published openers exactly (CPU seconds each, our total beside his). Part 2 times
a seeded random slice of N allowed first guesses searched against the bar of the full proof (the best
total + 1, as `wordle openers --all` does once its seeds are solved) and extrapolates the whole proof:
mean CPU per opener x 12,972 on one core, and divided by the workers of a cluster (each opener is one
independent task, so the work splits evenly up to the slowest opener).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from lexigrid.wordle.openers import Task, opener_total
from lexigrid.wordle.words import original

# Alex Selby's proven totals for the original lists (his published tables).
SELBY = {
    False: {"SALET": 7920, "REAST": 7923, "CRATE": 7926, "TRACE": 7926, "SLATE": 7928, "CRANE": 7930},
    True: {"SALET": 8122, "LEAST": 8127, "REAST": 8134},
}


def cpu(task: Task, opener: str) -> tuple[int | None, bool, float]:
    """An opener's total, whether it is exact, and the CPU seconds it took."""
    start = time.process_time()
    row = opener_total(task, opener)
    return row.total, row.exact, time.process_time() - start


def published(hard: bool) -> int:
    """Solve Selby's openers exactly and print them beside his totals; return the best total."""
    lists = original()
    print(f"| opener ({'hard' if hard else 'normal'}) | ours | Selby | CPU s |")
    print("|---|---|---|---|")
    same = 0
    for opener, theirs in SELBY[hard].items():
        total, _, seconds = cpu(Task(lists, hard), opener)
        same += total == theirs
        print(f"| {opener} | {total} | {theirs} | {seconds:.2f} |", flush=True)
    print(f"\n{same} of {len(SELBY[hard])} published totals reproduced\n")
    return min(SELBY[hard].values())


def proof_slice(hard: bool, best: int, size: int, seed: int, workers: list[int]) -> None:
    """Time a random slice of openers against the proof's bar and extrapolate the whole proof."""
    lists = original()
    openers = random.Random(seed).sample(list(lists.guesses), size)
    task = Task(lists, hard, best + 1)
    print(f"| opener | lower bound (bar {best + 1}) | exact | CPU s |")
    print("|---|---|---|---|")
    times = []
    for opener in openers:
        total, exact, seconds = cpu(task, opener)
        times.append(seconds)
        print(f"| {opener} | {total} | {exact} | {seconds:.1f} |", flush=True)
    mean, every = statistics.fmean(times), len(lists.guesses)
    print(
        f"\nslice of {size} (seed {seed}): CPU s min {min(times):.1f} / median {statistics.median(times):.1f}"
        f" / mean {mean:.1f} / max {max(times):.1f}"
    )
    print(f"whole proof ({every:,} openers), 1 core: {mean * every / 3600:,.1f} h")
    for n in workers:
        print(f"whole proof, {n} workers: {mean * every / 3600 / n:,.1f} h")


def main() -> None:
    """Parse the options and run both parts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--slice", type=int, default=8, help="random openers to time (0: none)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--workers", type=int, nargs="*", default=[2, 16, 64, 256])
    args = parser.parse_args()
    best = published(args.hard)
    if args.slice:
        proof_slice(args.hard, best, args.slice, args.seed, args.workers)


if __name__ == "__main__":
    main()
