"""The solver: agreement with the brute-force oracle, every solution validated, counts and proofs of none."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.qless import canonical, count_solutions, first_solution, roll, solve, validate
from lexigrid.qless.solver import solvable
from tests.qless.oracle import oracle_solutions

SMALL_WORDS = """CAT ACT TAB BAT CAB ATE EAT TEA ETA TAE BET ABET BEAT BETA ACE CATE TACE ABA BAA ATT TAT TACT
BATT ECB CABA TEAT ETAT"""
SMALL = Lexicon.from_words(SMALL_WORDS.split())


def solution_set(letters: str, lexicon: Lexicon, common: int | None = None) -> list[tuple[str, ...]]:
    """The solver's solutions as canonical grids, each checked by the validator."""
    grids = []
    for solution in solve(letters, lexicon, common=common):
        assert validate(solution.grid, letters, lexicon) == [], solution
        assert any(ch != "." for ch in solution.grid[0]) and any(row[0] != "." for row in solution.grid)
        grids.append(canonical(solution.grid))
    return grids


def oracle(letters: str, lexicon: Lexicon) -> set[tuple[str, ...]]:
    return oracle_solutions(letters, set(lexicon))


# name: letters (solved with SMALL)
SMALL_ROLLS = {
    "one word": "CAT",
    "a cross": "CATAB",
    "a square corner": "CATEAB",
    "two crossings": "BEATCA",
    "doubled letters": "TACTTA",
    "no vowel": "BCTBCT",
    "no word at all": "XYZXY",
    "too short": "CA",
}


@pytest.mark.parametrize("name", SMALL_ROLLS)
def test_solver_agrees_with_the_oracle_on_named_rolls(name: str) -> None:
    letters = SMALL_ROLLS[name]
    found = solution_set(letters, SMALL)
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == oracle(letters, SMALL)
    assert count_solutions(letters, SMALL) == len(found)
    assert solvable([letters], SMALL) == [bool(found)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="AEOTRSNL", min_size=3, max_size=6))
def test_solver_agrees_with_the_oracle_on_random_small_rolls(default_lexicon: Lexicon, letters: str) -> None:
    words = default_lexicon.restrict(w for n in range(3, 7) for w in default_lexicon.words_of_length(n))
    found = solution_set(letters, words)
    assert len(found) == len(set(found))
    assert set(found) == oracle(letters, words)
    assert count_solutions(letters, words) == len(found)
    assert solvable([letters], words) == [bool(found)]


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="AEIOTRSNLD", min_size=7, max_size=7))
def test_solver_agrees_with_the_oracle_on_seven_letters(default_lexicon: Lexicon, letters: str) -> None:
    words = default_lexicon.restrict(w for n in range(3, 8) for w in default_lexicon.words_of_length(n))
    assert set(solution_set(letters, words)) == oracle(letters, words)


# name: roll of 12 letters with few solutions in the default lexicon
ROLLS = {
    "BGRRGNPJCNEO": "BGRRGNPJCNEO",
    "MVHRRNPBMNEO": "MVHRRNPBMNEO",
    "BVNRRXHDTNUE": "BVNRRXHDTNUE",
    "LVHLDXHDTNUO": "LVHLDXHDTNUO",
}


@pytest.mark.parametrize("name", ROLLS)
def test_twelve_letter_solutions_are_valid_distinct_and_counted(default_lexicon: Lexicon, name: str) -> None:
    letters = ROLLS[name]
    found = solution_set(letters, default_lexicon)
    assert found, "these rolls are solvable"
    assert len(found) == len(set(found))
    assert count_solutions(letters, default_lexicon) == len(found)
    first = first_solution(letters, default_lexicon)
    assert first is not None and canonical(first.grid) in found


@pytest.mark.parametrize("name", ROLLS)
def test_common_words_solutions_are_the_full_solutions_using_only_common_words(
    default_lexicon: Lexicon, name: str
) -> None:
    letters = ROLLS[name]
    common = default_lexicon.common(10_000)
    expected = {
        canonical(s.grid) for s in solve(letters, default_lexicon) if all(w in common for w in s.words)
    }
    assert set(solution_set(letters, default_lexicon, common=10_000)) == expected


