"""A slow, obviously correct endgame solver: plain minimax over the whole game tree, for the tests.

It shares no code with the compiled search: placements come from the brute-force generator
(`lexigrid.scrabble.oracle.placements`, itself checked by the referee), and the rules are written out
again from `lexigrid.scrabble.game.game` for two players with the bag empty:

- a placement scores its points; a pass scores 0 (no exchanges: the bag is empty);
- the scoreless-turn count goes up by 1 after a pass or a 0-point placement and goes back to 0 after a
  placement scoring more than 0;
- when the count reaches `MAX_SCORELESS_TURNS` the game ends and each side loses its own rack's value;
- otherwise a side that empties its rack ends the game and gains twice the other rack's value.

The value of a state is the spread change (mover minus opponent) from there to the end under best play
by both sides. There is no pruning of any kind: every move of every state is searched. States are
memoised on the whole state (board, both racks, scoreless count), which changes nothing but the time.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, product
from math import factorial

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.alphabet import BLANK
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.rules import TileSet
from tests.scrabble.oracle import placements, spans

MAX_SCORELESS_TURNS = 6  # written out again, not imported: the game's rule as its docs state it
PASS = "-"


@dataclass(frozen=True)
class OracleSolution:
    """The exact value of a position, every first move's exact value and the optimal first moves."""

    value: int
    values: dict[str, int]  # notation ("8D WORD", "-" for a pass) -> value of playing it first
    moves: dict[str, Move] = field(repr=False)  # notation -> the move

    @property
    def best(self) -> set[str]:
        """The notations of every optimal first move."""
        return {notation for notation, value in self.values.items() if value == self.value}


def rack_value(tiles: str, tile_set: TileSet) -> int:
    """The face value of a rack's tiles (a blank scores 0)."""
    return sum(tile_set.score(t) for t in tiles)


def _take(rack: str, tiles: str) -> str:
    """The rack (sorted tiles) without `tiles`."""
    left = Counter(rack)
    left.subtract(tiles)
    assert all(n >= 0 for n in left.values()), (rack, tiles)
    return "".join(sorted(left.elements()))


def _fits(word: str, fixed: tuple[str, ...], pool: Counter[str]) -> bool:
    """Whether `word` matches the fixed letters of a span with its other letters drawn from `pool`."""
    need: Counter[str] = Counter()
    for letter, tile in zip(word, fixed, strict=True):
        if tile:
            if tile != letter:
                return False
        else:
            need[letter] += 1
    missing = sum(max(0, n - pool[letter]) for letter, n in need.items())
    return missing <= pool[BLANK]


def _spans(board: Board, most_empty: int) -> set[tuple[str, ...]]:
    """The letters of every span of 2+ squares in a line with empty squares at both ends (off the
    board counts as empty), holding 1..`most_empty` empty squares ('' each)."""
    found: set[tuple[str, ...]] = set()
    for *_, tiles in spans(board):
        fixed = tuple(tile.upper() for tile in tiles)
        if 0 < fixed.count("") <= most_empty:
            found.add(fixed)
    return found


def possible_words(board: Board, tiles: str, lexicon: Lexicon) -> Lexicon:
    """The words of `lexicon` that any play from here on could form, using only `tiles` as new tiles.

    Tiles are never taken off the board, so every word formed later fills a span of one line whose two
    end squares are empty (or off the board) now; its new letters come from `tiles` (both racks, '?' any
    letter). Checking the words against this sub-lexicon gives the same answers for every word that can
    occur, and the brute-force generator runs over a few hundred words instead of the whole list."""
    pool = Counter(tiles)
    new_letter = "." if pool[BLANK] else f"[{''.join(sorted(pool))}]"  # a blank: any letter of any alphabet
    texts = {n: "\n".join(lexicon.words_of_length(n)) for n in range(2, board.dim + 1)}
    keep: set[str] = set()
    for fixed in _spans(board, len(tiles)):
        shape = re.compile("^" + "".join(t or new_letter for t in fixed) + "$", re.MULTILINE)
        keep.update(w for w in shape.findall(texts[len(fixed)]) if _fits(w, fixed, pool))
    return lexicon.restrict(keep, name=lexicon.name)


State = tuple[Board, str, str, int]  # board, mover's tiles, opponent's tiles (sorted), scoreless count


