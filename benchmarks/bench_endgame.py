"""Scrabble endgame benchmark: lexigrid's exact solver beside MAGPIE on the shared reference endgames.

Run: python benchmarks/bench_endgame.py [--magpie PATH] [--repeats 3] [--positions N] [--max-ms MS] [--json]
(needs ../shared/data for TWL06 and endgames.jsonl; MAGPIE is optional: PATH or $LEXIGRID_MAGPIE)

lexigrid: `solve(position, engine)` with one prepared Engine, CPU time (time.process_time) around the call;
the lexicon load is not counted. MAGPIE (not part of lexigrid: a binary given by --magpie or $LEXIGRID_MAGPIE,
its data folder by --magpie-data) runs `endgame -eplies 25 -threads 1 -etopk 1` on the same position, one
process per solve, interleaved with lexigrid's solves: its own reported solve time ("time:", wall clock, as
endgames.jsonl records it) and the process's user CPU (which also counts loading TWL06 and clearing its
transposition table, ~0.2 s). Medians over the repeats; ratio = lexigrid CPU ms / MAGPIE's "time:".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TWL06 = SHARED / "lexicons" / "twl06.txt"
ENDGAMES = SHARED / "scrabble" / "endgames.jsonl"
MAGPIE_COMMAND = "endgame -eplies 25 -threads 1 -etopk 1"
GOAL_RATIO = 2.0
GOAL_SECONDS = 60.0
_HEADER = re.compile(r"Endgame \(depth: (\d+), time: ([\d.]+)s, status: (\w+)\)")
_TITLES = re.compile(r"^Play\s+(V)\s+(S)\b")


@dataclass
class Case:
    """One reference endgame and what each solver measured on it."""

    index: int
    row: dict[str, Any]
    lexigrid_ms: list[float] = field(default_factory=list)
    lexigrid_value: int | None = None
    lexigrid_best: str | None = None
    lexigrid_exact: bool | None = None
    lexigrid_nodes: int | None = None
    lexigrid_error: str = ""
    magpie_ms: list[float] = field(default_factory=list)
    magpie_cpu_ms: list[float] = field(default_factory=list)
    magpie_value: int | None = None
    magpie_best: str | None = None
    magpie_error: str = ""

    @property
    def label(self) -> str:
        """`#19 7v2 AEIINT?/RT`: index, tiles on each rack, the racks."""
        mover, opp = self.row["tiles"]
        return f"#{self.index} {mover}v{opp} {self.row['cgp'].split()[1]}"


@dataclass(frozen=True)
class MagpieRun:
    """What one MAGPIE endgame process printed and cost."""

    value: int
    best: str
    solve_ms: float
    cpu_ms: float
    status: str


def magpie_run(binary: Path, data: Path, cgp: str, timeout: float) -> MagpieRun:
    """Run MAGPIE's endgame solver on `cgp` in a fresh process: value, best move, reported time, CPU."""
    fields = cgp.split()[:4]  # the console takes no "lex TWL06;" opcode: the lexicon goes in -lex
    args = [str(binary), "cgp", *fields, "-lex", "TWL06", "-s1", "score", "-s2", "score"]
    args += ["-path", str(data), "-savesettings", "false"]
    if not (data / "lexica" / "TWL06.wmp").exists():
        args += ["-wmp", "false"]
    with tempfile.TemporaryDirectory(prefix="lexigrid-magpie-") as cwd:  # no settings.txt read or left
        (Path(cwd) / "data").symlink_to(data)  # MAGPIE loads its default board layout from ./data at start
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        done = subprocess.run(
            args, input=MAGPIE_COMMAND + "\n", capture_output=True, text=True, cwd=cwd, timeout=timeout
        )
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    out = done.stdout + done.stderr
    header = _HEADER.search(out)
    if not header:
        raise RuntimeError(f"MAGPIE printed no endgame result: {out.strip()[:300]!r}")
    lines = out[header.end() :].splitlines()
    titles = next((i for i, line in enumerate(lines) if _TITLES.match(line)), None)
    if titles is None or titles + 1 >= len(lines):
        raise RuntimeError(f"MAGPIE's endgame table could not be read: {out.strip()[:300]!r}")
    columns = _TITLES.match(lines[titles])
    assert columns is not None
    row = lines[titles + 1]  # the columns are left-aligned under their titles: Play, V (value), S (spread)
    play = row[: columns.start(1)].strip()
    value = int(row[columns.start(1) : columns.start(2)])
    play = "-" if play.startswith("pass") else " ".join(play.split()[:2])  # drop the move's score
    return MagpieRun(value, play, float(header.group(2)) * 1e3, cpu * 1e3, header.group(3))


