"""The endgame solver over the web: the CLI's --json shape, a long search within the budget, 4xx on bad
input, and the solved endgame in a game's hint."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.lexicon import Lexicon, load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.endgame import MAX_TOP, solve
from lexigrid.scrabble.analysis.peg import solve_peg
from lexigrid.scrabble.game.game import Game
from tests.conftest import run_cli, shared_file
from tests.scrabble.conftest import SMALL_WORDS
from tests.scrabble.test_peg import POSITIONS, peg_position
from tests.scrabble_game.conftest import ENDGAME_BOARD as BOARD
from tests.scrabble_game.conftest import RACED, at_endgame
from tests.scrabble_game.test_endgames import HINT_NODES, _at_pre_endgame


def _untimed(payload: dict[str, Any]) -> dict[str, Any]:
    return {**payload, "elapsed_ms": 0}


def test_endgame_matches_the_cli_and_the_library(client: TestClient) -> None:
    response = client.post("/api/scrabble/endgame", json={"cgp": RACED, "top": 3})
    assert response.status_code == 200, response.text
    payload = response.json()
    cli = run_cli("scrabble", "endgame", RACED, "--top", "3", "--json")
    assert _untimed(payload) == _untimed(json.loads(cli.stdout))
    position = parse_cgp(RACED)
    assert _untimed(payload) == _untimed(solve(position, Engine(load(), position.rules), top=3).as_dict())
    assert (
        payload["value"] == 5
        and payload["exact"]
        and [p["move"] for p in payload["pv"]]
        == [
            "D2 RACED",
            "6G OR",
        ]
    )


def test_a_ply_limit_is_not_proven(client: TestClient) -> None:
    payload = client.post("/api/scrabble/endgame", json={"cgp": RACED, "plies": 1}).json()
    assert payload["exact"] is False and payload["plies"] == 1


def test_a_long_endgame_answers_the_best_so_far_within_the_budget(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import lexigrid.web.common as common

    path = shared_file("data", "scrabble", "endgames.jsonl")
    entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    longest = max(entries, key=lambda e: (sum(e["tiles"]), e["magpie_ms"]))  # MAGPIE: tens of seconds
    from lexigrid.web import scrabble as web_scrabble

    # The search may use a share of the budget (1 s of 600 here): the 600 s asked for are cut to that, so
    # the answer comes from the search stopping itself, never from the budget's 503, whatever the speed.
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 600.0)
    monkeypatch.setattr(web_scrabble, "ENDGAME_BUDGET_SHARE", 1 / 600)
    assert web_scrabble.endgame_seconds(600) == pytest.approx(1.0)
    cgp = longest["cgp"].replace(" lex TWL06;", "")  # the web takes lexicons by name: NWL here
    response = client.post("/api/scrabble/endgame", json={"cgp": cgp, "seconds": 600})
    assert response.status_code == 200, response.text  # not a 503: the search stops itself in time
    payload = response.json()
    assert payload["exact"] is False and payload["pv"]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"cgp": f"{BOARD} AACDE/ 364/412 0"}, 400, "the opponent's rack is unknown"),
        ({"cgp": f"{BOARD} AACDE/O 364/412 0"}, 400, "the bag is not empty"),
        ({"cgp": f"{BOARD} /OR 364/412 0"}, 400, "no tiles"),
        ({"cgp": f"{BOARD} AACDE/ORZ 364/412 0"}, 400, "impossible position"),
        ({"cgp": "15/15 AB/ 0/0 0"}, 400, "15 rows"),
        ({"cgp": RACED + " lex /etc/passwd;"}, 400, "lexicon names only"),
        ({"cgp": RACED, "lexicon": "twl06.txt"}, 400, "lexicon names only"),
        ({"cgp": RACED, "plies": 0}, 422, "plies"),
        ({"cgp": RACED, "seconds": 0}, 422, "seconds"),
        ({"cgp": RACED, "top": 0}, 422, "top"),
        ({"cgp": RACED, "top": MAX_TOP + 1}, 422, "top"),
        ({"top": 3}, 422, "cgp"),
    ],
)
def test_bad_endgame_requests_are_4xx_with_one_line(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    response = client.post("/api/scrabble/endgame", json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert message in error and "\n" not in error


def test_a_hint_in_an_endgame_holds_the_solved_sequence(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    game = at_endgame(Game.new(["human", "equity"], seed=1, lexicon=load()))
    web_play._games[game.id] = game
    hint = client.get(f"/api/scrabble/games/{game.id}/hint", params={"top": 2}).json()
    assert {"count", "moves", "endgame"} <= hint.keys() and len(hint["moves"]) == 2
    endgame = hint["endgame"]
    assert endgame["value"] == 5 and endgame["exact"] and endgame["best"] == "D2 RACED"
    assert [p["move"] for p in endgame["pv"]] == ["D2 RACED", "6G OR"] and len(endgame["top"]) == 2
    before = client.post("/api/scrabble/games", json={"seed": 3, "level": "score"}).json()
    assert "endgame" not in client.get(f"/api/scrabble/games/{before['id']}/hint").json()


def test_the_computers_endgame_move_keeps_within_a_short_budget(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import lexigrid.web.common as common
    from lexigrid.scrabble.game.players import ENDGAME_SECONDS
    from lexigrid.web import scrabble as web_scrabble
    from lexigrid.web import scrabble_play as web_play

    path = shared_file("data", "scrabble", "endgames.jsonl")
    entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    longest = max(entries, key=lambda e: (sum(e["tiles"]), e["magpie_ms"]))
    game = at_endgame(Game.new(["human", "equity"], seed=1, lexicon=load()), longest["cgp"])
    web_play._games[game.id] = game
    move = Engine(load(), game.rules).best(game.position(), "score")
    assert move is not None
    # a search of 1 s (its share of a budget no machine comes near), not the usual 2
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 600.0)
    monkeypatch.setattr(web_scrabble, "ENDGAME_BUDGET_SHARE", 1 / 600)
    assert web_scrabble.endgame_seconds(ENDGAME_SECONDS) == pytest.approx(1.0)
    assert web_scrabble.endgame_seconds(ENDGAME_SECONDS) < ENDGAME_SECONDS
    response = client.post(f"/api/scrabble/games/{game.id}/move", json={"action": move.notation})
    assert response.status_code == 200, response.text  # the computer's solve stopped in time
    assert [m["player"] for m in response.json()["new_moves"]][:2] == [0, 1]


def test_a_hint_in_a_pre_endgame_holds_the_solver_s_plays(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    small_lexicon = Lexicon.from_words(sorted(set(SMALL_WORDS)))
    game = _at_pre_endgame(small_lexicon, (5, 0))
    web_play._games[game.id] = game
    got = client.get(f"/api/scrabble/games/{game.id}/hint", params={"top": 3, "nodes": HINT_NODES})
    assert got.status_code == 200, got.text
    hint = got.json()
    assert {"count", "moves", "pre_endgame"} <= hint.keys() and "endgame" not in hint
    seen = peg_position(*POSITIONS["one-word"], scores=(5, 0))  # the mover's view, solved directly
    expected = solve_peg(seen, Engine(small_lexicon, seen.rules), top=3, nodes=HINT_NODES)
    assert _untimed(hint["pre_endgame"]) == _untimed(expected.as_dict())  # `scrabble peg --json`'s shape
    assert hint["pre_endgame"]["verdict"] == expected.verdict == "exact"  # as the CLI's (test_peg)
    best = hint["pre_endgame"]["plays"][0]
    assert best["move"] == "J7 SIR" and best["losing_bag_tiles"] == ["E", "T"]
    bad = client.get(f"/api/scrabble/games/{game.id}/hint", params={"nodes": 0})
    assert bad.status_code == 422 and "\n" not in bad.json()["error"]
    assert game.actions == []  # a hint plays nothing
