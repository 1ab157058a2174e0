"""Whole seeded games between computer players, checked turn by turn against the rules and the referee."""

from __future__ import annotations

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.game import Game
from tests.scrabble_game.conftest import set_up, tile_total
from tests.scrabble_game.test_rules import MIDGAME

GAMES = [
    ("equity v score", ["equity", "score"], 1),
    ("score v equity", ["score", "equity"], 2),
    ("equity v beginner", ["equity", "top:5"], 3),
    ("three players", ["equity", "score", "top:3"], 4),
    ("four players", ["equity", "score", "equity", "score"], 5),
]


def _play_checked(players: list[str], seed: int, lexicon: Lexicon) -> Game:
    """A whole game; after every action the 100 tiles are all somewhere and the bag only shrinks."""
    game = Game.new(players, seed=seed, lexicon=lexicon)
    bags: list[int] = []

    def check(g: Game) -> None:
        assert tile_total(g) == 100
        assert all(len(r) <= 7 for r in g.racks)
        bags.append(len(g.bag))

    game.listeners.append(check)
    game.play_computers()
    assert bags == sorted(bags, reverse=True)
    return game


@pytest.mark.parametrize(("players", "seed"), [g[1:] for g in GAMES], ids=[g[0] for g in GAMES])
def test_computer_games_follow_the_rules(default_lexicon: Lexicon, players: list[str], seed: int) -> None:
    game = _play_checked(players, seed, default_lexicon)
    assert game.over
    if game.end_reason == "out":
        assert len(game.bag) == 0 and any(not r for r in game.racks)
    else:
        moves = [t for t in game.turns if t.kind not in ("rack", "out")]
        assert all(t.score == 0 for t in moves[-MAX_SCORELESS_TURNS:])
    assert game.scores == [sum(t.score for t in game.turns if t.player == p) for p in range(len(players))]

    # The same actions typed by people are judged by the independent referee: same scores, same board.
    people = Game.new(["human"] * len(players), seed=seed, lexicon=default_lexicon)
    people.replay(game.actions)
    assert people.scores == game.scores and people.board == game.board and people.racks == game.racks
    assert [t.as_dict() for t in people.turns] == [t.as_dict() for t in game.turns]


@pytest.mark.parametrize(("bag", "exchanges"), [(40, True), (7, True), (6, False)])
def test_computer_exchanges_only_with_seven_in_the_bag(
    default_lexicon: Lexicon, bag: int, exchanges: bool
) -> None:
    game = Game.new(["equity", "equity"], seed=1, lexicon=default_lexicon)
    set_up(game, board=MIDGAME, racks=["QUUVVWW", "AEINRST"], bag=bag)
    options = Engine.shared(game.lexicon, game.rules).moves(game.position())
    best = options.top(1, "equity")[0]
    (turn,) = game.play_computer()
    # With 7+ in the bag the exchanges are among the options and the computer plays the best of all;
    # with 6 there is no exchange to choose from.
    assert bool(options.exchanges) is exchanges
    assert turn.kind == best.kind
    assert turn.kind != "exchange" or exchanges


def test_same_seed_same_game(default_lexicon: Lexicon) -> None:
    # static endgames: an endgame search cut short by its time limit may choose differently on another run
    one = Game.new(["equity", "top:4"], seed=11, lexicon=default_lexicon, endgame_seconds=None)
    two = Game.new(["equity", "top:4"], seed=11, lexicon=default_lexicon, endgame_seconds=None)
    one.play_computers()
    two.play_computers()
    assert one.actions == two.actions and one.scores == two.scores
    other = Game.new(["equity", "top:4"], seed=12, lexicon=default_lexicon, endgame_seconds=None)
    other.play_computers()
    assert other.actions != one.actions


def test_equity_player_uses_the_engine_best_move(default_lexicon: Lexicon) -> None:
    game = Game.new(["equity", "score"], seed=21, lexicon=default_lexicon)
    engine = Engine.shared(default_lexicon, game.rules)
    for _ in range(6):
        expected = engine.best(game.position(), "equity" if game.to_move == 0 else "score")
        assert expected is not None
        (turn, *_) = game.play_computer()
        assert game.actions[-1] == expected.notation and turn.score == expected.score


def test_beginner_plays_only_its_vocabulary(default_lexicon: Lexicon) -> None:
    from lexigrid.scrabble.core import referee
    from lexigrid.scrabble.core.move import parse_move
    from lexigrid.scrabble.game.players import BEGINNER_VOCABULARY, vocabulary

    words = vocabulary(default_lexicon, BEGINNER_VOCABULARY)
    game = Game.new(["beginner", "equity"], seed=17, lexicon=default_lexicon)
    game.play_computers()
    people = Game.new(["human", "human"], seed=17, lexicon=default_lexicon)
    checked = 0
    for action in game.actions:
        mover = people.to_move
        move = parse_move(action, people.board)
        if mover == 0 and move.kind == "place":
            formed = referee.words_formed(people.board, move)
            assert all(words.is_word("".join(t for *_, t, _ in w).upper()) for w in formed), action
            checked += 1
        people.replay([action])
    assert checked >= 5 and people.scores == game.scores


def test_a_computer_seat_takes_another_player_but_a_person_seat_does_not(default_lexicon: Lexicon) -> None:
    from lexigrid.scrabble.game.players import ScorePlayer

    game = Game.new(["human", "equity"], seed=3, lexicon=default_lexicon)
    player = ScorePlayer(Engine.shared(default_lexicon, game.rules))
    with pytest.raises(LexigridError, match="is a person's"):
        game.seat_computer(0, player)
    game.seat_computer(1, player)
    game.play("-")  # the person passes; the new player replies with the best-scoring placement
    best = player.engine.best(game.position(), "score")
    game.play_computers()
    reply = game.turns[-1]
    assert best is not None
    assert (reply.kind, reply.notation, reply.score) == ("place", best.notation, best.score)
