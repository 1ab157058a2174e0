"""Alphabets past A-Z against the brute-force oracles: hand lexicons in Spanish (CH, LL, RR, Ñ), Polish (Ą Ć Ę
Ł Ń Ó Ś Ź Ż: 32 letters, the last code 32), German (Ä Ö Ü) and Norwegian (Æ Ø Å, 32 letters with Q X Ü Z Ä Ö
in no tile but playable by a blank).

The oracles (tests/scrabble/oracle.py, tests/scrabble/endgame_oracle.py) share no code with the compiled
engine: every span and every word of its length in tiles, checked by the referee; minimax over the whole
endgame tree. A multi-letter tile is one square and one tile to both, and a blank may stand for it.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from lexigrid.cli.scrabble_render import pv_table
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Move, Position, Rack, parse_cgp
from lexigrid.scrabble.analysis.endgame import solve
from lexigrid.scrabble.analysis.sim import simulate
from lexigrid.scrabble.core.alphabet import Alphabet
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.core.rules import Rules, TileSet, layout, tile_set
from lexigrid.scrabble.game.game import Game
from tests.scrabble.endgame_oracle import EndgameOracle
from tests.scrabble.oracle import placements


@dataclass(frozen=True)
class Language:
    """A tile set, a hand lexicon written in its labels and the rack tiles the tests draw from."""

    name: str
    words: str
    rack_tiles: str  # labels; '?' a blank
    racks: tuple[str, ...]  # racks tried on the empty board (labels)

    @property
    def rules(self) -> Rules:
        return Rules(tile_set(self.name), layout())

    @property
    def alphabet(self) -> Alphabet:
        return self.rules.tiles.alphabet


SPANISH = Language(
    "spanish",
    "CHICO CHICA COCHE NOCHE LECHE OCHO MUCHO CHAL LLAMA LLANO CALLE POLLO GALLO ELLA BELLO PERRO CARRO "
    "TORRE CERRO NIÑO NIÑA AÑO AÑOS SEÑOR PIÑA CASA COSA SOL SAL MAL MAR MES LUNA LEO OSO OSA ASA ALA AL EL "
    "LA LO LOS LAS UN UNA NO SI SE TE ME YO YA DE EN ES SU TU MI ROSA RATO GATO PATO PALO TACO SACO CAL COL "
    "SON TAN TIA TIO REAL ARCO CON ORO CERO CHE LLA RRA",
    "AAEEIOOUCCHLLRRÑNSTLMP??",
    ("CHICO", "LLAMAS", "PERRO", "NIÑOS", "ICO?", "CH?LLRR", "ÑAO??"),
)
POLISH = Language(
    "polish",
    "ŻÓŁW ŻABA ŁÓDŹ KOŃ DZIEŃ SĄD RĘKA MĄKA ŚWIAT ŚLAD CIEŃ GĘŚ ŹLE ŻAL LAS KOT DOM NOS ŁZA MÓJ WÓZ RÓŻA SÓL "
    "BÓL PIĘĆ NIĆ MĄŻ ŁĄKA TAK NIE NA DO ZA OD OKO ALE ŻE AS BO CO JA MU MY NI OK ON PO TO TY WY ŚW ŁA ŹDŹ",
    "AAEIOOŻÓŁWĄĆĘŃŚŹKTDNZL??",
    ("ŻÓŁW", "ŁÓDŹKA", "ŚWIATŁO", "?ABA", "ŹŻĄĆĘŃŚ", "MĄ?", "KO??"),
)
GERMAN = Language(
    "german",
    "BÄR ÄRA ÖL ÜBER TÜR MÜDE KÄSE SCHÖN GRÜN TÖNE HÖRE LÖWE BÜRO RÄTE ÄSE ÖDE ÜBE ER ES DU JA AB AN IN "
    "DER DIE DAS TOR ROT BROT NASE RASE SEE TEE ZÄH ZÜGE",
    "AEEIORRSTÄÖÜBKLN??",
    ("BÄRE", "ÜBER", "KÄSE", "?ÖL", "TÜR?"),
)
NORWEGIAN = Language(
    "norwegian",
    "BÅT ØL ÆRE GÅ SØR BÆR HØST MÅNE BLÅ GRÅ SÅR ÅR ØRE ÆR EN ET EI DU JA NÅ PÅ TO TRE SE SER ÅS ØS "
    "ZOO ZEN QUIZ SØT SÅ RÅ",
    "AEEIORRSTÆØÅBLNGH??",
    ("BÅT", "HØST", "ÆRE", "?OO", "SØ?", "ÅØÆ"),
)
LANGUAGES = (SPANISH, POLISH, GERMAN, NORWEGIAN)


@cache
def lexicon_of(language: Language) -> Lexicon:
    """The hand lexicon in the language's glyphs (every word spelled with its tiles)."""
    alphabet = language.alphabet
    words = sorted({alphabet.read(w) for w in language.words.split()})
    assert all(alphabet.unknown(alphabet.write(w)) is None for w in words)
    return Lexicon.from_words(words, name=f"{language.name}-hand", alphabet=language.name)


