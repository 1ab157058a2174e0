"""The games' JSON API: the CLI's --json shapes, answers checked by slow obviously-correct oracles."""

from __future__ import annotations

import json
import threading
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lexigrid.letterboxed import daily as daily_board
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.added import add_lexicon
from lexigrid.web.pool import SolverPool
from lexigrid.wordle import original
from tests.conftest import run_cli
from tests.web.conftest import finish

TIMINGS = {"elapsed_ms", "load_ms"}


def _cli_json(*args: str) -> dict[str, Any]:
    result = run_cli(*args, "--json")
    assert result.exit_code in (0, 1), result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


def _untimed(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k not in TIMINGS}


# --- oracles: written from the rules, nothing shared with the engines ------------------------------


def wordle_reply_oracle(guess: str, answer: str) -> str:
    """Greens first; then each other letter is yellow while the answer has unmatched copies left."""
    out = ["G" if g == a else "." for g, a in zip(guess, answer, strict=True)]
    spare = Counter(a for a, o in zip(answer, out, strict=True) if o != "G")
    for i, g in enumerate(guess):
        if out[i] != "G" and spare[g] > 0:
            out[i] = "Y"
            spare[g] -= 1
    return "".join(out)


def letterboxed_oracle(sides: str, words: list[str], lex: Lexicon) -> bool:
    """Words of 3+ letters from the board, no two consecutive letters on one side, chained, covering all."""
    side_of = {ch: i for i, side in enumerate(sides.split(",")) for ch in side}
    if not words or any(len(w) < 3 or w not in lex for w in words):
        return False
    if any(ch not in side_of for w in words for ch in w):
        return False
    if any(side_of[a] == side_of[b] for w in words for a, b in pairwise(w)):
        return False
    if any(a[-1] != b[0] for a, b in pairwise(words)):
        return False
    return set("".join(words)) == set(side_of)


def qless_oracle(grid: list[str], letters: str, lex: Lexicon) -> bool:
    """Every letter of the roll once, one connected group, every run of 2+ letters a word of 3+ letters."""
    cells = {(r, c): ch for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "."}
    if Counter(cells.values()) != Counter(letters):
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    if seen != set(cells):
        return False
    lines = list(grid) + ["".join(col) for col in zip(*grid, strict=True)]
    runs = [run for line in lines for run in line.split(".") if len(run) >= 2]
    return bool(runs) and all(len(run) >= 3 and run in lex for run in runs)


# --- Wordle ------------------------------------------------------------------------------------------

REPLY_CASES = {
    "all-grey": ("CRANE", "POUTS"),
    "double-guess-one-in-answer": ("SPEED", "ABIDE"),
    "double-both": ("EERIE", "THEME"),
    "green-beats-yellow": ("ALLOT", "TALLY"),
    "solved": ("SPASM", "SPASM"),
}


@pytest.mark.parametrize(("guess", "answer"), REPLY_CASES.values(), ids=REPLY_CASES.keys())
def test_wordle_reply_matches_the_oracle_and_the_cli(client: TestClient, guess: str, answer: str) -> None:
    payload = client.get("/api/wordle/reply", params={"guess": guess.lower(), "answer": answer}).json()
    assert payload["reply"] == wordle_reply_oracle(guess, answer)
    assert payload == _cli_json("wordle", "reply", guess, answer)


def test_wordle_reply_reads_a_lexicon_added_again(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server outlives a lexicon: added again under its name, its new words are the lists' words."""
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path / "data"))
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("ABIDE\nCRANE\n")
    second.write_text("ABIDE\nSPEED\n")
    params = {"guess": "speed", "answer": "abide", "lexicon": "FIVES"}
    add_lexicon("FIVES", first)
    refused = client.get("/api/wordle/reply", params=params)
    assert refused.status_code == 400 and "SPEED" in refused.json()["error"]
    add_lexicon("FIVES", second)
    replied = client.get("/api/wordle/reply", params=params)
    assert replied.status_code == 200 and replied.json()["reply"] == wordle_reply_oracle("SPEED", "ABIDE")


