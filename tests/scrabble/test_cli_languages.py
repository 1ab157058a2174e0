"""The CLI in another language: a lexicon added in its alphabet, positions read and moves printed in it."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from lexigrid import terminal
from lexigrid.errors import LexigridError
from lexigrid.scrabble import Move
from lexigrid.scrabble.core.alphabet import STAND_INS
from lexigrid.scrabble.core.rules import alphabet
from lexigrid.scrabble.engine.leave import LinearLeaves, lexicon_leaves
from lexigrid.scrabble.engine.winpct import WinTable, lexicon_table
from tests.conftest import CliResult, shared_file
from tests.lexicon.kwg_writer import kwg_bytes
from tests.scrabble.test_oracle_catalan import WORDS as HAND_WORDS

Cli = Callable[..., CliResult]
EMPTY = "/".join(["15"] * 15)
CATALAN = alphabet("catalan")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data directory for this test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("LEXIGRID_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def catalan(cli: Cli, data_dir: Path, tmp_path: Path) -> str:
    """A small Catalan word list added as MINICA (typed with the aliases players use)."""
    words = tmp_path / "ca.txt"
    words.write_text("pal·la\nPAL.LA\nCANYA\nQUE\nCAÇA\nESPANYA\nALES\nLA\nES\nSA\n", encoding="utf-8")
    result = cli("lexicon", "add", "MINICA", str(words), "--alphabet", "catalan", "--json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["words"] == 9  # PAL·LA typed twice
    return "MINICA"


def test_moves_are_printed_in_the_languages_notation(cli: Cli, catalan: str) -> None:
    result = cli("scrabble", "moves", f"{EMPTY} PAL·LAS/ 0/0 0", "-L", catalan, "--json", "-n", "3")
    assert result.exit_code == 0, result.stdout
    moves = json.loads(result.stdout)["moves"]
    assert moves[0]["move"] in {"8D PAL·LA", "8E PAL·LA", "D8 PAL·LA", "E8 PAL·LA"}
    assert moves[0]["score"] == 2 * (3 + 1 + 10 + 1)  # the L·L tile scores 10, the start square doubles


def test_a_cgp_with_multi_letter_tiles_is_read_in_the_lexicons_language(cli: Cli, catalan: str) -> None:
    board = "15/15/15/15/15/15/15/4PA[l·l]A7/15/15/15/15/15/15/15"
    result = cli("scrabble", "best", f"{board} CANYAES/ 0/0 0 lex {catalan};", "--json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["move"] == "E6 ESPANYA"
    english = cli("scrabble", "best", f"{board} CANYAES/ 0/0 0")
    assert english.exit_code == 2 and "bad character '['" in english.stdout + english.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("scrabble", "best", "15/15/15/15/15/15/15/4PAÀA7/15/15/15/15/15/15/15 CANYAES/ 0/0 0 lex MINICA;"),
        ("scrabble", "moves", f"{EMPTY} PAÀAS/ 0/0 0", "-L", "MINICA"),
        ("scrabble", "infer", f"{EMPTY} PALAS/ 0/0 0", "8D PAÀA", "-L", "MINICA"),
    ],
)
def test_a_stand_in_glyph_is_no_tile_on_the_command_line(
    cli: Cli, catalan: str, args: tuple[str, ...]
) -> None:
    result = cli(*args)  # `À` is the package's stand-in for L·L: a player's À is no Catalan tile
    shown = result.stdout + result.stderr
    assert result.exit_code == 2 and "'À'" in shown and "no tile of the catalan alphabet" in shown
    assert shown.strip().count("\n") == 0 and "Traceback" not in shown


def test_bad_words_and_encodings_are_one_line_errors(cli: Cli, data_dir: Path, tmp_path: Path) -> None:
    words = tmp_path / "es.txt"
    words.write_bytes("CASA\nAÑO\n".encode("latin-1"))
    result = cli("lexicon", "add", "ES", str(words), "--alphabet", "spanish")
    assert result.exit_code == 2 and "byte 0xD1 on line 2" in result.stdout + result.stderr
    words.write_text("CASA\nSØL\n", encoding="utf-8")
    result = cli("lexicon", "add", "CA", str(words), "--alphabet", "catalan")
    assert result.exit_code == 2 and "'SØL'" in result.stdout + result.stderr
    result = cli("lexicon", "add", "CA", str(words), "--alphabet", "catalan", "--skip-bad", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout) | {"path": ""} == {
        "name": "CA",
        "words": 1,
        "path": "",
        "leaves": None,
        "skipped": 1,
    }


@pytest.mark.slow
def test_disc2_added_from_its_kwg_plays_as_magpie(cli: Cli, data_dir: Path) -> None:
    """DISC2.kwg added without naming its alphabet (recognised as Catalan) with its KLV2: the best move by
    equity of a shared position is MAGPIE's, printed in Catalan."""
    folder = shared_file("data", "scrabble", "catalan")
    added = cli("lexicon", "add", "DISC2", str(folder / "DISC2.kwg"), "--leaves", str(folder / "DISC2.klv2"))
    assert added.exit_code == 0, added.stdout
    position = json.loads((folder / "positions.jsonl").read_text(encoding="utf-8").splitlines()[6])
    result = cli("scrabble", "best", position["cgp"], "-L", "DISC2", "--by", "equity", "--json")
    best = json.loads(result.stdout)
    assert best["move"] == position["best_equity"]["move"] == "F4 RENYEN"
    assert best["equity"] == pytest.approx(position["best_equity"]["equity"], abs=1e-3)
    assert json.loads(cli("words", "check", "PAL·LA", "PAL.LA", "-L", "DISC2", "--json").stdout)["all_valid"]
    lines = (folder / "positions.jsonl").read_text(encoding="utf-8").splitlines()
    endgame = json.loads(next(line for line in lines if "endgame (bag empty)" in line))["cgp"]
    solved = cli("scrabble", "endgame", endgame, "-L", "DISC2", "--json")
    assert solved.exit_code == 0, solved.stderr
    _no_glyphs(json.loads(solved.stdout))
    assert json.loads(solved.stdout)["exact"]
    simulated = cli("scrabble", "sim", position["cgp"], "-L", "DISC2", "--iterations", "20", "--json")
    assert simulated.exit_code == 0, simulated.stderr
    _no_glyphs(json.loads(simulated.stdout))
    assert "NY" in simulated.stdout


