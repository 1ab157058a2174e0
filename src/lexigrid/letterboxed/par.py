"""Par for a board, and hints toward a solution in par.

The NYT gives each Letter Boxed board a par ("solve it in 5 words") well above its fewest words (every
board has a two-word answer). Ours: the fewest words of a *good* solution, one whose words are all among
the PAR_COMMON most frequent, plus PAR_SLACK, at most MAX_WORDS. When no good solution has at most
MAX_WORDS words, any solution counts. Fitted on the 697 NYT boards of 2024-2025 (docs/letterboxed.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.hint import Hint, hint
from lexigrid.letterboxed.search import MAX_WORDS, Solver
from lexigrid.letterboxed.solve import solver
from lexigrid.lexicon import Lexicon

PAR_COMMON = 20_000
PAR_SLACK = 2


@dataclass(frozen=True, slots=True)
class Par:
    """A board's par, the fewest words of a good solution, and the word pool that made it good."""

    words: int
    fewest: int
    common: int | None  # None: no solution of common words only, so any word counted

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a par."""
        return {"par": self.words, "fewest": self.fewest, "common": self.common}


def par(board: Board, lexicon: Lexicon, *, allow_offensive: bool = False) -> Par:
    """The board's par: the fewest words of a common-word solution plus PAR_SLACK (at most MAX_WORDS)."""
    for pool in (PAR_COMMON, None):
        best = solver(board, lexicon, pool, allow_offensive=allow_offensive).best(1, MAX_WORDS)
        if best:
            fewest = len(best[0].words)
            return Par(min(fewest + PAR_SLACK, MAX_WORDS), fewest, pool)
    raise LexigridError(f"{board} has no solution of at most {MAX_WORDS} words, so no par")


def hints_in_par(
    s: Solver, lexicon: Lexicon, played: Sequence[str], board_par: Par, *, top: int = 1
) -> tuple[list[Hint], bool]:
    """The best next words toward a solution in par, and True; when no finish is in par from here, the
    best next words toward any finish (of at most MAX_WORDS words), and False."""
    if len(played) < board_par.words:
        found = hint(s, lexicon, played, top=top, max_words=board_par.words)
        if found or _solved(s, lexicon, played):
            return found, True
    if len(played) >= MAX_WORDS:
        return [], False
    return hint(s, lexicon, played, top=top, max_words=MAX_WORDS), False


def _solved(s: Solver, lexicon: Lexicon, played: Sequence[str]) -> bool:
    """Whether the words played already cover the board (no next word is needed)."""
    from lexigrid.letterboxed.check import check

    return bool(played) and check(s.board, tuple(w.upper() for w in played), lexicon).valid
