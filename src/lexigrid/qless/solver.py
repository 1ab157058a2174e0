"""The complete Q-Less solver: fill every shape's slots with words, keeping the letter multiset exact.

Every solution fills exactly one shape of its letter count (a connected set of cells with no run of
two), so filling every representative shape finds every solution once: a solution and its transpose
count once, and on a shape that is its own transpose only the smaller of a fill and its transpose is
kept. A shape is filled by backtracking over its slots (the longest first, then always the slot crossing
most filled cells), choosing words by (length, position, letter) and taking their letters from the roll.
The fill steps of all shapes form a trie, so shapes that begin alike share the work of their first slots;
the compiled search (`kernel.search`) walks it over flat arrays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.lexicon.cache import cached_arrays
from lexigrid.qless import kernel
from lexigrid.qless.notation import Cell, Grid, Roll, format_grid
from lexigrid.qless.shapes import PACKAGED_SIZE, Shape, shapes
from lexigrid.qless.words import WordIndex, word_index

TRIE_VERSION = 5
MAX_CELLS = 12  # the longest roll the compiled search takes
BATCH = 4096  # solutions the compiled search hands over at a time while iteration goes on

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


class Layout(NamedTuple):
    """What turns a leaf's letters (in fill order) into a solution."""

    width: int
    height: int
    flat: tuple[int, ...]  # each cell's index in the grid's rows laid end to end
    slots: tuple[tuple[int, ...], ...]  # each slot's cells (fill numbers), across then down

    @classmethod
    def of(cls, leaf: Leaf) -> Layout:
        """The layout of a leaf."""
        return cls(leaf.shape.width, leaf.shape.height, leaf.flat, leaf.slots)

    def solution(self, letters: list[str]) -> Solution:
        """The solution these letters (in fill order) make."""
        flat = ["."] * (self.width * self.height)
        for k, ch in zip(self.flat, letters, strict=True):
            flat[k] = ch
        text = "".join(flat)
        grid = tuple(text[i : i + self.width] for i in range(0, len(text), self.width))
        return Solution(grid, tuple("".join([letters[i] for i in slot]) for slot in self.slots))


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
    """The step trie for `n` cells."""
    return build_trie(n)


def letters_of(text: str) -> Roll:
    """The letters to solve for (any count), or a one-line error."""
    letters = "".join(text.split()).upper()
    if not letters or any(not ("A" <= c <= "Z") for c in letters):
        raise LexigridError(f"letters {text!r} must be letters A-Z only, e.g. BFHLRCTTNOAE")
    return letters


# The leaves' layouts packed in arrays (-1 pads): unpacked one at a time, as a solve shows few of them.
LAYOUT_ARRAYS = ("width", "height", "flat", "slots")
SEARCH_ARRAYS = tuple(f"search{i:02}" for i in range(13))


@dataclass(frozen=True)
class FlatTrie:
    """The step trie as flat arrays for the compiled search (see `kernel`), and its leaves' layouts."""

    layouts: tuple[npt.NDArray[Any], ...]  # LAYOUT_ARRAYS: leaf -> width, height, cells, slots' cells
    arrays: tuple[npt.NDArray[Any], ...]

    def layout(self, leaf: int) -> Layout:
        """The layout of leaf number `leaf`."""
        width, height, flat, slots = (array[leaf] for array in self.layouts)
        return Layout(
            int(width),
            int(height),
            tuple(k for k in flat.tolist() if k >= 0),
            tuple(tuple(k for k in slot if k >= 0) for slot in slots.tolist() if slot[0] >= 0),
        )


def _pack_layouts(layouts: list[Layout]) -> tuple[npt.NDArray[Any], ...]:
    """The layouts as arrays, padded with -1."""
    cells = max((len(layout.flat) for layout in layouts), default=1)
    most = max((len(layout.slots) for layout in layouts), default=1)
    flat = np.full((len(layouts), cells), -1, dtype=np.int16)
    slots = np.full((len(layouts), most, cells), -1, dtype=np.int16)
    for i, layout in enumerate(layouts):
        flat[i, : len(layout.flat)] = layout.flat
        for j, slot in enumerate(layout.slots):
            slots[i, j, : len(slot)] = slot
    width = np.array([layout.width for layout in layouts], dtype=np.int16)
    height = np.array([layout.height for layout in layouts], dtype=np.int16)
    return width, height, flat, slots


