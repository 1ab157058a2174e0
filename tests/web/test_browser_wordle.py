"""Wordle in a real browser: a seeded win by the on-screen keyboard, keyboard-only play, the assistant."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.wordle import format_reply, original, parse_reply, reply_for, reply_table
from lexigrid.wordle.assistant import replay
from lexigrid.wordle.token import answer_of
from tests.web.conftest import (
    fits_width,
    hold_first,
    in_view,
    press,
    release,
    screenshot,
    until_held,
    wait_idle,
)

pytestmark = pytest.mark.browser
COLOURS = {"G": "green", "Y": "yellow", ".": "grey"}


def _answer(seed: int) -> str:
    return answer_of(f"seed-{seed}", reply_table(original()))


def _row_colours(page: Any, row: int) -> str:
    classes = page.eval_on_selector_all(
        f"#board .row:nth-child({row}) .cell", "cells => cells.map(c => c.className)"
    )
    return "".join(next(k for k, v in COLOURS.items() if v in c.split()) for c in classes)


def test_win_a_seeded_game_with_the_on_screen_keyboard(page: Any, live_server: str) -> None:
    answer = _answer(7)
    opener = "CRANE" if answer != "CRANE" else "SLOTH"
    page.goto(live_server + "/wordle?seed=7")
    page.wait_for_selector("#keyboard .key")
    assert answer not in page.content()  # the answer stays on the server
    for word in (opener, answer):
        for letter in word:
            page.click(f"#keyboard [data-key={letter}]")
        page.click("#keyboard [data-key=Enter]")
    page.wait_for_selector("#result:not([hidden])")
    assert _row_colours(page, 1) == format_reply(reply_for(opener, answer), 5)
    assert _row_colours(page, 2) == "GGGGG"
    assert page.inner_text("#outcome") == "Solved in 2!"
    share = page.input_value("#share")
    assert share.startswith("lexigrid Wordle #7 2/6") and share.count("\n") == 2
    screenshot(page, "wordle-won")


def test_keys_typed_while_a_guess_is_checked_are_kept(page: Any, live_server: str) -> None:
    answer = _answer(7)
    opener = "CRANE" if answer != "CRANE" else "SLOTH"
    held = hold_first(page, "**/api/wordle/guess")  # the opener's reply comes after the next word is typed
    page.goto(live_server + "/wordle?seed=7")
    page.wait_for_selector("#keyboard .key")
    page.keyboard.type(opener.lower())
    page.keyboard.press("Enter")
    first = until_held(page, held)
    page.keyboard.type(answer.lower())  # a fast typist: the next guess, before the first is answered
    page.keyboard.press("Enter")
    release(page, first)
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#outcome") == "Solved in 2!"
    assert _row_colours(page, 1) == format_reply(reply_for(opener, answer), 5)


def test_keyboard_only_play_and_refusals(page: Any, live_server: str) -> None:
    answer = _answer(11)
    page.goto(live_server + "/wordle?seed=11")
    page.wait_for_selector("#keyboard .key")
    page.keyboard.type("qzxvj")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('message').textContent.includes('not in the word list')")
    for _ in range(5):
        page.keyboard.press("Backspace")
    guesses = ["SLATE", "PRICK", answer]
    for word in guesses:
        page.keyboard.type(word.lower())
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('#board .cell.green, #board .cell.yellow, #board .cell.grey')"
            ".length >= n",
            arg=5 * (guesses.index(word) + 1),
        )
        if word == answer:
            break
    won_at = guesses.index(answer) + 1
    for row, word in enumerate(guesses[:won_at], start=1):
        assert _row_colours(page, row) == format_reply(reply_for(word, answer), 5)
    page.wait_for_selector("#result:not([hidden])")
    key_class = page.get_attribute(f"#keyboard [data-key={answer[0]}]", "class") or ""
    assert "green" in key_class
    screenshot(page, "wordle-keyboard")


def test_hard_mode_refuses_a_guess_that_drops_a_revealed_letter(page: Any, live_server: str) -> None:
    answer = _answer(3)
    first = next(w for w in ("CRANE", "SLATE", "PIOUS") if reply_for(w, answer) != 0 and w != answer)
    kept = set(first) & set(answer)
    page.goto(live_server + "/wordle?seed=3&hard=1")
    page.wait_for_selector("#keyboard .key")
    page.keyboard.type(first)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .row:nth-child(1) .cell.grey, #board .row:nth-child(1) .cell.green")
    dropper = next(w for w in ("BUMPY", "WOMBS", "GUMBO", "DITZY") if not set(w) & kept)
    page.keyboard.type(dropper)
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('hard mode')")


def test_assistant_lists_candidates_and_suggestions(page: Any, live_server: str) -> None:
    held = hold_first(page, "**/api/wordle/suggest*")  # the page's own first answer (no guesses) comes late
    page.goto(live_server + "/wordle/assistant")
    page.fill("#word", "crane")
    page.click("#add")
    page.click("#rows .row .cell:nth-child(3)")  # grey -> yellow
    for _ in range(2):
        page.click("#rows .row .cell:nth-child(5)")  # grey -> yellow -> green
    page.click("#ask")
    candidates, _ = replay(reply_table(original()), [("CRANE", parse_reply("..Y.G"))])
    expected = f"{len(candidates)} candidates"
    page.wait_for_function("text => document.getElementById('count').textContent === text", arg=expected)
    release(page, until_held(page, held))  # and changes nothing
    assert page.inner_text("#count") == expected
    assert page.locator("#suggestions tbody tr").count() == 10
    screenshot(page, "wordle-assistant")


def test_assistant_refuses_unknown_words_and_shows_no_stale_answer(screen: Any, live_server: str) -> None:
    """ZZZZZ is refused when added; a refusal goes once a word is taken; an impossible position shows no
    candidates (it kept the last answer's 2,315)."""
    width = screen.viewport_size["width"]
    table = reply_table(original())
    screen.goto(live_server + "/wordle/assistant")
    screen.wait_for_function("document.getElementById('count').textContent === '2315 candidates'")
    screen.fill("#word", "zzzzz")
    screen.click("#add")
    screen.wait_for_function("document.getElementById('error').textContent.includes('not in the word list')")
    assert screen.locator("#rows .row").count() == 0 and screen.input_value("#word") == "zzzzz"
    screen.fill("#word", "crane")
    screen.click("#add")
    screen.wait_for_selector("#rows .row")
    assert screen.inner_text("#error") == ""  # the refusal of ZZZZZ is gone with the word taken
    screen.click("#ask")
    grey, _ = replay(table, [("CRANE", parse_reply("....."))])
    screen.wait_for_function(
        "n => document.getElementById('count').textContent === n", arg=f"{len(grey)} candidates"
    )
    screen.fill("#word", "crane")
    screen.click("#add")
    screen.wait_for_selector("#rows .row:nth-child(2)")
    for _ in range(2):
        screen.click(
            "#rows .row:nth-child(2) .cell:nth-child(1)"
        )  # grey -> yellow -> green: C both out and in
    screen.click("#ask")
    screen.wait_for_function("document.getElementById('error').textContent.includes('impossible')")
    wait_idle(screen)
    assert screen.inner_text("#count") == "Candidates" and screen.inner_text("#candidates") == ""
    assert screen.locator("#suggestions tbody tr").count() == 0 and fits_width(screen)
    screenshot(screen, f"wordle-assistant-impossible-{width}")


def _key_boxes(page: Any, row: int) -> list[dict[str, float]]:
    return [k.bounding_box() for k in page.locator(f"#keyboard .keys:nth-child({row}) .key").all()]


def test_the_whole_playing_surface_shows_at_once_and_every_key_is_usable(
    screen: Any, live_server: str
) -> None:
    """At 390x844 the keyboard sat below the fold and its bottom row's letters were ~12 px wide."""
    width = screen.viewport_size["width"]
    answer = _answer(7)
    opener = "CRANE" if answer != "CRANE" else "SLOTH"
    screen.goto(live_server + "/wordle?seed=7")
    screen.wait_for_selector("#keyboard .key")
    assert in_view(screen, "#board") and in_view(screen, "#keyboard") and fits_width(screen)
    top, middle, bottom = (_key_boxes(screen, row) for row in (1, 2, 3))
    letter = top[0]["width"]
    assert letter >= 28 and min(k["height"] for k in top + middle + bottom) >= 40  # a finger's size
    for key in top + middle + bottom[1:-1]:  # every letter key as wide as Q
        assert abs(key["width"] - letter) < 1.5
    assert bottom[0]["width"] > letter and bottom[-1]["width"] > letter  # Enter and Backspace wider
    screenshot(screen, f"wordle-fold-{width}", full_page=False)
    for word in (opener, answer):
        for ch in word:
            press(screen, f"#keyboard [data-key={ch}]")
        press(screen, "#keyboard [data-key=Enter]")
    screen.wait_for_selector("#result:not([hidden])")
    assert _row_colours(screen, 2) == "GGGGG" and in_view(screen, "#board")
