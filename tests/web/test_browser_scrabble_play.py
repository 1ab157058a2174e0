"""The Scrabble game page in a real browser, on a laptop (1280 px) and a phone (390 px, touch)."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import httpx
import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis import chooser
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.game.view import View
from lexigrid.web.scrabble_play import WEB_CLOCK_MINUTES
from tests.web.conftest import (
    finish,
    fits_width,
    held_simulation,
    hold_first,
    press,
    release,
    screenshot,
    thinking_until,
    until_held,
    wait_idle,
    width,
)

pytestmark = pytest.mark.browser


def _open_game(screen: Any, live_server: str, seed: int, **options: Any) -> dict[str, Any]:
    """A seeded game against the computer, opened on the page; its state as the API gives it."""
    game_id = httpx.post(f"{live_server}/api/scrabble/games", json={"seed": seed, **options}).json()["id"]
    screen.goto(f"{live_server}/scrabble/play?game={game_id}")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    state: dict[str, Any] = httpx.get(f"{live_server}/api/scrabble/games/{game_id}").json()
    return state


def _best_move(state: dict[str, Any]) -> Move:
    """The person's best placement by equity that uses no blank (a typed letter takes the rack's tile)."""
    position = parse_cgp(state["cgp"])
    found = Engine(load(), position.rules).moves(position).top(None, "equity", placements_only=True)
    return next(m for m in found if "?" not in m.tiles_used)


def _type_move(screen: Any, move: Move) -> None:
    """Place a move's tiles with the keyboard: click each square, type its letter."""
    for r, c, tile in move.squares():
        screen.click(f".sq[data-square='{r},{c}']")
        screen.keyboard.type(tile)


def test_the_page_never_shows_the_computers_rack(screen: Any, live_server: str) -> None:
    from lexigrid.web import scrabble_play as web_play

    state = _open_game(screen, live_server, seed=5, level="score")
    _type_move(screen, _best_move(state))
    screen.click("#play")
    screen.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    wait_idle(screen)
    game = web_play._games[state["id"]]
    computer_row = screen.locator("#log tbody tr").nth(1).locator("td").all_inner_texts()
    assert computer_row[0] == "Computer" and computer_row[1] == ""  # its rack column is empty
    racks = {t.rack for t in View.full(game).turns() if t.player == 1} | {game.racks[1]}
    text = screen.inner_text("main")
    assert racks and not any(rack in text for rack in racks)
    last = screen.locator("#log tbody tr").nth(1).locator("td").all_inner_texts()[4]
    assert int(last) == game.scores[1]
    screenshot(screen, f"scrabble-play-hidden-rack-{width(screen)}")


def test_resume_and_delete_saved_games(screen: Any, live_server: str) -> None:
    api = f"{live_server}/api/scrabble/games"
    ids = [httpx.post(api, json={"seed": seed, "level": "score"}).json()["id"] for seed in (31, 32)]
    for game_id in ids:
        httpx.post(f"{api}/{game_id}/move", json={"action": "-"})  # played: saved
    screen.goto(f"{live_server}/scrabble/play")  # a new game, not played: not among the saved ones
    screen.wait_for_selector(f"#saved li[data-game='{ids[1]}']", state="attached")
    wait_idle(screen)
    opened = screen.evaluate("game.id")
    assert screen.locator(f"#saved li[data-game='{opened}']").count() == 0
    assert "saved from your first move" in screen.inner_text("#status")
    assert screen.locator("#review-game").is_hidden()  # a game on: nothing to review yet
    press(screen, "#saved-games summary")
    delete = f"#saved li[data-game='{ids[0]}'] button.danger"
    screen.once("dialog", lambda dialog: dialog.dismiss())  # changed my mind: nothing goes
    press(screen, delete)
    wait_idle(screen)
    assert httpx.get(f"{live_server}/api/scrabble/games/{ids[0]}").status_code == 200
    screen.once("dialog", lambda dialog: dialog.accept())
    press(screen, delete)
    screen.wait_for_selector(f"#saved li[data-game='{ids[0]}']", state="detached")
    assert httpx.get(f"{live_server}/api/scrabble/games/{ids[0]}").status_code == 404
    screenshot(screen, f"scrabble-play-saved-games-{width(screen)}")
    press(screen, f"#saved li[data-game='{ids[1]}'] button:has-text('Resume')")
    screen.wait_for_function("id => game && game.id === id", arg=ids[1])
    assert "saved after every move" in screen.inner_text("#status")
    assert screen.locator(f"#saved li[data-game='{ids[1]}'] button", has_text="This game").is_disabled()


