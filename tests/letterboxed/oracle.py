"""An independent, slow, obviously-correct Letter Boxed validator and solver, for the tests only.

It shares no code with lexigrid.letterboxed: words are strings, boards are lists of sides, and the
solver tries every chain of words, then keeps those covering the board none of whose proper
subsequences (words kept in order) is also a covering chain.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, pairwise


def playable(sides: Sequence[str], word: str) -> bool:
    """3+ letters, all on the board, no two consecutive ones on the same side."""
    side = {c: i for i, s in enumerate(sides) for c in s}
    if len(word) < 3 or any(c not in side for c in word):
        return False
    return all(side[a] != side[b] for a, b in pairwise(word))


def is_chain(words: Sequence[str]) -> bool:
    """Each word starts with the last letter of the one before."""
    return all(a[-1] == b[0] for a, b in pairwise(words))


def covers(sides: Sequence[str], words: Sequence[str]) -> bool:
    """The words use every letter of the board."""
    return set("".join(sides)) <= set("".join(words))


def is_valid(sides: Sequence[str], words: Sequence[str], lexicon: Iterable[str]) -> bool:
    """A chain of playable lexicon words covering the board."""
    known = set(lexicon)
    return (
        len(words) > 0
        and all(w in known and playable(sides, w) for w in words)
        and is_chain(words)
        and covers(sides, words)
    )


def is_redundant(sides: Sequence[str], words: Sequence[str]) -> bool:
    """Some proper subsequence of the words, in order, is a covering chain."""
    return any(
        is_chain(sub) and covers(sides, sub)
        for size in range(1, len(words))
        for sub in combinations(words, size)
    )


def solutions(sides: Sequence[str], lexicon: Iterable[str], max_words: int) -> set[tuple[str, ...]]:
    """Every non-redundant covering chain of up to `max_words` playable words."""
    words = sorted(w for w in set(lexicon) if playable(sides, w))
    found: set[tuple[str, ...]] = set()
    chains: list[tuple[str, ...]] = [(w,) for w in words]
    for size in range(1, max_words + 1):
        for chain in chains:
            if covers(sides, chain) and not is_redundant(sides, chain):
                found.add(chain)
        if size < max_words:
            chains = [(*c, w) for c in chains for w in words if c[-1][-1] == w[0]]
    return found
