"""Leave values: what the tiles kept on the rack are worth, for static equity (score + leave)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Protocol

from lexigrid.errors import LexigridError
from lexigrid.scrabble.rules import BLANK

VOWELS = frozenset("AEIOU")

# A documented heuristic, in points: the blank and S are worth keeping, clumsy tiles are not. The numbers
# follow the shape of published single-tile leave tables (blank ~ +25, S ~ +8, Q ~ -7, V/U/W ~ -4).
TILE_VALUES: dict[str, float] = {
    "?": 25.0, "S": 8.0, "Z": 3.0, "X": 3.0, "E": 1.5, "R": 1.5, "H": 1.0, "N": 0.5, "D": 0.5, "M": 0.5,
    "A": 0.5, "T": 0.0, "C": 0.0, "L": -0.5, "K": -0.5, "P": -0.5, "Y": -1.0, "O": -1.5, "I": -2.0,
    "B": -2.0, "F": -2.0, "G": -2.0, "J": -2.5, "U": -4.0, "W": -4.0, "V": -5.5, "Q": -7.0,
}  # fmt: skip
DUPLICATE_PENALTY = 4.0  # each extra copy of a letter kept
IMBALANCE_PENALTY = 2.5  # each vowel beyond consonants + 1, each consonant beyond vowels + 2
Q_WITHOUT_U_PENALTY = 6.0


class LeaveModel(Protocol):
    """Something that values a leave (the tiles kept, '?' for a blank)."""

    def value(self, leave: str) -> float:
        """The leave's value in points."""
        ...


@dataclass(frozen=True)
class HeuristicLeaves:
    """Per-tile values, minus penalties for duplicates, vowel/consonant imbalance and Q without U."""

    def value(self, leave: str) -> float:
        """The heuristic value of a leave."""
        if not leave:
            return 0.0
        counts = Counter(leave)
        total = sum(TILE_VALUES.get(t, 0.0) for t in leave)
        total -= DUPLICATE_PENALTY * sum(n - 1 for t, n in counts.items() if t != BLANK and n > 1)
        vowels = sum(n for t, n in counts.items() if t in VOWELS)
        consonants = sum(n for t, n in counts.items() if t != BLANK and t not in VOWELS)
        total -= IMBALANCE_PENALTY * (max(0, vowels - consonants - 1) + max(0, consonants - vowels - 2))
        if counts["Q"] and not counts["U"]:
            total -= Q_WITHOUT_U_PENALTY
        return total


def leave_features(leave: str) -> list[str]:
    """A leave's features: each copy of each tile (S1, S2 ...), the vowel/consonant mix, Q without U."""
    counts = Counter(leave)
    names = [f"{tile}{k}" for tile, n in counts.items() for k in range(1, n + 1)]
    vowels = sum(n for t, n in counts.items() if t in VOWELS)
    consonants = sum(n for t, n in counts.items() if t != BLANK and t not in VOWELS)
    names.append(f"v{vowels}c{consonants}")
    if counts["Q"] and not counts["U"]:
        names.append("q-no-u")
    return names


@dataclass(frozen=True)
class LinearLeaves:
    """Learned feature weights: value(leave) = the sum of its weights minus the empty leave's."""

    weights: dict[str, float] = field(hash=False)

    def value(self, leave: str) -> float:
        """The learned value of a leave, relative to keeping nothing."""
        if not leave:
            return 0.0
        total = sum(self.weights.get(name, 0.0) for name in leave_features(leave))
        return total - self.weights.get("v0c0", 0.0)

    def save(self, path: Path) -> None:
        """Write the weights as JSON."""
        path.write_text(json.dumps(dict(sorted(self.weights.items())), indent=1) + "\n")

    @classmethod
    def read(cls, path: Path) -> LinearLeaves:
        """Weights saved by `save`."""
        try:
            weights = json.loads(path.read_text())
        except (OSError, ValueError) as error:
            raise LexigridError(f"cannot read leave weights from {path}: {error}") from None
        if not isinstance(weights, dict) or not all(isinstance(v, int | float) for v in weights.values()):
            raise LexigridError(f"{path} is not a JSON object of leave feature weights")
        return cls({str(k): float(v) for k, v in weights.items()})


def default_leaves() -> LeaveModel:
    """The leave values learned by self-play that ship with lexigrid, else the heuristic."""
    try:
        text = resources.files("lexigrid.scrabble").joinpath("data", "leaves_english.json").read_text()
    except FileNotFoundError:
        return HeuristicLeaves()
    return LinearLeaves(json.loads(text))


@dataclass
class TableLeaves:
    """Leave values looked up in a table of sorted leaves (learned by self-play), else a fallback."""

    table: dict[str, float]
    fallback: LeaveModel

    def value(self, leave: str) -> float:
        """The table's value of the leave, or the fallback's when it is not in the table."""
        key = "".join(sorted(leave))
        found = self.table.get(key)
        return found if found is not None else self.fallback.value(leave)

    @classmethod
    def read(cls, path: Path, fallback: LeaveModel | None = None) -> TableLeaves:
        """A table saved as JSON {leave: value}."""
        return cls(json.loads(path.read_text()), fallback or HeuristicLeaves())
