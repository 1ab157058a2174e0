"""Replies: the game's duplicate-letter rules, the notations, and the table against a plain oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.wordle.reply import format_reply, parse_reply, reply_for, solved
from lexigrid.wordle.table import ReplyTable, reply_table
from lexigrid.wordle.words import from_words


def oracle(guess: str, answer: str) -> str:
    """The reply spelled out: mark greens, then walk left to right taking letters from a pool."""
    marks = ["."] * len(guess)
    pool = []
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            marks[i] = "G"
        else:
            pool.append(a)
    for i, g in enumerate(guess):
        if marks[i] != "G" and g in pool:
            marks[i] = "Y"
            pool.remove(g)
    return "".join(marks)


CASES = {
    "the issue's example": ("HATCH", "BEACH", ".Y.GG"),
    "one E in the answer, two guessed": ("SPEED", "ABIDE", "..Y.Y"),
    "two E in the answer, two guessed": ("SPEED", "ERASE", "Y.YY."),
    "green B and a yellow B": ("ABBEY", "KEBAB", "YYGY."),
    "green E uses up the only other E": ("EERIE", "THEME", "Y...G"),
    "two yellow L": ("LLAMA", "HELLO", "YY..."),
    "two L the other way": ("HELLO", "LLAMA", "..YY."),
    "a later green takes the S from an earlier yellow": ("SASSY", "CLASS", "YY.G."),
    "all green": ("CRANE", "CRANE", "GGGGG"),
    "nothing": ("QUICK", "BOARD", "....."),
}


@pytest.mark.parametrize(("guess", "answer", "expected"), CASES.values(), ids=CASES.keys())
def test_known_replies(guess: str, answer: str, expected: str) -> None:
    assert format_reply(reply_for(guess, answer), 5) == expected
    assert oracle(guess, answer) == expected


def test_seed_notation_and_emoji() -> None:
    code = reply_for("HATCH", "BEACH")
    assert format_reply(code, 5, "xof") == "FOFXX"
    assert parse_reply("FOFXX") == code
    assert format_reply(code, 5, "emoji") == "⬜🟨⬜🟩🟩"
    assert parse_reply("⬛🟨⬛🟩🟩") == code
    assert parse_reply(".y.gg", 5) == code


@pytest.mark.parametrize("bad", ["GY.Q.", "", "GGGG"], ids=["unknown colour", "empty", "too short"])
def test_bad_reply_text(bad: str) -> None:
    with pytest.raises(LexigridError):
        parse_reply(bad, 5)


words = st.text(alphabet="ABCDE", min_size=5, max_size=5)


@given(words, words)
def test_reply_matches_the_oracle(guess: str, answer: str) -> None:
    assert format_reply(reply_for(guess, answer), 5) == oracle(guess, answer)


@given(words, words)
def test_colour_counts(guess: str, answer: str) -> None:
    shown = format_reply(reply_for(guess, answer), 5)
    assert shown.count("G") == sum(g == a for g, a in zip(guess, answer, strict=True))
    for letter in set(guess):
        coloured = sum(1 for g, c in zip(guess, shown, strict=True) if g == letter and c != ".")
        assert coloured == min(guess.count(letter), answer.count(letter))
    assert (reply_for(guess, answer) == solved(5)) == (guess == answer)


@given(st.lists(words, min_size=1, max_size=12, unique=True), st.lists(words, max_size=12))
@settings(max_examples=40, deadline=None)
def test_compiled_table_matches_reply_for(answers: list[str], extra: list[str]) -> None:
    table = reply_table(from_words(answers, extra))
    for g, guess in enumerate(table.lists.guesses):
        for a, answer in enumerate(table.lists.answers):
            assert table.codes[g, a] == reply_for(guess, answer)


def test_original_table_samples(table: ReplyTable) -> None:
    assert table.codes.shape == (12972, 2315)
    assert table.codes.dtype.itemsize == 1
    for g in range(0, 12972, 997):
        for a in range(0, 2315, 101):
            guess, answer = table.lists.guesses[g], table.lists.answers[a]
            assert format_reply(int(table.codes[g, a]), 5) == oracle(guess, answer)
