"""The fast rack search agrees with a brute-force oracle (STAR's findWords and its variants)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.lexicon import WordInfo

WORDS = [
    "a",
    "aa",
    "ab",
    "aba",
    "abba",
    "ad",
    "add",
    "ado",
    "be",
    "bead",
    "bed",
    "bee",
    "bead",
    "dab",
    "dad",
    "dead",
    "deed",
    "ebb",
    "ed",
    "de",
    "ode",
    "odd",
    "bode",
    "bade",
    "abode",
    "adobe",
    "dabbed",
    "ebbed",
    "deb",
    "ba",
    "bo",
    "ob",
    "do",
    "od",
    "oe",
]
TINY = Lexicon.from_words(WORDS)


def buildable(word: str, rack: str) -> bool:
    """The oracle: can `word` be spelled from `rack` ('?' = any letter)?"""
    need = Counter(word)
    have = Counter(rack.replace("?", ""))
    short = sum(max(0, n - have[c]) for c, n in need.items())
    return short <= rack.count("?")


def oracle_find(
    lex: Lexicon, rack: str, prefix: str = "", suffix: str = "", contains: str = "", min_len: int = 2
) -> set[str]:
    """Every word that is the board letters plus at least one rack tile, by checking every word."""
    result = set()
    for word in lex:
        if len(word) < min_len or len(word) <= len(prefix + suffix + contains):
            continue
        if contains:
            starts = [i for i in range(len(word)) if word.startswith(contains, i)]
            rests = [word[:i] + word[i + len(contains) :] for i in starts]
        elif word.startswith(prefix) and word.endswith(suffix):
            rests = [word[len(prefix) : len(word) - len(suffix)]]
        else:
            rests = []
        if any(buildable(rest, rack) for rest in rests):
            result.add(word)
    return result


@pytest.mark.parametrize(
    ("rack", "expected"),
    [
        ("ABD", {"AB", "AD", "BA", "DAB"}),
        ("A?", {"AA", "AB", "AD", "BA"}),
        ("?", set()),
        ("EBB", {"BE", "EBB"}),
    ],
)
def test_small_racks(rack: str, expected: set[str]) -> None:
    found = {w.word for w in TINY.find(rack)}
    assert found == expected == oracle_find(TINY, rack)


def test_blank_letters_are_reported() -> None:
    found = {w.word: w.blanks for w in TINY.find("AB?")}
    assert found["ABA"] == "A" and found["DAB"] == "D" and found["AB"] == ""
    assert "ABBA" not in found  # needs two letters the rack lacks, and it has one blank


racks = st.text(alphabet="ABDEO?", min_size=1, max_size=7).filter(lambda r: r.count("?") <= 2)
board = st.text(alphabet="ABDEO", max_size=2)


@settings(max_examples=200, deadline=None)
@given(rack=racks, prefix=board, suffix=board)
def test_prefix_suffix_agree_with_oracle(rack: str, prefix: str, suffix: str) -> None:
    fast = {w.word for w in TINY.find(rack, prefix=prefix, suffix=suffix)}
    assert fast == oracle_find(TINY, rack, prefix=prefix, suffix=suffix)


@settings(max_examples=200, deadline=None)
@given(rack=racks, contains=board)
def test_contains_agrees_with_oracle(rack: str, contains: str) -> None:
    fast = {w.word for w in TINY.find(rack, contains=contains)}
    assert fast == oracle_find(TINY, rack, contains=contains)


@settings(max_examples=50, deadline=None)
@given(rack=st.text(alphabet="AEINRST?", min_size=1, max_size=8).filter(lambda r: r.count("?") <= 2))
def test_default_lexicon_agrees_with_oracle(default_lexicon: Lexicon, rack: str) -> None:
    fast = [w.word for w in default_lexicon.find(rack)]
    assert len(fast) == len(set(fast))
    # the oracle over words of plausible length only, to keep it quick
    expected = {
        w
        for n in range(2, len(rack) + 1)
        for w in default_lexicon.words_of_length(n)
        if buildable(w, rack.upper())
    }
    assert set(fast) == expected


def test_length_limits_and_common(default_lexicon: Lexicon) -> None:
    found = default_lexicon.find("RETAINS", min_len=7, max_len=7)
    assert {w.word for w in found} >= {"RETAINS", "NASTIER", "RETINAS", "STAINER", "RETSINA"}
    assert all(len(w.word) == 7 for w in found)
    common = default_lexicon.find("RETAINS", common=10_000)
    assert common and all(w.rank is not None and w.rank <= 10_000 for w in common)
    assert {w.word for w in common} < {w.word for w in default_lexicon.find("RETAINS")}


@pytest.mark.parametrize(
    ("sort", "key"),
    [
        ("alpha", lambda w: w.word),
        ("zipf", lambda w: (-w.zipf, w.word)),
        ("length", lambda w: (-len(w.word), -w.zipf, w.word)),
    ],
)
def test_sorting(default_lexicon: Lexicon, sort: str, key: Callable[[WordInfo], Any]) -> None:
    found = default_lexicon.find("RETAINS", sort=sort)  # type: ignore[arg-type]
    assert found == sorted(found, key=key)


@pytest.mark.parametrize(
    ("rack", "message"),
    [("AB1", "holds '1'"), ("???", "3 blanks"), ("", "empty"), ("A" * 21, "21 tiles")],
)
def test_bad_racks(rack: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        TINY.find(rack)


def test_contains_with_prefix_is_refused() -> None:
    with pytest.raises(OptionError, match="use contains on its own, or prefix and/or suffix") as refused:
        TINY.find("AB", prefix="A", contains="B")
    assert refused.value.option == "contains"  # the CLI names it: "use --contains on its own"


# Another alphabet's words as the lexicon holds them: one glyph a tile (Catalan Ç, and stand-ins À, Á for
# multi-letter tiles such as L·L and NY), which the index counts beside A-Z.
GLYPHS = "ACEPSÀÁÇ"
OTHER_WORDS = ["PÀA", "ÀA", "CAÁA", "ÇA", "CAÇA", "ESPAÁA", "AÀÀ", "SA", "ES", "PAS", "ÁÀ", "CAP", "ÇÇA"]
OTHER = Lexicon.from_words(OTHER_WORDS, alphabet="catalan")


@settings(max_examples=300, deadline=None)
@given(
    rack=st.text(alphabet=GLYPHS + "?", min_size=1, max_size=7).filter(lambda r: r.count("?") <= 2),
    prefix=st.text(alphabet=GLYPHS, max_size=1),
    suffix=st.text(alphabet=GLYPHS, max_size=1),
)
def test_another_alphabets_letters_agree_with_oracle(rack: str, prefix: str, suffix: str) -> None:
    found = {w.word: w.blanks for w in OTHER.find(rack, prefix=prefix, suffix=suffix, letters=GLYPHS)}
    assert set(found) == oracle_find(OTHER, rack, prefix=prefix, suffix=suffix)
    have = Counter(rack.replace("?", ""))
    for word, blanks in found.items():  # the blanks stand for what the rack lacks, in glyph order
        rest = word[len(prefix) : len(word) - len(suffix)]
        assert blanks == "".join(sorted((Counter(rest) - have).elements()))


def test_another_alphabets_index_counts_its_letters() -> None:
    found = OTHER.find("CAA?", letters=GLYPHS)
    expected = {("CAÇA", "Ç"), ("CAÁA", "Á"), ("CAP", "P"), ("ÇA", "Ç"), ("ÀA", "À"), ("SA", "S")}
    assert {(w.word, w.blanks) for w in found} == expected
    assert OTHER.spellable("AÀÀ") == ["ÀA", "AÀÀ"]  # a Q-Less style search sees the other letters too