def _flatten(root: Node) -> FlatTrie:
    """Number the nodes depth first (root 0) and lay out their moves and leaves."""
    nodes: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(child for _, child in reversed(list(node.children.values())))
    number = {id(node): i for i, node in enumerate(nodes)}
    steps = [(step, number[id(child)]) for node in nodes for step, child in node.children.values()]
    leaves = tuple(leaf for node in nodes for leaf in node.leaves)
    node_moves = np.cumsum([0] + [len(node.children) for node in nodes], dtype=np.int32)
    node_leaves = np.cumsum([0] + [len(node.leaves) for node in nodes], dtype=np.int32)
    size = max((len(leaf.cells) for leaf in leaves), default=1)
    wide = max((len(step.crossed) for step, _ in steps), default=1) or 1
    length = np.array([step.length for step, _ in steps], dtype=np.int32)
    child = np.array([c for _, c in steps], dtype=np.int32)
    n_cross = np.array([len(step.crossed) for step, _ in steps], dtype=np.int32)
    n_new = np.array([len(step.new) for step, _ in steps], dtype=np.int32)
    cross_pos = np.zeros((len(steps), wide), dtype=np.int32)
    cross_cell = np.zeros((len(steps), wide), dtype=np.int32)
    new_pos = np.zeros((len(steps), size), dtype=np.int32)
    new_cell = np.zeros((len(steps), size), dtype=np.int32)
    for m, (step, _) in enumerate(steps):
        for k, (p, c) in enumerate(step.crossed):
            cross_pos[m, k], cross_cell[m, k] = p, c
        for k, (p, c) in enumerate(step.new):
            new_pos[m, k], new_cell[m, k] = p, c
    mirror = np.full((len(leaves), size), -1, dtype=np.int32)
    row_major = np.full((len(leaves), size), -1, dtype=np.int32)
    for i, leaf in enumerate(leaves):
        index = {cell: k for k, cell in enumerate(leaf.cells)}
        row_major[i, : len(leaf.cells)] = sorted(range(len(leaf.cells)), key=leaf.cells.__getitem__)
        if leaf.symmetric:
            mirror[i, : len(leaf.cells)] = [index[(c, r)] for r, c in leaf.cells]
    arrays = (
        node_moves,
        node_leaves,
        length,
        child,
        n_cross,
        cross_pos,
        cross_cell,
        n_new,
        new_pos,
        new_cell,
        np.array([not nodes[c].children for _, c in steps], dtype=np.bool_),
    )
    return FlatTrie(_pack_layouts([Layout.of(leaf) for leaf in leaves]), (*arrays, mirror, row_major))


@cache
def flat_trie(n: int) -> FlatTrie:
    """The flat step trie for `n` cells (memory-mapped from the disk cache for the packaged 12)."""
    if n != PACKAGED_SIZE:
        return _flatten(trie(n))

    def build() -> dict[str, npt.NDArray[Any]]:
        flat = _flatten(trie(n))
        return dict(zip(LAYOUT_ARRAYS + SEARCH_ARRAYS, flat.layouts + flat.arrays, strict=True))

    found, _ = cached_arrays("qless-trie", str(n), TRIE_VERSION, LAYOUT_ARRAYS + SEARCH_ARRAYS, build)
    return FlatTrie(
        tuple(found[name] for name in LAYOUT_ARRAYS), tuple(found[name] for name in SEARCH_ARRAYS)
    )


def _too_many(roll: Roll) -> None:
    if len(roll) > MAX_CELLS:
        raise LexigridError(f"{len(roll)} letters are too many: the solver takes at most {MAX_CELLS}")


def _searches(
    roll: Roll, index: WordIndex, limit: int | None, record: bool, state: kernel.State
) -> Iterator[tuple[FlatTrie, Any, Any]]:
    """Run the compiled search over every shape of the roll's size from `state`, a batch of fills at a
    time (the state keeps the count so far)."""
    _too_many(roll)
    flat = flat_trie(len(roll))
    table = kernel.word_table(index, roll)
    stop, batch = -1 if limit is None else limit, BATCH if record else -1
    while not state.done:
        leaves, codes = kernel.search(flat.arrays, table, state, stop, record, batch)
        yield flat, leaves, codes


def _solutions(
    letters: str, lexicon: Lexicon | None, common: int | None, limit: int | None
) -> Iterator[Solution]:
    roll = letters_of(letters)
    index = word_index(lexicon or load(), common)
    for flat, leaves, codes in _searches(roll, index, limit, record=True, state=kernel.State(roll)):
        for leaf_number, row in zip(leaves.tolist(), codes.tolist(), strict=True):
            yield flat.layout(leaf_number).solution([chr(65 + code) for code in row])


def solve(
    letters: str,
    lexicon: Lexicon | None = None,
    *,
    common: int | None = None,
    limit: int | None = None,
) -> Iterator[Solution]:
    """Every distinct solution for the letters (up to translation and transposition).

    `lexicon` defaults to the bundled one; `common` keeps only its `common` most frequent words; `limit`
    stops after that many solutions. The search runs as iteration goes on, a batch of solutions at a time.
    """
    if limit is not None and limit < 1:
        raise LexigridError(f"limit must be at least 1, not {limit}")
    yield from _solutions(letters, lexicon, common, limit)


def first_solution(
    letters: str, lexicon: Lexicon | None = None, *, common: int | None = None
) -> Solution | None:
    """One solution, or None when the letters have none."""
    return next(solve(letters, lexicon, common=common, limit=1), None)


def count_solutions(letters: str, lexicon: Lexicon | None = None, *, common: int | None = None) -> int:
    """How many distinct solutions the letters have."""
    roll = letters_of(letters)
    state = kernel.State(roll)
    for _ in _searches(roll, word_index(lexicon or load(), common), None, record=False, state=state):
        pass
    return state.found


def solvable(
    rolls: Sequence[str], lexicon: Lexicon | None = None, *, common: int | None = None
) -> list[bool]:
    """Whether each roll has a solution (`first_solution(roll) is not None`, without building one)."""
    checked = [letters_of(letters) for letters in rolls]
    for roll in checked:
        _too_many(roll)
    index = word_index(lexicon or load(), common)
    answers: dict[str, bool] = {}
    for size in {len(roll) for roll in checked}:
        of_size = [roll for roll in checked if len(roll) == size]
        racks = np.array([kernel.counts(roll) for roll in of_size], np.int32).reshape(-1, 26)
        found = kernel.solvable(flat_trie(size).arrays, index, racks)
        answers.update(zip(of_size, found.tolist(), strict=True))
    return [answers[roll] for roll in checked]
