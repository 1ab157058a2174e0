"""New boards: each is checked by the independent oracle (its key is a valid, non-redundant solution of
common words, and no single word solves it), seeds and dates are reproducible, bad requests are refused."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.letterboxed import Board, daily, generate
from lexigrid.letterboxed.generate import KEY_VOCABULARY
from lexigrid.lexicon import Lexicon
from tests.conftest import CliResult
from tests.letterboxed import oracle


def _check_board(sides: tuple[str, ...], key: tuple[str, str], lexicon: Lexicon, letters: int = 12) -> None:
    """The oracle's view of a generated board."""
    assert len(set("".join(sides))) == len("".join(sides)) == letters
    common = {w.upper() for w in lexicon.common(KEY_VOCABULARY)}
    assert all(w in common and len(w) >= 4 for w in key)
    assert oracle.is_valid(sides, key, common) and not oracle.is_redundant(sides, key)
    words = {w.upper() for w in lexicon}
    assert not any(oracle.covers(sides, (w,)) and oracle.playable(sides, w) for w in words)


@pytest.mark.parametrize("seed", range(8))
def test_a_seeded_board_is_built_around_a_two_word_key(default_lexicon: Lexicon, seed: int) -> None:
    found = generate(seed, default_lexicon)
    assert Board.parse(str(found.board)) == found.board and found.seed == seed
    _check_board(found.board.sides, found.key, default_lexicon)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**40))
def test_property_any_seed_gives_a_board_its_key_solves(default_lexicon: Lexicon, seed: int) -> None:
    found = generate(seed, default_lexicon)
    _check_board(found.board.sides, found.key, default_lexicon)


def test_seeds_are_reproducible_and_differ(default_lexicon: Lexicon) -> None:
    boards = [generate(seed, default_lexicon) for seed in range(20)]
    assert boards == [generate(seed, default_lexicon) for seed in range(20)]
    assert len({b.board for b in boards}) == 20


def test_other_box_shapes(default_lexicon: Lexicon) -> None:
    found = generate(3, default_lexicon, (3, 3))
    assert [len(s) for s in found.board.sides] == [3, 3, 3]
    _check_board(found.board.sides, found.key, default_lexicon, letters=9)
    with pytest.raises(LexigridError, match="no 6x4 board found for seed 1"):
        generate(1, default_lexicon, (6, 4))


def test_the_board_of_a_day_is_the_board_of_its_seed(default_lexicon: Lexicon) -> None:
    found = daily("2026-11-22", default_lexicon)
    assert found.date == dt.date(2026, 11, 22) and found.seed == 20261122
    assert found.board == generate(20261122, default_lexicon).board
    assert daily(dt.date(2026, 11, 23), default_lexicon).board != found.board
    with pytest.raises(LexigridError, match="is not a date"):
        daily("2026-13-01", default_lexicon)


def test_cli_new(cli: Callable[..., CliResult], default_lexicon: Lexicon) -> None:
    result = cli("letterboxed", "new", "--seed", "5", "--reveal", "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    expected = generate(5, default_lexicon)
    assert payload == {"sides": str(expected.board), "seed": 5, "date": None, "key": "-".join(expected.key)}
    hidden = json.loads(cli("letterboxed", "new", "--date", "2026-11-22", "--json").stdout)
    assert hidden["key"] is None and hidden["sides"] == str(daily("2026-11-22", default_lexicon).board)
    drawn = cli("letterboxed", "new", "--seed", "5")
    assert (
        drawn.exit_code == 0 and str(expected.board) in drawn.stdout and expected.key[0] not in drawn.stdout
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seed", "1", "--date", "2026-01-01"), "give a seed or a date, not both"),
        (("--date", "yesterday"), "is not a date"),
        (("--shape", "any"), "--shape must be NxM"),
        (("--date", "2026-01-01", "--shape", "3x3"), "the board of the day is a 4x3 box"),
    ],
)
def test_cli_new_refusals(cli: Callable[..., CliResult], args: tuple[str, ...], message: str) -> None:
    result = cli("letterboxed", "new", *args)
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def _partitions(letters: str, per_side: int) -> Iterator[list[str]]:
    """Every way to split the letters into sides of `per_side` (sides unordered)."""
    if not letters:
        yield []
        return
    first, rest = letters[0], letters[1:]
    for others in combinations(rest, per_side - 1):
        left = "".join(c for c in rest if c not in others)
        for tail in _partitions(left, per_side):
            yield [first + "".join(others), *tail]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_vowels_are_spread_as_evenly_as_the_key_allows(default_lexicon: Lexicon, seed: int) -> None:
    """Against every split of the key's letters into sides on which the key is playable."""
    found = generate(seed, default_lexicon)

    def vowels(sides: Sequence[str]) -> int:
        return max(sum(c in "AEIOU" for c in side) for side in sides)

    best = min(
        vowels(sides)
        for sides in _partitions("".join(found.board.sides), 3)
        if all(oracle.playable(sides, w) for w in found.key)
    )
    assert vowels(found.board.sides) == best


def test_the_docs_new_board_example_is_what_the_command_gives() -> None:
    import re
    from pathlib import Path

    from tests.conftest import run_cli

    docs = (Path(__file__).resolve().parents[2] / "docs" / "letterboxed.md").read_text()
    shown = re.search(r"new --seed 5 --reveal\s+# (\S+), built from (\S+)", docs)
    assert shown is not None
    payload = json.loads(run_cli("letterboxed", "new", "--seed", "5", "--reveal", "--json").stdout)
    assert (payload["sides"], payload["key"]) == (shown[1], shown[2])
