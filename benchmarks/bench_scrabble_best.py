"""Scrabble best move and all placements: lexigrid beside MAGPIE in one process, interleaved (issue 12).

Run: python benchmarks/bench_scrabble_best.py [--repeats 5] [--batch-ms 25] [--positions N]
       [--magpie-lib PATH] [--magpie-data DIR] [--json]
(needs ../shared/data for TWL06 and positions.jsonl; MAGPIE is optional, see below)

Three measurements on the 40 positions of positions.jsonl (the first 4 are the reference positions):
1. best move by static equity: lexigrid `Engine(load(twl06)).prepare().best(position, "equity")` vs
   MAGPIE's `generate` with record type `best` (its shadow-pruned search that keeps one move; TWL06 KWG,
   KLV2 leaves and WMP word map);
2. all placements: lexigrid `Engine.placements(position)` vs MAGPIE's `generate` with record type `all`
   (every move into its move list, which it also sorts by equity; exchanges and the pass included);
3. the machine-independent check: the best-move call as a % of the all-moves call, same process.

MAGPIE runs in this process: its shared library (`make examples` builds bin/libmagpie.so) through its own
ctypes wrapper examples/magpie.py, one handle, the command string API (`cgp ...` untimed, then `generate`
timed; that API's parse and one-line output are in MAGPIE's figures). It is found by --magpie-lib, else
$LEXIGRID_MAGPIE_LIB, else ../peers/magpie-lib/bin/libmagpie.so beside the checkout; data by --magpie-data,
$LEXIGRID_MAGPIE_DATA, data/ beside the library's bin/, else ../peers/magpie/data. Without it, MAGPIE's
columns are skipped with a note (CI has no MAGPIE; this benchmark is not run in CI).

Protocol (a shared 2-core machine): CPU time (time.process_time) around a batch of N calls of one engine
on one position (N calibrated so a batch takes about --batch-ms; one untimed call first; garbage collector
off in the batch), lexigrid and MAGPIE batches alternating position by position (which goes first flips
every batch), --repeats rounds over all positions, the median per-call time of the rounds per engine;
ratio = lexigrid median / MAGPIE median.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import hashlib
import importlib.util
import json
import os
import re
import shlex
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

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
# the reference engines' folder beside the checkout, or beside a folder holding it (a git worktree's)
PEERS = next((p / "peers" for p in ROOT.parents if (p / "peers").is_dir()), ROOT.parent / "peers")
TWL06 = SHARED / "lexicons" / "twl06.txt"
POSITIONS = SHARED / "scrabble" / "positions.jsonl"
MAGPIE_LIB = PEERS / "magpie-lib" / "bin" / "libmagpie.so"
MAGPIE_DATA = PEERS / "magpie" / "data"
REFERENCE_BOARD = (1, 2, 3)  # mid-game reference board with AEINRST, AEINRT?, EINRT?? (0, 1, 2 blanks)
BLANK_CHECK = (2, 3)  # AEINRT? and EINRT??: the best-move call as a % of the all-moves call
GOAL_BEST_REFERENCE = 1.5
GOAL_BEST_WORST = 3.0
GOAL_ALL = 1.5
GOAL_SHARE = 5.0
MAGPIE_SETUP = "set -lex TWL06 -threads 1 -savesettings false -shwithmoves false -hr false -maxnumdplays 1"
MAGPIE_MODES = {"best": "set -r1 best -r2 best -numplays 1", "all": "set -r1 all -r2 all -numplays 50000"}
_SHOWING = re.compile(r"Showing \d+ of (\d+) plays")


@dataclass
class Case:
    """One reference position, and what each engine measured and found on it."""

    index: int
    row: dict[str, Any]
    position: Any
    times: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # (mode, engine) -> s/call
    lexigrid_best: Any = None
    magpie_best: str | None = None
    magpie_equity: float | None = None
    magpie_count: int | None = None
    lexigrid_count: int | None = None

    @property
    def rack(self) -> str:
        """The rack of the player to move."""
        return str(self.row["cgp"].split()[1].split("/")[0])

    @property
    def category(self) -> str:
        """Why the position was chosen (shortened)."""
        text = str(self.row["meta"]["category"]).replace("reference: ", "ref: ")
        return text if len(text) <= 34 else text[:33] + "…"

    @property
    def empty_board(self) -> bool:
        """True on an empty board (MAGPIE generates only the across openings there)."""
        return not any(self.position.board.tiles)

    def median(self, mode: str, engine: str) -> float | None:
        """The median per-call CPU seconds of the rounds, or None when not measured."""
        values = self.times.get((mode, engine))
        return statistics.median(values) if values else None

    def ratio(self, mode: str) -> float | None:
        """lexigrid's median over MAGPIE's, or None."""
        lexigrid, magpie = self.median(mode, "lexigrid"), self.median(mode, "magpie")
        return lexigrid / magpie if lexigrid is not None and magpie else None

    def spread(self, mode: str, engine: str) -> float | None:
        """(max - min) / median of the rounds, a noise figure."""
        values = self.times.get((mode, engine))
        if not values or len(values) < 2:
            return None
        return (max(values) - min(values)) / statistics.median(values)


class MagpieInProcess:
    """MAGPIE's shared library in this process, through its own ctypes wrapper (examples/magpie.py)."""

    def __init__(self, lib: Path, data: Path) -> None:
        wrapper = lib.parent.parent / "examples" / "magpie.py"
        spec = importlib.util.spec_from_file_location("magpie_examples_wrapper", wrapper)
        if spec is None or spec.loader is None or not wrapper.exists():
            raise RuntimeError(f"MAGPIE's ctypes wrapper {wrapper} is absent")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.error = module.MagpieError
        self.wmp = (data / "lexica" / "TWL06.wmp").exists()
        self._settings = tempfile.TemporaryDirectory(prefix="lexigrid-magpie-")
        handle = module.Magpie.__new__(module.Magpie)  # the wrapper's methods, MAGPIE's create-with-options
        handle._lib = ctypes.CDLL(str(lib))
        handle._declare_functions()
        settings = str(Path(self._settings.name) / "settings.txt").encode()  # none read, none left behind
        handle._mp = handle._lib.magpie_create_with_options(str(data).encode(), settings, self.wmp)
        if handle._lib.magpie_has_error(handle._mp):
            error = handle._take_string(handle._lib.magpie_get_and_clear_error(handle._mp))
            handle.close()
            raise RuntimeError(f"MAGPIE could not start: {error.strip()}")
        self.handle = handle
        self.run(f"{MAGPIE_SETUP} -wmp {'true' if self.wmp else 'false'}")
        self.mode = ""

    def run(self, command: str) -> str:
        """One command through MAGPIE's string API; its output."""
        return str(self.handle.run(command))

    def set_mode(self, mode: str) -> None:
        """Record the best move only ("best") or every move ("all")."""
        if mode != self.mode:
            self.run(MAGPIE_MODES[mode])
            self.mode = mode

    def load(self, cgp: str) -> Callable[[], object]:
        """Load a position (untimed); the timed call: generate with the current record type."""
        self.run(f"cgp {' '.join(cgp.split()[:4])}")
        return lambda: self.handle.run("generate")

    def close(self) -> None:
        """Free MAGPIE's handle."""
        self.handle.close()
        self._settings.cleanup()


