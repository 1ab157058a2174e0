"""The play chooser against a game clock: the budget arithmetic, the phase switching, a search stopped at
its deadline and a whole game within the clock, all on a stand-in clock (no test reads the real time)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lexigrid.errors import LexigridError, OptionError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine
from lexigrid.scrabble.analysis import chooser as chooser_module
from lexigrid.scrabble.analysis import sim as sim_module
from lexigrid.scrabble.analysis.chooser import (
    BEST_METHODS,
    ENDGAME_SHARE,
    MIN_SEARCH,
    OPPONENT_MARGIN,
    OPPONENT_TEMPERATURE,
    PEG_SHARE,
    SIM_METHODS,
    GameClock,
    PlayChooser,
    move_budget,
    opponent_kept,
    reserve,
    simulation,
    spent_before,
    turns_left,
)
from lexigrid.scrabble.analysis.infer import INFER_SHARE, before_play, infer
from lexigrid.scrabble.analysis.peg import LATE_NOTE, MAX_BAG, Judged, Outcome, PegSolution
from lexigrid.scrabble.analysis.peg_nested import Tally
from lexigrid.scrabble.analysis.phase import Phase, phase
from lexigrid.scrabble.analysis.sim_player import SimPlayer, sim_player
from lexigrid.scrabble.analysis.thinking import Thinking, watching
from lexigrid.scrabble.core.board import Rack
from lexigrid.scrabble.core.cgp import Position, format_cgp, parse_cgp
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.rules import Rules, TileSet
from lexigrid.scrabble.core.rules import rules as default_rules
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.players import computer, with_clock
from tests.scrabble.conftest import REFERENCE_BOARD, SMALL_WORDS
from tests.scrabble.test_peg import POSITIONS, peg_position
from tests.scrabble_game.conftest import set_up

TRAP_WORDS = ["INSERTS", "INSTARS", "SATIRES", "ARSINES", "RETINAS", "ZAS"]
BOARD = "15/15/15/15/15/15/15/15/15/15/13T1/13E1/13A1/15/15"  # TEA down column N


class StandInClock:
    """A stand-in for the `time` module: its clock advances `tick` seconds at every reading."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _position(mover: str, unseen: str, opponent: str = "") -> Position:
    """The TEA board in a tile set of exactly the board's, the mover's and the unseen tiles."""
    std = default_rules()
    counts = Counter("TEA") + Counter(mover) + Counter(unseen)
    rules = Rules(TileSet("test", dict(counts), dict(std.tiles.scores)), std.layout)
    return parse_cgp(f"{BOARD} {mover}/{opponent} 0/0 0", rules)


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_words(sorted(set(SMALL_WORDS) | set(TRAP_WORDS)))


@pytest.mark.parametrize(
    ("unseen", "bag", "expected"),
    [
        ("AEINRST", 0, "endgame"),
        ("AEIN", 0, "endgame"),  # the opponent holds the last 4 tiles
        ("AEINRSTU", 1, "pre-endgame"),
        ("AEINRST" + "U" * MAX_BAG, MAX_BAG, "pre-endgame"),
        ("AEINRST" + "U" * (MAX_BAG + 1), MAX_BAG + 1, "midgame"),
        ("AEINRSTUUUUUUUUUUUUU", 13, "midgame"),
    ],
)
def test_the_phase_follows_the_tiles_left_in_the_bag(unseen: str, bag: int, expected: str) -> None:
    position = _position("AZOXHM", unseen)
    assert position.bag_when_full() == bag
    assert phase(position) == expected
    known = _position("AZOXHM", unseen, unseen[:7])  # the opponent's rack known: the same phase
    assert phase(known) == expected


