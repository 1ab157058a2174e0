"""Hints: the best next words after the words played so far."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import hint, solve, solver
from lexigrid.lexicon import Lexicon
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR, BOXCHAR_WORDS


def test_first_words_follow_the_ranking(boxchar_lexicon: Lexicon) -> None:
    hints = hint(solver(BOXCHAR, boxchar_lexicon), boxchar_lexicon, top=3)
    best = solve(BOXCHAR, boxchar_lexicon, top=50)
    firsts = list(dict.fromkeys(s.words[0] for s in best))
    assert [h.word for h in hints] == firsts[:3]
    assert hints[0].word == "FOXGLOVE" and hints[0].new_letters == "VFGOEXL"


def test_next_words_finish_what_was_played(boxchar_lexicon: Lexicon) -> None:
    hints = hint(solver(BOXCHAR, boxchar_lexicon), boxchar_lexicon, ["fog"])
    assert hints and all(h.word[0] == "G" for h in hints)
    for h in hints:
        assert h.solution.words[:2] == ("FOG", h.word)
        assert oracle.is_valid(BOXCHAR.split(","), h.solution.words, BOXCHAR_WORDS)


def test_a_useless_played_word_still_gets_hints(boxchar_lexicon: Lexicon) -> None:
    # FOXGLOVE-EYE can never be part of a non-redundant solution, but it has been played.
    hints = hint(solver(BOXCHAR, boxchar_lexicon), boxchar_lexicon, ["FOXGLOVE", "EYE"])
    assert [h.solution.words for h in hints][:1] == [("FOXGLOVE", "EYE", "EQUITY")]


def test_solved_board_has_no_hint(boxchar_lexicon: Lexicon) -> None:
    assert hint(solver(BOXCHAR, boxchar_lexicon), boxchar_lexicon, ["FOXGLOVE", "EQUITY"]) == []


@pytest.mark.parametrize(
    ("played", "message"),
    [
        (["QUIET"], "both on side OTE"),
        (["FOG", "EYE"], "must start with G"),
        (["FOGX"], "not in the lexicon"),
    ],
)
def test_unplayable_words_so_far_are_refused(
    played: list[str], message: str, boxchar_lexicon: Lexicon
) -> None:
    with pytest.raises(LexigridError, match=message):
        hint(solver(BOXCHAR, boxchar_lexicon), boxchar_lexicon, played)


@pytest.mark.parametrize("max_words", [1, 2, 3, 4])
def test_every_finish_keeps_within_max_words_in_all(boxchar_lexicon: Lexicon, max_words: int) -> None:
    played = ["FOG", "GLOVE", "EXILE"]
    s = solver(BOXCHAR, boxchar_lexicon)
    if max_words <= len(played):  # no room for a next word: said, not stretched to a longer finish
        with pytest.raises(LexigridError, match="raise --max-words to at least 4"):
            hint(s, boxchar_lexicon, played, max_words=max_words)
        return
    hints = hint(s, boxchar_lexicon, played, max_words=max_words)
    assert hints and all(len(h.solution.words) <= max_words for h in hints)
