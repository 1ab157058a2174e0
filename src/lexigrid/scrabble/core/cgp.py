"""Positions in CGP (`board racks scores zeros [ops;]`), parsed and printed, with the unseen tiles."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import BLANK, Alphabet
from lexigrid.scrabble.core.board import Board, Rack
from lexigrid.scrabble.core.referee import exchange_refusal
from lexigrid.scrabble.core.rules import Layout, Rules, is_bundled, language_rules, layout, layout_for_dim


@dataclass
class Position:
    """A board, the racks (player to move first), the scores, the scoreless-turn count and CGP opcodes."""

    board: Board
    racks: tuple[Rack, Rack] = field(default_factory=lambda: (Rack(), Rack()))
    scores: tuple[int, int] = (0, 0)
    zeros: int = 0
    ops: dict[str, str] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        """The rules of the board."""
        return self.board.rules

    @property
    def rack(self) -> Rack:
        """The rack of the player to move."""
        return self.racks[0]

    def lexicon_spec(self, asked: str | None = None) -> str:
        """The lexicon the position is read in, by name or path: the one `asked` for, else the CGP's `lex`
        opcode, else the default lexicon."""
        from lexigrid.lexicon.sources import DEFAULT_LEXICON

        return asked or self.ops.get("lex") or DEFAULT_LEXICON

    def seen_by_mover(self) -> Position:
        """The position as its mover sees it: the board, the scores and its own rack (the other unknown)."""
        return Position(self.board, (self.rack, Rack()), self.scores, self.zeros)

    def player_count(self) -> int:
        """The players in the game: two in a CGP position."""
        return 2

    def last_play(self) -> str | None:
        """The opponent's play just before this turn, as shown (`8D W(OR)D`), when it is known to be a
        placement that stands: a game knows it, a CGP position does not (None)."""
        return None

    def unseen(self) -> Counter[str]:
        """The tiles neither on the board nor on the mover's rack (the bag plus the opponent's rack)."""
        left = Counter(self.rules.tiles.counts)
        left.subtract(self.board.tile_counts())
        left.subtract(self.racks[0].counts)
        return +left

    def bag(self) -> Counter[str]:
        """The tiles in the bag: unseen minus the opponent's known rack."""
        left = self.unseen()
        left.subtract(self.racks[1].counts)
        return +left

    def is_endgame(self) -> bool:
        """Whether the endgame solver takes the position: two players, the bag empty, the opponent's rack
        known (in a game it is: with the bag empty the unseen tiles are the opponent's rack)."""
        if self.player_count() != 2:
            return False
        return self.bag_size() == 0 and len(self.rack) > 0 and len(self.racks[1]) > 0

    def bag_size(self) -> int:
        """How many tiles the bag holds (counted without building the multiset)."""
        on_board = len(self.board.tiles) - self.board.tiles.count(0)
        held = len(self.racks[0]) + len(self.racks[1])
        return max(0, self.rules.tiles.total - on_board - held)

    def bag_when_full(self, bag_size: int | None = None) -> int:
        """The tiles in the bag once the opponent's rack is full (a CGP may leave it short, or unknown);
        `bag_size` when already known."""
        bag = self.bag_size() if bag_size is None else bag_size
        return max(0, bag + len(self.racks[1]) - self.rules.rack_size)

    def can_exchange(self, bag_size: int | None = None) -> bool:
        """Whether the referee allows an exchange with the bag once the opponent's rack is full."""
        return exchange_refusal(self.rules.rack_size, self.bag_when_full(bag_size)) is None

    def validate(self) -> None:
        """Raise when the board and racks use more of a tile than the tile set holds."""
        used = self.board.tile_counts() + self.racks[0].counts + self.racks[1].counts
        counts, letters = self.rules.tiles.counts, self.rules.tiles.alphabet
        too_many = [
            f"{used[t]} x {'blank' if t == BLANK else letters.write(t)} (the set has {counts.get(t, 0)})"
            for t in dict.fromkeys(letters.in_code_order("".join(used)))
            if used[t] > counts.get(t, 0)
        ]
        if too_many:
            raise LexigridError(
                f"impossible position for the {self.rules.tiles.name} tile set: {', '.join(too_many)}"
            )

    def __str__(self) -> str:
        return format_cgp(self)


_ROW_TOKEN = re.compile(r"\d+|.")  # a run of empty squares, or one tile (a glyph)


def _parse_row(text: str, dim: int, number: int, alphabet: Alphabet) -> str:
    """One board row in CGP into `dim` characters ('.' empty); a multi-letter tile only in brackets where bare
    letters could spell it (Spanish `4[CH]E9`; `CHE` is C, H, E as MAGPIE reads it)."""
    out: list[str] = []
    glyphs = (
        alphabet.read_bracketed(text, digits=False)
        if alphabet.ambiguous
        else alphabet.read(text, digits=False)
    )
    for token in _ROW_TOKEN.findall(glyphs):
        if token.isdigit():
            if int(token) == 0:
                raise LexigridError(f"CGP row {number} has an empty run of 0")
            out.append("." * int(token))
        elif alphabet.is_board_tile(token):
            out.append(token)
        else:
            letters = alphabet.letters_hint
            raise LexigridError(
                f"bad character {token!r} in CGP row {number}: "
                f"use digits, {letters}, {letters.lower()} (blank)"
            )
    row = "".join(out)
    if len(row) != dim:
        raise LexigridError(f"CGP row {number} {text!r} covers {len(row)} squares, not {dim}")
    return row


