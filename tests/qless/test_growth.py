"""The second solver the survey's verification uses (tests/qless/growth.py) against the brute-force oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.lexicon import Lexicon
from lexigrid.qless import validate
from tests.qless.growth import anagram_table, grown_solution, spellable
from tests.qless.oracle import oracle_solutions

WORDS = [
    "CAT",
    "ACT",
    "TAB",
    "BAT",
    "CAB",
    "ATE",
    "EAT",
    "TEA",
    "ETA",
    "TAE",
    "BET",
    "ABET",
    "BEAT",
    "BETA",
    "ACE",
    "CATE",
    "TACE",
    "ABA",
    "BAA",
    "ATT",
    "TAT",
    "TACT",
    "BATT",
    "ECB",
    "CABA",
    "TEAT",
    "ETAT",
]
TABLE = anagram_table(WORDS)
LEXICON = Lexicon.from_words(WORDS)


def agrees_with_the_oracle(letters: str) -> None:
    grid = grown_solution(letters, TABLE)
    assert (grid is not None) == bool(oracle_solutions(letters, set(WORDS))), letters
    if grid is not None:
        assert validate(grid, letters, LEXICON) == []


@pytest.mark.parametrize("letters", ["CAT", "CATAB", "CATEAB", "BEATCA", "TACTTA", "BCTBCT", "XYZXY", "CA"])
def test_growth_finds_a_grid_exactly_when_the_oracle_finds_one(letters: str) -> None:
    agrees_with_the_oracle(letters)


@settings(max_examples=40)
@given(st.text(alphabet="ABCET", min_size=3, max_size=6))
def test_growth_agrees_with_the_oracle_on_random_rolls(letters: str) -> None:
    agrees_with_the_oracle(letters)


def test_the_spellable_words_are_those_the_letters_spell() -> None:
    assert sorted(spellable("TACB", TABLE)) == ["ACT", "BAT", "CAB", "CAT", "TAB"]
