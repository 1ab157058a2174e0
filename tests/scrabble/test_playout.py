"""The compiled play-out loop against the Python play state: every play-out replayed move by move.

Each play-out the compiled loop (engine/playout.c) plays is replayed through `PlayState` (the rules of a
real game, written once in core/) with `Engine.best` choosing each reply: every reply must be the best move
by equity there, and the scores, racks, bag and the end of the game must come out the same. The positions
cover openings, the mid-game with blanks, a bag of a few tiles (going out and the rack adjustments), an empty
bag, exchanges drawn back into the bag at random places, and the sixth scoreless turn.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine, Move, Position, parse_cgp
from lexigrid.scrabble.analysis.sim import Playout, SimSpec, _Redealt, simulate, with_known_opponent
from lexigrid.scrabble.core.play_state import OrderedBag, PlayState
from lexigrid.scrabble.core.referee import is_bingo
from lexigrid.scrabble.engine.leave import HeuristicLeaves, KlvLeaves, TableLeaves
from lexigrid.scrabble.engine.playout import OUT, SCORELESS, PlayoutLoop
from lexigrid.scrabble.engine.winpct import default_table
from tests.conftest import shared_file

GOLDEN = Path(__file__).with_name("golden_nwl.jsonl")
POSITIONS = {row["name"]: row["cgp"] for row in map(json.loads, GOLDEN.read_text().splitlines())}
PLIES = 2


@pytest.fixture(scope="module")
def nwl_engine(default_lexicon: Lexicon) -> Engine:
    """The engine over the bundled lexicon."""
    return Engine(default_lexicon)


class DictionaryLeaves(Engine):
    """An engine that values each leave of a KLV by the table's dictionary (KlvLeaves.value, leave by leave),
    never by the compiled lookups: the replays' oracle for the loop's KLV leave tables."""

    def leave_trie(self) -> object | None:
        """No compiled table."""
        return None


@pytest.fixture(scope="module", params=["small", "twl06"])
def klv_engines(
    request: pytest.FixtureRequest, default_lexicon: Lexicon, small_klv_leaves: KlvLeaves
) -> tuple[Engine, Engine]:
    """The bundled lexicon with a KLV2's leaves (the small one built from the small lexicon, or MAGPIE's TWL06
    KLV2 from ../shared): the engine the loop plays with, and the dictionary's engine that replays it."""
    if request.param == "small":
        leaves = small_klv_leaves
    else:
        leaves = KlvLeaves.read(shared_file("data", "scrabble", "TWL06.klv2"))
    return Engine(default_lexicon, leaves=leaves), DictionaryLeaves(default_lexicon, leaves=leaves)


def _deals(position: Position, n: int, seed: int) -> list[tuple[str, list[str], random.Random]]:
    """n random deals: the opponent's rack (what is known of it, filled from the unseen tiles) and a bag."""
    unseen = Counter(position.unseen())
    unseen.subtract(position.racks[1].counts)
    pool = sorted((+unseen).elements())
    rack_size = position.rules.rack_size
    deals = []
    for i in range(n):
        rng = random.Random(f"{seed}:{i}")
        tiles = list(pool)
        rng.shuffle(tiles)
        need = max(0, min(rack_size - len(position.racks[1]), len(tiles)))
        opponent = str(position.racks[1]) + "".join(tiles[len(tiles) - need :])
        deals.append((opponent, tiles[: len(tiles) - need], rng))
    return deals


def _replay(
    engine: Engine, position: Position, move: Move, opponent: str, bag: list[str], rng: random.Random
) -> tuple[PlayState, list[Move]]:
    """The play-out through the Python play state: the candidate, then each side's best move by equity while
    the game is on and fewer than PLIES replies are played or the bag is empty."""
    state = PlayState.of_position(position)
    state.racks[1] = opponent
    state.bag = OrderedBag(list(bag), rng)
    state.apply(move)
    replies: list[Move] = []
    while state.end is None and (len(replies) < PLIES or not len(state.bag)):
        reply = engine.best(state.position(), "equity")
        assert reply is not None
        replies.append(reply)
        state.apply(reply)
    return state, replies


