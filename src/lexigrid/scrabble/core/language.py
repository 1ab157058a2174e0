"""A lexicon's language: a KWG's alphabet named or recognised (never assumed), a word list's labels read as
tiles, each word checked against the alphabet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon.accents import base_letter
from lexigrid.lexicon.added import Added, add_lexicon, read_file
from lexigrid.lexicon.kwg import VOWELLESS_SHARE, is_kwg, kwg_tiles, kwg_words, vowelless_share
from lexigrid.lexicon.sources import MAX_WORD_LENGTH, canonical_name, named_lexicons
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.rules import alphabet, tile_set, tile_set_names

if TYPE_CHECKING:
    from lexigrid.lexicon import Lexicon, WordInfo
    from lexigrid.lexicon.lexicon import SortKey

OUTSIDE = "\0"  # a character outside the alphabet, in a word read by table (see _reader)
LIKELY_SHARE = 0.1  # recognised: at most this share, and well under every other alphabet's
# The languages of the lexicons MAGPIE, Macondo and Woogles name (by prefix, any case), as MAGPIE tells a
# record's letter distribution from its #lexicon: DISC2 is Catalan, FRA20 French, RD28 German, ...
NAMED_LANGUAGES = (
    ("DISC", "catalan"),
    ("FRA", "french"),
    ("FILE", "spanish"),
    ("RD", "german"),
    ("OSPS", "polish"),
    ("NSF", "norwegian"),
    ("DSW", "dutch"),
)


def _vowelless_share(words: list[tuple[int, ...]], letters: Alphabet, vowels: frozenset[str]) -> float:
    """The share of words (as codes) with no vowel when read in `letters` (none when only a couple lack one:
    a tiny list may hold HMM or ZZZ)."""
    share = vowelless_share(words, frozenset(letters.code(v) for v in vowels))
    return 0.0 if share * len(words) <= 2 else share


def _languages() -> list[str]:
    """The bundled alphabets the engine can use, one name each."""
    names = []
    for name in tile_set_names():
        try:
            if tile_set(name).alphabet.name == name:
                names.append(name)
        except LexigridError:
            continue
    return names


def kwg_alphabet(words: list[tuple[int, ...]], location: str, named: str | None) -> Alphabet:
    """The alphabet a KWG's words (as codes) are spelled in: the one named, checked to fit, else the one
    recognised; an error when none or several could be."""
    highest = max((max(word) for word in words if word), default=0)
    if named is not None:
        chosen, tiles = alphabet(named), tile_set(named)
        if highest > chosen.size:
            raise LexigridError(
                f"{location} uses tile {highest}, beyond the {chosen.size} letters of the {named} alphabet: "
                "it is not a lexicon in that alphabet"
            )
        share = _vowelless_share(words, chosen, tiles.vowels)
        if share > VOWELLESS_SHARE:
            wrong = (
                f"{location} does not read as a {named} lexicon: {share:.1%} of its words have no {named} "
                "vowel"
            )
            raise OptionError(
                f"{wrong} (name its own alphabet)",
                "alphabet",
                f"{wrong} (name its own alphabet with {{option}})",
            )
        return chosen
    shares: dict[str, tuple[float, list[str]]] = {}  # by letters: vowel-less share, alphabet names
    for name in _languages():
        letters, tiles = alphabet(name), tile_set(name)
        if letters.size >= highest:
            share = _vowelless_share(words, letters, tiles.vowels)
            shares.setdefault(letters.glyphs, (share, []))[1].append(name)
    exact = {glyphs: found for glyphs, found in shares.items() if len(glyphs) == highest}
    ranked = sorted((exact or shares).values())
    clear = ranked and ranked[0][0] <= LIKELY_SHARE
    near = [names for share, names in ranked if clear and share < 1.5 * ranked[0][0] + VOWELLESS_SHARE]
    if len(near) > 1 and any("english" in names for names in near) and ranked[0][0] <= VOWELLESS_SHARE:
        return ENGLISH  # a short list reading as English as well as in any other alphabet (QI ZA CAT)
    if not clear or len(near) > 1:
        maybe = ", ".join(names[0] for share, names in ranked if share <= LIKELY_SHARE) or "none of them"
        unknown, languages = (
            f"cannot tell the alphabet of {location} (it could be: {maybe})",
            ", ".join(_languages()),
        )
        raise OptionError(
            f"{unknown}: name it, one of {languages}",
            "alphabet",
            f"{unknown}: name it with {{option}}, one of {languages} "
            f"(`lexigrid lexicon add NAME FILE {{option}} catalan`, then -L NAME)",
        )
    names = ranked[0][1]
    return alphabet("english" if "english" in names else names[0])


def named_language(name: str) -> str | None:
    """The alphabet a lexicon's or file's name says it is in, as MAGPIE tells a lexicon's letter distribution
    from its name (DISC2 Catalan, FRA20 French, ...), or an alphabet's own name; else None."""
    if name.lower() in _languages():
        return name.lower()
    return next((language for prefix, language in NAMED_LANGUAGES if name.upper().startswith(prefix)), None)


