"""Monte Carlo simulation: exact on an empty bag, sees a bingo trap, repeats from its seed, bad input."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.runner import Runner
from lexigrid.scrabble import Engine, Move, Position, Rack, Rules, parse_cgp, parse_move
from lexigrid.scrabble.analysis.sim import (
    REORDER_AFTER,
    Playout,
    PlayStats,
    Progress,
    SimResult,
    SimSpec,
    Stopped,
    places,
    read_plays,
    reordering,
    simulate,
)
from lexigrid.scrabble.analysis.sim_player import SimPlayer, sim_player
from lexigrid.scrabble.core.cgp import format_cgp
from lexigrid.scrabble.core.rules import TileSet
from lexigrid.scrabble.core.rules import rules as default_rules
from lexigrid.scrabble.engine.winpct import WinTable, default_table, fit
from tests.conftest import CliResult
from tests.scrabble.conftest import REFERENCE_BOARD, SMALL_WORDS
from tests.scrabble_game.conftest import EMPTY_BAG_TIE

Cli = Callable[..., CliResult]

# TEA down column N (rows 11-13). The mover holds AZOXHM. Z on M13 (a double-word square) beside the A of
# TEA makes ZA twice, across and down: 44 points, the static top play by 7 points of equity. But it puts
# an A on M14, over the triple-word row, and ZA takes an S: the opponent's seven-letter word ending in S
# on row 15, columns G-M, covers the triple-word square H15 and makes ZAS (86 points with the bingo).
# The unseen tiles are AEINRSST, so the opponent holds seven of them: whichever one is left in the bag,
# the hand lexicon has a word ending in S for six of the eight racks (RETAINS, INSERTS, INSTARS, SATIRES,
# ARSINES). Plays that keep the A off row 14 (M12 HM, 27) give nothing away.
TRAP_WORDS = ["INSERTS", "INSTARS", "SATIRES", "ARSINES", "RETINAS", "ZAS"]
BOARD = "15/15/15/15/15/15/15/15/15/15/13T1/13E1/13A1/15/15"


def _rules(mover: str, unseen: str) -> Rules:
    """The standard board with a tile set of exactly the board's tiles, the mover's rack and `unseen`."""
    std = default_rules()
    counts = Counter("TEA") + Counter(mover) + Counter(unseen)
    return Rules(TileSet("test", dict(counts), dict(std.tiles.scores)), std.layout)


@pytest.fixture(scope="module")
def trap_lexicon() -> Lexicon:
    """The small hand lexicon with the trap's seven-letter words and ZAS."""
    return Lexicon.from_words(sorted(set(SMALL_WORDS + TRAP_WORDS)))


def _setup(lexicon: Lexicon, mover: str, unseen: str) -> tuple[Position, Engine]:
    """The TEA board with `mover`'s rack, the opponent's unknown, and an engine for its tile set."""
    rules = _rules(mover, unseen)
    return parse_cgp(f"{BOARD} {mover}/ 300/300 0", rules), Engine(lexicon, rules)


def _play_out(
    engine: Engine,
    position: Position,
    opponent: str,
    move: Move,
    replies: list[tuple[int, bool]] | None = None,
) -> int:
    """The deterministic play-out, written plainly: fresh board copies, both sides' static-equity best
    moves until one goes out (+2 x the other rack) or six scoreless turns; the mover's points margin (and
    into `replies` each reply's points and whether it placed a whole rack)."""
    board = position.board.copy()
    racks, gains, zeros, side = [str(position.rack), opponent], [0, 0], position.zeros, 0
    points = position.rules.tiles.score
    while True:
        used = move.tiles_used
        for tile in used:
            racks[side] = racks[side].replace(tile, "", 1)
        board.place(move)
        gains[side] += move.score
        zeros = 0 if move.score else zeros + 1
        if not racks[side] and move.kind == "place":
            return gains[0] - gains[1] + (1 if side == 0 else -1) * 2 * sum(map(points, racks[1 - side]))
        if zeros == 6:
            return gains[0] - gains[1] - sum(map(points, racks[0])) + sum(map(points, racks[1]))
        side = 1 - side
        found = engine.best(
            Position(board, (Rack.of_tiles(racks[side]), Rack.of_tiles(racks[1 - side]))), "equity"
        )
        assert found is not None
        move = found
        if replies is not None:
            replies.append((move.score, len(move.tiles_used) == position.rules.rack_size))