def test_the_budget_is_the_time_left_less_the_reserve_over_the_turns_left() -> None:
    position = _position("AZOXHM", "AEINRSTUUUUUUUUUU")  # 6 + 17 tiles unplayed: 3 turns of 8
    assert turns_left(position) == 3
    assert reserve(600.0) == pytest.approx(5.0)  # 2 % of 10 minutes is 12 s: at most 5 s
    assert reserve(60.0) == pytest.approx(1.2)
    # a short clock's 2 % (0.024 s of 1.2 s) was less than a search's start-up on a loaded machine, and
    # whole games at 1.2 s ran to 1.76 s: at least 1 s is held back, a quarter of a shorter clock
    assert reserve(6.0) == pytest.approx(1.0) and reserve(1.2) == pytest.approx(0.3)
    assert move_budget(95.0, 600.0, position) == pytest.approx(30.0)
    assert move_budget(4.0, 600.0, position) == 0.0  # under the reserve: no time for a search
    last = _position("AZ", "E")  # 3 tiles unplayed: one turn
    assert turns_left(last) == 1 and move_budget(11.2, 60.0, last) == pytest.approx(10.0)


def test_a_chooser_made_mid_game_takes_its_past_turns_to_have_used_their_share() -> None:
    opening = parse_cgp(f"{BOARD} AEINRST/ 0/0 0")  # 3 tiles down, 97 unplayed: 13 turns, as at the start
    assert spent_before(1500.0, opening) == 0.0
    on_board = sum(c.isalpha() for c in REFERENCE_BOARD)
    unplayed = 100 - on_board
    position = parse_cgp(f"{REFERENCE_BOARD} AEINRST/ 0/0 0")
    assert turns_left(position) == -(-unplayed // 8)
    assert spent_before(1500.0, position) == pytest.approx(1500.0 * (1 - turns_left(position) / 13))


def _recording(calls: list[tuple[str, float]], name: str, clock: StandInClock) -> chooser_module.Method:
    """A method that records its call and spends exactly the budget on the stand-in clock."""

    def method(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
        calls.append((name, seconds))
        clock.advance(seconds)
        move = chooser.engine.best(position, "equity")
        assert move is not None
        return move

    return method


@pytest.mark.parametrize(
    ("unseen", "level", "called"),
    [
        ("AEINRSTUUUUUUU", "best", "simulation"),
        ("AEINRSTU", "best", "peg"),
        ("AEINRSTU", "sim", "simulation"),  # the sim level simulates through the pre-endgame
        ("AEINRST", "best", "endgame"),
        ("AEINRST", "sim", "endgame"),
    ],
)
def test_each_phase_gets_its_method_with_the_move_s_budget(
    lexicon: Lexicon, unseen: str, level: str, called: str
) -> None:
    position = _position("AZOXHM", unseen)
    clock = StandInClock()
    calls: list[tuple[str, float]] = []
    methods: dict[Phase, chooser_module.Method] = {
        "midgame": _recording(calls, "simulation", clock),
        "pre-endgame": _recording(calls, "peg" if level == "best" else "simulation", clock),
        "endgame": _recording(calls, "endgame", clock),
    }
    chooser = PlayChooser(
        Engine(lexicon, position.rules), level, GameClock(60.0, clock.perf_counter), methods
    )
    chooser.clock.started = True  # a fresh clock, not a game resumed
    budget = move_budget(60.0, 60.0, position)
    chooser.choose(position, random.Random(1))
    assert calls == [(called, pytest.approx(budget))]
    assert chooser.clock.spent == pytest.approx(budget)  # charged what the move took on its clock
    assert chooser.methods == methods


def test_the_levels_name_their_methods() -> None:
    assert SIM_METHODS["pre-endgame"] is SIM_METHODS["midgame"] is chooser_module.simulation
    assert BEST_METHODS["pre-endgame"] is chooser_module.pre_endgame
    assert BEST_METHODS["endgame"] is SIM_METHODS["endgame"] is chooser_module.endgame


def test_with_no_time_left_the_move_is_the_static_best_and_no_search_starts(lexicon: Lexicon) -> None:
    position = _position("AZOXHM", "AEINRSTUUUUUUU")
    engine = Engine(lexicon, position.rules)
    clock = StandInClock()
    calls: list[tuple[str, float]] = []
    recorder = _recording(calls, "search", clock)
    chooser = PlayChooser(
        engine, "best", GameClock(60.0, clock.perf_counter), dict.fromkeys(BEST_METHODS, recorder)
    )
    chooser.clock.spent, chooser.clock.started = 60.0 - reserve(60.0), True
    move = chooser.choose(position, random.Random(1))
    assert calls == [] and move == engine.best(position, "equity")
    assert chooser.budget(position) < MIN_SEARCH


def test_a_simulation_is_stopped_at_its_deadline(lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulation reads the same stand-in clock as the game clock (2 s a reading): on a position it
    cannot settle in that time it stops at its budget, overrunning it by one round at most."""
    position = _position("AZOXHM", "AEINRSSTUU")  # the trap of test_sim: four plays, hard to tell apart
    clock = StandInClock(tick=2.0)
    monkeypatch.setattr(sim_module, "time", clock)
    results: list[sim_module.SimResult] = []

    def simulate(*args: object, **kwargs: object) -> sim_module.SimResult:
        results.append(sim_module.simulate(*args, **kwargs))  # type: ignore[arg-type]
        return results[-1]

    monkeypatch.setattr(chooser_module, "simulate", simulate)
    chooser = PlayChooser(
        Engine(lexicon, position.rules), "sim", GameClock(60.0, clock.perf_counter), plays=4, plies=1
    )
    chooser.clock.started = True
    budget = chooser.budget(position)
    assert budget > 20  # several readings: several rounds
    start = clock.now
    simulation(chooser, position, budget, random.Random(1))
    assert results[0].stopped == "budget"
    assert budget <= clock.now - start <= budget + 5 * clock.tick  # a round reads the clock 4 times
    assert budget * 1000 <= results[0].elapsed_ms <= (budget + 5 * clock.tick) * 1000


def test_a_whole_game_stays_within_the_clock(lexicon: Lexicon) -> None:
    """Every method spends its whole budget: the clock still never runs out, and each move had a search."""
    clock = StandInClock()
    calls: list[tuple[str, float]] = []
    game = Game.new(["best", "equity"], seed=4, lexicon=lexicon, endgame_seconds=None)
    methods: dict[Phase, chooser_module.Method] = {
        phase: _recording(calls, phase, clock) for phase in BEST_METHODS
    }
    engine = Engine(lexicon, game.rules)
    player = PlayChooser(engine, "best", GameClock(120.0, clock.perf_counter), methods)
    game.seat_computer(0, player)
    game.play_computers()
    assert game.over and calls
    assert player.clock.spent == pytest.approx(sum(seconds for _, seconds in calls))
    assert player.clock.spent <= 120.0 - reserve(120.0) + 1e-9
    assert all(seconds >= MIN_SEARCH for _, seconds in calls)


@pytest.mark.parametrize("infers", [True, False])
def test_an_inferring_chooser_simulates_what_the_opponent_likely_kept(
    lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch, infers: bool
) -> None:
    """After the opponent's placement an inferring chooser draws their racks from leaves the play is
    consistent with (among the exhaustive inference's), within its share of the move's budget, which the
    simulation then has less of; else (and always on the first move) from the unseen tiles at random."""
    clock = StandInClock(tick=0.001)
    calls: list[tuple[object, float]] = []

    def simulate(*args: object, **kwargs: object) -> sim_module.SimResult:
        calls.append((kwargs["opponent"], kwargs["seconds"]))  # type: ignore[arg-type]
        kwargs.update(seconds=None, iterations=2)
        return sim_module.simulate(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(chooser_module, "simulate", simulate)
    game = set_up(Game.new(["human", "sim"], seed=5, lexicon=lexicon), racks=["AEINRST", "AEINRST"])
    engine = Engine(lexicon, game.rules)
    chooser = PlayChooser(engine, "sim", GameClock(60.0, clock.perf_counter), plays=2, per_move=1.0)
    chooser.infer = infers
    game.seat_computer(1, chooser)
    game.play("8G TEA")
    before = before_play(game.position().seen_by_mover(), "8G TEA", engine)  # (before the board changes)
    inferred = infer(before, "8G TEA", engine, margin=OPPONENT_MARGIN, temperature=OPPONENT_TEMPERATURE)
    exhaustive = {leave.tiles: leave.probability for leave in inferred.leaves}
    game.play_computer()
    ((opponent, seconds),) = calls
    if not infers:
        assert opponent is None and seconds == 1.0
        return
    assert isinstance(opponent, list) and opponent
    assert {leave for leave, _ in opponent} <= set(exhaustive)
    assert sum(weight for _, weight in opponent) == pytest.approx(1.0)
    mass = sum(exhaustive[leave] for leave, _ in opponent)
    assert all(weight == pytest.approx(exhaustive[leave] / mass) for leave, weight in opponent)
    assert 1.0 - INFER_SHARE - 5 * clock.tick <= seconds < 1.0  # a few readings past its share at most


def test_a_phony_that_stood_tells_nothing(lexicon: Lexicon) -> None:
    """A placement forming a word the lexicon lacks has no equity to judge racks by: nothing is inferred."""
    position = parse_cgp("15/15/15/15/15/15/15/7TRIN4/15/15/15/15/15/15/15 AEINRST/ 0/8 0")
    engine = Engine(lexicon)
    assert opponent_kept(position, "8H TRIN", engine, 1.0) is None
    assert opponent_kept(position, "8H TRI(N)", engine, 1.0) is None


def test_the_first_move_has_no_play_to_read(lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def simulate(*args: object, **kwargs: object) -> sim_module.SimResult:
        calls.append(kwargs["opponent"])
        kwargs.update(seconds=None, iterations=2)
        return sim_module.simulate(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(chooser_module, "simulate", simulate)
    game = Game.new(["sim", "human"], seed=5, lexicon=lexicon)
    chooser = PlayChooser(Engine(lexicon, game.rules), "sim", plays=2, per_move=1.0, infer=True)
    game.seat_computer(0, chooser)
    game.play_computer()
    assert calls == [None] and parse_cgp(format_cgp(game.position())).last_play() is None


def test_the_game_keeps_the_clocks_time_and_a_new_chooser_goes_on_from_it(lexicon: Lexicon) -> None:
    """A web request or a resumed game seats a new chooser: it reads the time the game recorded (here a
    first move that overran by far, 30 s), not its share pro-rated from the tiles played."""
    clock = StandInClock()

    def slow(chooser: PlayChooser, position: Position, seconds: float, rng: random.Random) -> Move:
        clock.advance(30.0)
        move = chooser.engine.best(position, "equity")
        assert move is not None
        return move

    game = Game.new(["best", "equity"], seed=4, lexicon=lexicon, endgame_seconds=None)
    engine = Engine(lexicon, game.rules)
    methods: dict[Phase, chooser_module.Method] = dict.fromkeys(BEST_METHODS, slow)
    game.seat_computer(0, PlayChooser(engine, "best", GameClock(120.0, clock.perf_counter), methods))
    assert game.clocks == {0: 0.0} and game.clock_left(0) == 120.0 and game.clock_left(1) is None
    game.play_computer()
    game.play_computer()  # the equity player's reply: no clock
    assert game.clocks == {0: 30.0} and game.clock_left(0) == 90.0
    calls: list[tuple[str, float]] = []
    methods = {phase: _recording(calls, phase, clock) for phase in BEST_METHODS}
    game.seat_computer(0, PlayChooser(engine, "best", GameClock(120.0, clock.perf_counter), methods))
    seen = game.position().seen_by_mover()  # on the game's live board: read before the move
    expected, prorated = move_budget(90.0, 120.0, seen), spent_before(120.0, seen)
    game.play_computer()
    assert calls == [("midgame", pytest.approx(expected))]
    assert prorated < 20.0  # pro-rated, the past would have cost far less than 30 s
    assert game.clocks == {0: pytest.approx(30.0 + expected)}


@pytest.mark.parametrize(
    ("level", "minutes", "methods"),
    [
        ("sim", 25.0, SIM_METHODS),
        ("sim:3m", 3.0, SIM_METHODS),
        ("best", 25.0, BEST_METHODS),
        ("best:1.5m", 1.5, BEST_METHODS),
    ],
)
def test_the_clocked_levels(lexicon: Lexicon, level: str, minutes: float, methods: object) -> None:
    player = computer(level, lexicon, default_rules())
    assert isinstance(player, PlayChooser) and player.level == level
    assert player.clock.seconds == pytest.approx(60 * minutes) and player.methods == methods


def test_the_per_move_levels_stay_and_bad_levels_say_how_to_write_them(lexicon: Lexicon) -> None:
    engine = Engine(lexicon)
    assert isinstance(sim_player("sim:40", "40", engine), SimPlayer)
    assert sim_player("sim:2s", "2s", engine).seconds == 2.0  # type: ignore[union-attr]
    for bad in ("sim:xm", "sim:0m", "best:40", "best:2s", "sim:infm"):
        with pytest.raises(LexigridError, match="sim:Nm or best:Nm"):
            sim_player(bad, bad.partition(":")[2], engine)


def test_a_game_clock_is_written_into_the_level() -> None:
    assert with_clock("sim", 10) == "sim:10m"
    assert with_clock("Best", 0.5) == "best:0.5m"
    assert with_clock("equity", 10) == "equity" and with_clock("sim:40", 10) == "sim:40"
    assert with_clock("sim", None) == "sim"
    with pytest.raises(OptionError, match="more than 0 minutes"):
        with_clock("sim", 0)


def test_a_fixed_time_a_move_and_a_cap_bound_the_budget(lexicon: Lexicon) -> None:
    position = _position("AZOXHM", "AEINRSTUUUUUUU")
    chooser = PlayChooser(Engine(lexicon, position.rules), per_move=2.0)
    assert chooser.budget(position) == 2.0
    chooser.cap = 0.5
    assert chooser.budget(position) == 0.5
    seen = Position(position.board, (position.rack, Rack()), position.scores, position.zeros)
    assert phase(seen) == phase(position)


def test_a_watched_chooser_reports_its_task_budget_clock_and_rounds(
    lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Watched, each move reports what its phase's method does against the move's budget and the clock
    left (the chooser's own time source), and a simulation each round; unwatched, nothing is built."""
    clock = StandInClock(tick=2.0)
    monkeypatch.setattr(sim_module, "time", clock)
    position = _position("AZOXHM", "AEINRSSTUU")
    chooser = PlayChooser(
        Engine(lexicon, position.rules), "sim", GameClock(60.0, clock.perf_counter), plays=4, plies=1
    )
    chooser.clock.started = True
    budget = chooser.budget(position)
    reports: list[Thinking] = []
    with watching(reports.append):
        chooser.choose(position, random.Random(1))
    assert reports[0].task == "simulating 4 plays, 1 ply deep" and reports[0].progress is None
    assert reports[0].budget == pytest.approx(budget) and reports[0].clock_left == 60.0
    rounds = [r.progress.iterations for r in reports[1:] if r.progress is not None]
    assert len(rounds) >= 2 and rounds == sorted(rounds)
    assert reports[-1].elapsed >= budget  # on the chooser's clock, not the wall's
    endgame = _position("AZOXHM", "AEIN")
    with watching(reports.append):
        chooser.choose(endgame, random.Random(1))
    assert reports[-1].task == "solving the endgame" and reports[-1].progress is None
    count = len(reports)
    chooser.choose(position, random.Random(2))
    assert len(reports) == count


def _peg_chooser(lexicon: Lexicon, clock: StandInClock) -> tuple[PlayChooser, Position]:
    """The `best` level at test_peg's one-word pre-endgame (1 in the bag), 5 points ahead, on `clock`."""
    position = peg_position(*POSITIONS["one-word"], scores=(5, 0))
    chooser = PlayChooser(
        Engine(lexicon, position.rules), "best", GameClock(600.0, clock.perf_counter), BEST_METHODS
    )
    return chooser, position


def test_the_best_level_plays_the_pre_endgame_solver_s_move_within_its_share(
    small_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[float | None] = []
    solver = chooser_module.solve_peg  # type: ignore[attr-defined]  # the name as the chooser uses it

    def spied(position: Position, engine: Engine, top: int, seconds: float | None) -> PegSolution:
        asked.append(seconds)
        return solver(position, engine, top=top, seconds=seconds)

    monkeypatch.setattr(chooser_module, "solve_peg", spied)
    chooser, position = _peg_chooser(small_lexicon, StandInClock())
    move = chooser_module.pre_endgame(chooser, position, 40.0, random.Random(1))
    # the position is tiny: the solver finishes exactly long before its share, on any machine
    expected = solver(position, Engine(small_lexicon, position.rules), top=1)
    assert expected.exact and move == expected.plays[0].move and move.notation == "J7 SIR"
    assert asked == [pytest.approx(PEG_SHARE * 40.0)]


def test_the_endgame_solver_gets_half_the_move_s_budget(
    lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The endgame solver searches until its time is up after the first ply, then re-searches the
    principal variation for as long again (engine/endgame.c): given the whole budget it ran 0.16 s of a
    0.07 s move and a 1.2 s game clock ran out. Half the budget keeps both within the move's."""
    asked: list[float | None] = []
    solver = chooser_module.solve  # type: ignore[attr-defined]  # the name as the chooser uses it

    def spied(position: Position, engine: Engine, seconds: float | None = None) -> object:
        asked.append(seconds)
        return solver(position, engine, seconds=seconds)

    monkeypatch.setattr(chooser_module, "solve", spied)
    position = _position("AZOXHM", "AEIN")
    chooser = PlayChooser(
        Engine(lexicon, position.rules), "sim", GameClock(60.0, StandInClock().perf_counter)
    )
    chooser_module.endgame(chooser, position, 3.0, random.Random(1))
    assert asked == [pytest.approx(ENDGAME_SHARE * 3.0)] and ENDGAME_SHARE <= 0.5


@pytest.mark.parametrize(("won", "played"), [(2, True), (1, False)])
def test_a_pre_endgame_cut_short_plays_a_move_proven_to_win_every_scenario(
    small_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch, won: int, played: bool
) -> None:
    clock = StandInClock()
    chooser, position = _peg_chooser(small_lexicon, clock)
    move = Move("pass")  # any play: the solver's answer is a stand-in
    outcomes = (Outcome("A", 1, Tally(1, 1, 0)), Outcome("E", 1, Tally(1, won - 1, 0)))
    best = Judged(move, outcomes, exact=True)

    def cut_short(position: Position, engine: Engine, top: int, seconds: float | None) -> PegSolution:
        clock.advance(15.0)  # the time ran out with other plays unjudged
        return PegSolution([best], 1, False, 15000.0, 8, 0, [("J7 SIR", LATE_NOTE)])

    calls: list[tuple[str, float]] = []
    monkeypatch.setattr(chooser_module, "solve_peg", cut_short)
    monkeypatch.setattr(chooser_module, "simulation", _recording(calls, "simulation", clock))
    chosen = chooser_module.pre_endgame(chooser, position, 40.0, random.Random(1))
    # winning every scenario, nothing unjudged can win more often: played; else simulation decides
    assert (chosen == move and not calls) if played else calls == [("simulation", pytest.approx(25.0))]


@pytest.mark.parametrize(("solver_took", "then"), [(15.0, "simulation"), (39.99, "static")])
def test_a_pre_endgame_not_solved_exactly_goes_to_simulation_in_the_time_left(
    small_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch, solver_took: float, then: str
) -> None:
    clock = StandInClock()
    chooser, position = _peg_chooser(small_lexicon, clock)

    def cut_short(position: Position, engine: Engine, top: int, seconds: float | None) -> PegSolution:
        clock.advance(solver_took)  # the solver used this long and did not finish
        return PegSolution([], 1, False, 1000 * solver_took, 8, 0)

    calls: list[tuple[str, float]] = []
    monkeypatch.setattr(chooser_module, "solve_peg", cut_short)
    monkeypatch.setattr(chooser_module, "simulation", _recording(calls, "simulation", clock))
    monkeypatch.setattr(chooser_module, "static", _recording(calls, "static", clock))
    chooser_module.pre_endgame(chooser, position, 40.0, random.Random(1))
    assert calls == [(then, pytest.approx(40.0 - solver_took))]
    assert clock.now == pytest.approx(40.0)  # the move stays within its budget
