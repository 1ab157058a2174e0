"""Leave values: the heuristic, learned weights, and the self-play games they are learned from."""

from __future__ import annotations

import itertools
import math
import random
from array import array
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, HeuristicLeaves
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.core.rules import rules
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.leave import KlvLeaves, LinearLeaves, default_leaves, leave_features
from lexigrid.scrabble.learn.training import fit, play_game
from tests.conftest import shared_file


@pytest.mark.parametrize(
    ("better", "worse"),
    [("S", "Q"), ("?", "S"), ("ERS", "UUV"), ("AET", "AAE"), ("QU", "Q"), ("RT", "RR"), ("EIST", "IIUU")],
)
def test_heuristic_orders_leaves_sensibly(better: str, worse: str) -> None:
    leaves = HeuristicLeaves()
    assert leaves.value(better) > leaves.value(worse)
    assert leaves.value("") == 0.0


def test_leave_features() -> None:
    assert sorted(leave_features("SS?Q")) == ["?1", "?Q", "?S", "Q1", "QS", "S1", "S2", "q-no-u", "v0c3"]
    assert leave_features("") == ["v0c0"]


def test_fit_propagates_value_through_the_next_leave() -> None:
    """A leave that only leads to a good next leave is worth that leave's value (temporal difference)."""
    samples = [("Q", 15, "S"), ("S", 30, None), ("", 20, None), ("A", 20, None)] * 3000
    learned = fit(samples)
    assert learned.value("S") == pytest.approx(30 - 20, abs=0.5)
    assert learned.value("A") == pytest.approx(0, abs=0.5)
    assert learned.value("Q") == pytest.approx(15 + 10 - 20, abs=0.5)


def test_fit_recovers_planted_weights() -> None:
    rng = random.Random(3)
    planted = {"S1": 8.0, "Q1": -7.0, "?1": 20.0}
    samples = []
    for _ in range(30000):
        leave = "".join(rng.choice("SQ?ABCDE") for _ in range(rng.randint(0, 4)))
        score = 30 + sum(planted.get(f, 0.0) for f in leave_features(leave)) + rng.gauss(0, 1)
        samples.append((leave, round(score), None))
    learned = fit(samples)
    assert learned.value("S") - learned.value("A") == pytest.approx(8.0, abs=0.6)
    assert learned.value("Q") - learned.value("A") == pytest.approx(-7.0, abs=0.6)
    assert learned.value("?") - learned.value("A") == pytest.approx(20.0, abs=0.6)
    assert LinearLeaves(learned.weights).value("") == 0.0


def test_shipped_leaves_are_learned_and_sane() -> None:
    leaves = default_leaves()
    assert isinstance(leaves, LinearLeaves)
    assert leaves.value("?") > leaves.value("S") > leaves.value("E") > leaves.value("Q")
    assert leaves.value("") == 0.0


def test_shipped_leaves_are_read_once_per_process() -> None:
    """Every engine and batch line shares one model of the bundled file (it never changes)."""
    assert default_leaves() is default_leaves()


def test_self_play_game_is_legal(default_lexicon: Lexicon) -> None:
    """Replaying a self-play game through the referee gives the same score for every placement."""
    record = play_game(5, (HeuristicLeaves(), HeuristicLeaves()))
    board = Board()
    totals = [0, 0]
    for turn, move in enumerate(record.moves):
        if move.kind == "place":
            assert check(board, move, default_lexicon) == move.score
            board.place(move)
        totals[turn % 2] += move.score
    assert len(board.tile_counts()) > 0 and sum(board.tile_counts().values()) <= 100
    # the final scores differ from the move totals only by the rack adjustment at the end
    assert abs((record.scores[0] - totals[0]) + (record.scores[1] - totals[1])) <= 2 * 40
    assert all(0 <= score <= 300 for _, score, _ in record.samples)
    assert all(next_leave is None or len(next_leave) <= 6 for _, _, next_leave in record.samples)


