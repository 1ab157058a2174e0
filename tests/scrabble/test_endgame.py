"""The endgame solver against MAGPIE's exact values and against the slow full-tree minimax (the oracle).

The oracle (`endgame_oracle`) is first checked itself: against MAGPIE's values and best moves on the
reference endgames with at most 3 tiles a rack, and by replaying its best line in a real `Game`. Then the
compiled solver must agree with MAGPIE on every reference endgame and with the oracle on small ones, on
the same positions with 1-5 scoreless turns already played, on positions where 0-point placements exist
(blanks, or tile sets with 0-point letters), and on random small endgames (Hypothesis).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Board, Engine, Move, Position, Rack, Rules, TileSet, layout, parse_cgp, tile_set
from lexigrid.scrabble.analysis.endgame import (
    INF,
    Solution,
    Table,
    check_endgame,
    prove,
    solve,
    solve_in_steps,
)
from lexigrid.scrabble.core.move import parse_move
from lexigrid.scrabble.core.referee import check
from lexigrid.scrabble.game.game import Game, Seat
from tests.conftest import shared_file
from tests.scrabble.conftest import REFERENCE_BOARD
from tests.scrabble.endgame_oracle import (
    PASS,
    EndgameOracle,
    OracleSolution,
    possible_words,
)
from tests.scrabble.oracle import placements

MAGPIE_FAST_MS = 1000  # reference endgames MAGPIE solved slower than this run only with -m slow
ORACLE_DEFAULT_TILES = 4  # the oracle solves reference endgames of up to this many tiles (both racks)
MAX_TOP = 64  # the most first moves solve ranks
JSON_KEYS = {"value", "best", "pv", "top", "plies", "exact", "nodes", "elapsed_ms"}


def _endgames() -> list[dict[str, Any]]:
    """The reference endgames of ../shared/data/scrabble/endgames.jsonl, numbered (skips when absent)."""
    path = shared_file("data", "scrabble", "endgames.jsonl")
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return [{"index": i, **json.loads(line)} for i, line in enumerate(lines)]


try:
    ENDGAMES = _endgames()
except pytest.skip.Exception:  # ../shared absent: every test below skips through the fixtures
    ENDGAMES = []


def _name(endgame: dict[str, Any]) -> str:
    """A test id: the number and both racks, e.g. `eg07-CLL_U`."""
    return f"eg{endgame['index']:02d}-{endgame['cgp'].split()[1].replace('/', '_').replace('?', 'b')}"


def _params(endgames: Sequence[dict[str, Any]], slow: Callable[[dict[str, Any]], bool]) -> list[Any]:
    """Test parameters, the ones `slow` picks marked slow; one that skips when ../shared is absent."""
    if not ENDGAMES:
        return [pytest.param(None, id="absent")]
    return [pytest.param(e, id=_name(e), marks=[pytest.mark.slow] if slow(e) else []) for e in endgames]


def _small(endgame: dict[str, Any]) -> bool:
    """Whether both racks hold at most 3 tiles (the oracle's reach)."""
    return max(endgame["tiles"]) <= 3


def _oracle_slow(endgame: dict[str, Any]) -> bool:
    """Whether the oracle takes more than a few seconds on this reference endgame."""
    return sum(endgame["tiles"]) > ORACLE_DEFAULT_TILES


def _magpie_slow(endgame: dict[str, Any]) -> bool:
    """Whether MAGPIE took more than a second on this reference endgame."""
    return endgame["magpie_ms"] > MAGPIE_FAST_MS


SMALL = [e for e in ENDGAMES if _small(e)]
TINY = [e for e in SMALL if sum(e["tiles"]) <= 4]  # for the scoreless-turn variants


def _given(endgame: dict[str, Any] | None) -> dict[str, Any]:
    """The parameter, or skip with the reason when ../shared is absent."""
    if endgame is None:
        _endgames()
        pytest.fail("unreachable: ../shared is present but no endgame was collected")
    return endgame


# --- positions built for the tests -------------------------------------------------------------------

ENGLISH = tile_set()


def exact_position(
    plays: Sequence[str], mover: str, opponent: str, zeros: int = 0, zero_letters: str = ""
) -> Position:
    """An endgame on a board built by `plays` (notation, lowercase = blank) whose tile set holds exactly
    the board's and both racks' tiles, so the bag is empty; `zero_letters` score 0 in it."""
    board = Board()
    for play in plays:
        board.place(parse_move(play, board))
    counts = dict.fromkeys(ENGLISH.counts, 0)
    counts.update(board.tile_counts() + Counter(mover) + Counter(opponent))
    scores = {letter: 0 if letter in zero_letters else score for letter, score in ENGLISH.scores.items()}
    exact_rules = Rules(TileSet("exact", counts, scores), layout("standard"))
    position = Position(
        Board.from_rows(board.rows(), exact_rules), (Rack(mover), Rack(opponent)), (0, 0), zeros
    )
    position.validate()
    assert position.bag_size() == 0
    return position


def at_zeros(position: Position, zeros: int) -> Position:
    """The same position with `zeros` scoreless turns already played."""
    return replace(position, zeros=zeros)


# Endgames where 0-point placements exist: a blank on a rack beside blanks on the board, or letters the
# tile set scores 0 (the last field). Each is solved with 0-5 scoreless turns already played.
ZERO_PLAY_POSITIONS: dict[str, tuple[list[str], str, str, str]] = {
    "blank-beside-blank": (["8H aX"], "?T", "E", ""),
    "blank-goes-out-for-0": (["8H aX", "H7 ba"], "?", "TI", ""),
    "opponent-blank": (["8H aX"], "T", "?E", ""),
    "two-zero-plays-to-go-out": (["8H AN"], "EE", "V", "AEN"),
    "zero-play-out-at-five": (["7G N", "8F TEA"], "N", "QAE", "AN"),
    "zero-letters-both-racks": (["8G ANTI"], "N", "NVA", "NT"),
    "stuck-q-zero-s": (["8H AN"], "QS", "A", "SNIA"),
    "zero-hooks": (["8H IN", "9I AN"], "N", "S", "ITES"),
}
ZERO_PLAY_HEAVY = {"blank-beside-blank", "opponent-blank", "zero-letters-both-racks", "zero-play-out-at-five"}


def _zero_play_params(zeros: Sequence[int]) -> list[Any]:
    """(name, zeros) parameters; the oracle's heavier positions run only at 0 and 5 by default."""
    return [
        pytest.param(
            name,
            z,
            id=f"{name}-{z}",
            marks=[pytest.mark.slow] if name in ZERO_PLAY_HEAVY and 0 < z < 5 else [],
        )
        for name in ZERO_PLAY_POSITIONS
        for z in zeros
    ]


# --- fixtures ----------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def oracles(twl06: Lexicon) -> Callable[[Position], EndgameOracle]:
    """The oracle of a TWL06 position, one a session (it keeps every state it has valued)."""
    made: dict[str, EndgameOracle] = {}

    def oracle(position: Position) -> EndgameOracle:
        key = str(position)
        if key not in made:
            made[key] = EndgameOracle(position, twl06)
        return made[key]

    return oracle


@pytest.fixture(scope="session")
def oracle_solutions(oracles: Callable[[Position], EndgameOracle]) -> Callable[[Position], OracleSolution]:
    """The oracle's solution of a TWL06 position, each solved once a session."""
    solved: dict[str, OracleSolution] = {}

    def solution(position: Position) -> OracleSolution:
        key = str(position)
        if key not in solved:
            solved[key] = oracles(position).solve()
        return solved[key]

    return solution


@pytest.fixture(scope="session")
def zero_play_oracle(small_lexicon: Lexicon) -> Callable[[str, int], EndgameOracle]:
    """The oracle of a 0-point-play position at a scoreless count, solved once a session."""
    made: dict[tuple[str, int], EndgameOracle] = {}

    def oracle(name: str, zeros: int) -> EndgameOracle:
        if (name, zeros) not in made:
            plays, mover, opponent, zero_letters = ZERO_PLAY_POSITIONS[name]
            position = exact_position(plays, mover, opponent, zeros, zero_letters)
            made[name, zeros] = EndgameOracle(position, small_lexicon)
        return made[name, zeros]

    return oracle


@pytest.fixture(scope="session")
def solved(twl_engine: Engine) -> Callable[[dict[str, Any]], Solution]:
    """The solver's answer for a reference endgame (top=1), solved once a session."""
    answers: dict[str, Solution] = {}

    def solution(endgame: dict[str, Any]) -> Solution:
        if endgame["cgp"] not in answers:
            answers[endgame["cgp"]] = solve(parse_cgp(endgame["cgp"]), twl_engine)
        return answers[endgame["cgp"]]

    return solution


@pytest.fixture(params=_params(SMALL, _oracle_slow))
def small_endgame(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A reference endgame with at most 3 tiles a rack."""
    return _given(request.param)


@pytest.fixture(params=_params(ENDGAMES, _magpie_slow))
def endgame(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A reference endgame; the ones MAGPIE took over a second on are marked slow."""
    return _given(request.param)


@pytest.fixture(params=_params(TINY, lambda e: False))
def tiny_endgame(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A reference endgame with at most 4 tiles on both racks."""
    return _given(request.param)


@pytest.fixture(scope="session")
def small_engine_for() -> Callable[[Position, Lexicon], Engine]:
    """A compiled engine for a position's own rules over a small lexicon, one per tile set."""
    engines: dict[tuple[str, str], Engine] = {}

    def engine(position: Position, lexicon: Lexicon) -> Engine:
        tiles = position.rules.tiles
        key = (repr(sorted(tiles.counts.items())), repr(sorted(tiles.scores.items())))
        if key not in engines:
            engines[key] = Engine(lexicon, position.rules)
        return engines[key]

    return engine


# --- helpers -----------------------------------------------------------------------------------------


def game_at(position: Position, lexicon: Lexicon) -> Game:
    """A two-player `Game` standing at an endgame position: the bag empty, the mover (seat 0) to move."""
    game = Game((Seat("mover", "human"), Seat("opponent", "human")), lexicon, seed=0, rules=position.rules)
    game.board = position.board.copy()
    game.bag.tiles.clear()
    game.racks = [str(position.racks[0]), str(position.racks[1])]
    game.scores = list(position.scores)
    game.zeros = position.zeros
    return game


def replay(position: Position, lexicon: Lexicon, line: Sequence[Move]) -> Game:
    """The game after playing `line` from `position` (IllegalMove if a move is refused or comes too late)."""
    game = game_at(position, lexicon)
    for move in line:
        game.replay([move.notation])
    return game


def spread_change(position: Position, game: Game) -> int:
    """How much the mover's spread changed from `position` to the game's end."""
    return (game.scores[0] - game.scores[1]) - (position.scores[0] - position.scores[1])


def key_of(move: Move) -> frozenset[tuple[int, int, str]] | str:
    """What a move does (its new tiles, or '-'), whichever side a one-tile play is named from."""
    return PASS if move.kind == "pass" else frozenset(move.squares())


def assert_legal(position: Position, move: Move, lexicon: Lexicon) -> None:
    """A pass, or a placement of the mover's tiles the referee accepts with the same score."""
    if move.kind == "pass":
        return
    assert move.kind == "place", move
    assert not Counter(move.tiles_used) - position.rack.counts, f"{move.notation} uses tiles not on the rack"
    assert check(position.board, move, lexicon) == move.score


def assert_agrees(solution: Solution, oracle: OracleSolution, where: str) -> None:
    """The solver proved the oracle's value with one of its optimal first moves, and every ranked first
    move has the oracle's value for that move: the K best values, best first."""
    by_key = {key_of(move): oracle.values[notation] for notation, move in oracle.moves.items()}
    assert solution.exact, where
    assert solution.value == oracle.value, f"{where}: solver {solution.value}, oracle {oracle.value}"
    assert by_key[key_of(solution.best)] == oracle.value, (
        f"{where}: solver's best {solution.best.notation} is worth {by_key[key_of(solution.best)]} "
        f"to the oracle, not {oracle.value}"
    )
    ranked = [(r.move.notation, r.value, by_key[key_of(r.move)]) for r in solution.top]
    wrong = [(notation, mine, exact) for notation, mine, exact in ranked if mine != exact]
    assert not wrong, f"{where}: (move, solver, oracle) differ: {wrong}"
    assert len({key_of(r.move) for r in solution.top}) == len(solution.top), f"{where}: a move listed twice"
    best_values = sorted(by_key.values(), reverse=True)[: len(solution.top)]
    assert [value for _, value, _ in ranked] == best_values, f"{where}: top is not the K best moves"


# --- the oracle itself -------------------------------------------------------------------------------


def test_oracle_agrees_with_magpie(
    twl06: Lexicon, small_endgame: dict[str, Any], oracle_solutions: Any
) -> None:
    """The oracle's value is MAGPIE's, and its optimal placements are exactly the checked best moves."""
    oracle = oracle_solutions(parse_cgp(small_endgame["cgp"]))
    assert oracle.value == small_endgame["value"]
    # MAGPIE ends the game on two passes in a row, so a pass can tie under the six-turn rule and not
    # under MAGPIE's; every placement's value is the same under both (it resets the count to 0).
    assert oracle.best - {PASS} == set(small_endgame["best_moves"]) - {PASS}
    if PASS in small_endgame["best_moves"]:
        assert PASS in oracle.best


def test_oracle_line_replays_in_a_game(
    twl06: Lexicon, small_endgame: dict[str, Any], oracles: Any, oracle_solutions: Any
) -> None:
    """The oracle's best line, played in a real Game, ends it with the oracle's value (the rules agree)."""
    position = parse_cgp(small_endgame["cgp"])
    game = replay(position, twl06, oracles(position).principal_variation())
    assert game.over
    assert spread_change(position, game) == oracle_solutions(position).value


@pytest.mark.slow
@pytest.mark.parametrize("index", [2, 8])
def test_oracle_word_filter_keeps_every_placement(twl06: Lexicon, index: int) -> None:
    """The sub-lexicon the oracle searches gives the same root placements as the whole of TWL06."""
    if not ENDGAMES:
        _endgames()
    position = parse_cgp(ENDGAMES[index]["cgp"])
    tiles = str(position.racks[0]) + str(position.racks[1])
    sub = possible_words(position.board, tiles, twl06)
    whole = placements(position.board, position.rack, twl06)
    assert whole  # the mover has plays to compare
    assert whole == placements(position.board, position.rack, sub)


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 1, 2])
def test_oracle_word_filter_changes_no_value(twl06: Lexicon, oracle_solutions: Any, index: int) -> None:
    """Searched over the whole of TWL06 at every state, the oracle finds the same value for every first
    move as over its sub-lexicon."""
    if not ENDGAMES:
        _endgames()
    position = parse_cgp(ENDGAMES[index]["cgp"])
    assert EndgameOracle(position, twl06, narrow=False).solve().values == oracle_solutions(position).values


@pytest.mark.parametrize(("name", "zeros"), _zero_play_params([0, 4, 5]))
def test_oracle_zero_plays_follow_the_game(
    small_lexicon: Lexicon, zero_play_oracle: Any, name: str, zeros: int
) -> None:
    """The oracle's best line, played in a real Game (0-point placements count as scoreless turns there
    too), ends it at the oracle's value."""
    oracle = zero_play_oracle(name, zeros)
    game = replay(oracle.position, small_lexicon, oracle.principal_variation())
    assert game.over
    assert spread_change(oracle.position, game) == oracle.solve().value


def test_zero_point_plays_count_as_scoreless_turns(zero_play_oracle: Any) -> None:
    """EE against a stuck V, with E scoring 0 and playable one at a time: the mover goes out in two turns
    (+8) unless the count reaches six on the way (each side loses its rack: +4)."""
    name = "two-zero-plays-to-go-out"
    assert [zero_play_oracle(name, zeros).solve().value for zeros in range(6)] == [8, 8, 8, 4, 4, 4]


# --- the solver against MAGPIE -----------------------------------------------------------------------


def test_solver_agrees_with_magpie(twl_engine: Engine, endgame: dict[str, Any], solved: Any) -> None:
    """The exact value is MAGPIE's and the best first move is one of MAGPIE's best (or a tied pass)."""
    position = parse_cgp(endgame["cgp"])
    solution = solved(endgame)
    assert solution.exact
    assert solution.value == endgame["value"]
    if solution.best.notation not in endgame["best_moves"]:
        # MAGPIE's two-pass rule can rank a pass lower than the six-scoreless-turn rule: a tied pass is
        # optimal when the opponent, to move after it with one scoreless turn gone, is held to -value.
        assert solution.best.kind == "pass", f"{solution.best.notation} not in {endgame['best_moves']}"
        after = Position(position.board, position.racks[::-1], position.scores[::-1], position.zeros + 1)
        assert solve(after, twl_engine).value == -solution.value


# --- the solver against the oracle -------------------------------------------------------------------


@pytest.mark.parametrize("top", [1, 3, MAX_TOP])
def test_solver_agrees_with_oracle(
    twl_engine: Engine, small_endgame: dict[str, Any], oracle_solutions: Any, top: int
) -> None:
    """Value, best move and the value of each of the K best first moves are the oracle's."""
    position = parse_cgp(small_endgame["cgp"])
    oracle = oracle_solutions(position)
    solution = solve(position, twl_engine, top=top)
    assert_agrees(solution, oracle, _name(small_endgame))
    assert len(solution.top) == min(top, len(oracle.values))


@pytest.mark.parametrize("zeros", [1, 2, 3, 4, 5])
def test_solver_counts_scoreless_turns(
    twl_engine: Engine, tiny_endgame: dict[str, Any], oracle_solutions: Any, zeros: int
) -> None:
    """With scoreless turns already played the solver still agrees with the oracle, every first move."""
    position = at_zeros(parse_cgp(tiny_endgame["cgp"]), zeros)
    solution = solve(position, twl_engine, top=MAX_TOP)
    assert_agrees(solution, oracle_solutions(position), f"{_name(tiny_endgame)} zeros={zeros}")


@pytest.mark.parametrize(("name", "zeros"), _zero_play_params(range(6)))
def test_solver_with_zero_point_plays(
    small_lexicon: Lexicon, small_engine_for: Any, zero_play_oracle: Any, name: str, zeros: int
) -> None:
    """Where 0-point placements exist (they count as scoreless turns), the solver agrees with the oracle."""
    oracle = zero_play_oracle(name, zeros)
    solution = solve(oracle.position, small_engine_for(oracle.position, small_lexicon), top=MAX_TOP)
    assert_agrees(solution, oracle.solve(), f"{name} zeros={zeros}")


@st.composite
def small_endgames(draw: st.DrawFn) -> tuple[list[str], str, str, int, str]:
    """A random small endgame over the small lexicon: a board grown from 1-3 racks (see `_grown`), 1-3
    tiles a rack (5 in all, at most one blank), 0-5 scoreless turns played, up to two letters scoring 0."""
    racks = draw(st.lists(st.text("AEINORSTXZ?", min_size=2, max_size=5), min_size=1, max_size=3))
    mover = draw(st.text("AEINOQRSTVXZ?", min_size=1, max_size=3))
    opponent = draw(st.text("AEINOQRSTVXZ", min_size=1, max_size=min(3, 5 - len(mover))))
    mover = mover if mover.count("?") <= 1 else mover.replace("?", "", mover.count("?") - 1)
    zeros = draw(st.integers(0, 5))
    zero_letters = draw(st.text("AEINST", max_size=2))
    return racks, mover, opponent, zeros, zero_letters


def _grown(small_lexicon: Lexicon, racks: Sequence[str]) -> list[str]:
    """The plays a board is grown by: for each rack, its middle placement by notation (if it has any)."""
    board, plays = Board(), []
    for rack in racks:
        found = sorted(placements(board, Rack(rack), small_lexicon).values(), key=lambda m: m.notation)
        if found:
            board.place(found[len(found) // 2])
            plays.append(found[len(found) // 2].notation)
    return plays


def _check_random_endgame(
    small_lexicon: Lexicon, engine_for: Any, endgame: tuple[list[str], str, str, int, str]
) -> None:
    """The solver agrees with the oracle on one random small endgame (none when no play fits)."""
    racks, mover, opponent, zeros, zero_letters = endgame
    plays = _grown(small_lexicon, racks)
    if not plays:
        return
    position = exact_position(plays, mover, opponent, zeros, zero_letters)
    oracle = EndgameOracle(position, small_lexicon).solve()
    solution = solve(position, engine_for(position, small_lexicon), top=5)
    assert_agrees(solution, oracle, str(endgame))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endgame=small_endgames())
def test_property_solver_equals_oracle(
    small_lexicon: Lexicon, small_engine_for: Any, endgame: tuple[list[str], str, str, int, str]
) -> None:
    """On random small endgames the solver's value (and every ranked move's) is the oracle's."""
    _check_random_endgame(small_lexicon, small_engine_for, endgame)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endgame=small_endgames())
def test_property_solver_equals_oracle_at_length(
    small_lexicon: Lexicon, small_engine_for: Any, endgame: tuple[list[str], str, str, int, str]
) -> None:
    """The same property over many more random endgames."""
    _check_random_endgame(small_lexicon, small_engine_for, endgame)


# --- the principal variation and the JSON shape ------------------------------------------------------


def test_principal_variation_replays_to_the_value(
    twl06: Lexicon, endgame: dict[str, Any], solved: Any
) -> None:
    """The PV, played in a real Game, ends the game with the solution's value, step by step as scored."""
    position = parse_cgp(endgame["cgp"])
    solution = solved(endgame)
    assert solution.exact
    assert solution.pv and solution.pv[0].move == solution.best
    game = game_at(position, twl06)
    for i, step in enumerate(solution.pv):
        assert step.player == i % 2
        assert not game.over, f"the game ended before step {i + 1} of the PV"
        before = len(game.turns)
        game.replay([step.move.notation])
        assert game.turns[before].score == step.score, f"step {i + 1} {step.move.notation}"
    assert game.over
    assert spread_change(position, game) == solution.value
    assert solution.end == game.end_reason


def test_final_spread_is_the_score_difference_at_the_end(endgame: dict[str, Any], solved: Any) -> None:
    """`final_spread` is the mover's score minus the opponent's at the end of the PV, as MAGPIE's data
    has it (`Solution`'s comment says so), not the spread change (that is `value`)."""
    position = parse_cgp(endgame["cgp"])
    solution = solved(endgame)
    assert solution.final_spread == endgame["final_spread"]
    assert solution.final_spread == position.scores[0] - position.scores[1] + solution.value


def test_solve_leaves_the_position_as_it_was(twl_engine: Engine, small_endgame: dict[str, Any]) -> None:
    """Solving changes neither the board, the racks, the scores nor the count, and solving again gives
    the same answer."""
    position = parse_cgp(small_endgame["cgp"])
    before = str(position)
    first = solve(position, twl_engine, top=3)
    assert str(position) == before
    again = solve(position, twl_engine, top=3)
    assert (again.value, [r.as_dict() for r in again.top]) == (first.value, [r.as_dict() for r in first.top])


def test_json_shape(twl_engine: Engine) -> None:
    """`as_dict` has the documented keys with the documented shapes."""
    endgame = _given(TINY[0] if TINY else None)
    solution = solve(parse_cgp(endgame["cgp"]), twl_engine, top=3)
    data = json.loads(json.dumps(solution.as_dict()))
    assert set(data) >= JSON_KEYS
    assert data["value"] == endgame["value"] and data["exact"] is True
    assert data["best"] == solution.best.notation
    assert [set(step) >= {"move", "score"} for step in data["pv"]] == [True] * len(solution.pv)
    assert [step["move"] for step in data["pv"]] == [step.move.notation for step in solution.pv]
    assert all(set(ranked) >= {"move", "value"} for ranked in data["top"])
    assert data["top"][0]["value"] == data["value"]
    assert isinstance(data["nodes"], int) and data["nodes"] > 0
    assert isinstance(data["plies"], int) and data["plies"] > 0
    assert data["elapsed_ms"] >= 0


# --- bad input ---------------------------------------------------------------------------------------


def _endgame_cgp(racks: str) -> str:
    """The first reference endgame's CGP with other racks."""
    fields = _given(ENDGAMES[0] if ENDGAMES else None)["cgp"].split()
    return " ".join([fields[0], racks, *fields[2:]])


BAD_INPUT: dict[str, tuple[Callable[[], Position], tuple[str, ...]]] = {
    "bag-not-empty": (lambda: parse_cgp(f"{REFERENCE_BOARD} AEINRST/EIOU 0/0 0"), ("bag",)),
    "opponent-rack-unknown": (lambda: parse_cgp(_endgame_cgp("R/")), ("opponent",)),
    "mover-rack-empty": (lambda: parse_cgp(_endgame_cgp("/L")), ("rack",)),
    # Z and Q are on that board: racks built without parse_cgp's check hold tiles that are not unseen
    "racks-not-unseen": (
        lambda: Position(parse_cgp(_endgame_cgp("R/L")).board, (Rack("R"), Rack("Z"))),
        ("unseen", "tile set"),
    ),
}


@pytest.mark.parametrize("name", list(BAD_INPUT))
def test_bad_input_is_one_line(twl_engine: Engine, name: str) -> None:
    """check_endgame and solve refuse a position that is not an endgame with one line saying why."""
    build, words = BAD_INPUT[name]
    position = build()
    for call in (lambda: check_endgame(position), lambda: solve(position, twl_engine)):
        with pytest.raises(LexigridError) as refused:
            call()
        message = str(refused.value)
        assert "\n" not in message and message
        assert any(word in message.lower() for word in words), message


def test_racks_that_do_not_fit_are_refused_when_parsed() -> None:
    """A CGP whose racks hold tiles the board has used up is refused as it is read."""
    with pytest.raises(LexigridError, match="impossible position"):
        parse_cgp(_endgame_cgp("R/ZZ"))


# --- limits ------------------------------------------------------------------------------------------


def _hardest() -> dict[str, Any]:
    """The reference endgame MAGPIE took longest on."""
    return _given(max(ENDGAMES, key=lambda e: e["magpie_ms"]) if ENDGAMES else None)


def test_tiny_time_budget_returns_a_legal_move(twl06: Lexicon, twl_engine: Engine) -> None:
    """A budget far too small for a hard endgame gives a legal best move with exact=False (cut by its
    clock: how promptly is the machine's business, so only the answer is checked)."""
    position = parse_cgp(_hardest()["cgp"])
    solution = solve(position, twl_engine, seconds=0.05)
    assert not solution.exact
    assert_legal(position, solution.best, twl06)


def test_one_ply_is_not_exact(twl06: Lexicon, twl_engine: Engine) -> None:
    """A one-ply search of an endgame whose best line is longer gives exact=False and a legal move."""
    endgame = _given(max(SMALL, key=lambda e: len(e["pv"])) if SMALL else None)
    assert len(endgame["pv"]) > 1
    position = parse_cgp(endgame["cgp"])
    solution = solve(position, twl_engine, plies=1)
    assert not solution.exact
    assert solution.plies <= 1
    assert_legal(position, solution.best, twl06)


def test_a_node_limit_stops_the_search_at_the_same_node_every_time(twl_engine: Engine) -> None:
    """`max_nodes` (the pre-endgame's work budget) cuts a search short, not exact, the same way every time
    (a count, not a clock); a limit the search stays within changes nothing."""
    cases = [e for e in ENDGAMES if e["magpie_ms"] <= MAGPIE_FAST_MS and sum(e["tiles"]) <= 9][:3]
    if not cases:
        pytest.skip("../shared/data/scrabble/endgames.jsonl is absent")
    for endgame in cases:
        position, value = parse_cgp(endgame["cgp"]), endgame["value"]
        full = prove(position, twl_engine, None, None, (-INF, INF), Table(16))
        assert full[:3] == (value, "exact", True) and full.nodes > 2
        within = prove(position, twl_engine, None, None, (-INF, INF), Table(16), max_nodes=full.nodes + 1)
        assert within == full
        cut = [prove(position, twl_engine, None, None, (-INF, INF), Table(16), max_nodes=full.nodes // 2)]
        cut.append(prove(position, twl_engine, None, None, (-INF, INF), Table(16), max_nodes=full.nodes // 2))
        assert not cut[0].exact and cut[0].nodes < full.nodes and cut[1] == cut[0]


def test_a_table_kept_across_searches_changes_no_value(twl_engine: Engine) -> None:
    """One transposition table kept from search to search (as the pre-endgame solver keeps it), full and
    narrow windows in turn, twice over: every value is MAGPIE's, every bound on the right side of it."""
    cases = [e for e in ENDGAMES if e["magpie_ms"] <= MAGPIE_FAST_MS and sum(e["tiles"]) <= 9][:12]
    if not cases:
        pytest.skip("../shared/data/scrabble/endgames.jsonl is absent")
    table = Table(16)
    for _ in range(2):
        for endgame in cases:
            position, value = parse_cgp(endgame["cgp"]), endgame["value"]
            assert solve(position, twl_engine, table=table).value == value
            below = prove(position, twl_engine, None, None, (value - 3, value - 1), table)
            assert below.bound == "lower" and below.value >= value - 1
            around = prove(position, twl_engine, None, None, (value - 1, value + 1), table)
            assert around[:3] == (value, "exact", True)
            above = prove(position, twl_engine, None, None, (value + 1, value + 5), table)
            assert above.bound == "upper" and above.value <= value + 1


def test_a_search_in_steps_reports_each_depth_and_ends_exact(
    tiny_endgame: dict[str, Any], twl_engine: Engine
) -> None:
    position = parse_cgp(tiny_endgame["cgp"])
    steps = list(solve_in_steps(position, twl_engine))
    assert [s.plies for s in steps] == list(range(1, len(steps) + 1))  # one ply deeper each time
    for step in steps:  # each depth's answer is the depth-limited search's
        assert step.value == solve(position, twl_engine, plies=step.plies).value
    assert steps[-1].exact and steps[-1].value == tiny_endgame["value"]  # MAGPIE's value, proven
    assert not any(s.exact for s in steps[:-1]) and steps[-1].nodes >= steps[0].nodes