def test_a_finished_game_says_who_won_and_offers_no_move(screen: Any, live_server: str) -> None:
    from lexigrid.web import scrabble_play as web_play

    api = f"{live_server}/api/scrabble/games"
    game_id = httpx.post(api, json={"seed": 40, "level": "score"}).json()["id"]
    with web_play._playing(game_id) as game:
        finish(game)  # the person goes out: an empty rack
    screen.goto(f"{live_server}/scrabble/play?game={game_id}")
    screen.wait_for_function("() => game && game.over")
    wait_idle(screen)
    assert screen.inner_text("#status") == "Game over: You win 433–341 (You went out)."
    assert screen.locator("#rack .tile").count() == 0
    for button in ("#play", "#recall", "#shuffle", "#exchange", "#pass", "#hint"):
        assert screen.locator(button).is_disabled(), button
    rows = screen.locator("#log tbody tr")
    assert rows.count() == len(game.turns)
    computer_racks = [r.locator("td").nth(1).inner_text() for r in rows.all() if "Computer" in r.inner_text()]
    assert all(computer_racks)  # the game is over: the whole record, racks and all
    assert screen.locator("#review-game").is_visible()  # the record is saved: the review can read it
    assert screen.get_attribute("#review-link", "href") == f"/scrabble/review?game={game_id}"
    screenshot(screen, f"scrabble-play-over-{width(screen)}")


def test_a_move_out_holds_the_buttons_and_an_exchange_clears_its_box(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=41, level="score")
    rack = state["players"][0]["rack"]
    held = hold_first(screen, "**/api/scrabble/games/*/move")
    screen.fill("#exchange-tiles", rack[:2])
    press(screen, "#exchange")
    route = until_held(screen, held)
    for button in ("#play", "#exchange", "#pass", "#hint"):
        assert screen.locator(button).is_disabled(), button  # one move at a time
    release(screen, route)
    assert screen.input_value("#exchange-tiles") == ""  # those letters are spent
    assert not screen.locator("#play").is_disabled() and screen.locator("#log tbody tr").count() == 2
    assert screen.locator("#log tbody tr").first.locator("td").nth(2).inner_text() == f"exchanges {rack[:2]}"
    press(screen, "#exchange")  # an empty box is not a pass
    assert "type the tiles to exchange" in screen.inner_text("#error")
    assert screen.locator("#log tbody tr").count() == 2


def test_the_page_says_the_computer_is_thinking_until_it_has_moved(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=41, level="score")
    held = hold_first(screen, "**/api/scrabble/games/*/move")
    press(screen, "#pass")
    route = until_held(screen, held)
    assert re.fullmatch(r"Computer is thinking… \d+ s", screen.inner_text("#hints"))
    release(screen, route)
    reply = httpx.get(f"{live_server}/api/scrabble/games/{state['id']}").json()["moves"][-1]
    assert reply["player"] == 1 and screen.inner_text("#hints").startswith("Computer ")
    assert "thinking" not in screen.inner_text("#hints")  # its move is told instead


def test_a_hint_after_their_placement_says_what_they_likely_kept(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=41, level="score")
    press(screen, "#pass")
    wait_idle(screen)
    reply = httpx.get(f"{live_server}/api/scrabble/games/{state['id']}").json()["moves"][-1]
    assert reply["player"] == 1 and reply["kind"] == "place"
    press(screen, "#hint")
    screen.wait_for_function("document.getElementById('hints').textContent.includes('likely kept')")
    shown = screen.inner_text("#hints")
    assert shown.startswith("Best: ") and f" · They likely kept after {reply['paren']}: " in shown
    assert fits_width(screen)


REPORT = {  # what the thinking route answers for a simulating computer (tests/web/test_api_sim.py)
    "player": 1,
    "task": "simulating 15 plays, 2 plies deep",
    "elapsed": 4.0,
    "budget": 22.9,
    "clock_left": 280.0,
    "leader": {
        "win_pct": 54.34,
        "iterations": 1230,
        "confidence": 0.913,
        "tied": 2,
        "said": "54.3 % (1,230 play-outs, 91 % sure, 2 tied)",
    },
}
DRAWN = (
    r"Computer is simulating 15 plays, 2 plies deep — \d+ s of 23 s · best so far 54\.3 % "
    r"\(1,230 play-outs, 91 % sure, 2 tied\) · clock 4:\d\d left"
)


