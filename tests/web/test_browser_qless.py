"""Q-Less in a real browser: letters to the solutions list to the viewer, and play with the validator."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.qless import is_solution
from tests.web.conftest import hold_first, release, screenshot, until_held

pytestmark = pytest.mark.browser
ROLL = "BFHLRCTTNOAE"


def test_letters_list_and_viewer(page: Any, live_server: str) -> None:
    page.goto(live_server + "/qless")
    boxes = page.locator("#boxes input")
    boxes.first.focus()
    page.keyboard.type(ROLL.lower())  # focus moves along the twelve boxes
    assert "".join(boxes.nth(i).input_value() for i in range(12)) == ROLL
    screenshot(page, "qless-entry")
    page.click("#solve")
    page.wait_for_selector("#solutions tbody tr")
    assert page.inner_text("#rating").startswith("Monday difficulty")
    screenshot(page, "qless-list")
    page.click("#solutions tbody tr:nth-child(3)")
    page.wait_for_selector("#screen-view:not([hidden]) .qcell.tile")
    cells = page.eval_on_selector_all("#viewer .qcell", "cells => cells.map(c => c.textContent || '.')")
    width = page.evaluate(
        "getComputedStyle(document.getElementById('viewer')).gridTemplateColumns.split(' ').length"
    )
    grid = tuple("".join(cells[i : i + width]) for i in range(0, len(cells), width))
    assert is_solution(grid, ROLL, load())  # the drawn grid is a real solution of the roll
    screenshot(page, "qless-viewer")


def test_play_mode_explains_what_is_wrong_then_accepts(page: Any, live_server: str) -> None:
    from lexigrid.qless import first_solution

    solution = first_solution(ROLL, load())
    assert solution is not None
    page.goto(f"{live_server}/qless/play?letters={ROLL}")
    page.wait_for_selector("#grid .qcell")
    page.click("#grid [data-cell='3,1']")
    page.keyboard.type("cat")  # C, A, T are on the rack; CAT alone leaves letters unused
    page.click("#check")
    page.wait_for_selector("#problems li")
    assert any("letters left unused" in t for t in page.locator("#problems li").all_inner_texts())
    page.click("#clear")
    for r, row in enumerate(solution.grid):
        for c, letter in enumerate(row):
            if letter != ".":
                page.click(f"#grid [data-cell='{r + 2},{c + 1}']")
                page.keyboard.type(letter)
    page.click("#check")
    page.wait_for_function("document.getElementById('verdict').textContent.startsWith('✓')")
    assert page.locator("#problems li").count() == 0
    screenshot(page, "qless-play")


def test_a_verdict_on_a_grid_changed_since_is_not_shown(page: Any, live_server: str) -> None:
    held = hold_first(page, "**/api/qless/check*")  # the check of CAT answers after the grid has changed
    page.goto(f"{live_server}/qless/play?letters={ROLL}")
    page.wait_for_selector("#grid .qcell")
    page.click("#grid [data-cell='3,1']")
    page.keyboard.type("cat")
    page.click("#check")
    check = until_held(page, held)
    page.click("#grid [data-cell='3,4']")
    page.keyboard.type("h")  # CATH: the verdict on CAT no longer applies
    assert page.locator("#grid .qcell.tile").count() == 4
    release(page, check)
    assert page.inner_text("#verdict") == "" and page.locator("#problems li").count() == 0
    assert page.locator("#grid .qcell.bad").count() == 0


def test_daily_roll_by_date(page: Any, live_server: str) -> None:
    from lexigrid.qless import daily

    puzzle = daily("2026-11-28", load())  # a Saturday
    page.goto(live_server + "/qless")
    page.fill("#daily-date", "2026-11-28")
    page.click("#daily")
    page.wait_for_function("document.getElementById('daily-note').textContent.length > 0")
    assert "".join(page.locator("#boxes input").nth(i).input_value() for i in range(12)) == puzzle.letters
    assert page.inner_text("#daily-note").startswith("2026-11-28 (Saturday)")
