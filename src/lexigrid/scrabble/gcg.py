"""GCG game records: written from a game, read back, and replayed with every move and score checked.

A GCG file is pragmas (`#player1 nick Full Name`, `#lexicon NWL`, ...) then one line per event:
`>nick: RACK 8D W.RD +24 124` (a placement; '.' a played-through square, lowercase a blank),
`>nick: RACK -ABC +0 100` (exchange; `-3` when the tiles are unknown), `>nick: RACK - +0 100` (pass, or a
turn lost to a failed double challenge), `>nick: RACK -- -24 100` (the previous play withdrawn),
`>nick: RACK (challenge) +5 129` (challenge bonus), `>nick: (RACK) +12 340` (the player who went out
gains the others' tiles), `>nick: RACK (RACK) -6 300` (tiles left at the end). Games of 3-4 players use
`#player3` and `#player4` (an extension: GCG itself describes two players).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import referee
from lexigrid.scrabble.board import Board
from lexigrid.scrabble.game import Game
from lexigrid.scrabble.move import Move, parse_move
from lexigrid.scrabble.rules import BLANK, Rules, rules

_EVENT = re.compile(r"^>([^:\s]+):\s*(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")


@dataclass(frozen=True)
class Event:
    """One event line: whose, their rack ('' when not given), the move text, the points, the new total."""

    nick: str
    rack: str
    move: str
    score: int
    total: int

    def line(self) -> str:
        """The event as a GCG line."""
        rack = f"{self.rack} " if self.rack else ""
        return f">{self.nick}: {rack}{self.move} {self.score:+d} {self.total}"


@dataclass
class Record:
    """A parsed GCG file: the players (nick, full name), the lexicon named, the events, other pragmas."""

    players: list[tuple[str, str]]
    lexicon: str | None = None
    events: list[Event] = field(default_factory=list)
    pragmas: list[str] = field(default_factory=list)


def _nick(name: str) -> str:
    """A player name as a GCG nickname (no spaces or colons)."""
    return re.sub(r"[\s:]+", "_", name) or "player"


def record_of(game: Game) -> Record:
    """The game's GCG record."""
    players = [(_nick(seat.name), seat.name) for seat in game.seats]
    events = [
        Event(players[t.player][0], t.rack if t.kind != "out" else "", t.move, t.score, t.total)
        for t in game.turns
    ]
    pragmas = [f"#description lexigrid game {game.id} seed {game.seed} challenge {game.challenge}"]
    return Record(players, game.lexicon.name, events, pragmas)


def format_gcg(record: Record) -> str:
    """A record as GCG text."""
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{i + 1} {nick} {name}" for i, (nick, name) in enumerate(record.players)]
    if record.lexicon:
        lines.append(f"#lexicon {record.lexicon}")
    lines += record.pragmas
    lines += [event.line() for event in record.events]
    return "\n".join(lines) + "\n"


def export_gcg(game: Game) -> str:
    """The game as GCG text."""
    return format_gcg(record_of(game))


def parse_gcg(text: str) -> Record:
    """Read GCG text (pragmas and events; notes and unknown pragmas are kept or skipped)."""
    players: dict[int, tuple[str, str]] = {}
    record = Record([])
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            name, _, value = line[1:].partition(" ")
            found = re.fullmatch(r"player(\d)", name)
            if found:
                nick, _, full = value.strip().partition(" ")
                if not nick:
                    raise LexigridError(f"GCG line {number}: #{name} needs a nickname")
                players[int(found.group(1))] = (nick, full.strip() or nick)
            elif name == "lexicon":
                record.lexicon = value.strip() or None
            elif name != "character-encoding":
                record.pragmas.append(line)
            continue
        event = _EVENT.match(line)
        if not event:
            raise LexigridError(f"GCG line {number}: {line!r} is neither a #pragma nor a >nick: event")
        parts = event.group(2).split()
        if len(parts) < 3 or not _SCORE.match(parts[-2]) or not parts[-1].lstrip("-").isdigit():
            raise LexigridError(f"GCG line {number}: {line!r} should end with the points (+24) and the total")
        body = parts[:-2]
        rack = ""
        if body and not body[0].startswith("(") and _is_rack(body[0]) and len(body) > 1:
            rack, body = body[0], body[1:]
        record.events.append(Event(event.group(1), rack, " ".join(body), int(parts[-2]), int(parts[-1])))
    if len(players) < 2 or sorted(players) != list(range(1, len(players) + 1)):
        raise LexigridError("a GCG record needs #player1 and #player2 lines (nickname, then full name)")
    record.players = [players[i] for i in sorted(players)]
    return record


