"""Rack inference: drawable leaves only, the certain empty leave, a known answer, and a slow oracle."""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.runner import Runner
from lexigrid.scrabble import Board, Engine, Move, Position, Rack, parse_cgp
from lexigrid.scrabble.analysis import infer as infer_module
from lexigrid.scrabble.analysis.draws import rack_draws, sub_multisets
from lexigrid.scrabble.analysis.infer import (
    INFER_SHARE,
    LeaveSpace,
    before_play,
    infer,
    infer_for_simulation,
    judge_block,
    kept_after,
    rack_pool,
    read_play,
)
from lexigrid.scrabble.analysis.inference import Inference
from lexigrid.scrabble.core.alphabet import leave_after
from lexigrid.scrabble.core.rules import Rules, TileSet, layout, tile_set
from lexigrid.scrabble.engine.leave import HeuristicLeaves
from tests.conftest import CliResult
from tests.scrabble.conftest import SMALL_WORDS, stopping_clock, ticking_clock
from tests.scrabble.oracle import placements

Cli = Callable[..., CliResult]
EMPTY = "/".join(["15"] * 15)
RATE = "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15"  # RATE across from 8G


def _before(board: str, theirs: str = "") -> Position:
    """The position before the play: its player to move, their rack unknown."""
    return parse_cgp(f"{board} /{theirs} 0/0 0")


def _assert_a_distribution(found: Inference, position: Position) -> None:
    """Every leave is drawable from the pool less the tiles played, and the weights sum to 1."""
    pool = rack_pool(position) - Counter(found.play.tiles_used)
    for leave in found.leaves:
        assert not Counter(leave.tiles) - pool, leave.tiles
        assert len(leave.tiles) == found.leave_size
    assert not found.leaves or math.isclose(sum(leave.probability for leave in found.leaves), 1.0)
    assert found.consistent == len(found.leaves) <= found.racks_checked


def test_leaves_are_drawable_and_weights_sum_to_one(small_engine: Engine) -> None:
    position = _before(RATE, "SS?")  # the observer holds two of the four S and one of the two blanks
    found = infer(position, "9G ETAS", small_engine, margin=10)
    assert found.play.score > 0 and found.leaves
    _assert_a_distribution(found, position)
    for leave in found.leaves:  # the observer's tiles are not theirs: one blank and one S are left
        assert leave.tiles.count("?") <= 1 and leave.tiles.count("S") <= 1
    marginals = found.marginals()
    assert set(marginals) == set(found.pool) and all(0 <= p <= 1 for p in marginals.values())


def test_a_play_of_every_tile_leaves_nothing(small_engine: Engine) -> None:
    found = infer(_before(EMPTY), "8B RETAINS", small_engine)
    assert found.certain and found.leave_size == 0
    assert [(leave.tiles, leave.probability) for leave in found.leaves] == [("", 1.0)]
    assert not any(found.marginals().values())
    draws = rack_draws(rack_pool(_before(EMPTY)), "AEINRST")
    expected = {"leave": "", "probability": 1.0, "draws": draws, "equity_loss": 0.0}
    assert found.as_dict()["leaves"] == [expected]


class KeepOnlyQ:
    """A leave model under which keeping anything but a Q costs 100 points a tile."""

    def value(self, leave: str) -> float:
        """-100 for each tile other than Q."""
        return -100.0 * sum(1 for tile in leave if tile != "Q")


def test_a_play_that_is_only_best_when_they_kept_a_q(small_lexicon: Lexicon) -> None:
    # With AEINRT + x, a six-tile play keeps x. Keeping anything but Q costs 100, so for x != Q exchanging
    # all seven (equity 0) beats the play by far more than the margin; with x = Q nothing keeps fewer tiles
    # (no word has seven of AEINRTQ) and the engine's best play of AEINRT keeps the Q at no cost.
    engine = Engine(small_lexicon, leaves=KeepOnlyQ())
    position = _before(EMPTY)
    best = engine.best(parse_cgp(f"{EMPTY} AEINRTQ/ 0/0 0"), "equity")
    assert best is not None and sorted(best.tiles_used) == sorted("AEINRT")
    found = infer(position, best.notation, engine, margin=5)
    assert [leave.tiles for leave in found.leaves] == ["Q"]
    assert found.marginals()["Q"] == 1.0 and found.racks_checked == 27


