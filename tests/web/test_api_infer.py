"""Rack inference over the web: the library's answer (an exchange too), within the solve budget, 4xx on bad
input. (The CLI's --json shape is checked in test_parity.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.infer import infer
from lexigrid.web import common
from lexigrid.web.scrabble import INFER_BUDGET_SHARE, infer_seconds

AFTER_ETAS = "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 AEINRST/ 0/16 0"
BEFORE = "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15 /AEINRST 0/0 0"
HOW_FOUND = ("elapsed_ms", "racks_per_second", "searched")  # the time, and the searches the order made


def _found(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k not in HOW_FOUND}


def test_an_exchange_is_the_library_s_inference(client: TestClient) -> None:
    body = {"cgp": BEFORE, "move": "-QVVW", "margin": 3, "top": 50}
    response = client.post("/api/scrabble/infer", json=body)
    assert response.status_code == 200, response.text
    position = parse_cgp(BEFORE)
    expected = infer(position, "-QVVW", Engine(load(), position.rules), margin=3).as_dict(50)
    assert _found(response.json()) == _found(expected)
    assert expected["complete"] and expected["leave_size"] == 3 and expected["leaves"]


def test_an_inference_out_of_time_answers_what_it_judged(client: TestClient) -> None:
    """Its time spent at once: the answer says how few racks it judged (the likeliest), not an error."""
    body = {"cgp": AFTER_ETAS, "move": "9G ETAS", "after": True, "seconds": 1e-6}
    response = client.post("/api/scrabble/infer", json=body)
    assert response.status_code == 200, response.text
    payload = response.json()
    assert not payload["complete"] and payload["racks_checked"] < payload["leaves_total"] == 3508


def test_the_time_asked_is_kept_within_the_solve_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """So that an inference too long for the budget answers with the likeliest racks judged, not a 503."""
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 10.0)
    assert infer_seconds(None) == infer_seconds(60) == 10.0 * INFER_BUDGET_SHARE
    assert infer_seconds(0.5) == 0.5


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"cgp": AFTER_ETAS, "move": "9G ETAS"}, 400, "9G ETAS places no tile"),  # already on the board
        (
            {"cgp": AFTER_ETAS, "move": "8D WORD", "after": True},
            400,
            "8D WORD is not on the board (8D is empty)",
        ),
        ({"cgp": BEFORE, "move": "9G ETAS", "score": 3}, 400, "scores 16 on this board, not 3"),
        ({"cgp": BEFORE, "move": "-"}, 400, "a pass uses no tiles"),
        ({"cgp": BEFORE, "move": "9G ETAS", "temperature": 0}, 422, "temperature"),
        ({"cgp": BEFORE, "move": "9G ETAS", "margin": -1}, 422, "margin"),
        ({"cgp": BEFORE, "move": ""}, 422, "move"),
        ({"cgp": BEFORE + " lex /etc/passwd;", "move": "9G ETAS"}, 400, "lexicon names only"),
    ],
)
def test_bad_input_is_a_one_line_4xx(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    response = client.post("/api/scrabble/infer", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert message in error and "\n" not in error
