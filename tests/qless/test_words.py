"""The word index: a roll's candidate words found in its anagram trie are `candidate_words`, in order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexigrid.lexicon import Lexicon
from lexigrid.qless import candidate_words, kernel, roll
from lexigrid.qless.words import WordIndex, word_index

SMALL_WORDS = "CAT ACT TAC TACT AT CATS SCAT ACTS TEA EAT ATE ETA SEAT EATS TEAS ZZZ"
SMALL = Lexicon.from_words(SMALL_WORDS.split())


def spelled(index: WordIndex, word: int) -> str:
    """A word of the index, by number."""
    return "".join(chr(65 + c) for c in index.letters[word].tolist() if c >= 0)


def found_words(letters: str, lexicon: Lexicon, common: int | None = None) -> list[str]:
    """The candidate words the compiled search gets for a roll: every word by number, in its order."""
    index = word_index(lexicon, common)
    by_length, ids = kernel.word_table(index, letters)[1:4:2]
    return [spelled(index, w) for w in ids[by_length[0] : by_length[-1]].tolist()]


@pytest.mark.parametrize("common", [None, 10_000], ids=["all words", "common"])
def test_the_candidates_of_dice_rolls_are_the_spellable_words_in_order(
    default_lexicon: Lexicon, common: int | None
) -> None:
    for letters in (roll(seed) for seed in range(30)):
        assert found_words(letters, default_lexicon, common) == candidate_words(
            letters, default_lexicon, common
        )


@given(st.text(alphabet="ACEISTZ", min_size=0, max_size=12))
def test_the_candidates_of_any_letters_are_the_spellable_words_in_order(letters: str) -> None:
    assert found_words(letters, SMALL) == candidate_words(letters, SMALL)


def test_an_empty_lexicon_gives_no_candidates() -> None:
    assert found_words("CATS", Lexicon.from_words([])) == []


def test_anagram_groups_come_by_length_then_sorted_letters_then_number(default_lexicon: Lexicon) -> None:
    letters = "AEINRSTLCDOU"
    index = word_index(default_lexicon, None)
    keys, anagram_ids, by_anagram = kernel.word_table(index, letters)[5:]
    words = {w: spelled(index, w) for w in anagram_ids.tolist()}
    order = [(len(words[w]), key, w) for key, w in zip(keys.tolist(), anagram_ids.tolist(), strict=True)]
    assert order == sorted(order)
    assert sorted(words.values()) == sorted(candidate_words(letters, default_lexicon))
    for key, w in zip(keys.tolist(), anagram_ids.tolist(), strict=True):
        assert key == sum((ord(ch) - 64) << (5 * k) for k, ch in enumerate(sorted(words[w], reverse=True)))
    assert by_anagram.tolist() == [sum(len(word) < n for word in words.values()) for n in range(14)]
