"""The leave space and its draws: the multisets of tiles a player could have kept, listed, counted, and
handed out heaviest first without listing them.

A leave space is every multiset of `extra` tiles from the *free* tiles, a sequence of (tile, count).
`sub_multisets` lists it (tile by tile, more of the first tile first: the *listing order*) and `leave_count`
counts it without listing. A multiset's **weight** is a product over its tiles of weight(tile, count), such
as the ways to draw its rack: `rack_draws`.

**Heaviest first** (`heaviest_first`) is a best-first search over the listing's tree, whose depth i
decides how many of the i-th free tile a multiset holds. best[i][j], the heaviest product the tiles from i
on can add once j of the extra are taken, is exact (a dynamic program), so a partial multiset's weight
times it is the weight of its heaviest completion. A heap holds one subtree per entry keyed by that
weight and by the listing's position of its first multiset; popping the least key and diving to its
heaviest completion (pushing, at each depth, the next-heaviest sibling) hands out the multisets in order
of weight, ties in the listing's order: the listing sorted by weight, stably. The first m cost O(m n log m)
for n free tiles, whatever the size of the space (listing and sorting the 737,309 leaves of a one-tile play
takes about 100 times as long as handing out its first 10,000: `benchmarks/bench_infer.py`).
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

Weight = Callable[[str, int], int]  # weight(tile, count): a positive integer


def sub_multisets(pool: Sequence[tuple[str, int]], size: int) -> Iterator[str]:
    """Every distinct multiset of `size` tiles from a pool of (tile, count), in the listing order."""
    if size == 0:
        yield ""
        return
    if not pool:
        return
    (tile, count), rest = pool[0], pool[1:]
    room = sum(n for _, n in rest)
    for k in range(min(count, size), -1, -1):
        if size - k <= room:
            for tail in sub_multisets(rest, size - k):
                yield tile * k + tail


def leave_count(free: Counter[str], extra: int) -> int:
    """How many distinct multisets of `extra` tiles `free` holds: the size of the leave space."""
    ways = [1] + [0] * extra  # ways[j]: the multisets of j tiles of the kinds counted so far
    for n in free.values():
        ways = [sum(ways[j - k] for k in range(min(n, j) + 1)) for j in range(extra + 1)]
    return ways[extra]


def rack_draws(pool: Counter[str], rack: str) -> int:
    """The ways to draw `rack` from `pool` (distinct tiles of the same letter told apart)."""
    return math.prod(math.comb(pool[t], n) for t, n in Counter(rack).items())


def heaviest_first(free: Sequence[tuple[str, int]], extra: int, weight: Weight) -> Iterator[str]:
    """`sub_multisets(free, extra)` heaviest first by the product of `weight` over their tiles, ties in the
    listing order, found lazily."""
    n = len(free)
    w = [[weight(tile, k) for k in range(count + 1)] for tile, count in free]
    best = _best_completions(free, extra, w)
    if best[0][0] == 0:
        return
    if not n:
        yield ""
        return
    ranked = _ranked_counts(free, extra, w, best)
    place = [(extra + 1) ** (n - 1 - i) for i in range(n)]  # a digit extra - k per depth: the listing order
    # an entry: (-weight of the subtree's heaviest multiset, its listing key, depth, taken, rank, and the
    # weight, key and tiles of the partial multiset above it); no two entries share a key, so the tuples
    # never compare further
    heap = [(-best[0][0], (extra - ranked[0][0][0]) * place[0], 0, 0, 0, 1, 0, "")]
    while heap:
        _, _, i, j, r, g, key, tiles = heapq.heappop(heap)
        for depth in range(i, n):
            ks = ranked[depth][j]
            if r + 1 < len(ks):
                k = ks[r + 1]
                heaviest = g * w[depth][k] * best[depth + 1][j + k]
                sibling = key + (extra - k) * place[depth]
                heapq.heappush(heap, (-heaviest, sibling, depth, j, r + 1, g, key, tiles))
            k = ks[r]
            g, j, key, r = g * w[depth][k], j + k, key + (extra - k) * place[depth], 0
            tiles += free[depth][0] * k
            if j == extra:  # the tiles below add none: no sibling to push
                break
        yield tiles


def _best_completions(free: Sequence[tuple[str, int]], extra: int, w: list[list[int]]) -> list[list[int]]:
    """best[i][j]: the heaviest product tiles i.. can add to a multiset holding j tiles to make it `extra`
    (0: none can)."""
    n = len(free)
    best = [[0] * (extra + 1) for _ in range(n + 1)]
    best[n][extra] = 1
    for i in range(n - 1, -1, -1):
        count = free[i][1]
        for j in range(extra + 1):
            best[i][j] = max(w[i][k] * best[i + 1][j + k] for k in range(min(count, extra - j) + 1))
    return best


def _ranked_counts(
    free: Sequence[tuple[str, int]], extra: int, w: list[list[int]], best: list[list[int]]
) -> list[list[list[int]]]:
    """ranked[i][j]: the counts of tile i that can complete a multiset holding j tiles, heaviest completion
    first, more of the tile first among equals (the listing order)."""

    def ranked(i: int, count: int, j: int) -> list[int]:
        fits = [k for k in range(min(count, extra - j) + 1) if best[i + 1][j + k]]
        return sorted(fits, key=lambda k: (-w[i][k] * best[i + 1][j + k], -k))

    return [[ranked(i, count, j) for j in range(extra + 1)] for i, (_, count) in enumerate(free)]
