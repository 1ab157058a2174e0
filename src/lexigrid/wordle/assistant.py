"""The assistant: parse a history of guesses and replies, list the candidates, suggest and grade guesses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from lexigrid.counts import count
from lexigrid.errors import LexigridError, OptionError
from lexigrid.wordle.game import MAX_GUESSES, Turn, hard_mode_allowed, hard_mode_violation
from lexigrid.wordle.reply import EMOJI, EMOJI_DARK, format_reply, parse_reply, reply_for, solved
from lexigrid.wordle.strategies import score_guesses
from lexigrid.wordle.table import Indices, ReplyTable

if TYPE_CHECKING:
    from lexigrid.wordle.optimal import OptimalSearch

# Exact optimal costs are computed for sets up to this size (larger ones take seconds each).
EXACT_LIMIT = 400
_SQUARES = set(EMOJI) | {EMOJI_DARK}


def parse_history(text: str, length: int, answer: str | None = None) -> list[Turn]:
    """Turns from `CRANE:..Y.G,SLOTH:.....`, from words alone when the answer is known, or a share text.

    A share text pairs each row of squares with its word (`🟩⬜🟨⬜⬜ CRANE`); squares alone do not
    say which words were guessed. Only the text is checked here (letters, lengths, colours), so a bad
    history fails before any reply table is built; `replay` checks the words against the lists.
    """
    turns: list[Turn] = []
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if any(any(ch in _SQUARES for ch in ln) for ln in lines):
        for line in lines:
            if not any(ch in _SQUARES for ch in line):
                continue  # the share's title line, e.g. "Wordle 245 4/6"
            word = re.sub(r"[^A-Za-z]", "", line).upper()
            if not word:
                raise LexigridError(
                    "a share without the guessed words cannot be graded: put each word after its row, "
                    "e.g. '🟩⬜🟨⬜⬜ CRANE'"
                )
            squares = "".join(ch for ch in line if ch in _SQUARES)
            turns.append((_sized(word, length), parse_reply(squares, length)))
    else:
        for item in re.split(r"[,\s]+", text.strip()):
            if not item:
                continue
            word, _, reply = item.partition(":")
            word = _sized(word, length)
            if reply:
                turns.append((word, parse_reply(reply, length)))
            elif answer is not None:
                turns.append((word, reply_for(word, _sized(answer, length, "answer"))))
            else:
                raise LexigridError(f"{word} has no reply: write WORD:REPLY, e.g. {word}:..Y.G")
    if not turns:
        raise LexigridError("the history is empty: write WORD:REPLY pairs, e.g. 'CRANE:..Y.G,SLOTH:.....'")
    return turns


def _sized(word: str, length: int, what: str = "guess") -> str:
    """A word of `length` letters A-Z, upper case, or a clear error."""
    word = word.strip().upper()
    if not (word.isascii() and word.isalpha()):
        raise LexigridError(f"{what} {word!r} is not a word of letters A-Z")
    if len(word) != length:
        raise LexigridError(
            f"{what} {word!r} has {count(len(word), 'letter')}, not {length}: give {count(length, 'letter')}"
        )
    return word


def last_word(text: str) -> str | None:
    """The last word of a history of words alone (no replies, no squares): a finished game's answer."""
    items = [item for item in re.split(r"[,\s]+", text.strip()) if item]
    if not items or any(":" in item or any(ch in _SQUARES for ch in item) for item in items):
        return None
    return items[-1].upper()


def answer_of_history(turns: list[Turn], length: int) -> str | None:
    """The answer a history shows: the word of its last row when that row is all green."""
    word, reply = turns[-1]
    return word if reply == solved(length) else None


def replay(table: ReplyTable, history: list[Turn], hard: bool = False) -> tuple[Indices, Indices]:
    """The candidates and allowed guesses after `history`; a clear error for an impossible sequence."""
    candidates, allowed = table.all_answers(), table.all_guesses()
    for n, (word, reply) in enumerate(history):
        if hard:
            reason = hard_mode_violation(word, history[:n])
            if reason is not None:
                raise OptionError(
                    f"{word} breaks {reason}: leave hard mode or fix the history",
                    "hard",
                    f"{word} breaks {reason}: drop {{option}} or fix the history",
                )
        if n > 0 and history[n - 1][1] == table.solved:
            raise LexigridError(f"{history[n - 1][0]} was already all green: the game ended before {word}")
        guess = table.guess_id(word)
        candidates = table.filter(candidates, guess, reply)
        if candidates.shape[0] == 0:
            shown = format_reply(reply, table.lists.length)
            raise LexigridError(
                f"no answer gives these replies (impossible after {word}:{shown}): check the colours"
            )
        if hard:
            allowed = hard_mode_allowed(table, allowed, guess, reply)
    return candidates, allowed


