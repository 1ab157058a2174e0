"""Bulk grading: lines per second per game through `lexigrid batch`, a process pool vs a Dask LocalCluster.

Run: python benchmarks/bench_batch.py [--lines 200] [--jobs 2] [--runs 3]
Each game gets seeded puzzles (Letter Boxed boards of `letterboxed new --seed`, Q-Less rolls of
`qless roll --seed`, Wordle answers played by minimax from SALET, Scrabble racks on an empty board),
graded with `--jobs J` processes and on a LocalCluster of J worker processes (started once, outside the
timing, as a standing cluster would be). Wall-clock medians of `--runs`: the work is spread over other
processes, so this process's CPU time says nothing; on a shared machine, read the ratio, not the rate.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lexigrid.batch import grade
from lexigrid.runner import Runner

EMPTY_BOARD = "/".join(["15"] * 15)
TILES = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSSTTTTTTUUUUVVWWXYYZ"


def letterboxed_lines(n: int) -> list[dict[str, object]]:
    """n seeded boards, best 5 solutions each."""
    from lexigrid.letterboxed.generate import generate

    return [{"sides": str(generate(seed).board), "top": 5} for seed in range(n)]


def qless_lines(n: int) -> list[dict[str, object]]:
    """n seeded rolls, first solution each."""
    from lexigrid.qless import roll

    return [{"letters": roll(seed)} for seed in range(n)]


def wordle_lines(n: int) -> list[dict[str, object]]:
    """The first n answers, minimax from SALET."""
    from lexigrid.wordle.words import original

    return [{"answer": a, "strategy": "minimax", "opener": "salet"} for a in original().answers[:n]]


def scrabble_lines(n: int) -> list[dict[str, object]]:
    """n seeded racks on an empty board, the best 5 moves each."""
    rng = random.Random(0)
    racks = ["".join(rng.sample(TILES, 7)) for _ in range(n)]
    return [{"cgp": f"{EMPTY_BOARD} {rack}/ 0/0 0", "top": 5} for rack in racks]


GAMES: dict[str, Callable[[int], list[dict[str, object]]]] = {
    "letterboxed": letterboxed_lines,
    "qless": qless_lines,
    "wordle": wordle_lines,
    "scrabble": scrabble_lines,
}


def timed(game: str, source: Path, out: Path, **how: object) -> float:
    """Seconds (wall) to grade the file (`how`: the runner's settings)."""
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    grade(game, source, out, runner=Runner(progress=False, **how))  # type: ignore[arg-type]
    return time.perf_counter() - start


def main() -> None:
    """Time every game both ways and print the table."""
    from distributed import LocalCluster

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    j = args.jobs
    print(f"| game | lines | processes ({j}) lines/s | LocalCluster ({j} workers) lines/s | cluster/pool |")
    print("|---|---|---|---|---|")
    with (
        tempfile.TemporaryDirectory() as tmp,
        LocalCluster(  # type: ignore[no-untyped-call]  # distributed is untyped
            n_workers=args.jobs,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
    ):
        for game, make in GAMES.items():
            source = Path(tmp) / f"{game}.jsonl"
            source.write_text("".join(json.dumps(line) + "\n" for line in make(args.lines)))
            timed(game, source, Path(tmp) / "warm.jsonl", jobs=args.jobs)  # caches built once
            pool = [timed(game, source, Path(tmp) / "p.jsonl", jobs=args.jobs) for _ in range(args.runs)]
            dask = [
                timed(game, source, Path(tmp) / "d.jsonl", scheduler=cluster.scheduler_address)
                for _ in range(args.runs)
            ]
            p, d = args.lines / statistics.median(pool), args.lines / statistics.median(dask)
            print(f"| {game} | {args.lines} | {p:.1f} | {d:.1f} | {d / p:.2f} |", flush=True)


if __name__ == "__main__":
    main()
