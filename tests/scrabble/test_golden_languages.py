"""Golden tests in other languages: the 20 Catalan (DISC2) and 20 French (FRA20) positions MAGPIE solved.

Each position's placement count, ten best placements by score (in order) and best move by static equity
(with MAGPIE's KLV2 leaves) must agree exactly, as they do for English (test_golden.py). The KWG and KLV2
files are read in the language's machine-letter order; moves are compared in the language's notation
(`8D PAL·LA`). Skips when ../shared is absent.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.kwg import kwg_words
from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.core.rules import Rules, layout, tile_set
from lexigrid.scrabble.engine.leave import KlvLeaves
from tests.conftest import SHARED, shared_file

LANGUAGES = {"catalan": "DISC2", "french": "FRA20"}


def _positions(language: str) -> list[dict[str, Any]]:
    path = SHARED / "data" / "scrabble" / language / "positions.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


CASES = [(language, p) for language in LANGUAGES for p in _positions(language)]


@cache
def _engine(language: str) -> Engine:
    """The compiled engine over the language's KWG, with its tile set and MAGPIE's KLV2 leaves."""
    name = LANGUAGES[language]
    tiles = tile_set(language)
    kwg = shared_file("data", "scrabble", language, f"{name}.kwg")
    words = kwg_words(kwg.read_bytes(), str(kwg), tiles.alphabet.glyphs)
    klv = shared_file("data", "scrabble", language, f"{name}.klv2")
    return Engine(
        Lexicon.from_words(words, name=name), Rules(tiles, layout()), KlvLeaves.read(klv, tiles.alphabet)
    )


@pytest.fixture(
    params=list[object](CASES) or [None],
    ids=[f"{lang}-{p['meta']['category']}" for lang, p in CASES] or ["absent"],
)
def golden(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    """One reference position and its language."""
    if request.param is None:
        shared_file("data", "scrabble", "catalan", "positions.jsonl")  # skips with the reason
    language, position = request.param
    return language, dict(position)


def test_placement_count_and_exchanges(golden: tuple[str, dict[str, Any]]) -> None:
    language, expected = golden
    engine = _engine(language)
    position = parse_cgp(expected["cgp"], engine.rules)
    moves = engine.moves(position)
    assert moves.count == expected["placements"]
    assert len(moves.exchanges) + 1 == expected["exchanges_and_pass"]


def test_ten_best_by_score_in_the_languages_notation(golden: tuple[str, dict[str, Any]]) -> None:
    language, expected = golden
    engine = _engine(language)
    write = engine.alphabet.write
    position = parse_cgp(expected["cgp"], engine.rules)
    top = engine.moves(position).top(10, "score", mirrors=True)
    assert [(write(m.notation), m.score) for m in top] == [
        (m["move"], m["score"]) for m in expected["top_by_score"]
    ]
    assert [write(m.paren) for m in top] == [m["paren"] for m in expected["top_by_score"]]
    best = engine.best(position, "score")
    assert best is not None and best.score == top[0].score
    assert check(position.board, best, engine.lexicon) == best.score


def test_best_by_static_equity_is_magpies(golden: tuple[str, dict[str, Any]]) -> None:
    language, expected = golden
    engine = _engine(language)
    position = parse_cgp(expected["cgp"], engine.rules)
    best = engine.best(position, "equity")
    assert best is not None
    wanted = expected["best_equity"]
    assert engine.alphabet.write(best.notation) in {wanted["move"], *wanted.get("tied_moves", [])}
    assert best.equity == pytest.approx(wanted["equity"], abs=1e-3)


def test_cgp_round_trip_keeps_multi_letter_tiles(golden: tuple[str, dict[str, Any]]) -> None:
    """Read, written and read again, the position is the same (MAGPIE's brackets: `[L·L]`, `[qu]`)."""
    language, expected = golden
    rules = _engine(language).rules
    position = parse_cgp(expected["cgp"], rules)
    again = parse_cgp(str(position), rules)
    assert again.board.rows() == position.board.rows() and again.racks == position.racks
    assert str(position).split()[:2] == expected["cgp"].split()[:2]  # board and racks as MAGPIE wrote them
