"""`lexigrid batch`: one result per input line, in order, equal to the game command's --json; resumable."""

from __future__ import annotations

import inspect
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexigrid.batch import GRADERS, KINDS, grade
from lexigrid.lexicon import load
from lexigrid.runner import QUIET_RUNNER, Runner
from lexigrid.wordle.reply import reply_for
from tests.conftest import TWL06, CliResult, shared_file
from tests.letterboxed.oracle import is_valid
from tests.scrabble.conftest import REFERENCE_BOARD

Cli = Callable[..., CliResult]
TIMINGS = ("elapsed_ms", "load_ms", "seconds")
EMPTY_BOARD = "/".join(["15"] * 15)

# Each game's lines and, for each, the CLI command whose --json the result must equal.
CASES: dict[str, list[tuple[dict[str, Any], tuple[str, ...]]]] = {
    "letterboxed": [
        ({"sides": "VYQ,FIG,OTE,XLU", "top": 3}, ("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", "3")),
        (
            {"sides": "ABC,DEF,GHI,JKL", "max_words": 2},
            ("letterboxed", "solve", "ABC,DEF,GHI,JKL", "--max-words", "2"),
        ),
    ],
    "qless": [
        ({"letters": "BFHLRCTTNOAE"}, ("qless", "solve", "BFHLRCTTNOAE")),
        (
            {"letters": "MPHRRSTTSNEA", "common": 10000},
            ("qless", "solve", "MPHRRSTTSNEA", "--common", "10000"),
        ),
    ],
    "wordle": [
        (
            {"answer": "cigar", "opener": "crane"},
            ("wordle", "backtest", "--answer", "cigar", "--opener", "crane"),
        ),
        (
            {"answer": "eerie", "strategy": "minimax", "opener": "salet", "hard": True},
            (
                "wordle",
                "backtest",
                "--answer",
                "eerie",
                "--strategy",
                "minimax",
                "--opener",
                "salet",
                "--hard",
            ),
        ),
    ],
    "scrabble": [
        (
            {"cgp": f"{EMPTY_BOARD} AEINRST/ 0/0 0", "top": 3},
            ("scrabble", "moves", f"{EMPTY_BOARD} AEINRST/ 0/0 0", "--top", "3"),
        ),
    ],
}
BAD_LINES = ["", "not json", "[1, 2]", '{"nothing": 1}', '{"sides": 5, "letters": 5, "answer": 5, "cgp": 5}']


def untimed(record: dict[str, Any]) -> dict[str, Any]:
    """A result without its timings (the only fields that differ run to run)."""
    return {k: v for k, v in record.items() if k not in TIMINGS}


