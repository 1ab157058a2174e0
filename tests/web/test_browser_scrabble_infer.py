"""Rack inference in a real browser: their last play typed, the library's likeliest leaves and each tile's
chance shown; a simulation drawing their racks from it says so; bad input shown; on a phone by touch."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.infer import kept_after
from lexigrid.web import common
from tests.web.conftest import RECORD_STATUS, fits_width, press, screenshot, wait_for_analysis

pytestmark = pytest.mark.browser

AFTER_ETAS = (
    "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 AEINRST/ 0/16 0"  # they just played 9G ETAS
)


@pytest.fixture(autouse=True)
def roomy_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server (in this process) gets a budget no inference here comes near: every rack is judged."""
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 120.0)


def _infer(tab: Any, live_server: str, play: str) -> None:
    tab.add_init_script(RECORD_STATUS)
    tab.goto(live_server + "/scrabble")
    tab.fill("#cgp", AFTER_ETAS)
    press(tab, "#load")
    wait_for_analysis(tab, AFTER_ETAS)
    tab.fill("#last-play", play)
    press(tab, "#infer")


def _cells(tab: Any, selector: str) -> list[list[str]]:
    return tab.eval_on_selector_all(
        f"{selector} tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )


def test_the_likeliest_leaves_and_tiles_are_the_library_s(page: Any, live_server: str) -> None:
    position = parse_cgp(AFTER_ETAS)
    expected = kept_after(position, "9G ETAS", Engine(load(), position.rules))
    _infer(page, live_server, "9g etas")  # typed in lower case
    page.wait_for_function("document.getElementById('inf-stats').textContent !== ''")
    assert page.inner_text("#inf-title") == "Kept after 9G ETAS, 16 points"
    rows = _cells(page, "#inf-leaves")
    assert [r[1] for r in rows] == [leave.tiles or "(none)" for leave in expected.leaves[:10]]
    assert [r[3] for r in rows] == [f"{leave.equity_loss:.1f}" for leave in expected.leaves[:10]]
    tiles = {tile: p for tile, p in expected.marginals().items() if p > 0}
    assert [r[0] for r in _cells(page, "#inf-tiles")] == list(tiles)
    stats = (
        f"All {expected.racks_checked:,} racks judged, {expected.consistent} consistent with the play, in "
    )
    assert page.inner_text("#inf-stats").startswith(stats)
    page.fill("#rack", "AEINRSS")  # an edit: what was inferred was about the old position
    page.dispatch_event("#rack", "input")
    page.wait_for_function("document.getElementById('inference').hidden")
    screenshot(page, "scrabble-infer")


def test_a_simulation_from_their_last_play_says_so(page: Any, live_server: str) -> None:
    _infer(page, live_server, "9G ETAS")
    page.wait_for_function("document.getElementById('inf-stats').textContent !== ''")
    page.fill("#sim-plays", "2")
    page.fill("#sim-limit", "20")
    page.check("#sim-infer")
    page.click("#simulate")
    page.wait_for_function("document.getElementById('sim-note').textContent !== ''")
    statuses = page.evaluate("window.simStatuses")
    assert "inferring what they kept after 9G ETAS, then simulating…" in statuses, statuses
    drawn = [s for s in statuses if s.startswith("Their racks were drawn from what they may have kept after")]
    assert drawn and drawn[0].endswith(". Simulating…"), statuses  # once inferred, before the first round
    note = page.inner_text("#sim-note")
    assert "Their racks were drawn from what they may have kept after 9G ETAS: " in note
    assert "racks judged), likeliest " in note


def test_bad_input_is_shown(page: Any, live_server: str) -> None:
    _infer(page, live_server, "8D WORD")
    page.wait_for_function("document.getElementById('error').textContent.includes('not on the board')")
    assert page.is_hidden("#inference")
    page.fill("#last-play", "")
    page.check("#sim-infer")
    page.click("#simulate")
    assert "type their last play" in page.inner_text("#error") and page.is_hidden("#sim")


def test_infer_on_a_phone_by_touch(phone: Any, live_server: str) -> None:
    _infer(phone, live_server, "9G ETAS")
    phone.wait_for_function("document.getElementById('inf-stats').textContent !== ''")
    position = parse_cgp(AFTER_ETAS)
    expected = kept_after(position, "9G ETAS", Engine(load(), position.rules))
    assert len(_cells(phone, "#inf-leaves")) == min(10, expected.consistent) and fits_width(phone)
    screenshot(phone, "scrabble-infer-phone")