def _check(
    engine: Engine, position: Position, plays: int, deals: int, seed: int, replay: Engine | None = None
) -> Counter[str]:
    """Every candidate on every deal, compiled and replayed (by `replay`, else the same engine); what kinds of
    moves and endings were seen."""
    position = with_known_opponent(position)
    candidates = engine.moves(position).top(plays, "equity")
    loop = PlayoutLoop(engine, position, candidates)
    seen: Counter[str] = Counter()
    for opponent, bag, rng in _deals(position, deals, seed):
        for index, move in enumerate(candidates):
            before = rng.getstate()
            record = loop.record(index, opponent, bag, rng, PLIES)
            again = random.Random()
            again.setstate(before)
            state, replies = _replay(replay or engine, position, move, opponent, bag, again)
            assert [r.notation for r in record.replies] == [r.notation for r in replies]
            ending = record.ending
            assert ending.scores == (state.scores[0], state.scores[1])
            assert sorted(record.racks[0]) == sorted(state.racks[0])
            assert sorted(record.racks[1]) == sorted(state.racks[1])
            assert list(record.bag) == state.bag.mark()
            assert ending.end == {None: 0, "out": OUT, "scoreless": SCORELESS}[state.end]
            assert ending.to_move == state.to_move
            assert rng.getstate() == again.getstate()  # the same random numbers, as many
            seen.update(m.kind for m in [move, *replies])
            played = "".join(m.played.replace(".", "") for m in [move, *replies] if m.kind == "place")
            seen["blank"] += sum(1 for t in played if t.islower())
            seen["multi-letter"] += sum(1 for t in played if len(engine.alphabet.write(t.upper())) > 1)
            seen[str(state.end)] += 1
    return seen


@pytest.mark.parametrize(
    ("name", "plays", "deals"),
    [
        ("opening", 6, 4),
        ("opening-duplicates", 10, 4),
        ("midgame", 6, 4),
        ("midgame-blank", 5, 3),
        ("midgame-two-blanks", 4, 3),
        ("midgame-vowels", 10, 6),
        ("selfplay-turn-12", 6, 4),
    ],
)
def test_compiled_play_outs_are_the_play_state_s_move_by_move(
    nwl_engine: Engine, name: str, plays: int, deals: int
) -> None:
    _check(nwl_engine, parse_cgp(POSITIONS[name]), plays, deals, seed=7)


@pytest.mark.parametrize(
    ("name", "plays", "deals"),
    [("opening", 6, 3), ("midgame-blank", 5, 3), ("midgame-vowels", 10, 5), ("few-in-bag", 6, 4)],
)
def test_compiled_play_outs_with_klv_leaves_are_the_play_state_s(
    klv_engines: tuple[Engine, Engine], name: str, plays: int, deals: int
) -> None:
    engine, replay = klv_engines
    assert PlayoutLoop.fits(engine) and not PlayoutLoop.fits(replay)
    _check(engine, parse_cgp(POSITIONS[name]), plays, deals, seed=11, replay=replay)


def test_exchanges_go_back_into_the_bag_as_the_play_state_s_do(nwl_engine: Engine) -> None:
    seen = _check(nwl_engine, parse_cgp(POSITIONS["midgame-vowels"]), 12, 12, seed=3)
    assert seen["exchange"] >= 3  # candidates and replies that exchange


def test_going_out_and_the_empty_bag_are_the_play_state_s(nwl_engine: Engine) -> None:
    seen = _check(nwl_engine, parse_cgp(POSITIONS["few-in-bag"]), 8, 6, seed=5)
    seen += _check(nwl_engine, parse_cgp(POSITIONS["endgame-1"]), 8, 1, seed=5)
    assert seen["out"] >= 10  # games played out to a player going out


def test_the_sixth_scoreless_turn_ends_the_play_out_as_the_play_state_does(nwl_engine: Engine) -> None:
    cgp = POSITIONS["midgame-vowels"].rsplit(" ", 1)[0] + " 5"  # five scoreless turns already
    seen = _check(nwl_engine, parse_cgp(cgp), 20, 2, seed=1)
    assert seen["scoreless"] >= 2  # an exchange or the pass as the sixth


