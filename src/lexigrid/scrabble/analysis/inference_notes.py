"""What an inference found, in words: the sentences both faces show (the terminal prints them, the web page
shows them from the JSON, `Inference.as_dict`), so the two say the same thing in the same words.

Each is a lower-case clause without a final stop; a page may begin it with a capital and end it with one.
None holds a time, so a note is the same on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from lexigrid.counts import count, number
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.move import Move


class Leave(Protocol):
    """A consistent leave (`infer.InferredLeave`) as a note reads it."""

    @property
    def tiles(self) -> str: ...
    @property
    def probability(self) -> float: ...


class Inference(Protocol):
    """What a note reads of an inference (`infer.Inference`; not imported, since it imports the notes)."""

    @property
    def play(self) -> Move: ...
    @property
    def margin(self) -> float: ...
    @property
    def leaves(self) -> Sequence[Leave]: ...
    @property
    def racks_checked(self) -> int: ...
    @property
    def consistent(self) -> int: ...
    @property
    def leaves_total(self) -> int: ...
    @property
    def certain(self) -> bool: ...
    @property
    def complete(self) -> bool: ...


KEPT_SHOWN = 5  # the likeliest leaves a note of what they kept lists


def judged(found: Inference) -> str:
    """How much of the leave space was judged: `all 3,483 racks judged`, or the likeliest part of it."""
    if found.certain:
        return "the only leave possible"
    if found.complete:
        return f"all {count(found.racks_checked, 'rack')} judged"
    return f"the likeliest {number(found.racks_checked)} of {number(found.leaves_total)} racks judged"


def kept_note(found: Inference, alphabet: Alphabet = ENGLISH, shown: int = KEPT_SHOWN) -> str:
    """What they likely kept, the likeliest leaves first: a game's hint."""
    play = alphabet.write(found.play.paren)
    if not found.leaves:
        return f"no rack they could hold makes {play} within {found.margin:g} of its best ({judged(found)})"
    likeliest = ", ".join(
        f"{alphabet.write_tiles(leave.tiles) or '(nothing)'} {leave.probability:.0%}"
        for leave in found.leaves[:shown]
    )
    return f"they likely kept after {play}: {likeliest} ({_fit(found)}; {judged(found)})"


def drawn_note(found: Inference, alphabet: Alphabet = ENGLISH) -> str:
    """What a simulation drew the opponent's racks from."""
    play = alphabet.write(found.play.paren)
    if not found.leaves:
        return f"no leave fits {play} ({judged(found)}): their racks were drawn at random"
    likeliest = alphabet.write_tiles(found.leaves[0].tiles) or "(nothing)"
    return (
        f"their racks were drawn from what they may have kept after {play}: {_fit(found)} "
        f"({judged(found)}), likeliest {likeliest} {found.leaves[0].probability:.1%}"
    )


def found_note(found: Inference) -> str:
    """What the inference judged and found (its time and searches, which vary run to run, are the faces')."""
    return f"{judged(found)}, {number(found.consistent)} consistent with the play"


def _fit(found: Inference) -> str:
    """How many leaves fit the play: `9 leaves fit`."""
    return f"{count(len(found.leaves), 'leave')} {'fits' if len(found.leaves) == 1 else 'fit'}"
