"""Scrabble fixtures: engines for TWL06 and for small hand lexicons, and the reference positions."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine
from lexigrid.scrabble.core.rules import rules
from lexigrid.scrabble.engine.leave import HeuristicLeaves, KlvLeaves
from tests.conftest import shared_file
from tests.lexicon.kwg_writer import klv2_bytes


def ticking_clock() -> Callable[[], float]:
    """A stand-in clock that reads one second more at each look: a timed search the same on any machine."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


def stopping_clock(looks: int) -> Callable[[], float]:
    """A stand-in clock that reads 0 for `looks` looks, then infinity: a run stopped by the user there."""
    ticks = itertools.count()
    return lambda: math.inf if next(ticks) >= looks else 0.0


REFERENCE_BOARD = "15/15/15/15/15/2COZY9/3A11/3FLAMES1A4/8TAXI3/4RATIO1E4/4A3N6/4VERGE6/4E10/4N10/15"

_SMALL_TEXT = (
    "AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EF EH EL EM EN ER ES ET EX "
    "FA GO HA HE HI HM HO ID IF IN IS IT JO KA LA LI LO MA ME MI MO MU MY NA NE NO NU OD OE OF OH OI OM ON "
    "OP OR OS OW OX OY PA PE PI QI RE SH SI SO TA TI TO UH UM UN UP US UT WE WO XI XU YA YE YO ZA "
    "ART ARTS RAT RATS STAR TARS TSAR RATE RATES STARE TEAR TEARS EAT EATS SEAT TEA TEAS SAT SET TEN TENS "
    "NET NETS NEST RENT RENTS STERN TERN TERNS INERT INTER NITER RETAIN RETAINS RETINA RETINAS STAIN SATIN "
    "SAINT TRAIN TRAINS TAIN TAINS ANI ANTI ANTIS AIN AINS AIR AIRS RAIN RAINS SIR SIT SITE TIE TIES TIN "
    "TINS NIT NITS SNIT TINE TINES AT ATE ETA ETAS EAR EARS ERA ERAS ARE ARES SEA SEAR SEN SNARE EARN EARNS "
    "NEAR NEARS AN ANT ANTE ANTES ANTS NAE QAT QATS ZA ZAS ZIT ZITS ZEN OX OXEN AX AXE AXES"
)
SMALL_WORDS = _SMALL_TEXT.split()


@pytest.fixture(scope="session")
def small_lexicon() -> Lexicon:
    """A hand lexicon of about 200 common short words (for the brute-force oracle)."""
    return Lexicon.from_words(sorted(set(SMALL_WORDS)))


@pytest.fixture(scope="session")
def small_engine(small_lexicon: Lexicon) -> Engine:
    """The compiled engine over the small lexicon."""
    return Engine(small_lexicon)


@pytest.fixture(scope="session")
def twl_engine(twl06: Lexicon) -> Engine:
    """The compiled engine over TWL06 (skips when ../shared is absent)."""
    return Engine(twl06)


def reference_positions() -> list[dict[str, Any]]:
    """The 40 reference positions of ../shared/data/scrabble (skips when absent)."""
    path = shared_file("data", "scrabble", "positions.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def small_leave_table() -> dict[str, float]:
    """A small non-additive leave table built from the small lexicon: every leave of 1 to 3 tiles and a few
    hundred of 4 to 6, each worth the heuristic's value plus a quarter point for each small-lexicon word whose
    letters hold it (so the longer leaves' prefixes are often absent: they are worth 0)."""
    tiles = rules().tiles
    counts = dict(tiles.counts)
    words = [Counter(w) for w in SMALL_WORDS]
    heuristic = HeuristicLeaves()

    def value(leave: str) -> float:
        kept = Counter(leave)
        return heuristic.value(leave) + 0.25 * sum(1 for w in words if not kept - w)

    leaves = {
        "".join(c)
        for n in (1, 2, 3)
        for c in itertools.combinations_with_replacement(sorted(counts), n)
        if all(c.count(t) <= counts[t] for t in set(c))
    }
    pool, rng = [t for t, n in counts.items() for _ in range(n)], random.Random(24)
    leaves |= {"".join(sorted(rng.sample(pool, rng.choice((4, 5, 6))))) for _ in range(600)}
    return {leave: value(leave) for leave in sorted(leaves)}


def small_klv(folder: Path) -> KlvLeaves:
    """The small leave table written as a KLV2 file in `folder` and read back."""
    path = folder / "small.klv2"
    path.write_bytes(klv2_bytes(small_leave_table()))
    return KlvLeaves.read(path)


@pytest.fixture(scope="session")
def small_klv_leaves(tmp_path_factory: pytest.TempPathFactory) -> KlvLeaves:
    """The small KLV2 leave table (see small_leave_table)."""
    return small_klv(tmp_path_factory.mktemp("klv"))
