"""GCG records in other alphabets: multi-letter tiles written as MAGPIE writes them (`[L·L]`, a blank
`[l·l]`), read that way or bare as Woogles writes them, `#lexicon` and `#tile-distribution` naming the
alphabet; a self-played Catalan game keeps every tile and replays from its own record."""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from lexigrid.cli.scrabble_session import Session
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.scrabble.core.alphabet import STAND_INS
from lexigrid.scrabble.core.rules import alphabet
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import export_gcg, format_gcg, parse_gcg
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from tests.conftest import CliResult, shared_file
from tests.scrabble.test_oracle_catalan import WORDS as CATALAN_WORDS
from tests.scrabble_game.test_play import scripted

CATALAN = alphabet("catalan")
SPANISH = alphabet("spanish")

# Tiles as MAGPIE writes them: every multi-letter tile in brackets, a blank's lowercase.
BRACKETED = """#character-encoding UTF-8
#player1 ann Ann
#player2 ben Ben
#lexicon DISC2
>ann: AEL[L·L]PS? 8D PA[L·L]A +24 24
>ben: ÇEI[NY]O[QU]? H7 [QU]E. +13 13
>ann: ES?BCDE 9A pa[l·l]. +6 30
>ben: ÇEI[NY]OR? -Ç[NY] +0 13
#rack1 [NY]A
"""
BARE = BRACKETED.replace("[", "").replace("]", "")  # as Woogles writes them


def test_multi_letter_tiles_read_as_one_tile_each() -> None:
    record = parse_gcg(BRACKETED)
    assert record.alphabet.name == "catalan"  # DISC2 is not installed: its name says Catalan
    first, second, third, fourth = record.events
    assert first.rack == CATALAN.read("AELL·LPS?") and len(first.rack) == 7
    assert first.move == f"8D {CATALAN.read('PAL·LA')}" and len(first.move.split()[1]) == 4
    assert second.move == f"H7 {CATALAN.read('QUE')}." and len(second.rack) == 7
    assert third.move.split()[1] == CATALAN.read("pal·l.")  # a blank standing for L·L
    assert third.move.split()[1][2].islower()
    assert fourth.move == "-" + CATALAN.read("ÇNY") and fourth.kind == "exchange"
    assert record.last_racks == {0: CATALAN.read("NYA")}


def test_bare_labels_read_as_the_bracketed_ones() -> None:
    assert "L·L" in BARE and "[" not in BARE
    assert parse_gcg(BARE) == parse_gcg(BRACKETED)


def test_a_record_writes_back_as_magpie_writes_it() -> None:
    assert format_gcg(parse_gcg(BARE)) == BRACKETED
    assert format_gcg(parse_gcg(BRACKETED.encode("utf-8"))) == BRACKETED


def test_the_tile_distribution_names_the_alphabet_over_the_lexicon() -> None:
    text = BRACKETED.replace("#lexicon DISC2", "#lexicon MYLIST\n#tile-distribution catalan")
    assert parse_gcg(text).alphabet.name == "catalan"
    with pytest.raises(LexigridError, match=r"GCG line 6: the rack 'AEL\[L·L\]PS\?' is malformed"):
        parse_gcg(text.replace("catalan", "english"))  # English has no L·L


def test_a_tile_outside_the_alphabet_is_named() -> None:
    with pytest.raises(LexigridError, match=r"GCG line 5: 'AEÑLPS\?' holds 'Ñ', not a tile of the catalan"):
        parse_gcg(BRACKETED.replace("AEL[L·L]PS?", "AEÑLPS?"))
    with pytest.raises(LexigridError, match="not a tile of the catalan alphabet"):
        parse_gcg(BRACKETED.replace("[L·L]", "[XY]"))


# Spanish: CH, LL and RR are also spelled by one-letter tiles, so only brackets make a multi-letter tile.
SPANISH_GCG = """#character-encoding UTF-8
#player1 ann Ann
#player2 ben Ben
#lexicon FILE2017
>ann: A[CH]EO[RR]SU 8E [CH]U[RR]O +30 30
>ben: AEILLT? H8 .[ll]A +2 2
>ann: AEOSCHL - +0 30
"""


def test_spanish_reads_brackets_strictly_and_replays_scored() -> None:
    record = parse_gcg(SPANISH_GCG)
    assert record.alphabet.name == "spanish"
    assert record.events[0].move == f"8E {SPANISH.read('CHURRO')}" and len(record.events[0].rack) == 7
    assert record.events[1].rack == "AEILLT?"  # two L tiles, not one LL
    assert record.events[2].rack == "AEOSCHL"  # C then H
    replayed = replay_gcg(record, None)
    assert replayed.tiles_scored and replayed.scores == [30, 2]  # (5 + 1 + 8 + 1) x 2; 1 + 0 + 1
    assert replayed.board[7, 4] == SPANISH.read("CH") and replayed.board[8, 7] == SPANISH.read("ll")
    assert format_gcg(record) == SPANISH_GCG


def test_a_wrong_score_is_named_in_labels() -> None:
    with pytest.raises(
        LexigridError, match=r"GCG line 5: the move scores 30, the record says \+31 .*\[CH\]U\[RR\]O"
    ):
        replay_gcg(parse_gcg(SPANISH_GCG.replace("+30 30", "+31 31")), None)


# --- a self-played Catalan game -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalan_lexicon() -> Lexicon:
    """The Catalan hand lexicon (L·L, NY, QU and Ç words), in its alphabet's glyphs."""
    return Lexicon.from_words(CATALAN_WORDS, name="cahand", alphabet="catalan")


