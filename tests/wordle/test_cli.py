"""The `lexigrid wordle` commands: outputs, JSON shapes, play from stdin, bad input -> exit 2."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.wordle.reply import parse_reply, reply_for
from tests.conftest import CliResult, shared_file

Cli = Callable[..., CliResult]


def test_reply(cli: Cli) -> None:
    assert cli("wordle", "reply", "hatch", "beach").stdout.strip() == ".Y.GG"
    assert cli("wordle", "reply", "hatch", "beach", "--style", "xof").stdout.strip() == "FOFXX"
    payload = json.loads(cli("wordle", "reply", "speed", "abide", "--json").stdout)
    assert payload["reply"] == "..Y.Y"


BAD = {
    "wrong length": (("reply", "hatc", "beach"), "letters"),
    "unknown word": (("reply", "zzzzz", "beach"), "not in the word list"),
    "impossible replies": (("suggest", "CRANE:GGGG.,CRANK:GGGG."), "no answer"),
    "reply of wrong length": (("suggest", "CRANE:..Y"), "colours"),
    "unknown strategy": (("backtest", "--strategy", "psychic"), "unknown strategy"),
    "unknown opener": (("tree", "--opener", "qqqqq"), "not in the word list"),
    "answer not an answer": (("review", "CRANE", "--answer", "aahed"), "not one of the possible answers"),
    "review reply mismatch": (("review", "CRANE:GGGGG", "--answer", "beach"), "would get"),
    "missing tree file": (("check-tree", "/nonexistent/tree.txt"), "does not exist"),
    "guess after the win": (("review", "CRANE,BEACH,SLATE", "--answer", "beach"), "already all green"),
    "hard-mode break in history": (("suggest", "HATCH:.Y.GG,CHEAP:.....", "--hard"), "hard mode"),
    "review word longer than the answer": (("review", "SALETS", "--answer", "beach"), "6 letters, not 5"),
    "review words of mixed lengths": (("review", "SALET TRAINS BEACH", "--answer", "beach"), "not 5"),
    "reply words not of --length": (("reply", "crane", "beach", "--length", "6"), "not --length 6"),
    "review share not won": (("review", "CRANE:..Y.G"), "all-green"),
}


@pytest.mark.parametrize(("args", "message"), BAD.values(), ids=BAD.keys())
def test_bad_input_is_one_line_and_exit_2(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli("wordle", *args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error:")
    assert message in result.stderr


def test_backtest_json(cli: Cli) -> None:
    result = cli(
        "wordle", "backtest", "--strategy", "entropy", "--opener", "crane", "--limit", "40", "--json"
    )
    payload = json.loads(result.stdout)
    assert {"strategy", "opener", "games", "total", "average", "max", "failures", "distribution"} <= set(
        payload
    )
    assert payload["games"] == 40 and payload["opener"] == "CRANE"
    assert sum(payload["distribution"].values()) == 40
    assert payload["total"] == sum(int(k) * v for k, v in payload["distribution"].items())


def test_backtest_table(cli: Cli) -> None:
    result = cli("wordle", "backtest", "--strategy", "minimax", "--opener", "raise", "--limit", "30")
    assert result.exit_code == 0 and "average" in result.stdout and "█" in result.stdout


def test_tree_out_and_check(cli: Cli, tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("beach\nhatch\nbatch\nmatch\npatch\nlatch\nwatch\ncatch\n")
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("clamp\nwhelp\nblimp\n")
    out = tmp_path / "tree.json"
    base = ("--answers", str(answers), "--guesses", str(guesses))
    payload = json.loads(cli("wordle", "tree", *base, "--out", str(out), "--json").stdout)
    assert payload["games"] == 8 and payload["proven_optimal"] is True
    assert payload["openers_tried"] == payload["guesses_allowed"] == 11
    given = json.loads(cli("wordle", "tree", *base, "--opener", "clamp", "--json").stdout)
    assert given["optimal_from_opener"] is True and given["proven_optimal"] is False
    assert given["openers_tried"] == 1
    checked = json.loads(cli("wordle", "check-tree", str(out), *base, "--json").stdout)
    assert checked["total"] == payload["total"]


def test_nyt_lists_option(cli: Cli) -> None:
    answers = shared_file("data", "wordle", "answers_nyt2022.txt")
    guesses = shared_file("data", "wordle", "allowed_nyt2022.txt")
    args = ("--answers", str(answers), "--guesses", str(guesses))
    payload = json.loads(cli("wordle", "suggest", "SALET:.Y...,CORNY:..Y..", *args, "--json").stdout)
    expected = [
        w
        for w in answers.read_text().upper().split()
        if reply_for("SALET", w) == parse_reply(".Y...") and reply_for("CORNY", w) == parse_reply("..Y..")
    ]
    assert payload["candidates"] == sorted(expected) and payload["count"] == len(expected) > 0


def test_suggest(cli: Cli) -> None:
    payload = json.loads(cli("wordle", "suggest", "CRANE:..Y.G,SLOTH:.....", "--json").stdout)
    assert payload["count"] == len(payload["candidates"]) > 1
    assert all(w[2] == "A" or "A" in w for w in payload["candidates"])
    best = payload["suggestions"][0]
    assert best["expected_guesses"] <= min(s["expected_guesses"] for s in payload["suggestions"])
    assert "splits" in best["why"]


def test_grade_draws_each_guess_on_one_line_at_80_columns(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guess's tiles were folded over two lines by a wide 'judged by' column; how each guess is judged
    is now one line under the table."""
    from lexigrid.cli import common

    monkeypatch.setattr(common.console, "_width", 80)
    game = "CRANE:..Y..,SLOTH:..Y..,AUDIO:Y...G,MAMBO:GGGGG"
    result = cli("wordle", "grade", game)
    assert result.exit_code == 0, result.stderr
    rows = [line.split("│")[2].split() for line in result.stdout.splitlines() if line.startswith("│")]
    assert rows == [[*word, reply] for word, reply in (turn.split(":") for turn in game.split(","))]
    opener = json.loads(cli("wordle", "grade", game, "--json").stdout)["guesses"][0]["measure"]
    assert f"judged by: guess 1, {opener} · the others, exact" in result.stdout