class EndgameOracle:
    """Minimax over every move of every state of a two-player endgame (bag empty, both racks known)."""

    def __init__(
        self,
        position: Position,
        lexicon: Lexicon,
        narrow: bool = True,
    ) -> None:
        assert position.bag_size() == 0 and len(position.racks[1]) > 0, "an endgame: bag empty, racks known"
        self.position = position
        self.root: State = (
            position.board.copy(),
            _sorted(position.racks[0]),
            _sorted(position.racks[1]),
            position.zeros,
        )
        self.tile_set = position.rules.tiles
        tiles = self.root[1] + self.root[2]
        self.lexicon = possible_words(position.board, tiles, lexicon) if narrow else lexicon
        self._values: dict[tuple[bytes, str, str, int], int] = {}
        self._placements: dict[tuple[bytes, str], list[Move]] = {}

    @property
    def states(self) -> int:
        """How many distinct states the search has valued."""
        return len(self._values)

    def moves(self, state: State) -> list[Move]:
        """The pass and every legal placement of the mover (the brute-force generator, memoised)."""
        board, mover = state[0], state[1]
        key = (bytes(board.tiles), mover)
        if key not in self._placements:
            found = placements(board, Rack.of_tiles(mover), self.lexicon)
            self._placements[key] = [Move("pass"), *sorted(found.values(), key=lambda m: m.notation)]
        return self._placements[key]

    def play(self, state: State, move: Move) -> tuple[int, State | None]:
        """The mover's points from `move` (with the end-of-game racks when it ends the game) and the next
        state, the opponent to move (None when the game is over)."""
        board, mover, other, zeros = state
        left = _take(mover, move.tiles_used) if move.kind == "place" else mover
        zeros = 0 if move.kind == "place" and move.score > 0 else zeros + 1
        if zeros >= MAX_SCORELESS_TURNS:
            return move.score + rack_value(other, self.tile_set) - rack_value(left, self.tile_set), None
        if not left:
            return move.score + 2 * rack_value(other, self.tile_set), None
        after = board
        if move.kind == "place":
            after = board.copy()
            after.place(move)
        return move.score, (after, other, left, zeros)

    def move_value(self, state: State, move: Move) -> int:
        """The mover's spread change from playing `move` and then best play by both sides."""
        points, after = self.play(state, move)
        return points if after is None else points - self.value(after)

    def value(self, state: State) -> int:
        """The exact spread change for the mover from `state` to the end under best play."""
        key = (bytes(state[0].tiles), *state[1:])
        if key not in self._values:
            self._values[key] = max(self.move_value(state, move) for move in self.moves(state))
        return self._values[key]

    def solve(self) -> OracleSolution:
        """The root's value with the exact value of every first move."""
        moves = {move.notation: move for move in self.moves(self.root)}
        values = {notation: self.move_value(self.root, move) for notation, move in moves.items()}
        return OracleSolution(max(values.values()), values, moves)

    def principal_variation(self) -> list[Move]:
        """One best line from the root to the end of the game (the first best move at each state)."""
        line: list[Move] = []
        state: State | None = self.root
        while state is not None:
            best = self.value(state)
            move = next(m for m in self.moves(state) if self.move_value(state, m) == best)
            line.append(move)
            state = self.play(state, move)[1]
        return line


def _sorted(rack: Rack) -> str:
    """A rack as sorted tiles (the memo key's form)."""
    return "".join(sorted(rack.counts.elements()))


def solve_slowly(position: Position, lexicon: Lexicon) -> OracleSolution:
    """The exact value and every first move's value of an endgame, by the full game tree."""
    return EndgameOracle(position, lexicon).solve()


@dataclass(frozen=True)
class Orderings:
    """Results over equally likely orderings of a bag (its tiles told apart): how many, won, drawn, and the
    sum of the final spreads, for the side to move."""

    count: int
    wins: int
    draws: int
    spread: int

    def key(self, spreads: bool) -> tuple[int, ...]:
        """What the side to move maximises: half-wins, then (when asked) the spread sum, then wins."""
        half_wins = 2 * self.wins + self.draws
        return (half_wins, self.spread, self.wins) if spreads else (half_wins, self.wins)

    def other_side(self) -> Orderings:
        """The same orderings counted for the other side."""
        return Orderings(self.count, self.count - self.wins - self.draws, self.draws, -self.spread)


