"""The umpire: one move, challenge or acceptance applied to the play state under the game's challenge rule,
with the record lines it makes (see docs/scrabble_game.md for the rules; the turn's own rules are the play
state's)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lexigrid.errors import LexigridError
from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.core import referee
from lexigrid.scrabble.core.alphabet import shortfall, sorted_tiles, take_tiles
from lexigrid.scrabble.core.bag import Bag
from lexigrid.scrabble.core.move import Move
from lexigrid.scrabble.core.play_state import PlayState
from lexigrid.scrabble.core.turn import Turn
from lexigrid.scrabble.game.action import IllegalMove
from lexigrid.scrabble.game.challenge import ChallengeRule, Pending


@dataclass
class Umpire:
    """Judges and applies the actions of the player to move, and keeps the game's record."""

    state: PlayState
    lexicon: Lexicon
    rule: ChallengeRule
    turns: list[Turn] = field(default_factory=list)
    pending: Pending | None = None  # the last placement while it may still be challenged

    @property
    def bag(self) -> Bag:
        """The game's seeded bag."""
        assert isinstance(self.state.bag, Bag)
        return self.state.bag

    def move(self, move: Move, validate: bool) -> None:
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
        refused = referee.exchange_refusal(self.state.board.rules.rack_size, len(self.bag))
        if refused is not None:
            raise IllegalMove(refused)
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
        bingo = len(rack) - len(played.kept) == self.state.board.rules.rack_size
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

    def challenge(self) -> None:
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

    def accept(self) -> None:
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
        if self.state.end is not None:
            self.turns.extend(self.state.end_turns)


def _gcg_place(move: Move) -> str:
    """A placement as GCG writes it: coordinate, then the word with played-through squares as '.'."""
    return f"{move.coordinate} {move.played}"