def test_the_score_is_checked(small_engine: Engine) -> None:
    found = infer(_before(RATE), "9G ETAS", small_engine)
    assert found.play.score == 16
    with pytest.raises(LexigridError, match="scores 16 on this board, not 99"):
        infer(_before(RATE), "9G ETAS", small_engine, score=99)
    assert infer(_before(RATE), "9G ETAS", small_engine, score=16).leaves == found.leaves


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("", "empty move"),
        ("-", "a pass uses no tiles"),
        ("8A STAR", "^8A STAR does not touch a tile on the board$"),  # the referee's words
        ("9G ETXS", "^9G ETXS forms ETXS, which is not in"),
        ("9G ZZZZ", "forms ZZZZ, which is not in"),
        ("8K QQ", "forms RATEQQ, which is not in"),
        ("8 STAR", "bad coordinate"),
    ],
)
def test_bad_moves_are_one_line_errors(small_engine: Engine, move: str, message: str) -> None:
    with pytest.raises(LexigridError, match=message):
        infer(_before(RATE), move, small_engine)


def test_tiles_that_are_not_unseen(small_engine: Engine) -> None:
    position = _before(RATE, "QZ")  # the only Q and Z are on the observer's rack
    with pytest.raises(LexigridError, match="uses Q, which are not unseen"):
        infer(position, "-Q", small_engine)
    for margin in (-1, math.nan):  # a NaN would make every rack consistent
        with pytest.raises(LexigridError, match=f"margin must be 0 or more points of equity, not {margin:g}"):
            infer(position, "9G ETAS", small_engine, margin=margin)


# -- the slow oracle: tiny tile set, every rack brute-forced with the pure-Python generator ----------

TINY_COUNTS = {"A": 3, "E": 3, "I": 2, "N": 2, "R": 2, "S": 2, "T": 2, "X": 1, "Q": 1, "?": 1}
TINY = Rules(TileSet("tiny", TINY_COUNTS, dict(tile_set().scores)), layout(), rack_size=4)
TINY_WORDS = [w for w in SMALL_WORDS if set(w) <= set(TINY_COUNTS)]
HAND_VALUES = {"?": 20.0, "S": 7.0, "X": 2.0, "E": 1.0, "R": 1.0, "Q": -9.0, "I": -2.0}


class HandLeaves:
    """A hand leave function for the oracle: per-tile values, less 3 for every duplicate."""

    def value(self, leave: str) -> float:
        """The sum of the tiles' values less the duplicate penalty."""
        duplicates = len(leave) - len(set(leave))
        return sum(HAND_VALUES.get(t, 0.0) for t in leave) - 3.0 * duplicates


@functools.cache
def _oracle_best(rows: tuple[str, ...], rack: str, can_exchange: bool, lexicon: Lexicon) -> float:
    """The rack's best static equity by brute force: every placement, exchange and the pass."""
    leaves = HandLeaves()
    equities = [-1000.0]
    board = Board.from_rows(list(rows), TINY)
    for move in placements(board, Rack(rack, 4), lexicon).values():
        equities.append(move.score + leaves.value(leave_after(rack, move.tiles_used)))
    if can_exchange:
        for k in range(1, len(rack) + 1):
            for swapped in set(itertools.combinations(sorted(rack), k)):
                equities.append(leaves.value(leave_after(rack, "".join(swapped))))
    return max(equities)


