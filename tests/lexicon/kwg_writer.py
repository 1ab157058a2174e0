"""A plain KWG writer for tests: a trie laid out as wolges' node format (no suffix sharing, no GADDAG)."""

from __future__ import annotations

import struct
from typing import Any

TILES = "?ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def kwg_bytes(words: list[str], tiles: str = TILES) -> bytes:
    """A KWG whose DAWG (a trie here: every KWG reader must accept one) spells exactly `words`, letter n of
    `tiles` as tile n (A-Z unless told)."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for letter in word:
            node = node.setdefault(letter, {})
        node["$"] = {}
    nodes: list[int] = [0, 0]  # node 0: the DAWG root's arc; node 1: the (absent) GADDAG's
    pending: list[tuple[int, dict[str, Any]]] = []  # (slot whose arc to fill, children)

    def lay_out(children: dict[str, Any]) -> int:
        start = len(nodes)
        letters = sorted(k for k in children if k != "$")
        for i, letter in enumerate(letters):
            child = children[letter]
            value = tiles.index(letter) << 24
            value |= 0x800000 if "$" in child else 0
            value |= 0x400000 if i == len(letters) - 1 else 0
            nodes.append(value)
            if any(k != "$" for k in child):
                pending.append((len(nodes) - 1, child))
        return start

    nodes[0] = 0x400000 | lay_out(trie)
    nodes[1] = 0x400000
    while pending:
        slot, children = pending.pop(0)
        nodes[slot] |= lay_out(children)
    return struct.pack(f"<{len(nodes)}I", *nodes)


def klv2_bytes(values: dict[str, float]) -> bytes:
    """A KLV2 leave table: the leaves' KWG, their count, then one f32 per leave in index order."""
    graph = kwg_bytes(sorted(values, key=lambda leave: [TILES.index(t) for t in leave]))
    ordered = sorted(values, key=lambda leave: [TILES.index(t) for t in leave])
    count = struct.pack("<I", len(graph) // 4)
    return count + graph + struct.pack(f"<I{len(ordered)}f", len(ordered), *(values[k] for k in ordered))
