"""Par: the fewest words of a common-word solution plus two, checked by a breadth-first oracle on real NYT
boards; hints in par lead to a finish within it, and say so when none is left."""

from __future__ import annotations

import json
from functools import cache

import pytest

from lexigrid.letterboxed import Board, check, solver
from lexigrid.letterboxed.par import PAR_COMMON, PAR_SLACK, Par, hints_in_par, par
from lexigrid.letterboxed.search import MAX_WORDS
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.offensive import is_offensive
from tests.conftest import run_cli, shared_file
from tests.letterboxed import oracle
from tests.letterboxed.conftest import BOXCHAR

SAMPLE = range(0, 697, 35)  # 20 boards for the fit with the NYT's par
ORACLE_SAMPLE = range(0, 697, 100)  # 7 boards for the oracle (each lists the lexicon's common words)


@cache
def nyt_boards() -> list[tuple[list[str], int]]:
    """The NYT boards of 2024-2025 with the NYT's own par."""
    with open(shared_file("data", "letterboxed", "nyt_puzzles.json"), encoding="utf-8") as handle:
        puzzles = json.load(handle)["puzzles"]
    return [(p["sides"], p["par"]) for p in puzzles]


def fewest_words(sides: list[str], words: list[str]) -> int | None:
    """The fewest words of a chain covering the board, breadth first over (last letter, letters covered)."""
    letters = set("".join(sides))
    frontier = {(w[-1], frozenset(w)) for w in words}
    seen = set(frontier)
    for n in range(1, MAX_WORDS + 1):
        if any(covered == letters for _, covered in frontier):
            return n
        nxt = set()
        for last, covered in frontier:
            for w in words:
                state = (w[-1], covered | set(w))
                if w[0] == last and state not in seen:
                    seen.add(state)
                    nxt.add(state)
        frontier = nxt
    return None


def common_playable(sides: list[str], lex: Lexicon) -> list[str]:
    return [
        w
        for w in lex
        if len(w) >= 3
        and (rank := lex.rank(w)) is not None
        and rank <= PAR_COMMON
        and oracle.playable(sides, w)
        and not is_offensive(w)
    ]


@pytest.mark.parametrize("number", ORACLE_SAMPLE)
def test_par_is_the_fewest_words_of_a_common_word_solution_plus_two(number: int) -> None:
    sides, _ = nyt_boards()[number]
    lex = load()
    fewest = fewest_words(sides, common_playable(sides, lex))
    assert fewest is not None
    got = par(Board.parse(",".join(sides)), lex)
    assert got == Par(min(fewest + PAR_SLACK, MAX_WORDS), fewest, PAR_COMMON)


def test_par_is_within_one_of_the_nyts_on_18_of_the_20_sampled_boards() -> None:
    """As on all 697 boards (683 within one, docs/letterboxed.md): the NYT's par is its own choice."""
    lex = load()
    boards = [nyt_boards()[n] for n in SAMPLE]
    off = [abs(par(Board.parse(",".join(sides)), lex).words - nyt) for sides, nyt in boards]
    assert sum(d <= 1 for d in off) == 18


def test_hints_in_par_lead_to_a_finish_within_par() -> None:
    lex = load()
    board = Board.parse(BOXCHAR)
    board_par = par(board, lex)
    s = solver(board, lex)
    played: list[str] = []
    while True:
        found, in_par = hints_in_par(s, lex, played, board_par)
        if not found:
            break
        assert in_par and len(found[0].solution.words) <= board_par.words
        assert tuple(found[0].solution.words[: len(played)]) == tuple(played)
        played.append(found[0].word)
    assert check(board, tuple(played), lex).valid and len(played) <= board_par.words


def test_a_chain_past_par_gets_a_hint_beyond_it() -> None:
    lex = load()
    board = Board.parse(BOXCHAR)
    board_par = Par(2, 2, PAR_COMMON)  # a par the chain below cannot keep
    played = ["FOG", "GLOVE"]
    found, in_par = hints_in_par(solver(board, lex), lex, played, board_par)
    assert not in_par and found and check(board, tuple(found[0].solution.words), lex).valid


def test_cli_hint_with_par_says_the_par_and_agrees_with_the_library() -> None:
    result = run_cli("letterboxed", "hint", BOXCHAR, "--par", "--top", "1", "--json")
    payload = json.loads(result.stdout)
    board_par = par(Board.parse(BOXCHAR), load())
    assert payload["par"] == board_par.as_dict() and payload["in_par"] is True
    assert len(payload["hints"][0]["solution"]["words"]) <= board_par.words