def kwg_lexicon(data: bytes, location: str, name: str) -> tuple[str, list[str]]:
    """A KWG's alphabet and its words in that alphabet's glyphs: the alphabet its name says (`DISC2.kwg`:
    Catalan) when the words read as that language, else the one its words' letters show (never assumed)."""
    walked = kwg_tiles(data, location)
    language = named_language(name)
    letters = None
    if language is not None:
        try:
            letters = kwg_alphabet(walked, location, language)
        except LexigridError:
            letters = None  # the name misleads (an English list called FRANK.kwg): go by its letters
    letters = letters or kwg_alphabet(walked, location, None)
    return letters.name, sorted(set(kwg_words(data, location, letters.glyphs, walked)))


def folded(word: str, letters: Alphabet) -> str:
    """A word with the accents the alphabet has no tile for dropped, as Scrabble plays them (Catalan
    `ABELLÍ` is ABELLI; `Ç`, a tile, stays)."""
    out = []
    for token in letters.tokens(word):
        if not letters.spells(token):  # (a typed `À` is an accented A, whatever glyph stands in for L·L)
            base = base_letter(token)
            token = base if letters.spells(base) else token
        out.append(token)
    return "".join(out)


def _read_word(word: str, letters: Alphabet) -> str | None:
    """An upper-case word as glyphs, accents without tiles dropped; None if a letter is not the alphabet's."""
    word = folded(word, letters)
    return letters.read(word) if all(letters.spells(token) for token in letters.tokens(word)) else None


def _reader(text: str, letters: Alphabet) -> Callable[[str], str | None]:
    """How `_read_word` reads the upper-case words of `text`: where every spelling of the alphabet is one
    character, by one translation table of the characters `text` holds (Debian's 4.3 million Polish words
    in seconds, not minutes), else token by token."""
    if not letters.one_letter_spellings:
        return lambda word: _read_word(word, letters)
    table = {ord(c): _read_word(c, letters) or OUTSIDE for c in set(text)}

    def read(word: str) -> str | None:
        glyphs = word.translate(table)
        return None if OUTSIDE in glyphs else glyphs

    return read


def read_words(language: str, words: Sequence[str]) -> list[str | None]:
    """Words as a language writes them (any case, accents: wordfreq's) in its alphabet's glyphs, read as
    `lexicon_words` reads a word list (accents without tiles dropped); None for a word with a letter outside
    the alphabet or a letter that is only a way to type a tile."""
    letters = alphabet(language)
    upper = [word.upper() for word in words]
    read = _written("".join(upper), letters)
    return [read(word) for word in upper]


def _written(text: str, letters: Alphabet) -> Callable[[str], str | None]:
    """How the upper-case words of a list written in the language (not typed) are read: `_reader`'s, and
    None for a word holding a one-character alias, a way to type a tile, not to write it."""
    read = _reader(text, letters)
    typed = {alias for alias, _ in _typing_aliases(letters)}
    if not typed:
        return read
    return lambda word: None if _typed(word, letters, typed) else read(word)


def _typing_aliases(letters: Alphabet) -> list[tuple[str, str]]:
    """The one-character aliases (alias, label): ways to type a tile, no written letter (Catalan K for Ç)."""
    return [(alias, label) for alias, label in letters.aliases if len(alias) == 1]


def _typing_only(letters: Alphabet) -> str:
    """The message's note on the letters a list may not use because they only type a tile (Catalan K)."""
    typed = [f"{alias} for {label}" for alias, label in _typing_aliases(letters)]
    return f", letters that only type a tile ({', '.join(typed)})" if typed else ""


def _typed(word: str, letters: Alphabet, typed: set[str]) -> bool:
    """Whether a word read by tokens holds a one-character alias: a way to type a tile, not to write it (a
    Catalan `KIWI` is not ÇIL·LI; `QUE`, `ANY` and `COL.LECCIÓ` read as written)."""
    return bool(typed.intersection(word)) and any(token in typed for token in letters.tokens(word))


def lexicon_words(
    data: bytes, location: str, named: str | None, skip: bool = False, hint: str = ""
) -> tuple[Alphabet, list[str], int]:
    """A KWG's or a UTF-8 word list's words in an alphabet's glyphs, with that alphabet (`named`, else
    recognised for a KWG from its `hint` name (DISC2) or its letters, else English for a word list) and how
    many words were skipped (`skip`: those with letters outside the alphabet or too long for a lexicon, else
    they are an error); accents without tiles are dropped."""
    if is_kwg(data) and named is None:
        language, found = kwg_lexicon(data, location, hint)
        return alphabet(language), found, 0
    if is_kwg(data):
        walked = kwg_tiles(data, location)
        letters = kwg_alphabet(walked, location, named)
        return letters, sorted(set(kwg_words(data, location, letters.glyphs, walked))), 0
    letters = alphabet(named or "english")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        number = data[: error.start].count(b"\n") + 1
        raise LexigridError(
            f"{location} is not UTF-8 text: byte 0x{data[error.start]:02X} on line {number} (convert it, "
            "e.g. iconv -f latin1 -t utf-8)"
        ) from None
    words: set[str] = set()
    bad: list[str] = []
    read = _written(text.upper(), letters)
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = read(line.upper())
        if word is None or len(word) > MAX_WORD_LENGTH:
            bad.append(line)
            continue
        words.add(word)
    if bad and not skip:
        first = ", ".join(repr(w) for w in bad[:3])
        outside = (
            f"{location}: {len(bad):,} words use letters outside the {letters.name} alphabet "
            f"({letters.letters_hint}){_typing_only(letters)} or run past {MAX_WORD_LENGTH} letters, "
            f"e.g. {first}"
        )
        raise OptionError(
            f"{outside}: name the right alphabet, remove them or skip them",
            "alphabet",
            f"{outside}: name the right {{option}}, remove them or --skip-bad",
        )
    if not words:
        raise LexigridError(f"{location} holds no words: put one word per line")
    return letters, sorted(words), len(bad)


