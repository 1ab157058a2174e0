"""`lexigrid letterboxed`: output shapes, exit codes and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from lexigrid.letterboxed import iter_solutions
from lexigrid.lexicon import Lexicon
from tests.conftest import CliResult
from tests.letterboxed.conftest import BOXCHAR

Cli = Callable[..., CliResult]


def test_solve_json(cli: Cli) -> None:
    result = cli("letterboxed", "solve", "vyq fig ote xlu", "--top", "3", "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert set(payload) >= {"board", "solutions", "playable_words", "elapsed_ms"}
    assert payload["board"] == BOXCHAR and payload["playable_words"] > 100
    assert [s["words"] for s in payload["solutions"]][:2] == [
        ["FOXGLOVE", "EQUITY"],
        ["FOG", "GLOVE", "EXILE", "EQUITY"],
    ]
    assert len(payload["solutions"]) == 3 and all(isinstance(s["score"], float) for s in payload["solutions"])


def test_solve_draws_the_box(cli: Cli) -> None:
    result = cli("letterboxed", "solve", BOXCHAR, "--top", "2")
    assert result.exit_code == 0
    assert "┌" in result.stdout and "FOXGLOVE-EQUITY" in result.stdout


def test_all_streams_every_solution(cli: Cli, default_lexicon: Lexicon) -> None:
    result = cli("letterboxed", "solve", BOXCHAR, "--all", "--max-words", "3")
    expected = {str(s) for s in iter_solutions(BOXCHAR, default_lexicon, max_words=3)}
    printed = {line.split()[0] for line in result.stdout.splitlines() if "-" in line and "│" not in line}
    assert result.exit_code == 0 and printed == expected
    lines = cli("letterboxed", "solve", BOXCHAR, "--all", "--max-words", "3", "--json").stdout.splitlines()
    header, *solutions, footer = (json.loads(line) for line in lines)
    assert {"-".join(s["words"]) for s in solutions} == expected
    assert header["board"] == BOXCHAR and header["expected_at_most"] >= len(expected)
    assert footer["count"] == len(expected) and footer["complete"] is True


def test_all_json_streams_what_it_found_when_the_budget_ends_the_search(cli: Cli) -> None:
    # A budget that has run out by the first check: the search stops, whatever the machine's speed.
    result = cli("letterboxed", "solve", "EHI,GDO,RNM,UTX", "--all", "--json", "--seconds", "1e-9")
    *_, footer = (json.loads(line) for line in result.stdout.splitlines())
    assert result.exit_code == 0 and footer["complete"] is False and footer["stopped_after_seconds"] == 1e-9


def test_a_ranked_solve_says_when_the_budget_cut_it(cli: Cli) -> None:
    big = ("letterboxed", "solve", "RJQX,ZUCS,VYTL,DOPB,KHIA", "--shape", "any", "--seconds", "1e-9")
    payload = json.loads(cli(*big, "--json").stdout)
    assert payload["complete"] is False and payload["complete_words"] < 4
    assert "stopped after 1e-09 s (--seconds)" in " ".join(cli(*big).stdout.split())
    done = json.loads(cli("letterboxed", "solve", BOXCHAR, "--json").stdout)
    assert done["complete"] is True


def test_check_exit_codes(cli: Cli) -> None:
    good = cli("letterboxed", "check", BOXCHAR, "foxglove-equity", "--json")
    assert good.exit_code == 0 and json.loads(good.stdout)["valid"] is True
    bad = cli("letterboxed", "check", BOXCHAR, "FOXGLOVE-QUIET")
    assert bad.exit_code == 1 and "both on side OTE" in bad.stdout


def test_hint_json(cli: Cli) -> None:
    result = cli("letterboxed", "hint", BOXCHAR, "FOG", "--json", "--top", "2")
    payload = json.loads(result.stdout)
    assert result.exit_code == 0 and payload["played"] == ["FOG"]
    assert payload["hints"][0]["word"] == "GLOVE"


def test_offensive_words_are_left_out_unless_allowed(cli: Cli) -> None:
    """The issue's board: its top answer began with DICKHEAD; GOGO was a hint after FOG."""
    kept = json.loads(cli("letterboxed", "solve", "ABC,DEF,GHI,JKL", "--top", "5", "--json").stdout)
    assert kept["solutions"] and not any("DICK" in w for s in kept["solutions"] for w in s["words"])
    allowed = cli("letterboxed", "solve", "ABC,DEF,GHI,JKL", "--top", "1", "--allow-offensive")
    assert allowed.exit_code == 0 and "DICKHEAD-DJEBEL-LEAFAGE" in allowed.stdout
    new = cli("letterboxed", "new", "--seed", "72", "--reveal", "--allow-offensive", "--json")
    assert json.loads(new.stdout)["key"] == "BITCHING-GLAZED"
    assert json.loads(cli("letterboxed", "new", "--seed", "72", "--reveal", "--json").stdout)["key"] != (
        "BITCHING-GLAZED"
    )
    hints = json.loads(cli("letterboxed", "hint", BOXCHAR, "FOG", "--json").stdout)["hints"]
    assert hints and all(h["new_letters"] for h in hints)  # no GOGO


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["solve", "VYQ,FIG,OTE"],
            "not 4 sides of 3 letters: write it like VYQ,FIG,OTE,XLU (or pass --shape NxM",
        ),
        (["solve", "VYQ,FIG,OTE,XLV"], "repeats the letter"),
        (["solve", "VYQ,FIG,OT3,XLU"], "non-letter"),
        (["solve", BOXCHAR, "--max-words", "7"], "--max-words must be between 1 and 6"),
        (["solve", BOXCHAR, "--max-words", "0"], "--max-words must be between 1 and 6"),
        (["solve", BOXCHAR, "--top", "0"], "--top must be at least 1, not 0"),
        (["solve", BOXCHAR, "--common", "0"], "--common must be at least 1"),
        (["solve", BOXCHAR, "--shape", "4by3"], "shape"),
        (["check", BOXCHAR, "FOX-GL0VE"], "'GL0VE' (in 'FOX-GL0VE') is not a word of letters"),
        (["check", BOXCHAR, "FOX3"], "'FOX3' is not a word of letters"),
        (["new", "--seed", "-5"], "--seed must be 0 or more, not -5"),
        (["hint", BOXCHAR, "FOG-GLOVE-EXILE", "--max-words", "1"], "raise --max-words to at least 4"),
        (["hint", BOXCHAR, "QUIET"], "cannot be played"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str, cli: Cli) -> None:
    result = cli("letterboxed", *args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_other_box_shape(cli: Cli) -> None:
    result = cli("letterboxed", "solve", "ABCD,EFGH,ILMN", "--shape", "3x4", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["board"] == "ABCD,EFGH,ILMN"


def test_common_restricts_the_words(cli: Cli, default_lexicon: Lexicon) -> None:
    result = cli("letterboxed", "solve", BOXCHAR, "--common", "30000", "--top", "50", "--json")
    payload = json.loads(result.stdout)
    words = {w for s in payload["solutions"] for w in s["words"]}
    assert result.exit_code == 0 and words
    assert all(0 < (default_lexicon.rank(w) or 0) <= 30000 for w in words)
