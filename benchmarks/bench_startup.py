"""One-shot speed: each CLI command as a whole cold process (CPU, wall, peak RSS) against `python3 -c pass`.

Run: python benchmarks/bench_startup.py [--runs N] [--fresh]
  --fresh  also time the demo's commands in order on an empty cache, then the whole `lexigrid demo` on
           another, as on a fresh install.
Figures are medians over N runs (default 7) after one warm-up run that fills the caches; CPU is the child
process's user + sys time (os.wait4), RSS its peak resident set. No peer CLI (Boxchar, Daily Q-less) is
installable here from a package registry, so the peer columns quote the issue's own side-by-side figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"
LEXIGRID = [sys.executable, "-m", "lexigrid"]

# (label, arguments after `lexigrid`, peer figure from the issue: whole-process CPU seconds)
COMMANDS: tuple[tuple[str, list[str], str], ...] = (
    ("--help", ["--help"], ""),
    ("words check QI", ["words", "check", "QI"], "≤ 3× bare python"),
    ("words find RETAINS?", ["words", "find", "RETAINS?", "--limit", "8"], ""),
    ("wordle reply CRANE SLATE", ["wordle", "reply", "CRANE", "SLATE"], "≤ 3× bare python"),
    ("wordle suggest", ["wordle", "suggest", "CRANE:..Y..,SLOTH:..Y.."], ""),
    (
        "letterboxed solve",
        ["letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "5"],
        "Boxchar 0.81 s (issue)",
    ),
    (
        "qless solve (first)",
        ["qless", "solve", "MPHRRSTTSNEA", "--limit", "1"],
        "Daily Q-less 0.39 s (issue)",
    ),
    ("scrabble moves", ["scrabble", "moves", f"{BOARD} AEINRST/ 0/0 0", "--top", "5"], ""),
)


@dataclass(frozen=True)
class Run:
    """One process: CPU (user + sys) and wall seconds, peak RSS in MiB, exit code."""

    cpu: float
    wall: float
    rss_mib: float
    code: int


def run_once(argv: list[str], env: dict[str, str]) -> Run:
    """Run argv to completion, its output discarded; measure the child alone with wait4."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, proc.returncode)


def medians(argv: list[str], env: dict[str, str], runs: int) -> Run:
    """Median CPU, wall and RSS over `runs` runs (the exit code of the last)."""
    done = [run_once(argv, env) for _ in range(runs)]
    return Run(
        statistics.median(r.cpu for r in done),
        statistics.median(r.wall for r in done),
        statistics.median(r.rss_mib for r in done),
        done[-1].code,
    )


def first_request_seconds(env: dict[str, str], port: int = 8765) -> tuple[float, float]:
    """Seconds from starting `lexigrid serve` to its first answered request, and that process's CPU then."""
    proc = subprocess.Popen(
        [*LEXIGRID, "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    start = time.perf_counter()
    try:
        while time.perf_counter() - start < 60:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as reply:
                    reply.read()
                break
            except OSError:
                time.sleep(0.02)
        elapsed = time.perf_counter() - start
        with open(f"/proc/{proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return elapsed, cpu
    finally:
        proc.terminate()
        proc.wait()


def warm_table(runs: int, env: dict[str, str], console: Console) -> None:
    """Every command with warm caches, against a bare interpreter."""
    bare = medians([sys.executable, "-c", "pass"], env, runs)
    table = Table(title=f"Whole process, warm caches, medians of {runs} runs")
    for column in ("command", "CPU s", "wall s", "× bare CPU", "peak RSS MiB", "exit", "peer / goal"):
        table.add_column(column, justify="left" if column in ("command", "peer / goal") else "right")
    table.add_row(
        "python3 -c pass", f"{bare.cpu:.3f}", f"{bare.wall:.3f}", "1.0", f"{bare.rss_mib:.0f}", "0", ""
    )
    for label, args, peer in COMMANDS:
        argv = [*LEXIGRID, *args]
        run_once(argv, env)  # fill the caches
        m = medians(argv, env, runs)
        table.add_row(
            f"lexigrid {label}", f"{m.cpu:.3f}", f"{m.wall:.3f}", f"{m.cpu / bare.cpu:.1f}",
            f"{m.rss_mib:.0f}", str(m.code), peer,
        )  # fmt: skip
    console.print(table)
    run_once([*LEXIGRID, "serve", "--help"], env)
    elapsed, cpu = first_request_seconds(env)
    console.print(f"lexigrid serve: first request answered {elapsed:.2f} s after start ({cpu:.2f} s CPU)")


def fresh_table(env: dict[str, str], console: Console) -> None:
    """A fresh install: the demo's commands in order on one empty cache (each the first run of its step),
    then the whole demo on another empty cache."""
    from lexigrid.cli.demo import TOUR

    table = Table(title="Fresh install: empty cache, the demo's steps in order, then the whole demo")
    for column in ("command", "CPU s", "wall s", "peak RSS MiB", "exit"):
        table.add_column(column, justify="left" if column == "command" else "right")
    with tempfile.TemporaryDirectory(prefix="lexigrid-cold-") as cold:
        for _, args in TOUR:
            r = run_once([*LEXIGRID, *args], {**env, "LEXIGRID_CACHE_DIR": cold})
            table.add_row(
                " ".join(args[:2]), f"{r.cpu:.2f}", f"{r.wall:.2f}", f"{r.rss_mib:.0f}", str(r.code)
            )
    with tempfile.TemporaryDirectory(prefix="lexigrid-cold-") as cold:
        r = run_once([*LEXIGRID, "demo"], {**env, "LEXIGRID_CACHE_DIR": cold})
    table.add_row("demo (whole)", f"{r.cpu:.2f}", f"{r.wall:.2f}", f"{r.rss_mib:.0f}", str(r.code))
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fresh", action="store_true", help="Also time the demo from empty caches.")
    options = parser.parse_args()
    console = Console(width=150)
    env = dict(os.environ)
    warm_table(options.runs, env, console)
    if options.fresh:
        fresh_table(env, console)
    console.print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
