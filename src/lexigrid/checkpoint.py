"""Checkpoints of long bulk jobs: JSON Lines, a header naming the job, then one record per finished task.

Each record is appended (and flushed) as its task finishes, so a killed job loses at most the line it
was writing (a torn last line is ignored on resume) and a rerun skips every finished task.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from lexigrid.errors import LexigridError

Record = dict[str, Any]


class Checkpoint:
    """The finished records of one job (kept in memory when there is no file)."""

    def __init__(self, path: Path | None, header: Record) -> None:
        self.path = path
        self.header = header
        self.records: list[Record] = []
        if path is not None and path.exists() and path.stat().st_size:
            self._load(path, header)
        elif path is not None:
            self._append(header)

    def _load(self, path: Path, header: Record) -> None:
        cut_torn_line(path)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
            first = json.loads(lines[0])
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, IndexError):
            raise LexigridError(f"{str(path)!r} is not a checkpoint: use another file") from None
        if first != header:
            raise LexigridError(f"checkpoint {str(path)!r} is of another job ({lines[0]}): use another file")
        for line in lines[1:]:
            try:
                self.records.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a damaged line: that task runs again

    def add(self, record: Record) -> None:
        """Keep a finished task's record (on disk at once)."""
        self.records.append(record)
        if self.path is not None:
            self._append(record)

    def rewrite(self, records: list[Record]) -> None:
        """Replace the kept records by these (the header stays), on disk in one atomic step."""
        self.records = list(records)
        if self.path is None:
            return
        partial = self.path.with_name(self.path.name + ".partial")
        try:
            partial.write_text(
                "".join(json.dumps(r) + "\n" for r in [self.header, *records]), encoding="utf-8"
            )
            os.replace(partial, self.path)
        except OSError as error:
            raise LexigridError(f"cannot write checkpoint {str(self.path)!r}: {error.strerror}") from None

    def _append(self, record: Record) -> None:
        assert self.path is not None
        try:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
        except OSError as error:
            raise LexigridError(f"cannot write checkpoint {str(self.path)!r}: {error.strerror}") from None


def cut_torn_line(path: Path) -> int:
    """Cut a last line a kill left unfinished off the file; return how many whole lines remain."""
    data = path.read_bytes()
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) != len(data):
        with path.open("r+b") as f:
            f.truncate(len(whole))
    return whole.count(b"\n")
