"""Playable words: the words of a lexicon that can be traced on a board, as board letter masks."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lexigrid.letterboxed.board import MIN_WORD_LENGTH, Board
from lexigrid.letterboxed.ranking import s_form_flags
from lexigrid.lexicon import Lexicon


@dataclass(frozen=True, slots=True)
class PlayableWord:
    """A word playable on a board: its board mask, first and last letters, Zipf value, -S form flag."""

    word: str
    mask: int
    first: str
    last: str
    zipf: float
    s_form: bool


def playable_words(board: Board, lexicon: Lexicon, common: int | None = None) -> list[PlayableWord]:
    """Every word of the lexicon playable on the board (only the `common` most frequent, if given)."""
    spelled = lexicon.spelled_with(board.letters, shortest=MIN_WORD_LENGTH, common=common)
    if not spelled.words:
        return []
    # Board masks of the candidates in one numpy pass: bit i <- the alphabet bit of the i-th letter.
    board_masks = np.zeros(len(spelled.words), dtype=np.int64)
    for i, c in enumerate(board.letters):
        board_masks |= ((spelled.letter_sets >> (ord(c) - 65)) & 1).astype(np.int64) << i
    info = dict(
        zip(spelled.words, zip(board_masks.tolist(), spelled.zipf.tolist(), strict=True), strict=True)
    )
    words = board.playable_regex.findall("\n".join(spelled.words))
    return [
        PlayableWord(word, info[word][0], word[0], word[-1], info[word][1], s_form)
        for word, s_form in zip(words, s_form_flags(words, lexicon), strict=True)
    ]
