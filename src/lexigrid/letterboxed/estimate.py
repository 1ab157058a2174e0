"""How many solutions to expect before searching: a count of covering chains, an upper bound.

The count runs over chain *states* (last letter, covered mask) as a numpy table per level: the
chains of exactly k words covering the board whose shorter prefixes do not. Redundant chains are
counted too (telling them apart is the search's job), so the figure bounds the solutions from above.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lexigrid.letterboxed.board import Board
from lexigrid.letterboxed.playable import PlayableWord

# The table has 2**letters masks per letter: beyond this many letters there is no estimate.
MAX_ESTIMATE_LETTERS = 16


def covering_chains(board: Board, words: Sequence[PlayableWord], max_words: int) -> int | None:
    """Covering chains of up to `max_words` words (an upper bound of the solutions), or None if too big."""
    n = len(board.letters)
    if n > MAX_ESTIMATE_LETTERS or not words:
        return None
    index = {c: i for i, c in enumerate(board.letters)}
    full, size = board.full_mask, 1 << n
    firsts = np.array([index[w.first] for w in words])
    lasts = np.array([index[w.last] for w in words])
    masks = np.array([w.mask for w in words], dtype=np.int64)
    counts = np.zeros((n, size), dtype=np.float64)
    np.add.at(counts, (lasts, masks), 1.0)
    total = float(counts[:, full].sum())
    for _ in range(1, max_words):
        counts[:, full] = 0.0  # a covering chain takes no more words
        step = np.zeros_like(counts)
        for letter in range(n):
            held = np.flatnonzero(counts[letter])
            if held.size == 0:
                continue
            weights = counts[letter, held]
            for w in np.flatnonzero(firsts == letter).tolist():
                np.add.at(step[lasts[w]], held | masks[w], weights)
        counts = step
        total += float(counts[:, full].sum())
    return int(total)
