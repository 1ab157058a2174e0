"""Replaying a GCG record: every move, rack, score and total checked against the rules, line by line.

Placements are judged by the referee for shape and scored; their words are checked against a lexicon
only to report *phonies that stood* (unchallenged words the lexicon lacks: the record is what was
played, so they replay). With no lexicon (`lexicon=None`) the record is replayed by arithmetic alone.
The record is played with its alphabet's tile set (Catalan, French, ...); one with letters outside it
(a Polish record: the engine cannot hold 32 letters) is replayed by its turns and totals only. It stays
an independent check of the record (it does not play through `play_state`), with the rules' constants
from `ending`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core import referee
from lexigrid.scrabble.core.alphabet import BLANK, played_tiles
from lexigrid.scrabble.core.board import Board
from lexigrid.scrabble.core.ending import MAX_SCORELESS_TURNS
from lexigrid.scrabble.core.move import Move, parse_move
from lexigrid.scrabble.core.rules import Rules, language_rules
from lexigrid.scrabble.records.gcg import Event, Record, record_layout


@dataclass(frozen=True)
class TurnState:
    """The game just before a turn (a placement, an exchange or a pass): the event, whose it is (player
    index), the board, the scores (in player order) and the scoreless turns in a row before it."""

    event: Event
    player: int
    board: Board
    scores: tuple[int, ...]
    zeros: int


@dataclass(frozen=True)
class Phony:
    """A word the lexicon lacks that stood, with the record's line of its placement."""

    line: int
    word: str

    def __str__(self) -> str:
        return f"line {self.line} {self.word}"


@dataclass
class Replay:
    """A replayed record: the final scores (in player order), the board, the phonies that stood (words the
    lexicon lacks), how far it was checked, and the state before every turn."""

    scores: list[int]
    board: Board
    phonies: list[Phony] = field(default_factory=list)
    words_checked: bool = True
    tiles_scored: bool = True
    turns: list[TurnState] = field(default_factory=list)


@dataclass
class _Play:
    """The last placement: whose, its event, the move (None when not scored) and its phonies."""

    player: int
    event: Event
    move: Move | None
    phonies: list[Phony]
    zeros_before: int
    went_out: bool


