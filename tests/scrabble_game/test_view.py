"""What a seat may see: no other rack, leave or exchanged tile while the game is on; everything after."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core.cgp import parse_cgp
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import export_gcg, parse_gcg
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from tests.conftest import CliResult


def _exchanged(humans: Callable[..., Game]) -> Game:
    """Seat 0 plays AT, seat 1 exchanges Q and X: the game goes on."""
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    game.play("8H AT")
    game.play("-QX")
    return game


def test_another_seats_racks_and_exchanges_stay_hidden_while_the_game_is_on(
    humans: Callable[..., Game],
) -> None:
    game = _exchanged(humans)
    mine, theirs = View.of(game, 0), View.of(game, 1)
    assert [(t.rack, t.move) for t in mine.turns()] == [("AEINRST", "8H AT"), ("", "-2")]
    assert [(t.rack, t.move) for t in theirs.turns()] == [("", "8H AT"), ("EIOQUXZ", "-QX")]
    state = mine.state()
    assert [m["rack"] for m in state["moves"]] == ["AEINRST", None]
    assert [p["rack"] for p in state["players"]] == [game.racks[0], None]
    assert state["seed"] is None and state["actions"] is None
    assert state["last_move"]["move"] == "-2" and state["last_move"]["notation"] == "-2"
    position = parse_cgp(state["cgp"])
    assert str(position.racks[0]) == game.racks[0] and str(position.racks[1]) == ""
    assert sorted(state["unseen"]) == sorted("".join(game.bag.tiles) + game.racks[1])
    assert mine.own_turn() == 0
    with pytest.raises(LexigridError, match="it is human1's turn"):
        theirs.own_turn()


def test_the_whole_record_is_open_once_the_game_is_over(humans: Callable[..., Game]) -> None:
    game = _exchanged(humans)
    for _ in range(5):
        game.play("-")
    assert game.over and game.end_reason == "scoreless"
    mine = View.of(game, 0)
    assert mine.turns() == game.turns and mine.state() == View.full(game).state()
    assert mine.state()["seed"] == game.seed and mine.state()["actions"] == game.actions
    with pytest.raises(LexigridError, match="the game is over"):
        mine.own_turn()


def test_a_hidden_record_is_still_a_gcg_record_that_replays(
    humans: Callable[..., Game], small_lexicon: Lexicon
) -> None:
    game = _exchanged(humans)
    text = export_gcg(View.of(game, 0))
    assert ">human2: -2 +0 0" in text and "EIOQUXZ" not in text and game.racks[1] not in text
    assert f"seed {game.seed}" not in text and f"#rack1 {game.racks[0]}" in text
    assert replay_gcg(parse_gcg(text), small_lexicon).scores == game.scores
    whole = export_gcg(View.full(game))
    assert ">human2: EIOQUXZ -QX +0 0" in whole and f"#rack2 {game.racks[1]}" in whole


def _mid_game() -> Game:
    """A saved game against the computer, two moves each in."""
    game = GameStore().track(Game.new(["human", "score"], seed=12, lexicon=None))
    for _ in range(2):
        game.play(game.hint(1)[0].notation)
        game.play_computers()
    return game


def test_cli_export_leaves_the_computers_racks_out_unless_revealed(
    cli: Callable[..., CliResult], default_lexicon: Lexicon
) -> None:
    game = _mid_game()
    computer_racks = {t.rack for t in game.turns if t.player == 1} | {game.racks[1]}
    record = cli("scrabble", "export", game.id)
    assert record.exit_code == 0, record.stderr
    computer_lines = [line for line in record.stdout.splitlines() if line.startswith(">score:")]
    assert len(computer_lines) == 2 and not any(r in record.stdout for r in computer_racks)
    assert all(re.match(r">score: (\d+[A-O]|[A-O]\d+|-\d*) ", line) for line in computer_lines)  # no rack
    assert replay_gcg(parse_gcg(record.stdout), default_lexicon).scores == game.scores
    cgp = cli("scrabble", "export", game.id, "--cgp").stdout.strip()
    assert cgp == View.of(game, 0).cgp() and str(parse_cgp(cgp).racks[1]) == ""
    early = cli("scrabble", "export", game.id, "--cgp", "--at", "1").stdout.strip()  # the computer to move
    assert str(parse_cgp(early).racks[0]) == "" and str(parse_cgp(early).racks[1]) != ""
    revealed = cli("scrabble", "export", game.id, "--reveal")
    assert all(r in revealed.stdout for r in computer_racks) and f"seed {game.seed}" in revealed.stdout
    assert cli("scrabble", "export", game.id, "--cgp", "--reveal").stdout.strip() == View.full(game).cgp()
    assert "--reveal" in cli("scrabble", "export", "--help").stdout
