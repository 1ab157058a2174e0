"""KWG word graphs and KLV leave tables: read against an independent writer and the shared MAGPIE files."""

from __future__ import annotations

import struct

import pytest

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import load
from lexigrid.lexicon.kwg import is_kwg, klv_leaves, kwg_words
from lexigrid.lexicon.sources import parse_words
from tests.conftest import TWL06, shared_file
from tests.lexicon.kwg_writer import klv2_bytes, kwg_bytes

WORDS = ["AA", "AAH", "AB", "ABS", "BA", "QI", "ZA", "ZAS", "ZZZ"]


def test_a_written_kwg_reads_back_in_index_order() -> None:
    assert kwg_words(kwg_bytes(WORDS)) == WORDS


def test_kwg_bytes_are_told_from_text() -> None:
    assert is_kwg(kwg_bytes(WORDS))
    assert not is_kwg(b"AA\nAB\nBA\n")
    assert parse_words(kwg_bytes(WORDS)) == parse_words("\n".join(WORDS).encode()) == sorted(WORDS)


def test_a_kwg_file_is_a_lexicon(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "small.kwg"
    path.write_bytes(kwg_bytes(WORDS))
    lex = load(path)
    assert sorted(lex) == sorted(WORDS) and lex.is_word("zas") and not lex.is_word("Z")
    assert "KWG file" in lex.description


def test_magpie_twl06_kwg_gives_exactly_the_text_list() -> None:
    words = kwg_words(shared_file("data", "scrabble", "TWL06.kwg").read_bytes())
    expected = shared_file("data", "lexicons", "twl06.txt").read_text().split()
    assert len(words) == len(set(words)) == 178_691
    assert words == expected  # index order is alphabetical order, and the set is the same


def test_magpie_twl06_kwg_loads_as_the_same_lexicon() -> None:
    from_graph = load(shared_file("data", "scrabble", "TWL06.kwg"))
    from_text = load(TWL06)
    assert from_graph.sha256 == from_text.sha256 and len(from_graph) == 178_691


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda b: b[:-2], "whole number of 4-byte nodes"),
        (lambda b: b[:-8], "arc points past its last node|sibling list runs past"),
        (lambda b: b[:4] + struct.pack("<I", 0xFFFFFF) + b[8:], "arc points past"),
        (lambda b: b"\x00" * 4, "whole number|not a KWG"),
    ],
    ids=["odd-size", "truncated", "bad-arc", "tiny"],
)
def test_a_corrupt_kwg_is_one_line_error(mutate, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LexigridError, match=expected) as caught:
        kwg_words(mutate(kwg_bytes(WORDS)), "x.kwg")
    assert "\n" not in str(caught.value)


def test_a_looping_kwg_is_refused() -> None:
    # node 2 (A, accepts, end) has its arc pointing back at itself: a path that never ends
    nodes = [0x400002, 0x400000, (1 << 24) | 0x800000 | 0x400000 | 2]
    with pytest.raises(LexigridError, match="loops"):
        kwg_words(struct.pack("<3I", *nodes), "loop.kwg")


def test_a_kwg_with_tiles_beyond_a_to_z_is_refused() -> None:
    nodes = [0x400002, 0x400000, (40 << 24) | 0x800000 | 0x400000]
    with pytest.raises(
        OptionError,
        match="tile 40, beyond the 26 letters of the alphabet it is read with: name its alphabet",
    ) as refused:
        kwg_words(struct.pack("<3I", *nodes), "polish.kwg")
    assert refused.value.naming("--alphabet").endswith("(e.g. --alphabet catalan)")  # the CLI's words


LEAVES = {"?": 25.5, "??": 40.25, "?S": 33.0, "E": 1.5, "EQ": -9.0, "Q": -7.0, "QU": 2.0, "S": 8.0}


def test_a_written_klv2_reads_back() -> None:
    assert klv_leaves(klv2_bytes(LEAVES)) == LEAVES


def test_a_klv_with_i16_values_reads_in_256ths() -> None:
    data = klv2_bytes(LEAVES)
    count = len(LEAVES)
    head = data[: len(data) - 4 * count]
    values = struct.unpack(f"<{count}f", data[len(head) :])
    klv = head + struct.pack(f"<{count}h", *(round(v * 256) for v in values))
    assert klv_leaves(klv) == LEAVES


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda b: b[:-1], "truncated or corrupt"),
        (lambda b: b[:10], "only 10 bytes|more than the file holds"),
        (lambda b: struct.pack("<I", 10**6) + b[4:], "more than the file holds"),
        (lambda b: b[:-4] + b"", "truncated or corrupt"),
    ],
    ids=["cut-value", "cut-graph", "bad-count", "one-value-short"],
)
def test_a_corrupt_klv_is_one_line_error(mutate, expected: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LexigridError, match=expected) as caught:
        klv_leaves(mutate(klv2_bytes(LEAVES)), "x.klv2")
    assert "\n" not in str(caught.value)


def test_magpie_klv2_holds_every_leave_of_one_to_six_tiles() -> None:
    table = klv_leaves(shared_file("data", "scrabble", "TWL06.klv2").read_bytes())
    assert len(table) == 914_624
    assert all(key == "".join(sorted(key)) and 1 <= len(key) <= 6 for key in table)
    assert table["?"] > table["S"] > 0 > table["Q"] and table["QU"] > table["Q"]
