"""Scrabble pre-endgame benchmark: lexigrid's solver on MAGPIE's solved pre-endgames, beside MAGPIE's time.

Run: python benchmarks/bench_peg.py [--positions N | --position I ...] [--seconds S] [--top K] [--json]
     python benchmarks/bench_peg.py --bag 2 [--positions N] [--seconds S] [--top K] [--json]
(needs ../shared/data for TWL06 and scrabble/peg.jsonl)

lexigrid: `solve_peg(position, engine, top=K, seconds=S)` with one prepared Engine, CPU time
(time.process_time) around the call, one process; the lexicon load is not counted. Beside it MAGPIE's
recorded single-thread time for its default staged search (`magpie_default_seconds`, endgames cut at 6 plies,
not exact; PEG.md) and whether it finished. Median and max over the positions; ratio = lexigrid CPU s /
MAGPIE's recorded s. A position not finished within S is reported exact: false.

--bag 2: 2-in-the-bag positions of our own (no shared ones exist): TWL06 self-play games at the static
`equity` level, seeds 1, 2, ..., taken at the first turn with 2 tiles in the bag (the first N such games);
lexigrid's CPU s, exactness, plays judged and best play (MAGPIE is not run on them).
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


def two_in_the_bag(count: int, lexicon: Any) -> list[tuple[int, Any]]:
    """The first `count` self-play positions with 2 tiles in the bag, by seed (the opponent's rack hidden)."""
    from lexigrid.scrabble.core.board import Rack
    from lexigrid.scrabble.core.cgp import Position
    from lexigrid.scrabble.game.game import Game

    found: list[tuple[int, Any]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game.new(["equity", "equity"], seed=seed, lexicon=lexicon, endgame_seconds=None)
        while len(game.bag) > 2:
            game.play_computer()
        if len(game.bag) == 2:
            p = game.position()
            found.append((seed, Position(p.board, (p.rack, Rack()), p.scores, p.zeros)))
    return found


def measure_own(seed: int, position: Any, engine: Any, top: int, seconds: float | None) -> dict[str, Any]:
    """One position of our own: lexigrid's CPU seconds, exactness, plays judged and best play."""
    from lexigrid.scrabble.analysis.peg import solve_peg
    from lexigrid.scrabble.core.cgp import format_cgp

    started = time.process_time()
    solution = solve_peg(position, engine, top=top, seconds=seconds)
    cpu = time.process_time() - started
    best = solution.plays[0] if solution.plays else None
    judged = solution.candidates - len(solution.unsolved)
    return {
        "seed": seed,
        "cgp": format_cgp(position),
        "cpu_s": round(cpu, 2),
        "exact": solution.exact,
        "candidates": solution.candidates,
        "judged": judged,
        "dropped": solution.dropped,
        "best": best.move.notation if best else None,
        "win_pct": round(best.win_pct, 2) if best else None,
    }


def main_own(args: argparse.Namespace) -> None:
    """Time the 2-in-the-bag positions of our own and print a line each and a summary (or JSON)."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine

    lexicon = load(str(SHARED / "data" / "lexicons" / "twl06.txt"))
    results = []
    for seed, position in two_in_the_bag(args.positions or 4, lexicon):
        engine = Engine.shared(lexicon, position.rules).prepare()
        results.append(measure_own(seed, position, engine, args.top, args.seconds))
        if not args.json:
            print(json.dumps(results[-1]), flush=True)
    cpu = [r["cpu_s"] for r in results]
    summary = {
        "positions": len(results),
        "exact": sum(r["exact"] for r in results),
        "median_cpu_s": statistics.median(cpu),
        "max_cpu_s": max(cpu),
        "median_judged": statistics.median(r["judged"] for r in results),
    }
    print(json.dumps({"results": results, "summary": summary} if args.json else summary))


def main(argv: list[str] | None = None) -> None:
    """Time every shared position and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, help="only the first N positions")
    parser.add_argument("--position", type=int, action="append", help="only position I (repeatable)")
    parser.add_argument("--seconds", type=float, help="lexigrid's budget per position (default: none)")
    parser.add_argument("--top", type=int, default=1, help="plays ranked exactly (default 1)")
    parser.add_argument("--bag", type=int, choices=(1, 2), default=1, help="tiles in the bag (default 1)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    if args.bag == 2:
        main_own(args)
        return
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
