"""The count of solutions to expect: an upper bound, checked against the search and a brute-force count."""

from __future__ import annotations

from itertools import pairwise, product

import pytest

from lexigrid.letterboxed import Board, solver
from lexigrid.letterboxed.estimate import covering_chains
from lexigrid.lexicon import Lexicon
from tests.letterboxed.conftest import BOXCHAR


def brute_force_covering_chains(board: Board, words: list[str], max_words: int) -> int:
    """Chains of up to max_words words, linked by letters, covering the board only with their last word."""
    letters = set(board.letters)
    total = 0
    for k in range(1, max_words + 1):
        for chain in product(words, repeat=k):
            if any(a[-1] != b[0] for a, b in pairwise(chain)):
                continue
            covered = [set("".join(chain[: i + 1])) >= letters for i in range(k)]
            total += covered[-1] and not any(covered[:-1])
    return total


@pytest.mark.parametrize("max_words", [1, 2, 3, 4])
def test_the_count_is_exact_over_chains_and_bounds_the_solutions(
    max_words: int, boxchar_lexicon: Lexicon
) -> None:
    s = solver(BOXCHAR, boxchar_lexicon)
    playable = [w.word for w in s.words]
    expected = brute_force_covering_chains(s.board, playable, max_words)
    assert covering_chains(s.board, s.words, max_words) == expected
    assert expected >= len(list(s.solutions(max_words)))


def test_a_real_board_is_bounded_closely(default_lexicon: Lexicon) -> None:
    s = solver("EHI,GDO,RNM,UTX", default_lexicon)
    found = len(list(s.solutions(3)))
    bound = covering_chains(s.board, s.words, 3)
    assert bound is not None and found <= bound <= 1.2 * found
