"""Named boards and tiny hand lexicons for the Letter Boxed tests."""

from __future__ import annotations

import pytest

from lexigrid.lexicon import Lexicon

# The board Boxchar's README solves: FOXGLOVE-EQUITY first, then FOG-GLOVE-EXILE-EQUITY.
BOXCHAR = "VYQ,FIG,OTE,XLU"

# Playable on BOXCHAR, plus words that are not (QUIET: E-T on one side; TAXI: A is off the board).
BOXCHAR_WORDS = {
    "FOXGLOVE": 2.0,
    "EQUITY": 3.8,
    "EYE": 4.9,
    "FOG": 3.9,
    "GLOVE": 3.6,
    "EXILE": 3.3,
    "TUG": 3.4,
    "GUV": 1.5,
    "VOXEL": 2.4,
    "LIQUEFY": 1.8,
    "QUIT": 4.2,
    "TYE": 1.9,
    "ELF": 3.5,
    "QUIET": 4.5,
    "TAXI": 4.0,
}


def zipf_lexicon(zipf: dict[str, float], name: str = "hand") -> Lexicon:
    """A hand lexicon whose words have the given Zipf values."""
    frequencies = {w.lower(): 10 ** (z - 9) for w, z in zipf.items()}
    return Lexicon.from_words(zipf, name=name, frequencies=frequencies)


@pytest.fixture(scope="session")
def boxchar_lexicon() -> Lexicon:
    """The hand lexicon for the BOXCHAR board."""
    return zipf_lexicon(BOXCHAR_WORDS)
