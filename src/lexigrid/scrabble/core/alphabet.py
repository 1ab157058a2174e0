"""The alphabet: a tile set's tiles as codes, and every conversion between tiles, text and codes.

A tile's **label** is how it is written: one letter (`A`), or several for a multi-letter tile (`CH`, `L·L`).
Its **code** is a small integer: 0 the blank, 1..n the letters in the tile set's order. Inside the package a
tile is one character, its **glyph**: the label itself for a one-letter tile of one byte, a stand-in letter
for a multi-letter one or another (Polish Ł: a lexicon's words are Latin-1), so a rack, a leave or a word is
a string with one character per tile: uppercase a tile, `?` a blank on a rack, lowercase a blank on the
board standing for that letter. Text is read into glyphs by greedy longest match on the labels
(`Alphabet.read`) and written back with them (`Alphabet.write`); for English both are the identity. A board
square holds the letter's code, plus `BLANK_FLAG` when a blank stands for it (`Alphabet.square_code`).

Rack arithmetic (taking tiles off a rack, what a rack lacks, what it keeps, its face value) works on glyph
strings, whatever the alphabet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lexigrid.errors import LexigridError

BLANK = "?"
CODE_BITS = 6  # the compiled engine keeps a letter code in six bits (CODE_BITS in engine/engine.h)
CODE_MASK = (1 << CODE_BITS) - 1
BLANK_FLAG = 1 << CODE_BITS  # a square's code is the letter's code, plus 64 when a blank stands for it
THROUGH_FLAG = 2 << CODE_BITS  # a generated placement's letter code, plus 128 when already on the board
MAX_LETTERS = 32  # the longest alphabet the engine takes (Polish, Norwegian; MAX_LETTERS in engine.h)
# Stand-in glyphs for multi-letter tiles, in order: cased letters that no one-letter tile uses.
STAND_INS = "ÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÐÒÓÔÕÖØÙÚÛÜÝÞ"


def _own_glyph(label: str) -> bool:
    """Whether a tile's label can be its own glyph: one character of one byte (a lexicon's words are Latin-1;
    Polish Ą or Ł gets a stand-in, as a multi-letter tile does)."""
    return len(label) == 1 and ord(label) < 256


@dataclass(frozen=True)
class Alphabet:
    """A tile set's letters: labels in code order (code = index + 1; the blank is code 0, `?`)."""

    labels: tuple[str, ...]
    name: str = field(default="english", compare=False)
    aliases: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # (alias, label): other spellings
    glyphs: str = field(init=False)
    _codes: dict[str, int] = field(init=False, repr=False, compare=False)  # glyph -> code ('?' -> 0)
    square_codes: dict[str, int] = field(init=False, repr=False, compare=False)  # board tile -> square code
    square_tiles: tuple[str, ...] = field(init=False, repr=False, compare=False)  # square code -> tile ('')
    _labels: dict[str, str] = field(init=False, repr=False, compare=False)  # label (any case) -> glyph
    _longest: int = field(init=False, repr=False, compare=False)
    _placement: tuple[bytes, bytes] | None = field(init=False, repr=False, compare=False)
    _placement_text: tuple[dict[int, str], dict[int, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 < len(self.labels) <= MAX_LETTERS or len(set(self.labels)) != len(self.labels):
            raise ValueError(f"an alphabet has 1 to {MAX_LETTERS} different letters, not {self.labels!r}")
        singles = {label for label in self.labels if _own_glyph(label)}
        stand_ins = iter(g for g in STAND_INS if g not in singles)
        glyphs = "".join(label if _own_glyph(label) else next(stand_ins) for label in self.labels)
        codes = {BLANK: 0, **{g: i for i, g in enumerate(glyphs, 1)}}
        squares = {g: i for i, g in enumerate(glyphs, 1)}
        squares.update({g.lower(): i | BLANK_FLAG for i, g in enumerate(glyphs, 1)})
        tiles = [""] * (2 * BLANK_FLAG)
        for tile, code in squares.items():
            tiles[code] = tile
        labels = {label: g for label, g in zip(self.labels, glyphs, strict=True)}
        spellings = {f"[{label}]": labels[label] for label in self.labels if len(label) > 1}  # MAGPIE's CGP
        for alias, label in self.aliases:
            if label not in labels or alias in labels:
                raise ValueError(f"alias {alias!r} of {label!r}: not a label, or a label itself")
            spellings[alias] = labels[label]
        labels.update(spellings)
        labels.update({label.lower(): g.lower() for label, g in labels.items() if label.lower() != label})
        object.__setattr__(self, "glyphs", glyphs)
        object.__setattr__(self, "_codes", codes)
        object.__setattr__(self, "square_codes", squares)
        object.__setattr__(self, "square_tiles", tuple(tiles))
        object.__setattr__(self, "_labels", labels)
        object.__setattr__(self, "_longest", max(len(label) for label in labels))
        self._placement_tables()

    def _placement_tables(self) -> None:
        """Translation tables from a generated placement's letter codes to its word and its new tiles."""
        word: dict[int, str] = {}
        played: dict[int, str] = {}
        for code in range(256):
            tile = self.square_tiles[code & (BLANK_FLAG | CODE_MASK)]
            if tile:
                word[code] = tile
                played[code] = "." if code & THROUGH_FLAG else tile
        object.__setattr__(self, "_placement_text", (word, played))
        fast = None
        if all(ord(t) < 256 for t in word.values()):  # one byte each: bytes.translate, much faster

            def as_bytes(table: dict[int, str]) -> bytes:
                return bytes(ord(table.get(code, "\0")) for code in range(256))

            fast = as_bytes(word), as_bytes(played)
        object.__setattr__(self, "_placement", fast)

    def as_dict(self) -> dict[str, Any]:
        """The alphabet for a face that draws and reads tiles: each glyph's label, and every spelling (label,
        alias, `[L·L]`; lower case for a blank's letter) with the glyph it reads as (longest match first)."""
        return {
            "name": self.name,
            "labels": dict(zip(self.glyphs, self.labels, strict=True)),
            "spellings": dict(self._labels),
        }

    @property
    def size(self) -> int:
        """The number of letters (the blank apart)."""
        return len(self.labels)

    @property
    def one_letter_spellings(self) -> bool:
        """Whether every label and alias is one character, so text reads letter by letter."""
        return self._longest == 1

    @property
    def letters_hint(self) -> str:
        """The letters for a message: `A-Z` when they run in order, else each one."""
        if all(len(label) == 1 for label in self.labels):
            first, last = self.labels[0], self.labels[-1]
            if "".join(self.labels) == "".join(chr(c) for c in range(ord(first), ord(last) + 1)):
                return f"{first}-{last}"
        return ", ".join(self.labels)

    # --- text and glyphs ---------------------------------------------------------------------------

    def tokens(self, text: str, digits: bool = True) -> list[str]:
        """`text` cut into labels or aliases, longest first at each point (`CHAT` -> `CH`, `A`, `T` when
        `CH` is a tile); a character no label starts is a token of its own. Without `digits`, a digit is
        never an alias (in a CGP row digits count empty squares)."""
        out, i = [], 0
        while i < len(text):
            for n in range(min(self._longest, len(text) - i), 0, -1):
                token = text[i : i + n]
                if token in self._labels and (digits or not token[0].isdigit()):
                    break
            else:
                n = 1
            out.append(text[i : i + n])
            i += n
        return out

    def read(self, text: str, digits: bool = True) -> str:
        """Text as glyphs: each label or alias (upper case: a tile, lower case: a blank's letter) as its
        glyph; other characters as they are (digits too, without `digits`: see `tokens`), for the caller to
        place or refuse, except one that would read as a tile (see `_outside`)."""
        if self._longest == 1 and self.glyphs == "".join(self.labels) and not self.aliases:
            return text
        labels, outside = self._labels, self._outside
        return "".join(
            labels[token] if token in labels and (digits or not token[0].isdigit()) else outside(token, text)
            for token in self.tokens(text, digits)
        )

    def _outside(self, token: str, text: str) -> str:
        """A piece of outside text that spells no tile, as it is; an error when it is a stand-in glyph (the
        one rule: the package's internal glyphs are never read from a person or a file, so a Polish `À` is
        not the Ą tile and a Catalan CGP's `À` not L·L)."""
        if token not in self.square_codes:
            return token
        where = f"{token!r} is" if text == token else f"{text!r} holds {token!r},"
        raise LexigridError(
            f"{where} no tile of the {self.name} alphabet: use its letters ({self.letters_hint}), lower case "
            "for a blank's"
        )

    @property
    def ambiguous(self) -> bool:
        """Whether some multi-letter label is also spelled by one-letter tiles (Spanish CH is C and H), so
        text without brackets cannot tell them apart (Catalan's L·L, NY and QU can: no `·`, Y or Q tile)."""
        singles = {label for label in self.labels if len(label) == 1}
        return any(len(label) > 1 and set(label) <= singles for label in self.labels)

    def read_bracketed(self, text: str, digits: bool = True) -> str:
        """Text as glyphs the way MAGPIE reads it: a multi-letter tile only in brackets (`[CH]`, `[ch]` a
        blank), every other character one tile (`CH` is C then H); a bracket left open stays as it is; without
        `digits` a digit is never an alias (Spanish `1` for CH: in a CGP row it counts empty squares)."""
        out, i = [], 0
        while i < len(text):
            end = text.find("]", i) if text[i] == "[" else -1
            token = text[i : end + 1] if end > i else text[i]
            known = token in self._labels and (digits or not token.isdigit())
            out.append(self._labels[token] if known else self._outside(token, text))
            i += len(token)
        return "".join(out)

    def spells(self, token: str) -> bool:
        """Whether text a person typed names a tile: a label or an alias (any case, `[L·L]` too); a stand-in
        glyph does not (a Catalan `À` is an accented A, not the L·L tile's glyph)."""
        return token in self._labels

    def unknown(self, text: str) -> str | None:
        """The first label-sized piece of `text` that spells no letter of the alphabet (upper case: a label
        or an alias, never a stand-in glyph), or None."""
        for token in self.tokens(text):
            if not self.is_letter(self._labels.get(token, "")):
                return token
        return None

    def write(self, glyphs: str, brackets: bool = False) -> str:
        """Glyphs as text, each as its label (lower case for a blank's letter); with `brackets`, a
        multi-letter label in square brackets, as MAGPIE's CGP writes it (`[L·L]`, `[ch]`)."""
        if self.glyphs == "".join(self.labels):
            return glyphs
        out = []
        for glyph in glyphs:
            code = self._codes.get(glyph.upper(), 0)
            label = self.labels[code - 1] if code else glyph
            label = f"[{label}]" if brackets and len(label) > 1 else label
            out.append(label.lower() if glyph.islower() else label)
        return "".join(out)

    def in_code_order(self, tiles: str) -> str:
        """Rack tiles in code order, blanks last, as MAGPIE lists a rack (`AL[L·L]RU??`: L·L after L)."""
        return "".join(sorted(tiles, key=lambda t: self._codes.get(t, 0) or MAX_LETTERS + 1))

    def write_tiles(self, tiles: str, brackets: bool = False) -> str:
        """Tiles of a rack, a leave, an exchange or the unseen pool as text, in the language's letter order
        (code order, blanks last: `AACL·LS?`, where glyph order would put L·L's stand-in after S)."""
        return self.write(self.in_code_order(tiles), brackets)

    # --- codes ---------------------------------------------------------------------------------------

    def is_letter(self, glyph: str) -> bool:
        """Whether `glyph` is one of the letters (upper case)."""
        return self._codes.get(glyph, 0) > 0

    def is_rack_tile(self, glyph: str) -> bool:
        """Whether `glyph` may stand on a rack: a letter or the blank."""
        return glyph in self._codes

    def is_board_tile(self, glyph: str) -> bool:
        """Whether `glyph` may stand on the board: a letter, or a blank as its lowercase letter."""
        return glyph in self.square_codes

    def code(self, glyph: str) -> int:
        """A rack tile's code: the blank 0, the letters 1..n."""
        return self._codes[glyph]

    def glyph(self, code: int) -> str:
        """The rack tile of a code (0: the blank)."""
        return self.glyphs[code - 1] if code else BLANK

    def square_code(self, tile: str) -> int:
        """The code of a board tile: its letter's code, plus BLANK_FLAG for a blank (lower case)."""
        return self.square_codes[tile]

    def square_tile(self, code: int) -> str:
        """The board tile of a square code ('' for an empty square): lower case for a blank."""
        return self.square_tiles[code]

    def placement(self, letters: bytes) -> tuple[str, str]:
        """A generated placement's word and new tiles ('.' on played-through squares), from its letter
        codes (code, plus BLANK_FLAG for a blank, plus THROUGH_FLAG for a tile already on the board)."""
        if self._placement is not None:
            word, played = self._placement
            return letters.translate(word).decode("latin-1"), letters.translate(played).decode("latin-1")
        text = letters.decode("latin-1")
        return text.translate(self._placement_text[0]), text.translate(self._placement_text[1])

    def rack_codes(self, tiles: Mapping[str, int]) -> bytes:
        """How many of each code some tiles hold (given as counts by tile): index 0 the blanks."""
        counts = bytearray(self.size + 1)
        codes = self._codes
        for tile, n in tiles.items():
            counts[codes[tile]] += n
        return bytes(counts)

    def word_bytes(self, words: Iterable[str]) -> bytes:
        """Words of glyphs as the compiled GADDAG builder reads them: a byte of 64 + code per letter, a
        newline after each word but the last (for English, the words in ASCII)."""
        if self.glyphs == "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            return "\n".join(words).encode("ascii")
        table = {ord(g): chr(64 + i) for i, g in enumerate(self.glyphs, 1)}
        return "\n".join(word.translate(table) for word in words).encode("ascii")


ENGLISH = Alphabet(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))


# --- rack arithmetic (glyph strings, any alphabet) ------------------------------------------------------


def sorted_tiles(tiles: Iterable[str]) -> str:
    """Tiles in rack order: letters in order, blanks last."""
    ordered = "".join(sorted(tiles))
    blanks = ordered.count(BLANK)
    return ordered.replace(BLANK, "") + BLANK * blanks if blanks else ordered


def take_tiles(rack: str, tiles: str) -> str:
    """The rack without `tiles` (which must all be on it); a sorted rack stays sorted."""
    left = list(rack)
    for tile in tiles:
        left.remove(tile)
    return "".join(left)


def missing_tiles(rack: str, tiles: str) -> str:
    """The tiles of `tiles` that `rack` does not hold, in rack order."""
    left = list(rack)
    missing = []
    for tile in tiles:
        if tile in left:
            left.remove(tile)
        else:
            missing.append(tile)
    return sorted_tiles(missing)


def shortfall(rack: str, tiles: str) -> str:
    """What `rack` lacks for `tiles`: `only 1 O of the 2 the move needs and no Z` ('' when it has them)."""
    have, need = Counter(rack), Counter(tiles)
    parts = []
    for tile in dict.fromkeys(missing_tiles(rack, tiles)):
        name = "blank" if tile == BLANK else tile
        short = f"only {have[tile]} {name} of the {need[tile]} the move needs"
        parts.append(short if have[tile] else f"no {name}")
    return f"{', '.join(parts[:-1])} and {parts[-1]}" if len(parts) > 1 else "".join(parts)


def leave_after(rack: str, used: str) -> str:
    """The tiles kept after playing `used` from `rack` (tiles of `used` not on it are ignored)."""
    kept = list(rack)
    for tile in used:
        if tile in kept:
            kept.remove(tile)
    return "".join(kept)


def played_tiles(played: str) -> str:
    """The rack tiles a placement's new tiles use: each letter as it is, a blank's letter as `?`
    (`played` may hold '.' for played-through squares, which use none)."""
    return "".join(BLANK if t.islower() else t for t in played if t != ".")


def face_value(tiles: str, scores: Mapping[str, int]) -> int:
    """The points of some rack tiles at face value (`scores` by letter; a blank scores 0)."""
    return sum(scores.get(t, 0) for t in tiles)