def test_wordle_game_hides_the_answer_until_it_is_over(client: TestClient) -> None:
    from lexigrid.wordle.token import DAILY_PREFIX

    game = client.get("/api/wordle/new", params={"mode": "daily", "date": "2026-01-02"}).json()
    assert game["token"] == f"{DAILY_PREFIX}2026-01-02" and "answer" not in game
    history: list[str] = []
    for word in ("CRANE", "SLOTH", "PUDGY", "WIMPY", "BOXED", "FJORD"):
        reply = client.post(
            "/api/wordle/guess", json={"token": game["token"], "history": history, "guess": word}
        )
        payload = reply.json()
        history.append(word)
        if payload["won"]:
            break
        assert ("answer" in payload) == payload["over"]
    answer = payload["answer"]
    assert payload["over"] and answer in load("wordle-answers")
    first = client.post("/api/wordle/guess", json={"token": game["token"], "guess": history[0]}).json()
    assert first["reply"] == wordle_reply_oracle(history[0], answer)
    assert payload["share"].splitlines()[0].startswith("lexigrid Wordle 2026-01-02 ")
    again = client.get("/api/wordle/new", params={"mode": "daily", "date": "2026-01-02"}).json()
    assert again["token"] == game["token"]  # the same day, the same game


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"token": "seed-1", "guess": "QZXVJ"}, "not in the word list"),
        ({"token": "seed-1", "guess": "CRAN"}, "guess a 5-letter word"),
        ({"token": "answer-CRANE", "guess": "CRANE"}, "bad game token"),
        ({"token": "seed-1", "history": ["CRANE"], "guess": "BUMPY", "hard": True}, "hard mode"),
    ],
    ids=["unknown-word", "short", "forged-token", "hard-mode"],
)
def test_wordle_refusals(client: TestClient, body: dict[str, Any], message: str) -> None:
    from lexigrid.wordle import original, reply_table
    from lexigrid.wordle.token import answer_of

    if body.get("hard"):
        answer = answer_of("seed-1", reply_table(original()))
        assert set("CRANE") & set(answer) and not set("CRANE") & set("BUMPY")
    response = client.post("/api/wordle/guess", json=body)
    assert response.status_code == 400 and message in response.json()["error"]


def test_wordle_suggest_matches_the_cli(client: TestClient) -> None:
    payload = client.get("/api/wordle/suggest", params={"history": "CRANE:..Y.G", "top": 3}).json()
    assert payload == _cli_json("wordle", "suggest", "CRANE:..Y.G", "--top", "3")
    assert all(wordle_reply_oracle("CRANE", w) == "..Y.G" for w in payload["candidates"])


@pytest.mark.parametrize(
    ("guess", "status", "says"),
    [
        ("crane", 200, {"guess": "CRANE", "answer": True}),
        ("AAHED", 200, {"guess": "AAHED", "answer": False}),  # a guess the game takes, never an answer
        ("ZZZZZ", 400, {"error": "'ZZZZZ' is not in the word list: guess a word the game accepts"}),
        ("CRAN", 400, {"error": "'CRAN' has 4 letters, not 5: guess a 5-letter word"}),
    ],
)
def test_wordle_check_says_whether_the_game_takes_a_guess(
    client: TestClient, guess: str, status: int, says: dict[str, Any]
) -> None:
    """The assistant checks each guess it is given: ZZZZZ was accepted and only refused at Suggest."""
    response = client.get("/api/wordle/check", params={"guess": guess})
    assert response.status_code == status and response.json() == says
    lists = original()
    if status == 200:
        assert lists.is_guess(says["guess"]) and lists.is_answer(says["guess"]) == says["answer"]


# --- Letter Boxed ------------------------------------------------------------------------------------


def test_letterboxed_solve_matches_the_cli_and_the_oracle(client: TestClient) -> None:
    sides = "VYQ,FIG,OTE,XLU"
    payload = client.get("/api/letterboxed/solve", params={"sides": sides, "top": 10}).json()
    assert _untimed(payload) == _untimed(_cli_json("letterboxed", "solve", sides, "--top", "10"))
    lex = load()
    assert len(payload["solutions"]) == 10
    assert all(letterboxed_oracle(sides, s["words"], lex) for s in payload["solutions"])


