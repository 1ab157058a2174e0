"""The pruned best-move search against the full move list, and the graph and word map it reads."""

from __future__ import annotations

import random
import struct
from array import array
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.cache import CACHE_ENV, artifact_path
from lexigrid.scrabble import Board, Engine, Position, Rack, parse_cgp
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.gaddag import WORD_MAP_VERSION
from lexigrid.scrabble.engine.gaddag import build as build_gaddag
from lexigrid.scrabble.engine.gaddag import load as load_gaddag
from lexigrid.scrabble.engine.movegen import tie_order
from lexigrid.scrabble.game.game import Game
from tests.scrabble.conftest import REFERENCE_BOARD, SMALL_WORDS


def _anagram_classes(words: list[str], shortest: int) -> int:
    return len({"".join(sorted(w.upper())) for w in words if len(w) >= shortest})


def _word_map_slots(table: bytes | memoryview) -> list[tuple[int, list[str]]]:
    """The key and words of each filled slot of a word map (see word_map_build in wordmap.c)."""
    mask, _, _, filter_mask = struct.unpack_from("<QQQQ", table)
    slots_at = 32 + (filter_mask + 1) * 8
    words_at = slots_at + (mask + 1) * 16
    filled = []
    for slot in range(mask + 1):
        key, first, count = struct.unpack_from("<QII", table, slots_at + 16 * slot)
        if count:
            records = (table[words_at + 16 * i : words_at + 16 * i + 16] for i in range(first, first + count))
            filled.append((key, [bytes(64 + c for c in r if c).decode() for r in records]))
    return filled


def _word_map_classes(table: bytes | memoryview) -> list[list[str]]:
    """The words of each filled slot of a word map."""
    return [words for _, words in _word_map_slots(table)]


def test_the_word_map_filter_admits_every_key_it_files(default_lexicon: Lexicon) -> None:
    table = bytes(load_gaddag(default_lexicon).word_map(2))
    filter_mask = struct.unpack_from("<Q", table, 24)[0]
    for key, _ in _word_map_slots(table):
        (word,) = struct.unpack_from("<Q", table, 32 + 8 * ((key >> 32) & filter_mask))
        bits = (1 << (key & 63)) | (1 << ((key >> 6) & 63)) | (1 << ((key >> 12) & 63))
        assert word & bits == bits


@pytest.mark.parametrize("shortest", [2, 4, 7])
def test_the_word_map_files_each_word_once_under_its_letters(small_lexicon: Lexicon, shortest: int) -> None:
    classes = _word_map_classes(load_gaddag(small_lexicon).word_map(shortest))
    assert sorted(w for c in classes for w in c) == sorted({w for w in SMALL_WORDS if len(w) >= shortest})
    assert all(len({"".join(sorted(w)) for w in c}) == 1 for c in classes)
    assert len(classes) == _anagram_classes(SMALL_WORDS, shortest)


def test_the_word_map_of_the_default_lexicon_has_no_colliding_keys(default_lexicon: Lexicon) -> None:
    classes = _word_map_classes(load_gaddag(default_lexicon).word_map(2))
    assert len(classes) == _anagram_classes(list(default_lexicon), 2)
    assert sum(len(c) for c in classes) == len(list(default_lexicon))


def _check_turn(engine: Engine, position: Position) -> int:
    """best() by score and by equity equals the head of the full, unpruned list; the positions checked."""
    moves = engine.moves(position)
    by_score = engine.best(position, "score")
    full_score = moves.top(1, "score", placements_only=True)
    if full_score:  # by score the equity field is not filled in alike: compare the placements
        assert by_score is not None
        assert (by_score.notation, by_score.score) == (full_score[0].notation, full_score[0].score)
    else:
        assert by_score is None
    assert engine.best(position, "equity") == moves.top(1, "equity")[0]
    return 1


def _check_games(lexicon: Lexicon, seeds: range) -> int:
    """Check every turn of seeded equity-v-score games; the positions checked."""
    engine = Engine(lexicon)
    checked = 0
    for seed in seeds:
        game = Game.new(["equity", "score"], seed=seed, lexicon=lexicon, endgame_seconds=None)
        while not game.over:
            checked += _check_turn(engine, game.position())
            game.play_computer()
    return checked