def test_while_the_computer_moves_the_page_draws_what_it_reports(screen: Any, live_server: str) -> None:
    """The page asks the thinking route while the move is out and draws the report as the terminal's line
    (a canned report: what the server reports is the API test's)."""
    _open_game(screen, live_server, seed=41, level="score")
    screen.route("**/api/scrabble/games/*/thinking", lambda route: route.fulfill(json={"thinking": REPORT}))
    held = hold_first(screen, "**/api/scrabble/games/*/move")
    press(screen, "#pass")
    route = until_held(screen, held)
    screen.wait_for_function("document.getElementById('hints').textContent.includes('simulating')")
    assert re.fullmatch(DRAWN, screen.inner_text("#hints")) and fits_width(screen)
    screenshot(screen, f"scrabble-play-thinking-{width(screen)}")
    release(screen, route)
    assert "simulating" not in screen.inner_text("#hints")  # its move is told instead


def test_when_the_computer_starts_the_page_shows_the_board_while_it_thinks(
    screen: Any, live_server: str
) -> None:
    """A new game the computer starts is shown at once, and the computer's move is asked for next, so the
    page can show what it is doing (it knows the game's id now)."""
    screen.goto(f"{live_server}/scrabble/play")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    screen.select_option("#level", "score")
    screen.check("#computer-first")
    held = hold_first(screen, "**/api/scrabble/games/*/computer")
    press(screen, "#new-game")
    route = until_held(screen, held)
    assert re.fullmatch(r"Computer is thinking… \d+ s", screen.inner_text("#hints"))
    assert screen.locator("#rack .tile").count() == 7 and screen.locator("#log tbody tr").count() == 0
    assert screen.locator("#pass").is_disabled() and screen.locator("#computer-move").is_hidden()
    release(screen, route)
    assert screen.locator("#log tbody tr").count() == 1 and screen.inner_text("#hints").startswith(
        "Computer "
    )
    assert not screen.locator("#pass").is_disabled()


