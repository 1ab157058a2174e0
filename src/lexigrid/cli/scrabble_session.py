"""The terminal session: draw the board, read each person's move, let computer players reply, save as it goes.

Input comes through a `read(prompt)` function (the built-in `input` by default) so tests can script a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from lexigrid.cli.scrabble_render import (
    ThinkingLine,
    board_table,
    clock_text,
    endgame_summary,
    pv_table,
    top_table,
)
from lexigrid.counts import count
from lexigrid.errors import LexigridError
from lexigrid.scrabble.analysis import inference as notes
from lexigrid.scrabble.analysis.thinking import Thinking, watching
from lexigrid.scrabble.core.turn import Turn
from lexigrid.scrabble.game.game import Game
from lexigrid.scrabble.game.players import ENDGAME_SECONDS
from lexigrid.scrabble.game.store import GameStore, kept
from lexigrid.scrabble.game.view import View
from lexigrid.terminal import literal_console

HELP = Text.assemble(
    "moves: ",
    ("8D WORD", "bold"),
    " across (row, column), ",
    ("D8 WORD", "bold"),
    " down, a blank's letter in lowercase (8D WoRD); ",
    ("-ABC", "bold"),
    " exchange A, B, C ('?' a blank); ",
    ("-", "bold"),
    " pass; ",
    ("challenge", "bold"),
    " the last play; ",
    ("accept", "bold"),
    " a play that went out; ",
    ("hint", "bold"),
    " [N] the engine's best moves (the solved pre-endgame with 1-2 in the bag, the solved endgame at 0); ",
    ("cgp", "bold"),
    " the position; ",
    ("quit", "bold"),
    " (the game is saved: `lexigrid scrabble resume ID`)",
)
Reader = Callable[[str], str]


def describe(game: Game, turn: Turn) -> Text:
    """One line for a record entry, tiles by their labels: `alice 8D W(OR)D  +24  (124)`."""
    name = game.seats[turn.player].name
    write = game.rules.tiles.alphabet.write
    what = {
        "place": write(turn.paren),
        "exchange": f"exchanges {count(len(turn.move) - 1, 'tile')}",
        "pass": "passes",
        "withdrawn": "has the play withdrawn (challenged off)",
        "lost-challenge": "loses the turn (the challenged play is good)",
        "bonus": "gets the challenge bonus",
        "out": f"goes out: {write(turn.move)}",
        "rack": f"is left holding {write(turn.move)}",
    }[turn.kind]
    line = Text.assemble((name, "bold"), f" {what}  {turn.score:+d}  ({turn.total})")
    if turn.bingo:
        line.append(" bingo!", "bold magenta")
    return line


def _clock(game: Game, player: int) -> str:
    """` (clock 4:37 left)` after a computer's score when it plays against a game clock, else nothing."""
    left = game.clock_left(player)
    return "" if left is None else f" ({clock_text(left)})"


