"""The record file answers membership exactly as a set of the words does."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.added import add_lexicon
from lexigrid.lexicon.membership import check_report, contains, pack, verdicts

WORDS = st.text(alphabet="ABCQZ", min_size=1, max_size=7)


@given(st.sets(WORDS, min_size=1, max_size=40), st.lists(WORDS, max_size=20))
def test_contains_agrees_with_a_set(words: set[str], probes: list[str]) -> None:
    records = pack(words)
    for word in [*words, *probes, *(w + "A" for w in words), *(w[:-1] for w in words if len(w) > 1)]:
        assert contains(records, word) == (word in words)


def test_check_report_agrees_with_the_index(default_lexicon: Lexicon) -> None:
    probes = ["QI", "ZA", "AA", "QIS", "AARDVARKS", "ZZZZQ", "XU", "OXYPHENBUTAZONE", "OXYPHENBUTAZONES", "A"]
    probes += default_lexicon.words_of_length(15)[:50] + default_lexicon.words_of_length(2)[-20:]
    report = check_report(*verdicts(probes))
    assert report["lexicon"] == default_lexicon.name
    assert report["words"] == {w: default_lexicon.is_word(w) for w in probes}
    assert report["all_valid"] == all(default_lexicon.is_word(w) for w in probes)


def test_check_report_reads_a_word_list_file(tmp_path: Path) -> None:
    path = tmp_path / "mini.txt"
    path.write_text("cat\ndog\n# a comment\nbird\n")
    report = check_report(*verdicts(["CAT", "cow", "bird"], str(path)))
    assert report == {
        "lexicon": "mini.txt",
        "words": {"CAT": True, "COW": False, "BIRD": True},
        "all_valid": False,
    }


def test_a_name_added_again_is_checked_against_its_new_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lexicon added again under the same name (or another user data directory) answers from its new words
    in the same process: nothing is kept by name."""
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path / "data"))
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("CAT\nDOG\n")
    second.write_text("COW\nDOG\n")
    add_lexicon("MINI", first)
    assert verdicts(["CAT", "COW"], "MINI") == ("MINI", {"CAT": True, "COW": False})
    add_lexicon("MINI", second)
    assert verdicts(["CAT", "COW"], "MINI") == ("MINI", {"CAT": False, "COW": True})