def _is_rack(text: str) -> bool:
    """Whether a token is a rack (letters and '?')."""
    return all(ch == BLANK or ("A" <= ch <= "Z") for ch in text)


@dataclass
class Replay:
    """A replayed record: the final scores (in player order) and board."""

    scores: list[int]
    board: Board


def replay_gcg(record: Record, lexicon: Lexicon, board_rules: Rules | None = None) -> Replay:
    """Play the record's moves on a fresh board: every placement is judged and scored by the referee and
    every points and total figure must match, else LexigridError names the line."""
    board = Board(board_rules or rules())
    order = {nick: i for i, (nick, _) in enumerate(record.players)}
    scores = [0] * len(order)
    last: dict[int, Move] = {}
    for index, event in enumerate(record.events):
        where = f"GCG event {index + 1} ({event.line()})"
        if event.nick not in order:
            raise LexigridError(f"{where}: {event.nick} is not one of the #player lines")
        p = order[event.nick]
        points = event.score
        move_text = event.move
        if move_text == "--":
            withdrawn = last.pop(p, None)
            if withdrawn is None:
                raise LexigridError(f"{where}: no placement of {event.nick} to withdraw")
            for r, c, _ in withdrawn.squares():
                board[r, c] = ""
        elif move_text.startswith("(") or move_text.startswith("-"):
            last.pop(p, None)
            _check_other(event, where)
        else:
            try:
                move = parse_move(move_text, board)
            except LexigridError as error:
                raise LexigridError(f"{where}: {error}") from None
            if event.rack:
                missing = Counter(move.tiles_used)
                missing.subtract(Counter(event.rack))
                if +missing:
                    raise LexigridError(f"{where}: the rack {event.rack} does not hold {move.tiles_used}")
            withdrawn_next = any(
                e.nick == event.nick and e.move == "--" for e in record.events[index + 1 : index + 3]
            )
            judge = _accepting(board, move) if withdrawn_next else lexicon
            try:
                scored = referee.check(board, move, judge)
            except LexigridError as error:
                raise LexigridError(f"{where}: {error}") from None
            if scored != points:
                raise LexigridError(f"{where}: the move scores {scored}, the record says {points}")
            board.place(move)
            last = {p: move}
        scores[p] += points
        if scores[p] != event.total:
            raise LexigridError(
                f"{where}: {event.nick}'s total would be {scores[p]}, the record says {event.total}"
            )
    return Replay(scores, board)


def _accepting(board: Board, move: Move) -> Lexicon:
    """A lexicon of the words a placement forms (a phony later withdrawn still scores as played)."""
    try:
        formed = referee.words_formed(board, move)
    except LexigridError:
        return Lexicon.from_words(["AA"])
    return Lexicon.from_words(["".join(t for *_, t, _ in w).upper() for w in formed] or ["AA"])


def _check_other(event: Event, where: str) -> None:
    """Exchanges, passes and end-of-game lines: their points must make sense."""
    text = event.move
    if text == "-" or (text.startswith("-") and text[1:] and (text[1:].isdigit() or _is_rack(text[1:]))):
        if event.score != 0:
            raise LexigridError(f"{where}: an exchange or a pass scores 0")
    elif text in ("(challenge)", "(time)") or (text.startswith("(") and text.endswith(")")):
        return
    else:
        raise LexigridError(f"{where}: unknown move {text!r}")
