"""Q-Less hints: every word named belongs to a real solution (the validator agrees); none for no solution."""

from __future__ import annotations

import json

import pytest

from lexigrid.errors import LexigridError
from lexigrid.qless.dice import roll
from lexigrid.qless.hint import completes, hint
from lexigrid.qless.notation import grid_cells
from lexigrid.qless.solver import solve
from lexigrid.qless.validator import validate
from tests.conftest import run_cli


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_named_word_is_in_a_validated_solution(seed: int) -> None:
    letters = roll(seed)
    clue = hint(letters, 4)
    if not clue.solvable:
        assert clue.word is None
        return
    assert validate(clue.grid, letters) == []  # the grid of the hint is a solution, by the validator
    assert clue.word is not None and clue.word in {w for w, _ in _runs(clue.grid)}
    assert [clue.grid[r][c] for r, c in clue.cells] == list(clue.word)
    pool = 10_000 if clue.common_solvable else None  # rarer words only when no common-word solution
    assert clue.grid in {s.grid for s in solve(letters, common=pool)}  # from the exact solver's set


def _runs(grid: tuple[str, ...]) -> list[tuple[str, object]]:
    from lexigrid.qless.validator import runs

    return list(runs(grid))


def test_levels_give_away_more_step_by_step() -> None:
    shown = [hint("BFHLRCTTNOAE", level).as_dict() for level in (1, 2, 3, 4)]
    assert "word" not in shown[0] and "hardest letter" in shown[0]["message"]
    assert "word" in shown[1] and "cells" not in shown[1]
    assert "cells" in shown[2] and "grid" not in shown[2]
    assert "grid" in shown[3] and shown[3]["word"] == shown[1]["word"]


def test_an_unsolvable_roll_names_no_word() -> None:
    clue = hint("QQQQXXXXZZZZ", 4)
    assert not clue.solvable and clue.solutions == 0 and clue.word is None
    assert clue.message == "no solution" and "word" not in clue.as_dict()


def test_hints_continue_from_a_partial_grid() -> None:
    full = hint("BFHLRCTTNOAE", 4)
    top = (full.grid[0],)  # the first row of a solution, as placed by the player
    clue = hint("BFHLRCTTNOAE", 4, partial=top)
    assert completes(clue.grid, top) and validate(clue.grid, "BFHLRCTTNOAE") == []
    stuck = hint("BFHLRCTTNOAE", 2, partial=("BFH",))  # no word holds BFH
    assert stuck.word is None and "no solution completes" in stuck.message


def test_a_hint_is_turned_and_placed_to_match_the_players_grid() -> None:
    """The player placed a solution's down word across, away from the corner: the hint's grid is turned
    to match, and `origin` says where the player's grid's top-left square falls in it."""
    full = hint("BFHLRCTTNOAE", 4)
    column = "".join(row[0] for row in full.grid)
    down = next(w for w in column.split(".") if len(w) >= 3)
    across = ".." + down + "..."
    partial = ("." * len(across), across)  # the word across, one row down and two squares in
    clue = hint("BFHLRCTTNOAE", 4, partial=partial)
    assert clue.origin is not None and clue.word is not None
    dr, dc = clue.origin
    for (r, c), ch in grid_cells(partial).items():
        assert clue.grid[r + dr][c + dc] == ch
    assert validate(clue.grid, "BFHLRCTTNOAE") == [] and clue.as_dict()["origin"] == [dr, dc]
    for r, c in clue.cells:  # the word's cells are in the same, turned grid
        assert clue.grid[r][c] != "."
    assert "".join(clue.grid[r][c] for r, c in clue.cells) == clue.word


def test_a_grid_completed_only_beyond_the_common_words_is_still_hinted() -> None:
    """Every word of the hint's grid is a word; the placed word is kept even when it is rare."""
    rare = hint("BFHLRCTTNOAE", 4, common=10**9)  # any word
    clue = hint("BFHLRCTTNOAE", 4, partial=(rare.grid[0],), common=500)
    assert clue.word is not None and completes(clue.grid, (rare.grid[0],))
    assert validate(clue.grid, "BFHLRCTTNOAE") == []


def test_a_partial_grid_with_letters_not_in_the_roll_is_refused() -> None:
    with pytest.raises(LexigridError, match="does not have"):
        hint("BFHLRCTTNOAE", 2, partial=("QUIZ",))
    result = run_cli("qless", "hint", "BFHLRCTTNOAE", "--grid", "QUIZ")
    assert result.exit_code == 2 and result.stderr.startswith("error: ") and "QUIZ" not in result.stdout


def test_cli_json() -> None:
    payload = json.loads(run_cli("qless", "hint", "BFHLRCTTNOAE", "--level", "2", "--json").stdout)
    assert payload["solvable"] is True and payload["solutions"] > 0 and payload["level"] == 2
    assert isinstance(payload["word"], str)
