"""A second Q-Less solver for the tests, sharing no code or data with the product's: it grows a crossword one
line at a time instead of filling shapes.

A grid is grown from a word holding the roll's rarest letter (some word of any solution holds it, and
transposing a solution makes that word an across word, so it is laid across). Then, again and again, one
*line* is settled: a placed cell and a direction (across or down) not settled yet. Either the line is
*closed*, its run of placed letters staying as it is (a single letter, or a word of three or more), with
the cells just before and after it kept empty for good; or a word is laid along it, through the cell,
bringing at least one new letter from the roll, with the cells before and after that word kept empty.
Every solution is met this way, once: each of its lines is either a word or a single letter. The line
settled next is the one with the fewest ways on. Once every letter is placed and every line is settled,
the grid is a solution (checked once more by reading every run).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import product

Cell = tuple[int, int]
Direction = tuple[int, int]
ACROSS, DOWN = (0, 1), (1, 0)
MAX_WORD = 12
Line = tuple[Cell, Direction]
Way = tuple[Cell, str] | None  # a word laid from a start cell along the line, or None: the line is closed


def spellable(letters: str, by_letters: dict[str, list[str]]) -> list[str]:
    """The words of 3+ letters these letters spell: every sub-multiset looked up by its sorted letters."""
    counts = sorted(Counter(letters).items())
    found: list[str] = []
    for taken in product(*(range(n + 1) for _, n in counts)):
        if sum(taken) >= 3:
            key = "".join(ch * k for (ch, _), k in zip(counts, taken, strict=True))
            found.extend(by_letters.get(key, ()))
    return found


def anagram_table(words: Iterable[str]) -> dict[str, list[str]]:
    """Words of 3+ letters by their sorted letters."""
    table: dict[str, list[str]] = {}
    for word in words:
        if len(word) >= 3:
            table.setdefault("".join(sorted(word)), []).append(word)
    return table


def step(cell: Cell, way: Direction, k: int) -> Cell:
    """The cell k steps from this one along the direction."""
    return cell[0] + way[0] * k, cell[1] + way[1] * k


class Growth:
    """The search for one roll."""

    def __init__(self, letters: str, words: list[str]) -> None:
        self.words = set(words)
        self.left = Counter(letters)
        self.cells: dict[Cell, str] = {}
        self.settled: set[Line] = set()
        self.empty: Counter[Cell] = Counter()  # cells kept empty (a count per reason)
        self.holding: dict[str, list[tuple[str, int, Counter[str]]]] = {}  # see words_holding

    def solution(self) -> dict[Cell, str] | None:
        """A solution's cells, or None when there is none."""
        if not self.words:
            return None
        holding = Counter(ch for word in self.words for ch in set(word))
        rarest = min(self.left, key=lambda ch: (holding[ch], ch))
        for word in sorted(w for w in self.words if rarest in w):
            found = self.laid((0, 0), ACROSS, word)
            if found is not None:
                return found
        return None

    def run(self, cell: Cell, way: Direction) -> tuple[Cell, int]:
        """The run of placed cells along the direction through the cell: its first cell and length."""
        start = cell
        while step(start, way, -1) in self.cells:
            start = step(start, way, -1)
        length = 1
        while step(start, way, length) in self.cells:
            length += 1
        return start, length

    def ways(self, line: Line) -> list[Way]:
        """The ways to settle a line: closing it (when its run may stay as it is), or each word that fits."""
        cell, way = line
        start, length = self.run(cell, way)
        run = self._word_at(start, way, length)
        found: list[Way] = []
        if length == 1 or (length >= 3 and run in self.words):
            found.append(None)
        most = length + sum(self.left.values())  # the longest word the letters left can make here
        reach = range(-MAX_WORD, MAX_WORD + length)
        held = {ch for ch, n in self.left.items() if n > 0}
        along = {self.cells.get(step(start, way, k)) for k in reach if not 0 <= k < length} - {None}
        if along:  # a word here may cross other placed cells: its other letters are theirs or the roll's
            usable = held | along
            for word, i, new in self.words_holding(run):
                first = step(start, way, -i)
                if len(word) <= most and new.keys() <= usable and self.fits(first, way, word):
                    found.append((first, word))
            return found
        # no other placed cell along the line: a word's other letters all come from the roll
        kept_empty = [k for k in reach if self.empty.get(step(start, way, k))]
        for word, i, new in self.words_holding(run):
            if len(word) > most or not new.keys() <= held or any(self.left[ch] < n for ch, n in new.items()):
                continue
            if not any(-i <= k < len(word) - i for k in kept_empty):
                found.append((step(start, way, -i), word))
        return found

    def words_holding(self, run: str) -> list[tuple[str, int, Counter[str]]]:
        """The words longer than the run that hold it, where, and their other letters (with counts)."""
        if run not in self.holding:
            self.holding[run] = [
                (word, i, Counter(word[:i] + word[i + len(run) :]))
                for word in sorted(self.words)
                if len(word) > len(run)
                for i in range(len(word) - len(run) + 1)
                if word.startswith(run, i)
            ]
        return self.holding[run]

    def _word_at(self, start: Cell, way: Direction, length: int) -> str:
        return "".join(self.cells[step(start, way, k)] for k in range(length))

    def fits(self, first: Cell, way: Direction, word: str) -> bool:
        """Whether the word can be laid from `first` as a whole run, taking its new letters from the roll."""
        (row, col), (dr, dc), cells = first, way, self.cells
        if (row - dr, col - dc) in cells or (row + dr * len(word), col + dc * len(word)) in cells:
            return False
        new: dict[str, int] = {}
        for k, ch in enumerate(word):
            cell = (row + dr * k, col + dc * k)
            placed = cells.get(cell)
            if placed is None:
                if self.empty.get(cell):
                    return False
                new[ch] = new.get(ch, 0) + 1
            elif placed != ch or (cell, way) in self.settled:
                return False
        return bool(new) and all(self.left[ch] >= n for ch, n in new.items())

    def laid(self, first: Cell, way: Direction, word: str) -> dict[Cell, str] | None:
        """Lay the word, grow on, and take it back: the solution found on the way, if any."""
        cells = [step(first, way, k) for k in range(len(word))]
        new = [cell for cell in cells if cell not in self.cells]
        for cell, ch in zip(cells, word, strict=True):
            if cell not in self.cells:
                self.cells[cell] = ch
                self.left[ch] -= 1
        lines = {(cell, way) for cell in cells} - self.settled
        ends = [step(first, way, -1), step(first, way, len(word))]
        self.settled |= lines
        self.empty.update(ends)
        try:
            return self.grow()
        finally:
            self.empty.subtract(ends)
            self.settled -= lines
            for cell in new:
                self.left[self.cells.pop(cell)] += 1

    def closed(self, line: Line) -> dict[Cell, str] | None:
        """Close the line, grow on, and take it back: the solution found on the way, if any."""
        start, length = self.run(*line)
        way = line[1]
        cells = [step(start, way, k) for k in range(length)]
        lines = {(cell, way) for cell in cells} - self.settled
        ends = [step(start, way, -1), step(start, way, length)]
        self.settled |= lines
        self.empty.update(ends)
        try:
            return self.grow()
        finally:
            self.empty.subtract(ends)
            self.settled -= lines

    def grow(self) -> dict[Cell, str] | None:
        """Settle the open line with the fewest ways on, each way in turn."""
        open_lines = [
            (cell, way) for cell in self.cells for way in (ACROSS, DOWN) if (cell, way) not in self.settled
        ]
        if not open_lines:
            return dict(self.cells) if not +self.left and self.valid() else None
        best: list[Way] | None = None
        growing = False  # some line can still take a word
        for line in open_lines:
            ways = self.ways(line)
            growing = growing or any(way is not None for way in ways)
            if best is None or len(ways) < len(best):
                best, chosen = ways, line
                if not ways:
                    return None
        if +self.left and not growing:
            return None  # letters are left and no line can take them
        assert best is not None
        for way in best:
            found = self.closed(chosen) if way is None else self.laid(way[0], chosen[1], way[1])
            if found is not None:
                return found
        return None

    def valid(self) -> bool:
        """Every run of two or more letters is a word of three or more."""
        for way in (ACROSS, DOWN):
            for cell in self.cells:
                if step(cell, way, -1) in self.cells or step(cell, way, 1) not in self.cells:
                    continue
                _, length = self.run(cell, way)
                if length < 3 or self._word_at(cell, way, length) not in self.words:
                    return False
        return True


def grown_solution(letters: str, by_letters: dict[str, list[str]]) -> tuple[str, ...] | None:
    """A solution of the letters as grid rows ('.' empty), found by growing, or None when there is none."""
    cells = Growth(letters, spellable(letters, by_letters)).solution()
    if cells is None:
        return None
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    height = max(r for r, _ in cells) - top + 1
    width = max(c for _, c in cells) - left + 1
    return tuple("".join(cells.get((top + r, left + c), ".") for c in range(width)) for r in range(height))
