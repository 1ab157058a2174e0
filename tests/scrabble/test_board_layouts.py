"""Board layouts: the two bundled ones, any other from a text file, chosen per game and named in CGP.

The engine's moves on a layout read from a file are checked against the brute-force oracle (which scores
through the referee, square by square), and one opening's score is worked out by hand below.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Move, Position, Rack, parse_cgp, parse_move
from lexigrid.scrabble.core.cgp import format_cgp
from lexigrid.scrabble.core.rules import (
    Rules,
    board_layout,
    language_rules,
    layout,
    parse_layout,
    read_layout,
    tile_set,
)
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import export_gcg, parse_gcg, record_layout
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from tests.conftest import CliResult
from tests.scrabble.oracle import placements

Cli = Callable[..., CliResult]

# A 9x9 board that is not its own transpose: a triple word at row 1 column 3 but not at row 3 column 1.
LOPSIDED = """\
# a small lopsided board
..T.....T
.d...D...
.........
...t...q.
....*....
.........
.D.....d.
.........
T.......Q
"""
WORDS = (
    "AA AB AD AE AG AH AI AN AR AS AT BA BE DA DE EA ED EH EN ER ES ET HA HE IN IS IT NA NE OE RE SH TA TE"
)
WORDS += " ARE ART ATE BAD BAT BEAD BEAT DATE EAT ERA HAT HATE HEAT NEAT RAT RATE SEA SEAT TEA TEN TAN"
WORDS += " TEAR RATES STARE TEARS ASTER EARNS SANER HASTEN THANES"


@pytest.fixture(scope="module")
def lopsided() -> Rules:
    """English tiles on the lopsided 9x9 board."""
    return language_rules("english", parse_layout(LOPSIDED, "lopsided"))


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    """A hand lexicon."""
    return Lexicon.from_words(sorted(set(WORDS.split())), name="layout-hand")


def _key(move: Move) -> frozenset[tuple[int, int, str]]:
    return frozenset(move.squares())


def _compare(engine: Engine, lexicon: Lexicon, board: Board, rack: Rack) -> None:
    position = Position(board, (rack, Rack()))
    compiled = {_key(m): m for m in engine.moves(position).placements()}
    slow = placements(board, rack, lexicon)
    assert set(compiled) == set(slow) and slow
    for key, move in slow.items():
        assert (compiled[key].notation, compiled[key].score) == (move.notation, move.score)


def test_the_bundled_layouts_and_their_other_names() -> None:
    assert layout("standard").dim == 15 and layout("super").dim == 21
    assert layout("standard15") is layout("standard") and layout("CrosswordGame") is layout("standard")
    assert layout("SuperCrosswordGame") is layout("super") and layout("super21") is layout("super")
    assert board_layout(None) is layout() and board_layout("super") is layout("super")


@pytest.mark.parametrize("rack", ["AEHNRST", "ABDEHT?", "SEAT"])
def test_the_engine_agrees_with_the_oracle_on_a_layout_from_a_file(
    lopsided: Rules, lexicon: Lexicon, rack: str
) -> None:
    engine = Engine(lexicon, lopsided)
    _compare(engine, lexicon, Board(lopsided), Rack(rack))


def test_the_engine_agrees_with_the_oracle_on_grown_lopsided_boards(
    lopsided: Rules, lexicon: Lexicon
) -> None:
    engine = Engine(lexicon, lopsided)
    rng = random.Random(5)
    for _ in range(4):
        board = Board(lopsided)
        for _ in range(3):
            tiles = "".join(rng.choice("AAEEHNRSTTBD") for _ in range(7))
            moves = list(engine.moves(Position(board, (Rack(tiles), Rack()))).placements())
            if moves:
                board.place(rng.choice(moves[:5]))
        _compare(engine, lexicon, board, Rack("AEHRST?"))


def _moves(rules: Rules, lexicon: Lexicon, board: Board, rack: str) -> dict[str, Move]:
    position = Position(board, (Rack(rack), Rack()))
    return {m.notation: m for m in Engine(lexicon, rules).moves(position).placements()}


def test_moves_scored_by_hand_on_the_lopsided_board(lopsided: Rules, lexicon: Lexicon) -> None:
    board = Board(lopsided)
    opening = _moves(lopsided, lexicon, board, "AEHNST")
    # column E and row 5 hold only the start square (E5, a double word): T1 H4 A1 N1 E1 S1 = 9, doubled
    assert {opening[m].score for m in ("E1 THANES", "5A THANES", "5D THANES")} == {18}
    assert "D1 HASTEN" not in opening  # it misses the start square
    board.place(opening["E1 THANES"])
    later = _moves(lopsided, lexicon, board, "ET")
    assert later["2E HE"].score == (4 + 1) * 2  # E on F2, a double word
    assert later["4C TEN"].score == 1 + 1 * 3 + 1  # E on D4, a triple letter


def _listed(moves: list[Move]) -> set[tuple[str, int, float]]:
    return {(m.notation, m.score, m.equity) for m in moves}


def test_an_opening_on_a_symmetric_layout_is_ranked_once_per_mirrored_pair(lexicon: Lexicon) -> None:
    rules = language_rules("english", layout("standard"))
    engine = Engine(lexicon, rules)
    opening = Position(Board(rules), (Rack("AEHNRST"), Rack()))
    moves = engine.moves(opening)
    every = moves.top(None, "equity", placements_only=True, mirrors=True)
    shown = moves.top(None, "equity", placements_only=True)
    downs = [m for m in every if m.down]
    assert moves.mirrored and downs and len(every) == moves.count == 2 * len(shown)
    assert not any(m.down for m in shown)
    mirrors = [moves.mirror_free(m) for m in downs]
    assert _listed(mirrors) == _listed(shown)  # the same square transposed, the same score and equity
    for mirror, down in zip(mirrors, downs, strict=True):
        assert set(mirror.squares()) == {(c, r, t) for r, c, t in down.squares()}
    assert engine.best(opening, "equity") == moves.top(1, "equity")[0]
    assert any(m.kind == "exchange" for m in moves.top(None, "equity"))


def test_a_down_opening_is_ranked_on_a_lopsided_layout_and_after_the_first_play(
    lopsided: Rules, lexicon: Lexicon
) -> None:
    board = Board(lopsided)
    opening = Engine(lexicon, lopsided).moves(Position(board, (Rack("AEHNST"), Rack())))
    assert not opening.mirrored and "E1 THANES" in {m.notation for m in opening.top(None)}
    rules = language_rules("english", layout("standard"))
    board = Board(rules)
    board.place(parse_move("8D HATE", board))
    later = Engine(lexicon, rules).moves(Position(board, (Rack("AEHNRST"), Rack())))
    assert not later.mirrored and any(m.down for m in later.top(None))
    assert later.mirror_free(parse_move("G8 ES", board)).down


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("...\n.x.\n...\n", "board.txt line 2, column 2: 'x' is not a square"),
        ("# c\n...\n..\n...\n", "board.txt line 3: 2 squares, the first row has 3"),
        ("....\n....\n....\n", "board.txt: 3 rows of 4 squares: a board is square, 3 to 26"),
        ("\n".join(["." * 27] * 27), "board.txt: 27 rows of 27 squares: a board is square, 3 to 26"),
        (
            "*..\n...\n...\n",
            "board.txt line 1, column 1: the start square '*' is the centre, line 2, column 2",
        ),
        ("# nothing\n", "board.txt: no rows"),
    ],
)
def test_a_bad_layout_file_is_one_line_naming_the_square(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "board.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LexigridError) as error:
        read_layout(path)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_the_largest_board_columns_a_to_z(lexicon: Lexicon) -> None:
    rows = ["." * 25 + "T"] * 26
    big = language_rules("english", parse_layout("\n".join(rows), "big26"))
    position = Position(Board(big), (Rack("AEHNRST"), Rack()))
    moves = list(Engine(lexicon, big).moves(position).placements())
    assert moves and all(m.score >= 0 for m in moves)
    assert any((13, 13) in {(r, c) for r, c, _ in m.squares()} for m in moves)


def test_a_bigger_board_plays_the_languages_super_tile_set() -> None:
    assert language_rules("catalan", layout("super")).tiles.name == "super_catalan"
    assert language_rules("english", layout("super")).tiles.name == "super"
    assert language_rules("catalan", layout()).tiles.name == "catalan"
    with pytest.raises(LexigridError, match="no Super Scrabble tile set in french"):
        language_rules("french", layout("super"))


def test_a_cgp_names_a_layout_from_a_file_with_bdn(lopsided: Rules) -> None:
    board = Board(lopsided)
    board.place(Move("place", 4, 4, False, "AT", "AT"))
    text = format_cgp(Position(board, (Rack("EHNRST"), Rack())))
    assert text.endswith(" bdn lopsided;")
    again = parse_cgp(text, lopsided)
    assert again.board.rows() == board.rows() and format_cgp(again) == text
    with pytest.raises(LexigridError, match="board layout 'lopsided' \\(bdn\\) is not bundled"):
        parse_cgp(text)
    standard = parse_cgp("/".join(["15"] * 15) + " AEINRST/ 0/0 0 bdn standard15;")
    assert standard.rules == Rules(tile_set(), layout())
    assert "bdn" not in format_cgp(parse_cgp("/".join(["15"] * 15) + " AEINRST/ 0/0 0"))


def test_a_game_on_a_layout_from_a_file_is_saved_and_resumed(tmp_path: Path, lopsided: Rules) -> None:
    game = Game.new(["equity", "equity"], seed=3, board=lopsided.layout)
    assert game.rules.layout == lopsided.layout and game.board.rules.dim == 9
    game.play_computers()
    assert game.over and game.turns
    store = GameStore(tmp_path / "games.db")
    store.save(game)
    again = store.load(game.id)
    assert again.rules == game.rules and again.board.rows() == game.board.rows()
    assert again.scores == game.scores


def test_the_cli_takes_a_board_file(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "lopsided.txt"
    path.write_text(LOPSIDED, encoding="utf-8")
    empty = "/".join(["9"] * 9)
    result = cli("scrabble", "moves", f"{empty} THANES/ 0/0 0", "--board", str(path), "--json", "-n", "400")
    assert result.exit_code == 0, result.stdout
    moves = {m["move"]: m["score"] for m in json.loads(result.stdout)["moves"]}
    assert moves["E1 THANES"] == 18
    refused = cli("scrabble", "moves", f"{empty} THANES/ 0/0 0")
    assert refused.exit_code == 2 and "not 9" in refused.stdout + refused.stderr
    path.write_text(LOPSIDED.replace("....*....", "....*..?."), encoding="utf-8")
    bad = cli("scrabble", "best", f"{empty} THANES/ 0/0 0", "--board", str(path))
    output = (bad.stdout + bad.stderr).strip()
    assert bad.exit_code == 2 and output.startswith("error:") and "line 6, column 8" in output
    assert len(output.splitlines()) == 1


def test_a_gcg_record_names_its_board_layout(lopsided: Rules) -> None:
    game = Game.new(["equity", "equity"], seed=4, board=layout("super"), endgame_seconds=None)
    game.play_computers()
    text = export_gcg(View.full(game))
    assert "#board-layout SuperCrosswordGame\n" in text
    record = parse_gcg(text)
    assert record_layout(record) is layout("super")
    replayed = replay_gcg(record, game.lexicon)
    assert replayed.board.rows() == game.board.rows()
    assert "#board-layout" not in export_gcg(View.full(Game.new(["equity", "equity"], seed=4)))
    custom = Game.new(["equity", "equity"], seed=4, board=lopsided.layout, endgame_seconds=None)
    custom.play_computers()
    text = export_gcg(View.full(custom))
    assert "#board-layout lopsided\n" in text
    with pytest.raises(LexigridError, match="board layout 'lopsided' is not bundled"):
        replay_gcg(parse_gcg(text), custom.lexicon)
    assert replay_gcg(parse_gcg(text), custom.lexicon, custom.rules).board.rows() == custom.board.rows()