@pytest.mark.parametrize(
    ("measures", "line"),
    [
        (["exact", "exact"], "judged by: every guess, exact"),
        (
            ["exact; best of every opener", "exact"],
            "judged by: guess 1, exact; best of every opener · the others, exact",
        ),
        (["exact", "lower bound (x)"], "judged by: guess 2, lower bound (x) · the others, exact"),
        (["lower bound (x)"], "judged by: guess 1, lower bound (x)"),
    ],
)
def test_the_judged_line_names_the_guesses_not_simply_exact(measures: list[str], line: str) -> None:
    from lexigrid.cli.wordle import judged_line

    assert judged_line(measures) == line


def test_review_is_grade(cli: Cli) -> None:
    graded = json.loads(cli("wordle", "grade", "SALET TRAIN BEACH", "--answer", "beach", "--json").stdout)
    reviewed = json.loads(cli("wordle", "review", "SALET TRAIN BEACH", "--answer", "beach", "--json").stdout)
    assert reviewed == graded
    assert [g["guess"] for g in graded["guesses"]] == ["SALET", "TRAIN", "BEACH"]
    assert graded["guesses"][0]["skill"] == 99  # SALET is the optimal tree's opener (was 'ROATE is better')
    assert graded["guesses"][-1]["candidates_after"] == 1
    assert set(graded) == {"answer", "guesses", "skill", "luck", "summary"}  # summary: a97bed0


def test_review_share_text(cli: Cli) -> None:
    share = "Wordle 200 3/6\n⬜🟨⬜⬜⬜ SALET\n⬜⬜🟩⬜⬜ TRAIN\n🟩🟩🟩🟩🟩 BEACH"
    result = cli("wordle", "review", share, "--answer", "beach", "--json")
    assert result.exit_code == 2 and "would get" in result.stderr  # SALET gets ⬜🟨⬜🟨⬜, not the typed row
    share = "Wordle 200 3/6\n⬜🟨⬜🟨⬜ SALET\n⬜⬜🟩⬜⬜ TRAIN\n🟩🟩🟩🟩🟩 BEACH"
    assert cli("wordle", "review", share, "--answer", "beach", "--json").exit_code == 0
    squares_only = "⬜🟨⬜🟨⬜\n🟩🟩🟩🟩🟩"
    assert "without the guessed words" in cli("wordle", "review", squares_only, "--answer", "beach").stderr


