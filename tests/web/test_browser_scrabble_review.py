"""Review a game in a real browser, at 1280 and 390 px (touch), offline: paste a record, the turns arrive,
the win % graph (inline SVG) gets a point a judged turn, a tap on a point shows that turn's board with the
play made and its flags; a bad record shows the replay's one-line error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.web.conftest import fits_width, press, screenshot, wait_idle

pytestmark = pytest.mark.browser

PHONIES = (Path(__file__).parent.parent / "scrabble" / "data" / "phonies.gcg").read_text()


def _review(tab: Any, live_server: str, gcg: str) -> None:
    tab.goto(live_server + "/scrabble/review")
    tab.fill("#gcg", gcg)
    tab.fill("#seconds", "0.2")
    press(tab, "#analyze")
    wait_idle(tab)


def test_a_review_draws_the_graph_and_each_turn(screen: Any, live_server: str) -> None:
    _review(screen, live_server, PHONIES)
    assert screen.inner_text("#error") == ""
    assert screen.locator("#turns tbody tr").count() == 4
    assert screen.locator("#summary tbody tr").count() == 2
    assert screen.locator("#graph svg .pt").count() == 4  # every turn here is judged (none skipped)
    assert screen.locator("#graph svg").evaluate("svg => svg.namespaceURI") == "http://www.w3.org/2000/svg"
    press(screen, '#graph .pt[data-turn="3"] circle.dot')
    screen.wait_for_function("document.getElementById('turn-detail').textContent.includes('Turn 3')")
    wait_idle(screen)
    detail = screen.inner_text("#turn-detail")
    assert "played 7C FAB" in detail and "a phony challenged off" in detail
    head = screen.eval_on_selector_all("#turn-detail th", "cells => cells.map(c => c.textContent)")
    assert head == ["#", "candidate", "score", "win %", "spread", "their reply"]  # a simulated turn
    turn = screen.evaluate("review")["turns"][2]
    assert (
        turn["headline"] == f"played 7C FAB (rank {turn['place']}); best {turn['best']}"
        and turn["headline"] in detail
    )
    assert screen.inner_text("#turn-detail .contrast") == turn["contrast"] != ""  # the library's words
    shown = screen.eval_on_selector_all(
        "#turn-detail tbody tr", "rows => rows.map(r => [...r.cells].slice(0, 5).map(c => c.textContent))"
    )
    assert [row[:3] for row in shown] == [
        [c["place"], c["move"], str(c["score"])] for c in turn["candidates"]
    ]
    ruled = screen.eval_on_selector_all(
        "#turn-detail tbody tr",
        "rows => rows.map(r => getComputedStyle(r.cells[0]).borderTopWidth === '2px')",
    )
    first = sum(c["place"] in ("1", "1=") for c in turn["candidates"])  # a rule under the first place
    assert 0 < first < len(ruled) and ruled == [i == first for i in range(len(ruled))]
    for row, c in zip(shown, turn["candidates"], strict=True):  # one decimal (JS rounds halves up)
        assert abs(float(row[3]) - c["win_pct"]) <= 0.0501 and abs(float(row[4]) - c["mean_spread"]) <= 0.0501
        assert row[4][0] in "+-"
    replies = screen.eval_on_selector_all(
        "#turn-detail tbody tr td:last-child", "cells => cells.map(c => c.textContent)"
    )
    assert replies and all(re.fullmatch(r"\d+\.\d \(\d+% bingos\)", r) for r in replies), replies
    assert screen.locator("#board .new").count() == 3  # F, A and B shown where they were played
    press(screen, "#turn-detail tbody tr:first-child")  # the best play shown on the board instead
    best_tiles = re.sub(r"\(.*?\)", "", turn["best"].split()[1])
    screen.wait_for_function(f"document.querySelectorAll('#board .new').length === {len(best_tiles)}")
    assert screen.get_attribute("#turn-detail tbody tr:first-child", "class") == "first shown"
    assert screen.locator('#turns tbody tr.selected[data-turn="3"]').count() == 1
    places = [t["place"] for t in screen.evaluate("review")["turns"]]
    assert screen.locator("#turns tbody tr td:nth-child(4)").all_inner_texts() == places  # as the CLI's rank
    assert fits_width(screen)
    width = screen.viewport_size["width"]
    screenshot(screen, f"scrabble_review_{width}")
    link = screen.get_attribute("#turn-detail a", "href")
    assert link.startswith("/scrabble?") and parse_qs(urlsplit(link).query) == {
        "cgp": [turn["cgp"]],
        "lexicon": ["nwl"],
    }
    press(screen, "#turn-detail a")  # the analysis page on the position before turn 3
    screen.wait_for_url(re.compile(r".*/scrabble\?cgp="))
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    assert screen.input_value("#rack") == turn["cgp"].split()[1].split("/")[0]


def test_a_turn_judged_again_takes_its_place_and_says_how(screen: Any, live_server: str) -> None:
    """Once the review is complete a simulated turn can be judged again alone, with 5 times its seconds; the
    new judgement replaces the row and the detail, the summary stays the review's (and says so)."""
    _review(screen, live_server, PHONIES)
    summary = screen.locator("#summary tbody").inner_text()
    press(screen, '#turns tbody tr[data-turn="3"]')
    screen.wait_for_function("document.getElementById('turn-detail').textContent.includes('Turn 3')")
    wait_idle(screen)
    press(screen, "#again")
    screen.wait_for_function("document.getElementById('turn-detail').textContent.includes('judged again')")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    turn = screen.evaluate("review")["turns"][2]
    assert turn["turn"] == 3 and turn["again"] == {"seconds": 1.0, "before": 0.2}
    detail = screen.inner_text("#turn-detail")
    assert (
        "judged again alone for 1.00 s (the review gave it 0.20 s); the summary is still the review's"
        in detail
    )
    assert turn["headline"] in detail and screen.locator("#turns tbody tr").count() == 4
    row = screen.locator('#turns tbody tr[data-turn="3"] td').all_inner_texts()
    assert row[3:5] == [turn["place"], turn["best"]]
    assert screen.locator("#summary tbody").inner_text() == summary
    assert screen.locator("#again").is_enabled()
    assert fits_width(screen)
    screenshot(screen, f"scrabble_review_again_{screen.viewport_size['width']}")


