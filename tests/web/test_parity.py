"""CLI and web give the same JSON for the same request: one library builder per payload, checked over a
table of non-default parameters (each row: the CLI arguments and the API route with its query)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import run_cli

# how long it took; for an inference also the searches made, which depend on the order its racks are judged
# in (the web's has a time limit, so it judges the likeliest first)
TIMINGS = {"elapsed_ms", "load_ms", "racks_per_second", "searched"}
ROLL = "BFHLRCTTNOAE"
BOARD = "VYQ,FIG,OTE,XLU"

CGP = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRS?/ 10/20 1"
AFTER_ETAS = "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 AEINRST/ 0/16 0"
BEFORE_ETAS = "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15 /AEINRST 0/0 0"

# name: (CLI arguments, API path, API query; a body for the POST routes)
CASES: dict[str, tuple[tuple[str, ...], str, dict[str, Any]]] = {
    "scrabble moves by equity, top 7": (
        ("scrabble", "moves", CGP, "--sort", "equity", "--top", "7"),
        "POST /api/scrabble/moves",
        {"cgp": CGP, "sort": "equity", "top": 7},
    ),
    "scrabble infer after the play, soft weights, top 4": (
        ("scrabble", "infer", AFTER_ETAS, "9G ETAS", "--after", "--temperature", "2.5", "--top", "4"),
        "POST /api/scrabble/infer",
        {"cgp": AFTER_ETAS, "move": "9G ETAS", "after": True, "temperature": 2.5, "top": 4},
    ),
    "scrabble infer before the play, margin 2, the score checked": (
        ("scrabble", "infer", BEFORE_ETAS, "9G ETAS", "--margin", "2", "--score", "16"),
        "POST /api/scrabble/infer",
        {"cgp": BEFORE_ETAS, "move": "9G ETAS", "margin": 2, "score": 16},
    ),
    "qless limit above the count": (
        ("qless", "solve", "MVHRRNPBMNEO", "--limit", "100"),
        "/api/qless/solve",
        {"letters": "MVHRRNPBMNEO", "limit": 100},
    ),
    "qless limit equal to the count": (
        ("qless", "solve", "MVHRRNPBMNEO", "--limit", "46"),
        "/api/qless/solve",
        {"letters": "MVHRRNPBMNEO", "limit": 46},
    ),
    "qless limit below the count": (
        ("qless", "solve", ROLL, "--limit", "7", "--common", "10000"),
        "/api/qless/solve",
        {"letters": ROLL, "limit": 7, "common": 10000},
    ),
    "qless count": (
        ("qless", "solve", "MVHRRNPBMNEO", "--count"),
        "/api/qless/solve",
        {"letters": "MVHRRNPBMNEO", "count": True},
    ),
    "qless unsolvable": (
        ("qless", "solve", "BCDFGHJKLMNP", "--limit", "5"),
        "/api/qless/solve",
        {"letters": "BCDFGHJKLMNP", "limit": 5},
    ),
    "qless check": (
        ("qless", "check", "CAT/A../T..", ROLL),
        "/api/qless/check",
        {"letters": ROLL, "grid": "CAT/A../T.."},
    ),
    "qless daily with a solution": (
        ("qless", "daily", "--date", "2026-11-22", "--solution"),
        "/api/qless/daily",
        {"date": "2026-11-22", "solution": True},
    ),
    "qless difficulty": (("qless", "difficulty", ROLL), "/api/qless/difficulty", {"letters": ROLL}),
    "wordle suggest hard, top 3, show 4": (
        ("wordle", "suggest", "CRANE:..Y.G", "--hard", "--top", "3", "--show", "4"),
        "/api/wordle/suggest",
        {"history": "CRANE:..Y.G", "hard": True, "top": 3, "show": 4},
    ),
    "wordle reply": (
        ("wordle", "reply", "speed", "abide"),
        "/api/wordle/reply",
        {"guess": "speed", "answer": "abide"},
    ),
    "letterboxed solve top 5, 3 words, common": (
        ("letterboxed", "solve", BOARD, "--top", "5", "--max-words", "3", "--common", "30000"),
        "/api/letterboxed/solve",
        {"sides": BOARD, "top": 5, "max_words": 3, "common": 30000},
    ),
    "letterboxed large board, its budget spent at once": (
        ("letterboxed", "solve", "RJQX,ZUCS,VYTL,DOPB,KHIA", "--shape", "any", "--seconds", "1e-9"),
        "/api/letterboxed/solve",
        {"sides": "RJQX,ZUCS,VYTL,DOPB,KHIA", "shape": "any", "seconds": 1e-9},
    ),
    "letterboxed solve, offensive words left out": (
        ("letterboxed", "solve", "ABC,DEF,GHI,JKL", "--top", "3"),
        "/api/letterboxed/solve",
        {"sides": "ABC,DEF,GHI,JKL", "top": 3},
    ),
    "letterboxed solve, offensive words allowed": (
        ("letterboxed", "solve", "ABC,DEF,GHI,JKL", "--top", "3", "--allow-offensive"),
        "/api/letterboxed/solve",
        {"sides": "ABC,DEF,GHI,JKL", "top": 3, "allow_offensive": True},
    ),
    "letterboxed new board, an offensive key allowed": (
        ("letterboxed", "new", "--seed", "72", "--reveal", "--allow-offensive"),
        "/api/letterboxed/new",
        {"seed": 72, "reveal": True, "allow_offensive": True},
    ),
    "letterboxed hint after a word": (
        ("letterboxed", "hint", BOARD, "FOG", "--top", "3", "--max-words", "3"),
        "/api/letterboxed/hint",
        {"sides": BOARD, "played": "FOG", "top": 3, "max_words": 3},
    ),
}


def _untimed(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k not in TIMINGS}


@pytest.mark.parametrize("name", CASES)
def test_the_cli_and_the_api_give_the_same_json(client: TestClient, name: str) -> None:
    args, path, query = CASES[name]
    result = run_cli(*args, "--json")
    assert result.exit_code in (0, 1), result.stderr
    if path.startswith("POST "):
        response = client.post(path.removeprefix("POST "), json=query)
    else:
        response = client.get(path, params=query)
    assert response.status_code == 200, response.text
    assert _untimed(response.json()) == _untimed(json.loads(result.stdout))


def test_complete_is_exact_where_the_faces_used_to_disagree(client: TestClient) -> None:
    # MVHRRNPBMNEO has 46 solutions: a limit of 100 lists them all, a limit of 46 too, 45 does not.
    for limit, complete in ((100, True), (46, True), (45, False)):
        payload = client.get("/api/qless/solve", params={"letters": "MVHRRNPBMNEO", "limit": limit}).json()
        assert (payload["count"], payload["complete"]) == (min(limit, 46), complete)


def test_the_scrabble_show_api_is_the_cli_shape_plus_the_drawing(client: TestClient) -> None:
    shown = client.post("/api/scrabble/show", json={"cgp": CGP}).json()
    cli = json.loads(run_cli("scrabble", "show", CGP, "--json").stdout)
    drawing = (
        "layout",
        "premiums",
        "tile_set",
        "tile_scores",
        "alphabet",
        "lexicon",
    )  # Rules.as_dict, the lexicon
    assert {k: v for k, v in shown.items() if k not in drawing} == cli
