"""A web game never sends the computer's tiles while it is on: every response of a whole game searched."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from lexigrid.scrabble import parse_cgp
from lexigrid.scrabble.game.view import View

COMPUTER = 1  # the person moves first


def _dicts(body: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in a response body, at any depth."""
    if isinstance(body, dict):
        yield body
        for value in body.values():
            yield from _dicts(value)
    elif isinstance(body, list):
        for value in body:
            yield from _dicts(value)


PUBLIC = {"unseen", "board"}  # every tile not on the board or the person's rack; the board's rows


def _strings(body: Any) -> Iterator[str]:
    """Every string in a response body, at any depth, but the public fields' (`unseen` is the computer's
    rack itself once the bag is empty, as any player can count)."""
    if isinstance(body, str):
        yield body
    elif isinstance(body, dict):
        for key, value in body.items():
            if key not in PUBLIC:
                yield from _strings(value)
    elif isinstance(body, list):
        for value in body:
            yield from _strings(value)


def _leaks(body: Any, secrets: set[str]) -> list[str]:
    """What in a response tells the computer's tiles: a rack of its moves or seat, a CGP holding its
    rack, the saved actions (its exchanges), the seed, or any string equal to a rack it held."""
    found: list[str] = []
    for node in _dicts(body):
        if node.get("player") == COMPUTER and node.get("rack") is not None:
            found.append(f"a move record's rack {node['rack']!r}")
        mine = node.get("player") != COMPUTER
        if node.get("kind") == "exchange" and not mine and not node["move"][1:].isdigit():
            found.append(f"the exchanged tiles {node['move']!r}")
        players = node.get("players")
        seats = players if isinstance(players, list) and players and isinstance(players[0], dict) else []
        if seats and seats[COMPUTER].get("rack") is not None:
            found.append(f"the computer's rack {seats[COMPUTER]['rack']!r}")
        if isinstance(node.get("cgp"), str) and str(parse_cgp(node["cgp"]).racks[1]):
            found.append(f"the other rack in the CGP {node['cgp']!r}")
        for key in ("actions", "seed"):
            if node.get(key) is not None and "players" in node:
                found.append(f"the game's {key} {node[key]!r}")
    found += [f"the string {s!r}" for s in _strings(body) if s in secrets]
    return found


def _computer_racks(game: Any) -> set[str]:
    """Every rack the computer held in the game so far (before each of its turns, and now)."""
    full = View.full(game)
    return {t.rack for t in full.turns() if t.player == COMPUTER and t.rack} | {game.racks[COMPUTER]}


def test_a_web_game_never_sends_the_computers_racks_until_it_is_over(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    bodies: list[Any] = []

    def call(method: str, url: str, **kwargs: Any) -> Any:
        response = getattr(client, method)(url, **kwargs)
        assert response.status_code == 200, response.text
        bodies.append(response.json())
        return bodies[-1]

    state = call("post", "/api/scrabble/games", json={"seed": 21, "level": "score"})
    game_id = state["id"]
    call("get", f"/api/scrabble/games/{game_id}/hint", params={"top": 3})
    while not state["over"]:
        call("get", "/api/scrabble/games")
        state = call("get", f"/api/scrabble/games/{game_id}")
        found = call("post", "/api/scrabble/moves", json={"cgp": state["cgp"], "top": 50, "sort": "equity"})
        best = next((m["move"] for m in found["moves"] if not m["move"].startswith("-")), "-")
        state = call("post", f"/api/scrabble/games/{game_id}/move", json={"action": best})
        if len(bodies) < 30 and not state["over"]:
            call("get", f"/api/scrabble/games/{game_id}/hint", params={"top": 5})
    game = web_play._games[game_id]
    secrets = {r for r in _computer_racks(game) if len(r) >= 2} - {
        t.rack for t in game.turns if t.player != COMPUTER
    }  # a rack the person also held is no secret of the computer's
    *during, last = bodies
    assert len(during) > 40 and sum(t.player == COMPUTER for t in game.turns) > 5
    leaks = {i: _leaks(body, secrets) for i, body in enumerate(during)}
    assert {i: found for i, found in leaks.items() if found} == {}
    # once over, the whole record is shown, as a GCG record would show it
    full = View.full(game).state()
    assert last["moves"] == full["moves"] and last["seed"] == 21 and last["actions"] == game.actions
    assert last["players"][COMPUTER]["rack"] == game.racks[COMPUTER]


def test_a_hint_is_only_for_the_persons_own_turn(client: TestClient) -> None:
    from lexigrid.web import scrabble_play as web_play

    state = client.post("/api/scrabble/games", json={"seed": 22, "level": "score"}).json()
    game = web_play._games[state["id"]]
    game.play("-")  # as if the computer's reply had not come (its move over the budget)
    response = client.get(f"/api/scrabble/games/{state['id']}/hint")
    refusal = response.json()["error"]
    assert response.status_code == 400 and refusal.startswith("it is the computer's turn: let the computer")
