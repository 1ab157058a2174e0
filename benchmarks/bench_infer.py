"""Rack inference benchmark: racks checked per second (CPU) on plays from the mid-game reference board.

Run: python benchmarks/bench_infer.py [--jobs N]   (TWL06 from ../shared/data when present, else NWL)

A second table times the order a timed inference judges racks in (CPU, the median of 3): the likeliest
first 1,000, 10,000 and 100,000 leaves of a one-tile play's leave space (`LeaveSpace.likeliest`, over
`heaviest_first`), against listing the whole space and sorting it by draws (what a timed inference did
before session 40).
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from lexigrid.scrabble import Engine

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TWL06 = SHARED / "lexicons" / "twl06.txt"
BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"
EMPTY = "/".join(["15"] * 15)
RATE = "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15"
ONE_TILE = (RATE, "7J A")  # a one-tile play: a leave of 6 from every unseen tile
CASES = [  # (board, play): the best plays of AEGINRT there, and an opening
    (BOARD, "6C COZYING"),
    (BOARD, "E3 RITZ"),
    (BOARD, "14A ANTING"),
    (BOARD, "K7 TAXER"),
    (EMPTY, "8D GRAIN"),
]


def main() -> None:
    """Infer each case once and print racks checked, consistent, searched and racks per CPU second."""
    from lexigrid.lexicon import load
    from lexigrid.runner import Runner
    from lexigrid.scrabble import Engine, parse_cgp
    from lexigrid.scrabble.analysis.infer import infer

    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 1
    spec = str(TWL06) if TWL06.exists() else "default"
    engine = Engine(load(spec)).prepare()
    table = Table(title=f"rack inference ({Path(spec).name}, jobs {jobs}, margin 5)")
    for name in ("play", "racks", "consistent", "searched", "wall s", "CPU s", "racks/CPU s"):
        table.add_column(name, justify="left" if name == "play" else "right")
    for board, play in CASES:
        cpu = time.process_time()
        found = infer(
            parse_cgp(f"{board} / 0/0 0"), play, engine, runner=Runner(jobs=jobs), lexicon_spec=spec
        )
        cpu = time.process_time() - cpu
        table.add_row(
            play,
            f"{found.racks_checked:,}",
            f"{found.consistent:,}",
            f"{found.searched:,}",
            f"{found.elapsed_s:.2f}",
            f"{cpu:.2f}",
            f"{found.racks_checked / cpu:,.0f}" if jobs == 1 and cpu > 0 else "-",
        )
    Console().print(table)
    Console().print(order_table(engine))


def order_table(engine: Engine) -> Table:
    """CPU seconds to hand out the likeliest leaves of a one-tile play lazily, against listing and sorting."""
    from lexigrid.scrabble import parse_cgp
    from lexigrid.scrabble.analysis.draws import rack_draws
    from lexigrid.scrabble.analysis.infer import LeaveSpace, rack_pool, read_play

    position = parse_cgp(f"{ONE_TILE[0]} / 0/0 0")  # the player's rack unknown, the observer's too
    move = read_play(position, ONE_TILE[1], engine)
    pool = rack_pool(position)
    space = LeaveSpace.of(position, move, pool)

    def first(n: int) -> Callable[[], object]:
        return lambda: sum(1 for _ in itertools.islice(space.likeliest(), n))

    def listed() -> object:
        leaves = space.listed()
        return sorted(leaves, key=lambda leave: -rack_draws(pool, move.tiles_used + leave))

    size = space.count()
    table = Table(title=f"the likeliest leaves of a one-tile play ({size:,} in its leave space), CPU s")
    for name in ("how", "CPU s"):
        table.add_column(name, justify="left" if name == "how" else "right")
    cases = {f"LeaveSpace.likeliest, the first {n:,}": first(n) for n in (1_000, 10_000, 100_000)}
    cases["list every leave and sort by draws"] = listed
    for name, run in cases.items():
        table.add_row(name, f"{_median_cpu(run):.3f}")
    return table


def _median_cpu(run: Callable[[], object], repeats: int = 3) -> float:
    """The median CPU seconds of `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


if __name__ == "__main__":
    main()
