"""Word lookups: searched in the length blocks at first, from the word -> row table after many."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lexigrid.lexicon import lexicon

WORDS = st.lists(st.text("ABCDE", min_size=1, max_size=6), max_size=40)


def test_lookups_before_and_after_the_table() -> None:
    lex = lexicon.Lexicon.from_words(["qi", "za", "cat", "act", "tact", "zebra", "attack"])
    probes = ["QI", "CAT", "ACT", "ATTACK", "ZEBRA", "TAC", "Q", "", "ZEBRAS", "TACTS", "AA", "ZZZZZZZZZZ"]
    first = [(w in lex, lex.is_word(w), lex.rank(w), lex.zipf(w)) for w in probes]  # searched
    assert "_position" not in lex.__dict__
    lex._lookups = lexicon.BISECTED_LOOKUPS
    then = [(w in lex, lex.is_word(w), lex.rank(w), lex.zipf(w)) for w in probes]  # from the table
    assert "_position" in lex.__dict__ and first == then
    assert [w for w, (member, *_) in zip(probes, first, strict=True) if member] == [
        "QI", "CAT", "ACT", "ATTACK", "ZEBRA"
    ]  # fmt: skip


@given(WORDS, st.lists(st.text("ABCDEF", max_size=7), max_size=30))
def test_searched_lookups_agree_with_a_set(words: list[str], probes: list[str]) -> None:
    lex = lexicon.Lexicon.from_words(words)
    expected = {w.upper() for w in words}
    assert [p in lex for p in probes] == [p in expected for p in probes]
    assert "_position" not in lex.__dict__


@given(WORDS, st.lists(st.text("ABCDEF", max_size=7), max_size=30))
def test_bulk_rows_agree_with_single_lookups(words: list[str], probes: list[str]) -> None:
    lex = lexicon.Lexicon.from_words(words, frequencies={w.lower(): 1e-4 * len(w) for w in words})
    rows = lex.rows(probes).tolist()
    assert rows == [lex._row(p) if lex._row(p) is not None else -1 for p in probes]
    assert lex.zipfs(probes).tolist() == [lex.zipf(p) for p in probes]


@given(WORDS, st.text("ABCDE", max_size=8), st.integers(1, 4))
def test_spellable_agrees_with_counting_letters(words: list[str], letters: str, shortest: int) -> None:
    lex = lexicon.Lexicon.from_words(words)
    expected = sorted(
        {w for w in words if len(w) >= shortest and all(w.count(c) <= letters.count(c) for c in w)},
        key=lambda w: (len(w), w),
    )
    assert lex.spellable(letters, shortest=shortest) == expected


@given(WORDS, st.text("ABCDE", max_size=4), st.integers(1, 4))
def test_spelled_with_agrees_with_letter_sets(words: list[str], letters: str, shortest: int) -> None:
    lex = lexicon.Lexicon.from_words(words)
    expected = sorted({w for w in words if len(w) >= shortest and set(w) <= set(letters)})
    found = lex.spelled_with(letters, shortest=shortest)
    assert found.words == expected
    assert found.letter_sets.tolist() == [sum(1 << (ord(c) - 65) for c in set(w)) for w in expected]
