"""A usage error of any command is one line `error: ...` and exit 2; with --json also JSON on stdout."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

USAGE_ERRORS = [
    ("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "abc"),
    ("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "0"),
    ("letterboxed", "new", "--seed", "abc"),
    ("wordle", "reply", "x", "y", "--bogus", "6"),
    ("wordle", "review", "CRANE"),
    ("wordle", "suggest", "--show", "-1"),
    ("qless", "solve"),
    ("scrabble", "moves", "--no-such-option"),
    ("words", "check", "--top", "x"),
    ("no-such-command",),
]


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=" ".join)
def test_a_usage_error_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    result = run_cli(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr and "╭" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("letterboxed", "new", "--seed", "abc", "--json"),
        ("letterboxed", "solve", "VYQ,FIG", "--json"),
        ("wordle", "reply", "CRANE", "BEACHES", "--json"),
    ],
    ids=" ".join,
)
def test_with_json_an_error_is_also_json_on_stdout(args: tuple[str, ...]) -> None:
    result = run_cli(*args)
    assert result.exit_code == 2
    payload = json.loads(result.stdout)
    assert set(payload) == {"error"}
    assert result.stderr.strip() == f"error: {payload['error']}"


def test_json_after_a_double_dash_is_an_argument_not_the_option() -> None:
    result = run_cli("wordle", "reply", "--", "--json", "CRANE")
    assert result.exit_code == 2 and result.stdout == ""


def test_no_arguments_prints_the_help_and_exits_2() -> None:
    result = run_cli("qless")
    assert result.exit_code == 2 and "Usage" in result.stdout + result.stderr
