"""The terminal session driven by a script, and the CLI commands (play, resume, selfplay, export, import)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from lexigrid.cli.scrabble_render import ThinkingLine, thinking_text
from lexigrid.cli.scrabble_session import Session
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.analysis.sim import PlayStats, Progress
from lexigrid.scrabble.analysis.thinking import Thinking
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.store import GameStore
from lexigrid.scrabble.game.view import View
from lexigrid.scrabble.records.gcg import parse_gcg
from lexigrid.scrabble.records.gcg_replay import replay_gcg
from tests.conftest import CliResult


def scripted(lines: list[str]) -> Callable[[str], str]:
    """An input function that types the given lines, then ends the input."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def _session(game: Game, lines: list[str]) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, highlight=False)
    return Session(game, GameStore(), scripted(lines), console), out


def test_a_hint_says_what_the_opponent_likely_kept(humans: Callable[..., Game]) -> None:
    """After their placement the hint adds the game's inference, likeliest leaves first (a work budget:
    every rack judged, the same on any machine)."""
    game = humans(racks=["AEINRST", "EIOQUXZ"])
    game.play("8H TRAINS")
    found = game.opponent_kept(None)
    assert found is not None and len(found.leaves) >= 2
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, highlight=False)
    Session(game, GameStore(), scripted(["hint 3", "quit"]), console, hint_nodes=1000).run()
    text = out.getvalue()
    top = ", ".join(f"{leave.tiles} {leave.probability:.0%}" for leave in found.leaves[:5])
    judged = f"all {found.leaves_total:,} racks judged"
    assert f"they likely kept after 8H TRAINS: {top} ({len(found.leaves)} leaves fit; {judged})" in text
    assert game.actions == ["8H TRAINS"]  # a hint plays nothing


def test_bad_input_gives_the_reason_and_the_same_player_moves_again(default_lexicon: Lexicon) -> None:
    game = Game.new(["human", "equity"], seed=3, lexicon=None)
    best = game.hint(1)[0]
    session, out = _session(
        game, ["8D", "hello there", "8Z AB", "-QQQQQQQQ", "hint 3", "", best.notation, "quit"]
    )
    session.run()
    text = out.getvalue()
    assert "bad coordinate" in text or "bad move" in text
    assert text.count("human to move again") == 4
    assert "hint: the best moves by static equity" in text and best.paren in text
    assert game.actions[0] == best.notation and len(game.actions) == 2  # the move and the computer's reply
    assert "TW" in text and "DL" in text and "human's rack" in text and "bag " in text and "last:" in text
    assert f"resume {game.id}" in text
    assert View.full(GameStore().load(game.id)).state() == View.full(game).state()


def test_a_session_plays_to_the_end_and_names_the_winner(default_lexicon: Lexicon) -> None:
    # static endgames: an endgame search cut short by its time limit may choose differently on another run
    game = Game.new(["human", "equity"], seed=4, lexicon=None, endgame_seconds=None)
    moves = []
    probe = Game.new(["equity", "equity"], seed=4, lexicon=None, endgame_seconds=None)
    probe.play_computers()
    moves = probe.actions[0::2]
    session, out = _session(game, moves)
    session.run()
    assert game.over and game.actions == probe.actions and game.scores == probe.scores
    assert "game over" in out.getvalue()
    assert GameStore().games()[0].status == "over"


def test_cli_selfplay_json(cli: Callable[..., CliResult], default_lexicon: Lexicon) -> None:
    result = cli("scrabble", "selfplay", "--games", "4", "--players", "equity,score", "--seed", "9", "--json")
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["games"] == 4
    assert sum(payload["wins"].values()) == 4
    assert set(payload["avg_score"]) == {"equity", "score"} and payload["turns_per_second"] > 0


def test_cli_selfplay_over_two_processes_matches_one(cli: Callable[..., CliResult]) -> None:
    args = ("scrabble", "selfplay", "--games", "6", "--players", "equity,top:3", "--json")
    one = json.loads(cli(*args).stdout)
    two = json.loads(cli(*args, "--jobs", "2").stdout)
    for key in ("wins", "avg_score", "bingos_per_game"):
        assert one[key] == two[key]