def ended(final: int, count: int = 1) -> Orderings:
    """`count` orderings that all end with the final spread `final`."""
    return Orderings(count, count * (final > 0), count * (final == 0), count * final)


def total(parts: list[Orderings]) -> Orderings:
    """Several sets of orderings as one."""
    return Orderings(
        sum(p.count for p in parts),
        sum(p.wins for p in parts),
        sum(p.draws for p in parts),
        sum(p.spread for p in parts),
    )


# board, the tiles of the side to move, the other side's, the bag's (sorted), zeros, spread, and whether the
# side to move is the root's mover (flipped on every move: both racks may hold the same tiles)
Node = tuple[Board, str, str, str, int, int, bool]


class PreEndgameOracle(EndgameOracle):
    """The full game tree of a two-player position with tiles in the bag, both racks and the bag's tiles
    known: the side to move takes its best move, each draw is a chance node over the bag's tiles one at a
    time (each tile equally likely), and once the bag is empty the endgame's exact value decides.

    Rules written out again from `lexigrid.scrabble.game.game`: a placement draws back up to the rack size
    (as many as the bag holds); a pass or a 0-point placement counts a scoreless turn, the sixth ending the
    game with each side losing its rack's value (after the draw); emptying the rack with the bag empty ends
    the game with twice the other rack's value. Results are counted over the orderings of the bag and the
    side to move maximises half-wins, then (with `spreads`) the spread sum, then wins."""

    def __init__(self, board: Board, tiles: str, lexicon: Lexicon, rack_size: int, spreads: bool) -> None:
        self.tile_set = board.rules.tiles
        self.lexicon = possible_words(board, tiles, lexicon)
        self.rack_size = rack_size
        self.spreads = spreads
        self._values = {}
        self._placements = {}
        self._nodes: dict[tuple[bytes, str, str, str, int, int, bool], Orderings] = {}

    def node(self, node: Node) -> Orderings:
        """The side to move's best results over the orderings of the bag."""
        board, mover, other, bag, zeros, spread, mine = node
        if not bag:
            return ended(spread + self.value((board, mover, other, zeros)))
        key = (bytes(board.tiles), mover, other, bag, zeros, spread, mine)
        if key not in self._nodes:
            results = [self.after(node, move) for move in self.moves((board, mover, other, zeros))]
            self._nodes[key] = max(results, key=lambda r: r.key(self.spreads))
        return self._nodes[key]

    def after(self, node: Node, move: Move) -> Orderings:
        """The results of the side to move playing `move` and drawing, then best play by both sides."""
        board, mover, other, bag, zeros, spread, mine = node
        zeros = 0 if move.kind == "place" and move.score > 0 else zeros + 1
        if move.kind == "pass":
            return self._then(board, other, mover, bag, zeros, -spread, "", not mine)
        left = _take(mover, move.tiles_used)
        after = board.copy()
        after.place(move)
        spread += move.score
        need = min(len(bag), self.rack_size - len(left))
        return total(
            [
                self._then(after, other, left, bag, zeros, -spread, drawn, not mine)
                for drawn in self._draws(bag, need)
            ]
        )

    def _draws(self, bag: str, n: int) -> list[str]:
        """Every sequence of `n` tiles drawn one at a time from `bag` (its tiles told apart)."""
        if n == 0:
            return [""]
        return [bag[i] + rest for i in range(len(bag)) for rest in self._draws(bag[:i] + bag[i + 1 :], n - 1)]

    def _then(
        self,
        board: Board,
        to_move: str,
        kept: str,
        bag: str,
        zeros: int,
        spread: int,
        drawn: str,
        mine: bool,
    ) -> Orderings:
        """The results for the player who just moved (its tiles: `kept` and `drawn`), `to_move` to move
        (`mine`: whether that is the root's mover)."""
        rack = "".join(sorted(kept + drawn))
        left = _take(bag, drawn)
        if zeros >= MAX_SCORELESS_TURNS:
            final = -spread - rack_value(rack, self.tile_set) + rack_value(to_move, self.tile_set)
            return ended(final, factorial(len(left)))
        if not rack and not left:
            return ended(-spread + 2 * rack_value(to_move, self.tile_set))
        return self.node((board, to_move, rack, left, zeros, spread, mine)).other_side()