def test_an_empty_bag_gives_the_deterministic_play_out(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRST")  # 7 unseen: the opponent holds them
    result = simulate(position, engine, plays=8, plies=2, iterations=50, seed=3)
    assert len(result.plays) == 8 and result.iterations == 8
    for play in result.plays:
        expected = _play_out(engine, position, "AEINRST", play.move)
        assert play.iterations == 1 and play.stderr == 0
        assert play.mean_value == expected, play.move
        assert play.win_pct == (100.0 if expected > 0 else 0.0 if expected < 0 else 50.0)
    assert any(p.mean_value != p.move.equity for p in result.plays)  # the play-out is not static equity


def test_an_empty_bag_is_identified_at_once_even_with_plays_of_equal_value(
    trap_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the bag empty each play-out is exact; 13L TEA and 13M EAT come out exactly as good as 13L
    ETA, and the run said "stopped": "budget" after a few ms of --seconds 5, 0 % sure: nothing was left
    to learn."""
    from lexigrid.scrabble.analysis import sim as sim_module

    monkeypatch.setattr(sim_module, "time", _Clock(0.001))
    position, engine = _setup(trap_lexicon, "ET", "RS")
    result = simulate(position, engine, plays=6, plies=2, seconds=5, seed=1)
    assert result.stopped == "identified" and result.leader_confidence == 1.0 and result.elapsed_ms < 5000
    tied = [p for p in result.plays if p.tied]
    assert tied and all(p.mean_value == result.plays[0].mean_value for p in tied)
    assert all(p.iterations == 1 for p in result.plays)
    assert result.exact and result.as_dict()["exact"] is True  # the faces say "exactly as good"


def test_a_run_is_exact_only_with_the_bag_empty_and_every_play_played_out(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "ET", "RS")
    stopped_at_once = simulate(position, engine, plays=6, plies=2, iterations=5, on_round=lambda _: True)
    assert stopped_at_once.exact  # the first round gives every play its one play-out
    bag, bag_engine = _setup(trap_lexicon, "AZOXHM", "AEINRSST")  # one tile left in the bag
    found = simulate(bag, bag_engine, plays=4, plies=1, iterations=40, seed=1)
    assert not found.exact and found.as_dict()["exact"] is False


def test_the_static_top_play_opening_a_bingo_lane_is_ranked_below_a_safe_play(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSST")  # 8 unseen: one stays in the bag
    static = engine.moves(position).top(8, "equity")
    assert static[0].notation == "M13 ZA" and static[0].score == 44
    result = simulate(position, engine, plays=8, plies=1, iterations=300, seed=11)
    ranked = [p.move.notation for p in result.plays]
    trap = result.plays[ranked.index("M13 ZA")]
    safe = result.plays[ranked.index("M12 HM")]
    assert ranked.index("M12 HM") < ranked.index("M13 ZA")
    assert safe.mean_value > trap.mean_value + 3 * (safe.stderr + trap.stderr)
    assert safe.win_pct > trap.win_pct


# The racks of seven of AEINRSST that make a word ending in S on row 15 through ZA's hook (six of the eight
# tiles left in the bag: every one but I and R).
BINGO_RACKS = {"".join(sorted(w)) for w in ("INSERTS", "INSTARS", "SATIRES", "ARSINES", "RETINAS")}


def test_the_opponent_s_reply_shows_the_bingo_a_play_gives_away(trap_lexicon: Lexicon) -> None:
    """Ply 1 after M13 ZA bingos exactly on the deals whose opponent rack makes a word ending in S (counted
    from the deals themselves); after M12 HM, which keeps the A off row 14, never."""
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSST")  # 8 unseen: one stays in the bag
    result = simulate(position, engine, plays=8, plies=1, iterations=200, seed=11)
    found = {p.move.notation: p for p in result.plays}
    trap, safe = found["M13 ZA"], found["M12 HM"]
    spec = SimSpec(format_cgp(position), (trap.move,), 1, 11, None, None, "", "deals")
    playout = Playout(engine, position, spec, default_table())
    dealt = ["".join(sorted(playout.deal(k)[0])) for k in range(trap.iterations)]
    reply = trap.plies[0]  # (one tile in the bag: after the answer, the play-outs go on to the end)
    assert reply.moves == trap.iterations
    assert reply.bingos == sum(rack in BINGO_RACKS for rack in dealt) > 0
    assert safe.plies[0].moves == safe.iterations and safe.plies[0].bingos == 0
    assert reply.mean_points > safe.plies[0].mean_points + 20  # the 86 points of the bingo through ZAS


def test_with_the_bag_empty_the_plies_go_on_to_the_end(trap_lexicon: Lexicon) -> None:
    """With the bag empty a play-out goes on to the end of the game, and its plies with it, past the one
    asked: each ply is that move of the deterministic play-out written plainly (one play-out: exact)."""
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRST")  # 7 unseen: the opponent holds them
    result = simulate(position, engine, plays=6, plies=1, iterations=10, seed=3)
    assert any(len(play.plies) > 1 for play in result.plays)
    for play in result.plays:
        replies: list[tuple[int, bool]] = []
        _play_out(engine, position, "AEINRST", play.move, replies)
        found = [(ply.moves, ply.points, ply.bingos) for ply in play.plies]
        assert found == [(1, points, int(bingo)) for points, bingo in replies], play.move


OPENING = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"


@pytest.mark.parametrize(
    ("a", "b", "reorders"),
    [
        ("8C STEARIN", "8C RATINES", True),  # the same seven tiles on 8C-8I
        ("8C sTEARIN", "8C RATINEs", True),  # a blank is a blank, whichever letter it stands for
        ("8C sTEARIN", "8C RATINES", False),  # a blank is not an S
        ("8C STEARIN", "8B ANESTRI", False),  # not the same squares
        ("8C STEARIN", "H3 STEARIN", False),  # nor the same line
        ("8C STEARIN", "8C STEARIN", False),  # the same play
        ("8C STEARIN", "8C STEARINE", False),  # not the same length
        ("10D W(OR)D", "10D D(OR)W", True),  # the board's tiles between them
        ("-ABC", "-CBA", False),  # exchanges are not placements
    ],
)
def test_a_reordering_is_the_same_tiles_on_the_same_squares(a: str, b: str, reorders: bool) -> None:
    board = parse_cgp("15/15/15/15/15/15/15/15/15/4OR9/15/15/15/15/15 AEINRST/ 0/0 0").board  # OR: 10E-10F
    assert reordering(parse_move(a, board), parse_move(b, board)) is reorders
    assert reordering(parse_move(b, board), parse_move(a, board)) is reorders


def test_a_leader_s_reordering_is_set_aside_and_the_leader_identified(default_lexicon: Lexicon) -> None:
    """8B RETAINS, weighed beside 8B ANESTRI (the same tiles on the same squares), would keep a 10,000
    play-out run going to its end: set aside once the leader has REORDER_AFTER play-outs, it takes no more,
    and the leader is identified with no rival left."""
    position = parse_cgp(OPENING)
    engine = Engine(default_lexicon)
    weighed = read_plays(position, engine, ["8B RETAINS"])
    result = simulate(position, engine, plays=1, iterations=10_000, include=weighed, seed=0)
    leader, aside = result.plays
    assert aside.reorders == leader.move and not aside.tied and aside.added
    assert result.stopped == "identified" and result.leader_confidence == 1.0
    assert REORDER_AFTER <= leader.iterations < 1_000 and aside.iterations < 1_000
    assert result.notes()["reordered"] == (
        "1 play set aside: the same tiles on the same squares as a leader, in another order"
    )
    row = result.as_dict()["plays"][1]
    assert row["reorders"] == leader.move.paren and row["place"] == "2"


def test_a_move_weighed_is_never_set_aside(default_lexicon: Lexicon) -> None:
    """8B RETAINS weighed as a review weighs the play made (`weigh`): never set aside as the leader's
    reordering, it takes play-outs until the leader is told apart from it, not the few of a play set aside."""
    position = parse_cgp(OPENING)
    engine = Engine(default_lexicon)
    picked = read_plays(position, engine, ["8B RETAINS"])
    aside = simulate(position, engine, plays=1, iterations=600, include=picked, seed=0).plays[1]
    weighed = simulate(position, engine, plays=1, iterations=600, weigh=picked, seed=0)
    leader, mine = weighed.plays
    assert aside.reorders == leader.move and mine.reorders is None and mine.added
    assert weighed.stopped == "identified" and not mine.tied  # the leader told apart from the play itself
    assert mine.iterations > aside.iterations


def test_plays_set_aside_take_no_more_play_outs_and_come_last(default_lexicon: Lexicon) -> None:
    """On the opening six plays share two spans (8C, 8B); each play set aside reorders a play still
    simulated, keeps the play-outs it had and is ranked after every play still simulated."""
    position = parse_cgp(OPENING)
    engine = Engine(default_lexicon)
    seen: list[dict[str, int]] = []

    def watch(progress: Progress) -> None:
        seen.append({p.move.notation: p.iterations for p in progress.plays if p.reorders is not None})

    result = simulate(position, engine, plays=6, iterations=2_000, seed=0, on_round=watch)
    aside = [p for p in result.plays if p.reorders is not None]
    assert aside and result.plays[-len(aside) :] == aside
    active = {p.move.key for p in result.plays if p.reorders is None}
    assert all(p.reorders is not None and p.reorders.key in active for p in aside)
    assert all(reordering(p.move, p.reorders) for p in aside if p.reorders is not None)
    frozen = {p.move.notation: p.iterations for p in aside}
    first = next(i for i, counts in enumerate(seen) if counts)
    assert all(counts == {k: frozen[k] for k in counts} for counts in seen[first:])  # no more play-outs


def test_a_seeded_simulation_repeats_exactly_with_any_number_of_workers(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")

    def run(seed: int, jobs: int) -> dict[str, object]:
        found = simulate(
            position, engine, plays=5, plies=2, iterations=80, seed=seed, runner=Runner(jobs=jobs)
        ).as_dict()
        del found["elapsed_ms"]
        return found

    first = run(5, 1)
    assert run(5, 1) == first
    assert run(5, 2) == first  # iteration i's deal depends on the seed and i only
    assert run(6, 1) != first


def test_the_opponent_rack_can_come_from_a_distribution(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    # the opponent is known to have kept RETAIN: it draws one of S, S, U, U (a bingo half the time)
    kept = simulate(position, engine, plays=3, plies=1, iterations=64, seed=1, opponent=[("RETAIN", 1.0)])
    uniform = simulate(position, engine, plays=3, plies=1, iterations=64, seed=1)
    assert kept.as_dict()["plays"] != uniform.as_dict()["plays"]
    with pytest.raises(LexigridError, match="not drawable"):
        simulate(position, engine, plays=2, plies=1, iterations=8, opponent=[("QQ", 1.0)])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"plays": 0}, "needs at least 1 play, not 0"),  # the library's words (the CLI's: test_cli_errors)
        ({"plies": 0}, "needs at least 1 ply, not 0"),
        ({"iterations": 0}, "needs at least 1 iteration, not 0"),
        ({"seconds": 0.0}, "must be more than 0 seconds"),
        ({"plies": 3}, "the bag holds 2 tile"),
    ],
)
def test_bad_requests_are_one_line_errors(
    trap_lexicon: Lexicon, kwargs: dict[str, float], message: str
) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTU")  # 9 unseen: 2 in the bag
    with pytest.raises(LexigridError, match=message):
        simulate(position, engine, **kwargs)  # type: ignore[arg-type]


def test_a_cgp_without_a_rack_is_refused(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSST")
    bare = Position(position.board, (Rack(), Rack()), position.scores)
    with pytest.raises(LexigridError, match="no tiles"):
        simulate(bare, engine)


def test_the_sim_player_plays_the_simulation_s_choice(trap_lexicon: Lexicon) -> None:
    import random

    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSST")
    player = SimPlayer(engine, plies=1, iterations=200)
    assert player.choose(position, random.Random(1)).notation != "M13 ZA"
    timed, counted = sim_player("sim:2.5s", "2.5s", engine), sim_player("sim:40", "40", engine)
    assert isinstance(timed, SimPlayer) and isinstance(counted, SimPlayer)
    assert timed.seconds == 2.5 and counted.iterations == 40
    with pytest.raises(LexigridError, match="bad computer level"):
        sim_player("sim:x", "x", engine)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sim_player_simulates_only_two_player_games(
    small_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """With more players the simulation (two sides) does not apply: the best move by static equity."""
    import random

    from lexigrid.scrabble.analysis import chooser as module  # the sim level's simulation
    from lexigrid.scrabble.game.game import Game

    def simulated(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated")

    monkeypatch.setattr(module, "simulate", simulated)
    game = Game.new(["sim"] + ["equity"] * (players - 1), seed=3, lexicon=small_lexicon, endgame_seconds=None)
    player, position = game._computers[0], game.position()
    if players == 2:
        with pytest.raises(RuntimeError, match="simulated"):
            player.choose(position, random.Random(1))
    else:
        engine = Engine(small_lexicon)
        assert player.choose(position, random.Random(1)) == engine.best(position, "equity")


def test_the_win_table_rises_with_spread_and_settles_as_the_bag_empties() -> None:
    table = default_table()
    assert table.win_probability(-400, 50) < 0.05 < 0.95 < table.win_probability(400, 50)
    for tiles in (1, 20, 50, 90):
        chances = [table.win_probability(s, tiles) for s in range(-200, 201, 10)]
        assert chances == sorted(chances)
    assert table.win_probability(30, 5) > table.win_probability(30, 80)  # a lead counts more late
    learned = fit([(s, 40, 1.0 if s > 0 else 0.0) for s in range(-100, 101)] * 2)
    assert learned.win_probability(50, 40) > 0.9 and learned.win_probability(-50, 40) < 0.1
    assert isinstance(learned, WinTable) and learned.table().shape == (801, 101)


def test_sim_json_is_the_library_shape(cli: Cli) -> None:
    result = cli(
        "scrabble", "sim", f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "--plays", "3", "--plies", "1",
        "--iterations", "40", "--seed", "2", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert set(payload) == {
        "plays", "iterations", "stopped", "confidence", "leader_confidence", "exact", "time_limit", "notes",
        "elapsed_ms",
    }  # fmt: skip
    assert payload["time_limit"] is None and set(payload["notes"]) == {"stopped", "sure", "ties", "reordered"}
    assert payload["stopped"] in ("identified", "budget") and payload["confidence"] == 0.99
    assert payload["exact"] is False  # tiles in the bag: sampled, not exact
    assert len(payload["plays"]) == 3
    for play in payload["plays"]:
        assert set(play) == {
            "move",
            "paren",
            "score",
            "equity",
            "win_pct",
            "mean_spread",
            "stderr",
            "iterations",
            "tied",
            "added",
            "reorders",
            "place",
            "plies",
        }
        assert 0 <= play["win_pct"] <= 100 and 1 <= play["iterations"] <= 40
        (reply,) = play["plies"]  # --plies 1: the opponent's answer only
        assert reply["ply"] == 1 and reply["side"] == "opponent" and reply["moves"] == play["iterations"]
        assert set(reply) == {"ply", "side", "moves", "mean_points", "stdev", "bingo_pct"}
    assert payload["iterations"] == sum(p["iterations"] for p in payload["plays"])
    assert payload["plays"][0]["score"] >= 70  # a bingo on this board


def test_sim_details_show_each_play_s_moves_ply_by_ply(cli: Cli) -> None:
    """--details adds the plies' table: each play's figures are its JSON row's (the same seeded run)."""
    args = (f"{REFERENCE_BOARD} AEINRST/ 0/0 0", "--plays", "3", "--iterations", "40", "--seed", "2")
    plain, shown = cli("scrabble", "sim", *args), cli("scrabble", "sim", *args, "--details")
    payload = json.loads(cli("scrabble", "sim", *args, "--json").stdout)
    assert shown.exit_code == plain.exit_code == 0, shown.stderr
    assert "1: them" in shown.stdout and "2: you" in shown.stdout and "1: them" not in plain.stdout
    for play in payload["plays"]:
        assert [ply["side"] for ply in play["plies"]] == ["opponent", "mover"]  # the default 2 plies
        for ply in play["plies"]:
            assert f"{ply['mean_points']:.1f} ± {ply['stdev']:.1f} ({ply['bingo_pct']:.0f}%)" in shown.stdout


def test_sim_draws_the_opponent_from_what_their_last_play_tells(cli: Cli) -> None:
    """`--infer MOVE`: the opponent's racks come from the leaves their last play (8D FLAMES) is consistent
    with; the run is still seeded, and a different opponent model changes the play-outs."""
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    args = ("--plays", "3", "--plies", "1", "--iterations", "40", "--seed", "2", "--json")
    inferred = cli("scrabble", "sim", cgp, "--infer", "8D FLAMES", *args)
    assert inferred.exit_code == 0, inferred.stderr
    again = cli("scrabble", "sim", cgp, "--infer", "8D FLAMES", *args)
    uniform = cli("scrabble", "sim", cgp, *args)
    spreads = [[p["mean_spread"] for p in json.loads(r.stdout)["plays"]] for r in (inferred, again, uniform)]
    assert spreads[0] == spreads[1] and spreads[0] != spreads[2]
    bad = cli("scrabble", "sim", cgp, "--infer", "8D FLAMEZ", *args)
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15",), "no tiles"),
        (("--iterations", "0"), "--iterations must be at least 1"),
        (("--seconds", "0"), "--seconds must be more than 0"),
        (("--plays", "0"), "--plays must be at least 1"),
        (("--plies", "0"), "--plies must be at least 1"),
        (("--iterations", "5", "--seconds", "1"), "not both"),
        (("--confidence", "100"), "--confidence must be from 50 to under 100"),
        (("--plays", "101"), "--plays must be at most 100"),
        (("--add", "1A ZA"), "1A ZA does not touch a tile on the board"),
        (("--add", "-QZ"), "-QZ is not legal here: the rack (AEINRST) has no Q and no Z"),
        (("--add", "8D WORD"), "8D WORD"),
    ],
)
def test_bad_sim_input_is_one_line_and_exit_2(cli: Cli, args: tuple[str, ...], message: str) -> None:
    cgp = args[0] if args[0].count("/") > 10 else f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    options = args[1:] if args[0].count("/") > 10 else args
    result = cli("scrabble", "sim", cgp, *options)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_sim_takes_up_to_100_plays(cli: Cli) -> None:
    """The issue's ceiling is a working size, not only a refused 101."""
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    result = cli("scrabble", "sim", cgp, "--plays", "100", "--plies", "1", "--iterations", "1", "--json")
    assert result.exit_code == 0, result.stderr
    plays = json.loads(result.stdout)["plays"]
    assert len(plays) == 100 and len({p["move"] for p in plays}) == 100
    assert all(p["iterations"] == 1 for p in plays)


