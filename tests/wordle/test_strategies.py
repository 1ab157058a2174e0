"""Strategies and the backtester: legal guesses in hard mode, the seed's and the published figures."""

from __future__ import annotations

import numpy as np
import pytest

from lexigrid.errors import LexigridError
from lexigrid.runner import QUIET_RUNNER, Runner
from lexigrid.wordle.backtest import backtest
from lexigrid.wordle.game import hard_mode_violation
from lexigrid.wordle.position import Position
from lexigrid.wordle.reply import reply_for
from lexigrid.wordle.strategies import GREEDY, score_guesses, strategy
from lexigrid.wordle.table import ReplyTable
from lexigrid.wordle.words import WordLists

NAMES = ["frequency", "rank", *GREEDY]


def replay_checks(lists: WordLists, games: list[list[str]], answers: list[str], hard: bool) -> None:
    """Every game ends on its answer, and in hard mode every guess keeps the rule."""
    for answer, guesses in zip(answers, games, strict=True):
        assert guesses[-1] == answer
        history: list[tuple[str, int]] = []
        for guess in guesses:
            assert guess in lists.guesses
            if hard:
                assert hard_mode_violation(guess, history) is None, (answer, guesses)
            history.append((guess, reply_for(guess, answer)))


@pytest.mark.parametrize("name", NAMES)
def test_hard_mode_guesses_keep_the_rule(lists: WordLists, name: str) -> None:
    answers = list(lists.answers[::23])
    result = backtest(lists, name, opener="CRANE", hard=True, answers=answers, runner=QUIET_RUNNER)
    replay_checks(lists, result.guesses, answers, hard=True)


def test_greedy_scores_match_a_plain_count(table: ReplyTable) -> None:
    candidates = np.arange(0, 2315, 40)
    guesses = np.array([0, 5, 100, 4000, 12971])
    scores = score_guesses(table, candidates, guesses)
    for j, g in enumerate(guesses):
        parts: dict[int, int] = {}
        for a in candidates:
            r = reply_for(table.lists.guesses[g], table.lists.answers[a])
            parts[r] = parts.get(r, 0) + 1
        assert scores.parts[j] == len(parts)
        assert scores.largest[j] == max(parts.values())
        assert scores.squares[j] == sum(n * n for n in parts.values())


def test_two_candidates_guess_a_candidate(table: ReplyTable) -> None:
    candidates = np.array([table.answer_id("BEACH"), table.answer_id("PEACH")])
    for name in NAMES:
        choice = strategy(name).choose(Position(table, candidates, table.all_guesses()))
        assert table.lists.guesses[choice] in ("BEACH", "PEACH")


def test_unknown_strategy() -> None:
    with pytest.raises(LexigridError, match="unknown strategy"):
        strategy("psychic")


# The seed program's figures (3.68, 4.02) and the published greedy ones, over all 2,315 answers.
FULL = {
    "entropy from CRANE": ("entropy", "CRANE", 3.438),
    "most-parts from TRACE": ("most-parts", "TRACE", 3.4315),
    "frequency (the seed's)": ("frequency", None, 3.68),
    "rank (the seed's)": ("rank", None, 4.02),
}
SLOW = {
    "expected-size from ROATE": ("expected-size", "ROATE", 3.481),
    "minimax from RAISE": ("minimax", "RAISE", 3.517),
}


def _full_backtest(lists: WordLists, name: str, opener: str | None, average: float) -> None:
    result = backtest(lists, name, opener=opener, runner=Runner(jobs=2, progress=False))
    assert result.totals.games == 2315
    assert round(result.totals.average, len(str(average).split(".")[1])) == average
    replay_checks(lists, result.guesses, list(lists.answers), hard=False)


@pytest.mark.parametrize(("name", "opener", "average"), FULL.values(), ids=FULL.keys())
def test_full_backtest(lists: WordLists, name: str, opener: str | None, average: float) -> None:
    _full_backtest(lists, name, opener, average)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "opener", "average"), SLOW.values(), ids=SLOW.keys())
def test_full_backtest_slow(lists: WordLists, name: str, opener: str | None, average: float) -> None:
    _full_backtest(lists, name, opener, average)


def test_optimal_backtest_plays_the_tree(lists: WordLists) -> None:
    answers = list(lists.answers[::50])
    result = backtest(lists, "optimal", opener="SALET", answers=answers, runner=QUIET_RUNNER)
    replay_checks(lists, result.guesses, answers, hard=False)
    assert result.totals.max <= 5 and all(g[0] == "SALET" for g in result.guesses)


def test_remembered_decisions_are_kept_apart_per_word_list() -> None:
    from lexigrid.wordle import backtest as module
    from tests.wordle.conftest import small_lists

    first, second = small_lists(3, 40, 20), small_lists(4, 40, 20)  # same sizes: same position keys
    module._decisions.clear()
    fresh = backtest(second, "entropy", runner=QUIET_RUNNER).guesses
    module._decisions.clear()
    backtest(first, "entropy", runner=QUIET_RUNNER)
    assert backtest(second, "entropy", runner=QUIET_RUNNER).guesses == fresh


@pytest.mark.slow
def test_dask_backend_gives_the_same_games(lists: WordLists) -> None:
    pytest.importorskip("distributed", reason="the Dask backend needs the cluster extra")
    answers = list(lists.answers[::40])
    local = backtest(lists, "most-parts", opener="TRACE", answers=answers, runner=QUIET_RUNNER)
    spread = backtest(
        lists,
        "most-parts",
        opener="TRACE",
        answers=answers,
        runner=Runner(jobs=2, backend="dask", progress=False),
    )
    assert spread.guesses == local.guesses


@pytest.mark.parametrize("hard", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["normal", "hard"])
def test_optimal_strategy_plays_the_optimal_tree(lists: WordLists, hard: bool) -> None:
    from lexigrid.wordle.backtest import Plan, play_game
    from lexigrid.wordle.optimal import OptimalStrategy, optimal_tree
    from lexigrid.wordle.table import reply_table

    table = reply_table(lists)
    tree, _ = optimal_tree(table, "SALET", hard=hard)
    chooser = OptimalStrategy("SALET")
    answers = range(0, len(lists.answers), 97)
    by_tree = [play_game(table, Plan(lists, "optimal", "SALET", hard, tree), a) for a in answers]
    for a, expected in zip(answers, by_tree, strict=True):
        candidates, allowed = table.all_answers(), table.all_guesses()
        played = []
        for turn in range(6):
            guess = chooser.choose(Position(table, candidates, allowed, turn, hard))
            played.append(lists.guesses[guess])
            reply = int(table.codes[guess, a])
            if reply == table.solved:
                break
            candidates = table.filter(candidates, guess, reply)
            if hard:
                from lexigrid.wordle.game import hard_mode_allowed

                allowed = hard_mode_allowed(table, allowed, guess, reply)
        assert played == expected