def test_every_solution_is_found_again_from_its_own_words(default_lexicon: Lexicon) -> None:
    letters = ROLLS["BVNRRXHDTNUE"]
    for solution in solve(letters, default_lexicon):
        own = Lexicon.from_words(solution.words)
        assert canonical(solution.grid) in set(solution_set(letters, own))


@pytest.mark.parametrize("letters", ["BCDFGHJKLMNP", "QQQQQQQQQQQQ", "XKBSZNXKBSZN"])
def test_rolls_without_vowels_are_proved_unsolvable(default_lexicon: Lexicon, letters: str) -> None:
    assert first_solution(letters, default_lexicon) is None
    assert count_solutions(letters, default_lexicon) == 0


@pytest.mark.parametrize("common", [None, 10_000], ids=["all words", "common"])
def test_solvable_answers_each_roll_as_first_solution_does(
    default_lexicon: Lexicon, common: int | None
) -> None:
    rolls = [roll(seed) for seed in range(80)] + ["BCDFGHJKLMNP", "QQQQQQQQQQQQ", "RETAINS", "CA", "ZZZ"]
    answers = solvable(rolls, default_lexicon, common=common)
    assert answers == [
        first_solution(letters, default_lexicon, common=common) is not None for letters in rolls
    ]
    assert True in answers and False in answers


def test_limit_stops_early_and_must_be_positive(default_lexicon: Lexicon) -> None:
    assert len(list(solve("LFNWRXTCMNAO", default_lexicon, limit=3))) == 3
    with pytest.raises(LexigridError, match="limit"):
        list(solve("LFNWRXTCMNAO", default_lexicon, limit=0))


def test_solution_words_read_across_then_down(default_lexicon: Lexicon) -> None:
    solution = first_solution("CATAB", SMALL)
    assert solution is not None
    across = [w for row in solution.grid for w in row.split(".") if len(w) > 1]
    assert list(solution.words[: len(across)]) == across
    assert solution.as_dict() == {"grid": list(solution.grid), "words": list(solution.words)}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=10**9), st.randoms(use_true_random=False))
def test_random_dice_rolls_in_common_words_mode(
    default_lexicon: Lexicon, seed: int, rng: random.Random
) -> None:
    letters = roll(seed)
    found = solution_set(letters, default_lexicon, common=10_000)
    assert len(found) == len(set(found))
    assert count_solutions(letters, default_lexicon, common=10_000) == len(found)
    assert (first_solution(letters, default_lexicon, common=10_000) is None) == (not found)
    shuffled = "".join(rng.sample(letters, len(letters)))
    assert set(solution_set(shuffled, default_lexicon, common=10_000)) == set(found)


def test_solutions_stream_in_batches_with_the_same_result(
    default_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small batches: the search is resumed many times, and gives the same solutions in the same order."""
    from lexigrid.qless import kernel, solver

    letters = "MVHRRNPBMNEO"
    whole = [s.text() for s in solve(letters, default_lexicon)]
    calls = 0
    search = kernel.search

    def counted(*args: object) -> tuple[object, object]:
        nonlocal calls
        calls += 1
        return search(*args)  # type: ignore[arg-type]  # a spy: the solver's own arguments

    monkeypatch.setattr(solver, "BATCH", 3)
    monkeypatch.setattr(kernel, "search", counted)
    streamed = solve(letters, default_lexicon)
    first = next(streamed)
    assert calls == 1 and first.text() == whole[0]  # the first batch came back before the search ended
    assert [first.text(), *(s.text() for s in streamed)] == whole and len(whole) == 46
    assert calls >= 46 // 3
    assert [s.text() for s in solve(letters, default_lexicon, limit=10)] == whole[:10]
    assert count_solutions(letters, default_lexicon) == 46
