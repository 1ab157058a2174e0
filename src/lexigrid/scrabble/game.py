"""A game of Scrabble: 2-4 seats (people or computer players), a seeded bag, turns judged by the rules.

Every accepted input is kept as an *action* (`8D WORD`, `-ABC`, `-`, `challenge`, `accept`); the bag's
seed plus the actions determine the whole game, which is how games are saved and resumed (`store`).
The rules decided here (see docs/scrabble_game.md): exchanges need 7+ tiles in the bag; six scoreless turns
in a row end the game, each player losing their rack's value; a player going out with the bag empty gains
twice the opponent's rack (two players) or the sum of the other racks, each of which loses its own value
(three or four players); challenges are `void` (phonies rejected), `double` (the phony is withdrawn, a
wrong challenger loses the turn) or `five` (the phony is withdrawn, a wrong challenge gives 5 points).
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.scrabble import referee
from lexigrid.scrabble.action import IllegalMove, read_move, tiles_notation
from lexigrid.scrabble.alphabet import shortfall, sorted_tiles, take_tiles
from lexigrid.scrabble.bag import Bag
from lexigrid.scrabble.board import Board, Rack
from lexigrid.scrabble.cgp import Position, format_cgp
from lexigrid.scrabble.challenge import CHALLENGE_RULES, CHALLENGES, ChallengeName, ChallengeRule, Pending
from lexigrid.scrabble.ending import rack_value, verdict
from lexigrid.scrabble.move import Move
from lexigrid.scrabble.movegen import Engine
from lexigrid.scrabble.play_state import PlayState
from lexigrid.scrabble.players import ENDGAME_SECONDS, Player, computer, solve_endgame
from lexigrid.scrabble.rules import Rules, rules
from lexigrid.scrabble.turn import Turn

if TYPE_CHECKING:
    from lexigrid.scrabble.endgame import Solution

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """A player's name and kind: `human` or a computer level (`equity`, `score`, `beginner`, ...)."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        """Whether a person moves for this seat."""
        return self.kind == HUMAN


class GamePosition(Position):
    """A Position whose bag is the game's real bag (2-4 players: the other racks are lumped together)."""

    def __init__(self, game: Game, player: int) -> None:
        others = "".join(game.state.racks[q] for q in range(len(game.seats)) if q != player)
        super().__init__(
            game.state.board,
            (Rack.of_tiles(game.state.racks[player]), Rack.of_tiles(others)),
            (game.state.scores[player], max(s for q, s in enumerate(game.state.scores) if q != player)),
            game.state.zeros,
        )
        self._bag = len(game.bag)
        self._players = len(game.seats)

    def player_count(self) -> int:
        """The players in the game (2-4)."""
        return self._players

    def bag_size(self) -> int:
        """The tiles in the game's bag."""
        return self._bag

    def can_exchange(self, bag_size: int | None = None) -> bool:
        """Exchanges need at least a rack's worth of tiles (7) in the bag."""
        return self._bag >= self.rules.rack_size


