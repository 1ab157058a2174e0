"""Review a game in a real browser, at 1280 and 390 px (touch), offline: paste a record, the turns arrive,
the win % graph (inline SVG) gets a point a judged turn, a tap on a point shows that turn's board with the
play made and its flags; a bad record shows the replay's one-line error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import fits_width, press, screenshot, wait_idle

pytestmark = pytest.mark.browser

PHONIES = (Path(__file__).parent.parent / "scrabble" / "data" / "phonies.gcg").read_text()


def _review(tab: Any, live_server: str, gcg: str) -> None:
    tab.goto(live_server + "/scrabble/review")
    tab.fill("#gcg", gcg)
    tab.fill("#seconds", "0.2")
    press(tab, "#analyze")
    wait_idle(tab)


def test_a_review_draws_the_graph_and_each_turn(screen: Any, live_server: str) -> None:
    _review(screen, live_server, PHONIES)
    assert screen.inner_text("#error") == ""
    assert screen.locator("#turns tbody tr").count() == 4
    assert screen.locator("#summary tbody tr").count() == 2
    assert screen.locator("#graph svg .pt").count() == 4  # every turn here is judged (none skipped)
    assert screen.locator("#graph svg").evaluate("svg => svg.namespaceURI") == "http://www.w3.org/2000/svg"
    press(screen, '#graph .pt[data-turn="3"] circle.dot')
    screen.wait_for_function("document.getElementById('turn-detail').textContent.includes('Turn 3')")
    wait_idle(screen)
    detail = screen.inner_text("#turn-detail")
    assert "played 7C FAB" in detail and "a phony challenged off" in detail
    assert screen.locator("#board .new").count() == 3  # F, A and B shown where they were played
    assert screen.locator('#turns tbody tr.selected[data-turn="3"]').count() == 1
    assert fits_width(screen)
    width = screen.viewport_size["width"]
    screenshot(screen, f"scrabble_review_{width}")


def test_a_bad_record_shows_the_replays_error(screen: Any, live_server: str) -> None:
    _review(screen, live_server, PHONIES.replace("+8 8", "+9 9"))
    assert screen.inner_text("#error").startswith("GCG line 5: the move scores 8, the record says +9")
    assert screen.locator("#review").is_hidden()
