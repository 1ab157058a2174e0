"""The complete Q-Less solver: fill every shape's slots with words, keeping the letter multiset exact.

Every solution fills exactly one shape of its letter count (a connected set of cells with no run of
two), so filling every representative shape finds every solution once: a solution and its transpose
count once, and on a shape that is its own transpose only the smaller of a fill and its transpose is
kept. A shape is filled by backtracking over its slots (the longest first, then always the slot crossing
most filled cells), choosing words by (length, position, letter) and taking their letters from the roll.
The fill steps of all shapes form a trie, so shapes that begin alike share the work of their first slots.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.cache import cached
from lexigrid.qless.notation import Cell, Grid, Roll, format_grid, transpose
from lexigrid.qless.shapes import PACKAGED_SIZE, Shape, shapes
from lexigrid.qless.words import candidate_words

TRIE_VERSION = 2

# Letter counts packed in one int, five bits a letter: four for the count and a guard bit above them
# that a subtraction borrows exactly when that letter runs short.
_BITS = 5
_GUARDS = sum(1 << (_BITS * i + _BITS - 1) for i in range(26))
_LETTER = {chr(65 + i): 1 << (_BITS * i) for i in range(26)}

Crossing = tuple[int, int]  # (position in the slot's word, number of an already filled cell)


@dataclass(frozen=True, slots=True)
class Solution:
    """A finished grid and its words (across words top to bottom, then down words left to right)."""

    grid: Grid
    words: tuple[str, ...]

    def text(self) -> str:
        """The grid's text form."""
        return format_grid(self.grid)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of a solution."""
        return {"grid": list(self.grid), "words": list(self.words)}


@dataclass(frozen=True, slots=True)
class Step:
    """Fill one slot: its length, the filled cells it crosses and the cells it fills (numbered in order)."""

    length: int
    crossed: tuple[Crossing, ...]
    new: tuple[Crossing, ...]


def plan(shape: Shape) -> tuple[list[Step], list[Cell]]:
    """The fill steps of a shape and its cells in the order the steps first fill them.

    The longest slot comes first, then always the slot crossing the most filled cells (then the longest).
    Cells are numbered in fill order, so shapes that begin alike have equal first steps.
    """
    slots = list(shape.slots())
    number: dict[int, int] = {}
    steps = []
    while slots:
        best = max(slots, key=lambda s: (sum(c in number for c in s.cells), len(s.cells)))
        slots.remove(best)
        crossed = tuple((p, number[c]) for p, c in enumerate(best.cells) if c in number)
        new = []
        for p, c in enumerate(best.cells):
            if c not in number:
                number[c] = len(number)
                new.append((p, number[c]))
        steps.append(Step(len(best.cells), crossed, tuple(new)))
    order = sorted(number, key=number.__getitem__)
    return steps, [shape.cells[c] for c in order]


@dataclass(slots=True)
class Leaf:
    """A shape whose steps end here, with what it takes to turn letters in fill order into a solution."""

    shape: Shape
    cells: tuple[Cell, ...]  # in fill order
    symmetric: bool  # the shape is its own transpose
    flat: tuple[int, ...]  # each cell's index in the grid's rows laid end to end
    slots: tuple[tuple[int, ...], ...]  # each slot's cells (fill numbers), across then down

    @classmethod
    def of(cls, shape: Shape, cells: list[Cell]) -> Leaf:
        """The leaf of a shape whose cells are filled in this order."""
        number = {cell: i for i, cell in enumerate(cells)}
        slots = tuple(tuple(number[shape.cells[c]] for c in slot.cells) for slot in shape.slots())
        flat = tuple(r * shape.width + c for r, c in cells)
        return cls(shape, tuple(cells), shape.transpose() == shape, flat, slots)

    def grid(self, letters: list[str]) -> Grid:
        """The grid holding these letters (in fill order)."""
        width = self.shape.width
        flat = ["."] * (width * self.shape.height)
        for k, ch in zip(self.flat, letters, strict=True):
            flat[k] = ch
        text = "".join(flat)
        return tuple(text[i : i + width] for i in range(0, len(text), width))

    def words(self, letters: list[str]) -> tuple[str, ...]:
        """The words these letters make in the slots, across then down."""
        return tuple("".join([letters[i] for i in slot]) for slot in self.slots)


@dataclass(slots=True)
class Node:
    """A point in the trie of every shape's steps: the shapes finished here and the steps that go on."""

    leaves: list[Leaf] = field(default_factory=list)
    children: dict[tuple[int, tuple[Crossing, ...]], tuple[Step, Node]] = field(default_factory=dict)


