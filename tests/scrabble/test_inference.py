"""What an inference found, in words: one table of cases, the same words in the JSON both faces read."""

from __future__ import annotations

import pytest

from lexigrid.scrabble import Engine, parse_cgp
from lexigrid.scrabble.analysis import inference as notes
from lexigrid.scrabble.analysis.infer import infer
from lexigrid.scrabble.analysis.inference import Inference
from lexigrid.scrabble.core.alphabet import ENGLISH
from tests.scrabble.conftest import stopping_clock, ticking_clock

RATE = "15/15/15/15/15/15/15/6RATE5/15/15/15/15/15/15/15"
EMPTY = "/".join(["15"] * 15)
TICKS = 20  # a stand-in clock's looks: a second each


def _found(small_engine: Engine, case: str) -> Inference:
    """The inference of a named case."""
    if case == "certain":
        return infer(parse_cgp(f"{EMPTY} / 0/0 0"), "8B RETAINS", small_engine)
    if case == "timed":
        clock = ticking_clock()
        return infer(parse_cgp(f"{RATE} / 0/0 0"), "9G ETAS", small_engine, seconds=TICKS, clock=clock)
    if case == "stopped":  # no time limit: a clock that reads infinity from its TICKS-th look on stops it
        return infer(parse_cgp(f"{RATE} / 0/0 0"), "9G ETAS", small_engine, clock=stopping_clock(TICKS))
    if case == "none fits":
        return infer(
            parse_cgp(f"{RATE} / 0/0 0"), "9G ETAS", small_engine, margin=0, seconds=2, clock=ticking_clock()
        )
    return infer(parse_cgp(f"{RATE} / 0/0 0"), "9G ETAS", small_engine)


@pytest.mark.parametrize(
    ("case", "judged"),
    [
        ("certain", "the only leave possible"),
        ("complete", "all {total} racks judged"),
        ("timed", "the likeliest {checked} of {total} racks judged"),
        ("stopped", "stopped after {checked} of {total} racks judged"),
    ],
)
def test_how_much_was_judged(small_engine: Engine, case: str, judged: str) -> None:
    found = _found(small_engine, case)
    total, checked = f"{found.leaves_total:,}", f"{found.racks_checked:,}"
    assert notes.judged(found) == judged.format(total=total, checked=checked)


def test_what_they_kept_and_what_racks_were_drawn_from(small_engine: Engine) -> None:
    found = _found(small_engine, "complete")
    first = found.leaves[0]
    top = ", ".join(f"{leave.tiles} {leave.probability:.0%}" for leave in found.leaves[: notes.KEPT_SHOWN])
    fit = f"{len(found.leaves)} leaves fit"
    judged = f"all {found.leaves_total:,} racks judged"
    assert notes.kept_note(found) == f"they likely kept after 9G ETAS: {top} ({fit}; {judged})"
    assert notes.drawn_note(found) == (
        f"their racks were drawn from what they may have kept after 9G ETAS: {fit} ({judged}), "
        f"likeliest {first.tiles} {first.probability:.1%}"
    )
    assert notes.found_note(found) == f"{judged}, {found.consistent} consistent with the play"


def test_when_no_leave_fits(small_engine: Engine) -> None:
    """Only of a whole space does a note say no leave fits; of a part, that none of those judged does."""
    found = _found(small_engine, "none fits")
    assert not found.leaves and not found.complete
    judged = notes.judged(found)
    assert notes.kept_note(found) == f"no rack judged makes 9G ETAS within 0 of its best ({judged})"
    at_random = "their racks were drawn at random"
    assert notes.drawn_note(found) == f"no leave judged fits 9G ETAS ({judged}): {at_random}"
    found.racks_checked = found.leaves_total  # as if the whole space had been judged
    judged = notes.judged(found)
    assert notes.kept_note(found) == f"no rack they could hold makes 9G ETAS within 0 of its best ({judged})"
    assert notes.drawn_note(found) == f"no leave fits 9G ETAS ({judged}): {at_random}"


def test_the_json_carries_the_notes_both_faces_show(small_engine: Engine) -> None:
    """The web page shows the JSON's notes; the terminal prints the same functions' words."""
    found = _found(small_engine, "complete")
    assert found.as_dict(5, ENGLISH)["notes"] == {
        "judged": notes.judged(found),
        "kept": notes.kept_note(found),
        "drawn": notes.drawn_note(found),
        "found": notes.found_note(found),
    }