def test_a_down_opening_is_simulated_as_its_across_mirror(trap_lexicon: Lexicon) -> None:
    """On the empty board a down play is an across one transposed: one candidate, never twins."""
    position = parse_cgp(f"{'/'.join(['15'] * 15)} AEINRST/ 0/0 0")
    engine = Engine(trap_lexicon)
    played = parse_move("H4 RETINAS", position.board)
    best = [m.notation for m in engine.moves(position).top(3, "equity")]
    assert "8D RETINAS" not in best
    result = simulate(position, engine, plays=3, plies=1, iterations=1, include=[played])
    assert sorted(p.move.notation for p in result.plays) == sorted([*best, "8D RETINAS"])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("M12 HM", ("place", 27)),  # among the moves, scored as the move list scores it
        ("-", ("pass", 0)),
    ],
)
def test_a_play_weighed_is_read_as_the_move_list_has_it(
    trap_lexicon: Lexicon, text: str, found: tuple[str, int]
) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    (move,) = read_plays(position, engine, [text])
    listed = {m.key: m for m in engine.moves(position)}
    assert (move.kind, move.score) == found and move == listed[move.key]  # its equity too


@pytest.mark.parametrize(
    ("mover", "text", "message"),
    [
        ("AZOXHM", "13L Z(A)", "parentheses mark an empty square"),
        ("AZOXHM", "1A ZA", "1A ZA does not touch a tile on the board"),
        ("AZOXHM", "M12 HMZ", "M12 HMZ forms HMZ, which is not in"),
        ("AZOXHM", "13M Z(A)S", "13M ZAS is not legal here: the rack (AHMOXZ) has no S"),
        ("AZOXHM", "-AZ", "-AZ is not legal here: exchanges need at least 7 tiles in the bag; it holds 3"),
        ("AZOXHM", "8D", "bad move"),
    ],
)
def test_a_play_weighed_that_is_not_legal_says_why(
    trap_lexicon: Lexicon, mover: str, text: str, message: str
) -> None:
    position, engine = _setup(trap_lexicon, mover, "AEINRSSTUU")
    with pytest.raises(LexigridError) as error:
        read_plays(position, engine, [text])
    assert message in str(error.value) and "\n" not in str(error.value)


