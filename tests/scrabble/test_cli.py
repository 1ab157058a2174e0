"""`lexigrid scrabble`: drawing, listing moves, JSON, and one-line errors with exit code 2."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import TWL06, CliResult, shared_file
from tests.scrabble.conftest import REFERENCE_BOARD

Cli = Callable[..., CliResult]
# the English tile set, written out here (not read from the rules): 98 letters and 2 blanks
ENGLISH_TILES = (
    "A" * 9
    + "B" * 2
    + "C" * 2
    + "D" * 4
    + "E" * 12
    + "F" * 2
    + "G" * 3
    + "H" * 2
    + "I" * 9
    + "J"
    + "K"
    + "L" * 4
    + "M" * 2
    + "N" * 6
    + "O" * 8
    + "P" * 2
    + "Q"
    + "R" * 6
    + "S" * 4
    + "T" * 6
    + "U" * 4
    + "V" * 2
    + "W" * 2
    + "X"
    + "Y" * 2
    + "Z"
    + "??"
)


def test_show_draws_the_board(cli: Cli) -> None:
    result = cli("scrabble", "show", f"{REFERENCE_BOARD} AEINRST/ 0/0 0")
    assert result.exit_code == 0
    assert "TW" in result.stdout and "COZY" not in result.stdout  # tiles drawn square by square
    assert "AEINRST" in result.stdout


def test_show_counts_the_bag_and_the_unseen_tiles(cli: Cli) -> None:
    cgp = "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRST/BB 120/95 0"
    payload = json.loads(cli("scrabble", "show", cgp, "--json").stdout)
    left = Counter(ENGLISH_TILES)  # the 100 tiles, less the board's and the mover's rack
    left.subtract("QUIXOTE" + "AEINRST")
    assert Counter(payload["unseen"]) == +left and payload["unseen"].endswith("??")
    assert payload["bag"] == 100 - 7 - 7 - 2 and payload["scores"] == [120, 95]
    text = cli("scrabble", "show", cgp).stdout
    assert f"unseen by the player to move ({sum(left.values())}): {payload['unseen'][:20]}" in text


def test_moves_json_matches_the_reference(cli: Cli) -> None:
    shared_file("data", "lexicons", "twl06.txt")
    result = cli(
        "scrabble",
        "moves",
        f"{REFERENCE_BOARD} AEINRST/ 0/0 0",
        "--lexicon",
        str(TWL06),
        "--json",
        "--top",
        "4",
    )
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["count"] == 1559
    assert payload["exchanges"] == 127
    assert [m["move"] for m in payload["moves"]] == [
        "15B ANESTRI",
        "15B ANTSIER",
        "15B RETSINA",
        "15C NASTIER",
    ]
    assert {m["score"] for m in payload["moves"]} == {83}
    assert payload["elapsed_ms"] > 0 and not payload["mirrored"] and payload["notes"] == {"mirrored": None}


def test_an_opening_s_moves_say_they_list_down_plays_as_their_mirrors(cli: Cli) -> None:
    opening = f"{'/'.join(['15'] * 15)} AEINRST/ 0/0 0"
    payload = json.loads(cli("scrabble", "moves", opening, "--top", "5000", "--json").stdout)
    listed = {m["move"] for m in payload["moves"]}  # by score: every placement shown, each pair once
    assert payload["mirrored"] and payload["count"] == 2 * len(listed) == 2400
    assert all(move[0].isdigit() for move in listed)  # `8B ANESTRI`, never `H2 ANESTRI`
    title = " ".join(cli("scrabble", "moves", opening).stdout.split())
    assert "2,400 placements, 127 exchanges" in title
    assert payload["notes"]["mirrored"] == "down openings listed as their across mirrors"
    assert f"; {payload['notes']['mirrored']}" in title  # the library's words on both faces


def test_best_by_equity_json(cli: Cli) -> None:
    shared_file("data", "lexicons", "twl06.txt")
    result = cli("scrabble", "best", f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "-L", str(TWL06), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 83


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("moves", "15/15 AB/ 0/0 0"), "15 rows"),
        (("moves", f"{REFERENCE_BOARD} ABCDEFGH/ 0/0 0"), "at most 7"),
        (("moves", f"{REFERENCE_BOARD} QQ/ 0/0 0"), "impossible position"),
        (("moves", f"{REFERENCE_BOARD} A/ 0/0 0", "--sort", "luck"), "unknown --sort"),
        (("show", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/1$"), "bad character"),
        (("best", REFERENCE_BOARD), "no tiles"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("scrabble", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_learn_then_compare_leaves(cli: Cli, tmp_path: Path) -> None:
    """A tiny self-play run writes weights that compare-leaves can play with."""
    out = tmp_path / "leaves.json"
    result = cli("scrabble", "learn-leaves", "--out", str(out), "--games", "6", "--rounds", "1")
    assert result.exit_code == 0, result.stderr
    weights = json.loads(out.read_text())
    assert "?1" in weights and all(isinstance(v, float) for v in weights.values())
    result = cli("scrabble", "compare-leaves", "--leaves", str(out), "--pairs", "2", "--json")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["games"] == 4 and 0.0 <= payload["win_rate"] <= 1.0


def test_compare_leaves_rejects_a_bad_file(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = cli("scrabble", "compare-leaves", "--leaves", str(bad), "--pairs", "2")
    assert result.exit_code == 2
    assert "not a JSON object" in result.stderr


OFF_CENTRE = "15/15/15/15/15/15/15/15/15/QZXJ11/15/15/15/15/15 AEINRST/ 0/0 0"


def test_a_board_no_game_could_reach_is_warned_of_and_refused_with_strict() -> None:
    from tests.conftest import run_cli

    warned = run_cli("scrabble", "moves", OFF_CENTRE, "-n", "1", "--json")
    assert warned.exit_code == 0 and json.loads(warned.stdout)["count"] > 0
    assert "warning: no tile covers the start square (row 8, column 8)" in warned.stderr
    assert "warning: words not in nwl: QZXJ" in warned.stderr
    refused = run_cli("scrabble", "moves", OFF_CENTRE, "--strict")
    assert refused.exit_code == 2 and refused.stderr.startswith("error: no tile covers the start square")
    real = run_cli("scrabble", "moves", "15/15/15/15/15/15/15/3QUIXOTE5/15/15/15/15/15/15/15 AEINRST/ 0/0 0")
    assert real.exit_code == 0 and "warning" not in real.stderr


def test_lower_case_rack_letters_are_refused_not_read_as_tiles() -> None:
    from tests.conftest import run_cli

    result = run_cli("scrabble", "moves", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 aeinrst/ 0/0 0")
    assert result.exit_code == 2 and "lower-case" in result.stderr
