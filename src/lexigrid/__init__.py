"""lexigrid: solve and play Scrabble, Wordle, NYT Letter Boxed and Q-Less."""

from lexigrid.errors import LexigridError

__version__ = "0.1.0"
__all__ = ["LexigridError", "__version__"]
