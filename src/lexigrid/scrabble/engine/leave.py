"""Leave values: what the tiles kept on the rack are worth, for static equity (score + leave)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Hashable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError
from lexigrid.lexicon.sources import is_lexicon_name
from lexigrid.scrabble.core.alphabet import BLANK, ENGLISH, Alphabet
from lexigrid.scrabble.core.rules import TileSet

# A documented heuristic, in points: the blank and S are worth keeping, clumsy tiles are not. The numbers
# follow the shape of published single-tile leave tables (blank ~ +25, S ~ +8, Q ~ -7, V/U/W ~ -4).
TILE_VALUES: dict[str, float] = {
    "?": 25.0, "S": 8.0, "Z": 3.0, "X": 3.0, "E": 1.5, "R": 1.5, "H": 1.0, "N": 0.5, "D": 0.5, "M": 0.5,
    "A": 0.5, "T": 0.0, "C": 0.0, "L": -0.5, "K": -0.5, "P": -0.5, "Y": -1.0, "O": -1.5, "I": -2.0,
    "B": -2.0, "F": -2.0, "G": -2.0, "J": -2.5, "U": -4.0, "W": -4.0, "V": -5.5, "Q": -7.0,
}  # fmt: skip
DUPLICATE_PENALTY = 4.0  # each extra copy of a letter kept
IMBALANCE_PENALTY = 2.5  # each vowel beyond consonants + 1, each consonant beyond vowels + 2
Q_WITHOUT_U_PENALTY = 6.0


Coefficients = tuple[bytes, bytes, bytes, float, int, int, int, int]  # see AdditiveLeaves.coefficients


class LeaveModel(Protocol):
    """Something that values a leave (the tiles kept, '?' for a blank)."""

    def value(self, leave: str) -> float:
        """The leave's value in points."""
        ...


@dataclass(frozen=True)
class LeaveFacts:
    """What a language's leave terms read from its tile set: which tiles are vowels (the vowel/consonant mix)
    and the tile that needs another (English Q without U), as glyphs."""

    vowels: frozenset[str] = frozenset("AEIOU")
    needs: tuple[str, str] | None = ("Q", "U")

    @classmethod
    def of(cls, tiles: TileSet) -> LeaveFacts:
        """A tile set's facts."""
        return cls(tiles.vowels, tiles.needs)

    def counts(self, leave: str) -> tuple[int, int, bool]:
        """A leave's vowels, consonants (blanks are neither) and whether it keeps the needy tile without."""
        counts = Counter(leave)
        vowels = sum(n for t, n in counts.items() if t in self.vowels)
        consonants = sum(n for t, n in counts.items() if t != BLANK and t not in self.vowels)
        lonely = self.needs is not None and counts[self.needs[0]] > 0 and not counts[self.needs[1]]
        return vowels, consonants, lonely

    def codes(self, alphabet: Alphabet) -> tuple[int, int, int]:
        """The facts by tile code, as letter sets (bit x = code x): vowels, the needy tile, the one it needs
        (glyphs outside the alphabet left out)."""

        def bits(glyphs: Iterable[str]) -> int:
            return sum(1 << alphabet.code(g) for g in set(glyphs) if g in alphabet.glyphs)

        lonely, partner = self.needs or ("", "")
        return bits(self.vowels), bits(lonely), bits(partner)


ENGLISH_FACTS = LeaveFacts()