def _oracle(
    position: Position, play: Move, margin: float, lexicon: Lexicon, temperature: float | None = None
) -> dict[str, float]:
    """Every consistent leave and its probability, from the definition (times exp(-loss / temperature))."""
    pool = rack_pool(position)
    size = min(TINY.rack_size, sum(pool.values())) - len(play.tiles_used)
    weights = {}
    for leave in sub_multisets(sorted((pool - Counter(play.tiles_used)).items()), size):
        rack = play.tiles_used + leave
        before = Position(position.board, (Rack(rack, 4), position.racks[1]))
        can_exchange = before.bag_size() + len(before.racks[1]) >= 2 * TINY.rack_size  # a full bag
        equity = float(play.score) if play.kind == "place" else 0.0
        equity += HandLeaves().value(leave)
        best = _oracle_best(tuple(position.board.rows()), "".join(sorted(rack)), can_exchange, lexicon)
        if best <= equity + margin + 1e-9:
            soft = 1.0 if temperature is None else math.exp(-max(0.0, best - equity) / temperature)
            weights["".join(sorted(leave, key=lambda t: (t == "?", t)))] = soft * math.prod(
                math.comb(pool[t], n) for t, n in Counter(rack).items()
            )
    total = sum(weights.values())
    return {leave: w / total for leave, w in weights.items()}


@pytest.fixture(scope="module")
def tiny_engine() -> Engine:
    """The compiled engine on the tiny tile set, 4-tile racks and the hand leave values."""
    return Engine(Lexicon.from_words(TINY_WORDS), TINY, HandLeaves())


@pytest.mark.parametrize(
    ("move", "margin"),
    [
        ("9H XI", 0.0),
        ("9H XI", 4.0),
        ("7G ATE", 2.0),
        ("-QI", 1.0),
        pytest.param("9I IS", 3.0, marks=pytest.mark.slow),
        pytest.param("9H xI", 6.0, marks=pytest.mark.slow),  # a blank spent on 6 points: no rack does that
    ],
)
def test_the_oracle_agrees(tiny_engine: Engine, move: str, margin: float) -> None:
    position = parse_cgp(f"{RATE} /E 0/0 0", TINY)
    found = infer(position, move, tiny_engine, margin=margin)
    expected = _oracle(position, found.play, margin, tiny_engine.lexicon)
    assert {leave.tiles: pytest.approx(leave.probability) for leave in found.leaves} == expected
    assert found.racks_checked >= len(expected)
    _assert_a_distribution(found, position)


def test_an_exchange_with_too_few_tiles_in_the_bag_is_refused_in_the_umpire_s_words(
    tiny_engine: Engine,
) -> None:
    """19 tiles: 8 on the board, 4 on each rack, 3 in the bag, fewer than a rack of 4."""
    board = RATE.replace("/15/15/15/15/15/15/15", "/15/6SANE5/15/15/15/15/15", 1)
    position = parse_cgp(f"{board} /E 0/0 0", TINY)
    refused = "-QI is not legal here: exchanges need at least 4 tiles in the bag; it holds 3"
    with pytest.raises(LexigridError, match=f"^{refused}$"):
        infer(position, "-QI", tiny_engine)


def test_a_timed_inference_of_one_possible_leave_is_certain(small_engine: Engine) -> None:
    found = infer(_before(EMPTY), "8B RETAINS", small_engine, seconds=1, clock=ticking_clock())
    assert found.certain and [(leave.tiles, leave.probability) for leave in found.leaves] == [("", 1.0)]
    assert found.searched == 0


@pytest.mark.parametrize(("move", "temperature"), [("9H XI", 1.0), ("7G ATE", 3.0), ("-QI", 0.5)])
def test_soft_weights_are_the_oracle_s(tiny_engine: Engine, move: str, temperature: float) -> None:
    """A Boltzmann player: each consistent leave weighted by exp(-loss / T) too, exhaustive and timed."""
    position = parse_cgp(f"{RATE} /E 0/0 0", TINY)
    found = infer(position, move, tiny_engine, margin=8.0, temperature=temperature)
    expected = _oracle(position, found.play, 8.0, tiny_engine.lexicon, temperature)
    assert {leave.tiles: pytest.approx(leave.probability) for leave in found.leaves} == expected
    timed = infer(position, move, tiny_engine, margin=8.0, temperature=temperature, seconds=3600)
    assert timed.complete and [(leave.tiles, pytest.approx(leave.probability)) for leave in timed.leaves] == [
        (leave.tiles, leave.probability) for leave in found.leaves
    ]
    hard = _oracle(position, found.play, 8.0, tiny_engine.lexicon)
    assert any(hard[leave] != pytest.approx(p) for leave, p in expected.items())  # the weights matter here


