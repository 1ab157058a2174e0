"""The endgame solver in a real browser: Solve endgame, the value, the principal variation stepped
through on the board; on a phone-sized screen with every request off the server refused."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.endgame import solve
from tests.scrabble_game.conftest import RACED
from tests.web.conftest import hold_first, release, screenshot, until_held, wait_for_analysis

pytestmark = pytest.mark.browser


def _new_squares(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all(".sq.new", "els => els.map(e => e.dataset.square)"))


def _solve_on_the_page_without_waiting(page: Any, live_server: str) -> None:
    page.goto(live_server + "/scrabble")
    page.fill("#cgp", RACED)
    page.click("#load")
    wait_for_analysis(page, RACED)
    page.click("#solve-endgame")


def _solve_on_the_page(page: Any, live_server: str) -> None:
    _solve_on_the_page_without_waiting(page, live_server)
    page.wait_for_selector("#endgame:not([hidden])")


def test_solve_an_endgame_and_step_through_it(page: Any, live_server: str) -> None:
    position = parse_cgp(RACED)
    solution = solve(position, Engine(load(), position.rules))
    _solve_on_the_page(page, live_server)
    assert page.inner_text("#eg-value") == f"Value {solution.value:+d} · exact"
    rows = page.locator("#eg-pv tbody tr")
    assert rows.count() == len(solution.pv)
    assert [rows.nth(i).locator("td").nth(2).inner_text() for i in range(rows.count())] == [
        s.move.paren for s in solution.pv
    ]
    assert _new_squares(page) == []  # the position as given
    board = position.board.copy()
    for ply, step in enumerate(solution.pv, 1):
        page.click("#eg-forward")
        expected = sorted(f"{r},{c}" for r, c, _ in step.move.squares())
        assert _new_squares(page) == expected, f"ply {ply}: {step.move.paren}"
        for r, c, tile in step.move.squares():
            assert page.inner_text(f".sq[data-square='{r},{c}'] .letter") == tile.upper()
        board.place(step.move)
        assert page.inner_text("#eg-step") == f"ply {ply} of {len(solution.pv)}"
    assert page.is_disabled("#eg-forward")
    first = solution.pv[0].move
    page.click("#eg-start")
    page.click("#eg-forward")
    assert _new_squares(page) == sorted(f"{r},{c}" for r, c, _ in first.squares())
    assert "goes out" in page.inner_text("#eg-end")
    screenshot(page, "scrabble-endgame")


def test_solve_an_endgame_on_a_phone_offline(phone: Any, live_server: str) -> None:
    _solve_on_the_page(phone, live_server)
    assert "exact" in phone.inner_text("#eg-value")
    phone.click("#eg-forward")
    assert len(_new_squares(phone)) == len(parse_cgp(RACED).rack) - 1  # RACED through the board's R
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375  # nothing wider than the screen
    board = phone.eval_on_selector("#board", "e => e.getBoundingClientRect().right")
    assert board <= 375
    screenshot(phone, "scrabble-endgame-phone")


def test_a_hint_in_an_endgame_shows_the_solved_sequence(page: Any, live_server: str) -> None:
    from lexigrid.scrabble.game.game import Game
    from lexigrid.web import scrabble_play as web_play
    from tests.scrabble_game.conftest import at_endgame

    game = at_endgame(Game.new(["human", "equity"], seed=1, lexicon=load()))
    web_play._games[game.id] = game  # the server (in this process) holds the game at the endgame
    page.goto(f"{live_server}/scrabble/play?game={game.id}")
    page.wait_for_function("document.querySelectorAll('#rack .tile').length === 5")
    page.click("#hint")
    page.wait_for_function("document.getElementById('hints').textContent.startsWith('Endgame')")
    text = page.inner_text("#hints")
    assert "Endgame solved: spread +5 for you with best play" in text
    assert "D2 (R)ACED (16)" in text and "6G OR (9), out." in text
    screenshot(page, "scrabble-play-endgame-hint")


def test_an_endgame_solved_for_a_position_left_since_is_not_shown(page: Any, live_server: str) -> None:
    from tests.web.test_browser_scrabble import CGP

    held = hold_first(page, "**/api/scrabble/endgame")
    _solve_on_the_page_without_waiting(page, live_server)
    solve = until_held(page, held)
    page.fill("#cgp", CGP)  # another position, loaded while the endgame is being solved
    page.click("#load")
    wait_for_analysis(page, CGP)
    release(page, solve)  # the old position's endgame, arriving late, is not drawn on the new board
    assert page.is_hidden("#endgame") and page.is_enabled("#solve-endgame")
    assert page.input_value("#cgp") == CGP and page.inner_text("#error") == ""


def test_a_hint_in_a_pre_endgame_shows_the_solver_s_best_play(
    page: Any, live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexigrid.lexicon import Lexicon
    from lexigrid.web import scrabble_play as web_play
    from tests.scrabble.conftest import SMALL_WORDS
    from tests.scrabble_game.test_endgames import _at_pre_endgame

    game = _at_pre_endgame(Lexicon.from_words(sorted(set(SMALL_WORDS))), (5, 0))
    web_play._games[game.id] = game  # the server (in this process) holds the game at the pre-endgame
    # no time limit: the tiny position bounds the solver's work, so the hint is the same on any machine
    monkeypatch.setattr(web_play, "endgame_seconds", lambda requested: None)
    page.goto(f"{live_server}/scrabble/play?game={game.id}")
    page.wait_for_function("document.querySelectorAll('#rack .tile').length === 2")
    assert page.inner_text("#status").startswith("1 tile in the bag · ")  # one tile, not "1 tiles"
    page.click("#hint")
    page.wait_for_function("document.getElementById('hints').textContent.startsWith('Pre-endgame')")
    text = page.inner_text("#hints")
    assert "Pre-endgame (1 in the bag) solved: best J7 S(I)R (3), 16.7 % to win" in text
    assert "0 of 3 scenarios won, 1 drawn. It loses when the bag holds E, T." in text
    screenshot(page, "scrabble-play-pre-endgame-hint")
