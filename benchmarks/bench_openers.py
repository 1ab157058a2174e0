"""Wordle openers: Selby's published optimal totals reproduced, the proof timed on a slice, side by side.

Run: python benchmarks/bench_openers.py [--hard] [--slice N] [--seed S] [--repeat R] [--selby DIR]
Part 1 solves Selby's published openers exactly (each in a fresh solver: CPU seconds each, our total
beside his). Part 2 times a seeded random slice of N allowed first guesses searched against the bar of
the full proof (the best total + 1), in one solver as `wordle openers --all` runs them, and extrapolates
the whole proof on one core. With --selby DIR (Selby's `wordle` built there with its original lists, see
../shared/PEERS.md), part 3 measures both solvers interleaved, R rounds, each run in a fresh process, and
prints medians of CPU seconds: the slice refuted against the bar (`wordle -s -b BAR -t FILE`) and the
SALET tree (`wordle -w salet -p FILE`). Both sides count the search only (his "Time taken", our
process_time around the search), not start-up; Selby's start-up colour table (-e) is written first.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lexigrid.wordle.openers import Task, opener_total
from lexigrid.wordle.words import original

# Alex Selby's proven totals for the original lists (his published tables).
SELBY = {
    False: {"SALET": 7920, "REAST": 7923, "CRATE": 7926, "TRACE": 7926, "SLATE": 7928, "CRANE": 7930},
    True: {"SALET": 8122, "LEAST": 8127, "REAST": 8134},
}
SELBY_LISTS = ["-a", "wordlist_orig_all", "-h", "wordlist_orig_hidden"]


def cpu(task: Task, opener: str) -> tuple[int | None, int | None, bool, float]:
    """An opener's total, lower bound, whether it is exact, and the CPU seconds it took."""
    start = time.process_time()
    row = opener_total(task, opener)
    return row.total, row.lower_bound, row.exact, time.process_time() - start


def published(hard: bool) -> int:
    """Solve Selby's openers exactly and print them beside his totals; return the best total."""
    from lexigrid.wordle.openers import fresh_solvers

    lists = original()
    print(f"| opener ({'hard' if hard else 'normal'}) | ours | Selby | CPU s |")
    print("|---|---|---|---|")
    same = 0
    for opener, theirs in SELBY[hard].items():
        fresh_solvers()
        total, _, _, seconds = cpu(Task(lists, hard), opener)
        same += total == theirs
        print(f"| {opener} | {total} | {theirs} | {seconds:.2f} |", flush=True)
    print(f"\n{same} of {len(SELBY[hard])} published totals reproduced\n")
    return min(SELBY[hard].values())


def slice_openers(size: int, seed: int) -> list[str]:
    """The seeded random slice of allowed first guesses."""
    return random.Random(seed).sample(list(original().guesses), size)


def proof_slice(hard: bool, bar: int, openers: list[str]) -> dict[str, Any]:
    """Each opener of the slice against the bar, in one solver; its rows and CPU seconds."""
    task = Task(original(), hard, bar)
    rows = []
    for opener in openers:
        total, bound, exact, seconds = cpu(task, opener)
        rows.append({"opener": opener, "total": total, "lower_bound": bound, "exact": exact, "cpu": seconds})
    return {"rows": rows, "cpu": sum(r["cpu"] for r in rows)}


def salet_tree(hard: bool) -> dict[str, Any]:
    """The optimal SALET tree (search and tree), CPU seconds."""
    from lexigrid.wordle.optimal import optimal_tree
    from lexigrid.wordle.table import reply_table
    from lexigrid.wordle.tree import check_tree

    lists = original()
    table = reply_table(lists)
    start = time.process_time()
    tree, _ = optimal_tree(table, "SALET", hard=hard)
    seconds = time.process_time() - start
    total = check_tree(tree, lists.answers, frozenset(lists.guesses), hard=hard).total
    return {"cpu": seconds, "total": total}


