"""Word frequencies in a lexicon's own language: wordfreq's list of that language, its words read as the
lexicon holds them (labels, multi-letter tiles, accents without a tile dropped and their forms summed);
none (never English's) where wordfreq has no list. The oracle reads wordfreq directly."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
import wordfreq

import lexigrid.scrabble  # noqa: F401  (registers the word reader)
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, frequency, load
from lexigrid.lexicon.report import find_report
from lexigrid.scrabble.core.language import typed_word
from lexigrid.scrabble.core.rules import alphabet
from tests.conftest import CliResult

Cli = Callable[..., CliResult]


def _hand_lexicon(language: str, words: list[str]) -> Lexicon:
    """A tiny lexicon of words as the language writes them, held as its alphabet's glyphs (accents without
    a tile dropped, as `lexicon add` reads them)."""
    letters = alphabet(language)
    return Lexicon.from_words([typed_word(w, letters) for w in words], alphabet=language)


def _zipf(language: str, word: str) -> float:
    """The lexicon's Zipf value of a word written in labels."""
    lex = _LEXICONS[language]
    return lex.zipf(alphabet(language).read(word.upper()))


def _without_accents(word: str, keep: str = "") -> str:
    """The oracle's folding: every accent dropped, except on the letters in `keep` (tiles); Catalan's
    `l.l` written as `l·l`."""
    word = word.replace("l.l", "l·l")
    return "".join(c if c in keep else unicodedata.normalize("NFD", c)[0] for c in word)


# The letters with accents each language has tiles for (the oracle's own list, from the tile sets' rules).
_KEEP = {"catalan": "ç", "spanish": "ñ", "german": "äöü", "polish": "ąćęłńóśźż", "norwegian": "æøå"}


def _summed_zipf(language: str, word: str) -> float:
    """The Zipf value of the sum of wordfreq's frequencies of every form that folds to `word`."""
    table = wordfreq.get_frequency_dict(_CODES[language], wordlist="best")
    keep = _KEEP.get(language, "")
    total = sum(f for form, f in table.items() if _without_accents(form, keep) == word)
    return frequency.zipf_of(total)


_WORDS = {
    "catalan": ["casa", "pasta", "col·lecció", "any", "quatre", "plaça"],
    "french": ["maison", "été", "école", "pasta"],
    "spanish": ["casa", "chico", "niño", "calle", "perro", "pasta"],
    "german": ["haus", "mädchen", "pasta"],
    "dutch": ["huis", "pasta"],
    "polish": ["dom", "żółw", "pasta"],
    "norwegian": ["hus", "blåbær", "pasta"],
}
_CODES = {"catalan": "ca", "french": "fr", "spanish": "es", "german": "de", "dutch": "nl", "polish": "pl"}
_CODES["norwegian"] = "nb"
_LEXICONS = {language: _hand_lexicon(language, words) for language, words in _WORDS.items()}


@pytest.mark.parametrize(
    ("language", "word"), [(language, word) for language, words in _WORDS.items() for word in words]
)
def test_every_word_has_the_summed_frequency_of_its_forms_in_its_language(language: str, word: str) -> None:
    """Catalan L·L and Ç, Spanish CH, LL, RR and Ñ, German, Polish and Norwegian letters are tiles, looked
    up as written; an accent without a tile (Catalan `ó`, every French one) folds, the forms summed."""
    folded = _without_accents(word, _KEEP.get(language, ""))
    assert _zipf(language, folded) == _summed_zipf(language, folded) > 0


def test_wordfreqs_own_values() -> None:
    """A word with one form has exactly wordfreq's Zipf value in the lexicon's language (not English's)."""
    assert _zipf("catalan", "casa") == wordfreq.zipf_frequency("casa", "ca") == 5.76
    assert _zipf("french", "maison") == wordfreq.zipf_frequency("maison", "fr") == 5.53
    assert _zipf("polish", "żółw") == wordfreq.zipf_frequency("żółw", "pl")
    assert _zipf("norwegian", "blåbær") == wordfreq.zipf_frequency("blåbær", "nb")
    assert _zipf("catalan", "pasta") != Lexicon.from_words(["PASTA"]).zipf("PASTA")  # not English's 3.92


def test_french_words_fold_wordfreqs_accents_and_sum_the_forms() -> None:
    """French tiles have no accents: ETE holds été and ete, so it is more common than été alone."""
    table = wordfreq.get_frequency_dict("fr", wordlist="best")
    french = frequency.frequencies_in("french")
    assert french is not None and french["ete"] >= table["été"] + table["ete"] > table["été"]


