"""Golden baselines: solution counts first found by the earlier pure-Python search and re-checked by the
compiled one, and the full solution list of one roll (default lexicon: nwl from kjxqz 1.2.0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.qless import canonical, count_solutions, format_grid, solve, validate

GOLDEN = Path(__file__).parent / "golden"

# roll: (solutions in the default lexicon, solutions with its 10,000 most common words)
COUNTS = {
    "MVHRRNPBMNEO": (46, 5),
    "BGRRGNPJCNEO": (11, 0),
    "BVNRRXHDTNUE": (435, 2),
    "LFNWRXTCMNAO": (752, 16),
    "MPRFDZTDTOUA": (13_211, 0),
}
BIG_COUNTS = {
    "MGHWLSHCCOOO": (90_009, 1),
    "MPHRRSTTSNEA": (257_941, 3_213),
    "LKHRGSTBTIUA": (628_129, 3_787),
}


@pytest.mark.parametrize("letters", COUNTS)
def test_solution_counts(default_lexicon: Lexicon, letters: str) -> None:
    assert (count_solutions(letters, default_lexicon), count_solutions(letters, common=10_000)) == COUNTS[
        letters
    ]


@pytest.mark.slow
@pytest.mark.parametrize("letters", BIG_COUNTS)
def test_big_solution_counts(default_lexicon: Lexicon, letters: str) -> None:
    counts = (count_solutions(letters, default_lexicon), count_solutions(letters, common=10_000))
    assert counts == BIG_COUNTS[letters]


def test_every_solution_of_a_roll_matches_the_golden_file(default_lexicon: Lexicon) -> None:
    lines = (GOLDEN / "MVHRRNPBMNEO.txt").read_text().splitlines()
    golden = [line for line in lines if line and not line.startswith("#")]
    found = sorted(format_grid(canonical(s.grid)) for s in solve("MVHRRNPBMNEO", default_lexicon))
    assert found == golden
    assert all(validate(grid, "MVHRRNPBMNEO", default_lexicon) == [] for grid in golden)