def _unseen_tiles(position: Position) -> str:
    """The tiles the mover cannot see (the other rack's and the bag's), sorted."""
    unseen = Counter(position.rules.tiles.counts)
    unseen.subtract(position.board.tile_counts() + position.racks[0].counts)
    return "".join(sorted((+unseen).elements()))


def peg_slowly(
    position: Position, lexicon: Lexicon, spreads: bool, oracle: PreEndgameOracle | None = None
) -> dict[str, dict[str, Orderings]]:
    """Every move's results in every scenario of a pre-endgame (the opponent's rack unknown): for each way
    the unseen tiles (told apart) split between the bag and the opponent, by the bag's tiles (sorted)
    (`oracle`: a tree of an earlier position of the same game to share, else its own)."""
    tiles = _unseen_tiles(position)
    rack_size = position.rules.rack_size
    mover = _sorted(position.racks[0])
    oracle = oracle or PreEndgameOracle(position.board, mover + tiles, lexicon, rack_size, spreads)
    spread = position.scores[0] - position.scores[1]
    found: dict[str, dict[str, list[Orderings]]] = {}
    for chosen in combinations(range(len(tiles)), len(tiles) - rack_size):
        bag = "".join(tiles[i] for i in chosen)
        other = "".join(t for i, t in enumerate(tiles) if i not in chosen)
        node = (position.board, mover, other, bag, position.zeros, spread, True)
        for move in oracle.moves((position.board, mover, other, position.zeros)):
            found.setdefault(move.notation, {}).setdefault(bag, []).append(oracle.after(node, move))
    return {move: {bag: total(parts) for bag, parts in bags.items()} for move, bags in found.items()}


class AnsweringOracle(PreEndgameOracle):
    """The same tree, but the mover, back at its own root view (its turn, the board, its tiles, the spread:
    after the opponent passed back, tiles still in the bag) plays `answers[zeros]`, whatever the bag: a
    strategy of a mover that cannot see the bag. The opponent still takes its best move in every node, even
    where it holds the mover's tiles."""

    def __init__(self, parent: PreEndgameOracle, root: Node, answers: dict[int, Move]) -> None:
        self.__dict__.update(parent.__dict__)  # the lexicon, rules and the endgame values, shared
        self._nodes = {}
        self.root_view = (bytes(root[0].tiles), root[1], root[5])
        self.answers = answers

    def node(self, node: Node) -> Orderings:
        """The answer at the mover's root view, the best move elsewhere."""
        board, mover, _, bag, zeros, spread, mine = node
        if mine and bag and (bytes(board.tiles), mover, spread) == self.root_view:
            return self.after(node, self.answers[zeros])
        return super().node(node)


def pass_guaranteed(
    position: Position, lexicon: Lexicon, spreads: bool, parent: PreEndgameOracle | None = None
) -> Orderings:
    """The pass with 1 tile in the bag as the mover can make sure of it, knowing only its rack: the best
    over every strategy of answers it may give when it faces its own position again (one move for every
    scenario at each count of scoreless turns), each against the opponent's best reply in every scenario
    (the worst case: it answers as if it saw the bag); `parent`: a tree of an earlier position to share."""
    tiles = _unseen_tiles(position)
    rack_size = position.rules.rack_size
    assert len(tiles) - rack_size == 1, "1 tile in the bag"
    mover = _sorted(position.racks[0])
    parent = parent or PreEndgameOracle(position.board, mover + tiles, lexicon, rack_size, spreads)
    spread = position.scores[0] - position.scores[1]
    levels = list(range(position.zeros + 2, MAX_SCORELESS_TURNS, 2))  # the mover's turns after passes
    moves = parent.moves((position.board, mover, "", position.zeros))
    best: Orderings | None = None
    for chosen in product(moves, repeat=len(levels)):
        worlds = []
        for i, bag in enumerate(tiles):
            other = tiles[:i] + tiles[i + 1 :]
            node = (position.board, mover, other, bag, position.zeros, spread, True)
            oracle = AnsweringOracle(parent, node, dict(zip(levels, chosen, strict=True)))
            worlds.append(oracle.after(node, Move("pass")))
        result = total(worlds)
        best = result if best is None or result.key(spreads) > best.key(spreads) else best
    assert best is not None
    return best


