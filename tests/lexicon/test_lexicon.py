"""Lexicon queries against the obvious answers: membership, frequency, patterns, the default list."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon

TINY = Lexicon.from_words(
    ["cat", "act", "tac", "at", "ta", "a", "cart", "scat", "cats", "tact", "attic", "cot", "cut"],
    frequencies={"cat": 1e-4, "act": 5e-5, "at": 1e-3, "cut": 1e-4, "cot": 1e-6},
)


def test_membership_is_case_insensitive() -> None:
    assert "cat" in TINY and TINY.is_word("CaT") and not TINY.is_word("dog")
    assert 7 not in TINY


def test_zipf_and_rank() -> None:
    assert TINY.zipf("at") == pytest.approx(6.0)
    assert TINY.zipf("cat") == pytest.approx(5.0)
    assert TINY.zipf("tac") == 0.0
    # rank: most frequent first, ties alphabetical, unseen words unranked
    assert [TINY.rank(w) for w in ("at", "cat", "cut", "act", "cot", "tac")] == [1, 2, 3, 4, 5, None]


def test_common_keeps_the_most_frequent() -> None:
    assert sorted(TINY.common(3)) == ["AT", "CAT", "CUT"]
    with pytest.raises(LexigridError):
        TINY.common(0)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("C?T", ["CAT", "COT", "CUT"]),
        ("c.t", ["CAT", "COT", "CUT"]),
        ("*AT", ["AT", "CAT", "SCAT"]),
        ("?A*", ["CART", "CAT", "CATS", "TA", "TAC", "TACT"]),
        ("Q?", []),
    ],
)
def test_match(pattern: str, expected: list[str]) -> None:
    assert [w.word for w in TINY.match(pattern)] == expected


@pytest.mark.parametrize("pattern", ["", "C-T", "C T", "ø"])  # (an accent is dropped: `é` is E)
def test_bad_pattern(pattern: str) -> None:
    with pytest.raises(LexigridError, match="pattern"):
        TINY.match(pattern)


def test_words_of_length_and_restrict() -> None:
    assert TINY.words_of_length(4) == ("CART", "CATS", "SCAT", "TACT")
    sub = TINY.restrict(["cat", "dog", "attic"])
    assert sorted(sub) == ["ATTIC", "CAT"] and sub.zipf("cat") == TINY.zipf("cat")


def test_default_lexicon_is_tournament_grade(default_lexicon: Lexicon) -> None:
    assert len(default_lexicon) == 188_378
    for word in ("QI", "ZA", "OK", "EW", "ZEN", "QAT", "XU", "JO"):
        assert default_lexicon.is_word(word), word
    assert not default_lexicon.is_word("QZ")
    assert default_lexicon.max_length == 15
    assert default_lexicon.rank("THE") == 1


def test_twl06_count(twl06: Lexicon) -> None:
    assert len(twl06) == 178_691
    assert twl06.is_word("QI") and not twl06.is_word("OK")


def test_letter_counts_in_blocks_match_a_counter(monkeypatch: pytest.MonkeyPatch) -> None:
    """The index counts letters a block of words at a time (memory); across block edges as in one go."""
    from collections import Counter

    from lexigrid.lexicon import lexicon

    words = ["CAT", "ÀBÇ", "ZZZ", "A", "QUIZ", "ÇÇ", "XYZZY", "B"]
    letters = lexicon.counted_letters(words)
    monkeypatch.setattr(lexicon, "COUNTED_WORDS", 3)
    counts = lexicon.letter_counts(words, letters)
    assert counts.dtype.itemsize == 1
    assert counts.tolist() == [[Counter(w)[c] for c in letters] for w in words]
