"""A GADDAG past the 22-bit child index the engine once had (Debian's Norwegian and Polish lists need more):
a generated Polish word list of about five million arcs, read back by the tests' own walkers of the packed
arcs (the layout engine.h documents) and of the search graph, which share no code with the engine, and
played by the engine against a rack oracle.

Slow: building the graph and walking it word by word in Python take about a minute.
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from functools import cache

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Position, Rack
from lexigrid.scrabble.core.alphabet import Alphabet
from lexigrid.scrabble.core.rules import Rules, layout, tile_set
from lexigrid.scrabble.engine.gaddag import Gaddag, build

pytestmark = pytest.mark.slow

OLD_LIMIT = 1 << 22  # arcs the 22-bit child index could address
SEPARATOR = 0
RULES = Rules(tile_set("polish"), layout())
ALPHABET: Alphabet = RULES.tiles.alphabet


@cache
def words() -> tuple[str, ...]:
    """110,000 random words of 8 to 15 letters over the 32 Polish letters (few shared suffixes, so many
    arcs) and 20,000 of 2 to 7 letters (for racks to play)."""
    rng = random.Random(2026)
    found = {
        "".join(rng.choice(ALPHABET.glyphs) for _ in range(rng.randint(lo, hi)))
        for count, lo, hi in ((110_000, 8, 15), (20_000, 2, 7))
        for _ in range(count)
    }
    return tuple(sorted(found))


@cache
def graph() -> Gaddag:
    return build(lexicon(), ALPHABET)


@cache
def lexicon() -> Lexicon:
    return Lexicon.from_words(words(), name="big-polish", alphabet="polish")


class Packed:
    """The packed arcs read as engine.h lays them out: child index bits 0..23, END 24, ACCEPTS 25, letter
    code 26..31; arcs[0] points to the root."""

    def __init__(self, data: bytes) -> None:
        self.arcs = array("I", data)

    def arc(self, node: int, letter: int) -> int:
        """The arc for `letter` leaving the node whose first arc is at `node`, or 0."""
        i = node
        while node:
            a = self.arcs[i]
            if a >> 26 == letter:
                return a
            if a >> 24 & 1:
                return 0
            i += 1
        return 0

    def accepts(self, codes: list[int]) -> bool:
        """Whether the GADDAG string `codes` (letter codes, SEPARATOR for the separator) is whole."""
        node, a = self.arcs[0] & 0xFFFFFF, 0
        for code in codes:
            a = self.arc(node, code)
            if not a:
                return False
            node = a & 0xFFFFFF
        return bool(a >> 25 & 1)


class Search:
    """The search graph: a node is its 64-bit letter set in two words, then one arc a letter in code order
    (child index, bit 31 accepts); the root's index follows the empty node's two words."""

    def __init__(self, data: bytes) -> None:
        self.words = array("I", data)

    def accepts(self, codes: list[int]) -> bool:
        """Whether the graph spells `codes` (a full reversal) as a whole word."""
        words = self.words
        node, a = words[2], 0
        for code in codes:
            if not node:
                return False
            mask = words[node] | words[node + 1] << 32
            if not mask >> code & 1:
                return False
            a = words[node + 2 + bin(mask & ((1 << code) - 1)).count("1")]
            node = a & 0x7FFFFFFF
        return bool(a >> 31)


def strings(word: list[int]) -> list[list[int]]:
    """The GADDAG strings of a word (codes): each cut's prefix reversed, the separator, the rest."""
    rests = [[SEPARATOR, *word[cut:]] for cut in range(1, len(word))] + [[]]
    return [word[:cut][::-1] + rest for cut, rest in enumerate(rests, 1)]


def codes(word: str) -> list[int]:
    return [ALPHABET.code(g) for g in word]


def non_words(rng: random.Random, n: int) -> list[str]:
    """`n` strings of 2 to 15 letters that are not words: random ones and words with one letter changed."""
    known, out = set(words()), list[str]()
    while len(out) < n:
        word = rng.choice(words())
        if rng.random() < 0.5:
            word = "".join(rng.choice(ALPHABET.glyphs) for _ in range(rng.randint(2, 15)))
        else:
            i = rng.randrange(len(word))
            word = word[:i] + rng.choice(ALPHABET.glyphs) + word[i + 1 :]
        if word not in known:
            out.append(word)
    return out


def test_the_graph_is_past_the_old_limit_and_uses_its_high_indices() -> None:
    packed = Packed(graph().arcs)
    assert len(packed.arcs) > OLD_LIMIT + 500_000
    root = packed.arcs[0] & 0xFFFFFF
    children = []
    for i in range(root, len(packed.arcs)):
        children.append(packed.arcs[i] & 0xFFFFFF)
        if packed.arcs[i] >> 24 & 1:
            break
    assert max(children) >= OLD_LIMIT  # the nodes finished last (near the root) sit past the old limit
    assert {packed.arcs[i] >> 26 for i in range(root, root + len(children))} == set(range(1, 33))


def test_every_word_is_in_the_packed_graph_and_in_the_search_graph() -> None:
    packed, search = Packed(graph().arcs), Search(graph().search_graph)
    assert graph().words == len(words())
    for word in words():
        reversal = codes(word)[::-1]
        assert packed.accepts(reversal), word
        assert search.accepts(reversal), word


def test_every_gaddag_string_of_sampled_words_is_accepted() -> None:
    packed, rng = Packed(graph().arcs), random.Random(1)
    for word in rng.sample(words(), 3_000):
        for string in strings(codes(word)):
            assert packed.accepts(string), (word, string)


def test_no_sampled_non_word_is_accepted() -> None:
    packed, search, rng = Packed(graph().arcs), Search(graph().search_graph), random.Random(2)
    for word in non_words(rng, 20_000):
        reversal = codes(word)[::-1]
        assert not packed.accepts(reversal), word
        assert not search.accepts(reversal), word
        assert not any(packed.accepts(s) for s in strings(codes(word))), word


def test_the_engine_plays_every_word_a_rack_makes() -> None:
    """On the empty board, the words of every placement are the list's words the rack's letters make."""
    engine, rng = Engine(lexicon(), RULES), random.Random(3)
    short = [(w, Counter(w)) for w in words() if len(w) <= 7]
    for rack_word in rng.sample([w for w, _ in short if len(w) == 7], 25):
        rack = Counter(rack_word)
        expected = {w for w, letters in short if not letters - rack}
        rack_text = ALPHABET.write(rack_word)  # a rack is read from labels, never glyphs
        position = Position(Board(RULES), (Rack(rack_text, 7, ALPHABET), Rack(alphabet=ALPHABET)))
        found = {m.word for m in engine.moves(position).placements()}
        assert found == expected
        assert rack_word in found