def build_trie(n: int) -> Node:
    """The trie of the fill steps of every representative shape of `n` cells, in shape order."""
    root = Node()
    for shape in shapes(n):
        steps, cells = plan(shape)
        node = root
        for step in steps:
            key = (step.length, step.crossed)
            if key not in node.children:
                node.children[key] = (step, Node())
            node = node.children[key][1]
        node.leaves.append(Leaf.of(shape, cells))
    return root


@cache
def trie(n: int) -> Node:
    """The step trie for `n` cells (cached on disk for the packaged 12)."""
    if n != PACKAGED_SIZE:
        return build_trie(n)
    node, _ = cached("qless-trie", str(n), TRIE_VERSION, lambda: build_trie(n))
    return node


def letters_of(text: str) -> Roll:
    """The letters to solve for (any count), or a one-line error."""
    letters = "".join(text.split()).upper()
    if not letters or any(not ("A" <= c <= "Z") for c in letters):
        raise LexigridError(f"letters {text!r} must be letters A-Z only, e.g. BFHLRCTTNOAE")
    return letters


def _pack(letters: str) -> int:
    return sum(_LETTER[ch] for ch in letters)


Option = tuple[str, int]  # a word and its packed letter counts
_NONE: list[Option] = []


@dataclass(slots=True)
class _Move:
    """A trie edge unpacked for the hot loop: a step's slot length, crossings, new cells and the child."""

    length: int
    first: Crossing | None
    rest: tuple[Crossing, ...]
    crossed: tuple[int, ...]
    new: tuple[Crossing, ...]
    child: Node
    crossings: tuple[Crossing, ...]
    last: bool  # the child finishes shapes: this slot takes exactly the letters left
    final: bool  # ... and none of them is its own transpose


@cache
def _moves(n: int) -> dict[int, list[_Move]]:
    """id(node) -> its edges as moves, for the trie of `n` cells (which the cache keeps alive)."""
    moves: dict[int, list[_Move]] = {}
    stack = [trie(n)]
    while stack:
        node = stack.pop()
        edges = []
        for step, child in node.children.values():
            crossed = step.crossed
            last = not child.children
            final = last and not any(leaf.symmetric for leaf in child.leaves)
            edges.append(
                _Move(
                    step.length,
                    crossed[0] if crossed else None,
                    crossed[1:],
                    tuple(c for _, c in crossed),
                    step.new,
                    child,
                    crossed,
                    last,
                    final,
                )
            )
            stack.append(child)
        moves[id(node)] = edges
    return moves


