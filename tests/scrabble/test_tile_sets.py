"""The bundled tile sets: letters, counts and scores as the official sets define them."""

from __future__ import annotations

import csv

import pytest

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import BLANK
from lexigrid.scrabble.core.rules import alphabet, tile_set, tile_set_names
from tests.conftest import shared_file

# Facts checked by hand against wolges' alphabet tables and MAGPIE's letter distributions: tiles in all,
# letters, and a few tiles' (count, score).
OFFICIAL = {
    "english": (100, 26, {"?": (2, 0), "E": (12, 1), "Q": (1, 10), "Z": (1, 10)}),
    "super": (200, 26, {"?": (4, 0), "E": (24, 1), "Q": (2, 10)}),
    "french": (102, 26, {"?": (2, 0), "E": (15, 1), "K": (1, 10), "W": (1, 10), "Q": (1, 8)}),
    "german": (102, 29, {"E": (15, 1), "Ä": (1, 6), "Ö": (1, 8), "Ü": (1, 6), "Y": (1, 10)}),
    "dutch": (102, 26, {"E": (18, 1), "N": (10, 1), "Q": (1, 10), "W": (2, 5)}),
    "spanish": (100, 28, {"A": (12, 1), "CH": (1, 5), "LL": (1, 8), "RR": (1, 8), "Ñ": (1, 8), "Z": (1, 10)}),
    "catalan": (100, 26, {"A": (12, 1), "Ç": (1, 10), "L·L": (1, 10), "NY": (1, 10), "QU": (1, 8)}),
    "super_catalan": (200, 26, {"?": (5, 0), "Ç": (2, 12), "L·L": (1, 15), "NY": (2, 10), "E": (27, 1)}),
}


def _count_and_score(name: str, label: str) -> tuple[int, int]:
    tiles = tile_set(name)
    glyph = BLANK if label == BLANK else tiles.alphabet.read(label)
    return tiles.counts.get(glyph, 0), tiles.scores.get(glyph, 0)


@pytest.mark.parametrize("name", sorted(OFFICIAL))
def test_official_counts_and_scores(name: str) -> None:
    total, letters, some = OFFICIAL[name]
    tiles = tile_set(name)
    assert tiles.total == total and tiles.alphabet.size == letters
    assert {label: _count_and_score(name, label) for label in some} == some


@pytest.mark.parametrize("language", ["catalan", "french"])
def test_tile_set_is_magpies_letter_distribution(language: str) -> None:
    """Row by row MAGPIE's CSV (label, blank label, count, score, vowel): the same tiles in the same
    machine-letter order, so KWG and KLV2 codes line up."""
    path = shared_file("data", "scrabble", language, f"{language}.csv")
    rows = list(csv.reader(path.open(encoding="utf-8")))
    tiles = tile_set(language)
    labels = [BLANK, *tiles.alphabet.labels]
    assert [row[0] for row in rows] == labels
    for label, _, count, score, vowel in rows:
        assert _count_and_score(language, label) == (int(count), int(score))
        glyph = BLANK if label == BLANK else tiles.alphabet.read(label)
        assert (glyph in tiles.vowels) == (vowel == "1")


def test_every_bundled_set_loads() -> None:
    loaded = {tile_set(name).alphabet.name for name in tile_set_names()}
    assert loaded == {"english", "french", "german", "dutch", "spanish", "catalan", "polish", "norwegian"}
    assert (alphabet("polish").size, alphabet("norwegian").size) == (32, 32)


def test_aliases_type_multi_letter_tiles() -> None:
    catalan, spanish = alphabet("catalan"), alphabet("spanish")
    for typed in ("PAL·LA", "PAL.LA", "PAWA", "PA[L·L]A"):
        assert catalan.write(catalan.read(typed)) == "PAL·LA"
    assert catalan.write(catalan.read("pal.la")) == "pal·la"  # a blank's letter, typed in lower case
    assert catalan.write(catalan.read("QUE ANY")) == "QUE ANY" and len(catalan.read("QUE")) == 2
    assert spanish.write(spanish.read("1URRO")) == spanish.write(spanish.read("CHURRO")) == "CHURRO"
    assert len(spanish.read("CHURRO")) == 4  # CH U RR O
    assert spanish.read("15", digits=False) == "15"  # a CGP row's run of empty squares
    assert catalan.unknown("KAYAK") is None and catalan.unknown("AÑO") == "Ñ"


def test_unknown_names_are_one_line_errors() -> None:
    with pytest.raises(LexigridError, match="unknown tile set 'klingon'"):
        tile_set("klingon")
    with pytest.raises(LexigridError, match="unknown alphabet 'super'"):
        alphabet("super")