@cache
def engine_of(language: Language) -> Engine:
    """The compiled engine over the hand lexicon with the language's tile set."""
    return Engine(lexicon_of(language), language.rules)


def _rack(language: Language, labels: str) -> Rack:
    return Rack(labels, 7, language.alphabet)


def _position(language: Language, board: Board, rack: Rack) -> Position:
    return Position(board, (rack, Rack(alphabet=language.alphabet)))


def _compare(language: Language, board: Board, rack: Rack) -> dict[frozenset[tuple[int, int, str]], Move]:
    """The compiled placements are the oracle's, with the same notation and score; the oracle's returned."""
    engine = engine_of(language)
    position = _position(language, board, rack)
    compiled = {frozenset(m.squares()): m for m in engine.moves(position).placements()}
    slow = placements(board, rack, lexicon_of(language))
    assert len(compiled) == engine.count(position)
    assert set(compiled) == set(slow)
    for key, move in slow.items():
        assert (compiled[key].notation, compiled[key].score) == (move.notation, move.score)
    return slow


def _grown(language: Language, seed: int, turns: int) -> Board:
    """A board grown by random legal placements of random real tiles."""
    rng = random.Random(seed)
    engine, alphabet = engine_of(language), language.alphabet
    tiles = alphabet.read(language.rack_tiles).replace("?", "")
    board = Board(language.rules)
    for _ in range(turns):
        rack = Rack.of_tiles("".join(rng.choice(tiles) for _ in range(7)))
        moves = list(engine.moves(_position(language, board, rack)).placements())
        if moves:
            move = rng.choice(moves)
            assert check(board, move, engine.lexicon) == move.score
            board.place(move)
    return board


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.name)
def test_the_hand_lexicons_use_the_letters_past_a_to_z(language: Language) -> None:
    alphabet = language.alphabet
    beyond = {g for w in lexicon_of(language) for g in w if not ("A" <= g <= "Z")}
    assert beyond and all(alphabet.is_letter(g) for g in beyond)
    assert max(alphabet.code(g) for w in lexicon_of(language) for g in w) >= 27


def test_the_last_code_of_a_32_letter_alphabet_is_played() -> None:
    """Polish Ż and Norwegian Å are code 32: the 33rd bit of a letter set."""
    assert POLISH.alphabet.code(POLISH.alphabet.read("Ż")) == 32
    assert NORWEGIAN.alphabet.code(NORWEGIAN.alphabet.read("Å")) == 32
    found = _compare(POLISH, Board(POLISH.rules), _rack(POLISH, "ŻABA"))
    assert "ŻABA" in {POLISH.alphabet.write(m.word) for m in found.values()}


