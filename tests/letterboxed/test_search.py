"""The search agrees with the brute-force oracle: same solution set, same best N, all valid."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.letterboxed import Board, is_redundant, iter_solutions, solve, solver
from lexigrid.letterboxed.search import sort_key
from lexigrid.lexicon import Lexicon
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR, BOXCHAR_WORDS, zipf_lexicon

# Named hand fixtures: (board, shape, words). Every word gets a distinct Zipf value.
HAND = {
    "boxchar": (BOXCHAR, (4, 3), list(BOXCHAR_WORDS)),
    "abcd": (
        "ABC,DEF,GHI,JKL",
        (4, 3),
        ["ADGJ", "JBEH", "HCFIL", "LAKE", "EAGLE", "ADGJBEHCFIL", "LID", "DAKE", "HIJ", "JAG", "GEL"],
    ),
    "small box": ("AB,CD,EF", (3, 2), ["ACE", "EBF", "FAD", "ACEBFD", "DAF", "ADE", "ECA", "ACF"]),
    # BEACACAD holds every letter of BCEBD, yet only BCEBD can be the middle of CFB-BCEBD-DAC:
    # BEACACAD would cover the board before the last word (Hypothesis found this).
    "superset is not better": ("AB,CD,EF", (3, 2), ["DAC", "BCEBD", "BEACACAD", "CFB"]),
}


def hand_lexicon(words: list[str]) -> Lexicon:
    return zipf_lexicon({w: 1.0 + 0.37 * i % 5 for i, w in enumerate(words)})


@pytest.mark.parametrize("name", sorted(HAND))
@pytest.mark.parametrize("max_words", [1, 2, 3, 4])
def test_same_solutions_as_the_oracle(name: str, max_words: int) -> None:
    sides, shape, words = HAND[name]
    board = Board.parse(sides, shape)
    lex = hand_lexicon(words)
    found = [s.words for s in iter_solutions(board, lex, max_words=max_words)]
    assert len(found) == len(set(found))
    assert set(found) == oracle.solutions(board.sides, words, max_words)


def test_boxchar_example(boxchar_lexicon: Lexicon) -> None:
    board = Board.parse(BOXCHAR)
    found = {s.words for s in iter_solutions(board, boxchar_lexicon)}
    assert ("FOXGLOVE", "EQUITY") in found
    assert ("FOG", "GLOVE", "EXILE", "EQUITY") in found
    assert ("FOXGLOVE", "EYE", "EQUITY") not in found  # FOXGLOVE-EQUITY covers every letter
    assert oracle.is_valid(board.sides, ("FOXGLOVE", "EYE", "EQUITY"), BOXCHAR_WORDS)
    assert oracle.is_redundant(board.sides, ("FOXGLOVE", "EYE", "EQUITY"))
    chain = tuple(w for w in solver(board, boxchar_lexicon).words if w.word in {"FOXGLOVE", "EYE", "EQUITY"})
    by_word = {w.word: w for w in chain}
    redundant = [by_word[w] for w in ("FOXGLOVE", "EYE", "EQUITY")]
    assert is_redundant(redundant, board.full_mask)


def test_boxchar_ranking_on_the_default_lexicon(default_lexicon: Lexicon) -> None:
    best = solve(BOXCHAR, default_lexicon, top=2)
    assert [str(s) for s in best] == ["FOXGLOVE-EQUITY", "FOG-GLOVE-EXILE-EQUITY"]


@pytest.mark.parametrize("sides", [BOXCHAR, "LUA,SGC,YHK,ZOP"])
def test_every_returned_solution_is_valid(sides: str, default_lexicon: Lexicon) -> None:
    board = Board.parse(sides)
    best = solve(board, default_lexicon, top=300, max_words=4)
    assert best and len({s.words for s in best}) == len(best)
    assert best == sorted(best, key=sort_key)
    known = set(default_lexicon)
    for s in best:
        assert oracle.is_valid(board.sides, s.words, known)
        assert not oracle.is_redundant(board.sides, s.words)


def test_all_of_boxchar_up_to_three_words_matches_the_oracle(default_lexicon: Lexicon) -> None:
    board = Board.parse(BOXCHAR)
    words = [w.word for w in solver(board, default_lexicon).words]
    found = [s.words for s in iter_solutions(board, default_lexicon, max_words=3)]
    assert len(found) == len(set(found))
    assert set(found) == oracle.solutions(board.sides, words, 3)


@pytest.mark.parametrize("name", sorted(HAND))
@pytest.mark.parametrize("top", [1, 2, 5, 50])
def test_best_is_the_head_of_every_solution_ranked(name: str, top: int) -> None:
    sides, shape, words = HAND[name]
    board = Board.parse(sides, shape)
    lex = hand_lexicon(words)
    ranked = solve(board, lex, top=None, max_words=4)
    assert solve(board, lex, top=top, max_words=4) == ranked[:top]


def test_best_equals_ranked_exhaustive_search_on_a_real_board(default_lexicon: Lexicon) -> None:
    board = Board.parse("YOC,UDT,RMA,GHP")
    ranked = sorted(iter_solutions(board, default_lexicon, max_words=3), key=sort_key)
    assert solve(board, default_lexicon, top=150, max_words=3) == ranked[:150]


def test_scores_follow_the_documented_formula(boxchar_lexicon: Lexicon) -> None:
    (best,) = solve(BOXCHAR, boxchar_lexicon, top=1)
    assert best.words == ("FOXGLOVE", "EQUITY")
    # min Zipf 2.0; 14 letters traced, 12 on the board, 1 link: 1 repeat; no -S form.
    assert math.isclose(best.score, 2.0 - 0.3 * 1)


# -- Hypothesis: random boxes and random word lists ------------------------------------------------


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[Board, dict[str, float]]:
    """A random box and words traced on it (some with an off-board letter), with Zipf values."""
    n = draw(st.integers(2, 4))
    m = draw(st.integers(1, 3))
    letters = draw(st.permutations("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))[: n * m]
    sides = tuple("".join(letters[i * m : (i + 1) * m]) for i in range(n))
    board = Board(sides)
    side_of = {c: i for i, s in enumerate(sides) for c in s}
    words: dict[str, float] = {}
    for _ in range(draw(st.integers(1, 14))):
        length = draw(st.integers(3, 8))
        word = draw(st.sampled_from(board.letters))
        while len(word) < length:
            nxt = draw(st.sampled_from(board.letters))
            if side_of[nxt] != side_of[word[-1]] or draw(st.integers(0, 9)) == 0:
                word += nxt
        if draw(st.integers(0, 7)) == 0:
            word += "Z" if "Z" not in side_of else "Y" if "Y" not in side_of else "X"
        words[word] = draw(st.floats(0.0, 7.0, allow_nan=False).map(lambda z: round(z, 2)))
    return board, words


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(1, 3))
def test_random_puzzles_match_the_oracle(puzzle: tuple[Board, dict[str, float]], max_words: int) -> None:
    board, words = puzzle
    lex = zipf_lexicon(words)
    found = [s.words for s in iter_solutions(board, lex, max_words=max_words)]
    assert len(found) == len(set(found))
    assert set(found) == oracle.solutions(board.sides, list(words), max_words)
    for chain in found:
        assert oracle.is_valid(board.sides, chain, words)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(1, 8))
def test_random_best_is_the_head_of_the_ranking(puzzle: tuple[Board, dict[str, float]], top: int) -> None:
    board, words = puzzle
    lex = zipf_lexicon(words)
    ranked = sorted(iter_solutions(board, lex, max_words=4), key=sort_key)
    assert solve(board, lex, top=top, max_words=4) == ranked[:top]
