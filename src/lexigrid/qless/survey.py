"""How often the dice give an unsolvable roll: sampled with a 95% interval, or exactly.

Sampled: rolls 0..N-1 are `roll(seed)` for each seed, checked in blocks (one runner task each), and the
unsolvable fraction gets Wilson's 95% interval. Exact: every distinct letter multiset the 12 dice can
show (15,800,439 of them), each weighted by the number of the 6^12 equally likely face outcomes that
show it, so the fraction is exact. A multiset is held as one integer (letter counts in mixed radix).
"""

from __future__ import annotations

import functools
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.checkpoint import Checkpoint
from lexigrid.errors import OptionError
from lexigrid.lexicon import load
from lexigrid.qless import solver
from lexigrid.qless.dice import DICE, roll
from lexigrid.runner import DEFAULT_RUNNER, Runner
from lexigrid.stats import wilson

BLOCK = 500  # sampled rolls per task
EXACT_BLOCK = 2000  # multisets per task
LIKELIEST = 10  # the most likely unsolvable rolls an exact survey names
Keys = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Words:
    """The words a survey solves with: a lexicon (None: the default) and an optional common-words cut."""

    lexicon: str | None = None
    common: int | None = None


def solvable(words: Words, rolls: list[str]) -> list[bool]:
    """Whether each roll makes a solution."""
    return solver.solvable(rolls, load(words.lexicon), common=words.common)


def sampled_block(words: Words, span: tuple[int, int, int]) -> dict[str, Any]:
    """Block `i` of seeds start..stop-1: how many rolls, and how many of them are unsolvable."""
    i, start, stop = span
    bad = solvable(words, [roll(seed) for seed in range(start, stop)]).count(False)
    return {"block": i, "rolls": stop - start, "unsolvable": bad}


def _radix() -> dict[str, int]:
    """Each letter's place value: counts in mixed radix, base (dice showing the letter) + 1."""
    places, place = {}, 1
    for letter in sorted(set("".join(DICE))):
        places[letter] = place
        place *= sum(letter in die for die in DICE) + 1
    return places


def multisets() -> tuple[Keys, Keys]:
    """Every distinct multiset the dice can show (as keys, sorted) and its number of face outcomes."""
    radix = _radix()
    keys, weights = np.zeros(1, np.int64), np.ones(1, np.int64)
    for die in sorted(DICE, key=lambda d: len(set(d))):  # the widest dice last: fewer states meanwhile
        faces = Counter(die)
        place = np.array([radix[f] for f in faces], np.int64)
        count = np.array(list(faces.values()), np.int64)
        keys, inverse = np.unique((keys[:, None] + place).ravel(), return_inverse=True)
        weights = np.bincount(inverse, weights=(weights[:, None] * count).ravel()).astype(np.int64)
    return keys, weights