def test_letterboxed_check_gives_every_reason(client: TestClient) -> None:
    sides = "VYQ,FIG,OTE,XLU"
    payload = client.get("/api/letterboxed/check", params={"sides": sides, "words": "FIG-GLOVE"}).json()
    assert payload == _cli_json("letterboxed", "check", sides, "FIG-GLOVE")
    assert {p["kind"] for p in payload["problems"]} == {"same_side", "uncovered"}
    hint = client.get("/api/letterboxed/hint", params={"sides": sides, "played": "FOXGLOVE"}).json()
    assert hint == _cli_json("letterboxed", "hint", sides, "FOXGLOVE")


def test_letterboxed_new_boards_match_the_cli(client: TestClient) -> None:
    import re

    seeded = client.get("/api/letterboxed/new", params={"seed": 5, "reveal": True}).json()
    assert seeded == _cli_json("letterboxed", "new", "--seed", "5", "--reveal")
    dated = client.get("/api/letterboxed/new", params={"date": "2026-11-22"}).json()
    assert dated == _cli_json("letterboxed", "new", "--date", "2026-11-22") and dated["key"] is None
    fresh = client.get("/api/letterboxed/new").json()
    assert fresh["sides"] and fresh["key"] is None
    both = client.get("/api/letterboxed/new", params={"seed": 1, "date": "2026-11-22"})
    assert both.status_code == 400 and "not both" in both.json()["error"]
    assert client.get("/api/letterboxed/new", params={"date": "someday"}).status_code == 400
    before = daily_board(None, load()).board
    text = client.get("/letterboxed", params={"board": "today"}).text
    after = daily_board(None, load()).board  # the day may have turned meanwhile (a run at midnight)
    assert f'value="{before}"' in text or f'value="{after}"' in text
    page = client.get("/letterboxed", params={"board": "new"}).text
    shown = re.search(r'id="sides" name="sides" value="([A-Z,]+)"', page)
    assert shown is not None and len(shown[1]) == 15


# --- Q-Less ------------------------------------------------------------------------------------------


def test_qless_solve_matches_the_cli_and_the_oracle(client: TestClient) -> None:
    roll = "BFHLRCTTNOAE"
    first = client.get("/api/qless/solve", params={"letters": roll}).json()
    assert _untimed(first) == _untimed(_cli_json("qless", "solve", roll))
    many = client.get("/api/qless/solve", params={"letters": roll, "limit": 50, "common": 10000}).json()
    lex = load()
    assert many["count"] == 50 and not many["complete"]
    assert all(qless_oracle(s["grid"], roll, lex) for s in many["solutions"])
    assert len({tuple(s["grid"]) for s in many["solutions"]}) == 50


def test_qless_check_difficulty_and_daily_match_the_cli(client: TestClient) -> None:
    roll = "BFHLRCTTNOAE"
    check = client.get("/api/qless/check", params={"letters": roll, "grid": "CAT/A../T.."}).json()
    assert check == _cli_json("qless", "check", "CAT/A../T..", roll)
    assert not check["valid"]
    rating = client.get("/api/qless/difficulty", params={"letters": roll}).json()
    assert rating == _cli_json("qless", "difficulty", roll)
    daily = client.get("/api/qless/daily", params={"date": "2026-11-23"}).json()
    assert daily == _cli_json("qless", "daily", "--date", "2026-11-23")
    assert daily["weekday"] == "Monday" == daily["difficulty"]["weekday"]


# --- Scrabble ----------------------------------------------------------------------------------------

CGP = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


@pytest.mark.parametrize("cgp", [CGP, f"{'/'.join(['15'] * 15)} AEINRST/ 0/0 0"], ids=["quixote", "opening"])
def test_scrabble_moves_match_the_cli(client: TestClient, cgp: str) -> None:
    payload = client.post("/api/scrabble/moves", json={"cgp": cgp, "top": 15}).json()
    assert _untimed(payload) == _untimed(_cli_json("scrabble", "moves", cgp, "--top", "15"))
    assert payload["mirrored"] == (cgp != CGP)


