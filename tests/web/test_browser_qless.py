"""Q-Less in a real browser: letters to the solutions list to the viewer, and play with the validator."""

from __future__ import annotations

import time
from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.qless import is_solution
from tests.web.conftest import fits_width, hold_first, in_view, press, release, screenshot, until_held

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


def _cell(tab: Any, r: int, c: int) -> str:
    return str(tab.inner_text(f"#grid [data-cell='{r},{c}']"))


def _rack(tab: Any) -> str:
    return "".join(tab.locator("#rack .tile").all_inner_texts())


def test_a_grid_built_by_taps_alone(screen: Any, live_server: str) -> None:
    """No keyboard: a letter then its square, or a square then its letter, alternately; then checked."""
    from lexigrid.qless import first_solution

    width = screen.viewport_size["width"]
    solution = first_solution(ROLL, load())
    assert solution is not None
    screen.goto(f"{live_server}/qless/play?letters={ROLL}")
    screen.wait_for_selector("#rack .tile")
    for shown in ("#grid", "#rack", "#check"):
        assert in_view(screen, shown), f"{shown} is not on the screen at {width} px"
    placed = [(r + 2, c, ch) for r, row in enumerate(solution.grid) for c, ch in enumerate(row) if ch != "."]
    for n, (r, c, ch) in enumerate(placed):
        square, letter = f"#grid [data-cell='{r},{c}']", f"#rack .tile[data-letter={ch}] >> nth=0"
        for selector in (letter, square) if n % 2 == 0 else (square, letter):
            press(screen, selector)
        assert _cell(screen, r, c) == ch
    assert _rack(screen) == "" and fits_width(screen)
    screenshot(screen, f"qless-play-taps-{width}", full_page=False)
    press(screen, "#check")
    screen.wait_for_function("document.getElementById('verdict').textContent.startsWith('✓')")


def test_a_tapped_letter_waits_for_its_square_and_lift_takes_it_back(screen: Any, live_server: str) -> None:
    screen.goto(f"{live_server}/qless/play?letters={ROLL}")
    screen.wait_for_selector("#rack .tile")
    press(screen, "#rack .tile[data-letter=C]")
    assert screen.locator("#rack .tile.picked").inner_text() == "C"
    press(screen, "#rack .tile[data-letter=C]")  # tapped again: put down
    assert screen.locator("#rack .tile.picked").count() == 0
    press(screen, "#grid [data-cell='4,4']")
    press(screen, "#rack .tile[data-letter=A]")
    press(screen, "#rack .tile[data-letter=T] >> nth=0")  # no square waits now: T is picked, not placed
    assert _cell(screen, 4, 4) == "A" and _cell(screen, 4, 5) == ""
    press(screen, "#grid [data-cell='4,4']")  # T on A's square: A goes back to the rack
    assert _cell(screen, 4, 4) == "T" and sorted(_rack(screen)) == sorted(ROLL.replace("T", "", 1))
    press(screen, "#grid [data-cell='4,4']")
    press(screen, "#lift")
    assert _cell(screen, 4, 4) == "" and sorted(_rack(screen)) == sorted(ROLL)


def _drag(tab: Any, source: str, target: str) -> None:
    """Drag by finger on a touch screen (Chromium's own touch events), by mouse elsewhere. The finger moves
    at a person's pace and rests on the target before it lifts: the events carry made-up timestamps 50 ms
    apart (nothing waits), since a flick would leave a fling that eats the next tap."""
    start, end = tab.locator(source).bounding_box(), tab.locator(target).bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    path = [(x0 + (x1 - x0) * min(i, 8) / 8, y0 + (y1 - y0) * min(i, 8) / 8) for i in range(1, 13)]
    if tab.evaluate("navigator.maxTouchPoints > 0"):
        cdp = tab.context.new_cdp_session(tab)
        when = time.time()  # the start of made-up timestamps (nothing waits on them)

        def touch(kind: str, *points: tuple[float, float]) -> None:
            nonlocal when
            when += 0.05
            points_ = [{"x": x, "y": y} for x, y in points]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points_, "timestamp": when})

        touch("touchStart", (x0, y0))
        for point in path:
            touch("touchMove", point)
        touch("touchEnd")
        cdp.detach()
    else:
        tab.mouse.move(x0, y0)
        tab.mouse.down()
        for x, y in path:
            tab.mouse.move(x, y)
        tab.mouse.up()


def test_tiles_drag_onto_squares_across_the_grid_and_off_it(screen: Any, live_server: str) -> None:
    screen.goto(f"{live_server}/qless/play?letters={ROLL}")
    screen.wait_for_selector("#rack .tile")
    _drag(screen, "#rack .tile[data-letter=C]", "#grid [data-cell='5,5']")
    screen.wait_for_function("document.querySelector(\"#grid [data-cell='5,5']\").textContent === 'C'")
    assert "C" not in _rack(screen)
    _drag(screen, "#grid [data-cell='5,5']", "#grid [data-cell='7,3']")  # moved on the grid
    screen.wait_for_function("document.querySelector(\"#grid [data-cell='7,3']\").textContent === 'C'")
    assert _cell(screen, 5, 5) == "" and screen.locator("#grid .qcell.tile").count() == 1
    _drag(screen, "#grid [data-cell='7,3']", "#rack")  # off the grid: back to the rack
    screen.wait_for_function("document.querySelectorAll('#grid .qcell.tile').length === 0")
    assert sorted(_rack(screen)) == sorted(ROLL)
    press(screen, "#grid [data-cell='2,2']")  # and a tap after a drag is a tap
    press(screen, "#rack .tile[data-letter=B]")
    assert _cell(screen, 2, 2) == "B"
