"""The game's rules at named positions: rejections with their reasons, exchanges, end of game, challenges."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.analysis.infer import kept_after
from lexigrid.scrabble.analysis.peg import MAX_BAG
from lexigrid.scrabble.analysis.phase import phase
from lexigrid.scrabble.core.cgp import format_cgp, parse_cgp
from lexigrid.scrabble.core.ending import share, verdict
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.action import IllegalMove, tiles_notation
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.view import View
from tests.scrabble_game.conftest import EMPTY, set_up

# Named positions: RATES across the centre (8F-8J).
MIDGAME = [*EMPTY[:7], "....." + "RATES" + ".....", *EMPTY[8:]]

REJECTIONS = [
    # name, board, rack, bag, input, the reason's key words
    ("garbage", EMPTY, "AEINRST", None, "hello", "bad move"),
    ("bad coordinate", EMPTY, "AEINRST", None, "88 AT", "bad coordinate"),
    ("column off the board", EMPTY, "AEINRST", None, "8Q AT", "runs off the board"),
    ("off the board", EMPTY, "AEINRST", None, "8N STAR", "runs off the board"),
    ("opening off the centre", EMPTY, "AEINRST", None, "1A AT", "must cover the centre"),
    ("not a word", EMPTY, "AEINRST", None, "8H TRIN", "TRIN, which is not in"),
    ("tile not on the rack", EMPTY, "AEINRST", None, "8H ZA", "8H ZA: your rack (AEINRST) has no Z"),
    ("two tiles not on the rack", EMPTY, "AEINRST", None, "8H ZAX", "has no X and no Z"),
    (
        "a second O",
        EMPTY,
        "AAEILOT",
        None,
        "8H ZOO",
        "(AAEILOT) has only 1 O of the 2 the move needs and no Z",
    ),
    ("two blanks from one", EMPTY, "AEINRS?", None, "8H sAt", "has only 1 blank of the 2 the move needs"),
    ("a tile twice", EMPTY, "AEINRST", None, "8H TATE", "has only 1 T of the 2 the move needs"),
    ("not connected", MIDGAME, "AEINRST", None, "1A AT", "does not touch a tile"),
    ("cross word not valid", MIDGAME, "AEINRST", None, "9F TI", "which is not in"),
    ("covers a different tile", MIDGAME, "AEINRST", None, "8F XATES", "on a square holding R"),
    ("exchange, bag of 6", MIDGAME, "AEINRST", 6, "-AE", "at least 7 tiles in the bag; it holds 6"),
    ("exchange, tile not on rack", MIDGAME, "AEINRST", None, "-QQ", "-QQ: your rack (AEINRST) has no Q"),
    ("bad exchange", MIDGAME, "AEINRST", None, "-A1", "bad exchange"),
    ("challenge when void", MIDGAME, "AEINRST", None, "challenge", "no play to challenge"),
    ("accept with nothing", MIDGAME, "AEINRST", None, "accept", "nothing to accept"),
]


@pytest.mark.parametrize(
    ("board", "rack", "bag", "text", "reason"),
    [case[1:] for case in REJECTIONS],
    ids=[case[0] for case in REJECTIONS],
)
def test_rejected_input_says_why_and_changes_nothing(
    humans: Callable[..., Game], board: list[str], rack: str, bag: int | None, text: str, reason: str
) -> None:
    game = humans(board=board, racks=[rack, "EIOQUXZ"], bag=bag)
    before = View.full(game).state()
    with pytest.raises(IllegalMove, match=re.escape(reason)) as refused:
        game.play(text)
    assert View.full(game).state() == before
    if text.startswith("-") and bag is not None:  # the page says why before a move, in the same words
        assert before["exchange_refused"] == str(refused.value)
    assert game.to_move == 0


TILE_REJECTIONS = [
    ("not in one line", [(7, 7, "A"), (8, 8, "T")], "not in one line"),
    ("gap", [(7, 7, "A"), (7, 9, "T")], "leave a gap"),
    ("occupied", [(7, 5, "A")], "already taken"),
    ("off the board", [(15, 0, "A")], "off the board"),
]


@pytest.mark.parametrize(
    ("tiles", "reason"), [c[1:] for c in TILE_REJECTIONS], ids=[c[0] for c in TILE_REJECTIONS]
)
def test_tiles_placed_one_by_one_are_judged(
    humans: Callable[..., Game], tiles: list[tuple[int, int, str]], reason: str
) -> None:
    game = humans(board=MIDGAME if reason == "already taken" else EMPTY, racks=["AEINRST", "EIOQUXZ"])
    with pytest.raises(IllegalMove, match=reason):
        game.play_tiles(tiles)


def test_tiles_become_the_move_through_board_letters(humans: Callable[..., Game]) -> None:
    game = humans(board=MIDGAME, racks=["AEINRST", "EIOQUXZ"])
    assert tiles_notation(game.board, [(7, 10, "S")]) == "8F RATESS"  # hooked on: the whole across word
    assert tiles_notation(game.board, [(6, 9, "A"), (8, 9, "T")]) == "J7 AST"
    assert tiles_notation(game.board, [(6, 7, "A")]) == "H7 AT"  # one tile, no across word: down


def test_opening_scores_and_draws(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    bag = len(game.bag)
    (turn,) = game.play("8h at")  # all lowercase but no blank on the rack: read as capitals
    assert (turn.kind, turn.move, turn.score, turn.total) == ("place", "8H AT", 4, 4)  # 2 x (A + T)
    assert len(game.racks[0]) == 7 and len(game.bag) == bag - 2
    assert game.board[7, 7] == "A" and game.to_move == 1


def test_blank_is_lowercase_and_scores_nothing(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AEINRS?", "EIOQUXZ"])
    (turn,) = game.play("8H tA")
    assert turn.score == 2 and game.board[7, 7] == "t"  # (0 + 1) x 2
    assert len(game.racks[0]) == 7


def test_bingo_adds_fifty(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    (turn,) = game.play("8H RETAINS")
    # seven 1-point tiles, I on the DL at L8, all doubled by the centre, plus the bingo's 50
    assert turn.bingo and turn.score == (7 + 1) * 2 + 50


def test_exchange_with_seven_in_the_bag(humans: Callable[..., Game]) -> None:
    game = humans(board=MIDGAME, racks=["AEINRST", "EIOQUXZ"], bag=7)
    bag_before = sorted(game.bag.tiles)
    assert View.full(game).state()["exchange_refused"] is None  # the page's exchange button is on
    (turn,) = game.play("-SA")
    assert (turn.kind, turn.move, turn.score) == ("exchange", "-AS", 0)
    assert len(game.bag) == 7 and len(game.racks[0]) == 7
    assert sorted(game.bag.tiles + list(game.racks[0])) == sorted([*bag_before, *"AEINRST"])
    assert game.zeros == 1 and game.to_move == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bag", [0, 6, 7])
def test_the_engine_s_bag_is_the_game_s_whatever_the_players(
    humans: Callable[..., Game], players: int, bag: int
) -> None:
    """The position the engine sees counts the game's own bag (the other racks lumped together are full
    already): the phase and whether the engine may exchange follow it, as the umpire does."""
    racks = ["AEINRST", "EIOQUXZ", "ABCDEFG", "HIJKLMN"][:players]
    game = humans(players, board=MIDGAME, racks=racks, bag=bag)
    position = game.position()
    assert position.bag_when_full() == bag
    assert phase(position) == ("endgame" if bag == 0 else "pre-endgame" if bag <= MAX_BAG else "midgame")
    assert position.can_exchange() == (View.full(game).state()["exchange_refused"] is None) == (bag == 7)


def test_six_scoreless_turns_end_the_game(humans: Callable[..., Game]) -> None:
    game = humans(board=MIDGAME, racks=["AEINRST", "EIOQUXZ"])
    for _ in range(5):
        game.play("-")
        assert not game.over
    game.play("-")
    assert game.over and game.end_reason == "scoreless"
    assert game.scores == [-7, -(1 + 1 + 1 + 10 + 1 + 8 + 10)]  # each loses their own rack
    with pytest.raises(IllegalMove, match="over"):
        game.play("-")


def test_a_scoring_play_resets_the_scoreless_count(humans: Callable[..., Game]) -> None:
    game = humans(board=MIDGAME, racks=["AEINRST", "EIOQUXZ"])
    for _ in range(5):
        game.play("-")
    game.play("9J OX")  # player 1: O under the S of RATES makes SO
    assert not game.over and game.zeros == 0


def test_a_play_scoring_nothing_is_one_more_scoreless_turn(humans: Callable[..., Game]) -> None:
    game = humans(racks=["??EINRT", "AEIOQUZ"])
    game.play("-")
    game.play("-")
    (turn,) = game.play("8H aa")  # two blanks: 0 points, even on the centre's double word
    assert turn.score == 0 and game.zeros == 3 and not game.over


def test_going_out_two_players_gains_twice_the_other_rack(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AT", "QI"], bag=0)
    game.play("8H AT")
    assert game.over and game.end_reason == "out"
    assert game.scores == [4 + 2 * 11, 0]
    assert [t.kind for t in game.turns] == ["place", "out"]
    assert game.turns[-1].move == "(IQ)"


def test_going_out_three_players_gains_the_sum_others_lose_their_own(humans: Callable[..., Game]) -> None:
    game = humans(players=3, racks=["AT", "QI", "ZA"], bag=0)
    game.play("8H AT")
    assert game.scores == [4 + 11 + 11, -11, -11]
    assert game.winners() == [0]


VERDICTS = {
    "a person wins": (["You", "Computer"], [402, 351], "out", 1, "You win 402–351 (Computer went out)"),
    "a named winner": (["ann", "Computer"], [300, 351], "out", 0, "Computer wins 351–300 (ann went out)"),
    "a tie": (["ann", "bob"], [300, 300], "scoreless", None, "ann and bob tie 300–300 (six scoreless turns)"),
    "three players": (["ann", "you", "cpu"], [90, 120, 80], "out", 2, "you win 120–90–80 (cpu went out)"),
}


@pytest.mark.parametrize(("names", "scores", "reason", "out", "said"), VERDICTS.values(), ids=VERDICTS.keys())
def test_the_verdict_in_words(
    names: list[str], scores: list[int], reason: str, out: int | None, said: str
) -> None:
    assert verdict(names, scores, reason, out) == said


@pytest.mark.parametrize(("spread", "won"), [(1, 1.0), (250, 1.0), (0, 0.5), (-1, 0.0), (-0.5, 0.0)])
def test_the_share_of_a_win_by_final_spread(spread: float, won: float) -> None:
    assert share(spread) == won


def test_a_finished_game_gives_its_verdict(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AT", "QI"], bag=0)
    assert game.verdict() is None and View.full(game).state()["verdict"] is None
    game.play("8H AT")
    assert game.verdict() == "human1 wins 26–0 (human1 went out)" == View.of(game, 1).state()["verdict"]


def test_double_challenge_withdraws_a_phony(humans: Callable[..., Game]) -> None:
    game = humans(challenge="double", racks=["AEINRST", "EIOQUXZ"])
    bag = sorted(game.bag.tiles)
    game.play("8H TRIN")  # a phony stands until challenged
    assert game.scores[0] == 8 and game.can_challenge()
    game.play("challenge")
    assert game.scores == [0, 0] and game.board.is_empty()
    assert game.racks[0] == "AEINRST" and sorted(game.bag.tiles) == bag
    assert game.to_move == 1 and [t.kind for t in game.turns] == ["place", "withdrawn"]
    assert game.turns[-1].move == "--" and game.zeros == 1


def test_double_challenge_of_a_valid_play_costs_the_challenger_the_turn(humans: Callable[..., Game]) -> None:
    game = humans(challenge="double", racks=["AEINRST", "EIOQUXZ"])
    game.play("8H AT")
    game.play("challenge")
    assert game.scores == [4, 0] and game.to_move == 0
    assert game.turns[-1].kind == "lost-challenge"
    with pytest.raises(IllegalMove, match="no play to challenge"):
        game.play("challenge")


def test_five_point_rule_credits_the_challenged_player(humans: Callable[..., Game]) -> None:
    game = humans(challenge="five", racks=["AEINRST", "EIOQUXZ"])
    game.play("8H AT")
    game.play("challenge")
    assert game.scores == [9, 0] and game.to_move == 1  # the challenger still moves


def test_going_out_with_a_phony_waits_for_the_challenge(humans: Callable[..., Game]) -> None:
    game = humans(challenge="double", racks=["INRT", "QI"], bag=0)
    game.play("8H TRIN")
    assert not game.over and game.awaiting == "challenge-or-accept"
    with pytest.raises(IllegalMove, match="challenge' or 'accept"):
        game.play("-")
    game.play("challenge")
    assert not game.over and game.racks[0] == "INRT" and game.to_move == 1


def test_accepting_a_play_that_goes_out_ends_the_game(humans: Callable[..., Game]) -> None:
    game = humans(challenge="double", racks=["AT", "QI"], bag=0)
    game.play("8H AT")
    game.play("accept")
    assert game.over and game.scores == [4 + 22, 0]


def test_computer_challenges_a_phony(small_lexicon: Lexicon) -> None:
    game = set_up(
        Game.new(["human", "equity"], seed=3, lexicon=small_lexicon, challenge="double"),
        racks=["AEINRST", "AEINRST"],
    )
    game.play("8H TRIN")
    game.play_computers()
    assert game.turns[1].kind == "withdrawn"
    assert game.turns[2].kind in ("place", "exchange", "pass") and game.turns[2].player == 1
    assert game.to_move == 0


def test_bad_setups_are_refused(small_lexicon: Lexicon) -> None:
    with pytest.raises(LexigridError, match="2 to 4 players"):
        Game.new(["human"], lexicon=small_lexicon)
    with pytest.raises(LexigridError, match="challenge rule"):
        Game.new(["human", "human"], lexicon=small_lexicon, challenge="sometimes")
    with pytest.raises(LexigridError, match="unknown computer level"):
        Game.new(["human", "grandmaster"], lexicon=small_lexicon)


INPUTS = ["8H AT", "8H TRIN", "-", "-AE", "-ZZ", "challenge", "accept", "9H AT", "H8 TA", "x", "8H", ""]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(INPUTS), max_size=12), st.sampled_from(["void", "double", "five"]))
def test_any_input_is_applied_or_refused_whole(
    humans: Callable[..., Game], inputs: list[str], challenge: str
) -> None:
    game = humans(challenge=challenge, racks=["AEINRST", "AEINRST"])
    for text in inputs:
        before = View.full(game).state()
        try:
            game.play(text)
        except IllegalMove:
            assert View.full(game).state() == before
        tiles = len(game.board.tiles) - game.board.tiles.count(0) + sum(map(len, game.racks)) + len(game.bag)
        assert tiles == 100
        assert game.scores == [
            sum(t.score for t in game.turns if t.player == p) for p in range(len(game.seats))
        ]


@pytest.mark.parametrize(
    ("rack", "typed", "on_board", "saved"),
    [
        ("AEINT??", "8h at", "A", "8H AT"),
        ("EINRS??", "8h at", "a", "8H at"),
        ("AEINT??", "8H aT", "a", "8H aT"),
    ],
    ids=["capitals on the rack", "only blanks fit", "mixed case is literal"],
)
def test_lowercase_words_and_blanks(
    humans: Callable[..., Game], small_lexicon: Lexicon, rack: str, typed: str, on_board: str, saved: str
) -> None:
    game = humans(racks=[rack, "EIOQUXZ"])
    game.play(typed)
    assert game.board[7, 7] == on_board and game.actions == [saved]
    again = set_up(Game.new(["human", "human"], seed=7, lexicon=small_lexicon), racks=[rack, "EIOQUXZ"])
    again.replay(game.actions)
    assert again.board == game.board and again.racks == game.racks


def test_state_hides_the_other_racks(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    seen = View.of(game, 1).state()
    assert [p["rack"] for p in seen["players"]] == [None, "EIOQUXZ"]
    assert seen["players"][0]["tiles"] == 7 and "AEINRST" not in seen["cgp"]
    assert sorted(seen["unseen"]) == sorted("".join(game.bag.tiles) + "AEINRST")
    assert [p["rack"] for p in View.full(game).state()["players"]] == ["AEINRST", "EIOQUXZ"]


def test_tiles_with_blanks_are_taken_literally(humans: Callable[..., Game]) -> None:
    game = humans(racks=["AEINT??", "EIOQUXZ"])
    game.play_tiles([(7, 7, "a"), (7, 8, "t")])  # two blanks, although the rack holds A and T
    assert game.board[7, 7] == "a" and game.actions == ["8H at"] and game.scores[0] == 0


# What the mover sees of the opponent's last play (for rack inference): a placement that stands, else nothing.
LAST_PLAYS = [
    # name, players, challenge rule, the actions, what player to move sees
    ("first turn", 2, "void", [], None),
    ("a placement", 2, "void", ["8H AT"], "8H AT"),
    ("through a tile", 2, "void", ["8H AT", "H7 ZA"], "H7 Z(A)"),
    ("after an exchange", 2, "void", ["8H AT", "-IOQ"], None),
    ("after a pass", 2, "void", ["8H AT", "-"], None),
    ("a phony withdrawn", 2, "double", ["8H TRIN", "challenge"], None),
    ("the challenger's lost turn", 2, "double", ["8H AT", "challenge"], None),
    ("a bonus after the placement", 2, "five", ["8H AT", "challenge"], "8H AT"),
    ("three players", 3, "void", ["8H AT"], None),
]


@pytest.mark.parametrize(
    ("players", "challenge", "actions", "seen"),
    [case[1:] for case in LAST_PLAYS],
    ids=[case[0] for case in LAST_PLAYS],
)
def test_the_opponents_last_play_as_the_mover_sees_it(
    humans: Callable[..., Game], players: int, challenge: str, actions: list[str], seen: str | None
) -> None:
    racks = ["AEINRST", "EIOQUXZ", "AEINRST"][:players]
    game = humans(players=players, challenge=challenge, racks=racks)
    for action in actions:
        game.play(action)
    assert game.position().last_play() == seen
    if seen is None:
        assert game.opponent_kept(None) is None  # nothing to infer from


def test_what_the_opponent_kept_is_inferred_from_what_the_mover_sees(humans: Callable[..., Game]) -> None:
    """The game's inference is the one from a CGP of the mover's view, which does not hold the other rack."""
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    game.play("8H TRAINS")
    found = game.opponent_kept(None)
    seen = game.position()
    view = parse_cgp(f"{format_cgp(seen).split()[0]} {seen.racks[0]}/ {seen.scores[0]}/{seen.scores[1]} 0")
    expected = kept_after(view, "8H TRAINS", Engine.shared(game.lexicon, game.rules))
    assert found is not None and found.complete and found.leaves == expected.leaves and found.leave_size == 1
    assert found.leaves and {leave.tiles for leave in found.leaves} <= set(game.rules.tiles.counts)


def test_a_phony_that_stood_tells_nothing(humans: Callable[..., Game]) -> None:
    game = humans(challenge="double", racks=["AEINRST", "EIOQUXZ"])
    game.play("8H TRIN")  # not a word: it stands unless challenged
    assert game.position().last_play() == "8H TRIN" and game.opponent_kept(None) is None
