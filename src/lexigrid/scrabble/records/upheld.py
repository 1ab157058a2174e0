"""What a record's own challenges tell of the lexicon judging it.

A placement *upheld* by a challenge (the challenge bonus right after it, to its player) was valid in the
game's lexicon. When the lexicon judging the record lacks one of its words, it is not the game's lexicon,
whatever the record names: its missing words are then no phonies, only words outside the lexicon judging.
"""

from __future__ import annotations

from itertools import pairwise

from lexigrid.lexicon import Lexicon
from lexigrid.scrabble.records.gcg import Event, Record
from lexigrid.scrabble.records.gcg_replay import Replay


def upheld(event: Event, after: Event) -> bool:
    """Whether `after` is the challenge bonus that upheld the placement `event` (the placement stood)."""
    return event.kind == "place" and after.nick == event.nick and after.kind == "challenge"


def upheld_outside(record: Record, replayed: Replay) -> list[str]:
    """The words the lexicon judging lacks (its `replayed` phonies) in plays the record shows upheld by a
    challenge: the game's own lexicon held them, so the one judging is not it."""
    numbers = {e.number for e, after in pairwise(record.events) if upheld(e, after)}
    return [phony.word for phony in replayed.phonies if phony.line in numbers]


def upheld_note(words: list[str], lexicon: Lexicon) -> str:
    """The words upheld that `lexicon` lacks, said: it is not the game's lexicon ('' when there are none)."""
    if not words:
        return ""
    listed = ", ".join(dict.fromkeys(words))
    return (
        f"the record's challenges upheld {listed}, which {lexicon.name} lacks: the game was played in "
        f"another lexicon, so no phony is called (judged in {lexicon.name}; name the game's to have them "
        "called)"
    )


def lexicon_note(words: list[str], lexicon: Lexicon, chosen: str) -> str:
    """A review's note on the lexicon judging: the one made when choosing it, unless the record's
    challenges upheld `words` it lacks (`upheld_note`)."""
    return upheld_note(words, lexicon) or chosen
