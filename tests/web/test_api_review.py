"""The game review over the web: a stream of judged turns ending in the whole review, the same JSON as
`lexigrid scrabble analyze --json` (one library call builds both); 4xx on bad input; within the budget."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.web import common
from tests.conftest import run_cli

DATA = Path(__file__).parent.parent / "scrabble" / "data"
PHONIES = (DATA / "phonies.gcg").read_text()


def _events(client: TestClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of a review's stream."""
    with client.stream("POST", "/api/scrabble/analyze", json=body) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("application/x-ndjson")
        return [json.loads(line) for line in response.iter_lines() if line.strip()]


def test_the_stream_ends_in_the_clis_review(client: TestClient, tmp_path: Path) -> None:
    events = _events(client, {"gcg": PHONIES, "iterations": 8, "seconds_per_turn": 30})
    start, *progress, last = events
    assert start["event"] == "start" and start["turns"] == 4 and start["lexicon"] == "nwl"
    assert [e["event"] for e in progress] == ["progress"] * 4
    assert sorted(e["done"] for e in progress) == [1, 2, 3, 4] and {e["total"] for e in progress} == {4}
    assert last["event"] == "result"
    result = last["result"]
    assert sorted(e["turn"]["turn"] for e in progress) == [t["turn"] for t in result["turns"]]
    path = tmp_path / "game.gcg"
    path.write_text(PHONIES)
    seconds = str(start["seconds_per_turn"])
    cli = run_cli(
        "scrabble", "analyze", str(path), "--iterations", "8", "--seconds-per-turn", seconds, "--json"
    )
    alone = json.loads(cli.stdout)
    result.pop("elapsed_ms"), alone.pop("elapsed_ms")
    assert result == alone


@pytest.mark.parametrize(
    ("lexicon", "note"),
    [
        (None, "the record's lexicon CSW21 is not installed: judged in nwl"),
        ("nwl", "the record's lexicon is CSW21: judged in nwl, as asked"),
    ],
)
def test_a_record_of_another_lexicon_says_so_and_calls_no_phony(
    client: TestClient, lexicon: str | None, note: str
) -> None:
    """A CSW21 game judged in nwl (its own not installed, or nwl asked): ZO is no phony, and it says so."""
    record = "#player1 ann Ann\n#player2 ben Ben\n#lexicon CSW21\n>ann: AEIORTZ 8H ZO +22 22\n"
    result = _events(client, {"gcg": record, "iterations": 4, "lexicon": lexicon})[-1]["result"]
    assert result["lexicon_note"] == note and result["turns"][0]["flags"] == ["outside_lexicon"]


def test_a_challenge_that_upheld_a_word_the_lexicon_lacks_is_said_from_the_start(client: TestClient) -> None:
    """ZO stood a challenge: nwl is not the game's lexicon; the start and the result say so alike."""
    record = (
        "#player1 ann Ann\n#player2 ben Ben\n>ann: AEIORTZ 8H ZO +22 22\n>ann: AEIORTZ (challenge) +5 27\n"
    )
    start, *_, last = _events(client, {"gcg": record, "iterations": 4})
    assert start["lexicon_note"] == last["result"]["lexicon_note"]
    assert start["lexicon_note"].startswith("the record's challenges upheld ZO, which nwl lacks")
    assert last["result"]["turns"][0]["flags"] == ["outside_lexicon", "challenged_valid"]


def test_the_turns_asked_are_judged_alone_as_the_cli_judges_them(client: TestClient, tmp_path: Path) -> None:
    """`turns` is `scrabble analyze --turn N --only`: the turn alone, the same JSON on both faces."""
    start, progress, last = _events(client, {"gcg": PHONIES, "iterations": 8, "turns": [3]})
    assert start["turns"] == 1 and progress["total"] == 1 and progress["turn"]["turn"] == 3
    result = last["result"]
    assert [t["turn"] for t in result["turns"]] == [3] and result["players"][0]["turns"] == 1
    path = tmp_path / "game.gcg"
    path.write_text(PHONIES)
    seconds = str(start["seconds_per_turn"])
    cli = run_cli(
        "scrabble",
        "analyze",
        str(path),
        "--iterations",
        "8",
        "--seconds-per-turn",
        seconds,
        "--turn",
        "3",
        "--only",
        "--json",
    )
    alone = json.loads(cli.stdout)
    result.pop("elapsed_ms"), alone.pop("elapsed_ms")
    assert result == alone


def test_a_turn_alone_gets_the_whole_budget(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 4.0)
    start = _events(client, {"gcg": PHONIES, "iterations": 4, "seconds_per_turn": 10, "turns": [2]})[0]
    assert start["seconds_per_turn"] == pytest.approx(4.0 * 0.5) and start["capped"] is True


def test_seconds_are_capped_to_the_budget(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 4.0)
    start = _events(client, {"gcg": PHONIES, "iterations": 4, "seconds_per_turn": 10})[0]
    assert start["seconds_per_turn"] == pytest.approx(4.0 * 0.5 / 4) and start["capped"] is True


def test_the_default_seconds_are_not_called_capped_when_they_fit(client: TestClient) -> None:
    start = _events(client, {"gcg": PHONIES, "iterations": 2})[0]
    assert start["seconds_per_turn"] == 2.0 and start["capped"] is False


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"gcg": PHONIES.replace("+8 8", "+9 9")}, 400, "GCG line 5: the move scores 8, the record says +9"),
        ({"gcg": PHONIES, "player": "zed"}, 400, "no player 'zed' in the record: its players are ann, ben"),
        (
            {"gcg": PHONIES, "seconds_per_turn": 0},
            400,
            "a game analysis needs more than 0 seconds a turn, not 0",
        ),
        ({"gcg": PHONIES, "turns": [9]}, 400, "turn 9 is not among the turns judged (1-4)"),
        ({"gcg": PHONIES, "turns": [2], "player": "ann"}, 400, "turn 2 is not among the turns judged (1, 3)"),
        ({"gcg": PHONIES, "turns": []}, 422, ""),
        ({"gcg": PHONIES, "turns": [0]}, 422, ""),
        ({"gcg": PHONIES, "lexicon": "../etc/words"}, 400, ""),
        ({"gcg": ""}, 422, ""),
    ],
)
def test_bad_input_is_a_4xx_with_one_line(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    response = client.post("/api/scrabble/analyze", json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert "\n" not in error and error.startswith(message)


def test_a_finished_saved_game_gives_its_record(client: TestClient) -> None:
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.store import GameStore

    assert client.get("/api/scrabble/games/abc123/gcg").status_code == 404
    slashed = client.get("/api/scrabble/games/a%2Fb/gcg")  # the review page's ?game=a/b
    assert slashed.status_code == 422 and slashed.json()["error"].startswith("game_id: String should match")
    playing = Game.new(["equity", "equity"], seed=5, lexicon="nwl", endgame_seconds=None)
    playing.play_computer()
    GameStore().save(playing)
    response = client.get(f"/api/scrabble/games/{playing.id}/gcg")
    assert response.status_code == 400 and "not over" in response.json()["error"]
    over = Game.new(["equity", "equity"], seed=5, lexicon="nwl", endgame_seconds=None)
    over.play_computers()
    GameStore().save(over)
    record = client.get(f"/api/scrabble/games/{over.id}/gcg").json()["gcg"]
    events = _events(client, {"gcg": record, "iterations": 2, "player": "equity1"})
    assert events[-1]["event"] == "result" and events[0]["turns"] >= 10
