"""A lexicon's language: word lists read through an alphabet's labels, KWG alphabets named or recognised."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.language import lexicon_words, typed_word
from lexigrid.scrabble.core.rules import alphabet
from tests.conftest import shared_file


def test_a_catalan_word_list_is_read_by_its_labels() -> None:
    text = "pal·la\nPAL.LA\nCANYA\nQUE\n# a comment\n\nXAI\n".encode()
    letters, words, _ = lexicon_words(text, "ca.txt", "catalan")
    assert letters.name == "catalan"
    assert sorted(letters.write(w) for w in words) == ["CANYA", "PAL·LA", "QUE", "XAI"]
    assert len(letters.read("PAL·LA")) == 4 and letters.read("PAL·LA") in words


def test_a_spanish_word_list_reads_ch_ll_rr_as_one_tile_each() -> None:
    _, words, _ = lexicon_words("CHURRO\nCALLE\nAÑO\n".encode(), "es.txt", "spanish")
    assert sorted(len(w) for w in words) == [3, 4, 4]  # AÑO, CALLE (C A LL E), CHURRO (CH U RR O)


# A word in a list is written, not typed: a one-character alias only types a tile (Catalan K for Ç).
WRITTEN = [
    ("catalan", "kiwi", None),
    ("catalan", "york", None),
    ("catalan", "quark", None),
    ("catalan", "whisky", None),
    ("catalan", "que", "QUE"),
    ("catalan", "any", "ANY"),
    ("catalan", "col.lecció", "COL·LECCIO"),
    ("spanish", "r2", None),
    ("spanish", "chorro", "CHORRO"),
]


@pytest.mark.parametrize(("language", "line", "word"), WRITTEN)
def test_a_word_list_never_reads_a_typing_alias_as_a_tile(language: str, line: str, word: str | None) -> None:
    if word is None:
        with pytest.raises(LexigridError, match=rf"1 words use .*only type a tile.*{line!r}"):
            lexicon_words(f"{line}\n".encode(), "list.txt", language)
        letters, words, skipped = lexicon_words(f"casa\n{line}\n".encode(), "list.txt", language, skip=True)
        assert [letters.write(w) for w in words] == ["CASA"] and skipped == 1
    else:
        letters, words, skipped = lexicon_words(f"{line}\n".encode(), "list.txt", language)
        assert [letters.write(w) for w in words] == [word] and skipped == 0


def test_a_typed_word_still_reads_a_typing_alias_as_its_tile() -> None:
    catalan = alphabet("catalan")
    assert catalan.write(typed_word("kiwi", catalan)) == "ÇIL·LI"
    assert catalan.write(typed_word("pal.la", catalan)) == "PAL·LA"


def test_letters_outside_the_alphabet_are_refused_by_word_or_skipped() -> None:
    with pytest.raises(LexigridError, match=r"1 words use letters outside the catalan alphabet .*'SØL'"):
        lexicon_words("CASA\nSØL\n".encode(), "ca.txt", "catalan")
    letters, words, skipped = lexicon_words("CASA\nSØL\n".encode(), "ca.txt", "catalan", skip=True)
    assert [letters.write(w) for w in words] == ["CASA"] and skipped == 1


def test_words_too_long_for_a_lexicon_are_refused_or_skipped() -> None:
    """German compounds run past 32 letters: refused by count and first word, or skipped."""
    long = "ARBEITSLOSENVERSICHERUNGSBEITRAGS"  # 33 letters
    with pytest.raises(LexigridError, match=rf"1 words .* run past 32 letters, e.g. '{long}'"):
        lexicon_words(f"BÄR\n{long}\n".encode(), "de.txt", "german")
    letters, words, skipped = lexicon_words(f"BÄR\n{long}\n".encode(), "de.txt", "german", skip=True)
    assert [letters.write(w) for w in words] == ["BÄR"] and skipped == 1


def test_accents_without_tiles_are_dropped() -> None:
    """Scrabble plays Catalan ABELLÍ as ABELLI and CAFÈ as CAFE; Ç is a tile and stays."""
    letters, words, _ = lexicon_words("Abellí\ncafè\nplaça\n".encode(), "ca.txt", "catalan")
    assert sorted(letters.write(w) for w in words) == ["ABELLI", "CAFE", "PLAÇA"]


def test_a_one_letter_alphabet_reads_letter_by_letter() -> None:
    """Polish and French (every spelling one character: the word list is read by one table of its
    characters): accents without tiles dropped, letters outside the alphabet skipped, case folded."""
    text = "żółw\nŻÓŁW\nsamochód\nquiz\nmąkǎ\nfoo-bar\nàla\n".encode()
    letters, words, skipped = lexicon_words(text, "pl.txt", "polish", skip=True)
    assert "À" in letters.glyphs  # a stand-in glyph (of Ą), typed: an accented A, not the tile
    assert sorted(letters.write(w) for w in words) == ["ALA", "MĄKA", "SAMOCHÓD", "ŻÓŁW"] and skipped == 2
    letters, words, skipped = lexicon_words("Été\nnaïve\nŒUF\nça\n".encode(), "fr.txt", "french", skip=True)
    assert sorted(letters.write(w) for w in words) == ["CA", "ETE", "NAIVE"] and skipped == 1


def test_another_encoding_is_refused_by_byte() -> None:
    with pytest.raises(LexigridError, match="not UTF-8 text: byte 0xD1 on line 2"):
        lexicon_words("CASA\nAÑO\n".encode("latin-1"), "es.txt", "spanish")


def test_an_unknown_alphabet_is_a_one_line_error() -> None:
    with pytest.raises(LexigridError, match="unknown alphabet 'klingon'"):
        lexicon_words(b"CASA\n", "x.txt", "klingon")


def test_a_kwg_alphabet_is_recognised_or_refused() -> None:
    """DISC2 is recognised as Catalan (never read as English), and refused when named French."""
    data = shared_file("data", "scrabble", "catalan", "DISC2.kwg").read_bytes()
    letters, words, _ = lexicon_words(data, "DISC2.kwg", None)
    assert letters.name == "catalan" and len(words) == 582_236
    assert letters.read("PAL·LA") in set(words)
    with pytest.raises(LexigridError, match="does not read as a french lexicon"):
        lexicon_words(data, "DISC2.kwg", "french")


def test_a_kwgs_name_says_its_alphabet_as_magpies_names_do() -> None:
    """DISC2.kwg read by the KWG reader a path goes through: Catalan by its name, and by its letters when
    the name says nothing (or misleads)."""
    from lexigrid.scrabble.core.language import kwg_lexicon

    data = shared_file("data", "scrabble", "catalan", "DISC2.kwg").read_bytes()
    for name in ("DISC2", "catalan", "words", "FRA20"):
        language, words = kwg_lexicon(data, f"{name}.kwg", name)
        assert language == "catalan" and len(words) == 582_236


def test_a_typed_accent_is_never_read_as_a_stand_in_glyph() -> None:
    """Catalan À, Á and Â are the glyphs standing in for L·L, NY and QU inside the package; in a word list
    they are accented vowels (CATALÀ is CATALA), never those tiles."""
    letters, words, _ = lexicon_words("català\nmà\npal·la\n".encode(), "ca.txt", "catalan")
    assert sorted(letters.write(w) for w in words) == ["CATALA", "MA", "PAL·LA"]