def test_an_exchange_weighed_is_one_of_the_rack_s(trap_lexicon: Lexicon) -> None:
    """With a full bag behind it an exchange of the rack's tiles is read with its equity; other tiles not."""
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU" * 2)  # 13 in the bag
    (move,) = read_plays(position, engine, ["-ZOX"])
    assert move.kind == "exchange" and move == {m.key: m for m in engine.exchanges(position)}[move.key]
    lacking = r"-AAZ is not legal here: the rack \(AHMOXZ\) has only 1 A of the 2 the move needs"
    with pytest.raises(LexigridError, match=lacking):
        read_plays(position, engine, ["-AAZ"])


def test_a_play_weighed_is_simulated_beside_the_best(cli: Cli) -> None:
    """`--add` puts a play far down the equity list among the candidates: the JSON ranks it with them."""
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    position = parse_cgp(cgp)
    low = Engine(load(), position.rules).moves(position).top(300, "equity")[-1]
    args = ("--plays", "3", "--plies", "1", "--iterations", "20", "--seed", "1", "--json")
    payload = json.loads(cli("scrabble", "sim", cgp, *args, "--add", low.paren).stdout)
    assert len(payload["plays"]) == 4 and low.notation in {p["move"] for p in payload["plays"]}
    assert [p["move"] for p in payload["plays"] if p["added"]] == [low.notation]  # marked as asked for
    twice = cli("scrabble", "sim", cgp, *args, "--add", low.paren, "--add", low.notation)
    assert len(json.loads(twice.stdout)["plays"]) == 4  # asked twice, simulated once
    table = cli("scrabble", "sim", cgp, *args[:-1], "--add", low.paren).stdout
    assert f"{low.paren} (added)" in table
    plain = json.loads(cli("scrabble", "sim", cgp, *args).stdout)
    assert low.notation not in {p["move"] for p in plain["plays"]}
    again = json.loads(cli("scrabble", "sim", cgp, *args, "--add", plain["plays"][0]["paren"]).stdout)
    assert len(again["plays"]) == 3  # one of the best already: not simulated twice


