"""The compiled play-out loop and static games in Catalan, French and Spanish, against the Python play state.

Catalan (DISC2) and French (FRA20) play over MAGPIE's KWGs in ../shared, Spanish over a hand lexicon with CH,
LL, RR and Ñ words; each with the language's tile set (multi-letter tiles, blanks standing for them) and two
leave models: the language's KLV2 (Catalan, French) and the additive heuristic, whose vowel/consonant and
Q-without-U terms read the tile set's facts (French Y a vowel; Spanish Q needs U; Catalan has no lone Q).
German, Polish and Norwegian (29 and 32 letters) play on the oracle tests' hand lexicons.

The oracles: every compiled play-out replayed move by move through `PlayState` with `Engine.best` over leave
tables valued leave by leave in Python (`KlvLeaves.value`, `AdditiveLeaves.table`), never by the compiled
tables; whole static games played by `Game` with such players; every compiled leave value compared with the
model's own `value`. Skips with the reason where ../shared is absent (Spanish needs nothing from it).
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from functools import cache

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.lexicon.kwg import kwg_words
from lexigrid.scrabble import Engine, Position, parse_cgp
from lexigrid.scrabble.analysis.sim import simulate
from lexigrid.scrabble.core.rules import Rules, layout, tile_set
from lexigrid.scrabble.engine import _engine
from lexigrid.scrabble.engine.leave import (
    ENGLISH_FACTS,
    AdditiveLeaves,
    HeuristicLeaves,
    KlvLeaves,
    LeaveFacts,
    LeaveModel,
)
from lexigrid.scrabble.engine.playout import PlayoutLoop, StaticGames
from lexigrid.scrabble.game.game import Game
from tests.conftest import shared_file
from tests.scrabble.test_leaves import compiled_leaves
from tests.scrabble.test_oracle_languages import GERMAN, NORWEGIAN, POLISH, SPANISH, Language, lexicon_of
from tests.scrabble.test_playout import _check
from tests.scrabble_game.test_static_games import _by_game

SHARED_LEXICONS = {"catalan": "DISC2", "french": "FRA20"}
# Common Spanish words beside the oracle tests' hand lexicon, so that games place tiles turn after turn.
SPANISH_MORE = (
    "AGUA AIRE ALTO AMOR ANTE ARTE AZUL BAJO BANCO BARCO BESO BIEN BOCA BUENO CABO CADA CAMA CAMPO CANTO "
    "CARA CARNE CARTA CAUSA CENA CIELO CINCO CLARO COLOR COMO CORTE COSTA CREO CRUZ CUAL CURSO DAR DEDO "
    "DIA DIOS DOS DURO ELLOS ENTRE ERA ESTO FIN FLOR FUEGO GENTE GRAN GUERRA HABLAR HACER HIJO HORA IDEA "
    "IGUAL ISLA JUEGO JUNTO LADO LARGO LEER LEY LIBRO LUGAR LUZ MADRE MANO MAS MEDIO MESA MIEDO MODO "
    "MONTE MUNDO MUY NADA NEGRO NUEVO OBRA OJO OTRO PADRE PAN PARA PARTE PASO PAZ PELO PESO PIE PIEL PLAN "
    "POCO PODER POR PUERTA QUE QUIEN QUESO QUINCE RAZON RED RIO ROJO SABER SANGRE SER SIETE SOBRE TARDE "
    "TENER TIERRA TIEMPO TODO TRES UNO VALLE VER VERDE VEZ VIDA VINO VOZ ZONA ZORRO LLAVE LLEGAR LLEVAR "
    "LLUVIA CHICLE CHISTE OTOÑO SUEÑO DUEÑO MUCHACHO AÑADIR ARRIBA BARRIO CORRER BURRO AS ID OH HA HE JA "
    "XI OX EX UF BE CE EH ET FE GE OD OS AD AU OI AY"
)


@cache
def lexicon(language: str) -> Lexicon:
    """The language's lexicon: MAGPIE's KWG read in its letter order, or the Spanish hand lexicon."""
    if language == "spanish":
        alphabet = tile_set("spanish").alphabet
        hand = {alphabet.read(w) for w in (SPANISH.words + " " + SPANISH_MORE).split()}
        return Lexicon.from_words(sorted(hand), name="spanish-hand-more", alphabet="spanish")
    name = SHARED_LEXICONS[language]
    kwg = shared_file("data", "scrabble", language, f"{name}.kwg")
    words = kwg_words(kwg.read_bytes(), str(kwg), tile_set(language).alphabet.glyphs)
    return Lexicon.from_words(words, name=name, alphabet=language)


def klv(language: str) -> KlvLeaves:
    """The language's KLV2 from ../shared."""
    name = SHARED_LEXICONS[language]
    return KlvLeaves.read(
        shared_file("data", "scrabble", language, f"{name}.klv2"), tile_set(language).alphabet
    )