def store_lexicon(
    name: str, file: Path, leaves: Path | None = None, alphabet: str | None = None, skip_bad: bool = False
) -> tuple[Added, int]:
    """A lexicon file read in its alphabet (named, else the one its name or its KWG's tiles say) and stored
    under `name` (`lexicon add`); how many words were left out."""
    data = read_file(file, "lexicon file")
    if alphabet is None and not is_kwg(data):
        return add_lexicon(name, file, leaves), 0
    hint = name if named_language(name) else file.stem  # DISC2 (MAGPIE's names) says Catalan
    letters, words, skipped = lexicon_words(data, str(file), alphabet, skip_bad, hint)
    return add_lexicon(name, file, leaves, words, (letters.name, letters.glyphs)), skipped


def lexicon_language(name: str | None) -> str:
    """The alphabet a lexicon's name says its words are in: an installed lexicon's own, else the language of
    a well-known name (DISC2 Catalan, FRA20 French, OSPS49 Polish, ...), else English."""
    if not name:
        return "english"
    key = canonical_name(name)
    if key is not None:
        return named_lexicons()[key].alphabet
    return named_language(name) or "english"


def distribution_alphabet(name: str) -> Alphabet | None:
    """The alphabet of a letter distribution's name as MAGPIE writes it in a GCG (`#tile-distribution
    catalan`, `english_super`), or None when it is no alphabet the engine can use."""
    return language_alphabet(name.strip().lower().removesuffix("_super").removeprefix("super_"))


def language_alphabet(language: str) -> Alphabet | None:
    """A language's alphabet, or None when the engine cannot use it (Polish and Norwegian: 32 letters)."""
    if language == "english":
        return ENGLISH
    try:
        return alphabet(language)
    except LexigridError:
        return None


def typed_letters(text: str, letters: Alphabet, what: str, blanks: bool = False) -> str:
    """Text a player typed (labels or aliases, any case: `PAL·LA`, `pal.la`, `W`; accents without a tile
    dropped, as the lexicon's words were: `été` is ETE) as the alphabet's glyphs; an error naming the first
    piece that is no tile (nor a blank `?`, with `blanks`)."""
    text = folded(text.strip().upper(), letters)
    spelled = letters.read(text)
    bad = next((t for t in letters.tokens(text) if not letters.spells(t) and not (blanks and t == "?")), None)
    if bad is not None:
        blank = " and '?' for a blank" if blanks else ""
        raise LexigridError(
            f"{what} {text!r} holds {bad!r}, no tile of the {letters.name} alphabet: use its letters "
            f"({letters.letters_hint}){blank}"
        )
    return spelled


def typed_word(text: str, letters: Alphabet) -> str:
    """A word as a player typed it (labels, aliases, accents without a tile: `Pal.la`, `été`) in the
    alphabet's glyphs, as the lexicon holds its words."""
    return letters.read(folded(text.upper(), letters))


def spelled_find(
    lex: Lexicon,
    rack: str,
    *,
    prefix: str = "",
    suffix: str = "",
    contains: str = "",
    pattern: str | None = None,
    min_len: int = 2,
    max_len: int | None = None,
    common: int | None = None,
    sort: SortKey = "length",
) -> list[WordInfo]:
    """`Lexicon.find` with the rack, board letters and pattern typed in the lexicon's tile labels or aliases
    (Catalan `AAL·L?` or `AAW?`); the words come back in its glyphs: write them with its alphabet. English
    text goes through as it is (the lexicon layer's own checks and messages)."""
    letters = alphabet(lex.alphabet)
    english = lex.alphabet == "english"

    def typed(text: str, what: str, blanks: bool = False) -> str:
        return text if english else typed_letters(text, letters, what, blanks)

    return lex.find(
        typed(rack, "rack", blanks=True),
        prefix=typed(prefix, "prefix"),
        suffix=typed(suffix, "suffix"),
        contains=typed(contains, "contains"),
        pattern=letters.read(pattern.strip().upper()) if pattern else None,
        min_len=min_len,
        max_len=max_len,
        common=common,
        sort=sort,
        letters=letters.glyphs,
    )
