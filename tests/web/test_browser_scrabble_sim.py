"""The simulation in a real browser: Simulate fills the table round by round and ends on the library's
leader; Stop ends a long run with the table so far; bad input shown; on a 375 px phone, offline."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.sim import simulate
from lexigrid.web import common
from tests.scrabble.conftest import REFERENCE_BOARD
from tests.scrabble_game.conftest import ENDGAME_BOARD
from tests.web.conftest import screenshot, wait_for_analysis

pytestmark = pytest.mark.browser

CGP = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
SMALL_BAG = ENDGAME_BOARD.replace("/1ID9G1L/1Z12A/14T", "/15/15/15") + " AACDE/ 364/412 0"  # 2 in the bag
# Every status line the page shows, kept as it changes (a round's table can be replaced within a frame).
RECORD_STATUS = """
window.simStatuses = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.simStatuses.push(n.textContent);
  }).observe(document.getElementById("sim-status"), { childList: true, characterData: true, subtree: true });
});
"""


@pytest.fixture(autouse=True)
def roomy_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server (in this process) gets a budget no run here comes near: seeds and counts decide."""
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 120.0)


def _load(page: Any, live_server: str) -> None:
    page.add_init_script(RECORD_STATUS)
    page.goto(live_server + "/scrabble")
    page.fill("#cgp", CGP)
    page.click("#load")
    wait_for_analysis(page, CGP)


def _simulate(page: Any, plays: int, plies: int, limit: int) -> None:
    page.fill("#sim-plays", str(plays))
    page.fill("#sim-plies", str(plies))
    page.fill("#sim-limit", str(limit))
    page.select_option("#sim-unit", "iterations")
    page.click("#simulate")


def _rows(page: Any) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#sim-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )


def test_simulate_fills_the_table_and_ends_on_the_leader(page: Any, live_server: str) -> None:
    position = parse_cgp(CGP)
    expected = simulate(position, Engine(load(), position.rules), plays=4, plies=1, iterations=100, seed=0)
    _load(page, live_server)
    _simulate(page, 4, 1, 100)
    page.wait_for_function("document.getElementById('sim-note').textContent !== ''")
    assert page.is_hidden("#sim-stop") and page.is_enabled("#simulate")
    rows = _rows(page)
    assert [r[1] for r in rows] == [p.move.paren for p in expected.plays]  # the one notation
    assert [int(r[5].replace(",", "")) for r in rows] == [p.iterations for p in expected.plays]
    assert [r[3] for r in rows] == [f"{p.win_pct:.1f}" for p in expected.plays]
    leader = expected.plays[0]
    assert page.inner_text("#sim-status").startswith(
        f"Best: {leader.move.paren} ({leader.win_pct:.1f}% to win)"
    )
    assert page.get_attribute("#sim-table tbody tr:first-child", "class") == "leader"
    statuses = page.evaluate("window.simStatuses")
    assert [s for s in statuses if s.startswith("Leader:")], statuses  # the table was shown while running
    assert page.inner_text("#sim-note").startswith(("Done", "Stopped early"))
    screenshot(page, "scrabble-sim")


def test_stop_ends_a_long_run(page: Any, live_server: str) -> None:
    _load(page, live_server)
    _simulate(page, 10, 2, 100_000)
    page.wait_for_function("document.getElementById('sim-status').textContent.startsWith('Leader:')")
    assert page.is_visible("#sim-stop")
    page.click("#sim-stop")
    page.wait_for_function("document.getElementById('sim-note').textContent !== ''")
    assert page.inner_text("#sim-note") == "Stopped: the table as it stood."
    assert page.inner_text("#sim-status").startswith("Best: ")
    assert all(int(r[5].replace(",", "")) < 100_000 for r in _rows(page))
    assert page.is_hidden("#sim-stop") and page.inner_text("#error") == ""


def test_bad_input_is_shown(page: Any, live_server: str) -> None:
    _load(page, live_server)
    _simulate(page, 0, 1, 10)  # the form refuses it before asking the server
    assert page.evaluate("document.getElementById('sim-plays').validity.valid") is False
    assert page.is_hidden("#sim")
    page.fill("#rack", "")
    _simulate(page, 3, 1, 10)
    page.wait_for_function("document.getElementById('error').textContent.includes('no tiles')")
    assert page.is_hidden("#sim")
    page.fill("#cgp", SMALL_BAG)
    page.click("#load")
    wait_for_analysis(page, SMALL_BAG)  # not the summary of the position loaded before
    _simulate(page, 3, 3, 10)
    page.wait_for_function("document.getElementById('error').textContent.includes('too few for 3 plies')")


def test_simulate_on_a_phone_offline(phone: Any, live_server: str) -> None:
    _load(phone, live_server)
    _simulate(phone, 5, 2, 64)
    phone.wait_for_function("document.getElementById('sim-note').textContent !== ''")
    assert len(_rows(phone)) == 5 and phone.inner_text("#sim-status").startswith("Best: ")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375  # nothing wider than the screen
    screenshot(phone, "scrabble-sim-phone")
