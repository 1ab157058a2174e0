"""Rack inference benchmark: racks checked per second (CPU) on plays from the mid-game reference board.

Run: python benchmarks/bench_infer.py [--jobs N]   (TWL06 from ../shared/data when present, else NWL)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TWL06 = SHARED / "lexicons" / "twl06.txt"
BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"
EMPTY = "/".join(["15"] * 15)
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


if __name__ == "__main__":
    main()
