"""`qless survey`: unsolvable rolls sampled (Wilson interval) or exact over every multiset of the dice."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from lexigrid.qless import first_solution, roll
from lexigrid.qless import survey as survey_module
from lexigrid.qless.survey import Words, exact_survey, letters_of, multisets, survey
from lexigrid.runner import Runner
from lexigrid.stats import Z95, wilson
from tests.conftest import CliResult
from tests.qless.oracle import oracle_solutions

Cli = Callable[..., CliResult]
QUIET = Runner(progress=False)
TINY_DICE = ("CCAABB", "AAEEOO", "TTRRNS", "SSTTOX", "EEAART")
TINY_WORDS = [
    "CAT",
    "CATS",
    "ACT",
    "ACTS",
    "TAB",
    "TABS",
    "BAT",
    "BATS",
    "OAT",
    "OATS",
    "COST",
    "SCAT",
    "TEA",
    "EAT",
    "ATE",
    "SEA",
    "SET",
    "TEN",
    "NET",
    "ART",
    "RAT",
    "TAR",
    "STAR",
    "RATS",
    "ARTS",
    "BEAT",
    "BEST",
    "CAST",
    "COAT",
    "COATS",
    "TOAST",
    "TREAT",
    "CRATE",
    "TRACE",
    "REACT",
    "BEAST",
    "BOAST",
]


def test_wilson_against_its_closed_forms() -> None:
    n = 1000
    assert wilson(0, n) == pytest.approx((0.0, Z95**2 / (n + Z95**2)), abs=1e-12)
    low, high = wilson(n, n)
    assert (low, high) == pytest.approx((n / (n + Z95**2), 1.0), abs=1e-12)
    low, high = wilson(500, n)
    half = Z95 * math.sqrt(0.25 / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)  # at p = 1/2: centred
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-12)


def test_a_multiset_key_gives_back_its_letters() -> None:
    places = survey_module._radix()
    for seed in range(50):
        letters = roll(seed)
        assert letters_of(sum(places[c] for c in letters)) == "".join(sorted(letters))


@pytest.fixture
def tiny_dice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Words:
    """Five small dice and a word list of their words (the survey runs in this process)."""
    monkeypatch.setattr(survey_module, "DICE", TINY_DICE)
    path = tmp_path / "tiny.txt"
    path.write_text("\n".join(TINY_WORDS) + "\n")
    return Words(str(path))


def test_multisets_and_their_weights_against_every_face_outcome(tiny_dice: Words) -> None:
    outcomes = Counter("".join(sorted(faces)) for faces in product(*TINY_DICE))
    keys, weights = multisets()
    assert {letters_of(int(k)): int(w) for k, w in zip(keys, weights, strict=True)} == outcomes
    assert int(weights.sum()) == 6 ** len(TINY_DICE)


@pytest.mark.parametrize("block", [2000, 7], ids=["one block", "blocks of 7"])
def test_exact_survey_against_a_brute_force_oracle(
    tiny_dice: Words, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(survey_module, "EXACT_BLOCK", block)
    words = set(TINY_WORDS)

    @cache
    def unsolvable(letters: str) -> bool:
        return not oracle_solutions(letters, words)

    outcomes = Counter("".join(sorted(faces)) for faces in product(*TINY_DICE))
    bad = sum(n for letters, n in outcomes.items() if unsolvable(letters))
    found = exact_survey(tiny_dice, runner=QUIET).as_dict()
    assert found["exact"] and found["rolls"] == 6**5 and found["unsolvable"] == bad
    assert 0 < bad < 6**5  # the example has both kinds
    assert found["interval"] == [bad / 6**5, bad / 6**5]
    assert found["fraction"] == str(Fraction(bad, 6**5)) and "/" in found["fraction"]
    assert found["multisets"] == len(outcomes)
    assert found["unsolvable_multisets"] == sum(map(unsolvable, outcomes))
    likeliest = sorted((-n, letters) for letters, n in outcomes.items() if unsolvable(letters))
    assert [(x["letters"], x["outcomes"]) for x in found["likeliest"]] == [
        (letters, -n) for n, letters in likeliest[: survey_module.LIKELIEST]
    ]


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> int:
    """Blocks of 50 rolls, so a few hundred rolls make several blocks."""
    monkeypatch.setattr(survey_module, "BLOCK", 50)
    return 50


@pytest.mark.parametrize("common", [None, 2000], ids=["all words", "common"])
def test_sampled_survey_counts_each_seeded_roll(common: int | None, small_blocks: int) -> None:
    n = 3 * small_blocks + 7  # the last block short
    found = survey(Words(None, common), n, runner=QUIET)
    bad = sum(first_solution(roll(seed), common=common) is None for seed in range(n))
    assert (found.rolls, found.unsolvable) == (n, bad)
    report = found.as_dict()
    assert report["interval"] == list(wilson(bad, n)) and report["common"] == common and not report["exact"]


def test_a_killed_survey_resumes_with_no_block_lost_or_repeated(tmp_path: Path, small_blocks: int) -> None:
    path = tmp_path / "survey.jsonl"
    n = 4 * small_blocks
    whole = survey(Words(None, 2000), n, checkpoint=path, runner=QUIET)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 4  # the header, then one record per block
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])  # two blocks kept, a third torn
    again = survey(Words(None, 2000), n, checkpoint=path, runner=QUIET)
    assert again.unsolvable == whole.unsolvable
    blocks = [json.loads(line)["block"] for line in path.read_text().splitlines()[1:]]
    assert sorted(blocks) == [0, 1, 2, 3]


def test_a_checkpoint_of_another_survey_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "survey.jsonl"
    survey(Words(None, 2000), 10, checkpoint=path, runner=QUIET)
    with pytest.raises(Exception, match="of another job"):
        survey(Words(None, 3000), 10, checkpoint=path, runner=QUIET)


def test_cli_json_shape(cli: Cli) -> None:
    result = cli("qless", "survey", "--rolls", "300", "--common", "2000", "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {
        "rolls",
        "unsolvable",
        "unsolvable_fraction",
        "interval",
        "common",
        "exact",
        "elapsed_ms",
    }
    assert report["rolls"] == 300 and report["common"] == 2000 and report["exact"] is False
    low, high = report["interval"]
    assert low <= report["unsolvable_fraction"] <= high


def test_cli_bad_checkpoint_is_one_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("not a checkpoint\n")
    result = cli("qless", "survey", "--rolls", "5", "--checkpoint", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and len(result.stderr.strip().splitlines()) == 1


def test_cli_exact_names_the_fraction_the_unsolvable_multisets_and_the_likeliest(
    cli: Cli, tiny_dice: Words
) -> None:
    assert tiny_dice.lexicon is not None
    found = exact_survey(tiny_dice, runner=QUIET).as_dict()
    result = cli("qless", "survey", "--exact", "--lexicon", tiny_dice.lexicon)
    assert result.exit_code == 0, result.stderr
    assert f"= {found['fraction']}; {found['unsolvable_multisets']} of {found['multisets']}" in result.stdout
    assert found["likeliest"][0]["letters"] in result.stdout.split("likeliest: ")[1]
