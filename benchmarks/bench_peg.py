"""Scrabble pre-endgame benchmark: lexigrid's exact solver and MAGPIE's pre-endgame search side by side.

Run: python benchmarks/bench_peg.py [--position I ...] [--repeats R] [--seconds S] [--top K]
     [--no-magpie | --no-lexigrid] [--magpie-lib PATH] [--magpie-seconds S] [--magpie-cpu S]
     [--checkpoint FILE] [--json]
     python benchmarks/bench_peg.py --bag 2 [--positions N] [--rack-size N] [--seconds S] [--top K] [--json]
     python benchmarks/bench_peg.py --from-records DIR [--bag B] [--count N] [--seconds S] [--nodes N]
     [--budget-only] [--top K] [--json]
(needs ../shared/data for TWL06 and scrabble/peg.jsonl; MAGPIE's library ../peers/magpie-lib/bin/libmagpie.so
and its data ../peers/magpie/data, as benchmarks/bench_match.py loads them)

Each position is solved R times by each side, interleaved (lexigrid, MAGPIE, lexigrid, MAGPIE...), both in
this process on one thread, each timed by this process's CPU time (time.process_time, every thread's) around
the one call; the lexicon loads are not counted.

- lexigrid: `solve_peg(position, engine, top=K, seconds=S)`: exact (every scenario's endgame to the end,
  proven) unless S cut it short.
- MAGPIE (183bebc, PEG.md's settings: `set -threads 1 -lex TWL06 -wmp true -ttfraction 0.01`, then
  `cgp ...` and `peg -threads 1 -pegtlim T`): its default staged search (greedy, then the best 32, 16, 8, 4,
  2 with endgames cut at 2..6 plies: not exact). T is a wall-clock limit (--magpie-seconds); `magpie_complete`
  says whether every stage finished within it. --magpie-cpu S stops it instead once this process has used S
  CPU seconds on it (its `magpie_cpu_s` is then a lower bound: `magpie_complete` false).

--checkpoint FILE: each play lexigrid judges (without --seconds) is added to FILE as it is judged, and a later
run with the same FILE and the same source tree replays those plays instead of searching them: a long exact
solve stopped part way resumes (its CPU time is then the resumed run's only). It needs --repeats 1: a second
run would replay what the first judged.

Per position: the medians of the CPU seconds, ratio = lexigrid / MAGPIE, both sides' best play and win %,
and MAGPIE's full-depth proven best win % (peg.jsonl's `magpie_exact`, where it has one). Summary: the medians
over the positions, how many lexigrid solved exactly, and the median ratio. Goal (issue 29): median <=
MAGPIE's single-thread time, every 1-in-bag position exact.

--bag 2: 2-in-the-bag positions of our own (no shared ones exist): TWL06 self-play games at the static
`equity` level, seeds 1, 2, ..., taken at the first turn with 2 tiles in the bag (the first N such games);
lexigrid's CPU s, exactness, plays judged and best play (MAGPIE is not run on them). With --rack-size N:
constructed ones instead (TWL06, ANTI at 8G, racks of N tiles from AEINORST?, seeds 1, 2, ...).

--from-records DIR [--bag B] [--count N] [--seconds S] [--nodes N] [--budget-only]: real positions, from the
GCG records in DIR (e.g. ../shared/data/scrabble/gcg, read where it is), each replayed in TWL06 to the turns
with B tiles in the bag, from the mover's seat (its own rack only; words TWL06 lacks stand as played). Each
is solved under the budget (--seconds wall time / --nodes search nodes) and, unless --budget-only, without:
per run the plays judged (and dropped: proven out of the top K), exact or not, CPU s, nodes, the best play
so far; the summary says how many runs were exact, judged some play, and found the unbudgeted run's best.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import pickle
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's idle BLAS threads would spin on this CPU clock
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_match import Magpie  # noqa: E402  (MAGPIE's library, in process)
from bench_scrabble_best import MAGPIE_DATA, MAGPIE_LIB  # noqa: E402

_STAGE = re.compile(r"^(\d+)\s+\S.*?\s(\d+)/(\d+)\s")  # a stage row: number, fidelity, done/candidates
_BEST = re.compile(r"^\s*(?:\d+-ply\s+|greedy\s+)?1\s+(.+?)\s{2,}(\d+)\s+(\d+)\s+(\d+)\s+(-?[\d.]+)\s")


class Checkpoint(dict[str, Any]):
    """The plays one position's solve judged, kept in a JSON-lines file (one line a play: the position, the
    source tree's git id, solve_peg's task key and the pickled judgement, base64), so a run stopped part way
    resumes where it stopped; lines of another position or source tree are ignored."""

    def __init__(self, path: Path, position: int) -> None:
        super().__init__()
        self.path, self.position = path, position
        self.tree = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD:src"], capture_output=True, text=True, check=False
        ).stdout.strip()
        lines = path.read_text().splitlines() if path.exists() else []
        for row in map(json.loads, lines):
            if (row["position"], row["tree"]) == (position, self.tree):
                super().__setitem__(row["key"], pickle.loads(base64.b64decode(row["judged"])))

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        row = {"position": self.position, "tree": self.tree, "key": key}
        row["judged"] = base64.b64encode(pickle.dumps(value)).decode()
        with self.path.open("a") as out:
            out.write(json.dumps(row) + "\n")

    def update(self, *args: Any, **more: Any) -> None:
        for key, value in dict(*args, **more).items():
            self[key] = value


def lexigrid_once(
    row: dict[str, Any], engine: Any, top: int, seconds: float | None, checkpoint: Checkpoint | None = None
) -> dict[str, Any]:
    """One exact solve: CPU seconds, whether exact, the best play and its win %."""
    from lexigrid.scrabble.analysis.peg import solve_peg
    from lexigrid.scrabble.core.cgp import parse_cgp

    position = parse_cgp(row["cgp"])
    started = time.process_time()
    solution = solve_peg(position, engine, top=top, seconds=seconds, checkpoint=checkpoint)
    cpu = time.process_time() - started
    best = solution.plays[0] if solution.plays else None
    return {
        "cpu_s": cpu,
        "exact": solution.exact,
        "best": best.move.notation if best else None,
        "win_pct": round(best.win_pct, 2) if best else None,
    }


def magpie_once(mp: Magpie, row: dict[str, Any], seconds: float, cpu: float | None = None) -> dict[str, Any]:
    """One MAGPIE default pre-endgame search (stopped at `cpu` CPU seconds if given): CPU seconds, whether
    every stage finished, its best play."""
    mp.run("cgp " + " ".join(row["cgp"].split()[:4]))
    command = f"peg -threads 1 -pegtlim {seconds:g}"
    started = time.process_time()
    text = mp.run(command) if cpu is None else mp.run_for(command, cpu)
    used = time.process_time() - started
    stages = [m for m in (_STAGE.match(line) for line in text.splitlines()) if m]
    stopped = cpu is not None and used >= cpu
    complete = bool(stages) and all(m.group(2) == m.group(3) for m in stages) and not stopped
    best = next((m for m in (_BEST.match(line) for line in text.splitlines()) if m), None)
    return {
        "cpu_s": used,
        "complete": complete,
        "best": " ".join(best.group(1).split()) if best else None,
        "win_pct": float(best.group(5)) if best else None,
    }


Runs = list[dict[str, Any]]


def progress(index: int, side: str, run: dict[str, Any]) -> None:
    """One run's figures on stderr as soon as it ends (a long run stopped part way keeps what it measured)."""
    print(json.dumps({"position": index, "side": side} | run), file=sys.stderr, flush=True)


