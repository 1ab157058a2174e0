"""GCG records: games exported and read back replay to the same scores and board; bad records are named."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import export_gcg, format_gcg, parse_gcg
from lexigrid.scrabble.records.gcg_replay import Phony, replay_gcg

COMPUTER_GAMES = [
    ("equity v score", ["equity", "score"], 31),
    ("three players", ["equity", "score", "equity"], 32),
    ("four players", ["score", "top:3", "equity", "score"], 33),
]


def _round_trip(game: Game, lexicon: Lexicon) -> None:
    text = export_gcg(View.full(game))
    record = parse_gcg(text)
    assert format_gcg(record) == text
    replayed = replay_gcg(record, lexicon)
    assert replayed.scores == game.scores
    assert replayed.board == game.board


@pytest.mark.parametrize(
    ("players", "seed"), [g[1:] for g in COMPUTER_GAMES], ids=[g[0] for g in COMPUTER_GAMES]
)
def test_computer_games_round_trip(default_lexicon: Lexicon, players: list[str], seed: int) -> None:
    game = Game.new(players, seed=seed, lexicon=default_lexicon)
    game.play_computers()
    _round_trip(game, default_lexicon)


def test_challenges_and_passes_round_trip(humans: Callable[..., Game], small_lexicon: Lexicon) -> None:
    game = humans(challenge="double", racks=["AEINRST", "AEINRST"])
    for action in ["8H TRIN", "challenge", "8H AT", "challenge", "-", "-AE", "-", "-", "-"]:
        game.play(action)
    kinds = [t.kind for t in game.turns]
    assert kinds[:4] == ["place", "withdrawn", "place", "lost-challenge"]
    assert game.over and game.end_reason == "scoreless"
    text = export_gcg(View.full(game))
    assert ">human1: AEINRST -- -8 0" in text
    _round_trip(game, small_lexicon)


def test_five_point_bonus_round_trips(humans: Callable[..., Game], small_lexicon: Lexicon) -> None:
    game = humans(challenge="five", racks=["AT", "QI"], bag=0)
    game.play("8H AT")
    game.play("challenge")
    assert game.over
    text = export_gcg(View.full(game))
    assert ">human1: (challenge) +5 9" in text
    assert text.rstrip().endswith(">human1: (IQ) +22 31")
    _round_trip(game, small_lexicon)


HAND_WRITTEN = """#character-encoding UTF-8
#player1 ann Ann Smith
#player2 bob Bob Jones
#lexicon custom
>ann: AEINRST 8H AT +4 4
>bob: EIOQUXZ H7 Z(A) +{za} {za}
"""


def test_a_hand_written_record_replays_and_a_wrong_score_is_named(small_lexicon: Lexicon) -> None:
    record = parse_gcg(HAND_WRITTEN.format(za=11))
    assert record.players == [("ann", "Ann Smith"), ("bob", "Bob Jones")] and record.lexicon == "custom"
    replayed = replay_gcg(record, small_lexicon)
    assert replayed.scores == [4, 11] and replayed.board[6, 7] == "Z"  # Z (10) + A (1), no premium
    with pytest.raises(LexigridError, match=r"line 6: the move scores 11, the record says \+13"):
        replay_gcg(parse_gcg(HAND_WRITTEN.format(za=13)), small_lexicon)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("#player1 a A\n>a: AB 8H AB +10 10\n", "an event before the #player1 and #player2 lines"),
        ("#player1 a A\n", "needs #player1 and #player2"),
        ("#player1 a A\n#player2 b B\nnonsense\n", "neither a #pragma"),
        ("#player1 a A\n#player2 b B\n>a: AT 8H AT\n", "should end with the points"),
    ],
    ids=["event before players", "one player", "not an event", "no points"],
)
def test_malformed_records_are_refused(text: str, reason: str) -> None:
    with pytest.raises(LexigridError, match=reason):
        parse_gcg(text)


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        (">c: AT 8H AT +4 4", "not one of the #player lines"),
        (">a: AE 8H AT +4 4", "plays AT but the rack AE lacks T"),
        (">a: AT 8H AT +4 5", "total would be 4, the record says 5"),
        (">a: AT -- -4 0", "a withdrawal \\(--\\) with no placement before it"),
    ],
    ids=["unknown player", "not on the rack", "bad total", "nothing to withdraw"],
)
def test_replay_names_the_bad_event(small_lexicon: Lexicon, event: str, reason: str) -> None:
    record = parse_gcg(f"#player1 a A\n#player2 b B\n{event}\n")
    with pytest.raises(LexigridError, match=reason):
        replay_gcg(record, small_lexicon)


def test_a_phony_that_stood_replays_and_is_reported(small_lexicon: Lexicon) -> None:
    record = parse_gcg("#player1 a A\n#player2 b B\n>a: TRIN 8H TRIN +8 8\n")
    replayed = replay_gcg(record, small_lexicon)
    assert replayed.scores == [8, 0] and replayed.phonies == [Phony(3, "TRIN")]
    assert replay_gcg(record, None).phonies == [] and not replay_gcg(record, None).words_checked