def test_a_bad_record_shows_the_replays_error(screen: Any, live_server: str) -> None:
    _review(screen, live_server, PHONIES.replace("+8 8", "+9 9"))
    assert screen.inner_text("#error").startswith("GCG line 5: the move scores 8, the record says +9")
    assert screen.locator("#review").is_hidden()


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (None, "the server did not answer: is `lexigrid serve` running?"),
        ("", "the review's stream ended without a result"),
        ('{"event": "start"\n', "the server's answer could not be read ("),
        ('{"event": "result"}\n', "the page could not show the server's result ("),
    ],
)
def test_a_stream_that_fails_says_how(page: Any, live_server: str, answer: str | None, says: str) -> None:
    """No answer, an answer cut short, a line not JSON and an event the page fails on are told apart."""

    def serve(route: Any) -> None:
        if answer is None:
            route.abort()
        else:
            route.fulfill(status=200, content_type="application/x-ndjson", body=answer)

    page.route("**/api/scrabble/analyze", serve)
    _review(page, live_server, PHONIES)
    assert page.inner_text("#error").startswith(says)
    assert page.locator("#progress-box").is_hidden()


MARKED = "<i>ann</i>&amp;"  # a nickname holding HTML: shown as typed, never as markup
MARKED_RECORD = PHONIES.replace("ann", MARKED)


def test_the_summary_gives_each_players_win_pct_lost(screen: Any, live_server: str) -> None:
    _review(screen, live_server, PHONIES)
    heads = screen.locator("#summary thead th").all_inner_texts()
    assert heads[6] == "win % lost"
    review = screen.evaluate("review")
    for row, player in zip(screen.locator("#summary tbody tr").all(), review["players"], strict=True):
        assert row.locator("td").nth(6).inner_text() == f"{player['win_pct_lost']:.1f}"


