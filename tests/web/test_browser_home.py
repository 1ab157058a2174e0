"""The home page in a real browser: a card per game, each leading to a working page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def test_home_page_leads_to_the_four_games(page: Any, live_server: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server + "/")
    screenshot(page, "home")
    for game, ready in (
        ("wordle", "#keyboard .key"),
        ("letterboxed", "svg .lb-letter"),
        ("qless", "#boxes input"),
        ("scrabble", ".sq[data-square='7,7']"),
    ):
        page.goto(live_server + "/")
        page.click(f"#card-{game}")
        page.wait_for_selector(ready)
        assert page.url.rstrip("/").endswith(f"/{game}")
    assert errors == []  # no script error on any page