class PythonLeaves(Engine):
    """An engine whose leave tables are valued in Python (the oracle): a KLV's leave by leave from its
    dictionary, an additive model's by `AdditiveLeaves.table`, never by the compiled tables."""

    def __init__(self, lexicon: Lexicon, rules: Rules, leaves: LeaveModel) -> None:
        super().__init__(lexicon, rules, leaves)
        self._coefficients = None

    def leave_trie(self) -> object | None:
        """No compiled table."""
        return None


def rules_of(language: str) -> Rules:
    return Rules(tile_set(language), layout())


@cache
def engines(language: str, leaves: str) -> tuple[Engine, Engine]:
    """The engine the loop plays with and the Python-valued one that replays it."""
    model: LeaveModel = klv(language) if leaves == "klv2" else HeuristicLeaves()
    lex, rules = lexicon(language), rules_of(language)
    return Engine(lex, rules, model), PythonLeaves(lex, rules, model)


def positions(language: str, seed: int, turns: tuple[int, ...], lex: Lexicon | None = None) -> list[Position]:
    """Positions of a seeded static game after some turns (an opening, the mid-game, a near-empty bag)."""
    game = Game.new(["equity", "equity"], seed=seed, lexicon=lex or lexicon(language), endgame_seconds=None)
    found = []
    for turn in range(max(turns) + 1):
        if game.over:
            break
        if turn in turns:
            found.append(parse_cgp(game.cgp(), rules_of(language)))
        game.play_computer()
    return found


CASES = [
    ("catalan", "klv2"),
    ("catalan", "heuristic"),
    ("french", "klv2"),
    ("french", "heuristic"),
    ("spanish", "heuristic"),
]


@pytest.mark.parametrize(("language", "leaves"), CASES)
def test_compiled_play_outs_are_the_play_state_s_move_by_move(language: str, leaves: str) -> None:
    engine, replay = engines(language, leaves)
    assert PlayoutLoop.fits(engine) and not PlayoutLoop.fits(replay)
    seen: Counter[str] = Counter()
    for position in positions(language, 3, (0, 6, 14, 18)):
        seen += _check(engine, position, 5, 3, seed=7, replay=replay)
    assert seen["place"] >= 60 and seen["out"] + (language == "spanish") > 0  # games went out
    assert seen["blank"] + (language == "spanish") > 0  # blanks played (a blank as Catalan L·L among them)
    assert seen["multi-letter"] + (language == "french") > 0  # Catalan L·L, NY, QU; Spanish CH, LL, RR


@pytest.mark.parametrize("language", ["catalan", "french", "spanish"])
def test_a_seeded_simulation_is_the_same_through_the_loop_or_the_play_state(language: str) -> None:
    engine, replay = engines(language, "heuristic")
    (position,) = positions(language, 5, (6,))
    compiled = simulate(position, engine, plays=4, iterations=24, seed=3).as_dict()
    python = simulate(position, replay, plays=4, iterations=24, seed=3).as_dict()
    compiled.pop("elapsed_ms"), python.pop("elapsed_ms")
    assert compiled == python


