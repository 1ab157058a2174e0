"""Offensive words: left out of solutions, hints and new boards by default, as the NYT's puzzles do, and
in again with allow_offensive; a word a player types is still checked as a word."""

from __future__ import annotations

import pytest

from lexigrid.letterboxed import Board, check, generate, hint, solve, solver
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.offensive import is_offensive, offensive

ABC = "ABC,DEF,GHI,JKL"  # the board: its top answer began with DICKHEAD


@pytest.mark.parametrize(
    ("word", "listed"),
    [("DICKHEAD", True), ("dickhead", True), ("SCUNTHORPE", False), ("COCKTAIL", False), ("CLASSIC", False)],
)
def test_the_list_takes_whole_words_in_any_case(word: str, listed: bool) -> None:
    assert is_offensive(word) is listed


def test_top_answers_leave_out_offensive_words_by_default(default_lexicon: Lexicon) -> None:
    allowed = solve(ABC, default_lexicon, top=20, allow_offensive=True)
    assert allowed[0].words[0] == "DICKHEAD"  # what the issue saw
    kept = solve(ABC, default_lexicon, top=20)
    assert kept and not offensive(w for s in kept for w in s.words)
    assert [s for s in allowed if not offensive(s.words)][:5] == kept[:5]  # the same ranking otherwise
    first_words = hint(solver(ABC, default_lexicon), default_lexicon, top=30)
    assert not offensive(w for h in first_words for w in h.solution.words)


def test_a_player_may_still_play_an_offensive_word(default_lexicon: Lexicon) -> None:
    assert check(Board.parse(ABC), ["DICKHEAD", "DJEBEL", "LEAFAGE"], default_lexicon).valid


@pytest.mark.parametrize("seed", [72, 337, 416, 604])
def test_a_new_board_is_never_built_around_an_offensive_key(default_lexicon: Lexicon, seed: int) -> None:
    """Seeds whose first key drawn has an offensive word (BITCHING-GLAZED, DAMN-NOTICEABLY, ...) pass it
    over; every other seed keeps its board."""
    allowed = generate(seed, default_lexicon, allow_offensive=True)
    assert offensive(allowed.key)
    found = generate(seed, default_lexicon)
    assert not offensive(found.key) and found.board != allowed.board
    clean = generate(seed + 1, default_lexicon)
    assert generate(seed + 1, default_lexicon, allow_offensive=True) == clean
