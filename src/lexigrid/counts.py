"""How a count reads in every message: thousands separated, the noun agreeing (`1 solution`, `2 guesses`)."""

from __future__ import annotations


def number(n: int) -> str:
    """A whole number with thousands separated: `730,934`."""
    return f"{n:,}"


def nouns(n: int, noun: str, plural: str | None = None) -> str:
    """The noun as it agrees with `n`: `solution` for 1, else its plural (`guesses`, `plies`, `solutions`)."""
    if n == 1:
        return noun
    if plural is not None:
        return plural
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` things: `1 solution`, `730,934 solutions`, `2 guesses`, `3 plies`."""
    return f"{number(n)} {nouns(n, noun, plural)}"
