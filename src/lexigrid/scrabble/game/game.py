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
from typing import TYPE_CHECKING, Generic, TypeVar

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon, load
from lexigrid.scrabble.core.alphabet import sorted_tiles
from lexigrid.scrabble.core.bag import Bag
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.cgp import Position, format_cgp
from lexigrid.scrabble.core.ending import rack_value, verdict
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.play_state import PlayState
from lexigrid.scrabble.core.rules import Layout, Rules, language_rules, layout, rules
from lexigrid.scrabble.core.turn import Turn
from lexigrid.scrabble.engine.movegen import Engine
from lexigrid.scrabble.game.action import IllegalMove, read_move, tiles_notation
from lexigrid.scrabble.game.challenge import (
    CHALLENGE_RULES,
    CHALLENGES,
    ChallengeName,
    ChallengeRule,
    Pending,
)
from lexigrid.scrabble.game.players import ENDGAME_SECONDS, Clocked, Player, computer, solve_endgame
from lexigrid.scrabble.game.umpire import Umpire

if TYPE_CHECKING:
    from lexigrid.scrabble.analysis.endgame import Solution
    from lexigrid.scrabble.analysis.inference import Inference
    from lexigrid.scrabble.analysis.peg import PegSolution

HUMAN = "human"
T = TypeVar("T")


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
        self._last = game.last_play(player)

    def player_count(self) -> int:
        """The players in the game (2-4)."""
        return self._players

    def bag_size(self) -> int:
        """The tiles in the game's bag."""
        return self._bag

    def last_play(self) -> str | None:
        """The opponent's placement just before this turn, if it stands (see `Game.last_play`)."""
        return self._last

    def bag_when_full(self, bag_size: int | None = None) -> int:
        """The game's bag: every other rack is full already."""
        return self._bag


