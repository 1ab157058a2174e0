"""The coach in a real browser, at 1280 and 390 px (by touch on the phone): Wordle's Analyse at a game's
end, the Q-Less Hint button level by level, Letter Boxed's par and Hint."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.web.wordle import answer_of
from lexigrid.wordle import original, reply_table
from lexigrid.wordle.report import grade_report
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