def summarise(index: int, row: dict[str, Any], ours: Runs, theirs: Runs) -> dict[str, Any]:
    """A position's figures: medians of the runs, the last run's answers."""
    result: dict[str, Any] = {
        "position": index,
        "magpie_proven_best_pct": max((m["win_pct"] for m in row["magpie_exact"]), default=None),
        "magpie_recorded_s": row["magpie_default_seconds"],
    }
    cpu: float | None = None
    if ours:
        cpu = statistics.median(run["cpu_s"] for run in ours)
        result |= {
            "cpu_s": round(cpu, 2),
            "exact": all(run["exact"] for run in ours),
            "best": ours[-1]["best"],
            "win_pct": ours[-1]["win_pct"],
        }
    if theirs:
        magpie_cpu = statistics.median(run["cpu_s"] for run in theirs)
        result |= {
            "magpie_cpu_s": round(magpie_cpu, 2),
            "magpie_complete": all(run["complete"] for run in theirs),
            "magpie_best": theirs[-1]["best"],
            "magpie_win_pct": theirs[-1]["win_pct"],
            "ratio": round(cpu / magpie_cpu, 2) if cpu is not None and magpie_cpu else None,
        }
    return result


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


def constructed(count: int, rack_size: int) -> list[tuple[int, Any]]:
    """`count` small pre-endgames with 2 tiles in the bag (seeds 1, 2, ...): ANTI at 8G, racks of `rack_size`
    tiles drawn from AEINORST?, in a tile set of exactly the board's, the mover's and the unseen tiles."""
    import random
    from collections import Counter

    from lexigrid.scrabble.core.board import Board, Rack
    from lexigrid.scrabble.core.cgp import Position
    from lexigrid.scrabble.core.move import parse_move
    from lexigrid.scrabble.core.rules import Rules, TileSet, layout, tile_set

    english = tile_set()
    found: list[tuple[int, Any]] = []
    for seed in range(1, count + 1):
        pick = random.Random(seed)
        tiles = [pick.choice("AEINORST?") for _ in range(2 * rack_size + 2)]
        mover, unseen = "".join(tiles[:rack_size]), "".join(tiles[rack_size:])
        board = Board()
        board.place(parse_move("8G ANTI", board))
        counts = dict.fromkeys(english.counts, 0)
        counts.update(board.tile_counts() + Counter(mover) + Counter(unseen))
        rules = Rules(TileSet("exact", counts, english.scores), layout("standard"), rack_size, 0)
        scores = (0, pick.randint(-10, 10))
        found.append((seed, Position(Board.from_rows(board.rows(), rules), (Rack(mover), Rack()), scores, 0)))
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
    count = args.positions or 4
    own = constructed(count, args.rack_size) if args.rack_size else two_in_the_bag(count, lexicon)
    for seed, position in own:
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


