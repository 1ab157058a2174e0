"""The `words` and `lexicon` commands: exit codes, JSON shapes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from tests.conftest import CliResult, shared_file
from tests.lexicon.test_find import buildable


def test_check_valid_words(cli: Callable[..., CliResult]) -> None:
    assert cli("words", "check", "QI", "ZA").exit_code == 0


def test_check_invalid_word_exits_1(cli: Callable[..., CliResult]) -> None:
    result = cli("words", "check", "QI", "QZX", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["words"] == {"QI": True, "QZX": False}


def test_find_lists_every_buildable_word(cli: Callable[..., CliResult], default_lexicon: Lexicon) -> None:
    result = cli("words", "find", "RETAINS?", "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    found = [w["word"] for w in payload["words"]]
    expected = {
        w for n in range(2, 9) for w in default_lexicon.words_of_length(n) if buildable(w, "RETAINS?")
    }
    assert len(found) == len(set(found)) == payload["count"]
    assert set(found) == expected
    assert {"TRAINERS", "RETAINS", "AT"} <= set(found)
    assert all(set(w) == {"word", "zipf", "rank", "length", "blanks", "shown"} for w in payload["words"])


def test_find_with_board_letters(cli: Callable[..., CliResult]) -> None:
    result = cli("words", "find", "AEINST", "--prefix", "R", "--min-len", "7", "--json")
    words = {w["word"] for w in json.loads(result.stdout)["words"]}
    assert {"RETAINS", "RETINAS", "RETSINA"} <= words and all(w.startswith("R") for w in words)


def test_match_command(cli: Callable[..., CliResult]) -> None:
    payload = json.loads(cli("words", "match", "QI?", "--json").stdout)
    assert {w["word"] for w in payload["words"]} == {"QIS"}


def test_lexicon_info_twl06(cli: Callable[..., CliResult]) -> None:
    result = cli("lexicon", "info", str(shared_file("data", "lexicons", "twl06.txt")), "--json")
    payload = json.loads(result.stdout)
    assert result.exit_code == 0 and payload["words"] == 178_691
    assert payload["cache"] in {"built", "loaded"} and payload["lengths"]["15"] == 3157


def test_lexicon_list(cli: Callable[..., CliResult]) -> None:
    payload = json.loads(cli("lexicon", "list", "--json").stdout)
    assert payload["default"] == "nwl"
    assert "nwl" in {lx["name"] for lx in payload["lexicons"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("words", "find", "AB1"), "holds '1'"),
        (("words", "find", "AB???"), "3 blanks"),
        (("words", "check", "QI", "--lexicon", "nope"), "unknown lexicon 'nope'"),
        (("words", "find", "AB", "--lexicon", "/no/such/file.txt"), "does not exist"),
        (("words", "match", "C-T"), "pattern"),
        (("lexicon", "info", "bogus"), "unknown lexicon"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    cli: Callable[..., CliResult], args: tuple[str, ...], message: str
) -> None:
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_bad_word_list_file(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nhot dog\n")
    result = cli("words", "check", "CAT", "--lexicon", str(path))
    assert result.exit_code == 2 and "line 3" in result.stderr


def test_python_dash_m_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lexigrid", "words", "check", "QI", "ZA"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "lexigrid", "words", "find", "A!"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.startswith("error:")


def test_accented_words_typed_for_an_english_lexicon_fold(cli: Callable[..., CliResult]) -> None:
    """English has no accented tiles: `café` is CAFE, as Catalan or French drop accents without a tile."""
    result = cli("words", "check", "café", "NAÏVE", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["words"] == {"CAFÉ": True, "NAÏVE": True}
    found = json.loads(cli("words", "find", "ÉFAC", "--json").stdout)["words"]
    assert "CAFE" in {w["word"] for w in found}
    matched = json.loads(cli("words", "match", "CAFÉ", "--json").stdout)["words"]
    assert [w["word"] for w in matched] == ["CAFE"]
    assert cli("words", "check", "cafè", "--json").exit_code == 0
