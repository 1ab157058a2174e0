"""The leave space: listing, counting, and handing out heaviest first, each against the slow way."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexigrid.scrabble.analysis.draws import heaviest_first, leave_count, rack_draws, sub_multisets

Free = list[tuple[str, int]]


def test_sub_multisets_are_every_distinct_draw() -> None:
    pool = sorted(Counter("AABC").items())
    assert list(sub_multisets(pool, 2)) == ["AA", "AB", "AC", "BC"]  # more of the first tile first
    assert list(sub_multisets(pool, 0)) == [""]
    assert list(sub_multisets(pool, 5)) == []


def test_rack_draws_counts_the_ways() -> None:
    assert rack_draws(Counter("EEES"), "EES") == 3  # C(3, 2) x C(1, 1)
    assert rack_draws(Counter("EEES"), "SS") == 0


@pytest.mark.parametrize(
    ("free", "extra", "heaviest"),
    [
        (
            [("A", 2), ("B", 1), ("C", 1)],
            2,
            ["AB", "AC", "AA", "BC"],
        ),  # AA: C(2,2)=1 way; AB: 2; AC: 2; BC: 1
        ([("E", 3), ("S", 1)], 2, ["EE", "ES"]),  # EE: 3 ways; ES: 3 ways, after EE in the listing
        ([("Q", 1)], 2, []),  # not enough tiles
        ([], 0, [""]),
        ([("A", 2)], 0, [""]),
    ],
)
def test_heaviest_first_by_the_ways_to_draw(free: Free, extra: int, heaviest: list[str]) -> None:
    pool = Counter({tile: count for tile, count in free})
    assert list(heaviest_first(free, extra, lambda tile, k: math.comb(pool[tile], k))) == heaviest


def _by_weight(free: Free, extra: int, table: dict[tuple[str, int], int]) -> list[str]:
    """The oracle: every multiset listed, then sorted by its weight, stably."""

    def weight(leave: str) -> int:
        counts = Counter(leave)
        return math.prod(table[tile, counts[tile]] for tile, _ in free)

    return sorted(sub_multisets(free, extra), key=lambda leave: -weight(leave))


@st.composite
def _spaces(draw: st.DrawFn) -> tuple[Free, int, dict[tuple[str, int], int]]:
    """A free pool, a size, and a positive weight per (tile, count), ties frequent."""
    tiles = draw(st.lists(st.sampled_from("ABCDEFG?"), unique=True, max_size=6))
    free = [(tile, draw(st.integers(1, 4))) for tile in sorted(tiles)]
    table = {(t, k): draw(st.sampled_from([1, 2, 3, 6])) for t, count in free for k in range(count + 1)}
    return free, draw(st.integers(0, 7)), table


@given(_spaces())
def test_heaviest_first_is_the_listing_sorted_by_weight(
    space: tuple[Free, int, dict[tuple[str, int], int]],
) -> None:
    free, extra, table = space
    assert list(heaviest_first(free, extra, lambda tile, k: table[tile, k])) == _by_weight(free, extra, table)


@given(st.dictionaries(st.sampled_from("ABCDEFG?"), st.integers(0, 4), max_size=8), st.integers(0, 7))
def test_the_leave_count_is_the_number_of_leaves(free: dict[str, int], extra: int) -> None:
    """`leave_count` counts what `sub_multisets` lists, without listing it."""
    pool = Counter(free)
    assert leave_count(pool, extra) == sum(1 for _ in sub_multisets(sorted(pool.items()), extra))