def from_records(folder: Path, bag: int, count: int | None, lexicon: Any) -> list[tuple[str, Any]]:
    """Real pre-endgames: each valid two-player English record in `folder` (`labels.json`'s `valid` when it is
    there) replayed in `lexicon` to every turn with `bag` tiles in the bag whose rack it gives, from the
    mover's seat (the opponent's rack unknown); the distinct positions by file name then turn, the first
    `count` (None: all), each named `FILE:TURN`."""
    from lexigrid.scrabble.core.board import Rack
    from lexigrid.scrabble.core.cgp import Position, format_cgp
    from lexigrid.scrabble.records.gcg import parse_gcg
    from lexigrid.scrabble.records.gcg_replay import replay_gcg

    labels_file = folder / "labels.json"
    labels = json.loads(labels_file.read_text()) if labels_file.exists() else {}
    found: dict[str, tuple[str, Any]] = {}
    for path in sorted(folder.glob("*.gcg")):
        if not labels.get(path.name, {}).get("valid", True):
            continue
        try:
            record = parse_gcg(path.read_bytes())
            if record.alphabet.name != "english" or len(record.players) != 2:
                continue
            turns = replay_gcg(record, lexicon).turns
        except Exception:  # a record this replay refuses is no benchmark position
            continue
        for turn, state in enumerate(turns, 1):
            rack, p = state.event.rack, state.player
            if not rack:
                continue
            scores = (state.scores[p], state.scores[1 - p])
            position = Position(state.board, (Rack.of_tiles(rack), Rack()), scores, state.zeros)
            if sum(position.unseen().values()) - position.rules.rack_size == bag:
                found.setdefault(format_cgp(position), (f"{path.name}:{turn}", position))
    return list(found.values())[:count]


def solve_record(
    name: str, position: Any, engine: Any, top: int, seconds: float | None, nodes: int | None
) -> dict[str, Any]:
    """A real position solved within `seconds` and `nodes` (None: no limit): what was judged, CPU s, nodes."""
    from lexigrid.scrabble.analysis.peg import solve_peg

    started = time.process_time()
    solution = solve_peg(position, engine, top=top, seconds=seconds, nodes=nodes)
    cpu = time.process_time() - started
    best = solution.plays[0] if solution.plays else None
    return {
        "position": name,
        "budget": {"seconds": seconds, "nodes": nodes},
        "candidates": solution.candidates,
        "judged": solution.candidates - solution.dropped - len(solution.unsolved),
        "dropped": solution.dropped,
        "exact": solution.exact,
        "cpu_s": round(cpu, 2),
        "nodes": solution.nodes,
        "best": best.move.notation if best else None,
        "win_pct": round(best.win_pct, 2) if best else None,
        "best_exact": best.exact if best else None,
    }


def main_records(args: argparse.Namespace) -> None:
    """Solve the real positions of --from-records under the budget and (unless --budget-only) without; a
    line a run and a summary (or JSON)."""
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine

    lexicon = load(str(SHARED / "data" / "lexicons" / "twl06.txt"))
    budgets: list[tuple[float | None, int | None]] = []
    if args.seconds is not None or args.nodes is not None:
        budgets.append((args.seconds, args.nodes))
    if not budgets or not args.budget_only:
        budgets.append((None, None))
    runs = []
    for name, position in from_records(args.from_records, args.bag, args.count, lexicon):
        engine = Engine.shared(lexicon, position.rules).prepare()
        for seconds, nodes in budgets:
            runs.append(solve_record(name, position, engine, args.top, seconds, nodes))
            if not args.json:
                print(json.dumps(runs[-1]), flush=True)
    summary = []
    for seconds, nodes in budgets:
        mine = [r for r in runs if r["budget"] == {"seconds": seconds, "nodes": nodes}]
        full = {r["position"]: r for r in runs if r["budget"] == {"seconds": None, "nodes": None}}
        ranked = [r for r in mine if r["position"] in full and r["best"] == full[r["position"]]["best"]]
        summary.append(
            {
                "budget": {"seconds": seconds, "nodes": nodes},
                "positions": len(mine),
                "exact": sum(r["exact"] for r in mine),
                "some_play_judged": sum(r["best"] is not None for r in mine),
                "top_play_as_unbudgeted": len(ranked) if full else None,
                "median_cpu_s": round(statistics.median(r["cpu_s"] for r in mine), 2) if mine else None,
                "median_judged": statistics.median(r["judged"] for r in mine) if mine else None,
            }
        )
    print(json.dumps({"runs": runs, "summary": summary} if args.json else summary))