class Session:
    """A game in the terminal between people (hot seat) and computer players."""

    def __init__(
        self,
        game: Game,
        store: GameStore | None = None,
        read: Reader = input,
        console: Console | None = None,
        hint_nodes: int | None = None,
    ) -> None:
        """`hint_nodes`: the pre-endgame hint's work budget in search nodes instead of ENDGAME_SECONDS (the
        same hint on any machine)."""
        self.game = game
        self.hint_nodes = hint_nodes
        self.store = store
        self.read = read
        self.console = console or literal_console()
        if store is not None:
            store.track(game)

    def run(self) -> Game:
        """Play until the game ends, the input ends or a person quits; the game is saved throughout."""
        game = self.game
        self.console.print(
            Text.assemble(
                "game ", (game.id, "bold"), f" (seed {game.seed}, challenges {game.challenge})  ", HELP
            )
        )
        shown = -1
        while not game.over:
            if not game.seat.is_human:
                # its candidate plays are made of its tiles: named only where the people may see its rack
                seen = View.of_people(game).sees(game.to_move)
                line = ThinkingLine(game.seat.name, letters=game.rules.tiles.alphabet, moves_shown=seen)
                with self.console.status(line), watching(line.update):
                    turns = game.play_computer()
                for turn in turns:
                    self.console.print(describe(game, turn))
                continue
            if shown != len(game.turns):  # redraw only when something happened
                self.show()
                shown = len(game.turns)
            try:
                text = self.read(f"{game.seat.name}> ").strip()
            except (EOFError, KeyboardInterrupt):
                self._leave()
                return game
            if not text:
                continue
            command, _, rest = text.partition(" ")
            if command.lower() in ("quit", "exit", "q"):
                self._leave()
                return game
            if command.lower() in ("help", "?"):
                self.console.print(HELP)
            elif command.lower() == "hint":
                self.hint(rest)
            elif command.lower() == "cgp":
                self.console.print(View.of(game, game.to_move).cgp())
            else:
                try:
                    for turn in game.play(text):
                        self.console.print(describe(game, turn))
                except LexigridError as error:
                    again = f" — {game.seat.name} to move again ('help' for help)"
                    self.console.print(Text.assemble((str(error), "red"), again))
        self.show()
        self._final()
        return game

    def show(self) -> None:
        """The board with premiums, the scores, the mover's rack, the bag and unseen tiles, the last move."""
        game = self.game
        self.console.print(board_table(game.board))
        scores = "  ".join(
            f"{'▶ ' if i == game.to_move and not game.over else ''}{seat.name} {game.scores[i]}"
            + _clock(game, i)
            for i, seat in enumerate(game.seats)
        )
        letters = game.rules.tiles.alphabet
        unseen = letters.write_tiles("".join(game.unseen().elements()))
        self.console.print(
            f"{scores}   bag {count(len(game.bag), 'tile')}   unseen ({sum(game.unseen().values())}) {unseen}"
        )
        last = next((t for t in reversed(game.turns) if t.kind not in ("out", "rack")), None)
        if last is not None:
            self.console.print(Text.assemble("last: ", describe(game, last)))
        if not game.over:
            self.console.print(
                Text.assemble(
                    f"{game.seat.name}'s rack: ",
                    (letters.write_tiles(game.racks[game.to_move]), "bold"),
                )
            )
            if game.awaiting == "challenge-or-accept":
                self.console.print(
                    Text.assemble(
                        "the last play went out: ", ("challenge", "bold"), " or ", ("accept", "bold")
                    )
                )

    def hint(self, rest: str) -> None:
        """The best moves for the player to move: by static equity with what the opponent likely kept after
        their last play, the solved pre-endgame, or the solved endgame (the best sequence for both sides and
        its value) once the bag is empty."""
        n = int(rest) if rest.strip().isdigit() else 5
        game = self.game
        letters = game.rules.tiles.alphabet
        with self.console.status(self._hint_line("solving the endgame")):
            solution = game.endgame(ENDGAME_SECONDS, top=max(1, n))
        if solution is not None:
            opponent = game.seats[(game.to_move + 1) % len(game.seats)].name
            self.console.print(
                Text.assemble(
                    "hint: the endgame solved (the bag is empty)  ", endgame_summary(solution, letters)
                )
            )
            self.console.print(pv_table(game.position(), solution, (game.seat.name, opponent)))
            if len(solution.top) > 1:
                self.console.print(top_table(solution, letters))
            return
        seconds = ENDGAME_SECONDS if self.hint_nodes is None else None
        with self.console.status(self._hint_line("solving the pre-endgame")):
            pre = game.pre_endgame(seconds, top=max(1, n), nodes=self.hint_nodes)
        if pre is not None and pre.plays:
            from lexigrid.cli.scrabble_peg import losing_line, plays_table

            self.console.print(f"hint: the pre-endgame solved ({pre.bag} in the bag; {pre.verdict})")
            self.console.print(plays_table(pre, letters))
            if lost := losing_line(pre, letters):
                self.console.print(lost)
            return
        if pre is not None:  # the solver judged no play within its budget
            self.console.print(f"hint: the pre-endgame solver judged no play ({pre.verdict})")
        self.console.print("hint: the best moves by static equity")
        table = Table()
        for column in ("move", "score", "equity"):
            table.add_column(column, justify="left" if column == "move" else "right")
        for move in self.game.hint(max(1, n)):
            table.add_row(letters.write(move.paren), str(move.score), f"{move.equity:.1f}")
        self.console.print(table)
        with self.console.status(self._hint_line("inferring what they kept")):
            inferred = game.opponent_kept(seconds)
        if inferred is not None:
            self.console.print(notes.kept_note(inferred, letters), highlight=False)

    def _hint_line(self, task: str) -> ThinkingLine:
        """The status line of a hint's search: the task, its time against the solver's budget."""
        return ThinkingLine("the hint", Thinking(task, ENDGAME_SECONDS, time.perf_counter()))

    def _leave(self) -> None:
        game = self.game
        if self.store is None or not kept(game):
            why = "no move was played" if self.store is not None else "no store"
            self.console.print(f"\ngame {game.id} not saved ({why})")
            return
        self.console.print(f"\ngame {game.id} saved; resume with `lexigrid scrabble resume {game.id}`")

    def _final(self) -> None:
        game = self.game
        for turn in game.turns:
            if turn.kind in ("out", "rack"):
                self.console.print(describe(game, turn))
        scores = "  ".join(f"{s.name} {game.scores[i]}" for i, s in enumerate(game.seats))
        self.console.print(Text.assemble(("game over", "bold"), f": {game.verdict()}  {scores}"))