def test_scrabble_breakdown_adds_up_to_the_referees_score(client: TestClient) -> None:
    from lexigrid.scrabble import parse_cgp, parse_move
    from lexigrid.scrabble.core.referee import check

    moves = client.post("/api/scrabble/moves", json={"cgp": CGP, "top": 40}).json()["moves"]
    position = parse_cgp(CGP)
    for listed in moves:
        explained = client.post("/api/scrabble/explain", json={"cgp": CGP, "move": listed["paren"]}).json()
        tiles = [s for w in explained["words"] for s in w["squares"]]
        for word in explained["words"]:
            letters = sum(s["value"] * s["letter_multiplier"] for s in word["squares"])
            assert word["score"] == letters * word["word_multiplier"]
        assert all(s["value"] == 0 for s in tiles if s["tile"].islower())
        total = sum(w["score"] for w in explained["words"]) + explained["bingo"]
        referee = check(position.board, parse_move(listed["paren"], position.board), load())
        assert total == explained["score"] == listed["score"] == referee


def test_scrabble_game_is_saved_and_resumes(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    state = client.post("/api/scrabble/games", json={"seed": 7, "level": "score"}).json()
    assert state["players"][0]["rack"] and state["players"][1]["rack"] is None
    bad = client.post(f"/api/scrabble/games/{state['id']}/move", json={"action": "8H ZZZ"})
    assert bad.status_code == 400 and bad.json()["error"]
    hint = client.get(f"/api/scrabble/games/{state['id']}/hint", params={"top": 1}).json()["moves"][0]
    after = client.post(f"/api/scrabble/games/{state['id']}/move", json={"action": hint["move"]}).json()
    assert [m["player"] for m in after["new_moves"]] == [0, 1] and after["to_move"] == 0
    assert after["players"][0]["score"] == hint["score"]
    web_play._games.clear()  # forget it in memory: the next request replays it from SQLite
    resumed = client.get(f"/api/scrabble/games/{state['id']}").json()
    assert {k: v for k, v in resumed.items() if k != "new_moves"} == {
        k: v for k, v in after.items() if k != "new_moves"
    }
    listed = client.get("/api/scrabble/games").json()["games"]
    assert any(g["id"] == state["id"] and g["moves"] == 2 for g in listed)


def test_a_scrabble_hint_says_what_the_computer_likely_kept_from_what_the_person_sees(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint's inference is the one from the person's view (the state's CGP, no other rack): every
    rack judged under a work budget, within a budget no inference here comes near."""
    from lexigrid.scrabble import Engine, parse_cgp
    from lexigrid.scrabble.analysis.infer import kept_after
    from lexigrid.web import common
    from lexigrid.web import scrabble_play as web_play

    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 120.0)
    state = client.post("/api/scrabble/games", json={"seed": 7, "level": "score"}).json()
    first = client.get(f"/api/scrabble/games/{state['id']}/hint", params={"nodes": 1}).json()
    assert "inference" not in first  # nothing to infer from on the first turn
    state = client.post(
        f"/api/scrabble/games/{state['id']}/move", json={"action": first["moves"][0]["move"]}
    ).json()
    last = web_play._games[state["id"]].position().last_play()
    assert last is not None and state["new_moves"][1]["paren"] == last
    hint = client.get(f"/api/scrabble/games/{state['id']}/hint", params={"nodes": 1}).json()
    seen = parse_cgp(state["cgp"])
    assert not str(seen.racks[1])  # the person's view: the computer's rack is not in it
    expected = kept_after(seen, last, Engine.shared(load(), seen.rules)).as_dict(5)
    timing = ("elapsed_ms", "racks_per_second")
    assert {k: v for k, v in hint["inference"].items() if k not in timing} == {
        k: v for k, v in expected.items() if k not in timing
    }
    assert hint["inference"]["complete"] and hint["inference"]["leaves"]


def test_scrabble_games_are_held_one_at_a_time_each(client: TestClient) -> None:
    """A request holding one game does not hold up another game; a missing id keeps no lock."""
    import threading

    from lexigrid.web import scrabble_play as web_play

    first = client.post("/api/scrabble/games", json={"seed": 1, "level": "score"}).json()["id"]
    second = client.post("/api/scrabble/games", json={"seed": 2, "level": "score"}).json()["id"]
    answered = threading.Event()

    def read_second() -> None:
        if client.get(f"/api/scrabble/games/{second}").status_code == 200:
            answered.set()

    with web_play._playing(first):  # as if a slow request were playing the first game
        reader = threading.Thread(target=read_second)
        reader.start()
        assert answered.wait(10)
    reader.join()
    assert client.get("/api/scrabble/games/abc456").status_code == 404
    assert "abc456" not in web_play._locks


# --- safety ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url", "payload"),
    [
        ("get", "/api/letterboxed/solve", {"sides": "VYQ,FIG,OTE,XLU", "lexicon": "/etc/passwd"}),
        ("get", "/api/qless/solve", {"letters": "BFHLRCTTNOAE", "lexicon": "../shared/x.txt"}),
        ("get", "/api/wordle/reply", {"guess": "CRANE", "answer": "SLATE", "lexicon": "/tmp/words"}),
        ("post", "/api/scrabble/moves", {"cgp": CGP + " lex /etc/passwd;"}),
        ("post", "/api/scrabble/games", {"lexicon": "/etc/passwd"}),
    ],
    ids=["letterboxed", "qless", "wordle", "scrabble-cgp-opcode", "scrabble-game"],
)
def test_lexicon_paths_are_refused(
    client: TestClient, method: str, url: str, payload: dict[str, Any]
) -> None:
    response = client.get(url, params=payload) if method == "get" else client.post(url, json=payload)
    assert response.status_code == 400 and "lexicon names only" in response.json()["error"]


@pytest.mark.parametrize(
    ("url", "params", "status", "message"),
    [
        ("/api/letterboxed/solve", {"sides": "VYQ,FIG,OTE"}, 400, "not 4 sides of 3 letters"),
        ("/api/letterboxed/solve", {"sides": "VYQ,FIG,OTE,XLU", "max_words": 9}, 422, "max_words"),
        ("/api/qless/solve", {"letters": "ABC"}, 400, "has 3 letters"),
        ("/api/qless/solve", {"letters": "BFHLRCTTNOAE", "limit": 0}, 422, "limit"),
        ("/api/qless/daily", {"date": "2026-13-01"}, 400, "is not a date"),
        ("/api/wordle/reply", {"guess": "CRANE", "answer": "CRAN"}, 400, "one length"),
        ("/api/wordle/new", {"mode": "seeded"}, 400, "needs a seed"),
        ("/api/wordle/new", {"mode": "daily", "date": "2026-02-30"}, 400, "is not a date"),
        ("/api/wordle/new", {"mode": "weekly"}, 422, "mode"),
    ],
)
def test_bad_input_is_a_one_line_json_error(
    client: TestClient, url: str, params: dict[str, Any], status: int, message: str
) -> None:
    response = client.get(url, params=params)
    assert response.status_code == status
    error = response.json()["error"]
    assert message in error and "\n" not in error and "Traceback" not in error


def test_bad_scrabble_requests(client: TestClient) -> None:
    assert client.post("/api/scrabble/moves", json={"cgp": "15/15 AB/ 0/0 0"}).status_code == 400
    assert client.post("/api/scrabble/moves", json={"cgp": CGP, "top": 0}).status_code == 422
    assert client.post("/api/scrabble/moves", json={"cgp": "x" * 70_000}).status_code == 413
    assert client.get("/api/scrabble/games/not-an-id").status_code == 422
    missing = client.get("/api/scrabble/games/abc123")
    assert missing.status_code == 404 and "no saved game" in missing.json()["error"]
    assert "lexigrid scrabble" not in missing.json()["error"]  # a web-facing message, no CLI command


def _saved(client: TestClient) -> set[str]:
    return {g["id"] for g in client.get("/api/scrabble/games").json()["games"]}


def test_a_new_game_is_saved_on_the_persons_first_move_not_before(client: TestClient) -> None:
    state = client.post("/api/scrabble/games", json={"seed": 11, "level": "score"}).json()
    assert state["id"] not in _saved(client) and not state["saved"]  # the page opened: nothing saved
    moved = client.post(f"/api/scrabble/games/{state['id']}/move", json={"action": "-"}).json()
    assert state["id"] in _saved(client) and moved["saved"]
    first = client.post("/api/scrabble/games", json={"seed": 12, "level": "score", "computer_first": True})
    assert first.json()["moves"] and first.json()["id"] not in _saved(client)  # only the computer moved
    client.post(f"/api/scrabble/games/{first.json()['id']}/move", json={"action": "-"})
    assert first.json()["id"] in _saved(client)


def test_deleting_a_game(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    played = client.post("/api/scrabble/games", json={"seed": 13, "level": "score"}).json()["id"]
    client.post(f"/api/scrabble/games/{played}/move", json={"action": "-"})
    web_play._games.clear()  # only in the store now
    assert client.delete(f"/api/scrabble/games/{played}").json() == {"deleted": played}
    assert played not in _saved(client) and client.get(f"/api/scrabble/games/{played}").status_code == 404
    opened = client.post("/api/scrabble/games", json={"seed": 14, "level": "score"}).json()["id"]
    assert client.delete(f"/api/scrabble/games/{opened}").status_code == 200  # opened, never played
    assert client.get(f"/api/scrabble/games/{opened}").status_code == 404
    missing = client.delete(f"/api/scrabble/games/{played}")
    assert missing.status_code == 404 and "no saved game" in missing.json()["error"]
    assert played not in web_play._locks and opened not in web_play._locks


def test_games_opened_and_left_are_forgotten(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from lexigrid.web import scrabble_play as web_play

    monkeypatch.setattr(web_play, "MEMORY_GAMES", 3)
    played = client.post("/api/scrabble/games", json={"seed": 15, "level": "score"}).json()["id"]
    client.post(f"/api/scrabble/games/{played}/move", json={"action": "-"})
    opened = [client.post("/api/scrabble/games", json={"level": "score"}).json()["id"] for _ in range(4)]
    assert len(web_play._games) == 3 and opened[0] not in web_play._games
    assert client.get(f"/api/scrabble/games/{opened[0]}").status_code == 404  # never played: gone
    assert client.get(f"/api/scrabble/games/{played}").json()["moves"]  # played: replayed from the store


def _never_done(*args: Any) -> None:
    threading.Event().wait()  # a solve no budget is long enough for, on any machine


def test_an_over_budget_solve_is_a_503(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import lexigrid.web.common as common
    from lexigrid.web import qless as web_qless

    monkeypatch.setattr(common, "SOLVE_BUDGET_SECONDS", 0.2)
    monkeypatch.setattr(web_qless, "_solve", _never_done)  # the solver process runs it by name, so...
    solvers = SolverPool(1)  # ...in solvers of its own, forked (and replaced) with it in place
    monkeypatch.setattr(common, "_pool", solvers)
    try:
        response = client.get("/api/qless/solve", params={"letters": "BFHLRCTTNOAE", "count": "true"})
    finally:
        solvers.close()
    assert response.status_code == 503 and "time budget" in response.json()["error"]


def test_letterboxed_api_leaves_out_offensive_words_unless_allowed(client: TestClient) -> None:
    query = {"sides": "ABC,DEF,GHI,JKL", "top": 5}
    kept = client.get("/api/letterboxed/solve", params=query).json()["solutions"]
    allowed = client.get("/api/letterboxed/solve", params={**query, "allow_offensive": True}).json()
    assert allowed["solutions"][0]["words"][0] == "DICKHEAD"
    assert kept and not any(w.startswith("DICK") for s in kept for w in s["words"])
    hints = client.get("/api/letterboxed/hint", params={"sides": "VYQ,FIG,OTE,XLU", "played": "FOG"})
    assert "GOGO" not in [h["word"] for h in hints.json()["hints"]]


@pytest.mark.parametrize("path", ["/letterboxed", "/letterboxed/solve"])
def test_a_bad_board_on_a_page_shows_the_reason_and_no_other_board(client: TestClient, path: str) -> None:
    """The text typed stays in the box with the reason; the default board is neither shown nor solved."""
    response = client.get(path, params={"sides": "ABC,DEF,GHI,JKA"})
    assert response.status_code == 200 and "repeats the letter(s) A" in response.text
    assert 'id="sides" name="sides" value="ABC,DEF,GHI,JKA"' in response.text
    assert 'id="board-area" hidden' in response.text and "LB_BOARD_OK = false" in response.text


def test_every_page_renders(client: TestClient) -> None:
    home = client.get("/").text
    for game in ("wordle", "letterboxed", "qless", "scrabble"):
        assert f'id="card-{game}"' in home
    for path in (
        "/wordle",
        "/wordle/assistant",
        "/letterboxed",
        "/letterboxed/solve",
        "/qless",
        "/qless/play",
        "/scrabble",
        "/scrabble/play",
    ):
        response = client.get(path)
        assert response.status_code == 200 and "<main>" in response.text, path
    spec = client.get("/api/openapi.json").json()["paths"]
    for path in ("/api/wordle/reply", "/api/letterboxed/solve", "/api/qless/solve", "/api/scrabble/moves"):
        assert path in spec


def test_a_game_can_start_before_the_computer_moves_and_let_it_move_next(client: TestClient) -> None:
    """`computer_moves: false` answers at once with the computer to move (the page then shows its thinking
    while `POST .../computer` makes its move); the two routes each refuse the other side's turn."""
    request = {"seed": 12, "level": "score", "computer_first": True, "computer_moves": False}
    state = client.post("/api/scrabble/games", json=request).json()
    url = f"/api/scrabble/games/{state['id']}"
    assert state["moves"] == [] and state["to_move"] == 0 and state["human"] == 1
    early = client.post(f"{url}/move", json={"action": "-"})
    assert early.status_code == 400 and early.json()["error"] == (
        f"it is the computer's turn: let the computer move (the page's button, or POST {url}/computer)"
    )
    moved = client.post(f"{url}/computer").json()
    waited = client.post("/api/scrabble/games", json={**request, "computer_moves": True}).json()
    assert moved["moves"] == moved["new_moves"] == waited["moves"] and len(moved["moves"]) == 1  # the same
    again = client.post(f"{url}/computer")
    assert again.status_code == 400 and again.json()["error"] == "it is your turn, not the computer's"


def test_when_the_computer_s_move_fails_the_person_s_move_stands_and_it_can_try_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer move over its budget is a 503 saying how to go on, not a game stuck on the computer's
    turn: the person's move stands, and the computer route makes the move when asked."""
    from lexigrid.budget import BudgetExceeded
    from lexigrid.web import common

    state = client.post("/api/scrabble/games", json={"seed": 11, "level": "score"}).json()
    url = f"/api/scrabble/games/{state['id']}"

    def over(*args: Any, seconds: float, **kwargs: Any) -> Any:
        raise BudgetExceeded(f"stopped after the {seconds:g} s time budget")

    with monkeypatch.context() as patch:
        patch.setattr(common, "call_with_budget", over)
        failed = client.post(f"{url}/move", json={"action": "-"})
    assert failed.status_code == 503 and failed.json()["error"] == (
        f"the computer's move was stopped after the {common.SOLVE_BUDGET_SECONDS:g} s time budget; to try"
        f" again, let the computer move (the page's button, or POST {url}/computer)"
    )
    stuck = client.get(url).json()
    assert [m["kind"] for m in stuck["moves"]] == ["pass"] and stuck["to_move"] == 1
    moved = client.post(f"{url}/computer").json()
    assert [m["player"] for m in moved["new_moves"]] == [1] and moved["to_move"] == 0 and moved["saved"]


def test_a_finished_game_takes_no_move_from_either_side(client: TestClient) -> None:
    """Once the game is over, the person's move and hint and the computer's move are refused, saying what
    to do."""
    from lexigrid.web import scrabble_play as web_play

    game_id = client.post("/api/scrabble/games", json={"seed": 40, "level": "score"}).json()["id"]
    with web_play._playing(game_id) as game:
        finish(game)
    url = f"/api/scrabble/games/{game_id}"
    assert client.get(url).json()["over"]
    move, hint = client.post(f"{url}/move", json={"action": "-"}), client.get(f"{url}/hint")
    for refused in (move, hint, client.post(f"{url}/computer")):
        assert refused.status_code == 400 and refused.json()["error"] == "the game is over: start a new one"
