"""The simulation over the web: a stream of the library's own tables ending in `simulate`'s result (and the
CLI's), stopped by the stop route or a closed connection, for the time asked; 4xx on bad input; the
`sim` computer level in a game."""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
import time
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from lexigrid.budget import STOP, call_with_budget, report, reporting_to
from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis import chooser
from lexigrid.scrabble.analysis.sim import Progress, simulate
from lexigrid.scrabble.game.store import GameStore
from lexigrid.web import common
from lexigrid.web import scrabble as web_scrabble
from lexigrid.web import scrabble_play as web_play
from lexigrid.web.pool import SolverPool
from tests.conftest import run_cli
from tests.scrabble.conftest import REFERENCE_BOARD
from tests.scrabble_game.conftest import ENDGAME_BOARD, RACED
from tests.web.conftest import TickingClock, held_simulation, thinking_until

CGP = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
LONG = {"cgp": CGP, "plays": 10, "plies": 2, "iterations": 100_000}  # far longer than any budget here


def _events(client: TestClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of a simulation's stream."""
    with client.stream("POST", "/api/scrabble/sim", json=body) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("application/x-ndjson")
        return [json.loads(line) for line in response.iter_lines() if line.strip()]


def _untimed(payload: dict[str, Any]) -> dict[str, Any]:
    return {**payload, "elapsed_ms": 0}


@pytest.fixture
def roomy_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget no simulation here comes near, so results depend on seeds and counts, not the machine."""
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 120.0)


def test_the_stream_carries_the_library_tables_and_ends_in_simulate_s_result(
    client: TestClient, roomy_budget: None
) -> None:
    body = {"cgp": CGP, "plays": 3, "plies": 1, "iterations": 80, "seed": 2}
    events = _events(client, body)
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start" and kinds[-1] == "result" and set(kinds[1:-1]) == {"progress"}
    # a run with a time limit (here the server's longest) plays one deal first to measure its pace, then
    # the rest of each play's first 32 play-outs, then rounds of 32 and 16
    assert len(kinds) - 2 == 4
    position = parse_cgp(CGP)
    expected = simulate(position, Engine(load(), position.rules), plays=3, plies=1, iterations=80, seed=2)
    final = events[-1]
    assert _untimed(final["result"]) == _untimed(expected.as_dict()) and final["stopped"] is None
    progress_keys = set(Progress(expected.plays, expected.iterations, 0.0).as_dict())
    for event in events[1:-1]:
        assert set(event) == {"event", "progress"} and set(event["progress"]) == progress_keys
    last = _untimed(events[-2]["progress"])
    assert last.pop("notes") == {"sure": final["result"]["notes"]["sure"]}  # how sure, in the same words
    assert last == {
        k: v
        for k, v in _untimed(expected.as_dict()).items()
        if k not in ("stopped", "confidence", "exact", "time_limit", "notes")
    }
    assert [e["progress"]["iterations"] for e in events[1:-1]] == [3, 96, 192, 240]  # 3 plays a deal
    cli = run_cli(
        "scrabble", "sim", CGP, "--plays", "3", "--plies", "1", "--iterations", "80", "--seed", "2", "--json"
    )
    assert cli.exit_code == 0, cli.stderr
    assert _untimed(json.loads(cli.stdout)) == _untimed(final["result"])


def test_the_confidence_asked_decides_when_the_best_play_is_identified(
    client: TestClient, roomy_budget: None
) -> None:
    """At 60 % the leader is told apart and the run stops early; at the default 99 % it is not, and two
    plays stay tied with it; the result is the library's and the CLI's `--confidence 60`."""
    cgp = f"{REFERENCE_BOARD} DEGIKLN/ 0/0 0"
    body = {"cgp": cgp, "plays": 3, "plies": 1, "iterations": 200, "seed": 2}
    events = _events(client, {**body, "confidence": 60})
    assert events[0]["confidence"] == 0.6
    final = events[-1]["result"]
    assert final["stopped"] == "identified" and final["confidence"] == 0.6
    assert not any(p["tied"] for p in final["plays"])
    position = parse_cgp(cgp)
    engine = Engine(load(), position.rules)
    expected = simulate(position, engine, plays=3, plies=1, iterations=200, seed=2, confidence=0.6)
    assert _untimed(final) == _untimed(expected.as_dict())
    cli = run_cli(
        "scrabble",
        "sim",
        cgp,
        *("--plays", "3", "--plies", "1", "--iterations", "200", "--seed", "2"),
        *("--confidence", "60", "--json"),
    )
    assert cli.exit_code == 0, cli.stderr
    assert _untimed(json.loads(cli.stdout)) == _untimed(final)
    default = _events(client, body)[-1]["result"]
    assert default["stopped"] == "budget" and default["confidence"] == 0.99
    assert [p["tied"] for p in default["plays"]] == [False, True, True]


def test_a_play_weighed_is_simulated_beside_the_best(client: TestClient, roomy_budget: None) -> None:
    """`add` (the page's selected move) puts a play far down the equity list among the candidates: the
    result is the library's with it included, and the CLI's `--add`."""
    position = parse_cgp(CGP)
    engine = Engine(load(), position.rules)
    low = engine.moves(position).top(300, "equity")[-1]
    body = {"cgp": CGP, "plays": 3, "plies": 1, "iterations": 30, "seed": 4, "add": [low.paren]}
    events = _events(client, body)
    assert events[0]["add"] == [low.paren]
    final = events[-1]["result"]
    assert low.notation in {p["move"] for p in final["plays"]} and len(final["plays"]) == 4
    expected = simulate(position, engine, plays=3, plies=1, iterations=30, seed=4, include=[low])
    assert _untimed(final) == _untimed(expected.as_dict())
    args = ("--plays", "3", "--plies", "1", "--iterations", "30", "--seed", "4", "--add", low.paren, "--json")
    cli = run_cli("scrabble", "sim", CGP, *args)
    assert cli.exit_code == 0, cli.stderr
    assert _untimed(json.loads(cli.stdout)) == _untimed(final)


def test_the_stop_route_ends_the_run_with_the_table_so_far(client: TestClient, roomy_budget: None) -> None:
    stopped: list[int] = []

    def stop_when_started() -> None:
        while not web_scrabble._sims:
            time.sleep(0.01)
        sim_id = next(iter(web_scrabble._sims))
        stopped.append(client.post(f"/api/scrabble/sim/{sim_id}/stop").status_code)

    helper = threading.Thread(target=stop_when_started)
    helper.start()
    events = _events(client, LONG)
    helper.join()
    assert stopped == [200]
    final = events[-1]
    assert final["event"] == "result" and final["stopped"] == "stop"
    assert final["result"]["stopped"] == "user"
    assert max(p["iterations"] for p in final["result"]["plays"]) < LONG["iterations"]
    assert web_scrabble._sims == {}
    missing = client.post(f"/api/scrabble/sim/{'0' * 32}/stop")
    assert missing.status_code == 404 and "no such simulation" in missing.json()["error"]


def test_a_long_run_by_play_outs_runs_to_the_server_s_longest_and_stops_itself(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100,000 play-outs a play are not cut to the solve budget's 4 s (the default budget here): the run
    gets the longest the server allows (MAX_SIM_SECONDS) and stops itself there with its table, `capped`."""
    from lexigrid.scrabble.analysis import sim as sim_module

    # Its clock is a counter (in a solver forked after the swap), 750 s a reading.
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 5.0)
    monkeypatch.setattr(sim_module, "time", TickingClock(750.0))
    solvers = SolverPool(1)
    monkeypatch.setattr(common, "_pool", solvers)
    try:
        events = _events(client, LONG)
    finally:
        solvers.close()
    longest = web_scrabble.MAX_SIM_SECONDS
    assert events[0]["seconds"] == pytest.approx(longest) and events[0]["capped"]
    final = events[-1]
    assert final["event"] == "result", final  # not an error: the run stopped itself
    assert final["stopped"] == "time" and final["result"]["elapsed_ms"] >= 1000 * longest
    assert max(p["iterations"] for p in final["result"]["plays"]) < LONG["iterations"]
    assert [e["event"] for e in events[1:-1]] == ["progress", "progress"]  # 750 s a reading: two rounds


def test_a_run_for_the_seconds_asked_ends_at_them_and_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time chosen is the run's own, past the server's solve budget too (issue 24: the page's "30
    seconds" ended after 0.6 s, then at the default budget's 4 s): not capped, the stream's hard limit
    leaves it the whole time, and the run ends at 30 s of its clock with the reason "time"."""
    from lexigrid.scrabble.analysis import sim as sim_module

    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 5.0)  # the default budget
    monkeypatch.setattr(sim_module, "time", TickingClock(5.0))
    solvers = SolverPool(1)
    monkeypatch.setattr(common, "_pool", solvers)
    limits: list[float] = []
    stream = solvers.stream

    def recorded(*args: Any, seconds: float, **kwargs: Any) -> Any:
        limits.append(seconds)
        return stream(*args, seconds=seconds, **kwargs)

    monkeypatch.setattr(solvers, "stream", recorded)
    try:
        events = _events(client, {"cgp": CGP, "plays": 10, "plies": 2, "seconds": 30})
    finally:
        solvers.close()
    assert events[0]["seconds"] == pytest.approx(30.0) and not events[0]["capped"]
    assert len(limits) == 1 and limits[0] > 30.0  # the worker is not killed before the run's own end
    final = events[-1]
    assert final["event"] == "result" and final["stopped"] == "time", final
    assert final["result"]["stopped"] == "budget" and 30_000 <= final["result"]["elapsed_ms"] < 480_000


def _pid() -> int:
    return os.getpid()


def _count_until_stopped() -> int:
    n = 0
    while not report(n):
        n += 1
    return n


def test_closing_a_stream_stops_its_solve_and_frees_the_worker() -> None:
    pool = SolverPool(1)
    try:
        worker = pool.call(_pid, seconds=10, wait=10)
        stream = pool.stream(_count_until_stopped, seconds=600, wait=10)
        assert [next(stream) for _ in range(3)] == [("progress", 0), ("progress", 1), ("progress", 2)]
        stream.close()  # the solve runs until told to stop: only the stop ends it
        assert pool.call(_pid, seconds=10, wait=60) == worker  # the same worker, back in the pool
        stop = threading.Event()
        stream = pool.stream(_count_until_stopped, seconds=600, wait=10, stop=stop)
        next(stream)
        stop.set()
        kinds = [kind for kind, _ in stream]
        assert kinds[-1] == "result" and set(kinds[:-1]) <= {"progress"}
    finally:
        pool.close()


def test_a_closed_connection_stops_the_simulation(live_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 600.0)  # only the closed connection can stop it
    with httpx.Client(base_url=live_server, timeout=60) as http:
        with http.stream("POST", "/api/scrabble/sim", json=LONG) as response:
            lines = response.iter_lines()
            assert json.loads(next(lines))["event"] == "start"
            assert json.loads(next(lines))["event"] == "progress"
        deadline = time.monotonic() + 60
        while web_scrabble._sims and time.monotonic() < deadline:
            time.sleep(0.05)
        assert web_scrabble._sims == {}
        pool = common.solver_pool()
        while pool._idle.qsize() < pool.size and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pool._idle.qsize() == pool.size  # the worker is free again, long before 600 s


NO_RACK = f"{REFERENCE_BOARD} / 0/0 0"
AFTER_ETAS = (
    "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 AEINRST/ 0/16 0"  # they just played 9G ETAS
)
SMALL_BAG = ENDGAME_BOARD.replace("/1ID9G1L/1Z12A/14T", "/15/15/15") + " AACDE/ 364/412 0"  # 2 in the bag


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"cgp": NO_RACK}, 400, "no tiles"),
        ({"cgp": SMALL_BAG, "plies": 3}, 400, "the bag holds 2 tiles, too few for 3 plies"),
        ({"cgp": CGP, "iterations": 10, "seconds": 1}, 400, "not both"),
        ({"cgp": CGP + " lex /etc/passwd;"}, 400, "lexicon names only"),
        ({"cgp": "15/15 AB/ 0/0 0"}, 400, "15 rows"),
        ({"cgp": CGP, "iterations": 0}, 422, "iterations"),
        ({"cgp": CGP, "iterations": -5}, 422, "iterations"),
        ({"cgp": CGP, "plays": 0}, 422, "plays"),
        ({"cgp": CGP, "plays": 101}, 422, "plays"),
        ({"cgp": CGP, "plies": 0}, 422, "plies"),
        ({"cgp": CGP, "plies": 5}, 422, "plies"),
        ({"cgp": CGP, "seconds": 0}, 422, "seconds"),
        ({"cgp": CGP, "add": ["1A ZA"]}, 400, "1A ZA does not touch a tile on the board"),
        ({"cgp": CGP, "add": ["-QZ"]}, 400, "-QZ is not legal here: the rack (AEINRST) has no Q and no Z"),
        ({"cgp": CGP, "add": ["-"] * 11}, 422, "add"),
        ({"cgp": CGP, "confidence": 100}, 422, "confidence"),
        ({"cgp": CGP, "confidence": 0.99}, 422, "confidence"),  # a percentage, like the CLI's
        ({"plays": 3}, 422, "cgp"),
        ({"cgp": CGP, "infer": "8D WORD"}, 400, "8D WORD is not on the board (8D holds F, not W)"),
        ({"cgp": AFTER_ETAS, "infer": "9G ETAS", "temperature": 0}, 422, "temperature"),
        ({"cgp": AFTER_ETAS, "infer": ""}, 422, "infer"),
        ({"cgp": AFTER_ETAS, "temperature": 3}, 400, "give their last play too"),
    ],
)
def test_bad_input_is_a_one_line_4xx(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    response = client.post("/api/scrabble/sim", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert message in error and "\n" not in error
    assert web_scrabble._sims == {}


def test_their_racks_drawn_from_their_last_play(client: TestClient, roomy_budget: None) -> None:
    """With the opponent's last play the stream's result is the CLI's `sim --infer`, inference included."""
    body = {"cgp": AFTER_ETAS, "plays": 2, "plies": 1, "iterations": 40, "infer": "9G ETAS", "temperature": 3}
    events = _events(client, body)
    assert events[0]["infer"] == "9G ETAS"
    final = events[-1]["result"]
    assert events[1]["event"] == "progress" and "progress" not in events[1]  # what it drew from, at once
    assert {k: v for k, v in events[1]["inference"].items() if k != "elapsed_ms"} == {
        k: v for k, v in final["inference"].items() if k != "elapsed_ms"
    }
    assert all("progress" in event for event in events[2:-1])
    args = ("--plays", "2", "--plies", "1", "--iterations", "40", "--temperature", "3", "--json")
    cli = run_cli("scrabble", "sim", AFTER_ETAS, "--infer", "9G ETAS", *args)
    assert cli.exit_code == 0, cli.stderr
    expected = json.loads(cli.stdout)
    for payload in (final, expected):
        payload["elapsed_ms"] = 0
        del payload["inference"]["elapsed_ms"], payload["inference"]["racks_per_second"]
    assert final == expected and final["inference"]["complete"] and final["inference"]["temperature"] == 3
    uniform = _events(client, {**body, "infer": None, "temperature": None})[-1]["result"]
    assert "inference" not in uniform
    assert [p["win_pct"] for p in uniform["plays"]] != [p["win_pct"] for p in final["plays"]]


def test_the_stop_button_stops_the_inference_too() -> None:
    """A run by play-outs judges every leave first (up to half a minute for a one-tile play): a stop asked
    meanwhile ends the inference at its next rack, and the run after one round, saying both stopped."""
    server, solve = multiprocessing.Pipe()
    server.send(STOP)  # asked before the first rack is judged
    reporting_to(solve)
    try:
        result, ended = web_scrabble._simulate_cgp(
            AFTER_ETAS, load().name, 2, 1, 40, 60.0, 0.99, 0, ("9G ETAS", None)
        )
    finally:
        reporting_to(None)
    inference = result["inference"]
    assert ended == "stop" and result["stopped"] == "user"
    assert inference["racks_checked"] == 0 and inference["stopped"] and not inference["complete"]
    assert inference["leaves_total"] > 1000
    assert inference["notes"]["judged"] == f"stopped after 0 of {inference['leaves_total']:,} racks judged"
    assert max(p["iterations"] for p in result["plays"]) < 40


def test_an_empty_bag_is_simulated_once(client: TestClient, roomy_budget: None) -> None:
    cgp = RACED.replace("AACDE/OR", "AACDE/")  # the opponent holds the only unseen tiles
    final = _events(client, {"cgp": cgp, "plays": 3, "plies": 2, "iterations": 50})[-1]
    assert final["event"] == "result" and final["stopped"] is None
    assert {p["iterations"] for p in final["result"]["plays"]} == {1}


def test_the_computer_can_simulate(client: TestClient) -> None:
    request = {"level": "sim", "computer_first": True, "seed": 3, "name": "Ann", "clock_minutes": 0.2}
    response = client.post("/api/scrabble/games", json=request)
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["human"] == 1 and len(state["moves"]) == 1 and state["players"][0]["kind"] == "sim:0.2m"


def test_a_clocked_computer_thinks_for_its_clocks_share_not_the_solve_budget(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """A 10-minute clock at the first move: 600 s less the 5 s reserve over 13 turns likely left, far past
    the 5 s solve budget; the forked child gets that share and the solve budget past it. (The simulation is
    a stand-in recording the seconds it is given: it runs in the child, which inherits the patch.)"""
    given, forks = tmp_path / "seconds", []

    def recorded(position: Any, engine: Engine, **options: Any) -> Any:
        with given.open("a") as out:
            out.write(f"{options['seconds']!r}\n")
        return SimpleNamespace(best=engine.best(position, "equity"))

    def fork(fn: Any, *args: Any, seconds: float, **kwargs: Any) -> Any:
        forks.append(seconds)
        return call_with_budget(fn, *args, seconds=seconds, **kwargs)

    monkeypatch.setattr(chooser, "simulate", recorded)
    monkeypatch.setattr(common, "call_with_budget", fork)
    share = (600 - 5) / 13
    request = {"level": "sim", "computer_first": True, "seed": 3, "clock_minutes": 10}
    state = client.post("/api/scrabble/games", json=request).json()
    assert len(state["moves"]) == 1 and state["players"][0]["kind"] == "sim:10m"
    assert [float(line) for line in given.read_text().split()] == [pytest.approx(share)]
    assert forks == [pytest.approx(share + common.SOLVE_BUDGET_SECONDS)]
    reply = client.post(f"/api/scrabble/games/{state['id']}/move", json={"action": "-"}).json()
    spent = GameStore().load(state["id"]).clocks  # the child's clock reading, kept by the server's game
    assert len(reply["moves"]) == 3 and 0 < spent[0] < 2 * share and list(spent) == [0]
    assert [p["clock_left"] for p in reply["players"]] == [round(600 - spent[0], 1), None]
    plain = client.post("/api/scrabble/games", json={**request, "level": "equity"}).json()
    assert len(plain["moves"]) == 1 and forks[2:] == [common.SOLVE_BUDGET_SECONDS]  # a move in the budget
    assert given.read_text().count("\n") == 2  # the equity level does not simulate


def test_a_new_game_gives_the_simulating_levels_the_clock_asked(client: TestClient) -> None:
    response = client.post("/api/scrabble/games", json={"level": "best", "clock_minutes": 2.5, "seed": 3})
    assert response.status_code == 200, response.text
    assert [p["kind"] for p in response.json()["players"]] == ["human", "best:2.5m"]
    default = client.post("/api/scrabble/games", json={"level": "sim", "seed": 3}).json()
    assert [p["kind"] for p in default["players"]] == ["human", f"sim:{web_play.WEB_CLOCK_MINUTES:g}m"]
    plain = client.post("/api/scrabble/games", json={"level": "equity", "clock_minutes": 2.5, "seed": 3})
    assert [p["kind"] for p in plain.json()["players"]] == ["human", "equity"]  # no clock to give
    refused = client.post("/api/scrabble/games", json={"level": "sim", "clock_minutes": 0})
    assert refused.status_code == 422 and "clock_minutes" in refused.text


def test_while_the_computer_thinks_the_page_can_read_what_it_does_but_never_its_plays(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """The thinking route and the game's state answer while the move is out (the move holds the game): the
    task, the seconds, the clock and the simulation's best so far as the forked child reported them, the
    play itself left out (its tiles are the computer's rack); the state as the move began. The stand-in
    simulation reports a round, then waits for the test."""
    go_on, candidates = tmp_path / "go-on", tmp_path / "candidate"
    monkeypatch.setattr(chooser, "simulate", held_simulation(go_on, candidates))
    state = client.post("/api/scrabble/games", json={"level": "sim", "seed": 3, "clock_minutes": 10}).json()
    url = f"/api/scrabble/games/{state['id']}"
    assert client.get(f"{url}/thinking").json() == {"moving": False, "thinking": None}
    replies: list[httpx.Response] = []
    mover = threading.Thread(target=lambda: replies.append(client.post(f"{url}/move", json={"action": "-"})))
    mover.start()
    try:
        seen = thinking_until(client.get, f"{url}/thinking", _with_a_leader)["thinking"]
        meanwhile = client.get(url).json()
    finally:
        go_on.touch()
        mover.join()
    assert seen["player"] == 1 and seen["task"] == "simulating 15 plays, 2 plies deep"
    assert seen["budget"] == pytest.approx((600 - 5) / 13, abs=0.1) and seen["clock_left"] <= 600
    said = "100.0 % (120 play-outs, 80 % sure)"
    assert seen["leader"] == {"win_pct": 100.0, "iterations": 120, "confidence": 0.8, "tied": 0, "said": said}
    assert candidates.read_text().split()[-1] not in json.dumps(seen)
    assert meanwhile["computer_moving"] and meanwhile["to_move"] == 1
    assert [m["kind"] for m in meanwhile["moves"]] == ["pass"]  # the person's move, not yet the computer's
    assert replies[0].status_code == 200 and len(replies[0].json()["new_moves"]) == 2
    assert client.get(f"{url}/thinking").json() == {"moving": False, "thinking": None}  # the move is made
    after = client.get(url).json()
    assert not after["computer_moving"] and after["moves"] == replies[0].json()["moves"]
    missing = client.get(f"/api/scrabble/games/{'0' * 32}/thinking")
    assert missing.status_code == 404 and "no game" in missing.json()["error"]


def _with_a_leader(reply: dict[str, Any]) -> bool:
    """Whether the thinking route's reply holds a simulation round."""
    return reply["thinking"] is not None and reply["thinking"]["leader"] is not None