def test_when_the_computer_s_move_fails_the_page_lets_it_try_again(
    screen: Any, live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server runs in this process: its forked move is made to fail once."""
    from lexigrid.budget import BudgetExceeded
    from lexigrid.web import common

    _open_game(screen, live_server, seed=41, level="score")

    def over(*args: Any, seconds: float, **kwargs: Any) -> Any:
        raise BudgetExceeded(f"stopped after the {seconds:g} s time budget")

    with monkeypatch.context() as patch:
        patch.setattr(common, "call_with_budget", over)
        press(screen, "#pass")
        screen.wait_for_selector("#computer-move", state="visible")
        wait_idle(screen)
    assert "the computer's move was stopped" in screen.inner_text("#error") and fits_width(screen)
    screenshot(screen, f"scrabble-play-retry-{width(screen)}", full_page=False)
    assert (
        screen.locator("#log tbody tr").count() == 1 and screen.locator("#pass").is_disabled()
    )  # the pass stands
    press(screen, "#computer-move")
    screen.wait_for_selector("#computer-move", state="hidden")
    wait_idle(screen)
    assert screen.locator("#log tbody tr").count() == 2 and screen.inner_text("#error") == ""
    assert not screen.locator("#pass").is_disabled() and screen.inner_text("#hints").startswith("Computer ")


def test_a_page_opened_while_the_computer_moves_shows_its_thinking_then_its_move(
    screen: Any, live_server: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Opened (or reloaded) mid-move, the page does not wait for the move to load: it shows the game, the
    computer's thinking, then its move. The server runs in this process, so its forked move runs a stand-in
    simulation that reports a round and waits for the test."""
    go_on = tmp_path / "go-on"
    monkeypatch.setattr(chooser, "simulate", held_simulation(go_on, tmp_path / "candidate"))
    request = {"level": "sim", "seed": 3, "clock_minutes": 10}
    game_id = httpx.post(f"{live_server}/api/scrabble/games", json=request).json()["id"]
    move = f"{live_server}/api/scrabble/games/{game_id}/move"
    mover = threading.Thread(target=lambda: httpx.post(move, json={"action": "-"}, timeout=120))
    mover.start()
    try:
        # a page opened before the person's move reached the server would show the game as it was
        thinking = f"{live_server}/api/scrabble/games/{game_id}/thinking"
        thinking_until(httpx.get, thinking, lambda reply: reply["moving"])
        screen.goto(f"{live_server}/scrabble/play?game={game_id}")
        screen.wait_for_function("document.getElementById('hints').textContent.includes('best so far')")
        assert screen.locator("#log tbody tr").count() == 1 and screen.locator("#pass").is_disabled()
        assert screen.locator("#computer-move").is_hidden()  # the move is out: nothing to retry
    finally:
        go_on.touch()
        mover.join()
    screen.wait_for_function("document.querySelectorAll('#log tbody tr').length === 2")
    wait_idle(screen)
    assert not screen.locator("#pass").is_disabled() and screen.inner_text("#hints").startswith(
        "Computer played"
    )


def test_a_new_game_started_while_a_move_is_out_is_playable_at_once(screen: Any, live_server: str) -> None:
    """The move out belongs to the game left: the new game's buttons work, and the old move's answer,
    when it comes, changes nothing on the page."""
    first = _open_game(screen, live_server, seed=41, level="score")
    held = hold_first(screen, "**/api/scrabble/games/*/move")
    press(screen, "#pass")
    route = until_held(screen, held)
    press(screen, "#new-game")
    screen.wait_for_function(f"game.id !== {first['id']!r}")  # (the page is busy: the held move is out)
    screen.wait_for_function("!document.getElementById('pass').disabled")  # its buttons work at once
    assert "thinking" not in screen.inner_text("#hints")
    fresh = screen.evaluate("game.id")
    release(screen, route)
    assert screen.evaluate("game.id") == fresh and screen.locator("#log tbody tr").count() == 0
    assert not screen.locator("#pass").is_disabled()


def test_the_moves_table_fits_beside_the_board(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=5, level="score")
    _type_move(screen, _best_move(state))
    press(screen, "#play")
    screen.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    table = screen.locator("#log")
    assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")  # no column cut off
    assert fits_width(screen)
    if width(screen) == 1280:  # beside the board, with no wide gap between them
        board = screen.locator("#board").bounding_box()
        panel = screen.locator(".scrabble-layout > section").nth(1).bounding_box()
        assert 0 < panel["x"] - (board["x"] + board["width"]) <= 40
    screenshot(screen, f"scrabble-play-moves-{width(screen)}")


# --- touch: tap a tile then a square, tap a square then tiles, drag; the keyboard tests are above --------


def _rack_tile(letter: str) -> str:
    """The selector of the first rack tile with this letter ('?' a blank)."""
    return f"#rack button[data-tile='{letter}'] >> nth=0"


def _square(r: int, c: int) -> str:
    return f".sq[data-square='{r},{c}']"


def _placed(screen: Any) -> list[list[Any]]:
    """The tiles placed on the page this turn: row, column, letter, blank."""
    found: list[list[Any]] = screen.evaluate("placed.map((p) => [p.row, p.col, p.tile, p.blank])")
    return found


def _play_and_check(screen: Any, live_server: str, state: dict[str, Any], move: Move) -> None:
    """Play what is placed; the game records the move."""
    press(screen, "#play")
    screen.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    after = httpx.get(f"{live_server}/api/scrabble/games/{state['id']}").json()
    assert after["moves"][0]["notation"] == move.notation


def test_tap_a_tile_then_a_square(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=5, level="score")
    move = _best_move(state)
    for r, c, tile in move.squares():
        press(screen, _rack_tile(tile))
        assert screen.locator("#rack .picked").inner_text().startswith(tile)
        press(screen, _square(r, c))
    assert sorted(_placed(screen)) == sorted([r, c, t, False] for r, c, t in move.squares())
    assert screen.locator(".sq.new").count() == len(move.squares())
    screenshot(screen, f"scrabble-play-tapped-{width(screen)}")
    _play_and_check(screen, live_server, state, move)


def test_tap_a_square_then_the_tiles_of_the_word(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=5, level="score")
    move = _best_move(state)
    squares = sorted(move.squares())
    first = squares[0]
    press(screen, _square(first[0], first[1]))  # the arrow there, across
    if move.down:
        press(screen, _square(first[0], first[1]))  # a second tap turns it down
    assert screen.locator(".sq.cursor").get_attribute("data-arrow") == ("↓" if move.down else "→")
    for _, _, tile in squares:
        press(screen, _rack_tile(tile))
    assert sorted(_placed(screen)) == sorted([r, c, t, False] for r, c, t in squares)
    press(screen, _square(first[0], first[1]))  # a tile placed this turn, tapped: back to the rack
    assert len(_placed(screen)) == len(squares) - 1 and screen.locator("#rack .rtile").count() == 8 - len(
        squares
    )
    press(screen, _rack_tile(first[2]))  # the arrow is on its square again: it goes back there
    _play_and_check(screen, live_server, state, move)


def test_a_blank_takes_the_letter_picked_on_screen(screen: Any, live_server: str) -> None:
    _open_game(screen, live_server, seed=6, level="score")  # the rack holds a blank
    press(screen, _rack_tile("?"))
    press(screen, _square(7, 7))
    assert screen.locator("#blank-picker").is_visible() and _placed(screen) == []
    press(screen, "#blank-picker [data-key='Escape']")  # cancelled: nothing placed, the blank on the rack
    assert screen.locator("#blank-picker").is_hidden() and screen.locator(_rack_tile("?")).count() == 1
    press(screen, _square(7, 7))  # the arrow on the centre, then the blank, then its letter
    press(screen, _rack_tile("?"))
    press(screen, "#blank-picker [data-key='Q']")
    assert _placed(screen) == [[7, 7, "Q", True]] and screen.locator(_rack_tile("?")).count() == 0
    assert screen.locator(f"{_square(7, 7)}.blank").inner_text() == "Q"
    screenshot(screen, f"scrabble-play-blank-{width(screen)}")


def _touch_drag(screen: Any, source: str, target: str) -> None:
    """Drag with a finger: touch events straight into Chromium (Playwright has tap, but no touch drag), a
    finger's pace given by the events' own timestamps (a flick would start a fling, and Chromium swallows
    the next tap to stop a fling), resting on the target before it lifts."""
    start, end = (screen.locator(s).bounding_box() for s in (source, target))
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    path = [(x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6) for k in range(7)] + [(x1, y1)] * 3
    now = time.time()
    cdp = screen.context.new_cdp_session(screen)
    for i, (x, y) in enumerate(path):
        kind = "touchStart" if i == 0 else "touchMove"
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y}], "timestamp": now + i / 10},
        )
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": now + len(path) / 10}
    )
    cdp.detach()


