"""The optimal tree search against a brute-force oracle, and the published optima from SALET."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from lexigrid.errors import LexigridError
from lexigrid.wordle import optimal
from lexigrid.wordle.optimal import INFINITE, OptimalSearch, cached_optimal_tree, optimal_tree
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.tree import check_tree
from lexigrid.wordle.words import from_words
from tests.wordle.conftest import clustered_lists, small_lists
from tests.wordle.oracle import brute_force_openers, brute_force_total


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("kind", ["random", "clustered"])
def test_search_equals_brute_force(kind: str, seed: int, hard: bool) -> None:
    make = small_lists if kind == "random" else clustered_lists
    lists = make(seed, 9, 7) if kind == "random" else make(seed, 8, 7)
    table = reply_table(lists)
    for depth in (3, 4, 6):
        expected = brute_force_total(lists, depth, hard)
        search = OptimalSearch(table, hard=hard, breadth=None)
        found = search.cost(table.all_answers(), table.all_guesses(), depth)
        if math.isinf(expected):
            assert found >= INFINITE
            continue
        assert found == expected
        tree = search.tree(table.all_answers(), table.all_guesses(), depth)
        checked = check_tree(tree, lists.answers, set(lists.guesses), hard=hard, max_guesses=depth)
        assert checked.total == expected and checked.failures == 0 and checked.max <= depth


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize("seed", range(6))
def test_values_under_any_bar_are_exact_below_it_and_bounds_above_it(seed: int, hard: bool) -> None:
    """One solver, its memo kept across calls: every value is the truth when below its bar, else a
    lower bound at or above the bar; bars are drawn below, at and above the truth."""
    lists = (small_lists if seed % 2 else clustered_lists)(seed, 10, 6)
    table = reply_table(lists)
    rng = random.Random(seed)
    search = OptimalSearch(table, hard=hard)
    answers, allowed = table.all_answers(), table.all_guesses()
    for depth in (3, 4, 6):
        truth = brute_force_openers(lists, hard, depth)
        for word in rng.sample(list(lists.guesses), len(lists.guesses)):
            exact = truth[word]
            for bar in sorted(
                {rng.randint(len(lists.answers), 4 * len(lists.answers)), 2 * len(lists.answers)}
            ):
                found = search.guess_cost(table.guess_id(word), answers, allowed, depth, bar)
                if found < bar:
                    assert found == exact
                else:
                    assert bar <= found <= exact
        assert search.cost(answers, allowed, depth) == min(min(truth.values()), INFINITE)


SIX = from_words(
    ["BATHES", "LATHES", "BASHES", "LASHES", "MASHES", "CASHES", "WASHES", "DASHES", "GASHES"],
    [
        "BATHES",
        "LATHES",
        "BASHES",
        "LASHES",
        "MASHES",
        "CASHES",
        "WASHES",
        "DASHES",
        "GASHES",
        "CLAMBS",
        "WIDGET",
    ],
    name="six",
)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_six_letter_lists_with_wide_reply_codes_equal_brute_force(hard: bool) -> None:
    table = reply_table(SIX)
    assert table.codes.dtype == np.uint16  # 3**6 replies: the solver's two-byte paths
    for depth in (3, 4, 6):
        expected = brute_force_total(SIX, depth, hard)
        found = OptimalSearch(table, hard=hard).cost(table.all_answers(), table.all_guesses(), depth)
        assert found == (INFINITE if math.isinf(expected) else expected)


def test_tiny_lists_need_a_non_answer_guess(tiny: ReplyTable) -> None:
    tree, _ = optimal_tree(tiny, breadth=None)
    checked = check_tree(tree, tiny.lists.answers, set(tiny.lists.guesses))
    assert checked.total == brute_force_total(tiny.lists, 6, False)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_a_cached_tree_is_the_searched_one_and_is_read_back_without_searching(
    hard: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LEXIGRID_CACHE_DIR", str(tmp_path))
    table = reply_table(small_lists(3, 9, 7))
    searched, _ = optimal_tree(table, hard=hard, breadth=None)
    assert cached_optimal_tree(table, hard=hard) == searched  # the first call searches and stores

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(optimal, "optimal_tree", no_search)
    assert cached_optimal_tree(table, hard=hard) == searched
    with pytest.raises(AssertionError, match="searched again"):  # other inputs, another tree
        cached_optimal_tree(table, table.lists.guesses[0], hard=hard)


def test_impossible_depth(tiny: ReplyTable) -> None:
    search = OptimalSearch(tiny, hard=True, breadth=None, max_guesses=2)
    assert search.cost(tiny.all_answers(), tiny.all_guesses(), 2) >= INFINITE


def test_unknown_opener(tiny: ReplyTable) -> None:
    with pytest.raises(LexigridError, match="not in the word list"):
        optimal_tree(tiny, "ZZZZZ")


@pytest.mark.parametrize(
    ("hard", "total", "worst"), [(False, 7920, 5), (True, 8122, 6)], ids=["normal", "hard"]
)
def test_salet_search_proves_the_published_optimum(
    table: ReplyTable, hard: bool, total: int, worst: int
) -> None:
    tree, _ = optimal_tree(table, "SALET", hard=hard)
    checked = check_tree(tree, table.lists.answers, set(table.lists.guesses), hard=hard)
    assert (checked.total, checked.max, checked.failures) == (total, worst, 0)


def test_restricted_breadth_still_gives_a_valid_tree(table: ReplyTable) -> None:
    tree, _ = optimal_tree(table, "SALET", breadth=3)
    checked = check_tree(tree, table.lists.answers, set(table.lists.guesses))
    assert checked.total >= 7920 and checked.failures == 0


@pytest.mark.slow
@pytest.mark.parametrize(("opener", "total"), [("CRANE", 7930), ("SLATE", 7928), ("TRACE", 7926)])
def test_other_openers_published_optima(table: ReplyTable, opener: str, total: int) -> None:
    tree, _ = optimal_tree(table, opener)
    assert check_tree(tree, table.lists.answers, set(table.lists.guesses)).total == total