def _play(cli: Cli, monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> CliResult:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return cli("wordle", "play", *args)


def test_play_from_stdin(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(cli, monkeypatch, "zzzzz\ncrane\ncrank\nbeach\n", "--answer", "beach", "--hard")
    assert "refused: ZZZZZ is not in the word list" in result.stdout
    assert "refused: hard mode" in result.stdout
    assert "solved in 2 guesses" in result.stdout
    # piped, there is no colour: each row also spells its reply, and one answer is one answer
    assert f"{reply_text('CRANE', 'BEACH')}" in result.stdout and "GGGGG" in result.stdout


def reply_text(guess: str, answer: str) -> str:
    """The GY. text of a reply, from the independent oracle of the web tests."""
    from tests.web.test_api_games import wordle_reply_oracle

    return wordle_reply_oracle(guess, answer)


def test_absurdle_says_one_answer_not_one_answers(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    typed = "".join(f"{w}\n" for w in ["salet", "crony", "dumpy", "whiff", "gawky", "bijou", "vexed"])
    lines = [
        ln for ln in _play(cli, monkeypatch, typed, "--absurdle").stdout.splitlines() if "possible" in ln
    ]
    assert lines and not any(ln.startswith("1 answers") for ln in lines)
    assert any(ln.startswith("1 answer still possible") for ln in lines)


def test_play_seeded_runs_out(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    typed = "".join(f"{w}\n" for w in ["crane", "slot", "pudgy", "wimpy", "fjord", "quack", "zesty", "extra"])
    first = _play(cli, monkeypatch, typed, "--seed", "7")
    second = _play(cli, monkeypatch, typed, "--seed", "7")
    assert first.stdout == second.stdout
    assert "SLOT has 4 letters" in first.stdout
    assert "not solved: the answer was" in first.stdout


def test_play_quordle_and_absurdle(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _play(cli, monkeypatch, "crane\n", "--boards", "4", "--seed", "1")
    assert "Quordle" in result.stdout and "9 guesses" in result.stdout and "board 4" in result.stdout
    result = _play(cli, monkeypatch, "crane\nslate\n", "--absurdle")
    assert "answers still possible" in result.stdout


def test_multi_board_backtest_json(cli: Cli) -> None:
    payload = json.loads(cli("wordle", "backtest", "--boards", "2", "--games", "10", "--json").stdout)
    assert payload["boards"] == 2 and payload["games"] == 10
    assert payload["total"] == sum(int(k) * v for k, v in payload["distribution"].items())
    assert cli("wordle", "backtest", "--boards", "2", "--hard").exit_code == 2


def test_tree_file_errors(cli: Cli, tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("beach\nhatch\nbatch\n")
    result = cli("wordle", "tree", "--answers", str(answers), "--out", str(tmp_path / "no" / "tree.txt"))
    assert result.exit_code == 2 and "cannot write the tree" in result.stderr
    binary = tmp_path / "tree.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    result = cli("wordle", "check-tree", str(binary), "--answers", str(answers))
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_a_bad_history_fails_before_any_reply_table_is_built(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a reply table was built for a history that is bad on its face")

    monkeypatch.setattr("lexigrid.wordle.report.reply_table", refuse)
    result = cli("wordle", "suggest", "RIEBNK:Y.YYY,BEDVF:YYY..", "--length", "8")
    assert result.exit_code == 2 and "not 8" in result.stderr


def test_review_reads_the_answer_from_an_all_green_last_row(cli: Cli) -> None:
    given = json.loads(cli("wordle", "review", "SALET TRAIN BEACH", "--answer", "beach", "--json").stdout)
    share = "Wordle 1 3/6\n⬜🟨⬜🟨⬜ SALET\n⬜⬜🟩⬜⬜ TRAIN\n🟩🟩🟩🟩🟩 BEACH"
    read = json.loads(cli("wordle", "grade", share, "--json").stdout)
    assert read == given and read["answer"] == "BEACH"


def test_suggest_show_limits_the_json_candidates_too(cli: Cli) -> None:
    payload = json.loads(cli("wordle", "suggest", "CRANE:..Y.G", "--show", "3", "--json").stdout)
    assert len(payload["candidates"]) == 3 and payload["count"] > 3
    assert cli("wordle", "suggest", "--show", "-1").exit_code == 2