def test_words_check_reads_labels_and_aliases(cli: Cli, catalan: str) -> None:
    result = cli("words", "check", "PAL·LA", "pal.la", "CANYA", "PALLA", "-L", catalan, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["words"] == {
        "PAL·LA": True,
        "PAL.LA": True,
        "CANYA": True,
        "PALLA": False,
    }
    assert cli("words", "check", "ESPANYA", "CAÇA", "-L", catalan).exit_code == 0


def test_a_kwg_by_path_is_read_in_the_alphabet_its_name_says_never_as_english(
    cli: Cli, data_dir: Path, tmp_path: Path
) -> None:
    letters = "?" + CATALAN.glyphs
    words = ["QUE", "TOT", "TOTS", "QUI", "ELL", "PAL·LA", "FORÇA", "BRAÇ", "VEURE", "LLUM"]
    data = kwg_bytes(sorted(CATALAN.read(w) for w in words), letters)
    named = tmp_path / "DISC9.kwg"  # MAGPIE's name for a Catalan lexicon says its alphabet
    named.write_bytes(data)
    checked = cli("words", "check", "PAL·LA", "pal.la", "FORÇA", "FORCA", "-L", str(named), "--json")
    assert json.loads(checked.stdout)["words"] == {
        "PAL·LA": True,
        "PAL.LA": True,
        "FORÇA": True,
        "FORCA": False,
    }
    found = json.loads(cli("words", "find", "AAPL·L", "-L", str(named), "--json").stdout)["words"]
    assert [w["word"] for w in found] == ["PAL·LA"]
    moves = cli("scrabble", "moves", f"{EMPTY} PAL·LAS/ 0/0 0", "-L", str(named), "--json", "-n", "1")
    assert moves.exit_code == 0, moves.stdout + moves.stderr
    assert json.loads(moves.stdout)["moves"][0]["move"].endswith(" PAL·LA")
    mystery = tmp_path / "CA.kwg"  # ten words do not tell Catalan from German or Spanish by their letters
    mystery.write_bytes(data)
    for command in (("words", "check", "QUE"), ("scrabble", "moves", f"{EMPTY} QUETOTS/ 0/0 0")):
        result = cli(*command, "-L", str(mystery))
        shown = result.stdout + result.stderr
        assert result.exit_code == 2 and shown.count("\n") == 1 and "cannot tell the alphabet" in shown
        assert "--alphabet, one of catalan, dutch, english, french, german" in shown
        assert "lexigrid lexicon add NAME FILE --alphabet catalan" in shown
    english = tmp_path / "EN.kwg"
    english.write_bytes(kwg_bytes(["QI", "ZA", "CAT"]))
    assert cli("words", "check", "QI", "CAT", "-L", str(english)).exit_code == 0


def test_a_word_list_in_another_encoding_names_the_byte(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "fr.txt"
    path.write_bytes("ABC\nCAFÉ\n".encode("latin-1"))
    result = cli("words", "check", "ABC", "-L", str(path))
    assert result.exit_code == 2 and "is not UTF-8 text: byte 0xC9 on line 2" in result.stdout + result.stderr


@pytest.fixture
def catalan_hand(cli: Cli, data_dir: Path, tmp_path: Path) -> str:
    """The oracle tests' Catalan hand lexicon (L·L, NY, QU and Ç words) added as CAHAND."""
    path = tmp_path / "cahand.txt"
    path.write_text("\n".join(CATALAN.write(w) for w in HAND_WORDS) + "\n", encoding="utf-8")
    result = cli("lexicon", "add", "CAHAND", str(path), "--alphabet", "catalan")
    assert result.exit_code == 0, result.stdout + result.stderr
    return "CAHAND"


def _no_glyphs(payload: object) -> None:
    """No stand-in glyph (a multi-letter tile's character inside the package) reaches the output."""
    text = json.dumps(payload, ensure_ascii=False)
    assert not set(text) & set(STAND_INS + STAND_INS.lower()), text


def test_sim_speaks_the_languages_labels(cli: Cli, catalan_hand: str) -> None:
    cgp = f"{EMPTY} AAL·LPSÇ/ 0/0 0"
    result = cli("scrabble", "sim", cgp, "-L", catalan_hand, "--plays", "3", "--iterations", "6", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    payload = json.loads(result.stdout)
    _no_glyphs(payload)
    assert any("L·L" in play["move"] for play in payload["plays"])
    table = cli("scrabble", "sim", cgp, "-L", catalan_hand, "--plays", "3", "--iterations", "6")
    assert table.exit_code == 0 and "L·L" in table.stdout


def test_infer_speaks_the_languages_labels(cli: Cli, catalan_hand: str) -> None:
    result = cli("scrabble", "infer", f"{EMPTY} / 0/0 0", "8E PAL·LA", "-L", catalan_hand, "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    payload = json.loads(result.stdout)
    _no_glyphs(payload)
    assert payload["play"] == "8E PAL·LA" and payload["tiles_played"] == "PAL·LA"
    assert {"L·L", "NY", "QU", "Ç"} <= set(payload["marginals"])
    wrong = cli("scrabble", "infer", f"{EMPTY} / 0/0 0", "8A PAL·LA", "-L", catalan_hand)
    assert wrong.exit_code == 2 and "8A PAL·LA: the opening must cover the centre square" in wrong.stderr


def test_selfplay_plays_the_languages_tile_set(cli: Cli, catalan_hand: str) -> None:
    result = cli("scrabble", "selfplay", "-L", catalan_hand, "-n", "2", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["games"] == 2


def test_show_prints_racks_and_unseen_tiles_in_labels(cli: Cli, catalan: str) -> None:
    board = "15/15/15/15/15/15/15/4PA[l·l]A7/15/15/15/15/15/15/15"
    result = cli("scrabble", "show", f"{board} CANYAL·L/QU 0/0 0", "-L", catalan)
    assert result.exit_code == 0, result.stdout
    assert "to move: AACL·LNY  opponent: QU" in result.stdout and "UVXZ?" in result.stdout
    assert "BBCCÇDDD" in result.stdout and "PQURR" in result.stdout  # the unseen tiles in letter order


def test_leaves_and_win_table_learned_for_a_language_are_kept_with_its_lexicon(
    cli: Cli, catalan_hand: str, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = io.StringIO()  # the shared runner's progress bar, as a terminal would show it
    monkeypatch.setattr(
        terminal, "literal_console", lambda **_: Console(file=drawn, force_terminal=True, markup=False)
    )
    learned = cli("scrabble", "learn-leaves", "-L", catalan_hand, "--games", "6", "--rounds", "1")
    assert learned.exit_code == 0, learned.stdout + learned.stderr
    path = data_dir / "lexicons" / "cahand.leaves.json"
    weights = json.loads(path.read_text(encoding="utf-8"))
    assert "self-play round 1" in drawn.getvalue() and "6/6" in drawn.getvalue()
    assert set("".join(weights)) & set(CATALAN.glyphs) - set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # Catalan tiles
    model = lexicon_leaves(catalan_hand, "catalan", CATALAN)
    assert isinstance(model, LinearLeaves) and model.weights == weights  # its default leaves from now on
    table = cli("scrabble", "learn-winpct", "-L", catalan_hand, "--games", "4", "--json")
    assert table.exit_code == 0, table.stdout + table.stderr
    kept = data_dir / "lexicons" / "cahand.winpct.json"
    assert json.loads(table.stdout)["out"] == str(kept) and kept.is_file()
    assert lexicon_table(catalan_hand) == WinTable.read(kept) != lexicon_table("nwl")
    assert cli("lexicon", "remove", catalan_hand).exit_code == 0
    assert not path.exists() and not kept.exists()


def test_learning_leaves_needs_somewhere_to_keep_them(cli: Cli, data_dir: Path) -> None:
    result = cli("scrabble", "learn-leaves", "--games", "2", "--rounds", "1")
    assert result.exit_code == 2 and "--out FILE" in result.stdout + result.stderr


def test_a_game_review_speaks_the_languages_labels(cli: Cli, catalan_hand: str, tmp_path: Path) -> None:
    from lexigrid.scrabble.game.game import Game
    from lexigrid.scrabble.game.view import View
    from lexigrid.scrabble.records.gcg import export_gcg

    game = Game.new(["equity", "equity"], seed=93, lexicon=catalan_hand, endgame_seconds=None)
    for _ in range(3):
        game.play_computer()
    record = tmp_path / "ca.gcg"
    record.write_text(export_gcg(View.full(game)), encoding="utf-8")
    result = cli("scrabble", "analyze", str(record), "--seconds-per-turn", "0.05", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    payload = json.loads(result.stdout)
    _no_glyphs(payload)
    first = payload["turns"][0]
    assert first["played"] == "8E BOL·LA" and "L·L" in first["rack"]
    assert any(c["move"] == "8E BOL·LA" for c in first["candidates"])


def test_words_match_reads_and_writes_the_languages_labels(cli: Cli, catalan: str) -> None:
    result = cli("words", "match", "PAL·L?", "-L", catalan, "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    words = json.loads(result.stdout)["words"]
    assert [(w["word"], w["length"]) for w in words] == [("PAL·LA", 4)]  # four tiles
    four_tiles = cli("words", "match", "?A?A", "-L", catalan).stdout.split()
    assert sorted(four_tiles) == ["CANYA", "CAÇA", "PAL·LA"]  # NY and L·L are one tile each
    assert cli("words", "match", "*NY*", "-L", catalan).stdout.split() == ["CANYA", "ESPANYA"]


def test_words_find_reads_and_writes_the_languages_labels(cli: Cli, catalan: str) -> None:
    result = cli("words", "find", "AAL·L?", "-L", catalan, "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    words = json.loads(result.stdout)["words"]
    found = [(w["word"], w["length"], w["blanks"]) for w in words]
    assert found == [("PAL·LA", 4, "P"), ("LA", 2, "L"), ("SA", 2, "S")]  # longest first; ES needs 2 blanks
    assert "pAL·LA" in cli("words", "find", "AAL·L?", "-L", catalan).stdout  # the blank's letter lowercase
    both = cli("words", "find", "CAA?", "--suffix", "NYA", "-L", catalan, "--json")  # NY from the board
    assert [w["word"] for w in json.loads(both.stdout)["words"]] == ["CANYA"]
    bad = cli("words", "find", "AAW-", "-L", catalan)
    assert bad.exit_code == 2 and "holds '-'" in bad.stdout + bad.stderr


# Catalan's letters in the order of its tile set (MAGPIE's and players'): L·L after L, Ç after C, NY after N.
CATALAN_ORDER = [*"ABCÇDEFGHIJL", "L·L", "M", "N", "NY", "O", "P", "QU", *"RSTUVXZ?"]
_TILE = re.compile("L·L|NY|QU|.")


def _in_letter_order(text: str) -> bool:
    """Whether the labels of some tiles (written without brackets) follow Catalan's letter order."""
    ranks = [CATALAN_ORDER.index(t.upper()) for t in _TILE.findall(text)]
    return ranks == sorted(ranks)


def test_racks_and_leaves_print_in_the_languages_letter_order(cli: Cli, catalan: str) -> None:
    cgp = f"{EMPTY} SÇAL·LPCA/QUNYAZ?E 0/0 0 lex {catalan};"
    shown = json.loads(cli("scrabble", "show", cgp, "--json").stdout)
    assert shown["racks"] == ["AACÇL·LPS", "AENYQUZ?"]  # not AACPSÇL·L: L·L's stand-in glyph sorts last
    assert _in_letter_order(shown["unseen"]) and shown["unseen"].endswith("?")
    assert shown["cgp"].startswith(f"{EMPTY} AACÇ[L·L]PS/AE[NY][QU]Z? ")
    two = cli("scrabble", "show", f"{EMPTY} SÇAL·LPCA/L·LQUNYAZ? 0/0 0 lex {catalan};")
    assert two.exit_code == 2 and "2 x L·L (the set has 1)" in two.stdout + two.stderr  # a label, not a glyph
    again = json.loads(cli("scrabble", "show", shown["cgp"], "--json").stdout)
    assert again["racks"] == shown["racks"] and again["unseen"] == shown["unseen"]  # the same tiles back
    moves = json.loads(cli("scrabble", "moves", cgp, "--json", "-n", "400").stdout)["moves"]
    pal_la = next(m for m in moves if m["move"].endswith(" PAL·LA"))
    assert pal_la["leave"] == "CÇS"
    assert all(_in_letter_order(m["leave"]) for m in moves)
    exchange = Move("exchange", word=CATALAN.read("SL·LÇA")).as_dict(CATALAN.read("SÇAL·LPCA"), CATALAN)
    assert exchange["move"] == exchange["paren"] == "-AÇL·LS" and exchange["leave"] == "ACP"
    table = cli("scrabble", "show", cgp).stdout
    assert "AACÇL·LPS" in table


def test_words_are_typed_with_accents_as_players_type_them(cli: Cli, catalan: str) -> None:
    """An accent the alphabet has no tile for is dropped, as it was from the lexicon's words (`és` is ES);
    Ç, a tile, stays a letter of its own."""
    checked = cli("words", "check", "és", "Caça", "CACA", "-L", catalan, "--json")
    assert json.loads(checked.stdout)["words"] == {"ÉS": True, "CAÇA": True, "CACA": False}
    found = json.loads(cli("words", "find", "ÀÇAC", "-L", catalan, "--json").stdout)["words"]
    assert [w["word"] for w in found] == ["CAÇA"]  # À is an accented A (not the glyph standing in for L·L)
    assert json.loads(cli("words", "check", "CAÇÀ", "-L", catalan, "--json").stdout)["all_valid"]


RECORD = "#character-encoding UTF-8\n#lexicon DISC9\n#tile-distribution catalan\n#player1 a A\n#player2 b B\n"


def test_a_record_in_another_language_is_reviewed_in_a_lexicon_of_that_language(data_dir: Path) -> None:
    from lexigrid.scrabble.records.gcg import parse_gcg
    from lexigrid.scrabble.records.review import record_lexicon

    with pytest.raises(LexigridError, match="the record is in catalan and no catalan lexicon is installed"):
        record_lexicon(parse_gcg(RECORD))  # never judged in English words


def test_a_record_whose_lexicon_is_missing_is_reviewed_in_one_of_its_language(catalan: str) -> None:
    from lexigrid.scrabble.records.gcg import parse_gcg
    from lexigrid.scrabble.records.review import record_lexicon

    words, spec, note = record_lexicon(parse_gcg(RECORD))
    assert words.alphabet == "catalan" and spec == words.name == catalan
    assert note == f"the record's lexicon DISC9 is not installed: judged in {catalan}"
