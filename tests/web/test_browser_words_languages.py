"""The word finder in Catalan, on a laptop (1280 px) and a phone (390 px, touch): the hand lexicon added in
the test (tests/web/conftest.py), L·L typed from the pad or with its aliases, the words shown in labels."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import fits_width, press, screenshot, wait_idle, width

pytestmark = pytest.mark.browser


def _rows(screen: Any) -> list[str]:
    return screen.eval_on_selector_all(
        "#results tbody tr td:first-child", "cells => cells.map((c) => c.textContent)"
    )


def test_words_from_a_catalan_rack_typed_by_pad_and_by_alias(
    screen: Any, live_server: str, catalan_lexicon: str
) -> None:
    screen.goto(f"{live_server}/words")
    wait_idle(screen)
    screen.select_option("#lexicon", catalan_lexicon.lower())
    screen.wait_for_selector("#pad .padkey.multi")
    wait_idle(screen)
    pad = screen.eval_on_selector_all("#pad .padkey", "keys => keys.map((k) => k.textContent)")
    assert pad == [
        "Ç",
        "L·L",
        "NY",
        "QU",
        "?",
    ]  # the tiles a keyboard lacks, in the alphabet's order, a blank
    assert "L·L as L.L or W" in screen.inner_text("#typing")
    press(screen, "#rack")
    screen.locator("#rack").press_sequentially("AAPS")
    press(screen, "#pad .padkey[aria-label='L·L']")
    press(screen, "#pad .padkey[aria-label='blank']")
    assert screen.input_value("#rack") == "AAPSL·L?"
    press(screen, "button[type=submit]")
    screen.wait_for_selector("#results tbody tr")
    wait_idle(screen)
    api = httpx.get(
        f"{live_server}/api/words/find", params={"rack": "AAL·LPS?", "lexicon": catalan_lexicon}
    ).json()
    assert _rows(screen) == [w["shown"] for w in api["words"]] and "PAL·LA" in _rows(screen)
    assert screen.inner_text("#summary") == f"{api['count']} words"
    assert fits_width(screen)
    screenshot(screen, f"words-catalan-{width(screen)}")
    screen.fill("#rack", "aawps?")  # W is how players type L·L on a keyboard
    press(screen, "button[type=submit]")
    screen.wait_for_function("document.getElementById('summary').textContent !== ''")
    wait_idle(screen)
    assert _rows(screen) == [w["shown"] for w in api["words"]]


def test_a_letter_outside_the_alphabet_is_named(screen: Any, live_server: str, catalan_lexicon: str) -> None:
    screen.goto(f"{live_server}/words?lexicon={catalan_lexicon}")
    screen.wait_for_selector("#pad .padkey.multi")
    screen.fill("#rack", "AA-")
    press(screen, "button[type=submit]")
    screen.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "holds '-'" in screen.inner_text("#error") and "catalan alphabet" in screen.inner_text("#error")
    screen.select_option("#lexicon", "nwl")
    screen.wait_for_function("document.getElementById('pad').hidden")
    assert screen.inner_text("#typing") == ""
