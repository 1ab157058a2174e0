"""Decision trees: a guess and, for each reply other than all-green, the tree to play next.

Text form: one line per answer, the guesses and replies that find it, e.g.
`SALET ..Y.. CRONY .GG.. BROOK GGGGG`. JSON form: {"guess": "SALET", "replies": {"..Y..": {...}}}.
The checker re-plays every answer with the plain reply function, not the table the search used.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lexigrid.errors import LexigridError
from lexigrid.wordle.reply import format_reply, parse_reply, reply_for, solved


@dataclass
class Tree:
    """A guess and the subtree for each reply it can get (all-green ends the game)."""

    guess: str
    children: dict[int, Tree] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The nested JSON form."""
        n = len(self.guess)
        return {
            "guess": self.guess,
            "replies": {format_reply(r, n): c.to_json() for r, c in sorted(self.children.items())},
        }

    @classmethod
    def from_json(cls, data: Any) -> Tree:
        """A tree from its JSON form; a clear error when it is malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("guess"), str):
            raise LexigridError('a tree node must be an object with a "guess" word and "replies"')
        guess = data["guess"].upper()
        replies = data.get("replies", {})
        if not isinstance(replies, dict):
            raise LexigridError(f'"replies" under {guess} must be an object of reply -> tree')
        return cls(guess, {parse_reply(r, len(guess)): cls.from_json(c) for r, c in replies.items()})

    def lines(self, answers: list[str] | tuple[str, ...]) -> list[str]:
        """The text form: for each answer, the guesses and replies that find it."""
        out = []
        for answer in answers:
            node: Tree | None = self
            steps = []
            while node is not None:
                reply = reply_for(node.guess, answer)
                steps.append(f"{node.guess} {format_reply(reply, len(answer))}")
                node = None if reply == solved(len(answer)) else node.children.get(reply)
            out.append(" ".join(steps))
        return out

    @classmethod
    def from_lines(cls, lines: list[str]) -> Tree:
        """A tree from its text form; a clear error when two lines disagree."""
        root: Tree | None = None
        for number, line in enumerate(lines, start=1):
            tokens = line.split()
            if not tokens:
                continue
            if len(tokens) % 2:
                raise LexigridError(f"tree line {number}: expected pairs of GUESS REPLY, got {line!r}")
            pairs = [
                (tokens[i].upper(), parse_reply(tokens[i + 1], len(tokens[i])))
                for i in range(0, len(tokens), 2)
            ]
            if root is None:
                root = cls(pairs[0][0])
            node = root
            for i, (guess, reply) in enumerate(pairs):
                if node.guess != guess:
                    raise LexigridError(
                        f"tree line {number}: guess {guess} where the tree already plays {node.guess}"
                    )
                if i + 1 < len(pairs):
                    node = node.children.setdefault(reply, cls(pairs[i + 1][0]))
        if root is None:
            raise LexigridError("the tree file is empty: give one line per answer")
        return root


@dataclass(frozen=True)
class TreeSummary:
    """How a tree (or a strategy) does over every answer."""

    games: int
    total: int
    max: int
    failures: int
    distribution: dict[int, int]

    @classmethod
    def of(cls, counts: list[int], max_guesses: int) -> TreeSummary:
        """The totals of games that took `counts` guesses each; past `max_guesses` a game is a failure."""
        failures = sum(1 for c in counts if c > max_guesses)
        return cls(len(counts), sum(counts), max(counts), failures, dict(sorted(Counter(counts).items())))

    @property
    def average(self) -> float:
        """Guesses per game."""
        return self.total / self.games

    def as_dict(self) -> dict[str, Any]:
        """The totals as `lexigrid wordle check --json` prints them (and the tree report starts with)."""
        return {
            "games": self.games,
            "total": self.total,
            "average": round(self.average, 4),
            "max": self.max,
            "failures": self.failures,
            "distribution": {str(k): v for k, v in self.distribution.items()},
        }


def check_tree(
    tree: Tree,
    answers: list[str] | tuple[str, ...],
    guesses: set[str] | frozenset[str],
    *,
    hard: bool = False,
    max_guesses: int = 6,
) -> TreeSummary:
    """Re-play every answer through the tree with the rules; a clear error on any broken step."""
    from lexigrid.wordle.game import hard_mode_violation

    counts = []
    for answer in answers:
        history = tree_game(tree, answer)
        for n, (guess, _) in enumerate(history):
            if guess not in guesses:
                raise LexigridError(f"the tree guesses {guess}, which the word list does not accept")
            reason = hard_mode_violation(guess, history[:n]) if hard else None
            if reason is not None:
                raise LexigridError(f"the tree breaks {reason} when the answer is {answer}")
        if history[-1][1] != solved(len(answer)):
            raise LexigridError(f"the tree has no move after {node_path(history)} (answer {answer})")
        counts.append(len(history))
    return TreeSummary.of(counts, max_guesses)


def tree_game(tree: Tree, answer: str) -> list[tuple[str, int]]:
    """The guesses and replies the tree plays against `answer`, until solved or a reply it has no move for."""
    history: list[tuple[str, int]] = []
    node: Tree | None = tree
    while node is not None:
        reply = reply_for(node.guess, answer)
        history.append((node.guess, reply))
        node = None if reply == solved(len(answer)) else node.children.get(reply)
    return history


def node_path(history: list[tuple[str, int]]) -> str:
    """A history as `SALET ..Y.. CRONY .GG..`."""
    return " ".join(f"{g} {format_reply(r, len(g))}" for g, r in history)


def dumps_tree(tree: Tree, answers: list[str] | tuple[str, ...], fmt: str = "text") -> str:
    """The tree as text (one line per answer) or JSON."""
    if fmt == "json":
        return json.dumps(tree.to_json(), indent=1) + "\n"
    return "\n".join(tree.lines(answers)) + "\n"


def loads_tree(text: str) -> Tree:
    """A tree from text or JSON (recognised by a leading brace)."""
    if text.lstrip().startswith("{"):
        try:
            return Tree.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise LexigridError(
                f"the tree file is not valid JSON: {error.msg} at line {error.lineno}"
            ) from None
    return Tree.from_lines(text.splitlines())
