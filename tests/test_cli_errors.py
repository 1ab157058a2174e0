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
    ("wordle", "grade", "CRANE:..Y.G"),
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


# Each refused the way every other usage error is: one line, exit 2 (they printed a blank line and
# exited 1, ran with an option silently dropped, or took a seed that plays the game of another seed).
REFUSED = [
    (("words", "check", ""), "error: an empty word cannot be checked: give words of letters, e.g. QI ZA"),
    (("words", "check", "QI", " "), "error: an empty word cannot be checked"),
    (("letterboxed", "check", "VYQ,FIG,OTE,XLU", ""), "error: no words given: write the solution's words"),
    (("qless", "solve", "BFHLRCTTNOAE", "--all", "--count"), "error: give only one of --all, --count:"),
    (("qless", "solve", "BFHLRCTTNOAE", "--all", "--limit", "3"), "error: give only one of --all, --limit:"),
    (("lexicon", "remove", "nwl"), "error: 'nwl' is bundled with lexigrid and cannot be removed"),
    (
        ("words", "find", "AEINRST", "--prefix", "R", "--contains", "E"),
        "error: use --contains on its own, or",
    ),
    (
        ("wordle", "grade", "CRANE:....."),
        "error: the game does not end on an all-green row: give the answer with --answer WORD",
    ),
    (("wordle", "backtest", "--guesses", "guesses.txt"), "error: --guesses needs --answers too"),
]


@pytest.mark.parametrize(("args", "message"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_a_usage_error_says_what_to_give_instead(args: tuple[str, ...], message: str) -> None:
    result = run_cli(*args)
    assert result.exit_code == 2 and result.stdout == "", result.stdout
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


SEEDED = [
    ("qless", "roll"),
    ("letterboxed", "new"),
    ("wordle", "play"),
    ("wordle", "backtest", "--boards", "2"),
    ("scrabble", "play"),
    ("scrabble", "selfplay"),
    ("scrabble", "sim", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"),
    ("scrabble", "learn-winpct"),
    ("scrabble", "learn-leaves", "--out", "leaves.json"),
]


@pytest.mark.parametrize("args", SEEDED, ids=[" ".join(a[:2]) for a in SEEDED])
def test_every_seed_refuses_a_negative_one_alike(args: tuple[str, ...]) -> None:
    """Python seeds -5 as 5, so a negative seed would quietly replay another seed's game."""
    result = run_cli(*args, "--seed", "-5")
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stderr.startswith("error: --seed must be 0 or more, not -5 (see `"), result.stderr
    assert f"{' '.join(args[:2])} --help`)\n" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "0"),
            "--top must be at least 1, not 0",
        ),  # option
        (("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--common", "0"), "--common must be at least 1, not 0"),
        (("letterboxed", "hint", "VYQ,FIG,OTE,XLU", "--top", "0"), "--top must be at least 1, not 0"),
        (
            ("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--seconds", "nan"),
            "--seconds must be 0 or more, not nan",
        ),
        (
            (
                "scrabble",
                "infer",
                "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15 /",
                "9G ETAS",
                "--margin",
                "nan",
            ),
            "--margin must be 0 or more, not nan",
        ),
        (("wordle", "play", "--boards", "17"), "--boards must be between 1 and 16, not 17"),
        (("wordle", "suggest", "--show", "-1"), "--show must be 0 or more, not -1"),
        (("serve", "--port", "0"), "--port must be between 1 and 65535, not 0"),
        (("scrabble", "play", "--players", "sim,equity", "--clock", "0"), "--clock must be more than 0"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else None,
)
def test_a_number_out_of_range_is_worded_alike_everywhere(args: tuple[str, ...], message: str) -> None:
    """Whether the option or the library refuses it: `--NAME must be at least N, not V`."""
    result = run_cli(*args)
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {message}"), result.stderr