def letters_of(key: int) -> str:
    """The letters of a multiset key, in alphabetical order."""
    radix = _radix()
    letters = sorted(radix)
    out = []
    for letter, after in zip(letters, [*letters[1:], None], strict=True):
        base = radix[after] // radix[letter] if after else key // radix[letter] + 1
        out.append(letter * (key // radix[letter] % base))
    return "".join(out)


def exact_block(words: Words, block: tuple[int, Sequence[int], Sequence[int]]) -> dict[str, Any]:
    """Block `i` of multisets: how many, how many unsolvable, and the face outcomes those show."""
    i, keys, weights = block
    found = solvable(words, [letters_of(int(k)) for k in keys])
    bad = [w for w, good in zip(weights, found, strict=True) if not good]
    return {"block": i, "multisets": len(keys), "unsolvable": len(bad), "weight": int(sum(bad))}


@dataclass(frozen=True)
class Survey:
    """The unsolvable rolls among those surveyed, with a 95% interval (a point when exact)."""

    rolls: int
    unsolvable: int
    common: int | None
    exact: bool
    elapsed_ms: float
    multisets: int | None = None  # exact: the distinct multisets, those unsolvable, the likeliest of them
    unsolvable_multisets: int | None = None
    likeliest: tuple[tuple[str, int], ...] = ()  # (letters, face outcomes showing them), likeliest first

    def as_dict(self) -> dict[str, Any]:
        """The JSON report."""
        fraction = self.unsolvable / self.rolls if self.rolls else 0.0
        low, high = (fraction, fraction) if self.exact else wilson(self.unsolvable, self.rolls)
        report = {
            "rolls": self.rolls,
            "unsolvable": self.unsolvable,
            "unsolvable_fraction": fraction,
            "interval": [low, high],
            "common": self.common,
            "exact": self.exact,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }
        if self.multisets is None:
            return report
        whole = math.gcd(self.unsolvable, self.rolls) or 1
        return {
            **report,
            "fraction": f"{self.unsolvable // whole}/{self.rolls // whole}",
            "multisets": self.multisets,
            "unsolvable_multisets": self.unsolvable_multisets,
            "likeliest": [
                {"letters": letters, "outcomes": outcomes, "probability": outcomes / self.rolls}
                for letters, outcomes in self.likeliest
            ],
        }


def _run(job: Any, items: list[Any], done: Checkpoint, runner: Runner, what: str) -> None:
    finished = {r["block"] for r in done.records}
    todo = [item for item in items if item[0] not in finished]
    for _, record in runner.each(job, todo, what):
        done.add(record)


def survey(
    words: Words, rolls: int, *, checkpoint: Path | None = None, runner: Runner = DEFAULT_RUNNER
) -> Survey:
    """The unsolvable fraction among the rolls of seeds 0..rolls-1."""
    if rolls < 1:
        raise OptionError(
            f"a survey needs at least 1 roll, not {rolls}",
            "rolls",
            f"{{option}} must be at least 1, not {rolls}",
        )
    started = time.perf_counter()
    done = Checkpoint(checkpoint, _header(words, exact=False, rolls=rolls))
    spans = [(i, s, min(s + BLOCK, rolls)) for i, s in enumerate(range(0, rolls, BLOCK))]
    _run(functools.partial(sampled_block, words), spans, done, runner, f"rolls (x{BLOCK})")
    bad = sum(r["unsolvable"] for r in _latest(done))
    return Survey(rolls, bad, words.common, False, (time.perf_counter() - started) * 1000)


def exact_survey(words: Words, *, checkpoint: Path | None = None, runner: Runner = DEFAULT_RUNNER) -> Survey:
    """The exact unsolvable fraction: every distinct multiset, weighted by its face outcomes."""
    started = time.perf_counter()
    keys, weights = multisets()
    outcomes = math.prod(len(die) for die in DICE)  # equally likely face outcomes: 6^12
    done = Checkpoint(checkpoint, _header(words, exact=True, rolls=outcomes))
    blocks = [
        (i, keys[s : s + EXACT_BLOCK].tolist(), weights[s : s + EXACT_BLOCK].tolist())
        for i, s in enumerate(range(0, len(keys), EXACT_BLOCK))
    ]
    _run(functools.partial(exact_block, words), blocks, done, runner, f"multisets (x{EXACT_BLOCK})")
    records = _latest(done)
    bad = sum(r["weight"] for r in records)
    likeliest = likeliest_unsolvable(words, keys, weights, LIKELIEST)
    ms = (time.perf_counter() - started) * 1000
    unsolvable = sum(r["unsolvable"] for r in records)
    return Survey(outcomes, bad, words.common, True, ms, len(keys), unsolvable, likeliest)


def likeliest_unsolvable(words: Words, keys: Keys, weights: Keys, n: int) -> tuple[tuple[str, int], ...]:
    """The `n` unsolvable multisets the most face outcomes show (ties alphabetically), likeliest first:
    multisets are checked from the heaviest down until no lighter one can enter."""
    order = np.argsort(-weights, kind="stable")
    found: list[tuple[str, int]] = []
    for start in range(0, len(order), EXACT_BLOCK):
        chunk = order[start : start + EXACT_BLOCK]
        if len(found) >= n and weights[chunk[0]] < found[n - 1][1]:
            break
        letters = [letters_of(int(key)) for key in keys[chunk]]
        outcomes = weights[chunk].tolist()
        found += [
            (x, w) for x, w, ok in zip(letters, outcomes, solvable(words, letters), strict=True) if not ok
        ]
        found.sort(key=lambda item: (-item[1], item[0]))
    return tuple(found[:n])


def _latest(done: Checkpoint) -> list[dict[str, Any]]:
    """One record per block (a block recorded twice, by a kill at the wrong moment, counts once)."""
    return list({r["block"]: r for r in done.records}.values())


def _header(words: Words, *, exact: bool, rolls: int) -> dict[str, Any]:
    lex = load(words.lexicon)
    return {
        "job": "qless survey",
        "lexicon": lex.name,
        "common": words.common,
        "exact": exact,
        "rolls": rolls,
    }