class _Part(Generic[T]):
    """A game's name for a part of its play state or umpire (`game.racks` is `game.state.racks`)."""

    def __init__(self, owner: str, name: str) -> None:
        self.owner, self.name = owner, name

    def __get__(self, game: Game, kind: type | None = None) -> T:
        return getattr(getattr(game, self.owner), self.name)  # type: ignore[no-any-return]

    def __set__(self, game: Game, value: T) -> None:
        setattr(getattr(game, self.owner), self.name, value)


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
    umpire: Umpire = field(init=False, repr=False)  # applies actions under the rules; the record
    actions: list[str] = field(default_factory=list)
    listeners: list[Callable[[Game], None]] = field(default_factory=list, repr=False)
    _computers: dict[int, Player] = field(default_factory=dict, repr=False)
    # the seconds each computer seat with a game clock has spent on it, as its own clock read them; a seat
    # missing from a game resumed is unknown (an older save): its player then pro-rates the past
    clocks: dict[int, float] = field(default_factory=dict, compare=False)
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
        self.umpire = Umpire(self.state, self.lexicon, self.rule)
        for i, seat in enumerate(self.seats):
            if not seat.is_human:
                player = computer(seat.kind, self.lexicon, self.rules, self.endgame_seconds)
                self._computers[i] = player
                if isinstance(player, Clocked):
                    self.clocks[i] = 0.0

    def seat_computer(self, player: int, computer_player: Player) -> None:
        """Let `computer_player` move for a computer seat (self-play with other engines or leave models)."""
        if self.seats[player].is_human:
            raise LexigridError(f"seat {player + 1} ({self.seats[player].name}) is a person's")
        self._computers[player] = computer_player

    def wind(self, player: int, computer_player: Player) -> Player:
        """Set a clocked computer player's clock to the seat's time spent (when known); the player."""
        if isinstance(computer_player, Clocked) and player in self.clocks:
            computer_player.clock.spent, computer_player.clock.started = self.clocks[player], True
        return computer_player

    def clock_left(self, player: int) -> float | None:
        """Seconds left on a computer seat's game clock; None: no clock, or its time spent is unknown."""
        clocked = self._computers.get(player)
        if clocked is None or not isinstance(clocked, Clocked) or player not in self.clocks:
            return None
        return max(0.0, clocked.clock.seconds - self.clocks[player])

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
        board: Layout | None = None,
    ) -> Game:
        """A new game: `players` are `human` or computer levels; a random seed unless one is given; the
        tile set of the lexicon's language on `board` (the standard layout unless one is given).
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
            language_rules(lex.alphabet, board or layout()),
        )
        if game_id is not None:
            game.id = game_id
        return game

    # --- the play state's and the umpire's parts, by their names in a game ---------------------------

    board = _Part[Board]("state", "board")
    bag = _Part[Bag]("state", "bag")
    racks = _Part[list[str]]("state", "racks")  # each player's rack, in rack order
    scores = _Part[list[int]]("state", "scores")
    to_move = _Part[int]("state", "to_move")  # the player to move
    zeros = _Part[int]("state", "zeros")  # scoreless turns in a row
    end_reason = _Part[str | None]("state", "end")  # how the game ended: `out`, `scoreless`, None: on
    turns = _Part[list[Turn]]("umpire", "turns")  # the record
    pending = _Part[Pending | None]("umpire", "pending")  # the last placement while it may be challenged

    def rack_value(self, player: int) -> int:
        """The face value of a player's rack."""
        return rack_value(self.state.racks[player], self.rules.tiles)

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

    def last_play(self, player: int) -> str | None:
        """The other player's play just before `player`'s turn (`8D W(OR)D`) when it was a placement that
        stands, in a two-player game; else None (an exchange, a pass, a withdrawn phony, the first turn)."""
        if len(self.seats) != 2:
            return None
        for turn in reversed(self.turns):
            if turn.kind != "bonus":  # a challenge bonus follows the placement it rewards
                return turn.paren if turn.kind == "place" and turn.player != player else None
        return None

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
            (Rack.of_tiles(racks[p]), Rack.of_tiles(racks[q])),
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

    def opponent_kept(self, seconds: float | None = ENDGAME_SECONDS) -> Inference | None:
        """What the opponent likely kept after their last placement, inferred as the player to move sees the
        game (the board and their own rack) within `seconds`, the likeliest racks first; None when no
        placement of theirs stands just before this turn (`last_play`), or it formed a word the lexicon
        lacks (a phony that stood), which no equity can judge."""
        from lexigrid.scrabble.analysis.infer import kept_if_known

        position = self.position()
        last = position.last_play()
        if self.awaiting != "move" or last is None:
            return None
        return kept_if_known(position, last, Engine.shared(self.lexicon, self.rules), seconds=seconds)

    def pre_endgame(
        self, seconds: float | None = ENDGAME_SECONDS, top: int = 5, nodes: int | None = None
    ) -> PegSolution | None:
        """The pre-endgame solved for the player to move (two players, 1..peg.MAX_BAG tiles in the bag, the
        opponent's rack unknown to it) with its `top` best plays, within `seconds` and a work budget of
        `nodes` search nodes (None: no limit; the same answer on any machine); None otherwise."""
        from lexigrid.scrabble.analysis.peg import MAX_BAG, solve_peg  # loaded at the first pre-endgame

        position = self.position()
        if self.awaiting != "move" or position.player_count() != 2 or not 1 <= len(self.bag) <= MAX_BAG:
            return None
        seen = position.seen_by_mover()
        return solve_peg(seen, Engine.shared(self.lexicon, self.rules), top=top, seconds=seconds, nodes=nodes)

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
            self.umpire.challenge()
            action = word
        elif word == "accept":
            if self.awaiting != "challenge-or-accept":
                raise IllegalMove("there is nothing to accept: play a move, -ABC to exchange or - to pass")
            self.umpire.accept()
            action = word
        else:
            if self.awaiting == "challenge-or-accept":
                raise IllegalMove(
                    f"{self.seats[self.pending.player].name if self.pending else 'a player'} went out: "
                    "type 'challenge' or 'accept'"
                )
            move = read_move(action, self.state.board, self.state.racks[self.state.to_move], literal)
            self.umpire.move(move, validate=True)
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
                self.umpire.challenge()
                self.actions.append("challenge")
                self._changed()
                return self.turns[before:]
            if self.pending.out:
                self.umpire.accept()
                self.actions.append("accept")
                self._changed()
                return self.turns[before:]
        rng = random.Random(self.seed * 1_000_003 + len(self.actions))
        move = self.wind(self.state.to_move, player).choose(self.position(), rng)
        if isinstance(player, Clocked):
            self.clocks[self.state.to_move] = player.clock.spent
        self.umpire.move(move, validate=False)
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


def _default_names(kinds: Sequence[str]) -> list[str]:
    """`human`, `equity` ...; repeated kinds numbered (`human1`, `human2`)."""
    counts = Counter(kinds)
    seen: Counter[str] = Counter()
    names = []
    for kind in kinds:
        seen[kind] += 1
        names.append(f"{kind}{seen[kind]}" if counts[kind] > 1 else kind)
    return [n.replace(":", "") for n in names]
