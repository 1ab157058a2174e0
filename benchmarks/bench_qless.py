"""Q-Less benchmarks over seeded dice rolls: solvable fraction, solutions per roll, times, difficulty.

Run: python benchmarks/bench_qless.py [--rolls 1000] [--jobs 2] [--cap 10] [--difficulty-only]
Each roll is solved with the default lexicon and in common-words mode (its 10,000 most frequent words):
the first solution (or the proof that there is none), then every solution. Enumerating every solution
stops at `--cap` seconds (such rolls count as "capped": their time and count are lower bounds).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from lexigrid.lexicon import load
from lexigrid.qless import COMMON_WORDS, WEEKDAYS, count_solutions, first_solution, roll, solve
from lexigrid.qless.difficulty import weekday_for
from lexigrid.runner import run

MODES = ("default", "common")


@dataclass
class Measure:
    """One roll solved in one mode."""

    solvable: bool
    first_s: float
    all_s: float
    count: int
    capped: bool


@dataclass
class Outcome:
    """One roll in both modes."""

    seed: int
    letters: str
    measures: dict[str, Measure]


def measure(letters: str, mode: str, cap: float) -> Measure:
    """Time the first solution (or proof of none) and every solution (up to `cap` seconds)."""
    lexicon = load()
    common = COMMON_WORDS if mode == "common" else None
    started = time.perf_counter()
    first = first_solution(letters, lexicon, common=common)
    first_s = time.perf_counter() - started
    count, capped = 0, False
    started = time.perf_counter()
    for _ in solve(letters, lexicon, common=common):
        count += 1
        if count % 256 == 0 and time.perf_counter() - started > cap:
            capped = True
            break
    return Measure(first is not None, first_s, time.perf_counter() - started, count, capped)


def bench_roll(item: tuple[int, float]) -> Outcome:
    """Both modes for the roll of one seed."""
    seed, cap = item
    letters = roll(seed)
    return Outcome(seed, letters, {mode: measure(letters, mode, cap) for mode in MODES})


def quantile(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank); nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> str:
    """Seconds as milliseconds."""
    return f"{seconds * 1000:,.1f}"


def main() -> None:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=1000, help="how many seeded rolls (seeds 0..N-1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--cap", type=float, default=10.0, help="seconds allowed to enumerate one roll")
    parser.add_argument("--difficulty-only", action="store_true", help="only the difficulty classes")
    args = parser.parse_args()
    console = Console()
    first_solution("BFHLRCTTNOAE", load())  # build or load the caches before timing
    if args.difficulty_only:
        rated = run(rate_seed, list(range(args.rolls)), jobs=args.jobs, description="rolls")
        print_classes(console, Counter(rated), args.rolls)
        return
    started = time.perf_counter()
    outcomes = run(
        bench_roll, [(seed, args.cap) for seed in range(args.rolls)], jobs=args.jobs, description="rolls"
    )
    wall = time.perf_counter() - started

    table = Table(title=f"Q-Less: {args.rolls} seeded dice rolls ({args.jobs} processes, {wall:,.0f} s)")
    for column in ("measure", *MODES, "goal"):
        table.add_column(column, justify="left" if column in ("measure", "goal") else "right")
    rows: dict[str, list[str]] = {}
    for mode in MODES:
        ms_ = [o.measures[mode] for o in outcomes]
        solvable = [m for m in ms_ if m.solvable]
        unsolvable = [m for m in ms_ if not m.solvable]
        counts = [float(m.count) for m in ms_]
        done = [m for m in ms_ if m.solvable]
        capped = sum(m.capped for m in ms_)
        cells = {
            "solvable fraction": f"{len(solvable) / len(ms_):.1%}",
            "solutions per roll: median": f"{quantile(counts, 0.5):,.0f}",
            "solutions per roll: mean": f"{statistics.fmean(counts):,.0f}" + ("+" if capped else ""),
            "solutions per roll: max": f"{max(counts):,.0f}" + ("+" if capped else ""),
            "first solution: median ms": ms(quantile([m.first_s for m in solvable], 0.5)),
            "first solution: p90 ms": ms(quantile([m.first_s for m in solvable], 0.9)),
            "first solution: max ms": ms(max((m.first_s for m in solvable), default=float("nan"))),
            "all solutions: median ms": ms(quantile([m.all_s for m in done], 0.5)),
            "all solutions: p90 ms": ms(quantile([m.all_s for m in done], 0.9)),
            "all solutions: max ms": ms(max((m.all_s for m in done), default=float("nan")))
            + (" (capped)" if capped else ""),
            f"all solutions: rolls capped at {args.cap:g} s": str(capped),
            "proof of none: rolls": str(len(unsolvable)),
            "proof of none: median ms": ms(quantile([m.first_s for m in unsolvable], 0.5)),
            "proof of none: p90 ms": ms(quantile([m.first_s for m in unsolvable], 0.9)),
            "proof of none: max ms": ms(max((m.first_s for m in unsolvable), default=float("nan"))),
        }
        for name, value in cells.items():
            rows.setdefault(name, []).append(value)
    goals = {
        "first solution: median ms": "<= 20",
        "all solutions: median ms": "<= 1,000",
        "proof of none: p90 ms": "<= 2,000",
    }
    for name, values in rows.items():
        table.add_row(name, *values, goals.get(name, ""))
    console.print(table)

    classes: Counter[str] = Counter()
    for o in outcomes:
        classes[weekday_for(o.measures["common"].count) or NO_CLASS] += 1
    print_classes(console, classes, len(outcomes))


NO_CLASS = "no common-word solution"


def print_classes(console: Console, classes: Counter[str], rolls: int) -> None:
    """The difficulty classes' shares of the rolls."""
    spread = Table(title=f"Difficulty of {rolls} seeded rolls (common-word solutions; none: never daily)")
    for column in ("class", "rolls", "share", ""):
        spread.add_column(column, justify="left" if column in ("class", "") else "right")
    for name in (*WEEKDAYS, NO_CLASS):
        share = classes[name] / rolls
        spread.add_row(name, str(classes[name]), f"{share:.1%}", "█" * round(share * 100))
    console.print(spread)


def rate_seed(seed: int) -> str:
    """The difficulty class of the roll of one seed (exact common-word count)."""
    return weekday_for(count_solutions(roll(seed), load(), common=COMMON_WORDS)) or NO_CLASS


if __name__ == "__main__":
    main()