@dataclass(frozen=True)
class AdditiveLeaves:
    """A leave value: one term per copy of each tile, a vowel/consonant-mix term and a Q-without-U term
    (read with the language's `facts`: the engine gives a model its tile set's).

    Both shipped models have this shape, which lets a rack's whole leave table (up to 128 leaves) be
    built from the model's `coefficients` by the compiled engine (`table`: the same with numpy outer
    sums, for racks too big for it) instead of one call per leave."""

    facts: LeaveFacts = field(default=ENGLISH_FACTS, kw_only=True)

    def speaking(self, facts: LeaveFacts) -> AdditiveLeaves:
        """The same model read with another language's facts."""
        return self if facts == self.facts else replace(self, facts=facts)

    def per_copy(self, tile: str, copy: int) -> float:
        """What the copy-th copy of `tile` adds (copy 1 = the first)."""
        raise NotImplementedError

    def mix(self, vowels: int, consonants: int) -> float:
        """What this many vowels and consonants (blanks are neither) add; 0 for the empty leave."""
        raise NotImplementedError

    def q_without_u(self) -> float:
        """What keeping a Q without a U adds."""
        raise NotImplementedError

    def pair(self, first: str, second: str) -> float:
        """What keeping both of two different tiles adds (their synergy; first < second)."""
        return 0.0

    def value(self, leave: str) -> float:
        """The value of a leave ('?' for a blank)."""
        if not leave:
            return 0.0
        counts = Counter(leave)
        total = sum(self.per_copy(t, k) for t, n in counts.items() for k in range(1, n + 1))
        vowels, consonants, lonely = self.facts.counts(leave)
        total += self.mix(vowels, consonants)
        if lonely:
            total += self.q_without_u()
        tiles = sorted(counts)
        total += sum(self.pair(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])
        return total

    def coefficients(self, copies: int, alphabet: Alphabet = ENGLISH) -> Coefficients:
        """The model as the compiled engine reads it (leaves.c): float64 arrays by tile code ('?' = 0) per
        copy, pair and mix; Q without U; copies; the facts by code (`LeaveFacts.codes`)."""
        tiles = [alphabet.glyph(code) for code in range(alphabet.size + 1)]
        per_copy = [self.per_copy(t, k) for t in tiles for k in range(1, copies + 1)]
        pair = [self.pair(*sorted((a, b))) if a != b else 0.0 for a in tiles for b in tiles]
        mix = [self.mix(v, c) for v in range(copies + 1) for c in range(copies + 1)]
        as_bytes = [np.array(values, dtype=np.float64).tobytes() for values in (per_copy, pair, mix)]
        vowels, lonely, partner = self.facts.codes(alphabet)
        return as_bytes[0], as_bytes[1], as_bytes[2], self.q_without_u(), copies, vowels, lonely, partner

    def table(self, held: list[tuple[str, int]]) -> npt.NDArray[np.float64]:
        """Values of every leave of a rack: index = sum of kept[i] * prod(count[j] + 1 for j < i)."""
        values = np.zeros(1)
        vowels = np.zeros(1, dtype=np.int64)
        consonants = np.zeros(1, dtype=np.int64)
        q = np.zeros(1, dtype=bool)
        u = np.zeros(1, dtype=bool)
        present: list[tuple[str, npt.NDArray[np.float64]]] = []  # each earlier tile: kept at all, per index
        for tile, count in held:
            kept = np.arange(count + 1)
            terms = np.concatenate([[0.0], np.cumsum([self.per_copy(tile, k) for k in range(1, count + 1)])])
            synergy = np.zeros(len(values))
            for other, mask in present:
                synergy += self.pair(*sorted((tile, other))) * mask
            here = (kept > 0).astype(np.float64)
            values = (terms[:, None] + values[None, :] + here[:, None] * synergy[None, :]).ravel()
            present = [(other, np.tile(mask, count + 1)) for other, mask in present]
            present.append((tile, np.repeat(here, len(values) // (count + 1))))
            is_vowel = tile in self.facts.vowels
            is_consonant = tile != BLANK and not is_vowel
            lonely, partner = self.facts.needs or ("", "")
            vowels = ((kept * is_vowel)[:, None] + vowels[None, :]).ravel()
            consonants = ((kept * is_consonant)[:, None] + consonants[None, :]).ravel()
            q = (((kept > 0) & (tile == lonely))[:, None] | q[None, :]).ravel()
            u = (((kept > 0) & (tile == partner))[:, None] | u[None, :]).ravel()
        size = int(vowels.max(initial=0)) + 1, int(consonants.max(initial=0)) + 1
        mixes = np.array([[self.mix(v, c) for c in range(size[1])] for v in range(size[0])])
        values = values + mixes[vowels, consonants] + np.where(q & ~u, self.q_without_u(), 0.0)
        values[0] = 0.0
        return np.asarray(values, dtype=np.float64)


@dataclass(frozen=True)
class HeuristicLeaves(AdditiveLeaves):
    """Per-tile values, minus penalties for duplicates, vowel/consonant imbalance and Q without U."""

    @property
    def key(self) -> Hashable:
        """What tells this model from others (see `leaves_key`)."""
        return ("heuristic",)

    def per_copy(self, tile: str, copy: int) -> float:
        """The tile's value, less the duplicate penalty for every copy after the first (not for blanks)."""
        penalty = DUPLICATE_PENALTY if copy > 1 and tile != BLANK else 0.0
        return TILE_VALUES.get(tile, 0.0) - penalty

    def mix(self, vowels: int, consonants: int) -> float:
        """The imbalance penalty."""
        return -IMBALANCE_PENALTY * (max(0, vowels - consonants - 1) + max(0, consonants - vowels - 2))

    def q_without_u(self) -> float:
        """The Q-without-U penalty."""
        return -Q_WITHOUT_U_PENALTY


def leave_features(leave: str, facts: LeaveFacts = ENGLISH_FACTS) -> list[str]:
    """A leave's features: each copy of each tile (S1, S2), each pair of different tiles (ER), the vowel/
    consonant mix (v2c3), Q without U (the tile that needs another, kept without: see `LeaveFacts`)."""
    counts = Counter(leave)
    names = [f"{tile}{k}" for tile, n in counts.items() for k in range(1, n + 1)]
    tiles = sorted(counts)
    names += [a + b for i, a in enumerate(tiles) for b in tiles[i + 1 :]]
    vowels, consonants, lonely = facts.counts(leave)
    names.append(f"v{vowels}c{consonants}")
    if lonely:
        names.append("q-no-u")
    return names


@dataclass(frozen=True)
class LinearLeaves(AdditiveLeaves):
    """Learned feature weights: value(leave) = the sum of its features' weights minus the empty leave's."""

    weights: dict[str, float] = field(hash=False)

    @cached_property
    def key(self) -> Hashable:
        """What tells this model from others (see `leaves_key`): its weights' digest."""
        text = json.dumps(sorted(self.weights.items()))
        return ("linear", hashlib.sha256(text.encode()).hexdigest())

    def per_copy(self, tile: str, copy: int) -> float:
        """The weight of feature `S2`-style."""
        return self.weights.get(f"{tile}{copy}", 0.0)

    def mix(self, vowels: int, consonants: int) -> float:
        """The weight of feature `v2c3`-style, relative to the empty leave's `v0c0`."""
        return self.weights.get(f"v{vowels}c{consonants}", 0.0) - self.weights.get("v0c0", 0.0)

    def q_without_u(self) -> float:
        """The weight of feature `q-no-u`."""
        return self.weights.get("q-no-u", 0.0)

    def pair(self, first: str, second: str) -> float:
        """The weight of feature `ER`-style."""
        return self.weights.get(first + second, 0.0)

    def save(self, path: Path) -> None:
        """Write the weights as JSON."""
        path.write_text(json.dumps(dict(sorted(self.weights.items())), indent=1) + "\n")

    @classmethod
    def read(cls, path: Path) -> LinearLeaves:
        """Weights saved by `save`."""
        try:
            weights = json.loads(path.read_text())
        except (OSError, ValueError) as error:
            raise LexigridError(f"cannot read leave weights from {path}: {error}") from None
        if not isinstance(weights, dict) or not all(isinstance(v, int | float) for v in weights.values()):
            raise LexigridError(f"{path} is not a JSON object of leave feature weights")
        return cls({str(k): float(v) for k, v in weights.items()})


@cache  # a bundled file: read once per process
def default_leaves() -> LeaveModel:
    """The leave values learned by self-play that ship with lexigrid, else the heuristic."""
    try:
        text = resources.files("lexigrid.scrabble").joinpath("data", "leaves_english.json").read_text()
    except FileNotFoundError:
        return HeuristicLeaves()
    return LinearLeaves(json.loads(text))


@dataclass
class TableLeaves:
    """Leave values looked up in a table of sorted leaves (learned by self-play), else a fallback."""

    table: dict[str, float]
    fallback: LeaveModel

    def value(self, leave: str) -> float:
        """The table's value of the leave, or the fallback's when it is not in the table."""
        key = "".join(sorted(leave))
        found = self.table.get(key)
        return found if found is not None else self.fallback.value(leave)

    @classmethod
    def read(cls, path: Path, fallback: LeaveModel | None = None) -> TableLeaves:
        """A table saved as JSON {leave: value}."""
        return cls(json.loads(path.read_text()), fallback or HeuristicLeaves())


KLV_FORMAT_VERSION = 1  # bump when the cached leave dictionaries change shape


@dataclass(frozen=True)
class KlvLeaves:
    """A KLV/KLV2 leave table (the wolges and MAGPIE format): each leave's value looked up; 0 if absent."""

    table: dict[str, float] = field(hash=False, repr=False)
    name: str = "klv"
    digest: str = field(default="", compare=False)  # the file's SHA-256, when read from one

    @property
    def key(self) -> Hashable:
        """What tells this model from others (see `leaves_key`): its file's digest (else the model)."""
        return ("klv", self.digest) if self.digest else ("klv-object", id(self))

    def value(self, leave: str) -> float:
        """The table's value of the leave (sorted tiles, '?' first), 0 for the empty or an unlisted leave."""
        return self.table.get("".join(sorted(leave)), 0.0)

    @classmethod
    def read(cls, path: Path, alphabet: Alphabet = ENGLISH) -> KlvLeaves:
        """The leave table in a KLV or KLV2 file (tiles in `alphabet`'s order): kept in the process while the
        file keeps its size and time of change (a batch reads it for every line)."""
        try:
            stat = path.stat()
        except OSError:
            return cls.parse(path, alphabet)  # says what is wrong
        return _kept_klv(path.resolve(), stat.st_size, stat.st_mtime_ns, alphabet)

    @classmethod
    def parse(cls, path: Path, alphabet: Alphabet = ENGLISH) -> KlvLeaves:
        """The leave table in a KLV or KLV2 file, parsed once and then read from the cache."""
        from lexigrid.lexicon import cache
        from lexigrid.lexicon.added import read_file
        from lexigrid.lexicon.kwg import klv_leaves

        data = read_file(path, "leave table")
        key = hashlib.sha256(data).hexdigest()
        if alphabet.glyphs != ENGLISH.glyphs:
            key = hashlib.sha256(f"{key} {alphabet.glyphs}".encode()).hexdigest()
        table, _ = cache.cached(
            "leaves", key, KLV_FORMAT_VERSION, lambda: klv_leaves(data, str(path), alphabet.glyphs)
        )
        return cls(table, path.name, key)


@lru_cache(maxsize=4)
def _kept_klv(path: Path, size: int, changed: int, alphabet: Alphabet) -> KlvLeaves:
    """`KlvLeaves.read`'s tables, by file, size and time of change (the numbers only key the cache)."""
    return KlvLeaves.parse(path, alphabet)


def leave_trie(table: dict[str, float], alphabet: Alphabet = ENGLISH) -> object:
    """A table of leaves (sorted tiles -> value) compiled for the engine's lookups tile by tile (klv.c): each
    leave as its tiles' codes (put in code order there); leaves holding a tile outside the alphabet, which no
    rack holds, left out."""
    from lexigrid.scrabble.engine import _engine

    codes = {ord(alphabet.glyph(code)): code for code in range(alphabet.size + 1)}
    keys = list(table)
    tiles = np.frombuffer("".join(keys).translate(codes).encode("utf-32-le"), dtype="<u4")
    if len(tiles) and int(tiles.max()) > alphabet.size:
        keys = [key for key in keys if all(ord(t) in codes for t in key)]
        tiles = np.frombuffer("".join(keys).translate(codes).encode("utf-32-le"), dtype="<u4")
    values = np.array([table[key] for key in keys], dtype=np.float64)
    lengths = np.array([len(key) for key in keys], dtype=np.uint8)
    return _engine.leave_trie(tiles.astype(np.uint8).tobytes(), lengths.tobytes(), values.tobytes())


def leaves_key(model: LeaveModel | None) -> Hashable:
    """What tells leave models apart, for caching what is built from one (`Engine.shared`): the model's
    `key` (its kind and numbers), else the model itself when hashable, else its identity; None for none."""
    if model is None:
        return None
    key = getattr(model, "key", None)
    if key is not None:
        return key  # type: ignore[no-any-return]
    return model if isinstance(model, Hashable) else ("object", id(model))


NAMED_LEAVES = ("learned", "heuristic")


def lexicon_leaves(lexicon: str, language: str, alphabet: Alphabet = ENGLISH) -> LeaveModel:
    """A lexicon's default leave model: in another language than English, the leave table added with it
    (`lexicon add NAME FILE --leaves KLV2`); else, for an added lexicon, the weights learned for it
    (`learn-leaves -L NAME`); else the learned English model in English, the heuristic in another language
    (the English weights are for English tiles)."""
    path = _added_leaves(lexicon, language)
    if path is None:
        return default_leaves() if language == "english" else HeuristicLeaves()
    return LinearLeaves.read(path) if path.suffix == ".json" else KlvLeaves.read(path, alphabet)


def lexicon_leaves_key(lexicon: str, language: str) -> Hashable:
    """What tells `lexicon_leaves`' models apart without reading them, for `Engine.shared`: the added file it
    reads, by size and time of change (a table added or learned later is another model), else the default."""
    path = _added_leaves(lexicon, language)
    if path is not None:
        with suppress(FileNotFoundError):  # removed since found: the default, as `lexicon_leaves` finds
            stat = path.stat()
            return ("added", str(path), stat.st_size, stat.st_mtime_ns)
    return ("default", language == "english")


def _added_leaves(lexicon: str, language: str) -> Path | None:
    """The added file `lexicon_leaves` reads for the lexicon, if any (the rule is written here once)."""
    from lexigrid.lexicon.added import learned_path, leaves_path

    if not is_lexicon_name(lexicon):
        return None
    if language != "english" and leaves_path(lexicon).is_file():
        return leaves_path(lexicon)
    learned = learned_path(lexicon, "leaves")
    return learned if learned.is_file() else None


def load_leaves(spec: str | Path | None, alphabet: Alphabet = ENGLISH) -> LeaveModel:
    """The leave model for `--leaves`: learned (the default), heuristic, a JSON weights file, a KLV/KLV2
    file (tiles in `alphabet`'s order), or the name of a lexicon added with its leave table."""
    from lexigrid.lexicon.added import leaves_path

    if spec is None or spec in ("", "learned", "default"):
        return default_leaves()
    if spec == "heuristic":
        return HeuristicLeaves()
    path = Path(spec).expanduser()
    if path.exists():
        return LinearLeaves.read(path) if path.suffix == ".json" else KlvLeaves.read(path, alphabet)
    text = str(spec)
    if is_lexicon_name(text) and leaves_path(text).is_file():
        return KlvLeaves.read(leaves_path(text), alphabet)
    raise LexigridError(
        f"unknown leaves {text!r}: use learned, heuristic, a KLV/KLV2 or JSON file, or the name of a "
        "lexicon added with `lexigrid lexicon add NAME FILE --leaves KLV`"
    )
