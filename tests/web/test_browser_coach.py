"""The coach in a real browser, at 1280 and 390 px (by touch on the phone): Wordle's Analyse at a game's
end, the Q-Less Hint button level by level, Letter Boxed's par and Hint."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.qless.hint import hint
from lexigrid.qless.notation import grid_from_cells
from lexigrid.qless.validator import validate
from lexigrid.wordle import original, reply_table
from lexigrid.wordle.report import grade_report
from lexigrid.wordle.token import answer_of
from tests.web.conftest import fits_width, press, screenshot, wait_idle

pytestmark = pytest.mark.browser


def _play(tab: Any, words: list[str]) -> None:
    for word in words:
        for letter in word:
            press(tab, f"#keyboard [data-key={letter}]")
        press(tab, "#keyboard [data-key=Enter]")
        wait_idle(tab)


def test_wordle_analyse_shows_the_grade_of_the_finished_game(screen: Any, live_server: str) -> None:
    lists = original()
    answer = answer_of("seed-7", reply_table(lists))
    history = ["SALET", "CRONY", answer]
    screen.goto(live_server + "/wordle?seed=7")
    screen.wait_for_selector("#keyboard .key")
    _play(screen, history[:2])
    assert screen.locator("#analyse").is_hidden()  # no analysis while the game is on
    _play(screen, history[2:])
    screen.wait_for_selector("#result:not([hidden])")
    press(screen, "#analyse")
    wait_idle(screen)
    expected = grade_report(lists, " ".join(history))
    assert screen.inner_text("#analysis-summary") == expected["summary"]
    rows = screen.eval_on_selector_all(
        "#analysis-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [[r[0], r[2], r[3], r[5]] for r in rows] == [
        [str(i), str(g["skill"]), str(g["luck"]), g["best"]] for i, g in enumerate(expected["guesses"], 1)
    ]
    assert [r[1] for r in rows] == history
    assert fits_width(screen)
    fits_box = "t => t.scrollWidth <= t.parentElement.clientWidth"  # the table needs no sideways scroll
    assert screen.eval_on_selector("#analysis-table", fits_box)
    screenshot(screen, f"wordle-analyse-{screen.viewport_size['width']}")


ROLL = "BFHLRCTTNOAE"


def _place(tab: Any, word: str, row: int, col: int) -> None:
    """Tap a square, then a letter of the rack, for each letter of the word (across)."""
    for i, ch in enumerate(word):
        press(tab, f"#grid [data-cell='{row},{col + i}']")
        press(tab, f"#rack .tile[data-letter={ch}] >> nth=0")


def _hint(tab: Any) -> str:
    press(tab, "#hint")
    wait_idle(tab)
    return str(tab.inner_text("#hint-message"))


def _board(tab: Any) -> dict[tuple[int, int], str]:
    """The player's tiles and the hint's ghost letters on the grid, by square."""
    found = tab.eval_on_selector_all(
        "#grid .qcell.tile, #grid .qcell.ghost", "cells => cells.map(c => [c.dataset.cell, c.textContent])"
    )
    return {(int(k.split(",")[0]), int(k.split(",")[1])): ch for k, ch in found}


def test_qless_hints_level_by_level_from_the_players_grid(screen: Any, live_server: str) -> None:
    """Levels 1 to 4 in turn, continuing from a word the player placed: at level 4 the tiles placed and
    the hint's letters on the grid make a solution the validator accepts."""
    lex = load()
    word = hint(ROLL, 2, lex).word  # a word of the most common-worded solution
    assert word is not None
    screen.goto(f"{live_server}/qless/play?letters={ROLL}")
    screen.wait_for_selector("#rack .tile")
    _place(screen, word, 6, 2)
    partial = (word,)
    for level in (1, 2, 3, 4):
        assert screen.inner_text("#hint") == f"Hint {level}/4"
        expected = hint(ROLL, level, lex, partial=partial)
        assert _hint(screen) == expected.message
        shown = screen.inner_text("#hint-word")
        assert shown == ("" if level == 1 else f"A word of a solution: {expected.word}")
    board = _board(screen)
    solution = grid_from_cells(board)
    assert validate(solution, ROLL) == []  # the tiles placed and the hint's letters: a real solution
    assert all(board[(6, 2 + i)] == ch for i, ch in enumerate(word))  # around what the player placed
    assert expected.word is not None and expected.word in "/".join(solution) + "/".join(
        "".join(col) for col in zip(*solution, strict=True)
    )
    assert fits_width(screen)
    screenshot(screen, f"qless-hint-{screen.viewport_size['width']}")


def test_qless_hint_says_when_the_placed_tiles_cannot_be_completed(screen: Any, live_server: str) -> None:
    screen.goto(f"{live_server}/qless/play?letters={ROLL}")
    screen.wait_for_selector("#rack .tile")
    _place(screen, "BFH", 6, 2)
    assert _hint(screen).startswith("no solution completes the grid as placed")
    assert screen.inner_text("#hint-word") == "" and _board(screen).keys() == {(6, 2), (6, 3), (6, 4)}


def test_qless_hint_on_an_unsolvable_roll_names_no_word(screen: Any, live_server: str) -> None:
    screen.goto(f"{live_server}/qless/play?letters=QQQQXXXXZZZZ")
    screen.wait_for_selector("#rack .tile")
    for _ in range(4):
        assert _hint(screen) == "no solution"
        assert screen.inner_text("#hint-word") == "" and screen.locator("#hint-grid .hcell").count() == 0


LB_BOARD = "RME,WCL,TGK,API"  # a published NYT board


def test_letterboxed_par_and_hints_lead_to_a_solve_in_par(screen: Any, live_server: str) -> None:
    """Par shows with the board; each Hint names the next word toward a solution in par (the library's),
    and playing the hinted words by tapping the letters solves the board within par."""
    from lexigrid.letterboxed import Board, solver
    from lexigrid.letterboxed.par import hints_in_par, par

    lex = load()
    board = Board.parse(LB_BOARD)
    board_par = par(board, lex)
    s = solver(board, lex)
    screen.goto(f"{live_server}/letterboxed?sides={LB_BOARD}")
    screen.wait_for_selector("svg .lb-letter")
    screen.wait_for_function("document.getElementById('par').textContent !== ''")
    assert screen.inner_text("#par") == f"Par: {board_par.words} words."
    played: list[str] = []
    while not screen.inner_text("#status"):
        press(screen, "#hint")
        wait_idle(screen)
        found, in_par = hints_in_par(s, lex, played, board_par)
        assert in_par and found
        word = found[0].word
        text = screen.inner_text("#hint-text")
        assert text.startswith(f"Next word: {word} (adds ") and "toward a solution in par" in text
        for letter in word[1:] if played else word:  # a word after the first begins with the last letter
            press(screen, f"svg text[data-letter={letter}]")
        press(screen, "#enter")
        wait_idle(screen)
        played.append(word)
        assert screen.inner_text("#hint-text") == ""  # the hint was for the words before this one
        assert len(played) <= board_par.words
    status = screen.inner_text("#status")
    assert status.startswith(f"Solved in {len(played)} word") and status.endswith("Within par.")
    assert fits_width(screen)
    screenshot(screen, f"letterboxed-hint-{screen.viewport_size['width']}")
