"""Stand-in glyphs never come in from outside: a character that is no label or alias of the alphabet
(the Polish `À` that stands in for Ą inside the package, the Catalan `À` for L·L) is refused, naming it,
wherever text is read (rack, CGP row and rack, move, GCG, typed word), or skipped with a word list's
--skip-bad; it is never read as the tile whose glyph it happens to be. The cases are listed from the
tile-set data, not the package's stand-in table."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from lexigrid.errors import LexigridError
from lexigrid.scrabble import Board, parse_cgp, parse_move
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.language import lexicon_words, typed_word
from lexigrid.scrabble.core.rules import alphabet, language_rules, tile_set
from lexigrid.scrabble.records.gcg import parse_gcg

EMPTY = "/".join(["15"] * 15)
LANGUAGES = ("polish", "catalan", "spanish", "norwegian", "german", "french")


def _stand_ins(language: str) -> list[tuple[str, str]]:
    """(character, language): every character the package uses for a tile (its glyph, upper and lower) that
    the tile-set file does not list as a label."""
    letters = alphabet(language)
    labels = {label.upper() for label in tile_set(language).alphabet.labels}
    return [
        (ch, language) for glyph in letters.glyphs if glyph not in labels for ch in (glyph, glyph.lower())
    ]


CASES = [case for language in LANGUAGES for case in _stand_ins(language)]


def test_the_table_covers_every_language_with_stand_ins() -> None:
    by_language = {language for _, language in CASES}
    assert by_language == {"polish", "catalan", "spanish"}  # Norwegian, German, French: every label its glyph
    assert ("À", "polish") in CASES and ("À", "catalan") in CASES and ("â", "spanish") in CASES


@pytest.mark.parametrize(("ch", "language"), CASES)
def test_a_stand_in_is_refused_as_a_tile_everywhere(ch: str, language: str) -> None:
    letters = alphabet(language)
    rules = language_rules(language)
    assert letters.unknown(ch.upper()) == ch.upper()
    attempts: dict[str, Callable[[], object]] = {
        "read": lambda: letters.read(f"A{ch}"),
        "rack": lambda: Rack(f"A{ch}", 7, letters),
        "cgp rack": lambda: parse_cgp(f"{EMPTY} A{ch.upper()}/ 0/0 0", rules),  # (lower case: refused too)
        "cgp row": lambda: parse_cgp(f"15/A{ch}13/" + "/".join(["15"] * 13) + " A/ 0/0 0", rules),
        "move": lambda: parse_move(f"8D A{ch}A", Board(rules)),
        "exchange": lambda: parse_move(f"-A{ch}", Board(rules)),
        "gcg": lambda: parse_gcg(
            f"#player1 a A\n#player2 b B\n#tile-distribution {language}\n>a: AAAAAAA 8D A{ch}A +3 3\n"
        ),
    }
    for where, attempt in attempts.items():
        with pytest.raises(LexigridError) as error:
            attempt()
        message = str(error.value)
        named = repr(ch) in message or repr(ch.upper()) in message  # (a rack is read in upper case)
        assert named and "\n" not in message, (where, message)


@pytest.mark.parametrize(("ch", "language"), CASES)
def test_a_typed_or_listed_stand_in_is_an_accent_or_refused_never_its_tile(ch: str, language: str) -> None:
    letters = alphabet(language)
    tile = letters.glyphs.index(ch.upper())
    base = unicodedata.normalize("NFD", ch.upper())[0]
    word = f"GAT{ch}A"
    listing = f"GATA\n{word}\n".encode()
    if base != ch.upper() and letters.unknown(base) is None:  # an accented letter: accent dropped
        assert typed_word(word, letters) == letters.read(f"GAT{base}A")
        _, words, skipped = lexicon_words(listing, "list.txt", language)
        assert skipped == 0 and letters.read(f"GAT{base}A") in words
    else:
        with pytest.raises(LexigridError, match=repr(ch.upper())):
            typed_word(word, letters)
        with pytest.raises(LexigridError, match="1 words use letters outside"):
            lexicon_words(listing, "list.txt", language)
        _, words, skipped = lexicon_words(listing, "list.txt", language, skip=True)
        assert skipped == 1 and words == ["GATA"]
    assert not any(letters.glyphs[tile] in w for w in words)  # the stand-in's tile is in no word
