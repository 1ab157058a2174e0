"""The lexicon graph: a minimised GADDAG packed KWG-style into flat uint32 arcs, cached on disk."""

from __future__ import annotations

import contextlib
import hashlib
import mmap
from dataclasses import dataclass, field
from functools import cached_property

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.lexicon import cache as lexcache
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.engine import _engine

FORMAT_VERSION = 2  # the packed arcs' layout (engine.h): 2 = a 24-bit child index
WORD_MAP_VERSION = 4  # the word map's layout (see word_map_build in wordmap.c), then its checksum
CHILD_BITS = 24  # as engine.h packs an arc: child index, END, ACCEPTS, letter code
CHILD_MASK = (1 << CHILD_BITS) - 1
END_BIT = 1 << CHILD_BITS
ACCEPTS_BIT = 2 << CHILD_BITS
LETTER_SHIFT = CHILD_BITS + 2
SEPARATOR = 0


@dataclass(frozen=True)
class Gaddag:
    """Gordon's GADDAG of a lexicon: for each word w and cut i, rev(w[:i]) + '^' + w[i:] (no '^' at i=len)."""

    arcs: bytes = field(repr=False)
    lexicon_sha256: str
    words: int
    alphabet: Alphabet = field(default=ENGLISH, repr=False, compare=False)
    _word_maps: dict[int, bytes | memoryview] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def search_graph(self) -> bytes:
        """The graph relaid for move generation: each node's letter set just before its arcs."""
        return _engine.search_graph(self.arcs)

    def word_map(self, shortest: int) -> bytes | memoryview:
        """Every word of `shortest` or more letters under its anagram key, with its blank table (the
        best-move search's lookups), memoised in process and on disk."""
        found = self._word_maps.get(shortest)
        if found is None:
            found = self._word_maps[shortest] = _cached_word_map(self, shortest)
        return found

    @property
    def arc_count(self) -> int:
        """How many arcs the packed graph holds."""
        return len(self.arcs) // 4

    def root(self) -> int:
        """The index of the root node's first arc."""
        return int.from_bytes(self.arcs[0:4], "little") & CHILD_MASK

    def arc(self, index: int) -> int:
        """The packed arc at `index`."""
        return int.from_bytes(self.arcs[4 * index : 4 * index + 4], "little")

    def children(self, node: int) -> dict[int, int]:
        """The arcs leaving `node`, by letter code (0 = separator)."""
        found: dict[int, int] = {}
        if not node:
            return found
        index = node
        while True:
            arc = self.arc(index)
            found[arc >> LETTER_SHIFT] = arc
            if arc & END_BIT:
                return found
            index += 1

    def contains(self, word: str) -> bool:
        """Whether `word` is in the graph (followed as its full reversal, which needs no separator)."""
        node, arc = self.root(), 0
        alphabet = self.alphabet
        for letter in reversed(word.upper()):
            arc = self.children(node).get(alphabet.code(letter), 0) if alphabet.is_letter(letter) else 0
            if not arc:
                return False
            node = arc & CHILD_MASK
        return bool(arc & ACCEPTS_BIT)


def build(lexicon: Lexicon, alphabet: Alphabet = ENGLISH) -> Gaddag:
    """Build the GADDAG of a lexicon (compiled, about 1.5 s for 180,000 words): its words spelled with the
    alphabet's letters (the others left out) and up to 26 tiles long."""
    letters = set(alphabet.glyphs)
    words = [w for w in lexicon if len(w) <= 26 and letters.issuperset(w)]
    try:
        arcs = _engine.build_gaddag(alphabet.word_bytes(words))
    except ValueError as error:
        raise LexigridError(f"cannot build the Scrabble GADDAG: {error}") from None
    return Gaddag(arcs, lexicon.sha256, len(words), alphabet)


def _cached_word_map(graph: Gaddag, shortest: int) -> bytes | memoryview:
    """A word map from the on-disk cache, memory-mapped, when its checksum and layout check out; else
    built (~0.15 s) and stored (the map, then its checksum, 8 bytes)."""
    key = f"{graph.lexicon_sha256}-{shortest}"
    if graph.alphabet.glyphs != ENGLISH.glyphs:
        key += "-" + hashlib.sha256(graph.alphabet.glyphs.encode()).hexdigest()[:16]
    path = lexcache.artifact_path("scrabble-word-map", key, WORD_MAP_VERSION, "bin")
    with contextlib.suppress(OSError, ValueError), open(path, "rb") as handle:
        # Mapped, not read: 28 MB copied twice cost a one-shot `scrabble best` 35 ms (files are only ever
        # replaced whole, by rename, so a mapping never sees a half-written one).
        data = memoryview(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))
        body, stored = data[:-8], int.from_bytes(data[-8:], "little")
        if len(data) > 8 and _engine.checksum(body) == stored and _engine.word_map_fits(body):
            return body
    built = _engine.word_map(graph.arcs, shortest)
    with contextlib.suppress(OSError):
        lexcache.write_atomically(path, built + _engine.checksum(built).to_bytes(8, "little"))
    return built


_LOADED: dict[str, Gaddag] = {}


def _load_cached(sha256: str, lexicon: Lexicon, alphabet: Alphabet) -> Gaddag:
    """The GADDAG for a lexicon hash: from the on-disk cache (raw arcs), or built and stored."""
    path = lexcache.artifact_path("scrabble-gaddag", sha256, FORMAT_VERSION, suffix="kwg")
    try:
        data = path.read_bytes()
        words = int.from_bytes(data[:8], "little")
        return Gaddag(data[8:], lexicon.sha256, words, alphabet)
    except OSError:
        pass
    graph = build(lexicon, alphabet)
    with contextlib.suppress(OSError):
        lexcache.write_atomically(path, graph.words.to_bytes(8, "little") + graph.arcs)
    return graph


def load(lexicon: Lexicon, alphabet: Alphabet = ENGLISH) -> Gaddag:
    """The GADDAG of `lexicon` in `alphabet`'s codes, cached in process and on disk keyed on the lexicon's
    content hash (and the alphabet's letters, when not English)."""
    key = lexicon.sha256
    if alphabet.glyphs != ENGLISH.glyphs:
        key = hashlib.sha256(f"{key} {alphabet.glyphs}".encode()).hexdigest()
    graph = _LOADED.get(key)
    if graph is None:
        graph = _LOADED[key] = _load_cached(key, lexicon, alphabet)
    return graph
