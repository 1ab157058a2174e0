"""`words find` in English (TWL06), Catalan (DISC2) and French (FRA20), side by side (issue 25).

Run: python benchmarks/bench_words_languages.py [--racks 50] [--scan]
(needs ../shared/data/scrabble: TWL06.kwg, catalan/DISC2.kwg, french/FRA20.kwg)

Each lexicon is read from its KWG in its own letter order and indexed in memory; the same seeded racks of 7
tiles (0, 1 or 2 blanks) drawn from each language's bag are searched with `Lexicon.find`, the languages
alternating rack by rack. CPU time (process_time) per search, the median over the racks; ratio = the
language / English. `--scan` also times a word-by-word scan, the way words in another alphabet were searched
before the index counted their letters, and checks every search's count against it.

Measured (--racks 15 --scan, loaded machine), ms: English 0.41 / 4.06 / 10.96 for 0 / 1 / 2 blanks, Catalan
0.56 / 7.33 / 16.80 (1.36x / 1.81x / 1.53x with 3.3x the words), French 1.02x; the scan 280-300 ms in Catalan.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "scrabble"
LEXICONS = {
    "english": SHARED / "TWL06.kwg",
    "catalan": SHARED / "catalan" / "DISC2.kwg",
    "french": SHARED / "french" / "FRA20.kwg",
}


def lexicon_of(language: str):  # type: ignore[no-untyped-def]
    """The language's lexicon from its KWG, read in its letter order, and its tile set."""
    from lexigrid.lexicon import Lexicon
    from lexigrid.lexicon.kwg import kwg_words
    from lexigrid.scrabble.core.rules import tile_set

    tiles = tile_set(language)
    path = LEXICONS[language]
    words = kwg_words(path.read_bytes(), path.name, tiles.alphabet.glyphs)
    return Lexicon.from_words(words, name=path.stem, alphabet=language), tiles


def scanned(lex, rack: str) -> int:  # type: ignore[no-untyped-def]
    """How many words of 2..len(rack) letters the rack makes, word by word (the reference)."""
    have, blanks = Counter(rack.replace("?", "")), rack.count("?")
    return sum(
        1
        for n in range(2, len(rack) + 1)
        for word in lex.words_of_length(n)
        if sum((Counter(word) - have).values()) <= blanks
    )


def cpu(run: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds of one call, and what it returned."""
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=50, help="racks per blank count (default 50)")
    parser.add_argument("--scan", action="store_true", help="also time the word-by-word scan")
    args = parser.parse_args()
    console = Console()
    loaded = {language: lexicon_of(language) for language in LEXICONS}
    table = Table(title=f"words find: CPU ms per 7-tile rack, median of {args.racks} (ratio to English)")
    for column in ("blanks", *LEXICONS, *(f"{lang} scan" for lang in LEXICONS if args.scan)):
        table.add_column(column, justify="right")
    for blanks in (0, 1, 2):
        rng = random.Random(2026 + blanks)
        columns = (*LEXICONS, *(f"{language} scan" for language in LEXICONS))
        times: dict[str, list[float]] = {column: [] for column in columns}
        for _ in range(args.racks):
            for language, (lex, tiles) in loaded.items():
                bag = "".join(glyph * n for glyph, n in tiles.counts.items() if glyph != "?")
                rack = "".join(rng.sample(bag, 7 - blanks)) + "?" * blanks
                seconds, found = cpu(lambda: lex.find(rack, letters=tiles.alphabet.glyphs))  # noqa: B023
                times[language].append(seconds)
                if args.scan:
                    seconds, expected = cpu(lambda: scanned(lex, rack))  # noqa: B023
                    times[f"{language} scan"].append(seconds)
                    assert len(found) == expected, (language, rack, len(found), expected)  # type: ignore[arg-type]
        english = statistics.median(times["english"])
        cells = [str(blanks)]
        for values in times.values():
            if values:
                median = statistics.median(values)
                cells.append(f"{1000 * median:.2f} ({median / english:.2f}x)")
        table.add_row(*cells)
    console.print(table)
    console.print("words: " + ", ".join(f"{lang} {len(lex):,}" for lang, (lex, _) in loaded.items()))


if __name__ == "__main__":
    main()