def parse_magpie_top(output: str) -> tuple[str, float, int | None]:
    """MAGPIE's first move line (`1:  K5 RET(AXE)d IN? 52 83.68`) as (move, equity, moves listed)."""
    line = next(line for line in output.splitlines() if line.strip().startswith("1:"))
    tokens = line.split()[1:]
    equity = float(tokens[-1])
    middle = tokens[:-2]
    if middle[0] == "pass":
        move = "-"
    elif middle[0] == "(exch":
        move = "-" + middle[1].rstrip(")")
    else:
        move = f"{middle[0]} {middle[1]}"
    showing = _SHOWING.search(output)
    return move, equity, int(showing.group(1)) if showing else None


def move_key(move: Any, board: Any) -> tuple[Any, ...]:
    """A move as what it does (new tiles; an empty board's opening up to transposition)."""
    from lexigrid.scrabble import parse_move

    if isinstance(move, str):
        move = parse_move(move, board)
    if move.kind == "pass":
        return ("pass",)
    if move.kind == "exchange":
        return ("exchange", "".join(sorted(move.word)))
    squares = tuple(sorted(move.squares()))
    if not any(board.tiles):
        return min(squares, tuple(sorted((c, r, t) for r, c, t in squares)))
    return squares


def per_call(run: Callable[[], object], calls: int) -> float:
    """CPU seconds per call over a batch of `calls` (one untimed call first, garbage collector off)."""
    run()
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        for _ in range(calls):
            run()
        return (time.process_time() - start) / calls
    finally:
        gc.enable()


