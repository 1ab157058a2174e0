"""A game at the prompt: guesses from any input function, bad ones refused with the reason."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from lexigrid.cli.wordle_display import board, keyboard
from lexigrid.counts import count
from lexigrid.wordle.game import Game
from lexigrid.wordle.table import ReplyTable
from lexigrid.wordle.token import seeded_answers
from lexigrid.wordle.variants import BOARD_NAMES, Absurdle, MultiGame, multi_board_guesses

Reader = Callable[[str], "str | None"]  # returns None at the end of input


def play_session(
    table: ReplyTable,
    console: Console,
    read: Reader,
    *,
    hard: bool = False,
    seed: int | None = None,
    boards: int = 1,
    absurdle: bool = False,
    answer: str | None = None,
) -> bool:
    """Play one game; True when won."""
    if absurdle:
        return _play_absurdle(table, console, read, hard)
    if answer is not None:
        picks = [table.lists.answers[table.answer_id(answer)]]
    else:
        picks = seeded_answers(table.lists.answers, seed, boards)
    game = MultiGame(table, picks, hard)
    limit = multi_board_guesses(boards) if boards > 1 else 6
    if boards == 1:
        game.boards[0].max_guesses = limit
    name = BOARD_NAMES.get(boards, f"{boards} boards")
    mode = " (hard mode)" if hard else ""
    length = table.lists.length
    words = f"a {length}-letter word" if boards == 1 else f"{boards} words of {count(length, 'letter')}"
    console.print(Text.assemble((f"{name}{mode}", "bold"), f": {count(limit, 'guess')} to find {words}."))
    while not game.over:
        typed = _accepted_guess(console, read, f"guess {game.turns + 1}/{limit}> ", game.rejection)
        if typed is None:
            break
        game.guess(typed)
        _draw(console, game.boards)
    if game.won:
        console.print(Text.assemble(("solved", "bold green"), f" in {count(game.turns, 'guess')}"))
    else:
        answers = f"the answer{'s were' if boards > 1 else ' was'} {', '.join(picks)}"
        console.print(Text.assemble(("not solved", "bold red"), f": {answers}"))
    return game.won


def _accepted_guess(
    console: Console, read: Reader, prompt: str, rejection: Callable[[str], str | None]
) -> str | None:
    """The next guess the game accepts, refusing the others with their reason; None at the end of input."""
    while (typed := read(prompt)) is not None:
        reason = rejection(typed)
        if reason is None:
            return typed
        console.print(Text.assemble(("refused:", "red"), f" {reason}"))
    console.print()
    return None


def _draw(console: Console, boards: list[Game]) -> None:
    for i, game in enumerate(boards):
        if len(boards) > 1:
            console.print(Text.assemble(f"board {i + 1}", (" solved" if game.won else "", "green")))
        console.print(board(game.history))
        console.print(keyboard(game.keyboard()))


def _play_absurdle(table: ReplyTable, console: Console, read: Reader, hard: bool) -> bool:
    game = Absurdle(table, hard)
    console.print(
        Text.assemble(
            ("Absurdle", "bold"), ": the answer changes to dodge you; find it in as few guesses as you can."
        )
    )
    while not game.won:
        typed = _accepted_guess(console, read, f"guess {len(game.history) + 1}> ", game.rejection)
        if typed is None:
            break
        game.guess(typed)
        console.print(board(game.history))
        left = game.candidates.shape[0]
        console.print(f"{count(left, 'answer')} still possible")
    if game.won:
        console.print(Text.assemble(("solved", "bold green"), f" in {count(len(game.history), 'guess')}"))
    return game.won
