"""The plainest one-shot commands without typer: `words check WORD...` and `wordle reply GUESS ANSWER`.

Only a command line of nothing but words (and `--json`) takes this path, and only when it succeeds the
ordinary way; any option, `--help` or doubtful input goes on to the typer app, which owns every message.
Both commands call the same library functions as their typer versions.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

GREEN, RED, RESET = "\x1b[32m", "\x1b[31m", "\x1b[0m"


def run_quick(args: list[str]) -> bool:
    """Run `args` here when they are a plain `words check` or `wordle reply`; False to use typer."""
    as_json = "--json" in args
    rest = [a for a in args if a != "--json"]
    if len(rest) < 3 or not all(a.isascii() and a.isalpha() for a in rest):
        return False
    if rest[:2] == ["words", "check"]:
        return _words_check(rest[2:], as_json)
    if rest[:2] == ["wordle", "reply"] and len(rest) == 4:
        return _wordle_reply(rest[2].upper(), rest[3].upper(), as_json)
    return False


def _words_check(words: list[str], as_json: bool) -> bool:
    from lexigrid.lexicon.membership import check_report, verdicts

    name, found = verdicts(words)
    if as_json:
        _emit(check_report(name, found))
    else:
        for word, ok in found.items():
            mark = _colour("valid", GREEN) if ok else _colour("not a word", RED)
            sys.stdout.write(f"{word:<16} {mark}\n")
    sys.stdout.flush()
    raise SystemExit(0 if all(found.values()) else 1)


def _wordle_reply(guess: str, answer: str, as_json: bool) -> bool:
    from lexigrid.wordle.lists import original_guesses
    from lexigrid.wordle.reply import reply_report

    accepted = original_guesses()
    if not (guess in accepted and answer in accepted):
        return False  # the typer command says what is wrong
    report = reply_report(guess, answer)
    if as_json:
        _emit(report)
    else:
        sys.stdout.write(report["shown"] + "\n")
    sys.stdout.flush()
    return True


def _emit(payload: Mapping[str, object]) -> None:
    import json

    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def _colour(text: str, colour: str) -> str:
    """Text in a colour on a terminal (as rich would print it), plain otherwise or with NO_COLOR."""
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        return f"{colour}{text}{RESET}"
    return text