def _conserved(game: Game) -> None:
    """Bag + racks + board = the tile set, tile for tile (a blank on the board counts as '?')."""
    held = Counter(game.bag.tiles) + game.board.tile_counts()
    for rack in game.racks:
        held.update(rack)
    assert held == Counter({t: n for t, n in game.rules.tiles.counts.items() if n})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_catalan_self_play_game_keeps_its_tiles_and_replays(catalan_lexicon: Lexicon, seed: int) -> None:
    game = Game.new(["equity", "equity"], seed=seed, lexicon=catalan_lexicon, endgame_seconds=None)
    assert game.rules.tiles.name == "catalan" and game.rules.tiles.total == 100
    _conserved(game)
    while not game.over:
        game.play_computer()
        _conserved(game)
    text = export_gcg(View.full(game))
    assert "#lexicon cahand" in text and "#tile-distribution catalan" in text
    record = parse_gcg(text)
    replayed = replay_gcg(record, catalan_lexicon)
    assert replayed.tiles_scored and not replayed.phonies
    assert replayed.scores == game.scores
    assert replayed.board.rows() == game.board.rows()


def test_a_record_and_a_lexicon_of_other_alphabets_do_not_mix(catalan_lexicon: Lexicon) -> None:
    record = parse_gcg(BRACKETED)
    with pytest.raises(
        LexigridError, match="the record is in the catalan alphabet, the lexicon nwl in the english"
    ):
        replay_gcg(record, Lexicon.from_words(["AA"], name="nwl"))


def test_cli_import_shows_the_labels(cli: Callable[..., CliResult], tmp_path: Path) -> None:
    path = tmp_path / "spanish.gcg"
    path.write_text(SPANISH_GCG, encoding="utf-8")
    result = cli("scrabble", "import", str(path), "--json", "--no-lexicon-check")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["scores"] == [30, 2] and payload["tiles_scored"]
    assert payload["board"][7] == "....[CH]U[RR]O......." and payload["board"][8] == ".......[ll]......."
    shown = cli("scrabble", "import", str(path), "--no-lexicon-check")
    assert shown.exit_code == 0 and " CH " in shown.stdout and "RR" in shown.stdout


def test_cli_import_of_a_tile_outside_the_alphabet_is_one_line(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    path = tmp_path / "bad.gcg"
    path.write_text(SPANISH_GCG.replace("[CH]U[RR]O", "[CH]U[SH]O"), encoding="utf-8")
    result = cli("scrabble", "import", str(path), "--no-lexicon-check")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "not a tile of the spanish alphabet" in result.stderr


# --- a game against the computer in Catalan, saved, exported and imported on the command line ------------


def test_a_catalan_game_in_the_terminal_exports_and_imports(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    words = tmp_path / "cahand.txt"
    words.write_text("\n".join(CATALAN.write(w) for w in CATALAN_WORDS) + "\n", encoding="utf-8")
    assert cli("lexicon", "add", "CAHAND", str(words), "--alphabet", "catalan").exit_code == 0
    game = Game.new(["human", "equity"], seed=5, lexicon="CAHAND", endgame_seconds=None)
    best = game.hint(1)[0]
    typed = CATALAN.write(best.notation)  # the move as a person types it: labels, not glyphs
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None, highlight=False)
    Session(game, GameStore(), scripted([typed, "hint 2", "quit"]), console).run()
    text = out.getvalue()
    assert game.actions[0] == best.notation and len(game.actions) == 2  # the move and the computer's reply
    assert not set(text) & set(STAND_INS + STAND_INS.lower()), text  # every tile shown by its label
    assert "human's rack: " in text and "unseen (" in text
    exported = cli("scrabble", "export", game.id, "--reveal")
    assert exported.exit_code == 0 and "#tile-distribution catalan" in exported.stdout
    record = tmp_path / "game.gcg"
    record.write_text(exported.stdout, encoding="utf-8")
    imported = cli("scrabble", "import", str(record), "--json")
    assert imported.exit_code == 0, imported.stderr
    payload = json.loads(imported.stdout)
    assert payload["scores"] == game.scores and payload["lexicon"] == "CAHAND" and not payload["phonies"]


@pytest.mark.slow
@pytest.mark.parametrize(("folder", "name"), [("catalan", "DISC2"), ("french", "FRA20")])
def test_a_self_play_game_on_a_shared_lexicon_keeps_its_tiles_and_replays(
    cli: Callable[..., CliResult], folder: str, name: str
) -> None:
    """DISC2 and FRA20 with their KLV2 leaves (../shared): a whole static self-play game in the language's
    tile set keeps every tile at every turn, and its GCG replays to the same board and scores."""
    files = shared_file("data", "scrabble", folder)
    language = ["--alphabet", "french"] if folder == "french" else []  # A-Z in English order: named
    kwg, klv2 = str(files / f"{name}.kwg"), str(files / f"{name}.klv2")
    added = cli("lexicon", "add", name, kwg, "--leaves", klv2, *language)
    assert added.exit_code == 0, added.stdout + added.stderr
    game = Game.new(["equity", "equity"], seed=7, lexicon=name, endgame_seconds=None)
    assert game.rules.tiles.name == folder
    while not game.over:
        game.play_computer()
        _conserved(game)
    record = parse_gcg(export_gcg(View.full(game)))
    assert record.alphabet.name == folder and record.lexicon == name
    replayed = replay_gcg(record, load(name))
    assert replayed.tiles_scored and not replayed.phonies
    assert (replayed.scores, replayed.board.rows()) == (game.scores, game.board.rows())
