"""KWG word graphs and KLV leave tables: the binary files of wolges, MAGPIE and Woogles, read.

A KWG is an array of little-endian u32 *nodes*. Each node holds a tile (its top 8 bits; 1-26 are A-Z,
0 is the GADDAG separator or, in a leave table, the blank), an *accepts* flag (0x800000: the path to here
spells a word), an *is_end* flag (0x400000: the last node of its sibling list) and an *arc index* (the low
22 bits: where the node's children's sibling list starts, 0 for none). Node 0's arc index is the DAWG's
root list, node 1's the GADDAG's. A word's *index* is its position when the DAWG is walked in order
(siblings in order, a word before its extensions): KLV leave values are stored by that index.

A KLV2 file is a u32 count of KWG nodes, that KWG (a DAWG of leaves, tiles sorted, blank first), a u32
count of leaves and one f32 value per leave; the older KLV stores i16 values in 1/256 points instead.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError, OptionError

ACCEPTS = 0x800000
IS_END = 0x400000
ARC_MASK = 0x3FFFFF
MAX_DEPTH = 64  # no real word or leave is longer; a deeper walk means the graph loops (a corrupt file)
LEXICON_TILES = "?ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # tile 0 is the blank (leaves) or the separator (GADDAG)
Stack = list[tuple[int, tuple[int, ...]]]  # (node index, tiles before it)
# In every language here nearly every word holds a vowel: read with the wrong letter order, 2% or more of
# DISC2's words have none (English order), 15-38% of TWL06's or FRA20's (Catalan, German, Spanish order).
VOWELLESS_SHARE = 0.005
ENGLISH_VOWELS = frozenset(LEXICON_TILES.index(v) for v in "AEIOU")  # as KWG tiles


def read_nodes(data: bytes, location: str) -> npt.NDArray[np.uint32]:
    """The nodes of a KWG file, with their arc indices checked to stay inside it."""
    if len(data) < 8 or len(data) % 4:
        raise LexigridError(
            f"{location} is not a KWG word graph: its size ({len(data)} bytes) is not a whole number of "
            "4-byte nodes (truncated or corrupt?)"
        )
    nodes = np.frombuffer(data, dtype="<u4").astype(np.uint32)
    if int((nodes & ARC_MASK).max()) >= len(nodes):
        raise LexigridError(f"{location} is a corrupt KWG: an arc points past its last node (truncated?)")
    return nodes


def is_kwg(data: bytes) -> bool:
    """Whether bytes look like a KWG rather than a text word list (binary, whole nodes, a DAWG root)."""
    if len(data) < 8 or len(data) % 4 or b"\x00" not in data[:4096]:
        return False
    first = int.from_bytes(data[:4], "little")
    return first >> 24 == 0 and (first & ARC_MASK) < len(data) // 4


def walk(nodes: npt.NDArray[np.uint32], root: int, location: str) -> list[tuple[int, ...]]:
    """Every accepted tile sequence from a sibling list, in index order (the KLV word-index order)."""
    found: list[tuple[int, ...]] = []
    listed = nodes.tolist()
    count = len(listed)
    # An explicit stack of (node index, tiles so far); each sibling list is pushed in reverse so the
    # first sibling is walked first and a word comes before its extensions.
    stack: Stack = []
    _push_siblings(listed, root, (), stack, location)
    while stack:
        at, prefix = stack.pop()
        node = listed[at]
        tiles = (*prefix, node >> 24)
        if node & ACCEPTS:
            found.append(tiles)
        arc = node & ARC_MASK
        if arc:
            if len(tiles) >= MAX_DEPTH or arc >= count:
                raise LexigridError(f"{location} is a corrupt KWG: a path never ends (the graph loops)")
            _push_siblings(listed, arc, tiles, stack, location)
    return found


def _push_siblings(listed: list[int], start: int, prefix: tuple[int, ...], stack: Stack, where: str) -> None:
    """Push the sibling list starting at `start` (checked to end inside the file), last sibling first."""
    end = start
    while not listed[end] & IS_END:
        end += 1
        if end >= len(listed):
            raise LexigridError(f"{where} is a corrupt KWG: a sibling list runs past the end of the file")
    stack.extend((at, prefix) for at in range(end, start - 1, -1))


def kwg_tiles(data: bytes, location: str = "KWG file") -> list[tuple[int, ...]]:
    """The words of a KWG word graph (its DAWG) as tile codes, in index order."""
    nodes = read_nodes(data, location)
    root = int(nodes[0]) & ARC_MASK
    if root == 0:
        raise LexigridError(f"{location} is a KWG without a word DAWG (node 0 has no arc)")
    return walk(nodes, root, location)


def kwg_words(
    data: bytes,
    location: str = "KWG file",
    letters: str = LEXICON_TILES[1:],
    walked: list[tuple[int, ...]] | None = None,
) -> list[str]:
    """The words of a KWG word graph (its DAWG, or `walked`: its words' tiles when already read), in index
    order, tile n read as `letters[n - 1]` (the alphabet's machine-letter order: A-Z unless told); a tile
    beyond them is an error."""
    words: list[str] = []
    for tiles in kwg_tiles(data, location) if walked is None else walked:
        if min(tiles) < 1 or max(tiles) > len(letters):
            beyond = (
                f"{location}: a word uses tile {max(tiles)}, beyond the {len(letters)} letters of the "
                "alphabet it is read with"
            )
            raise OptionError(
                f"{beyond}: name its alphabet (e.g. catalan)",
                "alphabet",
                f"{beyond}: name its alphabet (e.g. {{option}} catalan)",
            )
        words.append("".join(letters[t - 1] for t in tiles))
    if not words:
        raise LexigridError(f"{location} is a KWG that holds no words")
    return words


def klv_leaves(data: bytes, location: str = "KLV file", letters: str = LEXICON_TILES[1:]) -> dict[str, float]:
    """Leave -> value of a KLV2 (f32) or KLV (i16, 1/256 points) leave table; leaves as sorted tiles, '?'
    first for the blank, tile n read as `letters[n - 1]` (A-Z unless told)."""
    if len(data) < 12:
        raise LexigridError(f"{location} is not a KLV leave table: only {len(data)} bytes (truncated?)")
    node_count = int.from_bytes(data[:4], "little")
    graph_end = 4 + 4 * node_count
    if graph_end + 4 > len(data):
        raise LexigridError(
            f"{location} is not a KLV leave table: it announces {node_count} graph nodes, more than the file "
            "holds (truncated or corrupt)"
        )
    nodes = read_nodes(data[4:graph_end], location)
    leave_count = int.from_bytes(data[graph_end : graph_end + 4], "little")
    rest = len(data) - graph_end - 4
    if rest == 4 * leave_count:
        values = np.frombuffer(data, dtype="<f4", count=leave_count, offset=graph_end + 4).astype(np.float64)
    elif rest == 2 * leave_count:
        values = np.frombuffer(data, dtype="<i2", count=leave_count, offset=graph_end + 4) / 256.0
    else:
        raise LexigridError(
            f"{location} is not a KLV leave table: {leave_count} leaves need {4 * leave_count} (KLV2) or "
            f"{2 * leave_count} (KLV) bytes of values, the file has {rest} (truncated or corrupt)"
        )
    leaves = walk(nodes, int(nodes[0]) & ARC_MASK, location) if int(nodes[0]) & ARC_MASK else []
    if len(leaves) != leave_count:
        raise LexigridError(
            f"{location} is a corrupt KLV: its graph holds {len(leaves)} leaves, its values {leave_count}"
        )
    if leaves and max(max(t) for t in leaves) > len(letters):
        beyond = (
            f"{location}: leaves use tiles beyond the {len(letters)} letters of the alphabet they are "
            "read with"
        )
        raise OptionError(
            f"{beyond}: name its alphabet (e.g. catalan)",
            "alphabet",
            f"{beyond}: name its alphabet (e.g. {{option}} catalan)",
        )
    tiles_of = "?" + letters
    in_order = list(tiles_of) == sorted(tiles_of)  # else each leave is sorted as the lookups sort it
    return {
        "".join(tiles_of[t] for t in tiles) if in_order else "".join(sorted(tiles_of[t] for t in tiles)): v
        for tiles, v in zip(leaves, values.tolist(), strict=True)
    }


def vowelless_share(words: list[tuple[int, ...]], vowels: frozenset[int]) -> float:
    """The share of words (as tiles) holding none of the `vowels` tiles."""
    return sum(1 for word in words if vowels.isdisjoint(word)) / max(1, len(words))


def english_words(data: bytes, location: str = "KWG file") -> list[str]:
    """The words of a KWG in English letter order; an error naming how to add it when it is in another
    alphabet (tiles beyond Z, or too many words without a vowel: read in the wrong letter order)."""
    walked = kwg_tiles(data, location)
    highest = max((max(word) for word in walked if word), default=0)
    share = vowelless_share(walked, ENGLISH_VOWELS)
    few = share * len(walked) <= 2  # a tiny list may hold HMM or ZZZ
    if highest > len(LEXICON_TILES) - 1 or (share > VOWELLESS_SHARE and not few):
        why = f"tiles up to {highest}" if highest > 26 else f"{share:.1%} of its words lack a vowel in A-Z"
        raise LexigridError(
            f"{location} is a KWG in another alphabet than English ({why}): add it with `lexigrid lexicon "
            "add NAME FILE` (its alphabet is recognised, or named with --alphabet) and use it by its name"
        )
    return kwg_words(data, location, walked=walked)
