"""Scrabble pre-endgame benchmark: lexigrid's solver on MAGPIE's solved pre-endgames, beside MAGPIE's time.

Run: python benchmarks/bench_peg.py [--positions N | --position I ...] [--seconds S] [--top K] [--json]
(needs ../shared/data for TWL06 and scrabble/peg.jsonl)

lexigrid: `solve_peg(position, engine, top=K, seconds=S)` with one prepared Engine, CPU time
(time.process_time) around the call, one process; the lexicon load is not counted. Beside it MAGPIE's
recorded single-thread time for its default staged search (`magpie_default_seconds`, endgames cut at 6 plies,
not exact; PEG.md) and whether it finished. Median and max over the positions; ratio = lexigrid CPU s /
MAGPIE's recorded s. A position not finished within S is reported exact: false.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def measure(row: dict[str, Any], engine: Any, top: int, seconds: float | None) -> dict[str, Any]:
    """One position: lexigrid's CPU seconds, exactness and best play beside MAGPIE's record."""
    from lexigrid.scrabble.analysis.peg import solve_peg
    from lexigrid.scrabble.core.cgp import parse_cgp

    position = parse_cgp(row["cgp"])
    started = time.process_time()
    solution = solve_peg(position, engine, top=top, seconds=seconds)
    cpu = time.process_time() - started
    best = solution.plays[0] if solution.plays else None
    proven = max((found["win_pct"] for found in row["magpie_exact"]), default=None)
    return {
        "cpu_s": round(cpu, 2),
        "exact": solution.exact,
        "best": best.move.notation if best else None,
        "win_pct": round(best.win_pct, 2) if best else None,
        "magpie_s": row["magpie_default_seconds"],
        "magpie_finished": row.get("magpie_default_complete", True),
        "magpie_proven_best_pct": proven,
        "ratio": round(cpu / row["magpie_default_seconds"], 2),
    }


def main(argv: list[str] | None = None) -> None:
    """Time every shared position and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, help="only the first N positions")
    parser.add_argument("--position", type=int, action="append", help="only position I (repeatable)")
    parser.add_argument("--seconds", type=float, help="lexigrid's budget per position (default: none)")
    parser.add_argument("--top", type=int, default=1, help="plays ranked exactly (default 1)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.core.cgp import parse_cgp

    rows = [
        json.loads(line) for line in (SHARED / "data" / "scrabble" / "peg.jsonl").read_text().splitlines()
    ]
    picked = args.position or range(args.positions or len(rows))
    rows = [rows[i] for i in picked]
    engine = Engine(load(str(SHARED / "data" / "lexicons" / "twl06.txt")), parse_cgp(rows[0]["cgp"]).rules)
    engine.prepare()
    results = []
    for i, row in zip(picked, rows, strict=True):
        result = {"position": i, **measure(row, engine, args.top, args.seconds)}
        results.append(result)
        if not args.json:
            print(json.dumps(result), flush=True)
    cpu = [r["cpu_s"] for r in results]
    summary = {
        "positions": len(results),
        "exact": sum(r["exact"] for r in results),
        "median_cpu_s": statistics.median(cpu),
        "max_cpu_s": max(cpu),
        "median_magpie_s": statistics.median(r["magpie_s"] for r in results),
        "median_ratio": statistics.median(r["ratio"] for r in results),
    }
    print(json.dumps({"results": results, "summary": summary} if args.json else summary))


if __name__ == "__main__":
    main()
