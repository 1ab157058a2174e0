"""Search racks: the tiles a word search may use, letters plus `?` blanks that stand for any letter."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lexigrid.errors import LexigridError
from lexigrid.lexicon.accents import unaccented

BLANK = "?"
MAX_BLANKS = 2
MAX_TILES = 20


@dataclass(frozen=True)
class SearchRack:
    """A multiset of letters A-Z (sorted) and a number of blanks."""

    letters: str
    blanks: int = 0

    def __len__(self) -> int:
        return len(self.letters) + self.blanks

    def __str__(self) -> str:
        return self.letters + BLANK * self.blanks

    def counts(self) -> Counter[str]:
        """Letter -> how many of it the rack holds (blanks not included)."""
        return Counter(self.letters)


def parse_rack(
    text: str, *, max_blanks: int = MAX_BLANKS, max_tiles: int = MAX_TILES, letters: str | None = None
) -> SearchRack:
    """A rack from text such as `RETAINS?` (case-insensitive; `?` is a blank; A-Z with accents dropped:
    `É` is E); `letters`: the lexicon's, when not A-Z (another alphabet's glyphs)."""
    cleaned = text.strip().upper() if letters is not None else unaccented(text.strip().upper())
    if not cleaned:
        raise LexigridError("the rack is empty: give letters A-Z and up to 2 '?' blanks, e.g. RETAINS?")
    allowed = (lambda c: "A" <= c <= "Z") if letters is None else letters.__contains__
    bad = sorted({c for c in cleaned if not (allowed(c) or c == BLANK)})
    if bad:
        shown = "".join(bad)
        raise LexigridError(f"rack {text!r} holds {shown!r}: use only letters A-Z and '?' for a blank")
    blanks = cleaned.count(BLANK)
    if blanks > max_blanks:
        raise LexigridError(f"rack {text!r} has {blanks} blanks: at most {max_blanks} '?' are allowed")
    if len(cleaned) > max_tiles:
        raise LexigridError(f"rack {text!r} has {len(cleaned)} tiles: at most {max_tiles} are allowed")
    return SearchRack("".join(sorted(cleaned.replace(BLANK, ""))), blanks)
