"""Scrabble in a real browser: a position analysed, moves sorted and highlighted with their breakdown."""

from __future__ import annotations

from typing import Any

import pytest

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp, parse_move
from lexigrid.scrabble.core.referee import check
from tests.web.conftest import hold_first, press, release, screenshot, until_held, wait_for_analysis, width

pytestmark = pytest.mark.browser
CGP = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


def test_analyse_a_position(page: Any, live_server: str) -> None:
    page.goto(live_server + "/scrabble")
    page.fill("#cgp", CGP)
    page.click("#load")
    wait_for_analysis(page, CGP)
    position = parse_cgp(CGP)
    page.click("#moves th[data-key=score]")  # sort by score, best first
    page.click("#moves tbody tr:first-child")
    move = page.inner_text("#moves tbody tr:first-child td:nth-child(2)")
    score = int(page.inner_text("#moves tbody tr:first-child td:nth-child(3)"))
    played = parse_move(move, position.board)
    assert check(position.board, played, load()) == score  # the referee agrees with the listed score
    page.wait_for_function(  # this move's breakdown, not the one shown before the click
        "t => document.querySelector('#breakdown h3')?.textContent === t", arg=f"{move} — {score} points"
    )
    new_squares = page.eval_on_selector_all(".sq.new", "els => els.map(e => e.dataset.square)")
    assert sorted(new_squares) == sorted(f"{r},{c}" for r, c, _ in played.squares())
    screenshot(page, "scrabble-analysis")


def test_an_opening_lists_each_mirrored_pair_once_and_says_so(page: Any, live_server: str) -> None:
    opening = f"{'/'.join(['15'] * 15)} AEINRST/ 0/0 0"
    page.goto(live_server + "/scrabble")
    page.fill("#cgp", opening)
    page.click("#load")
    wait_for_analysis(page, opening)
    assert page.inner_text("#summary").endswith("; down openings listed as their across mirrors")
    cells = "els => els.map(e => e.textContent)"
    listed = page.eval_on_selector_all("#moves tbody tr td:nth-child(2)", cells)
    assert listed and all(m.startswith("8") or m.startswith("-") for m in listed)  # 8B ANESTRI, -AEI


def test_edit_the_board_by_typing(page: Any, live_server: str) -> None:
    page.goto(live_server + "/scrabble")
    page.wait_for_selector(".sq[data-square='7,7']")
    page.click(".sq[data-square='7,6']")
    page.keyboard.type("zax")
    assert page.input_value("#cgp").split()[0].split("/")[7] == "6ZAX6"
    page.fill("#rack", "EQUIT")
    page.click("#analyse")
    position = parse_cgp(page.input_value("#cgp"))  # written when Analyse is clicked
    assert sorted(str(position.rack)) == sorted("EQUIT")
    wait_for_analysis(page, page.input_value("#cgp"))


def test_play_a_move_against_the_computer_and_resume(page: Any, live_server: str) -> None:
    import httpx

    # a seeded game (a random rack may hold no word without its blanks, or none at all), opened by id
    game_id = httpx.post(f"{live_server}/api/scrabble/games", json={"seed": 5}).json()["id"]
    page.goto(f"{live_server}/scrabble/play?game={game_id}")
    page.wait_for_selector("#rack .tile")
    state = httpx.get(f"{live_server}/api/scrabble/games/{game_id}").json()
    assert state["players"][1]["rack"] is None  # the computer's rack stays hidden
    position = parse_cgp(state["cgp"])
    lex = load()
    found = Engine(lex, position.rules).moves(position).top(None, "equity", placements_only=True)
    move = next(m for m in found if "?" not in m.tiles_used)  # typing a letter uses the rack's own tile
    for r, c, tile in move.squares():
        page.click(f".sq[data-square='{r},{c}']")
        page.keyboard.type(tile)
    assert page.locator(".sq.new").count() == len(move.squares())
    screenshot(page, "scrabble-play-placing")
    page.click("#play")
    page.wait_for_function("document.querySelectorAll('#log tbody tr').length >= 2")
    first = page.locator("#log tbody tr").first.locator("td").all_inner_texts()
    assert first[2] == move.paren and int(first[3]) == check(position.board, move, lex)
    after = httpx.get(f"{live_server}/api/scrabble/games/{game_id}").json()
    assert after["to_move"] == 0 and len(after["moves"]) == 2 and after["moves"][1]["player"] == 1
    screenshot(page, "scrabble-play")
    page.goto(f"{live_server}/scrabble/play?game={game_id}")  # resumed from the saved game
    page.wait_for_function("document.querySelectorAll('#log tbody tr').length == 2")
    assert (
        page.locator("#log tbody tr").nth(1).locator("td").all_inner_texts()[2]
        == after["moves"][1]["paren"]  # the one notation: played-through letters in parentheses
    )


