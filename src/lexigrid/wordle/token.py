"""Game tokens: a game named by its day or its seed (`daily-YYYY-MM-DD`, `seed-N`), the answer derived
from it, and the share text of a finished game. A page holds the token instead of the answer; the answer
is worked out again, the same way, wherever the game is played (`lexigrid wordle play --seed N` too)."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Sequence

from lexigrid.dates import parse_date
from lexigrid.errors import LexigridError
from lexigrid.wordle.game import Game
from lexigrid.wordle.reply import format_reply
from lexigrid.wordle.table import ReplyTable

DAILY_PREFIX = "daily-"  # daily games are seeded by the date as YYYYMMDD: the same day, the same answer
SEED_PREFIX = "seed-"


def seeded_answers(answers: Sequence[str], seed: int | None, n: int = 1) -> list[str]:
    """The n different answers a seed picks (None: a random pick)."""
    return random.Random(seed).sample(list(answers), n)


def daily_token(day: dt.date) -> str:
    """The token of a day's game."""
    return f"{DAILY_PREFIX}{day.isoformat()}"


def seed_token(seed: int | None = None) -> str:
    """The token of a seeded game (None: a random seed)."""
    return f"{SEED_PREFIX}{secrets.randbits(48) if seed is None else seed}"


def token_seed(token: str) -> int:
    """The seed of a game token, or LexigridError for a token that is neither a day's nor a seed's."""
    if token.startswith(DAILY_PREFIX):
        try:
            day = parse_date(token[len(DAILY_PREFIX) :])
        except LexigridError:
            raise LexigridError(f"bad daily token {token!r}: write daily-YYYY-MM-DD") from None
        return int(day.strftime("%Y%m%d"))
    if token.startswith(SEED_PREFIX) and token[len(SEED_PREFIX) :].isdigit():
        return int(token[len(SEED_PREFIX) :])
    raise LexigridError(f"bad game token {token!r}: start a game from /api/wordle/new")


def answer_of(token: str, table: ReplyTable) -> str:
    """The answer of a game token (the seed's pick, as `lexigrid wordle play --seed N`)."""
    return seeded_answers(table.lists.answers, token_seed(token))[0]


def token_label(token: str) -> str:
    """How a share text names a token's game: the day, or `#N` for a seed."""
    return token.replace(DAILY_PREFIX, "").replace(SEED_PREFIX, "#")


def share_text(label: str, game: Game) -> str:
    """A finished game to share: `lexigrid Wordle LABEL 4/6` (`*` in hard mode), then a row of squares a
    guess (no letters: the answer stays hidden)."""
    n = len(game.answer)
    score = len(game.history) if game.won else "X"
    rows = [format_reply(r, n, "emoji") for _, r in game.history]
    return f"lexigrid Wordle {label} {score}/{game.max_guesses}{'*' if game.hard else ''}\n" + "\n".join(rows)
