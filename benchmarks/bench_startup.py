"""One-shot speed: each CLI command as a whole cold process (CPU, wall, peak RSS) against `python3 -c pass`
and, where one is built here, a peer's CLI on the same puzzle.

Run: python benchmarks/bench_startup.py [--runs N] [--fresh] [--boxchar PATH]
  --fresh    also time the demo's commands in order on an empty cache, then the whole `lexigrid demo` on
             another, as on a fresh install.
  --boxchar  Boxchar's CLI (`letter-bounced`), else $LEXIGRID_BOXCHAR, else
             ../peers/boxchar/target/release/letter-bounced beside the checkout. Built from
             github.com/neilk/boxchar (Rust) with Debian's crates, offline: `apt-get install
             librust-clap-dev librust-env-logger-dev librust-log-dev`, in Cargo.toml drop the four wasm
             crates (only its web build uses them) and relax env_logger to "0.9", point cargo at
             /usr/share/cargo/registry (a [source] replacement), `cargo build --release --offline`.
             It runs with its own dictionary and `--max-solutions 5` (it stops after five; lexigrid
             ranks all of them for its top 5): the peer's fastest form of the same question.
Figures are medians over N runs (default 7) after one warm-up run that fills the caches; lexigrid, the
peer and the bare interpreter run interleaved, so load on this shared machine hits them alike. CPU is
the child's user + sys time (os.wait4), RSS its peak resident set. Daily Q-less's script needs data
files that are not public, so its column quotes the issue's figure.
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
from pathlib import Path

from rich.console import Console
from rich.table import Table

BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"
LEXIGRID = [sys.executable, "-m", "lexigrid"]

LETTERBOXED_BOARD = "VYQ,FIG,OTE,XLU"
BOXCHAR_DEFAULT = Path(__file__).resolve().parents[2] / "peers/boxchar/target/release/letter-bounced"

# (label, arguments after `lexigrid`, goal or peer figure from the issue: whole-process CPU seconds)
COMMANDS: tuple[tuple[str, list[str], str], ...] = (
    ("--help", ["--help"], "every command: start-up + loading ≤ 0.3 s"),
    ("words check QI", ["words", "check", "QI"], "≤ 3× bare python"),
    ("words find RETAINS?", ["words", "find", "RETAINS?", "--limit", "8"], ""),
    ("wordle reply CRANE SLATE", ["wordle", "reply", "CRANE", "SLATE"], "≤ 3× bare python"),
    ("wordle suggest", ["wordle", "suggest", "CRANE:..Y..,SLOTH:..Y.."], ""),
    (
        "letterboxed solve",
        ["letterboxed", "solve", LETTERBOXED_BOARD, "--top", "5"],
        "faster than Boxchar's CLI",
    ),
    (
        "qless solve (first)",
        ["qless", "solve", "MPHRRSTTSNEA", "--limit", "1"],
        "Daily Q-less 0.39 s (issue)",
    ),
    ("scrabble moves", ["scrabble", "moves", f"{BOARD} AEINRST/ 0/0 0", "--top", "5"], ""),
    ("scrabble best", ["scrabble", "best", f"{BOARD} AEINRT?/ 0/0 0"], ""),
    ("qless roll", ["qless", "roll", "--seed", "1"], ""),
    ("lexicon list", ["lexicon", "list"], ""),
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


def median_run(done: list[Run]) -> Run:
    """Median CPU, wall and RSS of some runs (the exit code of the last)."""
    return Run(
        statistics.median(r.cpu for r in done),
        statistics.median(r.wall for r in done),
        statistics.median(r.rss_mib for r in done),
        done[-1].code,
    )


def interleaved(argvs: list[list[str]], env: dict[str, str], runs: int) -> list[Run]:
    """The median run of each command line, run in turn `runs` times (the order rotating each round)."""
    done: list[list[Run]] = [[] for _ in argvs]
    for i in range(runs):
        for k in range(len(argvs)):
            j = (i + k) % len(argvs)
            done[j].append(run_once(argvs[j], env))
    return [median_run(d) for d in done]


def boxchar_argv(path: Path) -> list[str] | None:
    """Boxchar's command line for the Letter Boxed board, or None when it is not built here."""
    if not path.is_file():
        return None
    dictionary = path.parents[2] / "data" / "dictionary.txt"
    return [str(path), "--dictionary", str(dictionary), "--max-solutions", "5", LETTERBOXED_BOARD]


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


def warm_table(runs: int, env: dict[str, str], console: Console, boxchar: list[str] | None) -> None:
    """Every command with warm caches, against a bare interpreter and (Letter Boxed) Boxchar's CLI."""
    bare_argv = [sys.executable, "-c", "pass"]
    table = Table(title=f"Whole process, warm caches, medians of {runs} interleaved runs")
    columns = ("command", "CPU s", "wall s", "× bare CPU", "peak RSS MiB", "exit", "peer / goal")
    for column in columns:
        table.add_column(column, justify="left" if column in ("command", "peer / goal") else "right")
    for label, args, goal in COMMANDS:
        argv = [*LEXIGRID, *args]
        run_once(argv, env)  # fill the caches
        peer = boxchar if label == "letterboxed solve" else None
        m, bare, *rest = interleaved([argv, bare_argv, *([peer] if peer else [])], env, runs)
        if rest:
            goal = (
                f"Boxchar CLI {rest[0].cpu:.3f} s CPU, {rest[0].rss_mib:.0f} MiB: {m.cpu / rest[0].cpu:.2f}×"
            )
        table.add_row(
            f"lexigrid {label}", f"{m.cpu:.3f}", f"{m.wall:.3f}", f"{m.cpu / bare.cpu:.1f}",
            f"{m.rss_mib:.0f}", str(m.code), goal,
        )  # fmt: skip
    console.print(table)
    if boxchar is None:
        console.print("Boxchar's CLI is not built here (see --boxchar): its column shows the goal only.")
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
    parser.add_argument("--boxchar", type=Path, help="Boxchar's letter-bounced binary.")
    options = parser.parse_args()
    console = Console(width=170)
    # As installed for a user: modules compiled once to .pyc (pip does it at install), not at every start.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    found = options.boxchar or Path(os.environ.get("LEXIGRID_BOXCHAR", BOXCHAR_DEFAULT))
    warm_table(options.runs, env, console, boxchar_argv(found))
    if options.fresh:
        fresh_table(env, console)
    console.print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