@dataclass(frozen=True)
class Suggestion:
    """A possible next guess and what to expect from it."""

    guess: str
    is_candidate: bool
    parts: int
    largest: int
    expected_left: float
    entropy: float
    expected_guesses: float | None  # with optimal play after it, for all candidates; None if too big

    def why(self, m: int) -> str:
        """One line on why this guess is good."""
        could = "; could be the answer" if self.is_candidate else ""
        plural = ("s" if m != 1 else "", "s" if self.parts != 1 else "")
        return (
            f"splits {m} candidate{plural[0]} into {self.parts} part{plural[1]}, worst {self.largest}, "
            f"{self.expected_left:.2f} expected left ({self.entropy:.2f} bits){could}"
        )

    def as_dict(self, m: int) -> dict[str, Any]:
        """JSON form."""
        return {
            "guess": self.guess,
            "is_candidate": self.is_candidate,
            "parts": self.parts,
            "largest": self.largest,
            "expected_left": round(self.expected_left, 4),
            "entropy": round(self.entropy, 4),
            "expected_guesses": None if self.expected_guesses is None else round(self.expected_guesses, 4),
            "why": self.why(m),
        }


def suggest(
    table: ReplyTable,
    candidates: Indices,
    allowed: Indices,
    *,
    turn: int = 0,
    hard: bool = False,
    top: int = 5,
    shortlist: int = 30,
) -> list[Suggestion]:
    """The best next guesses: a shortlist by expected part size, ranked exactly when the set is small."""
    m = candidates.shape[0]
    if m == 1:
        allowed = table.answer_guess[candidates]
    scores = score_guesses(table, candidates, allowed)
    in_answers, zipf = plausibility(table)
    # Ties go to plausible words: a candidate, then a word of the answer list, then a frequent word.
    plausible = (-zipf[scores.guesses], ~in_answers[scores.guesses], ~scores.is_candidate)
    order = np.lexsort((scores.guesses, *plausible, -scores.parts, scores.squares))
    picks = order[: max(top, shortlist)]
    exact = m <= EXACT_LIMIT
    costs: dict[int, int] = {}
    if exact:
        from lexigrid.wordle.optimal import INFINITE

        search = warm_search(table, hard, None if m <= 60 else 20)
        depth = MAX_GUESSES - turn
        for p in picks:
            g = int(scores.guesses[p])
            costs[g] = search.guess_cost(g, candidates, allowed, depth) if depth >= 1 else INFINITE
    found = []
    for p in picks:
        g = int(scores.guesses[p])
        expected = costs[g] / m if exact and costs[g] < INFINITE else None
        found.append(
            Suggestion(
                table.lists.guesses[g],
                bool(scores.is_candidate[p]),
                int(scores.parts[p]),
                int(scores.largest[p]),
                float(scores.squares[p] / m),
                float(np.log2(m) - scores.nlogn[p] / m),
                expected,
            )
        )
    if exact:
        ids = {s.guess: table.lists.guess_index(s.guess) for s in found}
        found.sort(
            key=lambda s: (
                s.expected_guesses is None,
                s.expected_guesses or 0.0,
                not s.is_candidate,
                not in_answers[ids[s.guess]],
                -zipf[ids[s.guess]],
            )
        )
    return found[:top]


def plausibility(table: ReplyTable) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]:
    """Per guess: is it in the answer list, and its Zipf frequency (for breaking ties between guesses)."""
    found = _plausibility.get(table.lists.sha256)
    if found is None:
        from lexigrid.lexicon import load

        lex = load()
        in_answers = np.zeros(len(table.lists.guesses), dtype=np.bool_)
        in_answers[table.answer_guess] = True
        zipf = lex.zipfs(table.lists.guesses)
        found = _plausibility[table.lists.sha256] = (in_answers, zipf)
    return found


_plausibility: dict[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]] = {}


# Solved sets outlive a request: the next suggestion in this process (a web worker) starts from them.
MEMO_BYTES = 256 << 20
_searches: dict[tuple[str, bool, int | None], OptimalSearch] = {}


def warm_search(table: ReplyTable, hard: bool, breadth: int | None) -> OptimalSearch:
    """This process's optimal search for these lists and rules, its memo kept across calls (emptied past
    MEMO_BYTES)."""
    from lexigrid.wordle.optimal import OptimalSearch

    key = (table.lists.sha256, hard, breadth)
    search = _searches.get(key)
    if search is None or search.table is not table:
        search = _searches[key] = OptimalSearch(table, hard=hard, breadth=breadth, memory_limit=MEMO_BYTES)
    return search
