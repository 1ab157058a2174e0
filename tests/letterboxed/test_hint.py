"""Hints: the best next words after the words played so far."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import hint, solve, solver
from lexigrid.lexicon import Lexicon
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR, BOXCHAR_WORDS, zipf_lexicon


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
        with pytest.raises(LexigridError, match="no next word fits; allow at least 4"):
            hint(s, boxchar_lexicon, played, max_words=max_words)
        return
    hints = hint(s, boxchar_lexicon, played, max_words=max_words)
    assert hints and all(len(h.solution.words) <= max_words for h in hints)


def test_a_next_word_adds_a_letter(default_lexicon: Lexicon) -> None:
    """FOG-GOGO adds nothing (it only leads back to O): no hint while words that add letters lead on."""
    hints = hint(solver(BOXCHAR, default_lexicon), default_lexicon, ["FOG"])
    assert hints and "GOGO" not in [h.word for h in hints]
    assert all(h.new_letters for h in hints)


BRIDGE = {"GOGO": 2.0, "OUTLIVE": 3.0, "EXEQUY": 1.0}  # FOG-GOGO-OUTLIVE-EXEQUY: GOGO is a bridge


def test_a_word_adding_no_letter_is_offered_only_when_nothing_else_leads_on() -> None:
    lex = zipf_lexicon({**BOXCHAR_WORDS, **BRIDGE})
    hints = hint(solver(BOXCHAR, lex), lex, ["FOG"], top=50)
    assert hints and "GOGO" not in [h.word for h in hints] and all(h.new_letters for h in hints)
    only_bridge = zipf_lexicon({"FOG": 3.9, **BRIDGE})
    bridged = hint(solver(BOXCHAR, only_bridge), only_bridge, ["FOG"])
    assert [(h.word, h.new_letters) for h in bridged] == [("GOGO", "")]
    assert bridged[0].solution.words == ("FOG", "GOGO", "OUTLIVE", "EXEQUY")
