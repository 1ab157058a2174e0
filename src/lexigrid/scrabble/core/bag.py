"""The bag: a seeded shuffle of the tile set, drawn from the end, with exchanges shuffled back in."""

from __future__ import annotations

import random
from collections import Counter

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.rules import TileSet


class Bag:
    """The tiles not yet drawn, in a seeded random order: the same seed and actions give the same draws."""

    __slots__ = ("_rng", "tiles")

    def __init__(self, tile_set: TileSet, seed: int) -> None:
        self._rng = random.Random(seed)
        self.tiles = [tile for tile, n in sorted(tile_set.counts.items()) for _ in range(n)]
        self._rng.shuffle(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int) -> str:
        """Up to n tiles from the bag ('?' a blank)."""
        n = min(n, len(self.tiles))
        drawn = self.tiles[len(self.tiles) - n :]
        del self.tiles[len(self.tiles) - n :]
        return "".join(drawn)

    def put_back(self, tiles: str) -> None:
        """Return tiles to the bag and shuffle it."""
        self.tiles.extend(tiles)
        self._rng.shuffle(self.tiles)

    def exchange(self, tiles: str) -> str:
        """Draw as many tiles as are given back, then return the given ones (they cannot be redrawn)."""
        if len(tiles) > len(self.tiles):
            raise LexigridError(
                f"cannot exchange {count(len(tiles), 'tile')} with {len(self.tiles)} in the bag"
            )
        drawn = self.draw(len(tiles))
        self.put_back(tiles)
        return drawn

    def mark(self) -> list[str]:
        """The tiles in their order (the generator goes on as it is)."""
        return list(self.tiles)

    def rewind(self, mark: list[str]) -> None:
        """The tiles as `mark` found them."""
        self.tiles[:] = mark

    def counts(self) -> Counter[str]:
        """How many of each tile the bag holds."""
        return Counter(self.tiles)
