"""The bundled `puzzle` lexicon: general English for puzzles, NWL plus wordfreq's English vocabulary."""

from __future__ import annotations

import pytest

from lexigrid.lexicon import load
from lexigrid.lexicon.sources import _read_kjxqz, _read_puzzle, open_source, parse_words

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


@pytest.mark.slow
def test_puzzle_loads_as_a_named_lexicon() -> None:
    lex = load("puzzle")
    assert len(lex) == 380_431 and all(lex.is_word(w) for w in NYT_ANSWERS)
    assert lex.zipf("punchline") > 2
