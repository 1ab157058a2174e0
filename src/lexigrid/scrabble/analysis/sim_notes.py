"""The words of a simulation's result: why the run stopped, what its ties mean, what it set aside.

Both faces show them (the terminal prints them, the web page shows them from the JSON, `SimResult.as_dict`'s
`notes`), so the two say the same thing in the same words. Each is a lower-case clause without a final
stop; a page may begin it with a capital and end it with one. None holds a measured time (a time limit is
what was asked), so a note is the same on any machine. They take the result's fields, not the result
(`sim` imports this module).
"""

from __future__ import annotations

from typing import TypedDict

from lexigrid.counts import count

NOT_YET_SURE = 0.0005  # a leader confidence that would print as 0.0%: said in words instead


class SimNotes(TypedDict):
    """A result's words: why it stopped, how sure it is of its best (None when every play is valued
    exactly), what its ties are (None with no tie), and what was set aside (None with nothing set aside)."""

    stopped: str
    sure: str | None
    ties: str | None
    reordered: str | None


def stopped_note(stopped: str, exact: bool, confidence: float, time_limit: float | None) -> str:
    """Why the run stopped (`SimResult.stopped`): the best play identified at `confidence`, a stop asked,
    the time limit or the play-outs spent; with the bag empty (`exact`), every play valued exactly."""
    if exact:
        return "the bag is empty: every play is valued exactly"
    if stopped == "identified":
        return f"stopped early: the best play is identified at {percent(confidence)} confidence"
    if stopped == "user":
        return "stopped: the table as it stood"
    if time_limit is not None:
        return f"stopped at the {time_limit:,g} s time limit"
    return "every play simulated to the limit"


def sure_note(leader_confidence: float, tied: int, exact: bool) -> str | None:
    """How sure the run is that its leader is the best (`SimResult.leader_confidence`), and how many plays
    are `tied` with it; None with the bag empty (`exact`: every value is exact, a tie an equality)."""
    if exact:
        return None
    ties = f"{count(tied, 'play')} tied with it"
    if not tied:
        return f"{100 * leader_confidence:.1f}% sure of the best"
    if leader_confidence < NOT_YET_SURE:
        return f"not yet sure of the best: {ties}"
    return f"{100 * leader_confidence:.1f}% sure of the best, {ties}"


def ties_note(tied: bool, exact: bool, confidence: float) -> str | None:
    """What the plays placed 1= beside the leader are: exactly as good (the bag empty), or not told apart
    from it at `confidence`; None when no play is `tied` with it."""
    if not tied:
        return None
    if exact:
        return "the plays marked 1= are exactly as good as the best"
    return f"the plays marked 1= are tied with the best: not told apart at {percent(confidence)} confidence"


def reordered_note(set_aside: int) -> str | None:
    """What the plays set aside are (`sim.reordering`): a leader's tiles on its squares in another order,
    left out of the ranking; None when there is none."""
    if not set_aside:
        return None
    plays = "1 play" if set_aside == 1 else f"{set_aside:,} plays"
    return f"{plays} set aside: the same tiles on the same squares as a leader, in another order"


def percent(fraction: float) -> str:
    """A confidence in percent as asked: `99%`, `99.9%`."""
    return f"{100 * fraction:g}%"
