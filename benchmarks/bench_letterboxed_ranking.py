"""How far the Letter Boxed ranking and the `puzzle` lexicon are from issue 15's goals, over 697 NYT puzzles.

Run: python benchmarks/bench_letterboxed_ranking.py   (needs ../shared/data/letterboxed; about 8 min)

1. Ranking weights, cross-validated: every (repeat penalty, -S penalty, Zipf cap) of a grid is fitted on
   the even days and scored on the odd ones, and the other way round; the held-out total says whether any
   reweighting of the ranking's terms beats the shipped weights on days it was not fitted to.
2. Lexicons between nwl and `puzzle`: nwl plus the wordfreq words of Zipf >= T, each measured for the
   official answer found (top 500) and ranked first, and for precision / recall against the NYT's lists.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "letterboxed"
PUZZLES = SHARED / "nyt_puzzles_with_dictionaries.json.gz"
REPEAT_PENALTIES = (0.1, 0.2, 0.3, 0.4, 0.5)
S_FORM_PENALTIES = (0.5, 1.0, 1.5)
ZIPF_CAPS = (2.5, 3.0, 3.5, math.inf)
THRESHOLDS = (math.inf, 3.0, 2.5, 2.0, 1.5, 0.0)  # inf: nwl alone; 0: every wordfreq word (`puzzle`)
TOP = 500
MAX_WORDS = 4


@dataclass(frozen=True)
class Candidate:
    """A solution of one to two words, with the terms the ranking weighs."""

    words: tuple[str, ...]
    min_zipf: float
    repeats: int
    s_forms: int
    letters: int


Weights = tuple[float, float, float]  # repeat penalty, -S penalty, Zipf cap


def rate(count: int, total: int) -> str:
    """`count/total (percent)`."""
    return f"{count}/{total} ({count / total:.1%})"


def candidates(puzzle: dict[str, Any], lexicon: Any) -> list[Candidate]:
    """Every solution of up to two words of a puzzle's board, with its ranking terms."""
    from lexigrid.letterboxed import Board, solver
    from lexigrid.letterboxed.ranking import is_s_form, repeats

    board = Board(tuple(puzzle["sides"]))
    found = []
    for solution in solver(board, lexicon).solutions(2):
        letters = sum(len(w) for w in solution.words)
        found.append(
            Candidate(
                solution.words,
                min(lexicon.zipf(w) for w in solution.words),
                repeats(letters, len(board.letters), len(solution.words)),
                sum(is_s_form(w, lexicon) for w in solution.words),
                letters,
            )
        )
    return found


def first(pool: Sequence[Candidate], weights: Weights) -> tuple[str, ...] | None:
    """The candidate ranked first: fewest words, then highest score, then fewest letters, then A-Z."""
    repeat_penalty, s_penalty, cap = weights
    if not pool:
        return None
    best = min(
        pool,
        key=lambda c: (
            len(c.words),
            -(min(c.min_zipf, cap) - repeat_penalty * c.repeats - s_penalty * c.s_forms),
            c.letters,
            c.words,
        ),
    )
    return best.words


def hits(days: Sequence[tuple[tuple[str, ...], list[Candidate]]], weights: Weights) -> int:
    """Days whose official answer the weights rank first."""
    return sum(first(pool, weights) == answer for answer, pool in days)


