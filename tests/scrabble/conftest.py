"""Scrabble fixtures: engines for TWL06 and for small hand lexicons, and the reference positions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble import Engine
from tests.conftest import shared_file

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