def test_cli_bad_input_is_one_line(cli: Callable[..., CliResult]) -> None:
    for args, reason in [
        (("scrabble", "selfplay", "--players", "equity,human"), "drop 'human'"),
        (("scrabble", "selfplay", "--players", "equity,wizard"), "unknown computer level"),
        (("scrabble", "play", "--players", "human"), "2 to 4 players"),
        (("scrabble", "resume", "nope"), "no saved game 'nope'"),
        (("scrabble", "import", "/nonexistent.gcg"), "cannot read"),
    ]:
        result = cli(*args)
        assert result.exit_code == 2 and reason in result.stderr and "Traceback" not in result.stderr


def test_cli_export_and_import(
    cli: Callable[..., CliResult], tmp_path: Path, default_lexicon: Lexicon
) -> None:
    store = GameStore()
    game = store.track(Game.new(["equity", "score"], seed=6, lexicon=None))
    game.play_computers()
    out = tmp_path / "game.gcg"
    assert cli("scrabble", "export", game.id, "--out", str(out)).exit_code == 0
    assert replay_gcg(parse_gcg(out.read_text()), default_lexicon).scores == game.scores
    result = cli("scrabble", "import", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == game.scores
    cgp = cli("scrabble", "export", game.id, "--cgp").stdout.strip()
    assert cgp == View.full(game).cgp()
    early = Game.new(["equity", "score"], seed=6, lexicon=None)
    for _ in range(3):
        early.play_computer()
    assert cli("scrabble", "export", game.id, "--cgp", "--at", "3").stdout.strip() == View.full(early).cgp()
    assert "from 0 to" in cli("scrabble", "export", game.id, "--cgp", "--at", "999").stderr
    listed = json.loads(cli("scrabble", "games", "--json").stdout)["games"]
    assert [g["id"] for g in listed] == [game.id]


def test_cli_deletes_saved_games(cli: Callable[..., CliResult], default_lexicon: Lexicon) -> None:
    store = GameStore()
    games = [store.track(Game.new(["human", "score"], seed=s, lexicon=None)) for s in (18, 19, 20)]
    for game in games:
        game.play("-")
    deleted = cli("scrabble", "games", "--delete", games[0].id, "--delete", games[1].id)
    assert deleted.exit_code == 0, deleted.stderr
    assert f"deleted saved game {games[0].id}" in deleted.stdout
    assert [g.id for g in store.games()] == [games[2].id]
    unknown = cli("scrabble", "games", "--delete", games[2].id, "--delete", "abc123")
    assert unknown.exit_code == 2 and unknown.stderr.strip().splitlines() == [
        "error: no saved game 'abc123': see `lexigrid scrabble games` for the ids"
    ]
    assert [g.id for g in store.games()] == [games[2].id]  # nothing deleted when an id is wrong
    payload = json.loads(cli("scrabble", "games", "--delete", games[2].id, "--json").stdout)
    assert payload == {"deleted": [games[2].id]} and store.games() == []


def _status_lines(monkeypatch: pytest.MonkeyPatch, game: Game, lines: list[str]) -> list[str]:
    """The status lines a session shows while its computers think."""
    shown: list[str] = []
    update = ThinkingLine.update

    def recorded(self: ThinkingLine, thinking: Thinking) -> None:
        update(self, thinking)
        shown.append(self.__rich__().plain)

    monkeypatch.setattr(ThinkingLine, "update", recorded)
    _session(game, lines)[0].run()
    return shown


def test_a_thinking_computer_s_status_line_follows_its_reports_and_hides_its_plays(
    default_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a `sim` computer moves against a person, the status line gets its reports: the task, and the
    simulation's rounds as they come (the best so far, its play-outs), but never a play it weighs: its
    tiles would show (its rack is hidden while the game is on)."""
    game = Game.new(["human", "sim:40"], seed=3, lexicon=None, endgame_seconds=None)
    shown = _status_lines(monkeypatch, game, ["-", "quit"])
    assert len(game.actions) == 2  # the pass and the computer's move
    assert shown[0].startswith("sim40 is simulating 10 plays, 2 plies deep, 40 play-outs a play — ")
    assert any(" · best so far " in line and " play-outs, " in line for line in shown[1:])
    assert not any("leader" in line for line in shown)


def test_in_a_game_of_computers_the_status_line_names_the_leader(
    default_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.new(["sim:5", "equity"], seed=3, lexicon=None, endgame_seconds=None)
    shown = _status_lines(monkeypatch, game, [])
    assert game.over and any(" · leader " in line and " play-outs, " in line for line in shown)


def test_the_status_line_says_what_is_done_against_what_budget() -> None:
    clock = iter([12.5, 13.0, 13.2])
    stats = PlayStats(Move("place", row=7, col=3, word="WORD", played="WORD", score=24))
    stats.values, stats.wins = [10.0, 20.0], [1.0, 0.0]
    progress = Progress([stats], 2, 1500.0, 0.913)
    thinking = Thinking("simulating 15 plays, 2 plies deep", 12.0, 8.4, lambda: next(clock), 200.0, progress)
    assert thinking_text("bot", thinking).plain == (
        "bot is simulating 15 plays, 2 plies deep — 4.1 s of 12.0 s · leader 8D WORD 50.0 % (2 play-outs, "
        "91 % sure) · clock 3:16 left"
    )
    assert thinking_text("bot", replace(thinking, budget=None, clock_left=None, progress=None)).plain == (
        "bot is simulating 15 plays, 2 plies deep — 4.6 s"
    )
    assert thinking_text("bot", thinking, moves_shown=False).plain == (
        "bot is simulating 15 plays, 2 plies deep — 4.8 s of 12.0 s · best so far 50.0 % (2 play-outs, "
        "91 % sure) · clock 3:15 left"
    )
    assert thinking_text("bot", None).plain == "bot is thinking"


def test_a_report_s_json_names_the_leader_only_where_its_plays_may_be_shown() -> None:
    """One shape for both faces (the terminal line above is drawn from it): without `moves_shown` the
    leader's win %, play-outs, certainty and the plays tied with it, never its play."""
    stats = PlayStats(Move("place", row=7, col=3, word="WORD", played="W.RD", score=24))
    stats.values, stats.wins = [10.0, 20.0], [1.0, 0.0]
    thinking = Thinking("simulating", 12.0, 8.4, lambda: 12.5, 200.0, Progress([stats], 2, 1500.0, 0.913))
    said = "50.0 % (2 play-outs, 91 % sure)"
    hidden = {"win_pct": 50.0, "iterations": 2, "confidence": 0.913, "tied": 0, "said": said}
    assert thinking.as_dict(moves_shown=False) == {
        "task": "simulating",
        "elapsed": 4.1,
        "budget": 12.0,
        "clock_left": 195.9,
        "leader": hidden,
    }
    assert thinking.as_dict()["leader"] == {**hidden, "move": "8D W(O)RD"}
    untimed = replace(thinking, budget=None, clock_left=None, progress=None, now=lambda: 1.0)
    assert untimed.as_dict() == {
        "task": "simulating",
        "elapsed": 0.0,
        "budget": None,
        "clock_left": None,
        "leader": None,
    }
    close = PlayStats(Move("place", row=7, col=3, word="WARD", played="WARD", score=22), tied=True)
    close.values, close.wins = [10.0, 18.0], [1.0, 0.0]
    level = replace(thinking, progress=Progress([stats, close], 4, 1500.0, 0.0))
    assert level.as_dict(moves_shown=False)["leader"] == {
        **hidden,
        "iterations": 4,
        "confidence": 0,
        "tied": 1,
        "said": "50.0 % (4 play-outs, 0 % sure, 1 tied)",
    }
    assert (
        " best so far 50.0 % (4 play-outs, 0 % sure, 1 tied) · "
        in thinking_text("", level, moves_shown=False).plain
    )


def test_the_scores_line_shows_a_computers_game_clock(default_lexicon: Lexicon) -> None:
    game = Game.new(["human", "sim:1.5m"], names=["ann", "bot"], seed=3, lexicon=None)
    game.clocks[1] = 20.4  # as its moves would have recorded it: 69.6 s left, shown in whole seconds
    session, out = _session(game, ["quit"])
    session.run()
    assert "▶ ann 0  bot 0 (clock 1:10 left)   bag " in out.getvalue()