@pytest.mark.parametrize(
    "model",
    [
        HeuristicLeaves(),
        LinearLeaves({"S1": 7.5, "S2": -1.0, "v1c2": 2.0, "q-no-u": -5, "ER": 3.0, "?S": 1.5, "QU": 9.0}),
    ],
)
def test_leave_table_equals_value_leave_by_leave(model: HeuristicLeaves | LinearLeaves) -> None:
    """The numpy table of a rack's leaves (mixed-radix order) agrees with value() on every leave."""
    rng = random.Random(11)
    for _ in range(200):
        rack = Counter(rng.choice("AEIOUQSSX??ZZEEBU") for _ in range(7))
        held = sorted(rack.items(), key=lambda item: "" if item[0] == "?" else item[0])
        table = model.table(held)
        backwards = list(reversed(held))  # the first held tile varies fastest
        for index, kept in enumerate(itertools.product(*(range(n + 1) for _, n in backwards))):
            leave = "".join(tile * n for (tile, _), n in zip(backwards, kept, strict=True))
            assert table[index] == pytest.approx(model.value(leave))


def compiled_leaves(
    engine: Engine, rack: Counter[str], strides: bytes, table: bytes
) -> Iterator[tuple[str, float]]:
    """Each leave of `rack` with its value in a compiled leave table (indexed by the engine's strides)."""
    values = array("d", table)
    held = sorted(rack)
    assert len(values) == math.prod(rack[t] + 1 for t in held)
    for kept in itertools.product(*(range(rack[t] + 1) for t in held)):
        leave = "".join(t * n for t, n in zip(held, kept, strict=True))
        index = sum(n * strides[engine.alphabet.code(t)] for t, n in zip(held, kept, strict=True))
        yield leave, values[index]


@pytest.mark.parametrize("name", ["small", "twl06"])  # the small KLV2 and MAGPIE's TWL06 KLV2
def test_compiled_klv_table_gives_every_leave_klv_leaves_value(
    name: str, small_klv_leaves: KlvLeaves, default_lexicon: Lexicon
) -> None:
    """Every leave of random racks (1 to 8 tiles, blanks, repeated tiles) looked up in the compiled table is
    exactly the dictionary's value (KlvLeaves.value), unlisted leaves 0, at the index Engine's tables use."""
    twl06 = "small" if name == "small" else shared_file("data", "scrabble", "TWL06.klv2")
    model = small_klv_leaves if name == "small" else KlvLeaves.read(Path(twl06))
    engine = Engine(default_lexicon, leaves=model)
    pool = [t for t, n in rules().tiles.counts.items() for _ in range(n)]
    rng = random.Random(5)
    listed = unlisted = 0
    for size in (1, 2, 3, 5, 7, 7, 7, 8) * 60:
        rack = Counter(rng.sample(pool, size))
        counts = engine.alphabet.rack_codes(rack)
        strides, table = _engine.trie_leave_table(engine.leave_trie(), counts)
        for leave, value in compiled_leaves(engine, rack, strides, table):
            assert value == model.value(leave), leave
            listed += leave in model.table
            unlisted += leave not in model.table
        assert engine._build_leave_table(counts, False, 0) == (strides, table)  # what Engine.best reads
    assert listed > 1000 and unlisted > (1000 if name == "small" else 0)


def test_a_compiled_leave_table_takes_tiles_in_any_order_and_refuses_a_leave_listed_twice() -> None:
    """A language's KLV lists each leave in its glyphs' order, which need not be the codes' (Catalan's Á)."""
    trie = _engine.leave_trie(b"\x02\x01\x02", b"\x02\x01", array("d", [1.5, 2.5]).tobytes())
    rack = bytes([0, 1, 1] + [0] * 24)
    strides, values = _engine.trie_leave_table(trie, rack)
    assert strides[1:3] == bytes([1, 2])
    assert list(array("d", values)) == [0.0, 0.0, 2.5, 1.5]  # {}, {1}, {2}, {1, 2}
    with pytest.raises(ValueError, match="listed twice"):
        _engine.leave_trie(b"\x01\x02\x01\x02", b"\x02\x02", array("d", [1.0, 2.0]).tobytes())
    with pytest.raises(ValueError, match="beyond the alphabet"):
        _engine.leave_trie(b"\x40", b"\x01", array("d", [1.0]).tobytes())  # past any alphabet's codes
