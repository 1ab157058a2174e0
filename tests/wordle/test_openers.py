"""`wordle openers`: each opener's total against a brute-force oracle, the proof, checkpoints, Selby."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.errors import LexigridError
from lexigrid.runner import Runner
from lexigrid.wordle import openers
from lexigrid.wordle.openers import OpenerTotal, openers_search
from lexigrid.wordle.words import WordLists, original
from tests.conftest import CliResult
from tests.wordle.conftest import clustered_lists, small_lists
from tests.wordle.oracle import brute_force_openers

Cli = Callable[..., CliResult]
QUIET = Runner(progress=False)
LISTS = [("random", seed) for seed in range(4)] + [("clustered", seed) for seed in range(4)]


def make(kind: str, seed: int) -> WordLists:
    """Small hand-made lists: random real words, or answers sharing three letters in place."""
    return small_lists(seed, 9, 7) if kind == "random" else clustered_lists(seed, 8, 7)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize(("kind", "seed"), LISTS)
def test_every_opener_against_brute_force(kind: str, seed: int, hard: bool) -> None:
    lists = make(kind, seed)
    expected = brute_force_openers(lists, hard)
    found = openers_search(lists, hard=hard, every=True, runner=QUIET)
    assert sorted(r.opener for r in found.rows) == sorted(lists.guesses)
    best = min(expected.values())
    assert found.rows[0].total == best and found.rows[0].exact
    assert found.proven and found.best is not None and found.best.opener == found.rows[0].opener
    for row in found.rows:
        truth = expected[row.opener]
        if math.isinf(truth):
            assert row.total is None or not row.exact
        elif row.exact:
            assert row.total == truth
        else:  # a proven lower bound, enough to show it cannot beat the best
            assert row.total is None and row.lower_bound is not None and best < row.lower_bound <= truth


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize(("kind", "seed"), [("random", 8), ("clustered", 6)])
def test_exact_top_proves_the_k_best_with_their_totals(
    kind: str, seed: int, hard: bool, tmp_path: Path
) -> None:
    lists = make(kind, seed)
    truth = brute_force_openers(lists, hard)
    path = tmp_path / "top.jsonl"
    found = openers_search(lists, hard=hard, every=True, exact_top=5, checkpoint=path, runner=QUIET)
    finite = sorted(t for t in truth.values() if not math.isinf(t))
    k = found.proven_top
    assert k >= min(5, len(finite))
    assert [r.total for r in found.rows[:k]] == finite[:k]
    assert all(r.total == truth[r.opener] for r in found.rows[:k])
    assert all(r.exact or (r.lower_bound is not None and r.lower_bound >= finite[k - 1]) for r in found.rows)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + len(lists.guesses)  # rewritten: one row per opener


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_candidates_are_solved_exactly(hard: bool) -> None:
    lists = make("random", 7)
    expected = brute_force_openers(lists, hard)
    chosen = list(lists.guesses[:5])
    found = openers_search(lists, hard=hard, candidates=[w.lower() for w in chosen], runner=QUIET)
    assert not found.proven
    assert {r.opener: r.total for r in found.rows} == {w: expected[w] for w in chosen}
    assert [r.total for r in found.rows] == sorted(expected[w] for w in chosen)


def test_a_killed_search_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    lists = make("clustered", 2)
    whole = openers_search(lists, every=True, checkpoint=tmp_path / "whole.jsonl", runner=QUIET)
    lines = (tmp_path / "whole.jsonl").read_text().splitlines()
    assert len(lines) == 1 + len(lists.guesses)  # the header, then one row per opener
    kept = [json.loads(line) for line in lines[1:6]]
    for row in kept:
        row["cpu_ms"] = 123456.0  # marks rows that must not be searched again
    torn = tmp_path / "torn.jsonl"
    torn.write_text("\n".join([lines[0], *map(json.dumps, kept), lines[6][:9]]))  # killed mid-line
    resumed = openers_search(lists, every=True, checkpoint=torn, runner=QUIET)
    assert [r.as_dict() for r in resumed.rows] == [r.as_dict() for r in whole.rows]
    assert {r.opener for r in resumed.rows if r.cpu_ms == 123456.0} == {row["opener"] for row in kept}
    written = [json.loads(line) for line in torn.read_text().splitlines()[1:]]
    assert sorted(r["opener"] for r in written) == sorted(lists.guesses)  # none lost, none twice


def test_a_finished_proof_answers_at_once_and_a_deleted_row_is_proved_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lists = make("random", 5)
    path = tmp_path / "proof.jsonl"
    whole = openers_search(lists, every=True, checkpoint=path, runner=QUIET)
    header, *rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert header["job"] == "wordle openers" and header["lists"] == lists.sha256 and not header["hard"]
    assert all(set(r) == {"opener", "total", "lower_bound", "exact", "cpu_ms"} for r in rows)
    searched: list[str] = []
    real = openers.opener_total

    def counted(task: openers.Task, opener: str) -> OpenerTotal:
        searched.append(opener)
        return real(task, opener)

    monkeypatch.setattr(openers, "opener_total", counted)
    again = openers_search(lists, every=True, checkpoint=path, runner=QUIET)
    assert (
        searched == []
        and again.proven
        and again.as_dict() | {"elapsed_ms": 0} == whole.as_dict() | {"elapsed_ms": 0}
    )
    dropped = rows[3]["opener"]
    path.write_text("".join(json.dumps(r) + "\n" for r in [header, *rows] if r.get("opener") != dropped))
    resumed = openers_search(lists, every=True, checkpoint=path, runner=QUIET)
    assert searched == [dropped] and resumed.proven
    assert [settled(r) for r in resumed.rows] == [settled(r) for r in whole.rows]


def test_a_checkpoint_of_other_lists_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    openers_search(make("random", 1), checkpoint=path, runner=QUIET)
    with pytest.raises(LexigridError, match="of another job"):
        openers_search(make("random", 2), checkpoint=path, runner=QUIET)


def write_lists(tmp_path: Path, lists: WordLists) -> tuple[str, str]:
    """The lists as two files, for --answers and --guesses."""
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(lists.answers) + "\n")
    guesses.write_text("\n".join(lists.guesses) + "\n")
    return str(answers), str(guesses)


def test_cli_json_shape(cli: Cli, tmp_path: Path) -> None:
    lists = make("random", 3)
    answers, guesses = write_lists(tmp_path, lists)
    result = cli(
        "wordle", "openers", "--all", "--answers", answers, "--guesses", guesses, "--top", "3", "--json"
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {"openers", "best", "proven", "proven_top", "hard", "searched", "elapsed_ms"}
    assert report["proven"] and report["searched"] == len(lists.guesses) and not report["hard"]
    assert len(report["openers"]) == 3
    truth = brute_force_openers(lists, False)
    assert report["openers"][0]["total"] == min(truth.values()) == truth[report["best"]]
    assert report["best"] == report["openers"][0]["opener"]
    assert all(set(row) == {"opener", "total", "lower_bound", "exact"} for row in report["openers"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--candidates", "SALET", "--all"), "error: give --candidates or --all"),
        (("--candidates", "SALET", "--exact-top", "3"), "error: --exact-top needs --all"),
        (("--candidates", "QQQQQ"), "error: "),
        (("--candidates", "SAL3T"), "error: candidate 'SAL3T'"),
    ],
)
def test_bad_openers_commands_are_one_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("wordle", "openers", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message) and len(result.stderr.strip().splitlines()) == 1


# Alex Selby's published proven totals (original lists), the ones fast enough to test.
SELBY = {False: {"SALET": 7920, "REAST": 7923, "SLATE": 7928}, True: {"SALET": 8122}}


@pytest.mark.slow
@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_selby_published_totals(hard: bool) -> None:
    found = openers_search(original(), hard=hard, candidates=list(SELBY[hard]), runner=QUIET)
    assert {r.opener: (r.total, r.exact) for r in found.rows} == {
        w: (t, True) for w, t in SELBY[hard].items()
    }


@pytest.mark.slow
def test_a_local_cluster_gives_the_process_pool_rows() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    lists = make("clustered", 5)
    pool = openers_search(lists, every=True, runner=Runner(jobs=2, progress=False))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        dask = openers_search(
            lists, every=True, runner=Runner(scheduler=cluster.scheduler_address, progress=False)
        )
    assert [settled(r) for r in pool.rows] == [settled(r) for r in dask.rows]


def settled(row: OpenerTotal) -> tuple[str, int | None, bool]:
    """What a row proves whatever the worker's memo held: the opener, its exact total, or refuted."""
    return row.opener, row.total, row.exact
