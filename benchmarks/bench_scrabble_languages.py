"""Scrabble best move by static equity in Catalan (DISC2) and French (FRA20) beside MAGPIE (issue 25).

Run: python benchmarks/bench_scrabble_languages.py [--repeats 5] [--batch-ms 25] [--language catalan]
(needs ../shared/data/scrabble/{catalan,french} and MAGPIE's shared library: $LEXIGRID_MAGPIE_LIB, else
../peers/magpie-lib/bin/libmagpie.so beside the checkout; its data/ beside, or $LEXIGRID_MAGPIE_DATA)

On the 20 positions of each language's positions.jsonl: lexigrid `Engine(...).prepare().best(position,
"equity")` over the language's KWG (read in its machine-letter order), tile set and KLV2, vs MAGPIE's
`generate` with record type `best` on the same KWG and KLV2 (no word map: MAGPIE-DATA has none for them).
Same protocol as bench_scrabble_best.py: CPU time around calibrated batches, the engines alternating position
by position, the median per-call time of the rounds; ratio = lexigrid / MAGPIE, its median over positions
(the issue's goal: within 1.5x). Each position's best move is checked to be MAGPIE's (same equity).
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scrabble_best import (
    MAGPIE_LIB,
    SHARED,
    MagpieInProcess,
    parse_magpie_top,
    per_call,
)

LEXICONS = {"catalan": "DISC2", "french": "FRA20"}
GOAL = 1.5


def lexigrid_engine(language: str):  # type: ignore[no-untyped-def]
    """The engine over the language's KWG, tile set and KLV2 leaves."""
    from lexigrid.lexicon import Lexicon
    from lexigrid.lexicon.kwg import kwg_words
    from lexigrid.scrabble import Engine
    from lexigrid.scrabble.core.rules import Rules, layout, tile_set
    from lexigrid.scrabble.engine.leave import KlvLeaves

    folder, name = SHARED / "scrabble" / language, LEXICONS[language]
    tiles = tile_set(language)
    words = kwg_words((folder / f"{name}.kwg").read_bytes(), name, tiles.alphabet.glyphs)
    leaves = KlvLeaves.read(folder / f"{name}.klv2", tiles.alphabet)
    return Engine(Lexicon.from_words(words, name=name), Rules(tiles, layout()), leaves).prepare()


def calls_for(run, batch_ms: float) -> int:  # type: ignore[no-untyped-def]
    """How many calls make a batch of about batch_ms."""
    one = per_call(run, 1)
    return max(1, int(batch_ms / 1000 / max(one, 1e-6)))


def measure(
    language: str, magpie: MagpieInProcess, repeats: int, batch_ms: float, console: Console
) -> list[float]:
    """Per-position ratios (lexigrid / MAGPIE median CPU time per best-move call)."""
    import json

    from lexigrid.scrabble import parse_cgp

    engine = lexigrid_engine(language)
    rows = [
        json.loads(line)
        for line in (SHARED / "scrabble" / language / "positions.jsonl").read_text().splitlines()
    ]
    magpie.run(f"set -lex {LEXICONS[language]} -leaves {LEXICONS[language]} -wmp false")
    magpie.set_mode("best")
    table = Table(title=f"{language} ({LEXICONS[language]}): best move by static equity, CPU µs per call")
    for column in ("#", "category", "lexigrid µs", "MAGPIE µs", "ratio", "same best"):
        table.add_column(column)
    ratios = []
    for index, row in enumerate(rows, 1):
        position = parse_cgp(row["cgp"], engine.rules)
        ours = functools.partial(engine.best, position, "equity")
        theirs = magpie.load(row["cgp"])
        best = ours()
        _, magpie_equity, _ = parse_magpie_top(str(theirs()))
        n_ours, n_theirs = calls_for(ours, batch_ms), calls_for(theirs, batch_ms)
        times: dict[str, list[float]] = {"lexigrid": [], "magpie": []}
        for round_ in range(repeats):
            order: list[tuple[str, Callable[[], object], int]] = [
                ("lexigrid", ours, n_ours),
                ("magpie", theirs, n_theirs),
            ]
            for name, run, calls in order if round_ % 2 == 0 else order[::-1]:
                times[name].append(per_call(run, calls))
        lexigrid, magpie_time = statistics.median(times["lexigrid"]), statistics.median(times["magpie"])
        ratios.append(lexigrid / magpie_time)
        same = best is not None and abs(best.equity - magpie_equity) < 0.006  # MAGPIE prints 2 decimals
        category = str(row["meta"]["category"])[:30]
        table.add_row(
            str(index),
            category,
            f"{lexigrid * 1e6:.1f}",
            f"{magpie_time * 1e6:.1f}",
            f"{ratios[-1]:.2f}",
            str(same),
        )
    console.print(table)
    console.print(
        f"{language}: median ratio {statistics.median(ratios):.2f} (goal <= {GOAL}), worst {max(ratios):.2f}"
    )
    return ratios


def main() -> None:
    """Parse the options, measure each language, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--batch-ms", type=float, default=25.0)
    parser.add_argument("--language", choices=sorted(LEXICONS), action="append")
    args = parser.parse_args()
    console = Console()
    lib = Path(os.environ.get("LEXIGRID_MAGPIE_LIB", MAGPIE_LIB))
    magpie = MagpieInProcess(lib, Path(os.environ.get("LEXIGRID_MAGPIE_DATA", lib.parent.parent / "data")))
    try:
        for language in args.language or sorted(LEXICONS):
            measure(language, magpie, args.repeats, args.batch_ms, console)
    finally:
        magpie.close()


if __name__ == "__main__":
    main()