def calibrate(run: Callable[[], object], batch: float, least: int) -> int:
    """How many calls fill about `batch` CPU seconds (at least `least`)."""
    run()
    calls, start = 0, time.process_time()
    while time.process_time() - start < min(batch / 5, 0.005) or calls == 0:
        run()
        calls += 1
    once = (time.process_time() - start) / calls
    return max(least, round(batch / max(once, 1e-7)))


def measure(
    mode: str,
    cases: list[Case],
    engines: dict[str, Callable[[Case], Callable[[], object]]],
    repeats: int,
    batch: float,
    status: Any,
) -> None:
    """Interleaved rounds: per position, one batch per engine (order flipping), `repeats` rounds."""
    calls: dict[tuple[str, int], int] = {}
    least = 2 if mode == "all" else 10
    for round_ in range(repeats):
        for case in cases:
            status.update(f"{mode}: round {round_ + 1}/{repeats}, position #{case.index} {case.rack}")
            names = list(engines)
            if (round_ + case.index) % 2:
                names.reverse()
            for name in names:
                run = engines[name](case)
                if (name, case.index) not in calls:
                    calls[name, case.index] = calibrate(run, batch, least)
                seconds = per_call(run, calls[name, case.index])
                case.times.setdefault((mode, name), []).append(seconds)


def api_floor(magpie: MagpieInProcess) -> float:
    """CPU seconds of a no-work command through MAGPIE's string API (parse + config), median of 5."""
    return statistics.median(per_call(lambda: magpie.run("set -threads 1"), 2000) for _ in range(5))


