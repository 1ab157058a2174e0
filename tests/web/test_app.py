"""The web app's shell: home page, JSON errors, size limits, lexicons by name, time budgets."""

from __future__ import annotations

import json
import math
import multiprocessing
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from lexigrid.budget import (
    STOP,
    BudgetExceeded,
    call_with_budget,
    report,
    reporting_to,
    stop_asked,
    stopping_clock,
)
from lexigrid.errors import LexigridError
from lexigrid.web.app import SUMMARY_CHARS, web_modules
from lexigrid.web.common import ApiRequest


def test_home_page_links_to_the_tools(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert 'href="/words"' in response.text


def test_openapi_docs(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert "/api/words/find" in spec["paths"]
    assert client.get("/api/docs").status_code == 200


def test_every_api_route_has_a_one_line_description(client: TestClient) -> None:
    """The docs page lists each route with what it does, not FastAPI's default "Check" or "Solve"."""
    paths = client.get("/api/openapi.json").json()["paths"]
    operations = [op for ops in paths.values() for op in ops.values()]
    assert len(operations) > 25
    for op in operations:
        summary = op["summary"]
        assert len(summary) <= SUMMARY_CHARS + 1 and summary.endswith((".", "?")), op["operationId"]
        assert " " in summary and "\n" not in summary, op["operationId"]
    summaries = {op["operationId"].split("_api_")[0]: op["summary"] for op in operations}
    assert summaries["health"] == "Whether the server is up, and the lexigrid version it runs."
    assert summaries["sim"] == "Simulate the best plays, streamed as NDJSON."  # cut at its colon


def test_words_api_matches_the_library(client: TestClient) -> None:
    payload = client.get("/api/words/find", params={"rack": "RETAINS"}).json()
    assert payload["count"] == 282 and payload["words"][0]["length"] == 7
    assert client.get("/api/words/check", params={"words": "qi za qzx"}).json()["words"] == {
        "QI": True,
        "ZA": True,
        "QZX": False,
    }


@pytest.mark.parametrize(
    ("params", "status", "message"),
    [
        ({"rack": "RE1"}, 400, "holds '1'"),
        ({}, 422, "rack: Field required"),
        ({"rack": "AB", "lexicon": "/etc/passwd"}, 400, "lexicon names only"),
        ({"rack": "AB", "lexicon": "../shared/data/lexicons/twl06.txt"}, 400, "lexicon names only"),
        ({"rack": "AB", "min_len": "0"}, 422, "min_len"),
    ],
)
def test_bad_requests_get_json_4xx(
    client: TestClient, params: dict[str, str], status: int, message: str
) -> None:
    response = client.get("/api/words/find", params=params)
    assert response.status_code == status
    error = response.json()["error"]
    assert message in error and "Traceback" not in error and "\n" not in error


@pytest.mark.parametrize(
    ("path", "params", "says"),
    [
        ("/api/words/find", {"rack": "AEINRST", "prefix": "R", "contains": "E"}, "use contains on its own"),
        ("/api/letterboxed/solve", {"sides": "VYQ,FIG,OTE"}, "or give the shape of another box: NxM, or any"),
        (
            "/api/letterboxed/hint",
            {"sides": "VYQ,FIG,OTE,XLU", "played": "FOG-GLOVE-EXILE", "max_words": "3"},
            "3 words are played and a solution has at most 3 words: no next word fits; allow at least 4",
        ),
    ],
)
def test_an_error_about_a_field_speaks_of_the_thing_not_a_command_line_flag(
    client: TestClient, path: str, params: dict[str, str], says: str
) -> None:
    """The CLI names the same complaint's option (`--max-words`): its tests say so."""
    response = client.get(path, params=params)
    assert response.status_code == 400
    assert says in response.json()["error"] and "--" not in response.json()["error"]


EMPTY_BOARD = "/".join(["15"] * 15) + " AEINRST/ 0/0 0"
NUMBER_FIELDS = [  # every float a JSON body takes, with the body's required fields
    ("/api/scrabble/endgame", {"cgp": EMPTY_BOARD}, "seconds"),
    ("/api/scrabble/infer", {"cgp": EMPTY_BOARD, "move": "8D RATINES"}, "seconds"),
    ("/api/scrabble/infer", {"cgp": EMPTY_BOARD, "move": "8D RATINES"}, "margin"),
    ("/api/scrabble/infer", {"cgp": EMPTY_BOARD, "move": "8D RATINES"}, "temperature"),
    ("/api/scrabble/sim", {"cgp": EMPTY_BOARD}, "seconds"),
    ("/api/scrabble/sim", {"cgp": EMPTY_BOARD}, "temperature"),
    ("/api/scrabble/games", {}, "clock_minutes"),
    ("/api/scrabble/analyze", {"gcg": "#player1 a A"}, "seconds_per_turn"),
]


@pytest.mark.parametrize(("path", "body", "field"), NUMBER_FIELDS)
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_a_number_that_is_not_finite_is_refused_as_such(
    client: TestClient, path: str, body: dict[str, str], field: str, value: str
) -> None:
    """JSON parsers read NaN: it passes no bound, so it was refused as over the largest value allowed."""
    text = json.dumps({**body, field: float(value)})  # NaN, Infinity: what Python's json writes for them
    response = client.post(path, content=text, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json() == {"error": f"{field}: Input should be a finite number"}


def test_every_json_body_refuses_a_number_that_is_not_finite() -> None:
    """Each web module's body model is an ApiRequest (the table above tries each float field of today's)."""
    models = [
        value
        for _, module in web_modules()
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__ == module.__name__
    ]
    assert len(models) >= 10
    assert [model for model in models if not issubclass(model, ApiRequest)] == []


def test_a_query_number_that_is_not_finite_is_refused_as_such(client: TestClient) -> None:
    response = client.get("/api/letterboxed/solve", params={"sides": "ABC,DEF,GHI,JKL", "seconds": "nan"})
    assert response.status_code == 422
    assert response.json() == {"error": "seconds: Input should be a finite number"}


def test_request_size_limits(client: TestClient) -> None:
    assert client.post("/api/words/find", content=b"x" * 70_000).status_code == 413
    assert client.get("/api/words/find", params={"rack": "A" * 5000}).status_code == 414


def test_unknown_route_is_json_404(client: TestClient) -> None:
    response = client.get("/api/nope")
    assert response.status_code == 404
    assert response.json() == {"error": "there is no API route /api/nope: the routes are listed at /api/docs"}


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/nope", 404, "There is no page at /nope."),
        ("/wordle/nope/<b>x</b>", 404, "There is no page at /wordle/nope/&lt;b&gt;x&lt;/b&gt;."),
        ("/letterboxed?board=yesterday", 422, "board: Input should be &#39;today&#39; or &#39;new&#39;"),
        ("/words?x=" + "A" * 5000, 414, "query string over 4096 bytes"),
    ],
)
def test_errors_outside_the_api_are_pages(client: TestClient, path: str, status: int, says: str) -> None:
    """A person who mistypes an address sees a page with the reason and the way back, not JSON."""
    response = client.get(path)
    assert response.status_code == status and response.headers["content-type"].startswith("text/html")
    assert says in response.text and 'href="/"' in response.text
    assert "<b>x</b>" not in response.text  # the address is shown as text, never as markup


def _slow(seconds: float) -> str:
    time.sleep(seconds)
    return "done"


def _forever() -> None:
    threading.Event().wait()  # only a kill ends it


def _bad() -> None:
    raise LexigridError("bad board")


def test_budget_returns_results_and_stops_slow_calls() -> None:
    assert call_with_budget(_slow, 0.01, seconds=10) == "done"
    with pytest.raises(BudgetExceeded):  # it answers at all: the budget stopped the endless call
        call_with_budget(_forever, seconds=0.5)
    with pytest.raises(LexigridError, match="bad board"):
        call_with_budget(_bad, seconds=10)


def _counting(n: int) -> list[bool]:
    return [report(i) for i in range(n)]


def _reporting_forever() -> None:
    while True:
        report("still here")
        time.sleep(0.01)


def test_a_budgeted_call_hands_its_reports_to_its_caller_in_order() -> None:
    heard: list[Any] = []
    assert call_with_budget(_counting, 3, seconds=10, on_report=heard.append) == [False] * 3
    assert heard == [0, 1, 2]
    assert call_with_budget(_counting, 2, seconds=10) == [
        False,
        False,
    ]  # nobody listens: no reports, the result
    with pytest.raises(BudgetExceeded):  # reports do not keep a call past its budget
        call_with_budget(_reporting_forever, seconds=0.5, on_report=heard.append)
    assert set(heard[3:]) == {"still here"}


def test_a_stopping_clock_reads_infinity_once_the_caller_asks_the_solve_to_stop() -> None:
    """What makes a search with a clock stop on the Stop button: a reporting solve's clock, at the end of
    time once a stop has come down its pipe (and from then on); where nothing reports it is the clock."""
    assert stopping_clock(lambda: 7.0)() == 7.0
    server, solve = multiprocessing.Pipe()
    reporting_to(solve)
    try:
        clock = stopping_clock(lambda: 7.0)
        assert clock() == 7.0 and not stop_asked()
        server.send(STOP)
        assert clock() == math.inf and clock() == math.inf and stop_asked()
        assert report("a round") is True and server.recv() == ("progress", "a round")
    finally:
        reporting_to(None)
    assert stopping_clock(lambda: 7.0)() == 7.0


def test_the_api_docs_use_the_apps_own_swagger_files(client: TestClient) -> None:
    html = client.get("/api/docs").text
    assert "/api/docs-assets/swagger-ui-bundle.js" in html and "cdn" not in html.lower()
    assert client.get("/api/docs-assets/swagger-ui-bundle.js").status_code == 200


def test_the_favicon_is_served(client: TestClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