def test_best_move_equals_the_full_list_through_whole_games(default_lexicon: Lexicon) -> None:
    """Every turn of 20 seeded games: racks with and without blanks, spans through board tiles, end-games."""
    assert _check_games(default_lexicon, range(1, 21)) > 300


@pytest.mark.slow
def test_best_move_equals_the_full_list_through_many_games(default_lexicon: Lexicon) -> None:
    assert _check_games(default_lexicon, range(1000, 1500)) > 10_000


@pytest.mark.parametrize("rack", ["RETAINS", "AEINRT?", "EINRT??", "QZXJKVW", "AEIOU??", "S", "??"])
def test_best_move_equals_the_full_list_on_hand_racks(default_lexicon: Lexicon, rack: str) -> None:
    engine = Engine(default_lexicon)
    for board in (Board(), parse_cgp(f"{REFERENCE_BOARD} A/ 0/0 0").board):
        _check_turn(engine, Position(board, (Rack(rack), Rack("ABCDEFG"))))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 12),
    rack=st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ??", min_size=1, max_size=7),
)
def test_property_best_move_equals_the_full_list(
    default_lexicon: Lexicon, seed: int, turns: int, rack: str
) -> None:
    """Racks of up to two blanks on boards grown by random legal moves: the word-map search, subrack by
    subrack, finds the head of the full list by score and by equity (exchanges included)."""
    engine = Engine(default_lexicon)
    rng = random.Random(seed)
    board = Board()
    for _ in range(turns):
        grow = Rack("".join(rng.choice("AEINRSTOLUDGCMP") for _ in range(7)))
        moves = list(engine.moves(Position(board, (grow, Rack()))).placements())
        if moves:
            board.place(rng.choice(moves))
    position = Position(board, (Rack(rack.replace("?", "", max(0, rack.count("?") - 2))), Rack()))
    try:
        position.validate()
    except LexigridError:
        assume(False)  # more of a letter than the tile set holds
    _check_turn(engine, position)


def test_ties_go_to_the_first_move_in_tie_order(default_lexicon: Lexicon) -> None:
    """An empty board: every opening has a mirror image down with the same value; across wins."""
    engine = Engine(default_lexicon)
    position = Position(Board(), (Rack("AEINRST"), Rack()))
    best = engine.best(position, "score")
    assert best is not None and not best.down
    tied = [m for m in engine.moves(position).placements() if m.score == best.score]
    assert len(tied) > 1
    assert best == min(tied, key=tie_order)


def _spelled(graph: bytes) -> set[str]:
    """Every whole word the search graph spells as a full reversal (letters only, no separator): a node is
    its 64-bit letter set in two words, then its arcs; the root's index follows the empty node's two words."""
    words = array("I", graph)
    found: set[str] = set()

    def walk(node: int, suffix: str) -> None:
        mask, arcs = words[node] | words[node + 1] << 32, node + 2
        for letter in range(64):
            if mask >> letter & 1:
                arc = words[arcs]
                arcs += 1
                if letter == 0:
                    continue
                word = chr(64 + letter) + suffix
                if arc & 0x80000000:
                    found.add(word)
                if arc & 0x7FFFFFFF:
                    walk(arc & 0x7FFFFFFF, word)

    walk(words[2], "")
    return found


def test_search_graph_spells_exactly_the_lexicon(small_lexicon: Lexicon) -> None:
    assert _spelled(load_gaddag(small_lexicon).search_graph) == {w.upper() for w in SMALL_WORDS}


@pytest.mark.parametrize("packed", [b"", bytes(4), (5).to_bytes(4, "little") + bytes(4)])
def test_search_graph_refuses_a_corrupt_packed_graph(packed: bytes) -> None:
    with pytest.raises(ValueError, match="not a packed GADDAG"):
        _engine.search_graph(packed)