@pytest.mark.parametrize(("language", "leaves"), CASES)
def test_compiled_static_games_are_game_s(
    language: str, leaves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed for seed, the compiled game loop's scores, bingos and moves are those of `Game` (the play state,
    the umpire, players choosing by `Engine.best` over Python-valued leaves), tiles kept at every turn."""
    engine, replay = engines(language, leaves)
    static = StaticGames(engine)
    monkeypatch.setattr(Engine, "shared", lambda *args, **kwargs: replay)
    kinds: Counter[str] = Counter()
    for seed in range(1, 4):
        for levels in (("equity", "equity"), ("score", "equity")):
            scores, bingos, moves, seen = _by_game(lexicon(language), seed, levels)
            assert static.play(seed, levels) == (scores, bingos, moves), (seed, levels)
            kinds += seen
    assert kinds["place"] >= 30


@pytest.mark.parametrize("language", [GERMAN, POLISH, NORWEGIAN], ids=lambda language: language.name)
def test_the_loops_in_29_and_32_letter_alphabets_are_the_play_state_s(
    language: Language, monkeypatch: pytest.MonkeyPatch
) -> None:
    """German (29 letters), Polish and Norwegian (32: the last code 32) on the oracle tests' hand lexicons:
    opening play-outs replayed move by move, and static games seed for seed."""
    lex, rules = lexicon_of(language), language.rules
    engine, replay = Engine(lex, rules, HeuristicLeaves()), PythonLeaves(lex, rules, HeuristicLeaves())
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        for position in positions(language.name, seed, (0, 3), lex):
            seen += _check(engine, position, 4, 2, seed=seed, replay=replay)
    static = StaticGames(engine)
    monkeypatch.setattr(Engine, "shared", lambda *args, **kwargs: replay)
    for seed in range(1, 7):
        scores, bingos, moves, kinds = _by_game(lex, seed, ("equity", "equity"))
        assert static.play(seed) == (scores, bingos, moves), seed
        seen += kinds
    assert seen["place"] >= 10 and seen["exchange"] >= 10


def _rack_leaves(engine: Engine, model: LeaveModel, rack: Counter[str]) -> None:
    """Every leave of a rack in the engine's compiled table (what Engine.best reads) is the model's value."""
    strides, table = engine._build_leave_table(engine.alphabet.rack_codes(rack), False, 0)
    for leave, value in compiled_leaves(engine, rack, strides, table):
        assert value == model.value(leave), leave


@pytest.mark.parametrize("language", ["catalan", "french"])
def test_the_compiled_klv2_table_gives_every_leave_klv_leaves_value(language: str) -> None:
    """DISC2's and FRA20's KLV2: every leave of 300 racks drawn from the tile set (multi-letter tiles,
    blanks, repeats) looked up in the compiled table is KlvLeaves.value to the bit."""
    engine, _ = engines(language, "klv2")
    model = engine.leaves
    assert isinstance(model, KlvLeaves)
    pool = [t for t, n in engine.rules.tiles.counts.items() for _ in range(n)]
    rng = random.Random(9)
    for size in (1, 3, 5, 7, 7, 8) * 50:
        _rack_leaves(engine, model, Counter(rng.sample(pool, size)))


@pytest.mark.parametrize("language", ["catalan", "french", "spanish", "german", "polish"])
def test_the_compiled_additive_table_reads_the_tile_set_s_facts(language: str) -> None:
    """The compiled additive table of racks drawn from the tile set is the model's value leave by leave, with
    the tile set's vowels and its tile that needs another (none in Catalan and Polish)."""
    tiles = tile_set(language)
    engine = Engine(lexicon("spanish"), rules_of("spanish")) if language == "spanish" else None
    rules = rules_of(language)
    if engine is None:
        words = [tiles.alphabet.glyphs[0] * 2]  # any word: only the leave tables are read
        engine = Engine(Lexicon.from_words(words, name=f"{language}-leaves", alphabet=language), rules)
    model = engine.leaves
    assert isinstance(model, AdditiveLeaves) and model.facts == LeaveFacts(tiles.vowels, tiles.needs)
    pool = [t for t, n in tiles.counts.items() for _ in range(n)]
    rng = random.Random(4)
    for size in (2, 4, 7, 7, 8) * 40:
        _rack_leaves(engine, model, Counter(rng.sample(pool, size)))


def test_french_y_is_a_vowel_and_spanish_q_needs_u() -> None:
    french, spanish, catalan = tile_set("french"), tile_set("spanish"), tile_set("catalan")
    assert "Y" in french.vowels and spanish.needs == ("Q", "U") and catalan.needs is None
    heuristic = HeuristicLeaves()
    # BCDY: 1 vowel and 3 consonants in French (balanced), 4 consonants by English's facts (-2 x 2.5)
    assert LeaveFacts.of(french).counts("BCDY") == (1, 3, False)
    assert heuristic.speaking(LeaveFacts.of(french)).value("BCDY") - heuristic.value("BCDY") == 5.0
    assert LeaveFacts.of(spanish).counts("QA") == (1, 1, True)
    assert heuristic.speaking(LeaveFacts.of(catalan)).facts.needs is None
    assert LeaveFacts.of(tile_set("english")) == ENGLISH_FACTS
    engine = Engine(lexicon("spanish"), rules_of("spanish"))
    coefficients = engine.leave_coefficients(False)
    assert coefficients is not None
    strides, table = _engine.leave_table(engine.alphabet.rack_codes(Counter("QA")), *coefficients)
    alone = array("d", table)[strides[engine.alphabet.code("Q")]]
    assert alone == engine.leaves.value("Q") == heuristic.value("Q")  # the Q-without-U term, in C too