def test_jobs_give_the_same_distribution(tiny_engine: Engine) -> None:
    position = parse_cgp(f"{RATE} /E 0/0 0", TINY)
    one = infer(position, "9H XI", tiny_engine, margin=3)
    two = infer(position, "9H XI", tiny_engine, margin=3, runner=Runner(jobs=2))
    assert one.leaves == two.leaves and one.racks_checked == two.racks_checked
    timed = infer(position, "9H XI", tiny_engine, margin=3, runner=Runner(jobs=2), seconds=3600)
    assert timed.leaves == one.leaves and timed.complete  # each worker every other leaf, likeliest first


# -- within a time ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", [1, 5, 40])
def test_a_timed_inference_judges_the_likeliest_racks_first(small_engine: Engine, seconds: int) -> None:
    """The clock ticks a second a look: `seconds` looks judge that many leaves less one, those whose racks
    are the likeliest to be drawn, each weighted as the exhaustive inference weighs it among them."""
    position = _before(RATE)
    exhaustive = infer(position, "9G ETAS", small_engine)
    found = infer(position, "9G ETAS", small_engine, seconds=seconds, clock=ticking_clock())
    assert found.racks_checked == seconds - 1 and not found.complete
    assert found.leaves_total == exhaustive.racks_checked == exhaustive.leaves_total and exhaustive.complete
    pool, played = rack_pool(position), found.play.tiles_used
    draws = sorted(
        rack_draws(pool, played + leave) for leave in LeaveSpace.of(position, found.play, pool).listed()
    )
    judged = [leave.draws for leave in found.leaves]
    assert all(d >= draws[-(seconds - 1)] for d in judged)  # none less likely than the last judged rank
    weights = {leave.tiles: leave.probability for leave in exhaustive.leaves}
    mass = sum(weights[leave.tiles] for leave in found.leaves)
    for leave in found.leaves:
        assert leave.probability == pytest.approx(weights[leave.tiles] / mass)


def test_a_timed_inference_judges_the_listing_sorted_by_draws(small_engine: Engine) -> None:
    """Within a time the leaves judged are the first of the listed leaves sorted by their racks' draws
    (stably), in that order."""
    position = _before(RATE)
    play = read_play(position, "9G ETAS", small_engine)
    pool = rack_pool(position)
    space = LeaveSpace.of(position, play, pool)
    listed = space.listed()
    ranked = sorted(listed, key=lambda leave: -rack_draws(pool, play.tiles_used + leave))
    judge = infer_module.Judge(small_engine, position, play, 5.0)
    judged, _ = judge.until(space.likeliest(), 30, ticking_clock())
    assert judged == ranked[:30]  # the clock reads 0 to 29 before them