class SeatOracle(PreEndgameOracle):
    """The full game tree after the first play of a pre-endgame with 2 tiles in the bag, by the seat rule:
    a side to move with tiles still in the bag plays the move its own pre-endgame ranks first from its seat,
    knowing its tiles, the board, the spread and the scoreless count, but neither the other rack nor the
    bag. With 1 tile in the bag that is what it can make sure of (every placement by `peg_slowly`, the pass
    by `pass_guaranteed`), with 2 this same rule again; the most half-wins first, then the higher score,
    then placements before the pass, then notation in ASCII order (spreads play no part in the choice).
    Draws are chance nodes and the endgame's exact value decides once the bag is empty."""

    def __init__(self, board: Board, tiles: str, lexicon: Lexicon, rack_size: int, spreads: bool) -> None:
        super().__init__(board, tiles, lexicon, rack_size, spreads)
        self.words = lexicon
        self._choices: dict[tuple[bytes, str, int, int], Move] = {}
        self.seeing = PreEndgameOracle.__new__(PreEndgameOracle)  # the same tree, both sides seeing all
        self.seeing.__dict__.update(self.__dict__)  # the words, rules and endgame values, shared
        self.seeing._nodes = {}
        self.seeing.spreads = False

    def node(self, node: Node) -> Orderings:
        """The seat's choice played on (the endgame's value once the bag is empty)."""
        board, mover, other, bag, zeros, spread, _ = node
        if not bag:
            return super().node(node)
        return self.after(node, self.choice(board, mover, other + bag, len(bag), zeros, spread))

    def choice(self, board: Board, mover: str, unseen: str, bag: int, zeros: int, spread: int) -> Move:
        """The move a side ranks first from its seat (its tiles `mover`, the tiles it cannot see `unseen`)."""
        key = (bytes(board.tiles), mover, zeros, spread)
        if key not in self._choices:
            moves = {m.notation: m for m in self.moves((board, mover, "", zeros))}
            if bag == 1:
                position = Position(board, (Rack.of_tiles(mover), Rack()), (spread, 0), zeros)
                by_bag = peg_slowly(position, self.words, False, self.seeing)
                found = {n: total(list(b.values())) for n, b in by_bag.items()}
                found[PASS] = pass_guaranteed(position, self.words, False, self.seeing)
            else:
                by_bag = self.seat_results(board, mover, "".join(sorted(unseen)), bag, zeros, spread)
                found = {n: total(list(b.values())) for n, b in by_bag.items()}

            def rank(notation: str) -> tuple[int, int, int, str]:
                move, result = moves[notation], found[notation]
                return (-(2 * result.wins + result.draws), -move.score, move.kind != "place", notation)

            self._choices[key] = moves[min(found, key=rank)]
        return self._choices[key]

    def seat_results(
        self, board: Board, mover: str, unseen: str, bag: int, zeros: int, spread: int
    ) -> dict[str, dict[str, Orderings]]:
        """Every move's results from a seat in every way its unseen tiles (told apart) split between the bag
        and the other rack, by the bag's tiles (sorted), each played on by the seat rule."""
        found: dict[str, dict[str, list[Orderings]]] = {}
        for chosen in combinations(range(len(unseen)), bag):
            in_bag = "".join(unseen[i] for i in chosen)
            other = "".join(t for i, t in enumerate(unseen) if i not in chosen)
            node = (board, mover, other, in_bag, zeros, spread, True)
            for move in self.moves((board, mover, other, zeros)):
                found.setdefault(move.notation, {}).setdefault(in_bag, []).append(self.after(node, move))
        return {move: {bag: total(parts) for bag, parts in bags.items()} for move, bags in found.items()}


def peg_by_seats(position: Position, lexicon: Lexicon, spreads: bool) -> dict[str, dict[str, Orderings]]:
    """Every move's results in every scenario of a pre-endgame with 2 tiles in the bag (the opponent's rack
    unknown), each played on by the seat rule (`SeatOracle`), by the bag's tiles (sorted)."""
    tiles = _unseen_tiles(position)
    rack_size = position.rules.rack_size
    assert len(tiles) - rack_size == 2, "2 tiles in the bag"
    mover = _sorted(position.racks[0])
    oracle = SeatOracle(position.board, mover + tiles, lexicon, rack_size, spreads)
    spread = position.scores[0] - position.scores[1]
    return oracle.seat_results(position.board, mover, tiles, 2, position.zeros, spread)