def parse_cgp(text: str, board_rules: Rules | None = None) -> Position:
    """Parse `board racks scores zeros [op value; ...]`; racks, scores and zeros may be left out."""
    text = text.strip()
    if not text:
        raise LexigridError("empty CGP: give at least the board, e.g. 15/15/.../15 AEINRST/ 0/0 0")
    fields = text.split()
    board_text, rest = fields[0], fields[1:]
    positional = 0  # racks, scores and zeros come first when present; opcodes follow
    while positional < len(rest) and positional < 3:
        part = rest[positional]
        if positional < 2 and "/" not in part:
            break
        if positional == 2 and not part.lstrip("-").isdigit():
            break
        positional += 1
    ops_text = " ".join(rest[positional:])
    rest = rest[:positional]
    rows_text = board_text.split("/")
    dim = len(rows_text)
    chosen = board_rules or cgp_language_rules(text)
    if chosen.dim != dim:
        raise LexigridError(f"the CGP board has {dim} rows; the rules need {chosen.dim}")
    rows = [_parse_row(row, dim, i + 1, chosen.tiles.alphabet) for i, row in enumerate(rows_text)]
    board = Board.from_rows(rows, chosen)
    racks = (Rack(), Rack())
    scores = (0, 0)
    zeros = 0
    if rest:
        mover, slash, other = rest[0].partition("/")
        if not slash:
            raise LexigridError(f"bad CGP racks {rest[0]!r}: write MOVER/OPPONENT, e.g. AEINRST/")
        if any(ch.islower() for ch in rest[0]):
            raise LexigridError(
                f"CGP racks {rest[0]!r} hold lower-case letters: write rack tiles in capitals and '?' "
                "for a blank (lower case means a blank only on the board)"
            )
        alphabet = chosen.tiles.alphabet
        racks = (Rack(mover, chosen.rack_size, alphabet), Rack(other, chosen.rack_size, alphabet))
    if len(rest) > 1:
        try:
            a, b = rest[1].split("/")
            scores = (int(a), int(b))
        except ValueError:
            raise LexigridError(f"bad CGP scores {rest[1]!r}: write MOVER/OPPONENT, e.g. 0/0") from None
    if len(rest) > 2:
        zeros = int(rest[2])
        if zeros < 0:
            raise LexigridError(f"bad CGP scoreless-turn count {zeros}: it cannot be negative")
    ops: dict[str, str] = {}
    for op in filter(None, (part.strip() for part in ops_text.split(";"))):
        name, _, value = op.partition(" ")
        ops[name] = value.strip()
    if ops_text.strip() and not ops_text.strip().endswith(";"):
        raise LexigridError(f"bad CGP opcodes {ops_text!r}: end each with ';', e.g. lex TWL06;")
    position = Position(board, racks, scores, zeros, ops)
    position.validate()
    return position


_LEX_OPCODE = re.compile(r"(?:^|;|\s)lex\s+([^;\s]+)\s*;")
_BOARD_OPCODE = re.compile(r"(?:^|;|\s)bdn\s+([^;\s]+)\s*;")  # the board layout's name, as MAGPIE writes it


def cgp_language_rules(text: str, language: str = "english", board: Layout | None = None) -> Rules:
    """The rules a CGP is read with in a language: its tile set on `board` when given, else on the bundled
    layout the CGP's `bdn` opcode names, else on the bundled one of its row count."""
    if board is None:
        named = cgp_board(text)
        if named is None:
            rows = len(text.split()[0].split("/")) if text.split() else 15
            board = layout_for_dim(rows)
        else:
            try:
                board = layout(named)
            except LexigridError:
                raise LexigridError(
                    f"the CGP's board layout {named!r} (bdn) is not bundled: give its layout file"
                ) from None
    return language_rules(language, board)


def cgp_lexicon(text: str) -> str | None:
    """The CGP's `lex` opcode (the lexicon it is played in), read without parsing the position."""
    found = _LEX_OPCODE.search(text)
    return found.group(1) if found else None


def cgp_board(text: str) -> str | None:
    """The CGP's `bdn` opcode (its board layout's name), read without parsing the position."""
    found = _BOARD_OPCODE.search(text)
    return found.group(1) if found else None


def _format_row(row: str) -> str:
    """One board row in CGP: runs of empty squares as numbers."""
    out, run = [], 0
    for ch in row:
        if ch == ".":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(ch)
    if run:
        out.append(str(run))
    return "".join(out)


def format_cgp(position: Position) -> str:
    """The position in CGP."""
    alphabet = position.rules.tiles.alphabet
    board = "/".join(_format_row(alphabet.write(row, brackets=True)) for row in position.board.rows())
    racks = "/".join(
        alphabet.write(alphabet.in_code_order(str(rack)), brackets=True) for rack in position.racks
    )
    scores = f"{position.scores[0]}/{position.scores[1]}"
    text = f"{board} {racks} {scores} {position.zeros}"
    ops = dict(position.ops)
    if not is_bundled(position.rules.layout):
        ops.setdefault("bdn", position.rules.layout.name)  # as MAGPIE names a layout that is not standard
    if ops:
        text += " " + " ".join(f"{k} {v};" if v else f"{k};" for k, v in ops.items())
    return text