def magpie_commit(lib: Path) -> str:
    """The MAGPIE checkout's commit (git), or 'unknown'."""
    try:
        done = subprocess.run(
            ["git", "-C", str(lib.parent.parent), "log", "-1", "--format=%H %cs"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return done.stdout.strip() or "unknown"


def same_file(a: Path, b: Path) -> bool:
    """True when both files exist with the same bytes."""
    if not (a.exists() and b.exists()):
        return False
    return hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


def find_magpie(args: argparse.Namespace) -> tuple[Path | None, Path | None, str]:
    """MAGPIE's library and data folder, or (None, None, why not)."""
    given = args.magpie_lib or os.environ.get("LEXIGRID_MAGPIE_LIB")
    lib = Path(given).expanduser().resolve() if given else MAGPIE_LIB
    if not lib.is_file():
        how = "build one with `git clone https://github.com/jvc56/MAGPIE <dir> && make -C <dir> examples`"
        return None, None, f"no MAGPIE library at {lib} (--magpie-lib or $LEXIGRID_MAGPIE_LIB; {how})"
    given_data = args.magpie_data or os.environ.get("LEXIGRID_MAGPIE_DATA")
    candidates = [Path(given_data).expanduser().resolve()] if given_data else [lib.parent.parent / "data"]
    candidates.append(MAGPIE_DATA)
    for data in candidates:
        if (data / "lexica" / "TWL06.kwg").exists() and (data / "lexica" / "TWL06.klv2").exists():
            return lib, data.resolve(), ""
    return None, None, f"no TWL06.kwg + TWL06.klv2 under {candidates[0]}/lexica (--magpie-data)"


def us(seconds: float | None) -> str:
    """Seconds as microseconds for the table, or '-'."""
    if seconds is None:
        return "-"
    value = seconds * 1e6
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def times(ratio: float | None, goal: float | None = None) -> str:
    """A ratio as `1.23x` (red when over `goal`), or '-'."""
    if ratio is None:
        return "-"
    text = f"{ratio:.2f}x"
    return f"[red]{text}[/red]" if goal is not None and ratio > goal else text


def pct(value: float | None) -> str:
    """A fraction as a percentage, or '-'."""
    return "-" if value is None else f"{value * 100:.0f}%"


def pct1(value: float | None) -> str:
    """A fraction as a percentage with one decimal, or '-'."""
    return "-" if value is None else f"{value * 100:.1f}%"


def verdict(ok: bool | None) -> str:
    """'met' / 'NOT met' / '-'."""
    return "-" if ok is None else "[green]met[/green]" if ok else "[red]NOT met[/red]"


def agreement(case: Case) -> str:
    """Whether lexigrid's best move is MAGPIE's top, one the data file ties with its best, or neither."""
    if case.lexigrid_best is None:
        return "-"
    board = case.position.board
    mine = move_key(case.lexigrid_best, board)
    if case.magpie_best is not None and mine == move_key(case.magpie_best, board):
        return "same"
    best = case.row["best_equity"]
    recorded = {move_key(m, board) for m in [best["move"], *best.get("tied_moves", [])]}
    return "tied" if mine in recorded else "differs"


def render_best(cases: list[Case], magpie: bool) -> Table:
    """Table 1: best move by static equity."""
    table = Table(title="1. Best move by static equity (CPU µs per call, median of the rounds)")
    for column in ("#", "rack", "category", "lexigrid µs", "MAGPIE µs", "ratio", "spread L/M", "best move"):
        table.add_column(
            column, justify="right" if column in ("#", "lexigrid µs", "MAGPIE µs", "ratio") else "left"
        )
    table.add_column("agree")
    for case in cases:
        mine = case.lexigrid_best.notation if case.lexigrid_best is not None else "-"
        state = agreement(case) if magpie else "-"
        moves = mine if state == "same" or not magpie else f"{mine} | M: {case.magpie_best}"
        goal = GOAL_BEST_REFERENCE if case.index in REFERENCE_BOARD else GOAL_BEST_WORST
        table.add_row(
            str(case.index),
            case.rack,
            case.category,
            us(case.median("best", "lexigrid")),
            us(case.median("best", "magpie")),
            times(case.ratio("best"), goal),
            f"{pct(case.spread('best', 'lexigrid'))}/{pct(case.spread('best', 'magpie'))}",
            moves,
            state,
        )
    return table


def render_all(cases: list[Case], magpie: bool) -> Table:
    """Table 2: all placements."""
    table = Table(title="2. All placements (CPU µs per call, median of the rounds)")
    for column in (
        "#",
        "rack",
        "category",
        "placements",
        "MAGPIE moves",
        "lexigrid µs",
        "MAGPIE µs",
        "ratio",
    ):
        table.add_column(column, justify="left" if column in ("rack", "category") else "right")
    table.add_column("spread L/M")
    for case in cases:
        count = case.magpie_count
        table.add_row(
            str(case.index),
            case.rack,
            case.category,
            f"{case.lexigrid_count:,}" if case.lexigrid_count is not None else "-",
            ("-" if count is None else f"{count:,}") + (" *" if case.empty_board else ""),
            us(case.median("all", "lexigrid")),
            us(case.median("all", "magpie")),
            times(case.ratio("all"), GOAL_ALL),
            f"{pct(case.spread('all', 'lexigrid'))}/{pct(case.spread('all', 'magpie'))}",
        )
    return table


def summarise(cases: list[Case], magpie: bool) -> dict[str, Any]:
    """The footer figures and the issue's goals."""
    by_index = {case.index: case for case in cases}

    def ratios(mode: str, chosen: list[Case]) -> list[float]:
        return [r for r in (c.ratio(mode) for c in chosen) if r is not None]

    best = ratios("best", cases)
    reference = {i: by_index[i].ratio("best") for i in REFERENCE_BOARD if i in by_index}
    worst = max(cases, key=lambda c: c.ratio("best") or 0.0) if best else None
    not_empty = [c for c in cases if not c.empty_board]
    every = ratios("all", not_empty)
    worst_all = max(not_empty, key=lambda c: c.ratio("all") or 0.0) if every else None
    share: dict[str, dict[str, float | None]] = {}
    for i in BLANK_CHECK:
        if i not in by_index:
            continue
        case = by_index[i]
        share[case.rack] = {}
        for engine in ("lexigrid", "magpie"):
            best_s, all_s = case.median("best", engine), case.median("all", engine)
            share[case.rack][engine] = best_s / all_s if best_s is not None and all_s else None
    agree = [agreement(c) for c in cases] if magpie else []
    recorded = 0
    for case in cases:
        if case.magpie_best is None:
            continue
        board, row = case.position.board, case.row["best_equity"]
        keys = {move_key(m, board) for m in [row["move"], *row.get("tied_moves", [])]}
        recorded += move_key(case.magpie_best, board) in keys
    counts_ok = sum(
        1
        for c in cases
        if c.magpie_count is not None
        and c.magpie_count
        == (c.row["placements"] // (2 if c.empty_board else 1)) + c.row["exchanges_and_pass"]
    )
    reference_ok = [r <= GOAL_BEST_REFERENCE for r in reference.values() if r is not None]
    lexigrid_shares = [s["lexigrid"] for s in share.values() if s["lexigrid"] is not None]
    return {
        "best_reference_ratios": {by_index[i].rack: r for i, r in reference.items()},
        "best_reference_goal_met": all(reference_ok) if reference_ok else None,
        "best_worst_ratio": worst.ratio("best") if worst else None,
        "best_worst_position": worst.index if worst else None,
        "best_worst_goal_met": (worst.ratio("best") or 0) <= GOAL_BEST_WORST if worst else None,
        "best_median_ratio": statistics.median(best) if best else None,
        "all_median_ratio": statistics.median(every) if every else None,
        "all_worst_ratio": worst_all.ratio("all") if worst_all else None,
        "all_worst_position": worst_all.index if worst_all else None,
        "all_within_goal": sum(1 for r in every if r <= GOAL_ALL),
        "all_compared": len(every),
        "all_reference_ratios": {
            by_index[i].rack: by_index[i].ratio("all") for i in REFERENCE_BOARD if i in by_index
        },
        "best_share_of_all": share,
        "best_share_goal_met": all(s <= GOAL_SHARE / 100 for s in lexigrid_shares)
        if lexigrid_shares
        else None,
        "agree_same": agree.count("same"),
        "agree_tied": agree.count("tied"),
        "agree_differs": agree.count("differs"),
        "magpie_top_is_recorded_best": recorded,
        "magpie_counts_match": counts_ok,
        "positions": len(cases),
    }


def footer(summary: dict[str, Any], magpie: bool) -> list[str]:
    """The summary lines under the tables."""
    if not magpie:
        return ["MAGPIE not run: no ratios (lexigrid's own best/all share is in table 3)."]
    ref = ", ".join(
        f"{rack} {times(r, GOAL_BEST_REFERENCE)}" for rack, r in summary["best_reference_ratios"].items()
    )
    refs_all = ", ".join(
        f"{rack} {times(r, GOAL_ALL)}" for rack, r in summary["all_reference_ratios"].items()
    )
    n = summary["positions"]
    return [
        f"best, reference board 0/1/2 blanks: {ref} (goal <= {GOAL_BEST_REFERENCE}x: "
        f"{verdict(summary['best_reference_goal_met'])})",
        f"best, worst over the {n}: {times(summary['best_worst_ratio'])} (#{summary['best_worst_position']}; "
        f"goal <= {GOAL_BEST_WORST}x: {verdict(summary['best_worst_goal_met'])}); "
        f"median ratio {times(summary['best_median_ratio'])}",
        f"best-move agreement: lexigrid = MAGPIE's top on {summary['agree_same']}, one of the data file's "
        f"tied best on {summary['agree_tied']}, differs on {summary['agree_differs']} (lexigrid's leave "
        "values are its own, so a different best move is not an error); MAGPIE's top is the data file's "
        f"best (or tied) on {summary['magpie_top_is_recorded_best']}/{n}",
        f"all placements: median ratio {times(summary['all_median_ratio'])}, worst "
        f"{times(summary['all_worst_ratio'])} (#{summary['all_worst_position']}), "
        f"{summary['all_within_goal']}/{summary['all_compared']} within {GOAL_ALL}x; reference board: "
        f"{refs_all} (the empty-board rows, marked *, are left out: there MAGPIE lists only the across "
        "openings, lexigrid both orientations)",
        f"MAGPIE's move count (placements + exchanges + pass) matches the data file on "
        f"{summary['magpie_counts_match']}/{n}",
    ]


def render_share(cases: list[Case], summary: dict[str, Any]) -> Table:
    """Table 3: the best-move call as a % of the all-moves call, per engine, same process."""
    table = Table(title="3. Best-move call as a % of the all-moves call (reference board, same process)")
    for column in (
        "rack",
        "lexigrid best µs",
        "lexigrid all µs",
        "lexigrid %",
        "MAGPIE best µs",
        "MAGPIE all µs",
    ):
        table.add_column(column, justify="left" if column == "rack" else "right")
    table.add_column("MAGPIE %", justify="right")
    by_index = {case.index: case for case in cases}
    for i in BLANK_CHECK:
        if i not in by_index:
            continue
        case = by_index[i]
        share = summary["best_share_of_all"][case.rack]
        mine = share["lexigrid"]
        mine_text = "-" if mine is None else f"{mine * 100:.1f}%"
        if mine is not None and mine > GOAL_SHARE / 100:
            mine_text = f"[red]{mine_text}[/red]"
        theirs = share["magpie"]
        table.add_row(
            case.rack,
            us(case.median("best", "lexigrid")),
            us(case.median("all", "lexigrid")),
            mine_text,
            us(case.median("best", "magpie")),
            us(case.median("all", "magpie")),
            "-" if theirs is None else f"{theirs * 100:.2f}%",
        )
    return table


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="interleaved rounds over the positions (medians)"
    )
    parser.add_argument("--batch-ms", type=float, default=25.0, help="CPU ms a batch of calls aims at")
    parser.add_argument(
        "--positions", type=int, help="only the first N positions (the first 4: the references)"
    )
    parser.add_argument(
        "--magpie-lib", help="MAGPIE's libmagpie.so (default: $LEXIGRID_MAGPIE_LIB, ../peers)"
    )
    parser.add_argument(
        "--magpie-data", help="MAGPIE's data folder (default: $LEXIGRID_MAGPIE_DATA, beside lib)"
    )
    parser.add_argument("--no-magpie", action="store_true", help="lexigrid only")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of tables")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 also when it is skipped for want of the shared data."""
    args = parse_args(argv)
    console = Console(stderr=args.json, width=None if sys.stdout.isatty() else 180)
    python = Path(sys.executable)
    python_text = str(python.relative_to(ROOT)) if python.is_relative_to(ROOT) else str(python)
    command = shlex.join([python_text, "benchmarks/bench_scrabble_best.py", *(argv or sys.argv[1:])])
    console.print(f"command: {command}   (in {ROOT})", highlight=False)
    if not TWL06.exists() or not POSITIONS.exists():
        reason = f"{SHARED} is absent (the benchmark needs ../shared/data beside the checkout)"
        console.print(f"skipped: {reason}")
        if args.json:
            print(json.dumps({"skipped": reason}))
        return 0

    from lexigrid.lexicon import load
    from lexigrid.scrabble import Engine, parse_cgp

    lib, data, missing = (None, None, "--no-magpie") if args.no_magpie else find_magpie(args)
    magpie: MagpieInProcess | None = None
    magpie_note = ""
    if lib is not None and data is not None:
        try:
            magpie = MagpieInProcess(lib, data)
        except (OSError, RuntimeError) as error:
            missing = f"MAGPIE could not be loaded from {lib}: {error}"
    if magpie is not None and lib is not None and data is not None:
        shared = SHARED / "scrabble"
        identical = all(same_file(data / "lexica" / n, shared / n) for n in ("TWL06.kwg", "TWL06.klv2"))
        magpie_note = (
            f"MAGPIE {magpie_commit(lib)}: {lib} in process via examples/magpie.py (ctypes, string API); "
            f"data {data} (TWL06.kwg + TWL06.klv2 {'byte-identical to' if identical else 'DIFFER from'} "
            f"../shared/data/scrabble; word map TWL06.wmp {'on' if magpie.wmp else 'absent: off'}); "
            "-threads 1"
        )
        console.print(magpie_note, highlight=False)
    else:
        console.print(f"[yellow]MAGPIE columns skipped:[/yellow] {missing}", highlight=False)
    load_before = os.getloadavg()

    rows = [json.loads(line) for line in POSITIONS.read_text().splitlines() if line.strip()]
    if args.positions is not None:
        rows = rows[: args.positions]
    with console.status("loading TWL06 and preparing lexigrid's engine"):
        engine = Engine(load(str(TWL06))).prepare()
    cases = [Case(i, row, parse_cgp(row["cgp"])) for i, row in enumerate(rows)]
    for case in cases:
        case.lexigrid_count = len(engine.placements(case.position))
        case.lexigrid_best = engine.best(case.position, "equity")

    def lexigrid_best(case: Case) -> Callable[[], object]:
        return lambda: engine.best(case.position, "equity")

    def lexigrid_all(case: Case) -> Callable[[], object]:
        return lambda: engine.placements(case.position)

    floor = None
    with console.status("measuring") as status:
        for mode, mine in (("best", lexigrid_best), ("all", lexigrid_all)):
            engines: dict[str, Callable[[Case], Callable[[], object]]] = {"lexigrid": mine}
            if magpie is not None:
                magpie.set_mode(mode)
                engines["magpie"] = lambda case: magpie.load(case.row["cgp"])
            measure(mode, cases, engines, args.repeats, args.batch_ms / 1e3, status)
            if magpie is not None:
                for case in cases:
                    move, equity, count = parse_magpie_top(str(magpie.load(case.row["cgp"])()))
                    if mode == "best":
                        case.magpie_best, case.magpie_equity = move, equity
                    else:
                        case.magpie_count = count
        if magpie is not None:
            floor = api_floor(magpie)
            magpie.close()
    load_after = os.getloadavg()

    summary = summarise(cases, magpie is not None)
    protocol = (
        f"CPU time (time.process_time), batches of ~{args.batch_ms:g} ms, lexigrid and MAGPIE interleaved "
        f"position by position, {args.repeats} rounds, medians (spread: (max - min) / median of the rounds); "
        f"{os.cpu_count()} cores shared with other work "
        f"(load average {load_before[0]:.1f} before, {load_after[0]:.1f} after)"
    )
    if args.json:
        positions = [
            {
                "index": c.index,
                "rack": c.rack,
                "category": c.row["meta"]["category"],
                "lexigrid_best_us": _us(c.median("best", "lexigrid")),
                "magpie_best_us": _us(c.median("best", "magpie")),
                "best_ratio": c.ratio("best"),
                "lexigrid_all_us": _us(c.median("all", "lexigrid")),
                "magpie_all_us": _us(c.median("all", "magpie")),
                "all_ratio": c.ratio("all"),
                "lexigrid_best": c.lexigrid_best.notation if c.lexigrid_best is not None else None,
                "lexigrid_equity": c.lexigrid_best.equity if c.lexigrid_best is not None else None,
                "magpie_best": c.magpie_best,
                "magpie_equity": c.magpie_equity,
                "agree": agreement(c) if magpie is not None else None,
                "placements": c.lexigrid_count,
                "magpie_moves": c.magpie_count,
                "rounds_us": {f"{m}/{e}": [t * 1e6 for t in v] for (m, e), v in c.times.items()},
            }
            for c in cases
        ]
        payload: dict[str, Any] = {"command": command, "magpie": magpie_note or None, "protocol": protocol}
        payload |= {"magpie_api_floor_us": _us(floor), "positions": positions, "summary": summary}
        print(json.dumps(payload, indent=1))
        return 0
    measured = magpie is not None
    console.print(render_best(cases, measured))
    console.print(render_all(cases, measured))
    console.print(render_share(cases, summary))
    for line in footer(summary, measured):
        console.print(line, highlight=False)
    share = summary["best_share_of_all"]
    lexigrid_shares = ", ".join(f"{rack} {pct1(s['lexigrid'])}" for rack, s in share.items())
    console.print(
        f"best as % of all, lexigrid: {lexigrid_shares} (goal <= {GOAL_SHARE:g}%: "
        f"{verdict(summary['best_share_goal_met'])}; MAGPIE 0.2-1% per the issue)",
        highlight=False,
    )
    if floor is not None:
        console.print(
            f"MAGPIE's figures include its string API (command parse + one-line output); a no-work command "
            f"through it costs {us(floor)} µs. MAGPIE's 'all' also values every move's leave and heap-sorts "
            "its move list by equity (about a third of its time there).",
            highlight=False,
        )
    console.print(f"protocol: {protocol}", highlight=False)
    return 0


def _us(seconds: float | None) -> float | None:
    """Seconds as microseconds (rounded to 0.1) for JSON."""
    return None if seconds is None else round(seconds * 1e6, 1)


if __name__ == "__main__":
    sys.exit(main())
