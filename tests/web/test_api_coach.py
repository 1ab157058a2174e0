"""The coach on the web API: a finished Wordle game graded (as `wordle grade --json`), Q-Less hints from
the player's grid, Letter Boxed par and the next word in par; bad input answers 4xx with one line."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from lexigrid.wordle import original, reply_table
from lexigrid.wordle.token import answer_of
from tests.conftest import run_cli


def _answer(token: str) -> str:
    return answer_of(token, reply_table(original()))


def test_a_finished_wordle_game_grades_as_the_cli_does(client: TestClient) -> None:
    answer = _answer("seed-7")
    history = ["SALET", "CRONY", answer]
    got = client.post("/api/wordle/grade", json={"token": "seed-7", "history": history})
    assert got.status_code == 200, got.text
    cli = run_cli("wordle", "grade", " ".join(history), "--json")
    assert cli.exit_code == 0, cli.stderr
    assert got.json() == json.loads(cli.stdout)
    report = got.json()
    assert report["summary"] == f"{answer} in 3: skill {report['skill']}/99, luck {report['luck']}/99"


def test_a_lost_wordle_game_is_graded_against_its_answer(client: TestClient) -> None:
    answer = _answer("seed-3")
    history = [w for w in ("SALET", "CRONY", "PLUMB", "DWARF", "GEEKY", "CHIVE", "HOUND") if w != answer][:6]
    got = client.post("/api/wordle/grade", json={"token": "seed-3", "history": history})
    assert got.status_code == 200, got.text
    cli = run_cli("wordle", "grade", " ".join(history), "--answer", answer, "--json")
    assert got.json() == json.loads(cli.stdout)
    assert got.json()["answer"] == answer and len(got.json()["guesses"]) == 6


def test_a_hard_mode_game_grades_as_the_cli_does(client: TestClient) -> None:
    answer = _answer("seed-7")
    history = ["SALET", answer]
    got = client.post("/api/wordle/grade", json={"token": "seed-7", "history": history, "hard": True})
    cli = run_cli("wordle", "grade", " ".join(history), "--hard", "--json")
    assert got.status_code == 200, got.text
    assert got.json() == json.loads(cli.stdout)


def test_a_game_still_on_is_not_graded_and_its_answer_stays_hidden(client: TestClient) -> None:
    answer = _answer("seed-7")
    for history in ([], ["SALET"], ["SALET", "CRONY"]):
        got = client.post("/api/wordle/grade", json={"token": "seed-7", "history": history})
        assert got.status_code == 400
        assert got.json()["error"].startswith("the game is not over")
        assert answer not in got.text


def test_a_history_that_is_not_a_game_is_refused_in_one_line(client: TestClient) -> None:
    answer = _answer("seed-7")
    cases: list[tuple[list[str], str]] = [
        (["SALET", answer, "CRONY"], "the game is over"),  # a guess after the all-green row
        (["SALET", "QZXVJ"], "not in the word list"),
    ]
    for history, reason in cases:
        got = client.post("/api/wordle/grade", json={"token": "seed-7", "history": history})
        assert got.status_code == 400, got.text
        error: Any = got.json()["error"]
        assert reason in error and "\n" not in error


def test_a_qless_hint_from_the_players_grid_is_the_clis(client: TestClient) -> None:
    for level in (1, 2, 3, 4):
        query = {"letters": "BFHLRCTTNOAE", "level": str(level), "grid": "LEFT"}
        got = client.get("/api/qless/hint", params=query)
        assert got.status_code == 200, got.text
        cli = run_cli("qless", "hint", "BFHLRCTTNOAE", "--level", str(level), "--grid", "LEFT", "--json")
        assert got.json() == json.loads(cli.stdout)
    assert "origin" in got.json() and "LEFT" in "".join(got.json()["grid"])


def test_a_qless_grid_with_letters_not_in_the_roll_is_refused_in_one_line(client: TestClient) -> None:
    got = client.get("/api/qless/hint", params={"letters": "BFHLRCTTNOAE", "level": "2", "grid": "QUIZ"})
    assert got.status_code == 400
    assert "does not have" in got.json()["error"] and "\n" not in got.json()["error"]
    got = client.get("/api/qless/hint", params={"letters": "BFHLRCTTNOAE", "level": "5"})
    assert got.status_code == 422


LB_BOARD = "VYQ,FIG,OTE,XLU"


def test_letterboxed_par_and_hints_in_par_are_the_clis(client: TestClient) -> None:
    from lexigrid.letterboxed import Board
    from lexigrid.letterboxed.par import par
    from lexigrid.lexicon import load

    got = client.get("/api/letterboxed/par", params={"sides": LB_BOARD})
    assert got.status_code == 200, got.text
    assert got.json() == {"board": LB_BOARD, **par(Board.parse(LB_BOARD), load()).as_dict()}
    for played in ("", "FOX"):
        query = {"sides": LB_BOARD, "played": played, "top": "1", "par": "true"}
        web = client.get("/api/letterboxed/hint", params=query)
        assert web.status_code == 200, web.text
        cli = run_cli("letterboxed", "hint", LB_BOARD, played, "--par", "--top", "1", "--json")
        assert web.json() == json.loads(cli.stdout) and web.json()["par"]["par"] == got.json()["par"]


def test_letterboxed_bad_chains_and_boards_are_refused_in_one_line(client: TestClient) -> None:
    got = client.get("/api/letterboxed/hint", params={"sides": LB_BOARD, "played": "FIX", "par": "true"})
    assert got.status_code == 400 and got.json()["error"].startswith("FIX cannot be played")
    got = client.get("/api/letterboxed/par", params={"sides": "ABC,DEF"})
    assert got.status_code == 400 and "\n" not in got.json()["error"]


def test_user_text_in_a_refusal_is_echoed_literally(client: TestClient) -> None:
    got = client.post("/api/wordle/grade", json={"token": "seed-7", "history": ["<b>x</b>"]})
    assert got.status_code == 400 and "<B>X</B>" in got.json()["error"]
    got = client.get("/api/qless/hint", params={"letters": "BFHLRCTTNOAE", "grid": "<i>"})
    assert got.status_code == 400 and "\n" not in got.json()["error"]
