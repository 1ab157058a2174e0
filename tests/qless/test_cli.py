"""`lexigrid qless`: output shapes, exit codes and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from lexigrid.qless import DICE, validate
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def test_roll_prints_one_face_per_die(cli: Cli) -> None:
    result = cli("qless", "roll", "--seed", "7", "--json")
    assert result.exit_code == 0
    letters = json.loads(result.stdout)["letters"]
    assert all(ch in die for ch, die in zip(letters, DICE, strict=True))


def test_solve_json_has_the_promised_shape_and_valid_grids(cli: Cli, default_lexicon: object) -> None:
    result = cli("qless", "solve", "BGRRGNPJCNEO", "--all", "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert set(payload) >= {"letters", "solvable", "solutions", "count", "elapsed_ms"}
    assert payload["solvable"] is True
    assert payload["count"] == len(payload["solutions"]) > 1
    for solution in payload["solutions"]:
        assert validate("/".join(solution["grid"]), "BGRRGNPJCNEO") == []


def test_solve_count_and_first(cli: Cli) -> None:
    counted = json.loads(cli("qless", "solve", "BGRRGNPJCNEO", "--count", "--json").stdout)
    everything = json.loads(cli("qless", "solve", "BGRRGNPJCNEO", "--all", "--json").stdout)
    first = json.loads(cli("qless", "solve", "BGRRGNPJCNEO", "--json").stdout)
    assert counted["count"] == everything["count"]
    assert len(first["solutions"]) == 1


def test_unsolvable_roll_exits_1_and_says_so(cli: Cli) -> None:
    result = cli("qless", "solve", "BCDFGHJKLMNP")
    assert result.exit_code == 1
    assert "no solution" in result.stdout


def test_solve_draws_the_grid(cli: Cli) -> None:
    result = cli("qless", "solve", "MVHRRNPBMNEO")
    assert result.exit_code == 0
    assert "NEPHRON" in result.stdout or "1 shown" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", "ABC"), "has 3 letters"),
        (("solve", "ABCDEFGHIJK1"), "holds '1'"),
        (("difficulty", "ABCDEFGHIJKLMN"), "has 14 letters"),
        (("check", "CAT/A", "BGRRGNPJCNEO"), "different lengths"),
        (
            ("check", "BGRRGNPJCNEO", "CAT/A../T.."),
            "the grid comes first, then the roll: lexigrid qless check CAT/A",
        ),
        (("daily", "--date", "2026-02-30"), "YYYY-MM-DD"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("qless", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.startswith("error:")
    assert "Traceback" not in result.stderr


def test_check_lists_problems_as_json(cli: Cli) -> None:
    result = cli("qless", "check", "CAT/A../TO.", "CATATOXXXXXX", "--json")
    assert result.exit_code == 1
    kinds = sorted(p["kind"] for p in json.loads(result.stdout)["problems"])
    assert kinds == ["letters", "two_letters"]


def test_check_accepts_a_solution(cli: Cli) -> None:
    grid = json.loads(cli("qless", "solve", "MVHRRNPBMNEO", "--json").stdout)["solutions"][0]["grid"]
    result = cli("qless", "check", "/".join(grid), "MVHRRNPBMNEO")
    assert result.exit_code == 0


def test_difficulty_json(cli: Cli) -> None:
    payload = json.loads(cli("qless", "difficulty", "MVHRRNPBMNEO", "--json").stdout)
    assert (payload["weekday"], payload["common_solutions"], payload["solutions"]) == ("Friday", 5, 46)
