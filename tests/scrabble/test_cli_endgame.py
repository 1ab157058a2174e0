"""`lexigrid scrabble endgame`: the solved endgame drawn and as JSON, limits, and one-line errors."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from lexigrid.cli.scrabble_render import pv_table
from lexigrid.lexicon import load
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.core import play_state
from lexigrid.scrabble.core.turn import Turn
from tests.conftest import TWL06, CliResult, shared_file
from tests.scrabble_game.conftest import ENDGAME_BOARD as BOARD
from tests.scrabble_game.conftest import RACED

Cli = Callable[..., CliResult]


def _json(cli: Cli, *args: str) -> dict[str, Any]:
    result = cli("scrabble", "endgame", *args, "--json")
    assert result.exit_code == 0, result.stderr
    payload: dict[str, Any] = json.loads(result.stdout)
    return payload


def test_endgame_draws_the_board_the_value_and_the_best_sequence(cli: Cli) -> None:
    result = cli("scrabble", "endgame", RACED, "--top", "3")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "TW" in text and "to move: AACDE  opponent: OR  scores 364-412" in text
    assert "value +5 (exact)  best D2 (R)ACED" in text
    assert "principal variation" in text and "D2 (R)ACED" in text and "6G OR" in text
    assert "out: 2 × (A)" in text and f"{364 - 412 + 5:+d}" in text  # the final spread
    assert "the 3 best first moves" in text and "nodes" in text and "plies" in text


def test_endgame_json_is_the_solution(cli: Cli) -> None:
    payload = _json(cli, RACED, "--top", "4")
    position = parse_cgp(RACED)
    expected = solve(position, Engine(load(), position.rules), top=4).as_dict()
    assert payload.keys() == expected.keys()
    assert {**payload, "elapsed_ms": 0} == {**expected, "elapsed_ms": 0}
    assert payload["value"] == 5 and payload["best"] == "D2 RACED" and payload["exact"] is True
    assert [p["move"] for p in payload["pv"]] == ["D2 RACED", "6G OR"] and payload["end"] == "out"
    assert len(payload["top"]) == 4 and payload["top"][0]["value"] == 5


def test_the_cgp_lexicon_and_the_lexicon_option(cli: Cli) -> None:
    assert _json(cli, RACED + " lex nwl;")["value"] == 5
    result = cli("scrabble", "endgame", RACED + " lex TWL06;")
    assert result.exit_code == 2 and "lexicon 'TWL06' is not installed" in result.stderr


def test_a_ply_limit_gives_the_best_so_far_not_proven(cli: Cli) -> None:
    payload = _json(cli, RACED, "--plies", "1")
    assert payload["exact"] is False and payload["plies"] == 1
    result = cli("scrabble", "endgame", RACED, "--plies", "1")
    assert "best found so far, not proven" in result.stdout


def test_reference_endgames_agree_with_magpie(cli: Cli) -> None:
    """The smallest reference endgames (TWL06, MAGPIE's exact values) through the command."""
    path = shared_file("data", "scrabble", "endgames.jsonl")
    entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for entry in sorted(entries, key=lambda e: sum(e["tiles"]))[:5]:
        payload = _json(cli, entry["cgp"], "--lexicon", str(TWL06))
        assert payload["value"] == entry["value"] and payload["exact"] is True
        assert payload["best"] in entry["best_moves"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((f"{BOARD} AACDE/ 364/412 0",), "the opponent's rack is unknown"),
        ((f"{BOARD} AACDE/O 364/412 0",), "the bag is not empty (1 tile)"),
        (
            ("/".join(["15"] * 15) + " AEINRST/ 0/0 0",),
            "the bag is not empty (86 tiles even once the opponent holds",
        ),
        ((f"{BOARD} /OR 364/412 0",), "no tiles"),
        ((f"{BOARD} AACDE/ORZ 364/412 0",), "impossible position"),
        ((RACED, "--plies", "0"), "--plies must be at least 1"),
        ((RACED, "--seconds", "0"), "--seconds must be more than 0, not 0"),
        ((RACED, "--seconds", "-2"), "--seconds must be more than 0, not -2"),
        ((RACED, "--seconds", "nan"), "--seconds must be more than 0, not nan"),
        ((RACED, "--top", "0"), "--top must be between 1"),
    ],
)
def test_bad_endgames_are_one_line_and_exit_2(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("scrabble", "endgame", *args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_the_rack_left_is_read_from_the_play_state_not_from_the_record_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = parse_cgp(RACED)
    solution = solve(position, Engine(load(), position.rules))
    written = play_state.going_out  # type: ignore[attr-defined]  # the name as play_state uses it

    def unparseable(*args: Any) -> list[Turn]:  # the record line in any other form than `(A)`
        return [replace(turn, move="out") for turn in written(*args)]

    monkeypatch.setattr(play_state, "going_out", unparseable)
    drawn = io.StringIO()
    Console(file=drawn, width=120, color_system=None).print(pv_table(position, solution))
    assert "out: 2 × (A)" in drawn.getvalue()  # the opponent's 6G OR leaves the mover's A
