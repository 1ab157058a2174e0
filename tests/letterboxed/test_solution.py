"""The WORD-WORD solution notation."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import Solution, format_words, parse_words


@pytest.mark.parametrize(
    "text",
    ["FOXGLOVE-EQUITY", "foxglove-equity", "FOXGLOVE EQUITY", " foxglove , equity ", "FOXGLOVE--EQUITY"],
)
def test_parse_words(text: str) -> None:
    assert parse_words(text) == ("FOXGLOVE", "EQUITY")
    assert format_words(parse_words(text)) == "FOXGLOVE-EQUITY"


def test_solution_round_trip() -> None:
    solution = Solution.parse("fog-glove-exile-equity", score=1.5)
    assert str(solution) == "FOG-GLOVE-EXILE-EQUITY" and len(solution) == 4
    assert solution.letter_count == 19
    assert solution.as_dict() == {"words": ["FOG", "GLOVE", "EXILE", "EQUITY"], "score": 1.5}


@pytest.mark.parametrize("text", ["FOX-GL0VE", "FOX-GLÖVE", "FOX_GLOVE"])
def test_bad_words_are_refused(text: str) -> None:
    with pytest.raises(LexigridError, match="not a word of letters"):
        parse_words(text)


def test_empty_solution_is_refused() -> None:
    with pytest.raises(LexigridError, match="empty"):
        Solution.parse(" - ")
