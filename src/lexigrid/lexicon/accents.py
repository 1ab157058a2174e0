"""Accents as players type them: a letter whose accent the alphabet has no tile for reads as its base letter
(`É` is E in English and French; Catalan `Ç`, a tile, stays: lexigrid.scrabble's language decides which
letters are tiles)."""

from __future__ import annotations

import unicodedata


def base_letter(letter: str) -> str:
    """A letter without its accents (`É` -> `E`); one with none to drop (`E`, `Ø`, `Ł`) as it is."""
    return unicodedata.normalize("NFD", letter)[0] if letter else letter


def unaccented(word: str) -> str:
    """A word with every letter's accents dropped: how a word typed for an English lexicon reads (`CAFÉ` is
    CAFE; English has no accented tiles)."""
    return word if word.isascii() else "".join(base_letter(c) for c in word)
