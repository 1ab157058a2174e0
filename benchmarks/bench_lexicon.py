"""Lexicon benchmarks: cold index build, warm load, rack-search latency, `lexigrid words find` end to end.

Run: python benchmarks/bench_lexicon.py
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from rich.console import Console
from rich.table import Table

BAG = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSSTTTTTTUUUUVVWWXYYZ"


def fresh_process_seconds(code: str, env: dict[str, str]) -> float:
    """Wall time of a fresh Python process running `code` (which prints its own timing)."""
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    table = Table(title="lexigrid lexicon benchmarks (default lexicon)")
    for column in ("measure", "value", "target"):
        table.add_column(column)
    with tempfile.TemporaryDirectory() as cache_dir:
        env = {**os.environ, "LEXIGRID_CACHE_DIR": cache_dir}
        timed_load = (
            "import time; t = time.perf_counter(); from lexigrid.lexicon import load; "
            "lex = load(); print(time.perf_counter() - t)"
        )
        cold = fresh_process_seconds(timed_load, env)
        warm = [fresh_process_seconds(timed_load, env) for _ in range(5)]
        table.add_row("cold index build (import + parse + index + write)", f"{cold:.2f} s", "")
        table.add_row(
            "warm load (import + cached index), median of 5", f"{statistics.median(warm):.3f} s", "<= 0.3 s"
        )

        os.environ["LEXIGRID_CACHE_DIR"] = cache_dir
        from lexigrid.lexicon import load

        lex = load()
        rng = random.Random(2026)
        for blanks in (0, 1, 2):
            times = []
            for _ in range(100):
                rack = "".join(rng.sample(BAG, 7 - blanks)) + "?" * blanks
                start = time.perf_counter()
                lex.find(rack)
                times.append(time.perf_counter() - start)
            times.sort()
            target = "median <= 20 ms" if blanks == 2 else ""
            table.add_row(
                f"find, 100 random 7-tile racks, {blanks} blank(s): median / p90",
                f"{times[50] * 1000:.1f} / {times[90] * 1000:.1f} ms",
                target,
            )

        cli = [sys.executable, "-m", "lexigrid", "words", "find", "RETAINS?", "--json"]
        subprocess.run(cli, env=env, capture_output=True, check=True)
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run(cli, env=env, capture_output=True, check=True)
            runs.append(time.perf_counter() - start)
        table.add_row(
            "`lexigrid words find RETAINS? --json`, warm, median of 5",
            f"{statistics.median(runs):.3f} s",
            "<= 0.5 s",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