def lexigrid_once(case: Case, solver: Callable[..., Any], engine: Any, seconds: float) -> None:
    """Solve `case` once with lexigrid, CPU time around the call; a failure is kept, not raised."""
    if case.lexigrid_error:
        return
    from lexigrid.scrabble import parse_cgp

    position = parse_cgp(case.row["cgp"])
    try:
        start = time.process_time()
        found = solver(position, engine, seconds=seconds)
        case.lexigrid_ms.append((time.process_time() - start) * 1e3)
    except Exception as error:  # one failing position must not hide the others
        case.lexigrid_error = f"{type(error).__name__}: {error}"
        return
    case.lexigrid_value, case.lexigrid_best = found.value, found.best.notation
    case.lexigrid_exact = bool(found.exact) and case.lexigrid_exact is not False
    case.lexigrid_nodes = found.nodes


def magpie_once(case: Case, binary: Path, data: Path, timeout: float) -> None:
    """Solve `case` once with MAGPIE; a failure is kept, not raised."""
    if case.magpie_error:
        return
    try:
        run = magpie_run(binary, data, case.row["cgp"], timeout)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        case.magpie_error = str(error)
        return
    case.magpie_ms.append(run.solve_ms)
    case.magpie_cpu_ms.append(run.cpu_ms)
    case.magpie_value, case.magpie_best = run.value, run.best
    if run.status != "finished":
        case.magpie_error = f"MAGPIE status {run.status}"


def move_key(text: str, board: Any) -> tuple[Any, ...]:
    """A move as the tiles it places, so `8D WORD`, `8D W(OR)D` and a one-tile play's two names agree."""
    from lexigrid.scrabble import parse_move

    move = parse_move(text, board)
    return ("pass",) if move.kind == "pass" else tuple(sorted(move.squares()))


def find_magpie(given: str | None) -> Path | None:
    """The MAGPIE binary from --magpie or $LEXIGRID_MAGPIE, or None when neither is set."""
    path = given or os.environ.get("LEXIGRID_MAGPIE")
    if not path:
        return None
    binary = Path(path).expanduser().resolve()
    if not binary.is_file() or not os.access(binary, os.X_OK):
        sys.exit(f"error: MAGPIE binary {binary} is not an executable file")
    return binary


