"""The word finder in a real browser."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def test_find_words_in_the_browser(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    page.click("#card-words")
    page.fill("#rack", "retains")
    page.click("button[type=submit]")
    page.wait_for_selector("#results tbody tr")
    assert page.inner_text("#summary") == "282 words"
    assert page.inner_text("#results tbody tr:first-child td:first-child") == "RETAINS"
    screenshot(page, "words")


def test_bad_rack_shows_the_reason(page: Any, live_server: str) -> None:
    page.goto(live_server + "/words")
    page.fill("#rack", "ab1")
    page.click("button[type=submit]")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "holds '1'" in page.inner_text("#error")