@pytest.mark.parametrize(("name", "iterations"), [("midgame-blank", 40), ("midgame-vowels", 80)])
def test_the_simulation_gives_the_same_result_with_the_compiled_loop_or_the_play_state(
    nwl_engine: Engine, monkeypatch: pytest.MonkeyPatch, name: str, iterations: int
) -> None:
    position = parse_cgp(POSITIONS[name])
    redealt = Counter[str]()
    call = _Redealt.__call__

    def counted(self: _Redealt, n: int) -> int:
        redealt["numbers"] += 1
        return call(self, n)

    monkeypatch.setattr(_Redealt, "__call__", counted)
    compiled = simulate(position, nwl_engine, plays=6, iterations=iterations, seed=2).as_dict()
    monkeypatch.setattr(Playout, "__init__", _without_loop(Playout.__init__))
    python = simulate(position, nwl_engine, plays=6, iterations=iterations, seed=2).as_dict()
    compiled.pop("elapsed_ms"), python.pop("elapsed_ms")
    assert compiled == python
    if name == "midgame-vowels":  # exchanges on deals made again for a later round's plays
        assert redealt["numbers"] > 0


def test_a_klv_simulation_gives_the_same_result_with_the_compiled_loop_or_the_play_state(
    klv_engines: tuple[Engine, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    engine, replay = klv_engines
    position = parse_cgp(POSITIONS["midgame-vowels"])
    compiled = simulate(position, engine, plays=6, iterations=40, seed=4).as_dict()
    python = simulate(position, replay, plays=6, iterations=40, seed=4).as_dict()
    compiled.pop("elapsed_ms"), python.pop("elapsed_ms")
    assert compiled == python


@pytest.mark.parametrize("name", ["midgame-blank", "midgame-vowels", "few-in-bag", "endgame-1"])
def test_the_loop_measures_each_play_out_as_the_simulation_s_measure_does(
    nwl_engine: Engine, klv_engines: tuple[Engine, Engine], name: str
) -> None:
    """The (value, win) the loop gives each play-out is `Playout._measure`'s of its ending, to the bit (the
    leave values of both sides' last leaves, the win table's curve, the ends of games); its replies are the
    recorded play-out's first PLIES moves, with their points and whether the referee calls each a bingo."""
    position = with_known_opponent(parse_cgp(POSITIONS[name]))
    for engine in (nwl_engine, klv_engines[0]):
        spec = SimSpec(
            POSITIONS[name], tuple(engine.moves(position).top(8, "equity")), PLIES, 3, None, None, "", "t"
        )
        playout = Playout(engine, position, spec, default_table())
        loop = playout.loop
        assert loop is not None
        ended = 0
        for index in range(6):
            opponent, bag, _ = playout.deal(index)
            deal = loop.deal(opponent, bag)
            plays = list(range(len(spec.candidates)))
            endings = loop.run(plays, deal, playout.deal(index)[2].randrange, PLIES)
            found = loop.outcomes(plays, deal, playout.deal(index)[2].randrange, PLIES, playout.measure)
            assert [(value, win) for value, win, _ in found] == [playout._measure(e)[:2] for e in endings]
            for play in plays:  # alone, so that no earlier play-out's exchange draws on its numbers
                randrange = playout.deal(index)[2].randrange
                (alone,) = loop.outcomes([play], deal, randrange, PLIES, playout.measure)
                replies = loop.record(play, opponent, bag, playout.deal(index)[2], PLIES).replies
                assert alone[2] == tuple((m.score, is_bingo(position.rules, m)) for m in replies)
            ended += sum(1 for e in endings if e.end)
        assert ended > 0 or name.startswith("midgame")


def _without_loop(init: Callable[..., None]) -> Callable[..., None]:
    """Playout.__init__, then the compiled loop dropped (the play state plays every play-out)."""

    def without(self: Playout, engine: Engine, position: Position, spec: SimSpec, table: object) -> None:
        init(self, engine, position, spec, table)
        self.loop = None
        engine.cross_checks(self.state.board)
        self.start = self.state.checkpoint()

    return without


def test_a_leave_model_the_loop_cannot_read_plays_through_the_play_state(default_lexicon: Lexicon) -> None:
    engine = Engine(default_lexicon, leaves=TableLeaves({}, HeuristicLeaves()))
    assert not PlayoutLoop.fits(engine)
    result = simulate(parse_cgp(POSITIONS["midgame"]), engine, plays=3, iterations=4, seed=1)
    assert result.iterations == 12
