"""Letter Boxed in a real browser: solve a board by clicking and typing, refusals, the solver page."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.letterboxed import Board, check
from lexigrid.lexicon import load
from tests.web.conftest import (
    fits_width,
    hold_first,
    in_view,
    press,
    release,
    screenshot,
    until_held,
    wait_idle,
)

pytestmark = pytest.mark.browser
SIDES = "VYQ,FIG,OTE,XLU"


def _best_solution() -> list[str]:
    from lexigrid.letterboxed import solve

    return list(solve(SIDES, load(), top=1, max_words=2)[0].words)


def test_solve_a_board_by_clicking_and_typing(page: Any, live_server: str) -> None:
    words = _best_solution()
    assert check(Board.parse(SIDES), words, load()).valid  # the oracle agrees before the browser plays it
    page.goto(f"{live_server}/letterboxed?sides={SIDES}")
    page.wait_for_selector("svg .lb-letter")
    for letter in words[0]:  # the first word by clicking the letters on the box
        page.click(f"svg text[data-letter={letter}]")
    page.click("#enter")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    page.keyboard.type(words[1][1:].lower())  # the next word starts with the last letter already
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Solved')")
    assert page.inner_text("#status").startswith("Solved in 2 words!")  # then the verdict on par
    assert page.locator("svg polyline").count() == 2
    screenshot(page, "letterboxed-play")


def test_a_word_typed_while_the_last_is_checked_is_kept(page: Any, live_server: str) -> None:
    words = _best_solution()
    held = hold_first(page, "**/api/letterboxed/check*")  # the first word's check answers late
    page.goto(f"{live_server}/letterboxed?sides={SIDES}")
    page.wait_for_selector("svg .lb-letter")
    page.keyboard.type(words[0].lower())
    page.keyboard.press("Enter")
    first = until_held(page, held)
    page.keyboard.type(words[1][1:].lower())  # a fast typist: the next word, before the first is accepted
    page.keyboard.press("Enter")
    release(page, first)
    assert page.inner_text("#status").startswith("Solved in 2 words!")  # then the verdict on par
    assert page.inner_text("#played") == " – ".join(words)


def test_refused_words_say_why(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/letterboxed?sides={SIDES}")
    page.wait_for_selector("svg .lb-letter")
    page.keyboard.type("fig")  # F, I, G lie on one side: refused as typed
    assert "same side" in page.inner_text("#error")
    page.keyboard.press("Escape")
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.keyboard.type("qit")  # playable letters, not a word
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('error').textContent.includes('not in the lexicon')")


def test_solver_page_draws_the_ranked_solutions(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/letterboxed/solve?sides={SIDES}")
    page.wait_for_selector("#solutions tbody tr")
    first = page.inner_text("#solutions tbody tr:first-child td:nth-child(2)").split("–")
    assert first == _best_solution()
    page.click("#solutions tbody tr:nth-child(2)")
    assert "selected" in (page.get_attribute("#solutions tbody tr:nth-child(2)", "class") or "")
    words = page.inner_text("#solutions tbody tr:nth-child(2) td:nth-child(2)").split("–")
    assert page.locator("svg polyline").count() == len(words)
    assert check(Board.parse(SIDES), words, load()).valid
    screenshot(page, "letterboxed-solve")


def test_todays_board_is_played_through_its_key(page: Any, live_server: str) -> None:
    """The "Today's board" link loads the board of the day, which its two-word key solves."""
    from lexigrid.letterboxed import daily

    before = daily(None, load())
    page.goto(f"{live_server}/letterboxed")
    with page.expect_navigation():  # the board of the day is a new page: not the box already drawn
        page.click("#today")
    page.wait_for_selector("svg .lb-letter")
    after = daily(None, load())  # the day may have turned meanwhile (a run at midnight)
    today = before if page.input_value("#sides") == str(before.board) else after
    assert page.input_value("#sides") == str(today.board)
    first, second = today.key
    page.keyboard.type(first.lower())
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    page.keyboard.type(second[1:].lower())  # the next word starts with the last letter already
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Solved')")
    assert page.inner_text("#status").startswith("Solved in 2 words!")  # then the verdict on par
    screenshot(page, "letterboxed-today")


def test_a_board_that_does_not_parse_is_kept_with_its_reason_and_no_other_board(
    screen: Any, live_server: str
) -> None:
    width = screen.viewport_size["width"]
    screen.goto(f"{live_server}/letterboxed/solve?sides=ABC,DEF,GHI,JKA")
    wait_idle(screen)  # a page that solved some board meanwhile would show it now
    assert screen.input_value("#sides") == "ABC,DEF,GHI,JKA"  # as typed, to be fixed
    assert "repeats the letter(s) A" in screen.inner_text("#problem")
    assert not screen.is_visible("#box") and not screen.is_visible("#solutions")
    assert screen.locator("#solutions tbody tr").count() == 0 and fits_width(screen)
    screenshot(screen, f"letterboxed-solve-bad-board-{width}")
    screen.fill("#sides", "abc,def,ghi,jkl")
    screen.click("#solve")
    screen.wait_for_selector("#solutions tbody tr")
    assert screen.inner_text("#problem") == "" and screen.is_visible("#box")
    assert screen.locator("svg text.lb-letter").count() == 12 and fits_width(screen)
    screen.fill("#sides", "ABC,DEF,GHI")  # a bad board again: the last board's solutions go with it
    screen.click("#solve")
    screen.wait_for_function("document.getElementById('problem').textContent.length > 0")
    assert not screen.is_visible("#solutions") and screen.input_value("#sides") == "ABC,DEF,GHI"


def test_the_word_being_typed_shows_with_the_box_and_enter(screen: Any, live_server: str) -> None:
    """On a phone the word being typed sat below the fold, under the box and the instructions."""
    width = screen.viewport_size["width"]
    first, second = _best_solution()
    screen.goto(f"{live_server}/letterboxed?sides={SIDES}")
    screen.wait_for_selector("svg .lb-letter")
    for letter in first[:3]:
        press(screen, f"svg text[data-letter={letter}]")
    assert screen.inner_text("#current") == first[:3]
    for shown in ("#current", "#box", "#enter", "#delete"):
        assert in_view(screen, shown), f"{shown} is not on the screen at {width} px"
    assert fits_width(screen)
    screenshot(screen, f"letterboxed-fold-{width}", full_page=False)
    for letter in first[3:]:
        press(screen, f"svg text[data-letter={letter}]")
    press(screen, "#enter")
    screen.wait_for_function("document.getElementById('played').textContent.length > 0")
    for letter in second[1:]:
        press(screen, f"svg text[data-letter={letter}]")
    assert in_view(screen, "#current") and screen.inner_text("#current") == second
    press(screen, "#enter")
    screen.wait_for_function("document.getElementById('status').textContent.startsWith('Solved')")
    assert in_view(screen, "#status") and in_view(screen, "#box")