class _Replayer:
    """The state of a replay: board, scores, whose turn, the end of the game."""

    def __init__(self, record: Record, lexicon: Lexicon | None, board_rules: Rules) -> None:
        self.record = record
        self.lexicon = lexicon
        self.board = Board(board_rules)
        self.order = {nick: i for i, (nick, _) in enumerate(record.players)}
        self.scores = [0] * len(self.order)
        self.tiles = frozenset(self.board.alphabet.glyphs + BLANK)  # the rack tiles of the tile set
        self.scored = all(set(_letters(e)) <= self.tiles for e in record.events)
        self.phonies: list[Phony] = []
        self.last_turn: int | None = None  # who made the last turn (placement, exchange, pass)
        self.last_play: _Play | None = None  # the last turn, when it was a placement
        self.left: dict[int, Counter[str]] = {}  # each player's tiles after their last turn
        self.zeros = 0  # scoreless turns in a row
        self.ended: str | None = None  # "out" (the bag empty, a player used every tile) or "scoreless"
        self.out_player: int | None = None
        self.emptied: int | None = None  # who used every tile of their rack on the last placement
        self.out_points = False
        self.penalized: set[int] = set()
        self.timed: set[int] = set()
        self.states: list[TurnState] = []

    def run(self) -> Replay:
        """Replay every event, then the end-of-record racks."""
        for event in self.record.events:
            try:
                self.event(event)
            except LexigridError as error:
                raise LexigridError(
                    f"GCG line {event.number}: {error} ({self.record.line(event)!r})"
                ) from None
        for player, rack in self.record.last_racks.items():
            number = self.record.last_rack_lines.get(player, 0)
            try:
                self.drawable(rack)
            except LexigridError as error:
                raise LexigridError(
                    f"GCG line {number}: #rack{player + 1} {self.text(rack)}: {error}"
                ) from None
        checked = self.lexicon is not None
        return Replay(self.scores, self.board, self.phonies, checked, self.scored, self.states)

    def event(self, event: Event) -> None:
        """Check and apply one event, then its player's new total."""
        if event.nick not in self.order:
            raise LexigridError(f"{event.nick} is not one of the #player lines")
        p = self.order[event.nick]
        if event.rack and event.kind not in ("withdrawn", "challenge"):  # those tiles are on the board
            self.drawable(event.rack)
        getattr(self, f"on_{event.kind}")(p, event)
        self.scores[p] += event.score
        if self.scores[p] != event.total:
            raise LexigridError(
                f"{event.nick}'s total would be {self.scores[p]}, the record says {event.total}"
            )

    # -- turns -----------------------------------------------------------------------------------

    def turn(self, p: int, event: Event) -> None:
        """A turn must be the next player's, and the game must not be over."""
        if self.ended == "scoreless" or (self.ended == "out" and event.kind != "pass"):
            raise LexigridError("a move after the game ended")
        if self.last_turn is not None and p != (self.last_turn + 1) % len(self.order):
            raise LexigridError(f"{event.nick} moves out of turn")
        self.last_turn = p
        self.states.append(TurnState(event, p, self.board.copy(), tuple(self.scores), self.zeros))

    def on_place(self, p: int, event: Event) -> None:
        """A placement: tiles from the rack, scored as recorded; words the lexicon lacks stood as phonies."""
        self.turn(p, event)
        move: Move | None = None
        phonies: list[Phony] = []
        if self.scored:
            move = self.place(event)
            used = move.tiles_used
            phonies = self.phonies_of(move, event)
        else:
            used = played_tiles(event.move.split()[1])
        self.holds(event.rack, used, "plays")
        emptied = bool(event.rack) and len(used) == len(event.rack)
        went_out = emptied and self.bag_empty()
        self.last_play = _Play(p, event, move, phonies, self.zeros, went_out)
        self.emptied = p if emptied else None
        self.phonies += phonies
        self.zeros = 0 if event.score else self.zeros + 1
        self.after_turn(p, event.rack, used)
        if went_out:
            self.ended, self.out_player = "out", p

    def place(self, event: Event) -> Move:
        """Judge and score a placement on the board, then put it down."""
        move = parse_move(event.move, self.board, glyphs=True)
        try:
            formed = referee.words_formed(self.board, move)
        except LexigridError:
            formed = []
        accept = Lexicon.from_words(["".join(t for *_, t, _ in w).upper() for w in formed] or ["AA"])
        scored = referee.check(self.board, move, accept)
        if scored != event.score:
            raise LexigridError(f"the move scores {scored}, the record says {event.score:+d}")
        self.board.place(move)
        return move

    def phonies_of(self, move: Move, event: Event) -> list[Phony]:
        """The words a placement formed that the lexicon lacks (none when there is no lexicon)."""
        if self.lexicon is None:
            return []
        board = self.board.copy()
        for r, c, _ in move.squares():
            board[r, c] = ""
        words = ["".join(t for *_, t, _ in w).upper() for w in referee.words_formed(board, move)]
        write = self.board.alphabet.write
        return [Phony(event.number, write(w)) for w in words if not self.lexicon.is_word(w)]

    def on_exchange(self, p: int, event: Event) -> None:
        """An exchange: the tiles must be on the rack; it scores nothing."""
        self.turn(p, event)
        if self.ended:
            raise LexigridError("an exchange after the game ended")
        tiles = event.move[1:]
        if tiles.isdigit():
            if event.rack and int(tiles) > len(event.rack):
                raise LexigridError(f"exchanges {count(int(tiles), 'tile')} from a rack of {len(event.rack)}")
        else:
            self.holds(event.rack, tiles, "exchanges")
        self.scoreless(event)
        self.after_turn(p, event.rack, "" if tiles.isdigit() else tiles)

    def on_pass(self, p: int, event: Event) -> None:
        """A pass (or a turn lost to a failed challenge, also after the last play): it scores nothing."""
        self.turn(p, event)
        self.scoreless(event)
        self.after_turn(p, event.rack, "")

    def scoreless(self, event: Event) -> None:
        """A turn that scores nothing: it must say +0, and the sixth in a row ends the game."""
        if event.score != 0:
            raise LexigridError(f"an exchange or a pass scores 0, not {event.score:+d}")
        self.last_play = None
        self.zeros += 1
        if self.zeros >= MAX_SCORELESS_TURNS and not self.ended:
            self.ended = "scoreless"

    def after_turn(self, p: int, rack: str, used: str) -> None:
        """Remember what the player kept (for the end-of-game racks)."""
        if rack:
            left = Counter(rack)
            left.subtract(Counter(used))
            self.left[p] = +left
        else:
            self.left.pop(p, None)

    # -- events about the last play ---------------------------------------------------------------

    def on_withdrawn(self, p: int, event: Event) -> None:
        """`--`: the player's last placement taken back (a phony challenged off): tiles and points."""
        play = self.last_play
        if play is None or self.last_turn is None:
            raise LexigridError("a withdrawal (--) with no placement before it")
        if play.player != p:
            raise LexigridError(f"a withdrawal by {event.nick}, but the placement was another player's")
        if event.rack and play.event.rack and sorted(event.rack) != sorted(play.event.rack):
            raise LexigridError(
                f"the rack {self.text(event.rack)} is not the rack of the play withdrawn "
                f"({self.text(play.event.rack)})"
            )
        if event.score != -play.event.score:
            raise LexigridError(f"withdrawing a play of {play.event.score:+d} scores {-play.event.score:+d}")
        if play.move is not None:
            for r, c, _ in play.move.squares():
                self.board[r, c] = ""
        self.phonies = [w for w in self.phonies if w not in play.phonies]
        self.zeros = play.zeros_before + 1
        if play.went_out:
            self.ended, self.out_player = None, None
        if play.event.rack:
            self.left[p] = Counter(play.event.rack)
        self.last_play = None

    def on_challenge(self, p: int, event: Event) -> None:
        """A challenge bonus: to the player whose placement stood, right after it."""
        if self.last_play is None:
            raise LexigridError("a challenge bonus with no placement before it")
        if self.last_play.player != p:
            raise LexigridError(f"a challenge bonus to {event.nick}, but the placement was another player's")
        if event.score < 0:
            raise LexigridError("a challenge bonus cannot take points away")

    # -- the end of the game ------------------------------------------------------------------------

    def on_out(self, p: int, event: Event) -> None:
        """`(RACK)`: the player who went out gains the others' tiles: twice their value (two players), or
        their value when the others lost it in their own lines."""
        if self.scored and self.out_player != p and self.emptied != p:
            raise LexigridError("end-of-game rack points, but this player did not go out")
        self.ended, self.out_player = "out", p
        rack = event.move[1:-1]
        value = self.value(rack)
        if self.scored and event.score != 2 * value and not (event.score == value and self.penalized):
            raise LexigridError(
                f"the end-of-game rack points are {event.score:+d}, but 2 x ({self.text(rack)}) = {2 * value}"
            )
        self.out_points = True

    def on_penalty(self, p: int, event: Event) -> None:
        """`RACK (RACK)`: the player loses the value of the tiles left."""
        rack = event.move[1:-1]
        if event.rack and sorted(rack) != sorted(event.rack):
            raise LexigridError(
                f"the tiles left ({self.text(rack)}) are not the rack {self.text(event.rack)}"
            )
        if self.scored and event.score != -self.value(rack):
            raise LexigridError(
                f"the rack penalty is {event.score:+d}, but ({self.text(rack)}) is worth {self.value(rack)}"
            )
        if p in self.penalized:
            raise LexigridError(f"{event.nick} loses their rack twice")
        self.penalized.add(p)
        if not self.ended:
            self.ended = "scoreless"

    def on_time(self, p: int, event: Event) -> None:
        """`(time)`: a penalty for overtime, once per player, after the end-of-game rack events."""
        if event.score > 0:
            raise LexigridError("a time penalty cannot add points")
        if not self.ended:
            raise LexigridError("a time penalty before the game ended")
        settled = self.out_points if self.ended == "out" else len(self.penalized) == len(self.order)
        if not settled:
            raise LexigridError("a time penalty before the end-of-game rack points are all recorded")
        if p in self.timed:
            raise LexigridError(f"a second time penalty for {event.nick}")
        self.timed.add(p)

    # -- tiles ------------------------------------------------------------------------------------

    def holds(self, rack: str, tiles: str, verb: str) -> None:
        """The rack (when given) must hold the tiles the event uses."""
        if not rack:
            return
        missing = Counter(tiles)
        missing.subtract(Counter(rack))
        if +missing:
            short = "".join(sorted((+missing).elements()))
            raise LexigridError(
                f"{verb} {self.text(tiles)} but the rack {self.text(rack)} lacks {self.text(short)}"
            )

    def text(self, tiles: str) -> str:
        """Tiles as the record writes them (a multi-letter tile in brackets)."""
        return self.board.alphabet.write(tiles, brackets=True)

    def value(self, tiles: str) -> int:
        """The face value of tiles."""
        return sum(self.board.rules.tiles.score(t) for t in tiles)

    def bag_empty(self) -> bool:
        """Whether the bag is empty: no more tiles off the board than the other players can hold."""
        full = self.board.rules.rack_size
        unseen = self.board.rules.tiles.total - sum(self.board.tile_counts().values())
        return unseen <= full * (len(self.order) - 1)

    def drawable(self, rack: str) -> None:
        """A rack must be drawable from the tiles not on the board."""
        if not self.scored or not set(rack) <= self.tiles:
            return
        available = Counter(self.board.rules.tiles.counts)
        available.subtract(self.board.tile_counts())
        over = {t: n for t, n in Counter(rack).items() if n > available[t]}
        if over:
            tile, count = next(iter(over.items()))
            free = max(available[tile], 0)
            raise LexigridError(
                f"the rack {self.text(rack)} cannot be drawn: it holds {count} {self.text(tile)}, only "
                f"{free} {'is' if free == 1 else 'are'} not on the board"
            )


def _letters(event: Event) -> str:
    """Every tile letter an event names ('?' for blanks), for telling the tile set."""
    kind = event.kind
    named = ""
    if kind == "place":
        named = played_tiles(event.move.split()[1].replace("(", "").replace(")", ""))
    elif kind == "exchange" and not event.move[1:].isdigit():
        named = event.move[1:]
    elif kind in ("out", "penalty"):
        named = event.move[1:-1]
    return event.rack + named


def replay_gcg(record: Record, lexicon: Lexicon | None, board_rules: Rules | None = None) -> Replay:
    """Play the record on a fresh board: every event checked (LexigridError names the line and the
    problem); words the lexicon lacks are reported as phonies that stood, none checked when it is None."""
    board_rules = board_rules or language_rules(record.alphabet.name, record_layout(record))
    language = board_rules.tiles.alphabet.name
    if lexicon is not None and lexicon.alphabet != language:
        raise LexigridError(
            f"the record is in the {language} alphabet, the lexicon {lexicon.name} in the {lexicon.alphabet} "
            "one: name the record's lexicon"
        )
    return _Replayer(record, lexicon, board_rules).run()
