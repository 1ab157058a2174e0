"""What a computer player is doing while it thinks, for a face to show as it goes: the task, the move's
budget and the time it has used, the game clock's time left, and a simulation's latest round. A player
reports through `tell`; whoever is watching (`watching`, for the moves made inside it) gets each report,
and nobody does otherwise (the reports cost nothing then). Both faces show a report through `as_dict`."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from lexigrid.counts import count
from lexigrid.scrabble.analysis.sim import Progress
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet

Watch = Callable[["Thinking"], None]


@dataclass(frozen=True)
class Thinking:
    """A computer player's move in progress: `task` in words (`simulating 15 plays, 2 plies deep`), the
    move's `budget` in seconds (None: a play-out count bounds it instead), when it `started` on the player's
    time source `now`, the game clock's time left when it started (None: no clock), the simulation's
    latest round (None: no simulation, or no round yet)."""

    task: str
    budget: float | None
    started: float
    now: Callable[[], float] = field(default=time.perf_counter, compare=False)
    clock_left: float | None = None
    progress: Progress | None = None

    @property
    def elapsed(self) -> float:
        """Seconds used on the move so far."""
        return max(0.0, self.now() - self.started)

    def as_dict(self, alphabet: Alphabet = ENGLISH, *, moves_shown: bool = True) -> dict[str, Any]:
        """The report as both faces show it: the task, seconds used and budgeted, the clock's time left now,
        and the simulation's leader so far (None before its first round). Without `moves_shown` (a person
        plays against this player, and its candidate plays would tell its hidden tiles) the leader's play
        is left out: only its win %, the play-outs, how sure the simulation is of it and how many plays it
        has not yet told apart from it, and those in words (`said`, `leader_note`)."""
        elapsed = self.elapsed
        return {
            "task": self.task,
            "elapsed": round(elapsed, 1),
            "budget": None if self.budget is None else round(self.budget, 1),
            "clock_left": None if self.clock_left is None else round(max(0.0, self.clock_left - elapsed), 1),
            "leader": self._leader(alphabet, moves_shown),
        }

    def _leader(self, alphabet: Alphabet, moves_shown: bool) -> dict[str, Any] | None:
        progress = self.progress
        if progress is None or not progress.plays:
            return None
        top = progress.plays[0]
        tied = sum(p.tied for p in progress.plays)  # plays not yet told apart from it
        leader: dict[str, Any] = {
            "win_pct": round(top.win_pct, 2),
            "iterations": progress.iterations,
            "confidence": round(progress.leader_confidence, 4),
            "tied": tied,
            "said": leader_note(top.win_pct, progress.iterations, progress.leader_confidence, tied),
        }
        if moves_shown:
            leader["move"] = alphabet.write(top.move.paren)
        return leader


def leader_note(win_pct: float, iterations: int, confidence: float, tied: int) -> str:
    """A simulation's leader so far as both faces write it after its play: `54.3 % (1,230 play-outs, 91 %
    sure, 2 tied)`."""
    ties = f", {tied} tied" if tied else ""
    return f"{win_pct:.1f} % ({count(iterations, 'play-out')}, {100 * confidence:.0f} % sure{ties})"


_WATCH: ContextVar[Watch | None] = ContextVar("thinking", default=None)


@contextmanager
def watching(watch: Watch) -> Iterator[None]:
    """Send the reports of the moves made inside the block to `watch`."""
    token = _WATCH.set(watch)
    try:
        yield
    finally:
        _WATCH.reset(token)


def tell(thinking: Thinking) -> None:
    """Report a move in progress to whoever is watching."""
    watch = _WATCH.get()
    if watch is not None:
        watch(thinking)


def is_watched() -> bool:
    """Whether anyone is watching (a player need not build reports otherwise)."""
    return _WATCH.get() is not None