def write_lines(path: Path, lines: list[str]) -> Path:
    """Write an input file, one line each."""
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def results(path: Path) -> list[dict[str, Any]]:
    """The result records of an output file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", sorted(CASES))
def test_each_line_equals_the_cli_json_and_bad_lines_get_error_records(
    game: str, cli: Cli, tmp_path: Path
) -> None:
    lines = [json.dumps(line) for line, _ in CASES[game]] + BAD_LINES
    source, out = write_lines(tmp_path / "in.jsonl", lines), tmp_path / "out.jsonl"
    result = cli("batch", game, str(source), "--out", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["lines"], summary["written"], summary["errors"]) == (
        len(lines),
        len(lines),
        len(BAD_LINES),
    )
    got = results(out)
    assert len(got) == len(lines)
    for record, (_, command) in zip(got, CASES[game], strict=False):
        alone = cli(*command, "--json")
        assert untimed(record) == untimed(json.loads(alone.stdout))
    errors = got[len(CASES[game]) :]
    assert [e["line"] for e in errors] == list(range(len(CASES[game]) + 1, len(lines) + 1))
    assert all(set(e) == {"line", "error"} and e["error"] for e in errors)
    assert errors[0]["error"] == "empty line"


def test_results_pass_independent_checks(tmp_path: Path) -> None:
    lex = load()
    lines = [
        {"sides": "VYQ,FIG,OTE,XLU", "top": 5},
        {"letters": "BFHLRCTTNOAE"},
        {"answer": "cigar", "opener": "crane"},
    ]
    games = ("letterboxed", "qless", "wordle")
    records: dict[str, dict[str, Any]] = {}
    for game, line in zip(games, lines, strict=True):
        out = tmp_path / f"{game}.jsonl"
        grade(game, write_lines(tmp_path / f"{game}.in", [json.dumps(line)]), out, runner=QUIET_RUNNER)
        records[game] = results(out)[0]
    sides = ["VYQ", "FIG", "OTE", "XLU"]
    assert records["letterboxed"]["solutions"]
    for solution in records["letterboxed"]["solutions"]:
        assert is_valid(sides, solution["words"], lex)
    grid = records["qless"]["solutions"][0]["grid"]
    assert sorted("".join(grid).replace(".", "")) == sorted("BFHLRCTTNOAE")
    assert all(word in lex for word in runs(grid))
    wordle = records["wordle"]
    assert wordle["guesses"][-1] == "CIGAR" and wordle["total"] == len(wordle["guesses"])
    assert all(reply_for(g, "CIGAR") != reply_for("CIGAR", "CIGAR") for g in wordle["guesses"][:-1])


def runs(grid: list[str]) -> list[str]:
    """Every across and down run of two or more letters of a grid."""
    lines = [
        *grid,
        *(
            "".join(col)
            for col in zip(*(row.ljust(len(max(grid, key=len)), ".") for row in grid), strict=True)
        ),
    ]
    return [run for line in lines for run in line.split(".") if len(run) >= 2]


def test_the_reference_scrabble_position_through_batch(tmp_path: Path) -> None:
    shared_file("data", "lexicons", "twl06.txt")
    line = {"cgp": f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "lexicon": str(TWL06), "top": 1}
    out = tmp_path / "out.jsonl"
    grade("scrabble", write_lines(tmp_path / "in.jsonl", [json.dumps(line)]), out, runner=QUIET_RUNNER)
    record = results(out)[0]
    assert record["count"] == 1559  # the two reference engines' count (../shared/README.md)
    assert record["moves"][0]["score"] == 83


def wordle_lines(n: int) -> list[str]:
    """n Wordle lines: the first answers of the original list, minimax from SALET."""
    answers = load_answers()[:n]
    return [json.dumps({"answer": a, "strategy": "minimax", "opener": "salet"}) for a in answers]


def load_answers() -> list[str]:
    """The bundled original answers."""
    from lexigrid.wordle.words import word_lists

    return list(word_lists().answers)


def test_a_torn_output_resumes_with_no_line_lost_or_repeated(tmp_path: Path) -> None:
    source = write_lines(tmp_path / "in.jsonl", [*wordle_lines(12), "oops"])
    whole = tmp_path / "whole.jsonl"
    grade("wordle", source, whole, runner=QUIET_RUNNER)
    expected = [untimed(r) for r in results(whole)]
    text = whole.read_text().splitlines(keepends=True)
    torn = tmp_path / "torn.jsonl"
    torn.write_text("".join(text[:5]) + text[5][:17])  # five whole lines and half of the sixth
    summary = grade("wordle", source, torn, resume=True, runner=QUIET_RUNNER)
    assert (summary.resumed, summary.written) == (5, 8)
    assert [untimed(r) for r in results(torn)] == expected
    again = grade("wordle", source, torn, resume=True, runner=QUIET_RUNNER)
    assert (again.resumed, again.written) == (13, 0)


def test_processes_give_the_same_lines_as_one_process(tmp_path: Path) -> None:
    source = write_lines(tmp_path / "in.jsonl", [*wordle_lines(10), "{}", *wordle_lines(3)])
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    grade("wordle", source, one, runner=QUIET_RUNNER)
    grade("wordle", source, two, runner=Runner(jobs=2, progress=False))
    assert [untimed(r) for r in results(one)] == [untimed(r) for r in results(two)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("batch", "chess", "IN", "--out", "OUT"), "error: unknown game 'chess'"),
        (("batch", "qless", "missing.jsonl", "--out", "OUT"), "error: cannot read"),
        (("batch", "qless", "IN", "--out", "EXISTS"), "error: "),
    ],
)
def test_bad_batch_commands_are_one_line(
    cli: Cli, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    write_lines(tmp_path / "IN", ['{"letters": "BFHLRCTTNOAE"}'])
    (tmp_path / "EXISTS").write_text("{}\n")
    args = tuple(str(tmp_path / a) if a in ("IN", "OUT", "EXISTS", "missing.jsonl") else a for a in args)
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message) and len(result.stderr.strip().splitlines()) == 1


def test_set_gives_every_line_a_key_it_does_not_give_itself(cli: Cli, tmp_path: Path) -> None:
    lines = ['{"sides": "VYQ,FIG,OTE,XLU"}', '{"sides": "VYQ,FIG,OTE,XLU", "top": 3}']
    source, out = write_lines(tmp_path / "in.jsonl", lines), tmp_path / "out.jsonl"
    result = cli(
        "batch", "letterboxed", str(source), "--out", str(out), "--set", "top=1", "--set", "max_words=3"
    )
    assert result.exit_code == 0, result.stderr
    for record, top in zip(results(out), ("1", "3"), strict=True):
        alone = cli("letterboxed", "solve", "VYQ,FIG,OTE,XLU", "--top", top, "--max-words", "3", "--json")
        assert untimed(record) == untimed(json.loads(alone.stdout))


def test_a_key_the_game_does_not_read_is_refused_not_ignored(cli: Cli, tmp_path: Path) -> None:
    """`max_word` (for `max_words`) was ignored: the line was graded at the default of 4 words."""
    source = write_lines(tmp_path / "in.jsonl", ['{"sides": "VYQ,FIG,OTE,XLU", "max_word": 2}'])
    out = tmp_path / "out.jsonl"
    assert cli("batch", "letterboxed", str(source), "--out", str(out)).exit_code == 0
    assert results(out) == [
        {
            "line": 1,
            "error": 'unknown key "max_word": a letterboxed line takes sides, shape, max_words, top, common, '
            "allow_offensive, seconds, lexicon",
        }
    ]


@pytest.mark.parametrize(
    ("game", "line", "says"),
    [
        ("wordle", {"answer": "CRANE", "guesses": "GUESSES"}, "a guess list needs its answer list too"),
        ("letterboxed", {"sides": "VYQ,FIG,OTE"}, "or give the shape of another box: NxM, or any"),
    ],
)
def test_an_error_record_speaks_of_the_line_not_of_a_command_line_flag(
    cli: Cli, tmp_path: Path, game: str, line: dict[str, str], says: str
) -> None:
    guesses = write_lines(tmp_path / "guesses.txt", ["CRANE", "SLATE"])
    line = {key: str(guesses) if value == "GUESSES" else value for key, value in line.items()}
    source, out = write_lines(tmp_path / "in.jsonl", [json.dumps(line)]), tmp_path / "out.jsonl"
    assert cli("batch", game, str(source), "--out", str(out)).exit_code == 0
    [record] = results(out)
    assert says in record["error"] and "--" not in record["error"], record


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("top", "error: --set takes KEY=VALUE, not 'top'"),
        ("=3", "error: --set takes KEY=VALUE, not '=3'"),
        ("tops=3", 'error: unknown key "tops": a letterboxed line takes sides, shape,'),
        ("top=three", 'error: "top" must be an integer, not "three"'),
        ("allow_offensive=yes", 'error: "allow_offensive" must be true or false, not "yes"'),
    ],
)
def test_a_bad_setting_is_one_line_before_any_work(
    cli: Cli, tmp_path: Path, setting: str, message: str
) -> None:
    source, out = write_lines(tmp_path / "in.jsonl", ['{"sides": "VYQ,FIG,OTE,XLU"}']), tmp_path / "out.jsonl"
    result = cli("batch", "letterboxed", str(source), "--out", str(out), "--set", setting)
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.startswith(message) and len(result.stderr.strip().splitlines()) == 1


def test_every_key_a_game_takes_is_read_has_a_kind_and_is_in_the_readme() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    batch = " ".join(readme[readme.index("`batch GAME INPUT.jsonl") :].split("\n\n", 1)[0].split())
    for game in GRADERS.values():
        read = re.findall(r'(?:_option|_required|_path)\(line, "(\w+)"', inspect.getsource(game.grade))
        assert sorted(set(read)) == sorted(game.keys)  # the keys listed are the keys the grader reads
        assert set(game.keys) <= set(KINDS)
        assert all(f"`{key}`" in batch or f'"{key}"' in batch for key in game.keys), game.keys


@pytest.mark.slow
def test_a_killed_batch_resumes_with_every_line_once(tmp_path: Path) -> None:
    lines = wordle_lines(60)
    source, out = write_lines(tmp_path / "in.jsonl", lines), tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "lexigrid", "batch", "wordle", str(source), "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if out.exists() and out.read_bytes().count(b"\n") >= 3:
            os.kill(process.pid, signal.SIGKILL)
            break
        time.sleep(0.05)
    process.wait()
    done = subprocess.run([*command, "--resume", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["resumed"] + json.loads(done.stdout)["written"] == len(lines)
    answers = [r["answer"] for r in results(out)]
    assert answers == [json.loads(line)["answer"].upper() for line in lines]


@pytest.mark.slow
def test_a_batch_on_a_local_cluster_equals_the_process_pool(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    source = write_lines(tmp_path / "in.jsonl", [*wordle_lines(8), "bad", *wordle_lines(2)])
    pool, dask = tmp_path / "pool.jsonl", tmp_path / "dask.jsonl"
    grade("wordle", source, pool, runner=Runner(jobs=2, progress=False))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        grade("wordle", source, dask, runner=Runner(scheduler=cluster.scheduler_address, progress=False))
    assert [untimed(r) for r in results(pool)] == [untimed(r) for r in results(dask)]
