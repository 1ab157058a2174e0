"""Adding and removing named lexicons: a word list or KWG file kept in the user data directory.

An added lexicon is one file, `lexicons/<name>.txt` (name in lower case), whose first line
`# lexigrid lexicon NAME: ...` keeps the name as given and where it came from, then one word per line.
An optional leave table (KLV or KLV2) is kept beside it as `<name>.klv`, so `--leaves NAME` finds it; leave
weights and a win table learned by self-play for it as `<name>.leaves.json` and `<name>.winpct.json`.
Each file is written whole to a temporary file and renamed: a failed or interrupted add leaves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexigrid.errors import LexigridError
from lexigrid.lexicon.cache import write_atomically
from lexigrid.lexicon.kwg import is_kwg, klv_leaves
from lexigrid.lexicon.sources import (
    ALPHABET_MARK,
    added_dir,
    added_file,
    is_bundled,
    is_lexicon_name,
    parse_words,
)


@dataclass(frozen=True)
class Added:
    """What `add_lexicon` stored: the name, how many words, and the files."""

    name: str
    words: int
    path: Path
    leaves: Path | None


def checked_name(name: str) -> str:
    """The lower-case key of a name fit for an added lexicon (letters, digits, '_' and '-'; no path)."""
    if not is_lexicon_name(name):
        raise LexigridError(
            f"lexicon name {name!r} is not valid: use a letter then up to 31 letters, digits, '_' or '-' "
            "(a name, not a path), e.g. CSW21"
        )
    key = name.lower()
    if is_bundled(key):
        raise LexigridError(f"{name!r} is a bundled lexicon's name: choose another name")
    return key


def _added_names() -> str:
    """The added lexicons' names, for a message: `csw21, mine` or `none`."""
    present = sorted(p.stem for p in added_dir().glob("*.txt")) if added_dir().is_dir() else []
    return ", ".join(present) or "none"


def leaves_path(name: str) -> Path:
    """Where the leave table added with lexicon `name` lives (it may not exist)."""
    return added_dir() / f"{name.lower()}.klv"


def learned_path(name: str, kind: str) -> Path:
    """Where a table learned by self-play for the added lexicon `name` is kept beside it (it may not exist):
    `<name>.leaves.json` (leave weights) or `<name>.winpct.json` (the win table)."""
    return added_dir() / f"{name.lower()}.{kind}.json"


def added_name(spec: str | None) -> str | None:
    """The name of an added lexicon `spec` names (any case), else None (bundled, a path, or not added)."""
    if spec is None or not is_lexicon_name(spec) or is_bundled(spec):
        return None
    return spec if added_file(spec).is_file() else None


def read_file(path: Path, what: str) -> bytes:
    """The bytes of a file named on the command line, or a one-line error."""
    if not path.is_file():
        raise LexigridError(f"{what} {str(path)!r} does not exist or is not a file: check the path")
    try:
        return path.read_bytes()
    except OSError as error:
        raise LexigridError(f"cannot read {what} {str(path)!r}: {error.strerror}") from None


def add_lexicon(
    name: str,
    file: Path,
    leaves: Path | None = None,
    words: list[str] | None = None,
    alphabet: tuple[str, str] = ("english", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
) -> Added:
    """Check a word list or KWG file (and a KLV leave table) and store it under `name`, replacing any;
    `words` when already read in another `alphabet` (its name and its letters in code order)."""
    key = checked_name(name)
    data = read_file(file, "lexicon file")
    words = parse_words(data, str(file)) if words is None else words
    leave_data = None
    if leaves is not None:
        leave_data = read_file(leaves, "leave table")
        klv_leaves(leave_data, str(leaves), alphabet[1])  # every check before anything is written
    kind = "KWG file" if is_kwg(data) else "word list"
    language = f" ({ALPHABET_MARK}{alphabet[0]})" if alphabet[0] != "english" else ""
    header = f"# lexigrid lexicon {name}{language}: {len(words):,} words added from {kind} {file.resolve()}"
    path = added_file(key)
    if leave_data is not None:
        write_atomically(leaves_path(key), leave_data)
    write_atomically(path, ("\n".join([header, *words]) + "\n").encode())
    return Added(name, len(words), path, leaves_path(key) if leave_data is not None else None)


def remove_lexicon(name: str) -> Path:
    """Delete an added lexicon (and its leave table); the error names the added ones when it is not one."""
    if is_bundled(name):
        raise LexigridError(
            f"{name!r} is bundled with lexigrid and cannot be removed: only added lexicons can "
            f"(added: {_added_names()})"
        )
    key = checked_name(name)
    path = added_file(key)
    if not path.is_file():
        raise LexigridError(
            f"no added lexicon {name!r} (added: {_added_names()}): see `lexigrid lexicon list`"
        )
    path.unlink()
    leaves_path(key).unlink(missing_ok=True)
    for kind in ("leaves", "winpct"):
        learned_path(key, kind).unlink(missing_ok=True)
    return path
