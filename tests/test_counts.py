"""Counts read alike everywhere: thousands separated and the noun agreeing with the number (one helper)."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from lexigrid.counts import count, nouns, number
from tests.conftest import CliResult, run_cli

BOARD = "15/15/15/15/15/15/15/3CAT9/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


@pytest.mark.parametrize(
    ("n", "noun", "shown"),
    [
        (1, "solution", "1 solution"),
        (730934, "solution", "730,934 solutions"),
        (0, "play-out", "0 play-outs"),
        (2, "guess", "2 guesses"),
        (1, "guess", "1 guess"),
        (3, "ply", "3 plies"),
        (2, "day", "2 days"),
        (1234567, "saved game", "1,234,567 saved games"),
    ],
)
def test_a_count_reads_as_english(n: int, noun: str, shown: str) -> None:
    assert count(n, noun) == shown
    assert nouns(n, noun) == shown.split(" ", 1)[1] and number(n) == shown.split(" ", 1)[0]


def typed(text: str, *args: str) -> CliResult:
    """The CLI with `text` on stdin."""
    old, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        return run_cli(*args)
    finally:
        sys.stdin = old


def test_one_is_singular_in_every_face() -> None:
    assert "1 word from QI (" in run_cli("words", "find", "QI").stdout  # was "1 words"
    assert run_cli("wordle", "reply", "A", "CRANE").stderr.startswith("error: A has 1 letter and CRANE 5")
    banner = typed("", "wordle", "play", "--answer", "beach").stdout.splitlines()[0]
    assert banner == "Wordle: 6 guesses to find a 5-letter word."  # was "... to find 5-letter word."
    quordle = typed("", "wordle", "play", "--boards", "4", "--seed", "1").stdout.splitlines()[0]
    assert quordle == "Quordle: 9 guesses to find 4 words of 5 letters."


def test_big_numbers_have_thousands_separated() -> None:
    info = run_cli("lexicon", "info").stdout
    words = re.search(r"words\W+([\d,]+)", info)
    assert words is not None and re.fullmatch(r"\d{1,3}(,\d{3})+", words.group(1)), info
    lengths = re.search(r"lengths\W+(.*)", info)
    assert lengths is not None and re.search(r"\d+:\d{1,3}(,\d{3})+", lengths.group(1)), info


def test_a_batch_with_one_bad_line_says_1_error(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"answer": "cigar", "opener": "crane"}) + "\nnot json\n")
    result = run_cli("batch", "wordle", str(source), "--out", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 0 and "2 lines graded (1 error)" in result.stdout, result.stdout


def test_a_move_reads_the_same_in_every_command_and_json() -> None:
    """`scrabble moves`, `best` and `sim`, as text and as JSON, show a move as `Move.paren`: `8D (C)AT...`."""
    listed = json.loads(run_cli("scrabble", "moves", BOARD, "--top", "5", "--json").stdout)["moves"]
    paren = {m["move"]: m["paren"] for m in listed}
    assert any("(" in shown for shown in paren.values())
    table = run_cli("scrabble", "moves", BOARD, "--top", "5").stdout
    assert all(shown in table for shown in paren.values())
    best = json.loads(run_cli("scrabble", "best", BOARD, "--json").stdout)
    assert best["paren"] in run_cli("scrabble", "best", BOARD).stdout
    sim_args = ("scrabble", "sim", BOARD, "--plays", "3", "--iterations", "2")
    simulated = json.loads(run_cli(*sim_args, "--json").stdout)["plays"]
    assert all(p["paren"] == paren[p["move"]] for p in simulated if p["move"] in paren)
    table = run_cli(*sim_args).stdout
    assert all(p["paren"] in table for p in simulated)