def test_a_position_loaded_before_the_first_one_arrives_wins(page: Any, live_server: str) -> None:
    held = hold_first(page, "**/api/scrabble/show")  # the page's own first request, answered late
    page.goto(live_server + "/scrabble")
    page.wait_for_function("document.getElementById('cgp').value !== ''")
    page.fill("#cgp", CGP)
    page.click("#load")
    wait_for_analysis(page, CGP)
    shown = page.inner_text("#summary"), page.input_value("#rack"), page.input_value("#cgp")
    release(page, until_held(page, held))  # the late reply, handled: it must change nothing
    assert (page.inner_text("#summary"), page.input_value("#rack"), page.input_value("#cgp")) == shown
    assert shown[2] == CGP


def test_the_breakdown_is_of_the_move_clicked_last(page: Any, live_server: str) -> None:
    held = hold_first(page, "**/api/scrabble/explain")  # the breakdown of the move selected first
    page.goto(live_server + "/scrabble")
    page.fill("#cgp", CGP)
    page.click("#load")
    wait_for_analysis(page, CGP)
    first = until_held(page, held)
    page.click("#moves tbody tr:nth-child(3)")
    move = page.inner_text("#moves tbody tr.selected td:nth-child(2)")
    score = page.inner_text("#moves tbody tr.selected td:nth-child(3)")
    expected = f"{move} — {score} points"
    page.wait_for_function("t => document.querySelector('#breakdown h3')?.textContent === t", arg=expected)
    release(page, first)  # the first move's breakdown, arriving late, is not shown
    assert page.inner_text("#breakdown h3") == expected


def test_a_board_edited_while_its_analysis_is_out_keeps_the_edit(page: Any, live_server: str) -> None:
    held = hold_first(page, "**/api/scrabble/moves")  # the analysis of the board as it was
    page.goto(live_server + "/scrabble")
    page.wait_for_selector(".sq[data-square='7,7']")
    analysis = until_held(page, held)
    page.click(".sq[data-square='7,6']")
    page.keyboard.type("zax")
    release(page, analysis)  # the old board's moves, arriving late, are not shown on the new one
    assert page.input_value("#cgp").split()[0].split("/")[7] == "6ZAX6"
    assert page.locator("#moves tbody tr").count() == 0 and page.locator(".sq.new").count() == 0
    assert "placements" not in page.inner_text("#summary")


def test_the_analysis_page_shows_the_scores_bag_and_unseen_tiles(screen: Any, live_server: str) -> None:
    from urllib.parse import quote

    from lexigrid.scrabble.analysis.report import position_report

    cgp = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRST/BB 120/95 0"
    screen.goto(f"{live_server}/scrabble?cgp={quote(cgp)}")
    wait_for_analysis(screen, cgp)
    assert (screen.input_value("#score-me"), screen.input_value("#score-opp")) == ("120", "95")
    shown = position_report(parse_cgp(cgp))
    assert screen.inner_text("#bag-count") == f"Bag: {shown['bag']} tiles"
    assert screen.inner_text("#unseen") == shown["unseen"] and "Z" in shown["unseen"]
    screen.click(".sq[data-square='8,7']")  # a Z under the X: the board edited by hand
    screen.keyboard.type("z")
    edited = position_report(parse_cgp(screen.input_value("#cgp")))
    screen.wait_for_function("u => document.getElementById('unseen').textContent === u", arg=edited["unseen"])
    assert "Z" not in edited["unseen"]
    screen.fill("#score-opp", "101")
    assert screen.input_value("#cgp").split()[2] == "120/101"
    screen.click(".sq[data-square='9,7']")
    screen.keyboard.type("z")  # a second Z: the set has one
    screen.wait_for_function("document.getElementById('unseen').textContent.includes('2 x Z')")
    screenshot(screen, f"scrabble-analysis-position-{width(screen)}")


def test_an_edit_takes_the_old_positions_moves_away(screen: Any, live_server: str) -> None:
    screen.goto(live_server + "/scrabble")
    screen.fill("#cgp", CGP)
    press(screen, "#load")
    wait_for_analysis(screen, CGP)
    assert screen.locator("#moves tbody tr").count() > 0
    press(screen, ".sq[data-square='8,7']")
    press(screen, "#pad [data-key='Z']")  # the board changed: its moves are not the ones listed
    assert screen.locator("#moves tbody tr").count() == 0 and screen.locator(".sq.new").count() == 0
    assert screen.inner_text("#summary") == "The position changed: Find moves lists its moves."
    press(screen, "#analyse")
    wait_for_analysis(screen, screen.input_value("#cgp"))
    screen.fill("#rack", "QI")  # so did the rack
    assert screen.locator("#moves tbody tr").count() == 0