def test_best_move_equals_the_full_list_on_super_scrabble(default_lexicon: Lexicon) -> None:
    """21x21 boards grown by best moves, racks drawn from the 200 tiles (up to 4 blanks)."""
    import random

    from lexigrid.scrabble import rules

    super_rules = rules("super", "super")
    engine = Engine(default_lexicon, super_rules)
    tiles = [t for t, count in super_rules.tiles.counts.items() for _ in range(count)]
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        board = Board(super_rules)
        for _ in range(25):
            rng.shuffle(tiles)
            position = Position(board, (Rack("".join(tiles[:7])), Rack()))
            checked += _check_turn(engine, position)
            best = engine.best(position, "equity")
            if best is not None and best.kind == "place":
                board.place(best)
    assert checked == 250


def test_a_cached_word_map_is_used_only_when_its_checksum_and_layout_check_out(
    small_lexicon: Lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    built = build_gaddag(small_lexicon).word_map(2)
    cached = artifact_path("scrabble-word-map", f"{small_lexicon.sha256}-2", WORD_MAP_VERSION, "bin")
    stored = cached.read_bytes()
    assert stored[:-8] == built
    flipped = bytearray(stored)
    flipped[len(built) // 2] ^= 1  # one letter of one word
    for corrupt in (stored[:-16], stored[:24] + bytes(len(stored) - 24), bytes(flipped), b""):
        cached.write_bytes(corrupt)
        assert build_gaddag(small_lexicon).word_map(2) == built  # rebuilt, and stored again
        assert cached.read_bytes() == stored
    assert not _engine.word_map_fits(built[:-8]) and not _engine.word_map_fits(b"\xff" * 64)


@pytest.mark.parametrize(
    ("argument", "value", "reason"),
    [
        (
            (1, "dim"),
            33,
            "1 to 32 squares a side",
        ),  # past MAX_DIM: the generator's line buffers would overflow
        ((1, "dim"), 0, "1 to 32 squares a side"),
        ((1, "dim"), 16, "fewer than dim x dim squares"),  # 225 tiles read as a 16 x 16 board
        ((1, "checks"), b"", "cross-checks"),
        ((2, "lmul"), b"\x01" * 225, "premiums"),
        ((3, "counts"), b"\x01" * 5, "one entry per tile code"),
        ((3, "leaves"), b"", "leave table is shorter"),
    ],
)
def test_the_generator_refuses_packed_arrays_that_do_not_fit_the_board(
    small_lexicon: Lexicon,
    monkeypatch: pytest.MonkeyPatch,
    argument: tuple[int, str],
    value: object,
    reason: str,
) -> None:
    engine = Engine(small_lexicon)
    position = Position(Board(), (Rack("AEINRST"), Rack()))
    calls: list[tuple[object, ...]] = []
    real = _engine.generate
    monkeypatch.setattr(_engine, "generate", lambda *args: calls.append(args) or real(*args))  # type: ignore[func-returns-value]
    assert engine.count(position) > 0  # the engine's own arrays fit
    args = list(calls[0])
    group, name = argument  # the named tuple (board, layout, rack) and its field
    args[group] = args[group]._replace(**{name: value})  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=reason):
        real(*args)  # type: ignore[arg-type]  # the engine's own arguments, one of them spoiled


def test_the_cross_checks_refuse_lines_off_the_board(small_lexicon: Lexicon) -> None:
    engine = Engine(small_lexicon)
    graph, scores = engine.gaddag.search_graph, engine.tile_scores
    checks, cscores = array("Q", bytes(16 * 225)), array("i", bytes(8 * 225))
    _engine.update_checks(graph, bytes(225), 15, scores, checks, cscores, b"\x07", b"\x07")  # a real line
    for dim, rows in ((33, b""), (16, b""), (15, b"\x0f")):  # past MAX_DIM, 225 tiles as 16 x 16, row 16
        with pytest.raises(ValueError, match="do not fit"):
            _engine.update_checks(graph, bytes(225), dim, scores, checks, cscores, rows, b"")


def test_the_search_refuses_a_word_map_of_the_wrong_size(
    small_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = Engine(small_lexicon)
    position = Position(Board(), (Rack("AEINRST"), Rack()))
    # the graph is shared by every engine of this lexicon in the process: put the map back afterwards
    monkeypatch.setitem(engine.gaddag._word_maps, 2, engine.gaddag.word_map(2)[:-8])
    with pytest.raises(ValueError, match="not a word map"):
        engine.best(position, "equity")
