"""A reply: the colour of each guessed letter, as the game computes it, and its three text notations.

A reply is stored as an integer *code*: the sum of colour * 3**position (grey 0, yellow 1, green 2),
so a word of length n has 3**n replies and the all-green reply is 3**n - 1.
"""

from __future__ import annotations

from collections import Counter

from lexigrid.errors import LexigridError

Reply = int
GREY, YELLOW, GREEN = 0, 1, 2
LETTERS = ".YG"  # the GY. notation
SEED_LETTERS = "FOX"  # the seed program's notation: F grey, O yellow, X green (HATCH for BEACH: FOFXX)
EMOJI = ("\u2b1c", "\U0001f7e8", "\U0001f7e9")  # white, yellow, green squares
EMOJI_DARK = "\u2b1b"  # the dark-theme grey square
_ALIASES = {
    ".": GREY, "-": GREY, "_": GREY, "F": GREY, "B": GREY, "0": GREY, EMOJI[0]: GREY, EMOJI_DARK: GREY,
    "Y": YELLOW, "O": YELLOW, "1": YELLOW, EMOJI[1]: YELLOW,
    "G": GREEN, "X": GREEN, "2": GREEN, EMOJI[2]: GREEN,
}  # fmt: skip


def colours_for(guess: str, answer: str) -> list[int]:
    """The colours of `guess` against `answer`: greens first, then yellows from the unmatched letters."""
    colours = [GREEN if g == a else GREY for g, a in zip(guess, answer, strict=True)]
    unmatched = Counter(a for a, c in zip(answer, colours, strict=True) if c != GREEN)
    for i, letter in enumerate(guess):
        if colours[i] != GREEN and unmatched[letter] > 0:
            colours[i] = YELLOW
            unmatched[letter] -= 1
    return colours


def encode(colours: list[int]) -> Reply:
    """The reply code of a list of colours."""
    return sum(c * 3**i for i, c in enumerate(colours))


def decode(reply: Reply, length: int) -> list[int]:
    """The colours of a reply code."""
    return [(reply // 3**i) % 3 for i in range(length)]


def reply_for(guess: str, answer: str) -> Reply:
    """The reply the game gives to `guess` when the answer is `answer` (both upper case)."""
    return encode(colours_for(guess, answer))


def solved(length: int) -> Reply:
    """The all-green reply."""
    return int(3**length) - 1


def parse_reply(text: str, length: int | None = None) -> Reply:
    """A reply from `GY..G`, the seed's `FOFXX` (F grey, O yellow, X green) or emoji squares."""
    symbols = [ch for ch in text.strip().upper() if ch not in " \ufe0f"]
    colours: list[int] = []
    for ch in symbols:
        if ch not in _ALIASES:
            raise LexigridError(
                f"reply {text!r} has {ch!r}: write G (green), Y (yellow) and . (grey), e.g. GY..G"
            )
        colours.append(_ALIASES[ch])
    if not colours:
        raise LexigridError("the reply is empty: write one of G, Y or . per letter, e.g. GY..G")
    if length is not None and len(colours) != length:
        raise LexigridError(f"reply {text!r} has {len(colours)} colours, not {length}: one per letter")
    return encode(colours)


def format_reply(reply: Reply, length: int, style: str = "gy") -> str:
    """A reply as `GY..G` (style gy), the seed's `XOFFX` (style xof) or emoji squares (style emoji)."""
    colours = decode(reply, length)
    if style == "gy":
        return "".join(LETTERS[c] for c in colours)
    if style == "xof":
        return "".join(SEED_LETTERS[c] for c in colours)
    if style == "emoji":
        return "".join(EMOJI[c] for c in colours)
    raise LexigridError(f"unknown reply style {style!r}: use gy, xof or emoji")


def reply_report(guess: str, answer: str, style: str = "gy") -> dict[str, str]:
    """The JSON shape of `wordle reply`: both words, the reply in GY. notation and as shown in `style`."""
    code = reply_for(guess, answer)
    return {
        "guess": guess,
        "answer": answer,
        "reply": format_reply(code, len(guess)),
        "shown": format_reply(code, len(guess), style),
    }