class _Search:
    """The candidate words of one roll indexed by length and (length, position, letter), and the search."""

    def __init__(self, letters: Roll, words: list[str]) -> None:
        self.rack = _pack(letters)
        self.moves = _moves(len(letters))
        self.root = trie(len(letters))
        self.by_length: dict[int, list[Option]] = {}
        self.by_letter: dict[tuple[int, int, str], list[Option]] = {}
        self.by_letters: dict[tuple[int, int], list[Option]] = {}
        self.word_set = set(words)
        for word in words:
            option = (word, _pack(word))
            self.by_length.setdefault(len(word), []).append(option)
            self.by_letters.setdefault((len(word), option[1]), []).append(option)
            for p, ch in enumerate(word):
                self.by_letter.setdefault((len(word), p, ch), []).append(option)
        self.cells = [""] * len(letters)
        self.packed = [0] * len(letters)

    def walk(self, node: Node, rack: int) -> Iterator[tuple[Leaf, list[str]]]:
        """Every fill below `node`, given the letters left in `rack`."""
        cells, packed = self.cells, self.packed
        for leaf in node.leaves:
            yield leaf, cells
        for move in self.moves[id(node)]:
            new = move.new
            if not new:
                if "".join(cells[c] for c in move.crossed) in self.word_set:
                    yield from self.walk(move.child, rack)
                continue
            guarded = rack + _GUARDS
            for c in move.crossed:
                guarded += packed[c]
            first = move.first
            if move.last:
                # the last slot takes exactly the letters left: look its words up by their letters
                options = self.by_letters.get((move.length, guarded - _GUARDS), _NONE)
                rest = move.crossings
            elif first is None:
                options = self.by_length.get(move.length, _NONE)
                rest = ()
            else:
                options = self.by_letter.get((move.length, first[0], cells[first[1]]), _NONE)
                rest = move.rest
            for word, letters in options:
                left = guarded - letters
                if left & _GUARDS != _GUARDS:
                    continue
                if rest and any(word[p] != cells[c] for p, c in rest):
                    continue
                for p, c in new:
                    ch = word[p]
                    cells[c] = ch
                    packed[c] = _LETTER[ch]
                yield from self.walk(move.child, left - _GUARDS)

    def count(self, node: Node, rack: int) -> int:
        """How many distinct solutions lie below `node` (the last slots are counted, not filled)."""
        cells, packed = self.cells, self.packed
        total = 0
        for leaf in node.leaves:
            if not leaf.symmetric:
                total += 1
            else:
                grid = leaf.grid(cells)
                total += transpose(grid) >= grid
        for move in self.moves[id(node)]:
            new = move.new
            if not new:
                if "".join(cells[c] for c in move.crossed) in self.word_set:
                    total += self.count(move.child, rack)
                continue
            guarded = rack + _GUARDS
            for c in move.crossed:
                guarded += packed[c]
            first = move.first
            if move.last:
                # the last slot takes exactly the letters left: look its words up by their letters
                options = self.by_letters.get((move.length, guarded - _GUARDS), _NONE)
                rest = move.crossings
            elif first is None:
                options = self.by_length.get(move.length, _NONE)
                rest = ()
            else:
                options = self.by_letter.get((move.length, first[0], cells[first[1]]), _NONE)
                rest = move.rest
            final = move.final
            for word, letters in options:
                left = guarded - letters
                if left & _GUARDS != _GUARDS:
                    continue
                if rest and any(word[p] != cells[c] for p, c in rest):
                    continue
                if final:
                    total += len(move.child.leaves)
                    continue
                for p, c in new:
                    ch = word[p]
                    cells[c] = ch
                    packed[c] = _LETTER[ch]
                total += self.count(move.child, left - _GUARDS)
        return total


def fills(letters: Roll, words: list[str]) -> Iterator[tuple[Leaf, list[str]]]:
    """Every (shape, letters in its fill order) whose slots all hold words from `words`, using `letters`."""
    search = _Search(letters, words)
    return search.walk(search.root, search.rack)


def count_fills(letters: Roll, words: list[str]) -> int:
    """How many distinct solutions `fills` yields, without building them all."""
    search = _Search(letters, words)
    return search.count(search.root, search.rack)


def _solutions(letters: str, lexicon: Lexicon | None, common: int | None) -> Iterator[Solution]:
    roll = letters_of(letters)
    for leaf, cells in fills(roll, candidate_words(roll, lexicon, common)):
        grid = leaf.grid(cells)
        if leaf.symmetric and transpose(grid) < grid:
            continue
        yield Solution(grid, leaf.words(cells))


def solve(
    letters: str,
    lexicon: Lexicon | None = None,
    *,
    common: int | None = None,
    limit: int | None = None,
) -> Iterator[Solution]:
    """Every distinct solution for the letters (up to translation and transposition), lazily.

    `lexicon` defaults to the bundled one; `common` keeps only its `common` most frequent words; `limit`
    stops after that many solutions.
    """
    if limit is not None and limit < 1:
        raise LexigridError(f"limit must be at least 1, not {limit}")
    for found, solution in enumerate(_solutions(letters, lexicon, common), start=1):
        yield solution
        if limit is not None and found >= limit:
            return


def first_solution(
    letters: str, lexicon: Lexicon | None = None, *, common: int | None = None
) -> Solution | None:
    """One solution, or None when the letters have none."""
    return next(solve(letters, lexicon, common=common, limit=1), None)


def count_solutions(letters: str, lexicon: Lexicon | None = None, *, common: int | None = None) -> int:
    """How many distinct solutions the letters have."""
    roll = letters_of(letters)
    return count_fills(roll, candidate_words(roll, lexicon, common))