@pytest.mark.parametrize(
    ("language", "rack"),
    [(lang, rack) for lang in LANGUAGES for rack in lang.racks],
    ids=lambda x: x.name if isinstance(x, Language) else x,
)
def test_empty_board_matches_the_oracle(language: Language, rack: str) -> None:
    _compare(language, Board(language.rules), _rack(language, rack))


@pytest.mark.parametrize(
    ("language", "rack", "word"),
    [
        (SPANISH, "ICO?", "chICO"),  # a blank for CH
        (SPANISH, "AMA?", "llAMA"),  # for LL
        (SPANISH, "PEO?", "PErrO"),  # for RR
        (SPANISH, "NIO?", "NIñO"),  # for Ñ
        (POLISH, "ABA?", "żABA"),  # for Ż, code 32
        (NORWEGIAN, "OO?", "zOO"),  # for Z, a letter of no tile
        (NORWEGIAN, "BT?", "BåT"),  # for Å, code 32
    ],
)
def test_a_blank_stands_for_any_letter_of_the_alphabet(language: Language, rack: str, word: str) -> None:
    found = _compare(language, Board(language.rules), _rack(language, rack))
    words = {language.alphabet.write(m.word) for m in found.values()}
    assert word in words


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.name)
@pytest.mark.parametrize("seed", range(2))
def test_grown_boards_match_the_oracle(language: Language, seed: int) -> None:
    board = _grown(language, seed, 5)
    for rack in language.racks[:3]:
        _compare(language, board, _rack(language, rack))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    language=st.sampled_from((SPANISH, POLISH)),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 5),
    picks=st.lists(st.integers(0, 100), min_size=1, max_size=7),
)
def test_property_oracle_agrees(language: Language, seed: int, turns: int, picks: list[int]) -> None:
    tiles = language.alphabet.read(language.rack_tiles)
    rack = "".join(tiles[p % len(tiles)] for p in picks)
    if rack.count("?") > 2:
        rack = rack.replace("?", "", rack.count("?") - 2)
    _compare(language, _grown(language, seed, turns), Rack.of_tiles(rack))


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.name)
def test_the_best_move_is_the_oracle_s_best(language: Language) -> None:
    """By score: the oracle's top score, and a top placement; by equity: a legal move, the rack's tiles."""
    engine = engine_of(language)
    board = _grown(language, 7, 4)
    for rack in language.racks:
        position = _position(language, board, _rack(language, rack))
        slow = placements(board, position.rack, lexicon_of(language))
        best = engine.best(position, "score")
        if not slow:
            assert best is None or best.kind != "place"
            continue
        top = max(m.score for m in slow.values())
        assert best is not None and best.score == top and frozenset(best.squares()) in slow
        by_equity = engine.best(position, "equity")
        assert by_equity is not None
        if by_equity.kind == "place":
            assert frozenset(by_equity.squares()) in slow


def _exact_endgame(language: Language, seed: int, mover: str, opponent: str) -> Position:
    """An endgame on a grown board whose tile set holds exactly the board's and both racks' tiles."""
    board = _grown(language, seed, 4)
    alphabet, full = language.alphabet, language.rules.tiles
    mine, theirs = alphabet.read(mover), alphabet.read(opponent)
    counts = dict.fromkeys(full.counts, 0)
    counts.update(board.tile_counts() + Counter(mine) + Counter(theirs))
    exact = Rules(TileSet("exact", counts, full.scores, alphabet, full.vowels), layout())
    position = Position(
        Board.from_rows(board.rows(), exact), (Rack.of_tiles(mine), Rack.of_tiles(theirs)), (0, 0), 0
    )
    assert position.bag_size() == 0
    return position


@pytest.mark.parametrize(
    ("language", "mover", "opponent"),
    [
        (SPANISH, "CHOS", "LLAÑ"),
        (SPANISH, "RRE?", "OCA"),
        (POLISH, "ŻAŁ", "ŹLE"),
        (POLISH, "ĄD?", "ŚWO"),
        (GERMAN, "ÄRE", "ÖLS"),
        (NORWEGIAN, "ÅRS", "ØLE"),
    ],
)
def test_the_exact_endgame_is_the_oracle_s(language: Language, mover: str, opponent: str) -> None:
    position = _exact_endgame(language, 3, mover, opponent)
    engine = Engine(lexicon_of(language), position.rules)
    oracle = EndgameOracle(position, lexicon_of(language)).solve()
    solution = solve(position, engine)
    assert solution.value == oracle.value
    assert solution.best.notation in oracle.best