def test_drag_a_tile_onto_the_board(screen: Any, live_server: str) -> None:
    state = _open_game(screen, live_server, seed=5, level="score")
    move = _best_move(state)
    for r, c, tile in move.squares():
        if width(screen) < 600:
            _touch_drag(screen, _rack_tile(tile), _square(r, c))
        else:
            screen.locator(_rack_tile(tile)).drag_to(screen.locator(_square(r, c)))
        wait_idle(screen)
    assert sorted(_placed(screen)) == sorted([r, c, t, False] for r, c, t in move.squares())
    assert screen.locator(".rtile.dragging").count() == 0  # the tile in the finger's place is gone
    _play_and_check(screen, live_server, state, move)


def test_the_analysis_board_is_edited_with_the_letters_on_screen(screen: Any, live_server: str) -> None:
    screen.goto(live_server + "/scrabble")
    screen.wait_for_selector(_square(7, 7))
    wait_idle(screen)
    press(screen, _square(7, 6))
    for key in "ZAX":
        press(screen, f"#pad [data-key='{key}']")
    assert screen.input_value("#cgp").split()[0].split("/")[7] == "6ZAX6"
    press(screen, "#pad [data-key='*']")  # the X just placed becomes a blank
    assert screen.input_value("#cgp").split()[0].split("/")[7] == "6ZAx6"
    press(screen, "#pad [data-key='Backspace']")
    assert screen.input_value("#cgp").split()[0].split("/")[7] == "6ZA7"
    press(screen, _square(6, 7))  # down from the A's square above it
    press(screen, _square(6, 7))
    press(screen, "#pad [data-key='B']")
    rows = screen.input_value("#cgp").split()[0].split("/")
    assert rows[6] == "7B7" and rows[7] == "6ZA7"
    screenshot(screen, f"scrabble-analysis-pad-{width(screen)}")


def test_the_new_game_form_gives_the_simulating_level_its_clock(screen: Any, live_server: str) -> None:
    screen.goto(f"{live_server}/scrabble/play")
    screen.wait_for_selector("#rack .tile")
    wait_idle(screen)
    before = screen.evaluate("game.id")
    assert screen.input_value("#clock-minutes") == f"{WEB_CLOCK_MINUTES:g}"  # the server's default clock
    screen.select_option("#level", "best")
    screen.fill("#clock-minutes", "3")
    press(screen, "#new-game")
    screen.wait_for_function(f"game && game.id !== {before!r}")
    wait_idle(screen)
    game_id = screen.evaluate("game.id")
    state = httpx.get(f"{live_server}/api/scrabble/games/{game_id}").json()
    assert [p["kind"] for p in state["players"]] == ["human", "best:3m"]
    assert screen.locator("#scores tr").nth(1).inner_text().split("\t")[-1] == "7 tiles · clock 3:00 left"
    screenshot(screen, f"scrabble-play-clock-{width(screen)}")
    assert fits_width(screen), "the form with its clock field fits the screen"
