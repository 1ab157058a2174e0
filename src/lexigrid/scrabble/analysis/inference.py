"""What an inference found: the distribution of what a player kept (`Inference`), its JSON, and its words.

Its words (`judged` and the `*_note` functions) are the sentences both faces show (the terminal prints
them, the web page shows them from the JSON, `Inference.as_dict`), so the two say the same thing in the
same words. Each is a lower-case clause without a final stop; a page may begin it with a capital and end
it with one. None holds a time, so a note is the same on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from lexigrid.counts import count, number
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.move import Move


@dataclass(frozen=True)
class InferredLeave:
    """A consistent leave: its tiles, its probability, its ways of being drawn and its equity loss."""

    tiles: str
    probability: float
    draws: int
    equity_loss: float  # the rack's best static equity less the play's (0 when the play was best)


@dataclass
class Inference:
    """The distribution of what a player kept after a play, and how it was found."""

    play: Move
    margin: float
    pool: dict[str, int]  # the tiles their rack was drawn from, before the play
    leave_size: int
    leaves: list[InferredLeave]  # likeliest first
    racks_checked: int
    consistent: int
    searched: int  # racks that needed a best-move search (the others were refuted by a bound)
    elapsed_s: float
    certain: bool = False  # only one leave was possible
    temperature: float | None = None  # of the soft weights (`likelihood`); None: MAGPIE's hard margin
    leaves_total: int = 0  # the leave space: every leave they could have kept (racks_checked of them judged)
    stopped: bool = False  # asked to stop before judging every leave with no time limit: the listing's first

    @property
    def complete(self) -> bool:
        """Whether every leave they could have kept was judged (else the least likely racks were not)."""
        return self.racks_checked >= self.leaves_total

    @property
    def racks_per_second(self) -> float:
        """Racks checked per second of wall time."""
        return self.racks_checked / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def marginals(self) -> dict[str, float]:
        """Per tile of the pool, the chance they kept at least one."""
        held: dict[str, float] = dict.fromkeys(self.pool, 0.0)
        for leave in self.leaves:
            for tile in set(leave.tiles):
                held[tile] += leave.probability
        return {tile: min(1.0, p) for tile, p in held.items()}

    def choices(self) -> tuple[list[str], list[float]]:
        """The leaves and their probabilities, for `random.choices`."""
        return [leave.tiles for leave in self.leaves], [leave.probability for leave in self.leaves]

    def distribution(self) -> list[tuple[str, float]] | None:
        """The (leave, probability) pairs `simulate(opponent=...)` draws from; None when no leave fits."""
        return [(leave.tiles, leave.probability) for leave in self.leaves] or None

    def sample_leave(self, rng: random.Random) -> str | None:
        """A leave drawn from the distribution (None when no leave is consistent with the play)."""
        if not self.leaves:
            return None
        tiles, weights = self.choices()
        return rng.choices(tiles, weights)[0]

    def as_dict(self, top: int | None = None, alphabet: Alphabet = ENGLISH) -> dict[str, Any]:
        """The JSON shape of `scrabble infer --json` and the web API, tiles in the alphabet's labels."""
        shown = self.leaves if top is None else self.leaves[:top]
        write = alphabet.write
        return {
            "play": write(self.play.notation),
            "paren": write(self.play.paren),
            "score": self.play.score,
            "tiles_played": write(self.play.tiles_used),
            "margin": self.margin,
            "temperature": self.temperature,
            "leave_size": self.leave_size,
            "certain": self.certain,
            "complete": self.complete,
            "stopped": self.stopped,
            "leaves_total": self.leaves_total,
            "racks_checked": self.racks_checked,
            "consistent": self.consistent,
            "searched": self.searched,
            "leaves": [
                {
                    "leave": alphabet.write_tiles(leave.tiles),
                    "probability": round(leave.probability, 6),
                    "draws": leave.draws,
                    "equity_loss": round(leave.equity_loss, 3),
                }
                for leave in shown
            ],
            "marginals": {write(tile): round(p, 6) for tile, p in self.marginals().items()},
            "notes": {
                "judged": judged(self),
                "kept": kept_note(self, alphabet),
                "drawn": drawn_note(self, alphabet),
                "found": found_note(self),
            },
            "elapsed_ms": round(self.elapsed_s * 1000, 3),
            "racks_per_second": round(self.racks_per_second, 1),
        }


KEPT_SHOWN = 5  # the likeliest leaves a note of what they kept lists


def judged(found: Inference) -> str:
    """How much of the leave space was judged: `all 3,483 racks judged`, the likeliest part of it, or the
    part judged before a stop."""
    if found.certain:
        return "the only leave possible"
    if found.complete:
        return f"all {count(found.racks_checked, 'rack')} judged"
    if found.stopped:
        return f"stopped after {number(found.racks_checked)} of {number(found.leaves_total)} racks judged"
    return f"the likeliest {number(found.racks_checked)} of {number(found.leaves_total)} racks judged"


def kept_note(found: Inference, alphabet: Alphabet = ENGLISH, shown: int = KEPT_SHOWN) -> str:
    """What they likely kept, the likeliest leaves first: a game's hint."""
    play = alphabet.write(found.play.paren)
    if not found.leaves:
        racks = "they could hold" if found.complete else "judged"  # a part judged tells nothing of the rest
        return f"no rack {racks} makes {play} within {found.margin:g} of its best ({judged(found)})"
    likeliest = ", ".join(
        f"{alphabet.write_tiles(leave.tiles) or '(nothing)'} {leave.probability:.0%}"
        for leave in found.leaves[:shown]
    )
    return f"they likely kept after {play}: {likeliest} ({_fit(found)}; {judged(found)})"


def drawn_note(found: Inference, alphabet: Alphabet = ENGLISH) -> str:
    """What a simulation drew the opponent's racks from."""
    play = alphabet.write(found.play.paren)
    if not found.leaves:
        which = "" if found.complete else " judged"
        return f"no leave{which} fits {play} ({judged(found)}): their racks were drawn at random"
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