def ours(case: str, hard: bool, bar: int, openers: list[str]) -> dict[str, Any]:
    """One measurement of ours in a fresh process."""
    args = [sys.executable, __file__, "--case", case, "--bar", str(bar), "--openers", ",".join(openers)]
    done = subprocess.run([*args, *(["--hard"] if hard else [])], capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def selby(directory: Path, args: list[str]) -> dict[str, Any]:
    """One run of Selby's solver: its own CPU figure ("Time taken") and its first-guess lines."""
    done = subprocess.run(
        ["./wordle", *SELBY_LISTS, "-e", *args], cwd=directory, capture_output=True, text=True, check=True
    )
    taken = re.search(r"Time taken = ([0-9.]+)s", done.stdout)
    lines = re.findall(r"First guess (\w+) ([> ])= +(\d+)", done.stdout)
    return {"cpu": float(taken.group(1)) if taken else float("nan"), "lines": lines}


def side_by_side(directory: Path, hard: bool, bar: int, openers: list[str], repeat: int) -> None:
    """Both solvers interleaved, `repeat` rounds: medians of CPU seconds per task."""
    mode = ["-H"] if hard else []
    with tempfile.TemporaryDirectory() as tmp:
        slice_file = Path(tmp) / "slice.txt"
        slice_file.write_text("".join(f"{w.lower()}\n" for w in openers))
        tree_file = Path(tmp) / "tree.txt"
        selby(directory, [*mode, "-w", "salet"])  # writes his start-up table once
        tasks: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[], dict[str, Any]]]] = {
            f"refute {len(openers)} openers against {bar}": (
                lambda: ours("slice", hard, bar, openers),
                lambda: selby(directory, [*mode, "-s", f"-b{bar}", "-t", str(slice_file)]),
            ),
            "SALET tree": (
                lambda: ours("tree", hard, bar, openers),
                lambda: selby(directory, [*mode, "-w", "salet", "-p", str(tree_file)]),
            ),
        }
        print(f"| task ({'hard' if hard else 'normal'}) | lexigrid CPU s | Selby CPU s | ratio | rounds |")
        print("|---|---|---|---|---|")
        for label, (mine, theirs) in tasks.items():
            a, b = [], []
            for _ in range(repeat):
                a.append(mine()["cpu"])
                b.append(theirs()["cpu"])
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"| {label} | {ma:.2f} | {mb:.2f} | {ma / mb:.2f} | {repeat} |", flush=True)


def main() -> None:
    """Parse the options and run the parts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--slice", type=int, default=8, help="random openers to time (0: none)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds with --selby")
    parser.add_argument("--selby", type=Path, help="the folder of Selby's built solver and lists")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--bar", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--openers", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        from lexigrid.wordle.table import reply_table

        reply_table(original())  # loaded before the clock starts, as Selby's start-up table is
        if args.case == "slice":
            print(json.dumps(proof_slice(args.hard, args.bar, args.openers.split(","))))
        else:
            print(json.dumps(salet_tree(args.hard)))
        return
    best = published(args.hard)
    openers = slice_openers(args.slice, args.seed)
    if args.slice:
        found = proof_slice(args.hard, best + 1, openers)
        print(f"| opener | lower bound (bar {best + 1}) | exact | CPU s |")
        print("|---|---|---|---|")
        for row in found["rows"]:
            shown = row["total"] if row["exact"] else row["lower_bound"]
            print(f"| {row['opener']} | {shown} | {row['exact']} | {row['cpu']:.2f} |")
        times = [r["cpu"] for r in found["rows"]]
        every = len(original().guesses)
        print(
            f"\nslice of {args.slice} (seed {args.seed}): CPU s median {statistics.median(times):.2f}"
            f" / mean {statistics.fmean(times):.2f} / max {max(times):.2f}"
        )
        print(f"whole proof ({every:,} openers), 1 core: {statistics.fmean(times) * every / 3600:,.2f} h\n")
    if args.selby:
        side_by_side(args.selby, args.hard, best + 1, openers, args.repeat)


if __name__ == "__main__":
    main()