def median(values: list[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def fmt_ms(value: float | None) -> str:
    """Milliseconds for the table: 3 significant figures, or '-'."""
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 10 else f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--magpie", help="MAGPIE binary (default: $LEXIGRID_MAGPIE; else MAGPIE is not run)")
    parser.add_argument(
        "--magpie-data", help="MAGPIE's data directory (default: data/ beside the binary's bin/ folder)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="solves per position and solver (medians)")
    parser.add_argument("--positions", type=int, help="only the first N positions")
    parser.add_argument("--max-ms", type=float, help="only positions whose recorded magpie_ms is at most MS")
    parser.add_argument("--seconds", type=float, default=GOAL_SECONDS, help="lexigrid's budget per solve")
    parser.add_argument("--no-lexigrid", action="store_true", help="run MAGPIE only")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 also when it is skipped for want of the shared data."""
    args = parse_args(argv)
    stream = sys.stderr if args.json else sys.stdout
    console = Console(stderr=args.json, width=None if stream.isatty() else 170)
    if not ENDGAMES.exists() or not TWL06.exists():
        reason = f"{SHARED} is absent (the benchmark needs ../shared/data beside the checkout)"
        console.print(f"skipped: {reason}")
        if args.json:
            print(json.dumps({"skipped": reason}))
        return 0
    binary = find_magpie(args.magpie)
    data = None
    if binary is not None:
        data = Path(args.magpie_data).resolve() if args.magpie_data else binary.parent.parent / "data"
        if not (data / "lexica" / "TWL06.kwg").exists():
            sys.exit(f"error: {data}/lexica/TWL06.kwg is absent: give MAGPIE's data folder (--magpie-data)")

    from lexigrid.scrabble import parse_cgp

    rows = [json.loads(line) for line in ENDGAMES.read_text().splitlines() if line.strip()]
    cases = [Case(i, row) for i, row in enumerate(rows)]
    if args.max_ms is not None:
        cases = [c for c in cases if c.row["magpie_ms"] <= args.max_ms]
    if args.positions is not None:
        cases = cases[: args.positions]

    solver = None
    engine = None
    note = ""
    if not args.no_lexigrid:
        from lexigrid.lexicon import load
        from lexigrid.scrabble import Engine
        from lexigrid.scrabble.analysis.endgame import solve

        engine = Engine(load(str(TWL06)))  # prepared once: loading is not counted, as for MAGPIE
        try:
            solve(parse_cgp(cases[0].row["cgp"]), engine, seconds=1.0)
            solver = solve
        except NotImplementedError:
            note = "lexigrid: solve() is not implemented yet, so only MAGPIE ran."

    progress = Console(stderr=True)
    with progress.status("solving") as status:
        for case in cases:
            for repeat in range(args.repeats):
                status.update(f"{case.label}: repeat {repeat + 1}/{args.repeats}")
                if solver is not None:
                    lexigrid_once(case, solver, engine, args.seconds)
                if binary is not None and data is not None:
                    magpie_once(case, binary, data, timeout=max(600.0, args.seconds * 10))
            if not progress.is_terminal:  # a log line a position where no spinner shows
                lexigrid_ms, magpie_ms = fmt_ms(median(case.lexigrid_ms)), fmt_ms(median(case.magpie_ms))
                progress.print(
                    f"{case.label}: lexigrid {lexigrid_ms} ms, MAGPIE {magpie_ms} ms", highlight=False
                )

    results = [summarise(case, parse_cgp(case.row["cgp"]).board, binary is not None) for case in cases]
    summary = overall(results, binary is not None, solver is not None)
    if args.json:
        payload = {"magpie": str(binary) if binary else None, "repeats": args.repeats, "note": note}
        print(json.dumps({**payload, "positions": results, "summary": summary}, indent=1))
        return 0
    console.print(render(results, summary, binary is not None, solver is not None))
    for line in footer(summary, binary is not None, solver is not None):
        console.print(line)
    if note:
        console.print(note)
    return 0


def summarise(case: Case, board: Any, measured: bool) -> dict[str, Any]:
    """One position's medians and agreement as a JSON-ready dict."""
    row = case.row
    best = {move_key(move, board) for move in row["best_moves"]}
    lexigrid_ms = median(case.lexigrid_ms)
    magpie_ms = median(case.magpie_ms) if measured else float(row["magpie_ms"])
    magpie_cpu = median(case.magpie_cpu_ms) if measured else float(row["magpie_proc_cpu_ms"])
    values = [row["value"], case.lexigrid_value, case.magpie_value if measured else row["value"]]
    return {
        "index": case.index,
        "position": case.label,
        "tiles": row["tiles"],
        "value": row["value"],
        "lexigrid_ms": lexigrid_ms,
        "lexigrid_runs_ms": case.lexigrid_ms,
        "lexigrid_value": case.lexigrid_value,
        "lexigrid_best": case.lexigrid_best,
        "lexigrid_exact": case.lexigrid_exact,
        "lexigrid_nodes": case.lexigrid_nodes,
        "lexigrid_error": case.lexigrid_error,
        "magpie_ms": magpie_ms,
        "magpie_ms_source": "measured" if measured else "recorded",
        "magpie_runs_ms": case.magpie_ms,
        "magpie_cpu_ms": magpie_cpu,
        "magpie_value": case.magpie_value if measured else None,
        "magpie_best": case.magpie_best if measured else None,
        "magpie_error": case.magpie_error,
        "ratio": lexigrid_ms / magpie_ms if lexigrid_ms is not None and magpie_ms else None,
        "ratio_cpu": lexigrid_ms / magpie_cpu if lexigrid_ms is not None and magpie_cpu else None,
        "value_agree": None if None in values else len(set(values)) == 1,
        "magpie_value_agree": None if case.magpie_value is None else case.magpie_value == row["value"],
        "best_agree": None if case.lexigrid_best is None else move_key(case.lexigrid_best, board) in best,
        "magpie_best_agree": None if case.magpie_best is None else move_key(case.magpie_best, board) in best,
    }


def overall(results: list[dict[str, Any]], measured: bool, solved: bool) -> dict[str, Any]:
    """Medians, maxima, counts and the issue's goal over all positions."""
    times = [r["lexigrid_ms"] for r in results if r["lexigrid_ms"] is not None]
    ratios = [r["ratio"] for r in results if r["ratio"] is not None]
    magpie = [r["magpie_ms"] for r in results if r["magpie_ms"] is not None]
    exact = sum(1 for r in results if r["lexigrid_exact"] and r["lexigrid_ms"] <= GOAL_SECONDS * 1e3)
    summary: dict[str, Any] = {
        "positions": len(results),
        "magpie_ms_source": "measured" if measured else "recorded",
        "magpie_median_ms": median(magpie),
        "magpie_max_ms": max(magpie) if magpie else None,
        "magpie_value_agree": sum(1 for r in results if r["magpie_value_agree"]),
        "magpie_best_agree": sum(1 for r in results if r["magpie_best_agree"]),
    }
    if solved:
        summary |= {
            "lexigrid_median_ms": median(times),
            "lexigrid_max_ms": max(times) if times else None,
            "median_ratio": median(ratios),
            "median_ratio_cpu": median([r["ratio_cpu"] for r in results if r["ratio_cpu"] is not None]),
            "exact_within_60s": exact,
            "value_agree": sum(1 for r in results if r["value_agree"]),
            "best_agree": sum(1 for r in results if r["best_agree"]),
        }
        ratio = summary["median_ratio"]
        summary["goal_met"] = bool(ratio is not None and ratio <= GOAL_RATIO and exact == len(results))
    return summary


def times(ratio: float | None) -> str:
    """A ratio as `1.23x`, or '-'."""
    if ratio is None:
        return "-"
    return f"{ratio:.3f}x" if ratio < 0.1 else f"{ratio:.2f}x"


def mark(flag: bool | None) -> str:
    """A tick, a cross, or '-' when not measured."""
    return "-" if flag is None else "[green]yes[/]" if flag else "[red]NO[/]"


def render(results: list[dict[str, Any]], summary: dict[str, Any], measured: bool, solved: bool) -> Table:
    """The per-position table."""
    source = "MAGPIE ms (its 'time:')" if measured else "MAGPIE ms (recorded, not measured here)"
    table = Table(title="Scrabble endgames (TWL06): exact solve, one core; lexigrid CPU ms vs MAGPIE")
    cpu = "MAGPIE process CPU ms" if measured else "MAGPIE process CPU ms (recorded)"
    for column in ("position", "value", "lexigrid CPU ms", source, cpu, "ratio"):
        table.add_column(column, justify="left" if column == "position" else "right")
    table.add_column("value agree")
    table.add_column("best agree")
    for r in results:
        value_note = mark(r["value_agree"])
        if r["value_agree"] is False:
            value_note += f" (lexigrid {r['lexigrid_value']}, MAGPIE {r['magpie_value']})"
        if r["lexigrid_exact"] is False:
            value_note += " [red]not exact[/]"
        if r["lexigrid_error"] or r["magpie_error"]:
            value_note += f" [red]{(r['lexigrid_error'] or r['magpie_error'])[:60]}[/]"
        best = mark(r["best_agree"]) if solved else mark(r["magpie_best_agree"]) + " (MAGPIE)"
        if r["best_agree"] is False:
            best += f" ({r['lexigrid_best']})"
        table.add_row(
            r["position"],
            str(r["value"]),
            fmt_ms(r["lexigrid_ms"]),
            fmt_ms(r["magpie_ms"]),
            fmt_ms(r["magpie_cpu_ms"]),
            times(r["ratio"]),
            value_note if solved else mark(r["magpie_value_agree"]) + " (MAGPIE = data)",
            best,
        )
    return table


def footer(summary: dict[str, Any], measured: bool, solved: bool) -> list[str]:
    """The lines under the table: medians, maxima, counts, the goal."""
    n = summary["positions"]
    where = "measured here" if measured else "recorded in endgames.jsonl, not measured here"
    lines = [
        f"MAGPIE ({where}): median {fmt_ms(summary['magpie_median_ms'])} ms, "
        f"max {fmt_ms(summary['magpie_max_ms'])} ms"
        + (
            f"; its value = the data's on {summary['magpie_value_agree']}/{n}, "
            f"its best move one of the data's on {summary['magpie_best_agree']}/{n}"
            if measured
            else ""
        )
    ]
    if solved:
        lines.append(
            f"lexigrid: median {fmt_ms(summary['lexigrid_median_ms'])} ms, "
            f"max {fmt_ms(summary['lexigrid_max_ms'])} ms, "
            f"median ratio {times(summary['median_ratio'])} "
            f"(to MAGPIE's process CPU: {times(summary['median_ratio_cpu'])}), "
            f"exact within {GOAL_SECONDS:.0f} s {summary['exact_within_60s']}/{n}, "
            f"value agrees {summary['value_agree']}/{n}, best move agrees {summary['best_agree']}/{n}"
        )
        verdict = "[green]met[/]" if summary["goal_met"] else "[red]not met[/]"
        lines.append(
            f"Goal (issue 13): median <= {GOAL_RATIO:.0f}x MAGPIE and every position exact within "
            f"{GOAL_SECONDS:.0f} s on one core: {verdict}"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
