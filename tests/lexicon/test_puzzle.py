"""The bundled `puzzle` lexicon: general English for puzzles, NWL plus wordfreq's English vocabulary."""

from __future__ import annotations

import pytest
from wordfreq import zipf_frequency

from lexigrid.lexicon import load
from lexigrid.lexicon.sources import (
    PUZZLE_ONLY_DISCOUNT,
    _read_kjxqz,
    _read_puzzle,
    open_source,
    parse_words,
    puzzle_frequencies,
)

# Of the seven recent NYT Letter Boxed answer words the issue names (none in NWL), wordfreq's vocabulary
# brings five; MANUFACTURAL and STIRFRYING (wordfreq: STIR-FRYING) are in neither list.
NYT_ANSWERS = ["PUNCHLINE", "CHICKENPOX", "BOATWRIGHT", "BULGOGI", "JUNGLEFOWL"]
STILL_MISSING = ["MANUFACTURAL", "STIRFRYING"]


def test_puzzle_holds_nwl_and_the_answers_nwl_lacks() -> None:
    puzzle = set(parse_words(_read_puzzle(), "puzzle"))
    nwl = set(parse_words(_read_kjxqz(), "nwl"))
    assert nwl < puzzle and len(puzzle) == 380_431
    assert not set(NYT_ANSWERS + STILL_MISSING) & nwl and set(NYT_ANSWERS) <= puzzle
    assert not set(STILL_MISSING) & puzzle
    assert open_source("puzzle").name == "puzzle"


def test_words_outside_nwl_are_discounted_for_ranking() -> None:
    frequencies = puzzle_frequencies()
    assert frequencies["the"] == pytest.approx(10 ** (zipf_frequency("the", "en") - 9), rel=0.02)
    for word in ["obama", "punchline"]:  # outside nwl: discounted, floored at Zipf 0 (10 ** -9)
        expected = max(10 ** (zipf_frequency(word, "en") - 9 - PUZZLE_ONLY_DISCOUNT), 1e-9)
        assert frequencies[word] == pytest.approx(expected, rel=0.02)


@pytest.mark.slow
def test_puzzle_loads_as_a_named_lexicon() -> None:
    lex = load("puzzle")
    assert len(lex) == 380_431 and all(lex.is_word(w) for w in NYT_ANSWERS)
    # Oracle: wordfreq's own Zipf value, less the discount for a word outside nwl, floored at 0 (unseen).
    for word in ["the", "zebra", *NYT_ANSWERS, "obama"]:
        discount = 0.0 if word.upper() in nwl_words() else PUZZLE_ONLY_DISCOUNT
        assert lex.zipf(word) == pytest.approx(max(0.0, zipf_frequency(word, "en") - discount), abs=0.011)


def nwl_words() -> set[str]:
    """The nwl word list, read directly."""
    return set(parse_words(_read_kjxqz(), "nwl"))