def test_each_round_is_reported_and_can_stop_the_run(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    rounds: list[Progress] = []

    def stop_after_two(progress: Progress) -> bool:
        rounds.append(progress)
        return len(rounds) == 2

    result = simulate(position, engine, plays=4, plies=1, iterations=500, seed=2, on_round=stop_after_two)
    assert len(rounds) == 2 and rounds[1].as_dict()["iterations"] == result.iterations
    assert [p.move.notation for p in rounds[1].plays] == [p.move.notation for p in result.plays]
    assert result.stopped == "user"


class _Clock:
    """A stand-in for the `time` module whose clock advances `tick` seconds at every reading (as in
    tests/web/test_api_sim.py): a run's length in its own seconds is a matter of counting."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def test_a_time_budget_is_used_unless_the_best_play_is_identified(
    trap_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--seconds 8` ran until one play was left by a loose test (0.1 s on a real board); now it runs
    until the leader is identified at 99 % or the 8 s are spent, and the plays not told apart are tied."""
    from lexigrid.scrabble.analysis import sim as sim_module

    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    monkeypatch.setattr(sim_module, "time", _Clock(1.0))  # a few rounds in 8 s: not enough to identify
    short = simulate(position, engine, plays=12, plies=1, seconds=8, seed=1)
    assert short.stopped == "budget" and short.elapsed_ms >= 0.9 * 8000 and short.time_limit == 8
    assert short.leader_confidence < 0.99
    ties = [p.tied for p in short.plays]
    assert not ties[0] and any(ties)
    assert ties[1:] == sorted(ties[1:], reverse=True)  # the tied plays come right after the leader
    monkeypatch.setattr(sim_module, "time", _Clock(0.01))  # the same 8 s, many more rounds
    long = simulate(position, engine, plays=4, plies=1, seconds=8, seed=1)
    assert long.stopped == "identified" and long.elapsed_ms < 8000 and long.time_limit is None
    assert long.leader_confidence >= 0.99 and not any(p.tied for p in long.plays)
    assert long.as_dict()["stopped"] == "identified"


class _PlayoutClock(_Clock):
    """A stand-in clock that also advances `per_playout` seconds for every play-out a round plays."""

    def __init__(self, tick: float, per_playout: float) -> None:
        super().__init__(tick)
        self.per_playout = per_playout


def test_a_short_time_budget_is_not_overrun_by_the_first_play_outs(
    trap_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every play's first 32 play-outs were one round whatever the budget: 12 plays x 32 at 1 ms each ran
    0.38 s on a 0.05 s budget (a game clock's short move ran 3-4 times its share). Now they come a deal at a
    time as the time allows, and no play is named best before each has had them."""
    from lexigrid.scrabble.analysis import sim as sim_module

    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    clock = _PlayoutClock(1e-6, 1e-3)
    run_round = sim_module._run_round

    def timed_round(spec: object, deals: sim_module.Deals, *args: object) -> None:
        clock.now += clock.per_playout * sum(len(plays) for _, plays in deals)
        run_round(spec, deals, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sim_module, "time", clock)
    monkeypatch.setattr(sim_module, "_run_round", timed_round)
    result = simulate(position, engine, plays=12, plies=1, seconds=0.05, seed=1)
    assert result.stopped == "budget" and 50 <= result.elapsed_ms <= 50 + 2 * 12  # a deal's 12 ms at most
    assert result.iterations < 12 * 32 and len({p.iterations for p in result.plays}) == 1
    assert not any(p.tied for p in result.plays[:1]) and result.leader_confidence < 0.99


def test_an_endless_time_budget_runs_until_the_best_play_is_identified(
    trap_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--seconds inf` and `--seconds 1e308` raised OverflowError while sizing a round."""
    from lexigrid.scrabble.analysis import sim as sim_module

    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    for seconds in (math.inf, 1e308):
        monkeypatch.setattr(sim_module, "time", _Clock(0.01))
        found = simulate(position, engine, plays=4, plies=1, seconds=seconds, seed=1)
        assert found.stopped == "identified" and found.leader_confidence >= 0.99


def test_one_play_out_a_play_identifies_nothing(cli: Cli) -> None:
    """`--iterations 1 --plays 20 --seed 2` said "best identified at 99 % confidence" from one play-out a
    play; a single play-out tells no play apart (an empty bag's, being exact, does)."""
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    result = cli("scrabble", "sim", cgp, "--iterations", "1", "--plays", "20", "--seed", "2", "--json")
    payload = json.loads(result.stdout)
    assert payload["stopped"] == "budget" and payload["leader_confidence"] == 0.0
    assert all(p["tied"] for p in payload["plays"][1:])


def test_ctrl_c_stops_the_cli_run_with_the_table_so_far(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during `scrabble sim` printed nothing (exit 130): now the first one ends the run after its
    round, with the table and "stopped": "user"; Ctrl-C is given back afterwards."""
    import os
    import signal

    from lexigrid.scrabble.analysis import sim as sim_module

    run = sim_module.simulate

    def interrupted(*args: object, **kwargs: object) -> object:
        report = kwargs["on_round"]

        def on_round(progress: Progress) -> object:
            os.kill(os.getpid(), signal.SIGINT)  # the user presses Ctrl-C during the first round's report
            return report(progress)  # type: ignore[operator]

        return run(*args, **{**kwargs, "on_round": on_round})  # type: ignore[arg-type]

    monkeypatch.setattr(sim_module, "simulate", interrupted)
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    args = ("--plays", "4", "--plies", "1", "--iterations", "500", "--seed", "0")
    payload = json.loads(cli("scrabble", "sim", cgp, *args, "--json").stdout)
    assert payload["stopped"] == "user" and payload["iterations"] == 4 * 32  # the first round only
    text = cli("scrabble", "sim", cgp, *args)
    assert text.exit_code == 0 and "stopped: the table as it stood" in " ".join(text.stdout.split())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_top_two_samples_the_leader_and_its_closest_rival_most(trap_lexicon: Lexicon) -> None:
    position, engine = _setup(trap_lexicon, "AZOXHM", "AEINRSSTUU")
    result = simulate(position, engine, plays=4, plies=1, iterations=20_000, seed=1)
    assert result.stopped == "identified" and result.iterations < 4 * 20_000  # before the budget
    counts = [p.iterations for p in result.plays]
    assert counts[0] + counts[1] > 0.8 * result.iterations and min(counts) >= 32
    assert result.plays[0].utility > result.plays[1].utility
    assert simulate(position, engine, plays=4, plies=1, iterations=100, seed=1).stopped == "budget"
    with pytest.raises(LexigridError, match="at most 100 plays, not 101"):  # the library's words
        simulate(position, engine, plays=101)
    with pytest.raises(LexigridError, match="confidence must be from 50"):
        simulate(position, engine, confidence=1.0)


def test_sim_says_why_it_stopped_and_marks_the_ties(cli: Cli) -> None:
    cgp = f"{REFERENCE_BOARD} AEINRST/ 0/0 0"
    args = ("--plays", "6", "--plies", "1", "--iterations", "300", "--seed", "0")
    text = cli("scrabble", "sim", cgp, *args)
    payload = json.loads(cli("scrabble", "sim", cgp, *args, "--json").stdout)
    assert text.exit_code == 0, text.stderr
    ties = sum(p["tied"] for p in payload["plays"])
    assert payload["stopped"] == "budget" and ties
    words = " ".join(text.stdout.split())  # the title may wrap
    sure = f"{100 * payload['leader_confidence']:.1f}% sure of the best, {ties} plays tied with it"
    if payload["leader_confidence"] < 0.0005:  # as 0.0%
        sure = f"not yet sure of the best: {ties} plays tied with it"
    assert f"every play simulated to the limit, {sure}" in words
    assert payload["notes"] == {
        "stopped": "every play simulated to the limit",
        "sure": sure,
        "ties": "the plays marked 1= are tied with the best: not told apart at 99% confidence",
        "reordered": None,  # 300 play-outs a play at most, two plies: no leader reordered
    }
    assert payload["notes"]["ties"] in words  # the confidence the ties are at
    looser = cli("scrabble", "sim", cgp, *args, "--confidence", "90")  # whatever the stop, it says so
    assert "90% confidence" in " ".join(looser.stdout.split())
    assert text.stdout.count("│ 1=") == ties + 1  # the leader shares the first place with them
    lines = text.stdout.splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("├")]  # between the groups, in each table
    assert rules and all(lines[i - 1].startswith("│ 1=") for i in rules)
    assert all(lines[i + 1].startswith(f"│ {ties + 2:>2} ") for i in rules)  # the first play beaten
    assert [p["place"] for p in payload["plays"]].count("1=") == ties + 1  # the JSON places them alike
    clear = cli("scrabble", "sim", f"{REFERENCE_BOARD} AEINRSQ/ 0/0 0", "--plays", "3", "--plies", "1")
    assert "stopped early: the best play is identified at 99% confidence" in " ".join(clear.stdout.split())
    assert "1=" not in clear.stdout


def test_sim_on_an_empty_bag_says_the_ties_are_exactly_as_good(cli: Cli) -> None:
    """With the bag empty J5 AD and N13 AD both go to a 30-point margin: exactly as good, which the CLI
    said as "best identified at 99 % confidence", as if a test of confidence had been made."""
    payload = json.loads(cli("scrabble", "sim", EMPTY_BAG_TIE, "--plays", "8", "--json").stdout)
    assert payload["exact"] is True and payload["stopped"] == "identified"
    first = [p for p in payload["plays"] if p["place"] == "1="]
    assert {p["paren"] for p in first} == {"J5 AD", "N13 AD"}
    assert {p["mean_spread"] for p in first} == {30.0}
    words = " ".join(cli("scrabble", "sim", EMPTY_BAG_TIE, "--plays", "8").stdout.split())
    assert "the bag is empty: every play is valued exactly" in words
    assert "the plays marked 1= are exactly as good as the best" in words


@pytest.mark.parametrize(
    ("confidence", "tied", "exact", "expected"),
    [
        (0.995, 0, False, "99.5% sure of the best"),
        (0.6123, 1, False, "61.2% sure of the best, 1 play tied with it"),
        (0.0004, 3, False, "not yet sure of the best: 3 plays tied with it"),
        (0.0005, 3, False, "0.1% sure of the best, 3 plays tied with it"),
        (0.0, 2, True, None),  # the bag empty: exact values, not a confidence
    ],
)
def test_the_sure_note_says_how_sure_a_run_is_of_its_best(
    confidence: float, tied: int, exact: bool, expected: str | None
) -> None:
    plays = [PlayStats(Move("pass"))] + [PlayStats(Move("pass"), tied=True) for _ in range(tied)]
    assert SimResult(plays, "budget", 1.0, 0.99, confidence, exact).notes()["sure"] == expected


@pytest.mark.parametrize(
    ("stopped", "exact", "time_limit", "tied", "expected"),
    [
        ("budget", False, None, False, ("every play simulated to the limit", None)),
        ("budget", False, 3600.0, False, ("stopped at the 3,600 s time limit", None)),
        (
            "budget",
            False,
            0.5,
            True,
            ("stopped at the 0.5 s time limit", "tied with the best: not told apart"),
        ),
        ("user", False, None, True, ("stopped: the table as it stood", "tied with the best: not told apart")),
        ("identified", False, None, False, ("stopped early: the best play is identified at 99.9%", None)),
        (
            "identified",
            True,
            None,
            True,
            ("the bag is empty: every play is valued exactly", "exactly as good"),
        ),
        ("user", True, None, False, ("the bag is empty: every play is valued exactly", None)),
    ],
)
def test_the_notes_say_why_a_run_stopped_and_what_its_ties_are(
    stopped: Stopped, exact: bool, time_limit: float | None, tied: bool, expected: tuple[str, str | None]
) -> None:
    """The words both faces show (`SimResult.as_dict`'s notes): a table of the stops and ties."""
    plays = [PlayStats(Move("pass")), PlayStats(Move("pass"), tied=tied)]
    result = SimResult(plays, stopped, 1.0, 0.999, 0.5, exact, time_limit)
    notes = result.as_dict()["notes"]
    assert notes["stopped"].startswith(expected[0])
    assert notes["ties"] is None if expected[1] is None else expected[1] in notes["ties"]
    if tied and not exact:
        assert notes["ties"].endswith("at 99.9% confidence")  # the confidence asked, as asked


@pytest.mark.parametrize(
    ("tied", "expected"),
    [
        ([False], ["1"]),
        ([False, False, False], ["1", "2", "3"]),
        ([False, True, False], ["1=", "1=", "3"]),
        ([False, True, True], ["1=", "1=", "1="]),
    ],
)
def test_the_plays_tied_with_the_leader_share_its_place(tied: list[bool], expected: list[str]) -> None:
    plays = [PlayStats(Move("pass"), tied=t) for t in tied]
    assert places(plays) == expected


@pytest.mark.parametrize(
    ("wins", "values", "expected"),
    [
        ([1.0, 0.0], [0.0, 0.0], 0.5),  # no spread: the win probability alone
        ([0.5], [20.0], 0.51),  # 20 points of spread weigh as one percentage point of winning
        ([1.0, 0.0], [40.0, -20.0], 0.505),  # the mean of the play-outs' utilities
        ([0.0], [-100.0], -0.05),  # a sure loss by 100 ranks below a sure loss by less
    ],
)
def test_a_plays_utility_is_its_win_probability_plus_a_small_spread_term(
    wins: list[float], values: list[float], expected: float
) -> None:
    play = PlayStats(Move("pass"), values=list(values), wins=list(wins))
    assert play.utility == pytest.approx(expected)
    play.values.append(0.0)  # a play-out added after a reading is counted too (the cache grows)
    play.wins.append(1.0)
    n = len(values)
    assert play.utility == pytest.approx((expected * n + 1.0) / (n + 1))
