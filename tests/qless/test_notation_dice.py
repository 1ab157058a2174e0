"""The roll and grid notations, and the dice."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.qless import DICE, canonical, format_grid, parse_grid, parse_roll, roll, transpose
from tests.conftest import shared_file


def test_dice_match_the_published_list() -> None:
    published = shared_file("data", "qless", "dice.txt").read_text().split()
    assert list(DICE) == published


@pytest.mark.parametrize("seed", [0, 1, 42, 2026])
def test_roll_takes_one_face_of_each_die_and_repeats_with_its_seed(seed: int) -> None:
    letters = roll(seed)
    assert len(letters) == 12
    assert all(letter in die for letter, die in zip(letters, DICE, strict=True))
    assert roll(seed) == letters


def test_rolls_vary_with_the_seed() -> None:
    assert len({roll(seed) for seed in range(20)}) == 20


@pytest.mark.parametrize(
    ("text", "expected"),
    [("BFHLRCTTNOAE", "BFHLRCTTNOAE"), ("bfhl rctt noae", "BFHLRCTTNOAE"), ("QQQQQQQQQQQQ", "QQQQQQQQQQQQ")],
)
def test_parse_roll_accepts_any_twelve_letters(text: str, expected: str) -> None:
    assert parse_roll(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ABC", "has 3 letters"),
        ("ABCDEFGHIJKLM", "has 13 letters"),
        ("ABCDEFGHIJK1", "holds '1'"),
        ("", "has 0"),
    ],
)
def test_parse_roll_rejects_bad_rolls_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        parse_roll(text)


def test_grid_notation_round_trips() -> None:
    grid = parse_grid("cat/a../t..")
    assert grid == ("CAT", "A..", "T..")
    assert format_grid(grid) == "CAT/A../T.."
    assert parse_grid("CAT\nA..\nT..") == grid


@pytest.mark.parametrize(
    ("text", "message"), [("CAT/AT", "different lengths"), ("C1T", "holds '1'"), ("", "empty")]
)
def test_parse_grid_rejects_bad_grids(text: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        parse_grid(text)


def test_canonical_ignores_translation_and_transposition() -> None:
    grid = ("....", ".CAT", ".A..", ".B..")
    assert canonical(grid) == canonical(transpose(grid)) == ("CAB", "A..", "T..")