def test_a_record_from_a_file_is_reviewed_with_its_names_as_typed(
    screen: Any, live_server: str, tmp_path: Path
) -> None:
    record = tmp_path / "marked.gcg"
    record.write_text(MARKED_RECORD, encoding="utf-8")
    screen.goto(live_server + "/scrabble/review")
    screen.set_input_files("#gcg-file", str(record))
    screen.wait_for_function("document.getElementById('gcg').value.length > 0")
    assert screen.input_value("#gcg") == MARKED_RECORD
    assert screen.locator("#player option").all_inner_texts() == ["both", MARKED, "ben"]
    screen.select_option("#player", MARKED)
    screen.fill("#seconds", "0.2")
    press(screen, "#analyze")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    assert screen.locator("#turns tbody tr").count() == 2
    assert screen.locator("#turns tbody tr td:nth-child(2)").all_inner_texts() == [MARKED, MARKED]
    assert screen.locator("#summary tbody tr td:first-child").all_inner_texts() == [MARKED, "ben"]
    ben = screen.locator("#summary tbody tr").nth(1).locator("td").all_inner_texts()
    assert ben[2:] == ["0", "not judged"]  # the player not chosen: no figures, not a clean game's zeros
    assert screen.locator("#summary i, #turns i, #turn-detail i").count() == 0
    assert MARKED in screen.inner_text("#turn-detail")


def test_a_finished_saved_game_is_picked_and_reviewed(screen: Any, live_server: str) -> None:
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.store import GameStore

    over = Game.new(["equity", "equity"], seed=5, lexicon="nwl", endgame_seconds=None)
    over.play_computers()
    GameStore().save(over)
    screen.goto(live_server + "/scrabble/review")
    option = screen.locator(f'#saved-game option[value="{over.id}"]')
    option.wait_for(state="attached")
    screen.select_option("#saved-game", over.id)
    screen.wait_for_function("document.getElementById('gcg').value.startsWith('#')")
    wait_idle(screen)
    assert screen.input_value("#gcg") == over_record(over)
    screen.select_option("#player", "equity1")
    screen.fill("#seconds", "0.05")
    press(screen, "#analyze")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    assert screen.locator("#turns tbody tr").count() >= 10
    assert set(screen.locator("#turns tbody tr td:nth-child(2)").all_inner_texts()) == {"equity1"}


def test_a_game_linked_from_the_play_page_is_reviewed_at_once(screen: Any, live_server: str) -> None:
    """`/scrabble/review?game=ID` (the play page's "Review this game"): the record in the box, the game
    picked, every turn judged; a bad id is a one-line error and nothing runs."""
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.store import GameStore

    over = Game.new(["equity", "equity"], seed=7, lexicon="nwl", endgame_seconds=None)
    over.play_computers()
    GameStore().save(over)
    screen.goto(f"{live_server}/scrabble/review?game={over.id}&seconds=0.05")
    screen.wait_for_function("reviewed !== null")
    wait_idle(screen)
    assert screen.inner_text("#error") == ""
    assert screen.input_value("#gcg") == over_record(over)
    assert screen.input_value("#saved-game") == over.id and screen.input_value("#seconds") == "0.05"
    turns = screen.evaluate("review")["turns"]
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1)) and len(turns) >= 10
    assert screen.locator("#turns tbody tr").count() == len(turns)
    screen.goto(f"{live_server}/scrabble/review?game=<b>x")
    screen.wait_for_function("document.getElementById('error').textContent !== ''")
    error = screen.inner_text("#error")
    assert "game_id" in error and "\n" not in error and screen.locator("#error b").count() == 0
    assert screen.input_value("#gcg") == "" and screen.locator("#review").is_hidden()


def over_record(game: Any) -> str:
    """The finished game's GCG record as the server gives it."""
    from lexigrid.scrabble.game.view import View
    from lexigrid.scrabble.records.gcg import export_gcg

    return export_gcg(View.of_people(game))
