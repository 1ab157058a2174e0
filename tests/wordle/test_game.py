"""The game: refused guesses with reasons, the hard-mode rule, the keyboard, variants."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lexigrid.errors import LexigridError
from lexigrid.runner import QUIET_RUNNER
from lexigrid.wordle.game import Game, hard_mode_allowed, hard_mode_violation
from lexigrid.wordle.reply import GREEN, GREY, YELLOW, parse_reply, reply_for
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.variants import Absurdle, MultiGame
from lexigrid.wordle.words import WordLists

HARD = {
    "keeps green and yellow": ("CRANE", "BEACH", "BEACH", None),
    "drops a green": ("CRANE", "BEACH", "PEACH", None),
    "moves a green": ("HATCH", "BEACH", "CHEAP", "the 4th letter must be C"),
    "misses a yellow": ("HATCH", "BEACH", "WINCH", "must contain A"),
    "reuses grey letters freely": ("HATCH", "BEACH", "TEACH", None),
    "yellow may stay in place": ("HATCH", "BEACH", "HALCH", None),
    "two revealed E need two E": ("EERIE", "THEME", "THEME", None),
    "two revealed E, only one used": ("SPEED", "ERASE", "SPADE", "must contain E 2 times"),
}


@pytest.mark.parametrize(("first", "answer", "second", "reason"), HARD.values(), ids=HARD.keys())
def test_hard_mode_rule(first: str, answer: str, second: str, reason: str | None) -> None:
    history = [(first, reply_for(first, answer))]
    found = hard_mode_violation(second, history)
    if reason is None:
        assert found is None
    else:
        assert found is not None and reason in found


def test_hard_mode_filter_agrees_with_the_rule(table: ReplyTable) -> None:
    rng = np.random.default_rng(5)
    for _ in range(6):
        g = int(rng.integers(len(table.lists.guesses)))
        a = int(rng.integers(len(table.lists.answers)))
        word, answer = table.lists.guesses[g], table.lists.answers[a]
        reply = reply_for(word, answer)
        kept = set(hard_mode_allowed(table, table.all_guesses(), g, reply).tolist())
        for h in range(0, len(table.lists.guesses), 37):
            ok = hard_mode_violation(table.lists.guesses[h], [(word, reply)]) is None
            assert (h in kept) == ok


def test_game_refuses_with_reasons(table: ReplyTable) -> None:
    game = Game(table, "BEACH", hard=True)
    assert game.rejection("ZZZZZ") == "ZZZZZ is not in the word list"
    assert "5-letter" in (game.rejection("CRAN") or "")
    game.guess("HATCH")
    with pytest.raises(LexigridError, match="4th letter must be C"):
        game.guess("CHEAP")
    assert game.guess("BEACH") == parse_reply("GGGGG")
    assert game.won and game.over
    assert game.keyboard()["H"] == GREEN and game.keyboard()["A"] == GREEN and game.keyboard()["T"] == GREY


def test_six_tries(table: ReplyTable) -> None:
    game = Game(table, "BEACH")
    for word in ["CRANE", "SLOTH", "PUDGY", "WIMPY", "FJORD", "QUACK"]:
        game.guess(word)
    assert game.over and not game.won
    assert game.rejection("BEACH") == "the game is over"
    assert game.keyboard()["E"] == YELLOW and game.keyboard()["C"] == GREEN


def test_quordle_boards_solve_separately(table: ReplyTable) -> None:
    game = MultiGame(table, ["BEACH", "CRANE", "SLOTH", "PUDGY"])
    game.guess("CRANE")
    assert game.boards[1].won and not game.won
    replies = game.guess("BEACH")
    assert replies[1] is None
    for word in ("SLOTH", "PUDGY"):
        game.guess(word)
    assert game.won and game.turns == 4


def test_absurdle_keeps_the_largest_part(tiny: ReplyTable) -> None:
    game = Absurdle(tiny)
    reply = game.guess("BATCH")
    parts: dict[int, int] = {}
    for answer in tiny.lists.answers:
        parts[reply_for("BATCH", answer)] = parts.get(reply_for("BATCH", answer), 0) + 1
    assert parts[reply] == max(parts.values())
    assert all(reply_for("BATCH", tiny.lists.answers[a]) == reply for a in game.candidates)
    while not game.won:
        game.guess(tiny.lists.answers[int(game.candidates[0])])
    assert len(game.history) >= 3


def test_multi_board_guesser_finds_every_answer(lists: WordLists) -> None:
    from lexigrid.wordle.multiboard import multi_board_backtest

    result = multi_board_backtest(lists, 4, games=12, seed=5, runner=QUIET_RUNNER)
    rng = random.Random(5)
    for guesses in result.guesses:
        deal = [lists.answers[i] for i in rng.sample(range(len(lists.answers)), 4)]
        assert set(deal) <= set(guesses) and guesses[-1] in deal
        game = MultiGame(reply_table(lists), deal)
        for word in guesses:
            game.guess(word)
        assert game.won and game.turns == len(guesses)


def test_multi_board_guesser_plays_a_sure_answer(table: ReplyTable) -> None:
    from lexigrid.wordle.multiboard import multi_board_guess

    sure = np.array([table.answer_id("BEACH")])
    wide = table.all_answers()[:50]
    assert table.lists.guesses[multi_board_guess(table, [wide, sure])] == "BEACH"


def test_play_session_with_an_injected_reader(table: ReplyTable) -> None:
    from rich.console import Console

    from lexigrid.cli.wordle_play import play_session

    typed = iter(["toolong", "crane", "beach"])
    console = Console(record=True, width=100)
    won = play_session(table, console, lambda prompt: next(typed, None), answer="beach", hard=True)
    text = console.export_text()
    assert won and "TOOLONG has 7 letters" in text and "solved in 2 guesses" in text