def main(argv: list[str] | None = None) -> None:
    """Time the positions on both sides and print one line a position and a summary (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, help="only the first N positions")
    parser.add_argument("--position", type=int, action="append", help="only position I (repeatable)")
    parser.add_argument("--bag", type=int, choices=(1, 2), default=1, help="tiles in the bag (default 1)")
    parser.add_argument("--rack-size", type=int, choices=range(1, 8), help="--bag 2: constructed racks of N")
    parser.add_argument("--repeats", type=int, default=1, help="runs a position on each side (median)")
    parser.add_argument("--seconds", type=float, help="lexigrid's budget per position (default: none)")
    parser.add_argument("--nodes", type=int, help="--from-records: a work budget per position (search nodes)")
    parser.add_argument("--from-records", type=Path, help="real positions from the GCG records in DIR")
    parser.add_argument("--count", type=int, help="--from-records: the first N positions")
    parser.add_argument("--budget-only", action="store_true", help="--from-records: no unbudgeted run")
    parser.add_argument("--top", type=int, default=1, help="plays lexigrid ranks exactly (default 1)")
    sides = parser.add_mutually_exclusive_group()
    sides.add_argument("--no-magpie", action="store_true", help="lexigrid only")
    sides.add_argument("--no-lexigrid", action="store_true", help="MAGPIE only")
    parser.add_argument("--magpie-lib", type=Path, default=MAGPIE_LIB)
    parser.add_argument("--magpie-data", type=Path, default=MAGPIE_DATA)
    parser.add_argument("--magpie-seconds", type=float, default=1800, help="MAGPIE's wall-clock limit")
    parser.add_argument("--magpie-cpu", type=float, help="stop MAGPIE at S CPU seconds (a lower bound)")
    parser.add_argument("--checkpoint", type=Path, help="JSONL of judged plays: a stopped solve resumes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.checkpoint and args.repeats > 1:
        print(
            "error: --checkpoint with --repeats > 1 would replay the first run's plays: use --repeats 1",
            file=sys.stderr,
        )
        raise SystemExit(2)
    if args.from_records:
        main_records(args)
        return
    if args.bag == 2:
        main_own(args)
        return
    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.core.cgp import parse_cgp

    data = SHARED / "data" / "scrabble" / "peg.jsonl"
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    picked = args.position or list(range(args.positions or len(rows)))
    engine = None
    if not args.no_lexigrid:
        engine = Engine(
            load(str(SHARED / "data" / "lexicons" / "twl06.txt")), parse_cgp(rows[0]["cgp"]).rules
        )
        engine.prepare()
    mp = None if args.no_magpie else Magpie(args.magpie_lib, args.magpie_data)
    results = []
    for index in picked:
        row = rows[index]
        ours: Runs = []
        theirs: Runs = []
        for _ in range(args.repeats):
            if engine is not None:
                checkpoint = Checkpoint(args.checkpoint, index) if args.checkpoint else None
                ours.append(lexigrid_once(row, engine, args.top, args.seconds, checkpoint))
                progress(index, "lexigrid", ours[-1])
            if mp is not None:
                theirs.append(magpie_once(mp, row, args.magpie_seconds, args.magpie_cpu))
                progress(index, "magpie", theirs[-1])
        result = summarise(index, row, ours, theirs)
        results.append(result)
        if not args.json:
            print(json.dumps(result), flush=True)
    summary: dict[str, Any] = {"positions": len(results)}
    if engine is not None:
        summary |= {
            "exact": sum(r["exact"] for r in results),
            "median_cpu_s": round(statistics.median(r["cpu_s"] for r in results), 2),
            "max_cpu_s": max(r["cpu_s"] for r in results),
        }
    if mp is not None:
        ratios = [r["ratio"] for r in results if r.get("ratio") is not None]
        summary |= {
            "median_magpie_cpu_s": round(statistics.median(r["magpie_cpu_s"] for r in results), 2),
            "magpie_complete": sum(r["magpie_complete"] for r in results),
            "median_ratio": statistics.median(ratios) if ratios else None,
        }
    print(json.dumps({"results": results, "summary": summary} if args.json else summary))


if __name__ == "__main__":
    main()
