"""Word lists: the packaged original lists equal the reference files, user lists, other lengths."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError, OptionError
from lexigrid.wordle.words import WordLists, from_files, from_words, of_length, word_lists
from tests.conftest import shared_file


def reference(name: str) -> list[str]:
    return shared_file("data", "wordle", name).read_text().upper().split()


def test_original_lists_match_the_reference(lists: WordLists) -> None:
    assert len(lists.answers) == 2315
    assert len(lists.guesses) == 12972
    assert list(lists.answers) == sorted(reference("answers_original.txt"))
    assert list(lists.guesses) == sorted(reference("allowed_original.txt"))
    assert set(lists.answers) <= set(lists.guesses)


def test_nyt_2022_lists_from_files() -> None:
    nyt = from_files(
        shared_file("data", "wordle", "answers_nyt2022.txt"),
        shared_file("data", "wordle", "allowed_nyt2022.txt"),
    )
    assert (len(nyt.answers), len(nyt.guesses)) == (2309, 14855)
    assert set(nyt.answers) <= set(nyt.guesses)


def test_answers_are_always_guesses() -> None:
    lists = from_words(["crane", "slate"], ["adieu"])
    assert lists.guesses == ("ADIEU", "CRANE", "SLATE")


@pytest.mark.parametrize(
    ("answers", "guesses"),
    [(["crane", "slates"], []), ([], ["crane"]), (["cr4ne"], [])],
    ids=["mixed lengths", "no answers", "not letters"],
)
def test_bad_user_lists(answers: list[str], guesses: list[str]) -> None:
    with pytest.raises(LexigridError):
        from_words(answers, guesses)


def test_other_lengths() -> None:
    six = of_length(6)
    assert six.length == 6
    assert set(six.answers) <= set(six.guesses)
    assert 500 < len(six.answers) < len(six.guesses)
    assert not [w for w in six.answers if w.endswith("S") and w[:-1] in six.guesses]
    with pytest.raises(LexigridError, match="not supported"):
        of_length(12)


def test_guesses_need_answers() -> None:
    with pytest.raises(OptionError, match="a guess list needs its answer list too") as refused:
        word_lists(guesses="x.txt")
    assert refused.value.option == "guesses"  # the CLI names it: "--guesses needs --answers too"