def test_the_drawn_endgame_writes_the_rack_left_in_the_language_s_order() -> None:
    position = _exact_endgame(POLISH, 3, "ĄD?", "ŚWO")  # Ś's stand-in glyph sorts after W
    solution = solve(position, Engine(lexicon_of(POLISH), position.rules))
    drawn = io.StringIO()
    Console(file=drawn, width=120).print(pv_table(position, solution))
    assert "out: 2 × (OŚW)" in drawn.getvalue()


@pytest.mark.parametrize("language", (SPANISH, POLISH), ids=lambda lang: lang.name)
def test_a_seeded_simulation_ranks_legal_plays_and_repeats(language: Language) -> None:
    engine = engine_of(language)
    board = _grown(language, 1, 3)
    position = _position(language, board, _rack(language, language.racks[1]))

    def run() -> dict[str, object]:
        found = simulate(position, engine, plays=3, plies=2, iterations=12, seed=4).as_dict()
        del found["elapsed_ms"]
        return found

    first = run()
    assert run() == first
    result = simulate(position, engine, plays=3, plies=2, iterations=12, seed=4)
    assert result.plays
    for play in result.plays:
        if play.move.kind == "place":
            assert check(board, play.move, engine.lexicon) == play.move.score


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.name)
def test_a_self_play_game_keeps_every_tile(language: Language) -> None:
    """Bag + racks + board = the tile set, after every turn of a whole game between two computers."""
    game = Game.new(["equity", "equity"], seed=5, lexicon=lexicon_of(language), endgame_seconds=None)
    tiles = language.rules.tiles
    assert game.rules.tiles == tiles
    expected = Counter({t: n for t, n in tiles.counts.items() if n})
    placed = 0
    while not game.over:
        game.play_computer()
        held = game.board.tile_counts() + game.bag.counts() + sum((Counter(r) for r in game.racks), Counter())
        assert held == expected
        placed = sum(game.board.tile_counts().values())
    assert placed > 0


def test_cgp_round_trip_with_multi_letter_and_32nd_letters() -> None:
    for language, rack in ((SPANISH, "ICO?"), (POLISH, "ABA?")):
        board = Board(language.rules)
        moves = engine_of(language).moves(_position(language, board, _rack(language, rack)))
        board.place(max(moves.placements(), key=lambda m: (m.score, m.notation)))
        position = _position(language, board, _rack(language, language.racks[0]))
        again = parse_cgp(str(position), language.rules)
        assert again.board.rows() == board.rows() and again.racks == position.racks


@pytest.mark.parametrize(
    ("language", "rack", "bad"), [(POLISH, "QAB", "Q"), (SPANISH, "KAB", "K"), (GERMAN, "ÑA", "Ñ")]
)
def test_a_letter_outside_the_alphabet_is_named(language: Language, rack: str, bad: str) -> None:
    with pytest.raises(LexigridError, match=bad) as error:
        _rack(language, rack)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.name)
def test_a_leave_is_valued_by_the_model_in_every_alphabet(language: Language) -> None:
    """The engine's leave terms are the leave model's own values (vowels, Q and U by letter, not by code)."""
    engine, alphabet = engine_of(language), language.alphabet
    rack = alphabet.read(language.racks[1])[:7]
    position = _position(language, Board(language.rules), Rack.of_tiles(rack))
    equity = engine.rack_equity(position)
    for cut in range(len(rack) + 1):
        kept, used = rack[:cut], rack[cut:]
        assert equity.leave(engine.codes(used)) == pytest.approx(engine.leaves.value(kept))
