"""Win probability from spread and tiles left, learned by static self-play and shipped as data.

A *state* is the start of a turn: the player to move leads by `spread` points and does not see `tiles`
tiles (the bag plus the other rack). Self-play games (`winpct_learn.learn`) give one sample per turn: the
state and whether that player went on to win (a draw counts half). For each tiles-left count a logistic curve
P(win) = 1 / (1 + exp(-(a + b * spread))) is fitted to the samples of that count and its neighbours
(`WINDOW` either side, so rare counts borrow strength), and the shipped file holds a and b per count;
`WinTable.table()` expands them into the spread x tiles-left table (MAGPIE ships its table as is).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from lexigrid.errors import LexigridError

MAX_TILES = 100  # tiles-left counts 0..100 (the English set has 100 tiles)
WINDOW = 2  # a count's fit also uses the samples of the counts this far either side
MIN_SAMPLES = 50  # fewer samples near a count: it takes the previous count's curve
MIN_SPREAD_STD = 10.0  # spreads nearer each other than this (the first turns) fit the intercept only
SPREAD_LIMIT = 400  # spreads beyond this are looked up at the limit
DATA_FILE = "winpct_english.json"
Sample = tuple[int, int, float]  # spread of the player to move, tiles they do not see, their result


@dataclass(frozen=True)
class WinTable:
    """Per tiles-left count, the intercept and slope of the logistic win curve over spread."""

    intercepts: tuple[float, ...]
    slopes: tuple[float, ...]
    samples: tuple[int, ...] = ()
    source: str = ""

    def win_probability(self, spread: float, tiles: int) -> float:
        """The chance that the player to move, `spread` ahead with `tiles` unseen, wins."""
        t = min(max(tiles, 0), len(self.slopes) - 1)
        s = min(max(spread, -SPREAD_LIMIT), SPREAD_LIMIT)
        x = self.intercepts[t] + self.slopes[t] * s
        return 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0

    def table(self, spreads: range = range(-SPREAD_LIMIT, SPREAD_LIMIT + 1)) -> npt.NDArray[np.float64]:
        """The spread x tiles-left table of win probabilities (rows: `spreads`, columns: 0..MAX_TILES)."""
        s = np.asarray(spreads, dtype=np.float64)[:, None]
        x = np.asarray(self.intercepts)[None, :] + np.asarray(self.slopes)[None, :] * s
        return np.asarray(1.0 / (1.0 + np.exp(-x)), dtype=np.float64)

    def as_dict(self) -> dict[str, Any]:
        """The table as JSON-able data (what `write` stores)."""
        return {
            "model": "P(win) = 1/(1+exp(-(a[t] + b[t]*spread))), t: tiles unseen by the player to move",
            "source": self.source,
            "a": [round(v, 5) for v in self.intercepts],
            "b": [round(v, 6) for v in self.slopes],
            "samples": list(self.samples),
        }

    def write(self, path: Path) -> None:
        """Save as JSON."""
        path.write_text(json.dumps(self.as_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, path: Path) -> WinTable:
        """A table saved by `write`."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                tuple(data["a"]), tuple(data["b"]), tuple(data.get("samples", ())), data.get("source", "")
            )
        except (OSError, ValueError, KeyError) as error:
            raise LexigridError(f"cannot read the win table {path}: {error}") from None


_DEFAULT: list[WinTable] = []


def default_table() -> WinTable:
    """The shipped table (learned on the default lexicon), loaded once per process."""
    if not _DEFAULT:
        text = resources.files("lexigrid.scrabble").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
        data = json.loads(text)
        _DEFAULT.append(WinTable(tuple(data["a"]), tuple(data["b"]), tuple(data["samples"]), data["source"]))
    return _DEFAULT[0]


def lexicon_table(lexicon: str) -> WinTable:
    """A lexicon's win table: the one learned for an added lexicon (`learn-winpct -L NAME`), else the
    shipped one."""
    from lexigrid.lexicon.added import learned_path
    from lexigrid.lexicon.sources import is_lexicon_name

    path = learned_path(lexicon, "winpct") if is_lexicon_name(lexicon) else None
    return WinTable.read(path) if path is not None and path.is_file() else default_table()


def fit_logistic(
    spreads: npt.NDArray[np.float64], results: npt.NDArray[np.float64], slope: float | None = None
) -> tuple[float, float]:
    """Intercept and slope of a logistic curve fitted by Newton's method (the intercept alone when the
    slope is given); a small ridge keeps it finite when the results are all wins or all losses."""
    x = np.column_stack([np.ones_like(spreads), spreads / 100.0])
    fixed = slope is not None
    w = np.array([0.0, 100.0 * slope if slope is not None else 0.0])
    ridge = 1e-3
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (results - p) - ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(2)
        step = np.array([gradient[0] / hessian[0, 0], 0.0]) if fixed else np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return float(w[0]), float(w[1]) / 100.0


def fit(samples: list[Sample], source: str = "") -> WinTable:
    """The per-tiles-left logistic fits of a list of (spread, tiles, result) samples. Where the spreads
    barely vary (the first turns) the slope is the previous count's and only the intercept is fitted; a
    slope never rises with more tiles left (a lead matters less the more game is left to play)."""
    if not samples:
        raise LexigridError("no self-play samples to learn a win table from")
    data = np.asarray(samples, dtype=np.float64)
    tiles = data[:, 1].astype(int)
    intercepts: list[float] = []
    slopes: list[float] = []
    counts = [int((tiles == t).sum()) for t in range(MAX_TILES + 1)]
    for t in range(MAX_TILES + 1):
        near = np.abs(tiles - t) <= WINDOW
        previous = slopes[-1] if slopes else None
        if near.sum() < MIN_SAMPLES:  # too few: the nearest fitted count's curve
            intercepts.append(intercepts[-1] if intercepts else 0.0)
            slopes.append(previous if previous is not None else 0.05)
            continue
        varied = float(data[near, 0].std()) >= MIN_SPREAD_STD
        a, b = fit_logistic(data[near, 0], data[near, 2], None if varied or previous is None else previous)
        if previous is not None and b > previous:
            b = previous
            a, _ = fit_logistic(data[near, 0], data[near, 2], b)
        intercepts.append(a)
        slopes.append(b)
    return WinTable(tuple(intercepts), tuple(slopes), tuple(counts), source)
