"""The Scrabble game page in a real browser, on a laptop (1280 px) and a phone (390 px, touch)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.move import Move
from lexigrid.scrabble.view import View
from tests.web.conftest import local_only_tab, screenshot, wait_idle

pytestmark = pytest.mark.browser
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture(params=list(SIZES))
def tab(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[Any]:
    """A page at the parameter's width (the phone with touch), that may reach only the local server."""
    phone = request.param == "390"
    viewport = SIZES[request.param]
    with local_only_tab(browser, live_server, viewport=viewport, is_mobile=phone, has_touch=phone) as (
        page,
        refused,
    ):
        page.size = request.param
        yield page
    assert refused == []


def _open_game(tab: Any, live_server: str, seed: int, **options: Any) -> dict[str, Any]:
    """A seeded game against the computer, opened on the page; its state as the API gives it."""
    game_id = httpx.post(f"{live_server}/api/scrabble/games", json={"seed": seed, **options}).json()["id"]
    tab.goto(f"{live_server}/scrabble/play?game={game_id}")
    tab.wait_for_selector("#rack .tile")
    wait_idle(tab)
    state: dict[str, Any] = httpx.get(f"{live_server}/api/scrabble/games/{game_id}").json()
    return state


def _best_move(state: dict[str, Any]) -> Move:
    """The person's best placement by equity that uses no blank (a typed letter takes the rack's tile)."""
    position = parse_cgp(state["cgp"])
    found = Engine(load(), position.rules).moves(position).top(None, "equity", placements_only=True)
    return next(m for m in found if "?" not in m.tiles_used)


def _type_move(tab: Any, move: Move) -> None:
    """Place a move's tiles with the keyboard: click each square, type its letter."""
    for r, c, tile in move.squares():
        tab.click(f".sq[data-square='{r},{c}']")
        tab.keyboard.type(tile)


def test_the_page_never_shows_the_computers_rack(tab: Any, live_server: str) -> None:
    from lexigrid.web import scrabble as web_scrabble

    state = _open_game(tab, live_server, seed=5, level="score")
    _type_move(tab, _best_move(state))
    tab.click("#play")
    tab.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    wait_idle(tab)
    game = web_scrabble._games[state["id"]]
    computer_row = tab.locator("#log tbody tr").nth(1).locator("td").all_inner_texts()
    assert computer_row[0] == "Computer" and computer_row[1] == ""  # its rack column is empty
    racks = {t.rack for t in View.full(game).turns() if t.player == 1} | {game.racks[1]}
    text = tab.inner_text("main")
    assert racks and not any(rack in text for rack in racks)
    last = tab.locator("#log tbody tr").nth(1).locator("td").all_inner_texts()[4]
    assert int(last) == game.scores[1]
    screenshot(tab, f"scrabble-play-hidden-rack-{tab.size}")


def _press(tab: Any, target: Any) -> None:
    """A tap on the phone, a click on the laptop."""
    if tab.size == "390":
        target.tap()
    else:
        target.click()


def test_resume_and_delete_saved_games(tab: Any, live_server: str) -> None:
    api = f"{live_server}/api/scrabble/games"
    ids = [httpx.post(api, json={"seed": seed, "level": "score"}).json()["id"] for seed in (31, 32)]
    for game_id in ids:
        httpx.post(f"{api}/{game_id}/move", json={"action": "-"})  # played: saved
    tab.goto(f"{live_server}/scrabble/play")  # a new game, not played: not among the saved ones
    tab.wait_for_selector(f"#saved li[data-game='{ids[1]}']", state="attached")
    wait_idle(tab)
    opened = tab.evaluate("game.id")
    assert tab.locator(f"#saved li[data-game='{opened}']").count() == 0
    assert "saved from your first move" in tab.inner_text("#status")
    _press(tab, tab.locator("#saved-games summary"))
    delete = tab.get_by_role("button", name=f"delete game {ids[0]}")
    tab.once("dialog", lambda dialog: dialog.dismiss())  # changed my mind: nothing goes
    _press(tab, delete)
    wait_idle(tab)
    assert httpx.get(f"{live_server}/api/scrabble/games/{ids[0]}").status_code == 200
    tab.once("dialog", lambda dialog: dialog.accept())
    _press(tab, delete)
    tab.wait_for_selector(f"#saved li[data-game='{ids[0]}']", state="detached")
    assert httpx.get(f"{live_server}/api/scrabble/games/{ids[0]}").status_code == 404
    screenshot(tab, f"scrabble-play-saved-games-{tab.size}")
    _press(tab, tab.locator(f"#saved li[data-game='{ids[1]}'] button", has_text="Resume"))
    tab.wait_for_function("id => game && game.id === id", arg=ids[1])
    assert "saved after every move" in tab.inner_text("#status")
    assert tab.locator(f"#saved li[data-game='{ids[1]}'] button", has_text="This game").is_disabled()
