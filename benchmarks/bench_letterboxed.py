"""Letter Boxed benchmarks over the 697 NYT puzzles in ../shared: answers found, ranked first, solve time.

Run: python benchmarks/bench_letterboxed.py [LEXICON]   (needs ../shared/data/letterboxed; default nwl)

Also the lexicon against the NYT's accepted-word list of each day: precision (its playable words the NYT
accepts) and recall (the NYT's words it holds), summed over the 697 days.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "letterboxed"
PUZZLES = SHARED / "nyt_puzzles_with_dictionaries.json.gz"
BOXCHAR = "VYQ,FIG,OTE,XLU"
TOP = 500
MAX_WORDS = 4


def fresh_process_seconds(code: str) -> float:
    """Wall time a fresh Python process reports for `code` (which prints its own timing last)."""
    done = subprocess.run(
        [sys.executable, "-c", code], env=dict(os.environ), capture_output=True, text=True, check=True
    )
    return float(done.stdout.strip().splitlines()[-1])


def percentile(values: list[float], q: float) -> float:
    """The q-quantile of the values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rate(count: int, total: int) -> str:
    """`count/total (percent)`."""
    return f"{count}/{total} ({count / total:.1%})"


def ms(seconds: float) -> str:
    """Seconds as milliseconds, one decimal."""
    return f"{seconds * 1000:.1f}"


def rarest_word_first(solutions: list[Any], lexicon: Any) -> tuple[str, ...] | None:
    """The solution ranked first by fewest words, then the rarest word's Zipf value alone."""
    if not solutions:
        return None
    fewest = [s for s in solutions if len(s.words) == len(solutions[0].words)]
    best = max(fewest, key=lambda s: (min(lexicon.zipf(w) for w in s.words), [-ord(c) for c in str(s)]))
    return tuple(best.words)


def main() -> None:
    console = Console()
    if not PUZZLES.exists():
        console.print(f"{PUZZLES} is absent: the shared data is not beside this checkout")
        sys.exit(1)
    from lexigrid.letterboxed import Board, solver
    from lexigrid.letterboxed.playable import playable_words
    from lexigrid.lexicon import Lexicon, load

    name = sys.argv[1] if len(sys.argv) > 1 else None

    load_code = (
        "import time; t = time.perf_counter(); from lexigrid.lexicon import load; "
        "from lexigrid.letterboxed import Board, playable_words; "
        f"lex = load({name!r}); playable_words(Board(('VYQ', 'FIG', 'OTE', 'XLU')), lex); "
        "print(time.perf_counter() - t)"
    )
    fresh_process_seconds(load_code)  # builds the caches if they are cold
    loads = [fresh_process_seconds(load_code) for _ in range(5)]

    lex = load(name)
    with gzip.open(PUZZLES, "rt", encoding="utf-8") as handle:
        puzzles = json.load(handle)["puzzles"]

    wall: list[float] = []
    cpu: list[float] = []
    two_words = found = first = rarest_firsts = nyt_first = 0
    agree = ours_only = nyt_only = 0
    misses: list[str] = []
    no_two: list[str] = []
    for puzzle in track(puzzles, description="solving 697 NYT puzzles", console=console):
        board = Board(tuple(puzzle["sides"]))
        answer = tuple(puzzle["ourSolution"])
        started, started_cpu = time.perf_counter(), time.process_time()
        best = solver(board, lex).best(TOP, MAX_WORDS)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        ranked = [s.words for s in best]
        two_words += bool(ranked) and len(ranked[0]) <= 2
        if not ranked or len(ranked[0]) > 2:
            no_two.append(f"{puzzle['date']} {','.join(puzzle['sides'])} (answer {'-'.join(answer)})")
        found += answer in ranked
        first += bool(ranked) and ranked[0] == answer
        rarest_firsts += rarest_word_first(best, lex) == answer
        if answer not in ranked:
            missing = [w for w in answer if w not in lex]
            why = f"not in {lex.name}: {', '.join(missing)}" if missing else "ranked below the top 500"
            misses.append(f"{puzzle['date']} {'-'.join(answer)} ({why})")
        ours, nyts = {p.word for p in playable_words(board, lex)}, set(puzzle["dictionary"])
        agree, ours_only, nyt_only = (
            agree + len(ours & nyts),
            ours_only + len(ours - nyts),
            nyt_only + len(nyts - ours),
        )
        days = Lexicon.from_words(puzzle["dictionary"], name="nyt")
        nyt_best = solver(board, days).best(1, MAX_WORDS)
        nyt_first += bool(nyt_best) and nyt_best[0].words == answer

    started = time.perf_counter()
    every = sum(1 for _ in solver(BOXCHAR, lex).solutions(MAX_WORDS))
    enumerate_all = time.perf_counter() - started
    typical = sorted(puzzles, key=lambda p: len(p["dictionary"]))[len(puzzles) // 2]
    started = time.perf_counter()
    every_typical = sum(1 for _ in solver(Board(tuple(typical["sides"])), lex).solutions(3))
    enumerate_typical = time.perf_counter() - started

    n = len(puzzles)
    table = Table(title=f"Letter Boxed over {n} NYT puzzles ({lex.name}, top {TOP}, up to {MAX_WORDS} words)")
    for column in ("measure", "value", "goal", "Boxchar (issue, 902 puzzles)"):
        table.add_column(column)
    table.add_row("2-word solution found", rate(two_words, n), "100 %", "")
    table.add_row("official answer found", rate(found, n), ">= 99.5 %", "863/902 (95.7 %)")
    table.add_row("official answer ranked first", rate(first, n), ">= 70 %", "442/902 (49.0 %)")
    table.add_row(
        "  same, ranked by the rarest word's Zipf alone",
        rate(rarest_firsts, n),
        "",
        "",
    )
    table.add_row("  same, with the NYT's word list of the day", rate(nyt_first, n), "", "")
    table.add_row(
        "lexicon v the NYT's lists of the day: precision / recall",
        f"{agree / (agree + ours_only):.1%} / {agree / (agree + nyt_only):.1%}",
        "reported",
        "",
    )
    table.add_row(
        "solve, wall: median / p90 / max",
        f"{ms(statistics.median(wall))} / {ms(percentile(wall, 0.9))} / {ms(max(wall))} ms",
        "<= 50 / <= 200 ms",
        "558 / 1,274 ms",
    )
    table.add_row(
        "solve, CPU: median / p90",
        f"{ms(statistics.median(cpu))} / {ms(percentile(cpu, 0.9))} ms",
        "",
        "",
    )
    table.add_row(
        "lexicon + word index load, fresh process (median of 5)",
        f"{statistics.median(loads) * 1000:.0f} ms",
        "reported apart",
        "~300 ms",
    )
    table.add_row(f"all solutions up to 4 words, {BOXCHAR}", f"{every:,} in {ms(enumerate_all)} ms", "", "")
    table.add_row(
        f"all solutions up to 3 words, {','.join(typical['sides'])} (median NYT list)",
        f"{every_typical:,} in {ms(enumerate_typical)} ms",
        "",
        "",
    )
    console.print(table)
    console.print(f"[bold]no 2-word solution ({len(no_two)}):[/]")
    for line in no_two:
        console.print(f"  {line}")
    console.print(f"[bold]official answer not found ({len(misses)}):[/]")
    for line in misses:
        console.print(f"  {line}")


if __name__ == "__main__":
    main()