def cross_validate(days: list[tuple[tuple[str, ...], list[Candidate]]], console: Console) -> None:
    """Fit the grid on one half of the days, score on the other, both ways; print the table."""
    from lexigrid.letterboxed.ranking import REPEAT_PENALTY, S_FORM_PENALTY

    halves = (days[0::2], days[1::2])
    grid = list(itertools.product(REPEAT_PENALTIES, S_FORM_PENALTIES, ZIPF_CAPS))
    shipped: Weights = (REPEAT_PENALTY, S_FORM_PENALTY, math.inf)
    table = Table(title=f"Ranking weights over {len(days)} NYT days, {len(grid)} weightings tried")
    for column in (
        "fitted on",
        "weights (repeat, -S, cap)",
        "fitted half",
        "held-out half",
        "shipped, held-out",
    ):
        table.add_column(column)
    held_out_total = shipped_total = 0
    for name, (train, test) in (("even days", halves), ("odd days", halves[::-1])):
        best = max(grid, key=lambda w: (hits(train, w), w == shipped))
        held_out, shipped_held_out = hits(test, best), hits(test, shipped)
        held_out_total += held_out
        shipped_total += shipped_held_out
        table.add_row(
            name, str(best), rate(hits(train, best), len(train)), rate(held_out, len(test)),
            rate(shipped_held_out, len(test)),
        )  # fmt: skip
    table.add_row("both", "", "", rate(held_out_total, len(days)), rate(shipped_total, len(days)))
    console.print(table)


def sweep_lexicons(puzzles: list[dict[str, Any]], console: Console) -> None:
    """nwl plus the wordfreq words of Zipf >= T, for each T: answers found and first, precision, recall."""
    from lexigrid.letterboxed import Board, solver
    from lexigrid.letterboxed.playable import playable_words
    from lexigrid.lexicon import Lexicon, load
    from lexigrid.lexicon.sources import puzzle_frequencies

    nwl_words = set(load("nwl"))
    extra = set(load("puzzle")) - nwl_words
    table = Table(title=f"nwl plus wordfreq's words of Zipf >= T, over {len(puzzles)} NYT puzzles")
    for column in ("T", "words", "answer found (top 500)", "ranked first", "precision", "recall"):
        table.add_column(column)
    for threshold in THRESHOLDS:
        words = nwl_words | {w for w in extra if _raw_zipf(w) >= threshold}
        lex = Lexicon.from_words(words, name=f"T{threshold}", frequencies=puzzle_frequencies())
        found = ranked_first = agree = ours = theirs = 0
        for p in track(puzzles, description=f"T = {threshold}", console=console, transient=True):
            board, answer = Board(tuple(p["sides"])), tuple(p["ourSolution"])
            ranked = [s.words for s in solver(board, lex).best(TOP, MAX_WORDS)]
            found += answer in ranked
            ranked_first += bool(ranked) and ranked[0] == answer
            playable, accepted = {w.word for w in playable_words(board, lex)}, set(p["dictionary"])
            agree, ours, theirs = (
                agree + len(playable & accepted),
                ours + len(playable),
                theirs + len(accepted),
            )
        label = "nwl" if threshold == math.inf else "puzzle" if threshold == 0 else f"{threshold:g}"
        table.add_row(
            label, f"{len(words):,}", rate(found, len(puzzles)), rate(ranked_first, len(puzzles)),
            f"{agree / ours:.1%}", f"{agree / theirs:.1%}",
        )  # fmt: skip
    console.print(table)


def _raw_zipf(word: str) -> float:
    """wordfreq's Zipf value of an upper-case word, undiscounted (0 when unseen)."""
    from lexigrid.lexicon.frequency import english_frequencies

    frequency = english_frequencies().get(word.lower(), 0.0)
    return math.log10(frequency) + 9 if frequency > 0 else 0.0


def main() -> None:
    console = Console()
    if not PUZZLES.exists():
        console.print(f"{PUZZLES} is absent: the shared data is not beside this checkout")
        sys.exit(1)
    from lexigrid.lexicon import load

    with gzip.open(PUZZLES, "rt", encoding="utf-8") as handle:
        puzzles = json.load(handle)["puzzles"]
    nwl = load("nwl")
    days = [
        (tuple(p["ourSolution"]), candidates(p, nwl))
        for p in track(puzzles, description="solutions of up to 2 words (nwl)", console=console)
    ]
    cross_validate(days, console)
    sweep_lexicons(puzzles, console)


if __name__ == "__main__":
    main()