def test_a_timed_inference_does_not_list_the_leave_space(
    small_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-tile play may have kept any of thousands of leaves: within a time they are handed out likeliest
    first, never listed, and weigh as in the exhaustive inference."""
    position = _before(RATE)
    every = infer(position, "9H S", small_engine)
    exhaustive = {leave.tiles: leave.probability for leave in every.leaves}

    def unlisted(*args: object) -> None:
        raise AssertionError("listed the leave space")

    monkeypatch.setattr(LeaveSpace, "listed", unlisted)
    found = infer(position, "9H S", small_engine, seconds=60, clock=ticking_clock())
    assert found.racks_checked == 59 and found.leaves_total == every.racks_checked > 1000
    mass = sum(exhaustive[leave.tiles] for leave in found.leaves)
    for leave in found.leaves:
        assert leave.probability == pytest.approx(exhaustive[leave.tiles] / mass)


def test_an_inference_stopped_by_its_clock_judged_the_listing_s_first_leaves(small_engine: Engine) -> None:
    """With no time limit the leaves are judged as listed; a clock that reads infinity (the user stopped the
    run) ends it there, and the answer says it was stopped, not that the likeliest were judged."""
    position = _before(RATE)
    exhaustive = infer(position, "9G ETAS", small_engine)
    found = infer(position, "9G ETAS", small_engine, clock=stopping_clock(30))
    listed = LeaveSpace.of(position, found.play, rack_pool(position)).listed()
    assert found.racks_checked == 30 and found.stopped and not found.complete and not exhaustive.stopped
    weights = {leave.tiles: leave.probability for leave in exhaustive.leaves}
    assert {leave.tiles for leave in found.leaves} == set(listed[:30]) & set(weights)
    timed = infer(position, "9G ETAS", small_engine, seconds=29, clock=ticking_clock())
    assert timed.racks_checked == 28 and not timed.stopped  # a time limit is not a stop


def test_a_timed_inference_with_time_to_spare_is_the_exhaustive_one(small_engine: Engine) -> None:
    exhaustive = infer(_before(RATE), "9G ETAS", small_engine)
    found = infer(_before(RATE), "9G ETAS", small_engine, seconds=3600)
    assert found.complete and found.leaves == exhaustive.leaves


def test_a_block_of_leaves_stops_at_its_deadline(small_engine: Engine) -> None:
    """A runner's block judges its leaves in order until the wall clock's deadline: none once it is past."""
    position = _before(RATE)
    leaves = LeaveSpace.of(
        position, read_play(position, "9G ETAS", small_engine), rack_pool(position)
    ).listed()[:20]
    lexicon, cgp = small_engine.lexicon, f"{RATE} / 0/0 0"
    judged, losses, _ = judge_block(
        (lexicon, small_engine.leaves, small_engine.rules, cgp, "9G ETAS", 5.0, leaves, math.inf)
    )
    assert judged == leaves and len(losses) == 20 and any(loss is not None for loss in losses)
    assert judge_block(
        (lexicon, small_engine.leaves, small_engine.rules, cgp, "9G ETAS", 5.0, leaves, 0.0)
    ) == ([], [], 0)


def test_a_stride_block_judges_every_step_th_likeliest_leave(small_engine: Engine) -> None:
    """A timed inference over a runner sends each worker a stride of the likeliest order, not a list."""
    position = _before(RATE)
    play = read_play(position, "9G ETAS", small_engine)
    order = list(LeaveSpace.of(position, play, rack_pool(position)).likeliest())
    lexicon, cgp = small_engine.lexicon, f"{RATE} / 0/0 0"
    judged, losses, _ = judge_block(
        (lexicon, small_engine.leaves, small_engine.rules, cgp, "9G ETAS", 5.0, (1, 2), math.inf)
    )
    assert judged == order[1::2] and len(losses) == len(judged)
    assert judge_block(
        (lexicon, small_engine.leaves, small_engine.rules, cgp, "9G ETAS", 5.0, (0, 2), 0.0)
    ) == ([], [], 0)


def test_a_timed_inference_knows_the_size_of_the_leave_space(small_engine: Engine) -> None:
    position = _before(RATE)
    play = read_play(position, "9G ETAS", small_engine)
    found = infer(position, play, small_engine, seconds=30, clock=ticking_clock())
    space = LeaveSpace.of(position, play, rack_pool(position))
    assert found.leaves_total == len(space.listed()) == space.count()
    assert not found.complete


def test_a_simulation_s_inference_takes_its_share(
    small_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before a timed simulation the inference gets INFER_SHARE of its seconds and leaves it the rest; before
    one by play-outs it judges every rack."""
    after = parse_cgp("15/15/15/15/15/15/15/6RATES4/6ETAS5/15/15/15/15/15/15 AEI/ 40/30 0")
    given_seconds: list[float | None] = []
    real = infer

    def spy(*args: object, **kwargs: object) -> Inference:
        given_seconds.append(kwargs["seconds"])  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("lexigrid.scrabble.analysis.infer.infer", spy)
    found, left = infer_for_simulation(after, "9G ETAS", small_engine, None)
    assert left is None and found.complete and given_seconds == [None]
    found, left = infer_for_simulation(after, "9G ETAS", small_engine, 3600.0)
    assert given_seconds[1] == pytest.approx(INFER_SHARE * 3600)
    assert left is not None and 3600 * (1 - INFER_SHARE) <= left <= 3600


# -- the command --------------------------------------------------------------------------------------


def test_cli_json(cli: Cli) -> None:
    result = cli("scrabble", "infer", f"{RATE} / 0/0 0", "9G ETAS", "--json", "--top", "3")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["play"] == "9G ETAS" and payload["tiles_played"] == "ETAS" and payload["score"] == 16
    assert len(payload["leaves"]) == 3 and payload["leave_size"] == 3
    assert payload["racks_checked"] >= payload["consistent"] > 0
    assert set(payload["marginals"]) >= {"A", "?"}


def test_cli_from_after_the_play_with_soft_weights(cli: Cli) -> None:
    """`--after` reads the position after the play (the same answer as before it); `--temperature` weighs
    the leaves softly, as the API does."""
    after = "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 / 0/16 0"
    args = ("9G ETAS", "--json", "--top", "1000", "--temperature", "2")
    from_after = json.loads(cli("scrabble", "infer", after, *args, "--after").stdout)
    before = json.loads(cli("scrabble", "infer", f"{RATE} / 0/0 0", *args).stdout)
    for payload in (from_after, before):
        del payload["elapsed_ms"], payload["racks_per_second"]
    assert from_after == before and before["temperature"] == 2 and before["complete"]
    assert len(before["leaves"]) == before["consistent"] and before["leaves_total"] == before["racks_checked"]
    hard = json.loads(cli("scrabble", "infer", f"{RATE} / 0/0 0", *args[:-2]).stdout)
    assert hard["temperature"] is None and hard["leaves"] != before["leaves"]  # the weights differ


def test_cli_reads_an_exchange_as_the_move(cli: Cli) -> None:
    """`-QZ` is the move, not an option the command lacks; an option it lacks is still refused."""
    result = cli("scrabble", "infer", f"{RATE} /AEINRST 0/0 0", "-QZ", "--margin", "3", "--json")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["play"] == "-QZ" and payload["leave_size"] == 5 and payload["tiles_played"] == "QZ"
    refused = cli("scrabble", "infer", f"{RATE} / 0/0 0", "9G ETAS", "--tpo", "3")
    assert refused.exit_code == 2
    assert refused.stderr.startswith("error: no such option: --tpo (Possible options: --top) (see `")
    unknown = cli("scrabble", "infer", f"{RATE} / 0/0 0", "9G ETAS", "--zzz=1")
    assert unknown.exit_code == 2 and unknown.stderr.startswith("error: no such option: --zzz (see `")


def test_cli_sim_draws_their_racks_from_the_inference(cli: Cli) -> None:
    """`sim --infer` lists the inference its opponent racks were drawn from, in the JSON and in a line."""
    after = "15/15/15/15/15/15/15/6RATE5/6ETAS5/15/15/15/15/15/15 AEINRST/ 0/16 0"
    sim = ("scrabble", "sim", after, "--infer", "9G ETAS", "--plays", "2", "--iterations", "8")
    payload = json.loads(cli(*sim, "--json").stdout)
    assert payload["inference"]["play"] == "9G ETAS" and payload["inference"]["complete"]
    assert 0 < len(payload["inference"]["leaves"]) <= 10 and len(payload["plays"]) == 2
    alone = cli("scrabble", "sim", after, "--temperature", "3")
    assert alone.exit_code == 2 and "--temperature weighs the inference from their last play" in alone.stderr
    shown = cli(*sim)
    assert (
        shown.exit_code == 0
        and "their racks were drawn from what they may have kept after 9G ETAS: " in shown.stderr
        and "racks judged), likeliest " in shown.stderr
    )


def test_cli_draws_the_table_and_bars(cli: Cli) -> None:
    result = cli("scrabble", "infer", f"{RATE} / 0/0 0", "9G ETAS", "--top", "4")
    assert result.exit_code == 0, result.stderr
    assert "kept after 9G ETAS" in result.stdout and "█" in result.stdout and "racks/s" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["9G ETAS", "--top", "0"], "--top must be at least 1"),
        (["9G ETAS", "--margin", "-2"], "--margin must be 0 or more"),
        (["9G ETAS", "--score", "3"], "not 3"),
        (["8A STAR"], "8A STAR does not touch a tile on the board"),
        ([""], "empty move"),
        (["9G ETAS", "--temperature", "0"], "--temperature must be more than 0, not 0"),
        (["9G ETAS", "--seconds", "0"], "--seconds must be more than 0, not 0"),
        (["9G ETAS", "--after"], "9G ETAS is not on the board (9G is empty)"),
    ],
)
def test_cli_bad_input(cli: Cli, args: list[str], message: str) -> None:
    result = cli("scrabble", "infer", f"{RATE} / 0/0 0", *args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_heuristic_leaves_are_additive_and_accepted(small_lexicon: Lexicon) -> None:
    engine = Engine(small_lexicon, leaves=HeuristicLeaves())
    found = infer(_before(RATE), "9G ETAS", engine)
    _assert_a_distribution(found, _before(RATE))


def test_before_play_takes_the_new_tiles_off(small_engine: Engine) -> None:
    after = parse_cgp("15/15/15/15/15/15/15/6RATES4/6ETAS5/15/15/15/15/15/15 AEI/ 40/30 0")
    before = before_play(after, "8G (RATE)S", small_engine)
    assert before.board.rows()[7] == "......RATE....." and before.board.rows()[8] == "......ETAS....."
    assert (str(before.racks[0]), str(before.racks[1])) == ("", "AEI") and before.scores == (25, 40)
    assert before_play(after, "8G ....S", small_engine).board == before.board
    assert before_play(after, "-", small_engine).scores == (30, 40)
    with pytest.raises(LexigridError, match=r"^8G \(RATE\)X is not on the board \(8K holds S, not X\)"):
        before_play(after, "8G (RATE)X", small_engine)
    with pytest.raises(LexigridError, match=r"^K10 KNIT is not on the board \(K10 is empty\): give the last"):
        before_play(after, "K10 KNIT", small_engine)


@pytest.mark.slow
def test_inference_runs_on_the_position_before_play_gives(small_engine: Engine) -> None:
    """The rebuilt position is one inference accepts (a one-tile play: every six-tile leave, so slow)."""
    after = parse_cgp("15/15/15/15/15/15/15/6RATES4/6ETAS5/15/15/15/15/15/15 AEI/ 40/30 0")
    found = infer(before_play(after, "8G (RATE)S", small_engine), "8G (RATE)S", small_engine)
    assert found.play.score == 5 and found.play.tiles_used == "S"


def test_what_they_kept_seen_from_after_their_play(small_engine: Engine) -> None:
    """From the position after their play: a play of every tile kept nothing; the weights of a shorter
    play's leaves (for `simulate(opponent=...)`) are drawable from what we cannot see and sum to 1."""
    after = parse_cgp("15/15/15/15/15/15/15/1RETAINS7/15/15/15/15/15/15/15 AEI/ 59/0 0")
    assert kept_after(after, "8B RETAINS", small_engine).distribution() == [("", 1.0)]
    after = parse_cgp("15/15/15/15/15/15/15/6RATES4/6ETAS5/15/15/15/15/15/15 AEI/ 40/30 0")
    kept = kept_after(after, "9G ETAS", small_engine).distribution()
    assert kept is not None and math.isclose(sum(w for _, w in kept), 1.0)
    unseen = after.unseen() - Counter(after.racks[0].counts)
    assert all(not (Counter(leave) - unseen) for leave, _ in kept)