@dataclass
class Game:
    """The state of one game; `play` applies an action or raises IllegalMove with the reason."""

    seats: tuple[Seat, ...]
    lexicon: Lexicon
    seed: int
    challenge: ChallengeName = "void"
    lexicon_spec: str | None = None
    endgame_seconds: float | None = ENDGAME_SECONDS  # the equity level's endgame solver; None: static
    rules: Rules = field(default_factory=rules)
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    state: PlayState = field(init=False, repr=False)  # board, bag, racks, scores, whose turn, the end
    turns: list[Turn] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    pending: Pending | None = None
    listeners: list[Callable[[Game], None]] = field(default_factory=list, repr=False)
    _computers: dict[int, Player] = field(default_factory=dict, repr=False)
    rule: ChallengeRule = field(init=False, repr=False, compare=False)  # the rule object of `challenge`

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 4:
            raise LexigridError(f"a game has 2 to 4 players, not {len(self.seats)}")
        if self.challenge not in CHALLENGE_RULES:
            raise LexigridError(
                f"unknown challenge rule {self.challenge!r}: use {', '.join(CHALLENGE_RULES)}"
            )
        self.rule = CHALLENGES[self.challenge]
        bag = Bag(self.rules.tiles, self.seed)
        racks = [sorted_tiles(bag.draw(self.rules.rack_size)) for _ in self.seats]
        # a play that went out waits for a challenge where phonies stand; a game never takes a move back
        self.state = PlayState(
            Board(self.rules), racks, [0] * len(self.seats), bag, end_on_out=not self.rule.phonies_stand
        )
        self.state.undoable = False
        for i, seat in enumerate(self.seats):
            if not seat.is_human:
                self._computers[i] = computer(seat.kind, self.lexicon, self.rules, self.endgame_seconds)

    def seat_computer(self, player: int, computer_player: Player) -> None:
        """Let `computer_player` move for a computer seat (self-play with other engines or leave models)."""
        if self.seats[player].is_human:
            raise LexigridError(f"seat {player + 1} ({self.seats[player].name}) is a person's")
        self._computers[player] = computer_player

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        lexicon: str | Lexicon | None = None,
        challenge: str = "void",
        game_id: str | None = None,
        endgame_seconds: float | None = ENDGAME_SECONDS,
    ) -> Game:
        """A new game: `players` are `human` or computer levels; a random seed unless one is given.
        `endgame_seconds`: the equity level's endgame solver time a move (None: static equity there)."""
        kinds = [p.strip().lower() for p in players]
        if names is None:
            names = _default_names(kinds)
        if len(names) != len(kinds):
            raise LexigridError(f"{len(names)} names for {len(kinds)} players: give one name per player")
        if len(set(names)) != len(names):
            raise LexigridError(f"player names must differ: {', '.join(names)}")
        lex = lexicon if isinstance(lexicon, Lexicon) else load(lexicon)
        spec = lexicon if isinstance(lexicon, str) else None
        if challenge not in CHALLENGE_RULES:
            raise LexigridError(f"unknown challenge rule {challenge!r}: use {', '.join(CHALLENGE_RULES)}")
        game = cls(
            tuple(Seat(n, k) for n, k in zip(names, kinds, strict=True)),
            lex,
            secrets.randbelow(2**31) if seed is None else seed,
            challenge,
            spec,
            endgame_seconds,
        )
        if game_id is not None:
            game.id = game_id
        return game

    # --- the play state's parts, by their names in a game -------------------------------------------

    @property
    def board(self) -> Board:
        """The board."""
        return self.state.board

    @board.setter
    def board(self, board: Board) -> None:
        self.state.board = board

    @property
    def bag(self) -> Bag:
        """The game's seeded bag."""
        assert isinstance(self.state.bag, Bag)
        return self.state.bag

    @property
    def racks(self) -> list[str]:
        """Each player's rack, in rack order."""
        return self.state.racks

    @racks.setter
    def racks(self, racks: list[str]) -> None:
        self.state.racks = racks

    @property
    def scores(self) -> list[int]:
        """Each player's score."""
        return self.state.scores

    @scores.setter
    def scores(self, scores: list[int]) -> None:
        self.state.scores = scores

    @property
    def to_move(self) -> int:
        """The player to move."""
        return self.state.to_move

    @to_move.setter
    def to_move(self, player: int) -> None:
        self.state.to_move = player

    @property
    def zeros(self) -> int:
        """Scoreless turns in a row."""
        return self.state.zeros

    @zeros.setter
    def zeros(self, zeros: int) -> None:
        self.state.zeros = zeros

    @property
    def end_reason(self) -> str | None:
        """How the game ended: `out`, `scoreless`, or None while it goes on."""
        return self.state.end

    # --- what the players see ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.end is not None

    @property
    def seat(self) -> Seat:
        """The seat to move."""
        return self.seats[self.state.to_move]

    @property
    def awaiting(self) -> str:
        """What the player to move may do: `move`, `challenge-or-accept` (a player went out) or `over`."""
        if self.over:
            return "over"
        if self.pending is not None and self.pending.out:
            return "challenge-or-accept"
        return "move"

    def can_challenge(self) -> bool:
        """Whether the player to move may challenge the last placement."""
        return self.pending is not None and not self.over

    def position(self, player: int | None = None) -> GamePosition:
        """The position as the engine sees it for a player (default: the one to move)."""
        return GamePosition(self, self.state.to_move if player is None else player)

    def unseen(self, player: int | None = None) -> Counter[str]:
        """The tiles a player cannot see: the bag plus the other racks."""
        p = self.state.to_move if player is None else player
        left = Counter(self.bag.tiles)
        for q, rack in enumerate(self.state.racks):
            if q != p:
                left.update(rack)
        return left

    def cgp(self, player: int | None = None, shown: Collection[int] | None = None) -> str:
        """The position in CGP from a player's side (default: the one to move; then the next player),
        with the lexicon as the `lex` opcode; the racks of players not `shown` are left empty (None:
        every rack; what a seat may see is `view.View`'s to say)."""
        p = self.state.to_move if player is None else player
        q = (p + 1) % len(self.seats)
        racks = [rack if shown is None or i in shown else "" for i, rack in enumerate(self.state.racks)]
        position = Position(
            self.state.board,
            (Rack(racks[p]), Rack(racks[q])),
            (self.state.scores[p], self.state.scores[q]),
            self.state.zeros,
            {"lex": self.lexicon.name.replace(";", "")},
        )
        return format_cgp(position)

    def winners(self) -> list[int]:
        """The players with the highest score (several on a tie)."""
        top = max(self.state.scores)
        return [i for i, s in enumerate(self.state.scores) if s == top]

    def verdict(self) -> str | None:
        """The result in words once the game is over (`ending.verdict`), else None."""
        if not self.over:
            return None
        out = next((t.player for t in self.turns if t.kind == "out"), None)
        return verdict([s.name for s in self.seats], self.scores, self.end_reason or "", out)

    def hint(self, n: int = 5) -> list[Move]:
        """The engine's n best moves by static equity for the player to move."""
        engine = Engine.shared(self.lexicon, self.rules)
        return engine.moves(self.position()).top(n, "equity")

    def endgame(self, seconds: float = ENDGAME_SECONDS, top: int = 1) -> Solution | None:
        """The endgame solved for the player to move (two players, the bag empty) with its `top` best
        first moves, within `seconds`; None before the endgame."""
        position = self.position()
        if self.awaiting != "move" or not position.is_endgame():
            return None
        return solve_endgame(position, Engine.shared(self.lexicon, self.rules), seconds, top)

    # --- applying actions -------------------------------------------------------------------------

    def play(self, text: str) -> list[Turn]:
        """Apply the player to move's action (`8D WORD`, `-ABC`, `-`, `challenge`, `accept`); the new
        record lines. Raises IllegalMove with the reason, leaving the game unchanged."""
        return self._play(text, literal=False)

    def _play(self, text: str, literal: bool) -> list[Turn]:
        if self.over:
            raise IllegalMove("the game is over")
        action = " ".join(text.split())
        before = len(self.turns)
        word = action.lower()
        if word == "challenge":
            self._challenge()
            action = word
        elif word == "accept":
            if self.awaiting != "challenge-or-accept":
                raise IllegalMove("there is nothing to accept: play a move, -ABC to exchange or - to pass")
            self._accept()
            action = word
        else:
            if self.awaiting == "challenge-or-accept":
                raise IllegalMove(
                    f"{self.seats[self.pending.player].name if self.pending else 'a player'} went out: "
                    "type 'challenge' or 'accept'"
                )
            move = read_move(action, self.state.board, self.state.racks[self.state.to_move], literal)
            self._apply(move, validate=True)
            action = move.notation if move.kind != "exchange" else f"-{move.word}"
        self.actions.append(action)  # canonical: read back literally on replay
        self._changed()
        return self.turns[before:]

    def play_tiles(self, tiles: Sequence[tuple[int, int, str]]) -> list[Turn]:
        """Play a placement given as new tiles (see `action.tiles_notation`)."""
        if self.awaiting == "challenge-or-accept":
            return self.play("")  # the reason: challenge or accept
        notation = tiles_notation(self.state.board, tiles)
        return self._play(notation, literal=True)  # the tiles say which are blanks

    def play_computer(self) -> list[Turn]:
        """Let the computer player to move act; its new record lines."""
        player = self._computers.get(self.state.to_move)
        if player is None or self.over:
            raise LexigridError("it is not a computer player's turn")
        before = len(self.turns)
        if self.pending is not None and self.rule.phonies_stand:
            if any(not self.lexicon.is_word(w) for w in self.pending.words):
                self._challenge()
                self.actions.append("challenge")
                self._changed()
                return self.turns[before:]
            if self.pending.out:
                self._accept()
                self.actions.append("accept")
                self._changed()
                return self.turns[before:]
        rng = random.Random(self.seed * 1_000_003 + len(self.actions))
        move = player.choose(self.position(), rng)
        self._apply(move, validate=False)
        self.actions.append(move.notation)
        self._changed()
        return self.turns[before:]

    def play_computers(self) -> list[Turn]:
        """Let computer players move until a person is to move or the game ends."""
        new: list[Turn] = []
        while not self.over and not self.seat.is_human:
            new += self.play_computer()
        return new

    def _changed(self) -> None:
        for listener in self.listeners:
            listener(self)

    # --- the turn loop: one move of the player to move (the rules of a turn are the play state's) -----

    def _apply(self, move: Move, validate: bool) -> None:
        """Apply a move of the player to move (validated against the rules unless it is the engine's)."""
        p, rack = self.state.to_move, self.state.racks[self.state.to_move]
        if move.kind == "pass":
            self._scoreless_move(move, Turn(p, "pass", rack, "-", 0, self.state.scores[p]))
            return
        used = move.tiles_used
        lacking = shortfall(rack, used)
        if lacking:
            raise IllegalMove(f"{move.notation}: your rack ({rack}) has {lacking}")
        if move.kind == "place":
            self._place(move, validate)
            return
        if len(self.bag) < self.rules.rack_size:
            raise IllegalMove(
                f"exchanges need at least {self.rules.rack_size} tiles in the bag; it holds {len(self.bag)}"
            )
        turn = Turn(p, "exchange", rack, f"-{sorted_tiles(used)}", 0, self.state.scores[p])
        self._scoreless_move(move, turn)

    def _scoreless_move(self, move: Move, turn: Turn) -> None:
        """A pass or an exchange: played, recorded, one more scoreless turn."""
        self.pending = None
        self.state.apply(move)
        self._record(turn)
        self._record_end()

    def _place(self, move: Move, validate: bool) -> None:
        """The player to move lays a placement, scores it and draws; it stays pending if phonies stand."""
        state = self.state
        p, rack, before = state.to_move, state.racks[state.to_move], state.scores[state.to_move]
        score, words = self._judge(move) if validate else (move.score, self._words(move))
        self.pending = None
        zeros_before = self.state.zeros
        played = self.state.apply(move, score)
        bingo = len(rack) - len(played.kept) == self.rules.rack_size
        self._record(Turn(p, "place", rack, _gcg_place(move), score, before + score, move.notation, bingo))
        self._record_end()
        if self.rule.phonies_stand:
            self.pending = Pending(p, move, words, played.drawn, zeros_before, not self.state.racks[p])

    def _words(self, move: Move) -> list[str]:
        """The words a placement forms, kept for a challenge (only where phonies stand)."""
        if not self.rule.phonies_stand:
            return []
        return ["".join(t for *_, t, _ in w).upper() for w in referee.words_formed(self.state.board, move)]

    def _judge(self, move: Move) -> tuple[int, list[str]]:
        """The score and words of a placement, or IllegalMove with the reason (phonies allowed when
        challenges are not void: they stand until challenged)."""
        try:
            formed = referee.words_formed(self.state.board, move)
            words = ["".join(t for *_, t, _ in w).upper() for w in formed]
            if not self.rule.phonies_stand:
                return referee.check(self.state.board, move, self.lexicon), words
            return referee.check(self.state.board, move, Lexicon.from_words(words or ["AA"])), words
        except LexigridError as error:
            raise IllegalMove(str(error)) from None

    # --- challenges -------------------------------------------------------------------------------

    def _challenge(self) -> None:
        """The player to move challenges the last placement: a phony is withdrawn, else the rule's penalty."""
        pending = self.pending
        if pending is None:
            raise IllegalMove("there is no play to challenge: challenge right after an opponent's placement")
        if pending.player == self.state.to_move:
            raise IllegalMove("you cannot challenge your own play")
        if any(not self.lexicon.is_word(w) for w in pending.words):
            self.pending = None
            self._withdraw(pending)
            return
        penalty = self.rule.penalty(self.state.to_move, pending, self.state.racks, self.state.scores)
        self.pending = None
        self.state.scores[penalty.turn.player] = penalty.turn.total
        self._record(penalty.turn)
        if pending.out:
            self.state.finish_out(pending.player)
        elif penalty.loses_turn:
            self.state.apply(Move("pass"))  # the challenger's turn is lost: a scoreless turn
        self._record_end()

    def _withdraw(self, pending: Pending) -> None:
        """A challenged phony comes off the board: its tiles back on the rack, those drawn back in the bag."""
        p, move = pending.player, pending.move
        for r, c, _ in move.squares():
            self.state.board[r, c] = ""
        played = self.turns[-1] if self.turns[-1].kind == "place" else None
        score = played.score if played else move.score
        self.state.scores[p] -= score
        kept = take_tiles(self.state.racks[p], pending.drawn)
        self.bag.put_back(pending.drawn)
        self.state.racks[p] = sorted_tiles(kept + move.tiles_used)
        self._record(Turn(p, "withdrawn", self.state.racks[p], "--", -score, self.state.scores[p]))
        self.state.zeros = pending.zeros_before
        self.state.scoreless_turn()
        self._record_end()

    def _accept(self) -> None:
        """The player to move accepts the last placement, which went out: the game ends."""
        assert self.pending is not None
        p = self.pending.player
        self.pending = None
        self.state.finish_out(p)
        self._record_end()

    # --- the record -------------------------------------------------------------------------------

    def _record(self, turn: Turn) -> None:
        self.turns.append(turn)

    def _record_end(self) -> None:
        """Once the game has ended, its end-of-game lines (see `ending`) go on the record."""
        if self.over:
            self.turns.extend(self.state.end_turns)

    def rack_value(self, player: int) -> int:
        """The face value of a player's rack."""
        return rack_value(self.state.racks[player], self.rules.tiles)

    # --- replay -----------------------------------------------------------------------------------

    def rewound(self, actions: int) -> Game:
        """A copy of this game as it stood after its first `actions` actions (any earlier position)."""
        if not 0 <= actions <= len(self.actions):
            raise LexigridError(f"the game has {len(self.actions)} actions: give a number from 0 to that")
        game = Game.new(
            [s.kind for s in self.seats],
            names=[s.name for s in self.seats],
            seed=self.seed,
            lexicon=self.lexicon,
            challenge=self.challenge,
            game_id=self.id,
            endgame_seconds=self.endgame_seconds,
        )
        game.lexicon_spec = self.lexicon_spec
        game.replay(self.actions[:actions])
        return game

    def replay(self, actions: Sequence[str]) -> None:
        """Apply saved actions in order (listeners are told once, at the end)."""
        listeners, self.listeners = self.listeners, []
        try:
            for action in actions:
                self._play(action, literal=True)
        finally:
            self.listeners = listeners


def _gcg_place(move: Move) -> str:
    """A placement as GCG writes it: coordinate, then the word with played-through squares as '.'."""
    return f"{move.coordinate} {move.played}"


def _default_names(kinds: Sequence[str]) -> list[str]:
    """`human`, `equity` ...; repeated kinds numbered (`human1`, `human2`)."""
    counts = Counter(kinds)
    seen: Counter[str] = Counter()
    names = []
    for kind in kinds:
        seen[kind] += 1
        names.append(f"{kind}{seen[kind]}" if counts[kind] > 1 else kind)
    return [n.replace(":", "") for n in names]
