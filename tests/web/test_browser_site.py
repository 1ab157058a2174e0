"""Every page in a real browser: no sideways scroll at phone width, no console error, the API docs
offline, the Scrabble move log whole on a laptop screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import fits_width, local_only_tab, screenshot

pytestmark = pytest.mark.browser

PAGES = (
    "/",
    "/wordle",
    "/wordle/assistant",
    "/letterboxed",
    "/qless",
    "/qless/play",
    "/scrabble",
    "/scrabble/play",
    "/words",
)
READY = {
    "/scrabble/play": "#rack .tile",
    "/scrabble": ".sq[data-square='7,7']",
}


@pytest.fixture
def phone390(browser: Any, live_server: str) -> Iterator[Any]:
    """A 390 px wide page (the width the issue measured) that may reach only the local server.

    Not `is_mobile`: a mobile viewport widens itself to fit the content, which hides the overflow.
    """
    viewport = {"width": 390, "height": 844}
    with local_only_tab(browser, live_server, viewport=viewport, has_touch=True) as (tab, _):
        yield tab


def _visit(tab: Any, url: str, path: str) -> list[str]:
    """Open a page, wait until it has drawn, and return its console errors."""
    errors: list[str] = []
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(url + path)
    tab.wait_for_load_state("networkidle")
    if path in READY:
        tab.wait_for_selector(READY[path])
    return errors


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_at_phone_width(phone390: Any, live_server: str, path: str) -> None:
    errors = _visit(phone390, live_server, path)
    screenshot(phone390, "phone390" + path.replace("/", "-"))
    widths = phone390.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{path} is {widths[0]} px wide on a {widths[1]} px screen"
    assert errors == []  # the favicon too: no 404 in the console


def test_the_api_docs_render_with_no_network(phone390: Any, live_server: str) -> None:
    phone390.goto(live_server + "/api/docs")
    phone390.wait_for_selector(".swagger-ui .opblock")  # the operations, drawn by Swagger UI's own script
    assert phone390.locator(".swagger-ui .opblock").count() > 10


def test_the_api_docs_say_what_each_route_does(screen: Any, live_server: str) -> None:
    spec = screen.request.get(live_server + "/api/openapi.json").json()["paths"]
    summaries = sorted(op["summary"] for ops in spec.values() for op in ops.values())
    screen.goto(live_server + "/api/docs")
    screen.wait_for_selector(".swagger-ui .opblock")
    shown = screen.locator(".swagger-ui .opblock .opblock-summary-description").all_inner_texts()
    assert sorted(shown) == summaries and all(shown)  # one line of what it does beside every route
    screenshot(screen, f"api-docs-{screen.viewport_size['width']}")


def test_the_scrabble_move_log_shows_every_column_at_1280(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    saved_before = tab.request.get(live_server + "/api/scrabble/games").json()["games"]
    tab.goto(live_server + "/scrabble/play")
    tab.wait_for_selector("#rack .tile")
    saved_after = tab.request.get(live_server + "/api/scrabble/games").json()["games"]
    assert saved_after == saved_before  # a visit saves no empty game: a game is saved on its first move
    box = tab.locator(".scroll:has(#log)").bounding_box()
    last = tab.locator("#log th").last.bounding_box()
    context.close()
    assert box is not None and last is not None
    assert last["x"] + last["width"] <= box["x"] + box["width"] + 0.5, "the log's last column is cut off"


def test_a_mistyped_address_shows_a_page_with_the_way_back(screen: Any, live_server: str) -> None:
    width = screen.viewport_size["width"]
    response = screen.goto(live_server + "/qles")
    assert response.status == 404 and response.headers["content-type"].startswith("text/html")
    assert screen.inner_text("#error-title") == "Page not found"
    assert screen.inner_text("#error-message") == "There is no page at /qles."
    assert fits_width(screen)
    screenshot(screen, f"not-found-{width}")
    screen.click("main a[href='/qless']")
    screen.wait_for_selector("#boxes input")  # the page the player meant