def test_a_letter_that_only_types_a_tile_is_not_read() -> None:
    """Catalan K, W, Y, Q type Ç, L·L, NY, QU: wordfreq's `kiwi` is not the Catalan ÇIL·LI."""
    lex = _hand_lexicon("catalan", ["çil·li", "nyac"])
    assert lex.zipf(alphabet("catalan").read("ÇIL·LI")) == 0.0 < wordfreq.zipf_frequency("kiwi", "ca")


def test_ranks_follow_the_languages_frequencies() -> None:
    lex = _LEXICONS["spanish"]
    by_rank = sorted(lex, key=lambda w: lex.rank(w) or 10**9)
    assert by_rank == sorted(lex, key=lambda w: -lex.zipf(w)) and lex.frequencies


def test_english_is_unchanged() -> None:
    """The golden: nwl's Zipf values and ranks as before per-language frequencies (English's own list)."""
    lex = load("nwl")
    digest = hashlib.sha256(lex._zipf.tobytes() + lex._rank.tobytes()).hexdigest()
    assert digest[:16] == "cfc730ec9102c746" and lex.zipf("pasta") == 3.92 and lex.rank("pasta") == 7227
    assert Lexicon.from_words(["PASTA"]).zipf("PASTA") == wordfreq.zipf_frequency("pasta", "en")


@pytest.fixture
def no_dutch_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if wordfreq had no Dutch list."""
    monkeypatch.delitem(frequency.WORDFREQ_LANGUAGES, "dutch")


@pytest.mark.usefixtures("no_dutch_list")
def test_a_language_wordfreq_lacks_has_no_frequencies() -> None:
    lex = _hand_lexicon("dutch", ["huis", "pasta"])
    assert not lex.frequencies and lex.zipf("PASTA") == 0.0 and lex.rank("PASTA") is None
    report = find_report(lex, "PASTAHUIS", lex.find("PASTAHUIS", letters=alphabet("dutch").glyphs))
    shown = {w["word"]: (w["zipf"], w["rank"]) for w in report["words"]}
    assert shown == {"PASTA": (None, None), "HUIS": (None, None)}
    with pytest.raises(LexigridError, match="no word frequencies"):
        lex.common(10)
    with pytest.raises(LexigridError, match="no word frequencies"):
        lex.find("PASTA", common=10, letters=alphabet("dutch").glyphs)


def test_a_lexicon_read_without_the_scrabble_package_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lexicon layer alone cannot read another alphabet's words: no frequencies, never English's."""
    from lexigrid.lexicon import word_readers

    monkeypatch.setattr(word_readers, "_WORD_READERS", [])
    lex = _hand_lexicon("catalan", ["casa"])
    assert not lex.frequencies and lex.zipf("CASA") == 0.0


@pytest.mark.usefixtures("no_dutch_list")
def test_the_words_command_shows_a_dash_without_frequencies(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(tmp_path / "data"))
    words = tmp_path / "nl.txt"
    words.write_text("huis\npasta\n", encoding="utf-8")
    assert cli("lexicon", "add", "MININL", str(words), "--alphabet", "dutch").exit_code == 0
    result = cli("words", "find", "PASTAHUIS", "-L", "MININL")
    assert result.exit_code == 0 and "—" in result.stdout and "0.00" not in result.stdout
    assert json.loads(cli("lexicon", "info", "MININL", "--json").stdout)["frequencies"] is None
    refused = cli("words", "find", "PASTAHUIS", "-L", "MININL", "--common", "5")
    assert refused.exit_code == 2 and "--common needs word frequencies" in refused.stderr


def test_a_fresh_process_looks_up_an_added_lexicons_language(tmp_path: Path) -> None:
    """`words find -L CA` in a new process: the CLI reads the Catalan lexicon's frequencies in Catalan."""
    words = tmp_path / "ca.txt"
    words.write_text("casa\npasta\ncol·lecció\n", encoding="utf-8")
    env = {**os.environ, "LEXIGRID_DATA_DIR": str(tmp_path / "data")}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "lexigrid", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, check=False)

    added = run("lexicon", "add", "MINICA", str(words), "--alphabet", "catalan")
    assert added.returncode == 0, added.stderr
    found = run("words", "find", "CASA", "-L", "MINICA", "--json")
    assert found.returncode == 0, found.stderr
    zipfs = {w["word"]: w["zipf"] for w in json.loads(found.stdout)["words"]}
    assert zipfs == {"CASA": wordfreq.zipf_frequency("casa", "ca")}
    info = json.loads(run("lexicon", "info", "MINICA", "--json").stdout)
    assert info["frequencies"] == "wordfreq (catalan)"
