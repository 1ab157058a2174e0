"""Scrabble game fixtures: a small hand lexicon, games set up at named positions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.board import Board
from lexigrid.scrabble.core.cgp import parse_cgp
from lexigrid.scrabble.game.game import Game
from tests.scrabble.conftest import SMALL_WORDS

EMPTY = ["." * 15] * 15
# Named endgame (NWL, from equity self-play seed 2): static equity plays 3A CADE (worth -1 with best play
# after it); solved, D2 RACED wins by 5: RACED for 16, then the opponent's 6G OR goes out.
ENDGAME_BOARD = (
    "4THIO1URBIAS/3RIM1DUP5/8HOLEY2/11MEOW/10T3A/10E1A1X/4FEUAR1N1V1I/3BAWTIE1U1A1N/2JONES1PORTING/"
    "1QIs3YOKE1L2/2V1GENET1SLIDE/1FE2ROtS3N1C/1ID9G1L/1Z12A/14T"
)
RACED = f"{ENDGAME_BOARD} AACDE/OR 364/412 0"
# The bag empty, the opponent's rack hidden (the 5 unseen tiles): J5 AD and N13 AD are exactly as good
EMPTY_BAG_TIE = f"{ENDGAME_BOARD} AD/ 364/412 0"


@pytest.fixture(scope="session")
def small_lexicon() -> Lexicon:
    """About 200 short words (the engine tests' hand lexicon)."""
    return Lexicon.from_words(sorted(set(SMALL_WORDS)))


def set_up(
    game: Game,
    board: list[str] | None = None,
    racks: list[str] | None = None,
    bag: int | None = None,
    to_move: int = 0,
) -> Game:
    """Put a game at a named position: the board's rows, the racks, how many tiles stay in the bag.

    The bag is rebuilt from the tile set minus the board and racks, so the tiles still add up to 100."""
    rows = board or EMPTY
    game.board.tiles[:] = Board.from_rows(rows, game.rules).tiles
    for listener in game.board.listeners():
        listener.lines_changed(tuple(range(15)), tuple(range(15)))
    if racks is not None:
        game.racks = ["".join(sorted(r, key=lambda t: (t == "?", t))) for r in racks]
    left = Counter(game.rules.tiles.counts)
    left.subtract(game.board.tile_counts())
    for rack in game.racks:
        left.subtract(rack)
    assert min(left.values()) >= 0, "the named position uses more tiles than the set holds"
    tiles = sorted((+left).elements())
    game.bag.tiles = tiles if bag is None else tiles[:bag]
    game.to_move = to_move
    return game


def at_endgame(game: Game, cgp: str = RACED) -> Game:
    """The game at an endgame given in CGP, the seat to move holding the CGP's mover's rack."""
    position = parse_cgp(cgp)
    mover = game.to_move
    racks = ["", ""]
    racks[mover], racks[1 - mover] = str(position.racks[0]), str(position.racks[1])
    set_up(game, board=position.board.rows(), racks=racks, bag=0, to_move=mover)
    game.scores[mover], game.scores[1 - mover] = position.scores
    return game


@pytest.fixture
def humans(small_lexicon: Lexicon) -> Callable[..., Game]:
    """A game between people over the small lexicon, at a named position."""

    def make(players: int = 2, challenge: str = "void", **position: object) -> Game:
        game = Game.new(["human"] * players, seed=7, lexicon=small_lexicon, challenge=challenge)
        return set_up(game, **position)  # type: ignore[arg-type]

    return make


def tile_total(game: Game) -> int:
    """Tiles on the board, on the racks and in the bag."""
    on_board = len(game.board.tiles) - game.board.tiles.count(0)
    return on_board + sum(len(r) for r in game.racks) + len(game.bag)
