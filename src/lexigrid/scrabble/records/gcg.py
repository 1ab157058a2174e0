"""GCG game records: written from a game and read back, every line checked for form (replay: `gcg_replay`).

A GCG file is pragmas (`#player1 nick Full Name`, `#lexicon NWL`, ...) then one line per event:
`>nick: RACK 8D W.RD +24 124` (a placement; '.' a played-through square, lowercase a blank),
`>nick: RACK -ABC +0 100` (exchange; `-3` when the tiles are unknown), `>nick: RACK - +0 100` (pass, or a
turn lost to a failed double challenge), `>nick: RACK -- -24 100` (the previous play withdrawn),
`>nick: RACK (challenge) +5 129` (challenge bonus), `>nick: (RACK) +12 340` (the player who went out
gains the others' tiles), `>nick: RACK (RACK) -6 300` (tiles left at the end), `>nick: (time) -10 290`
(a time penalty). `#note` text belongs to the event before it and may run over several lines; `#rack1`
and `#rack2` give the racks at the end of an unfinished record. The file is UTF-8 (a BOM allowed) or
ISO-8859-1, as a first-line `#character-encoding` says (without one: UTF-8 if it decodes, else
ISO-8859-1). Games of 3-4 players use `#player3` and `#player4` (an extension: GCG describes two).

Tiles are written in the record's alphabet: the one its `#tile-distribution` names (MAGPIE's pragma:
`catalan`, `english_super`), else the language of its `#lexicon` (an installed lexicon's own, or a well-known
name's: DISC2 Catalan, FRA20 French), else English. A multi-letter tile is written as MAGPIE writes it, in
square brackets (`>ann: AEL[L·L]PS? 8D PA[L·L]A +24 24`, a blank `[l·l]`), and read that way or bare as
Woogles writes it (`PAL·LA`, `pal·la`), longest label first; inside the package every tile is one glyph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from lexigrid.errors import LexigridError
from lexigrid.scrabble.core.alphabet import ENGLISH, Alphabet
from lexigrid.scrabble.core.language import distribution_alphabet, language_alphabet, lexicon_language
from lexigrid.scrabble.core.rules import Layout, layout
from lexigrid.scrabble.game.view import View

_EVENT = re.compile(r"^>([^:]+):(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")
_TOTAL = re.compile(r"^-?\d+$")
_COORDINATE = re.compile(r"^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$")
ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "iso-8859-1": "latin-1", "iso8859-1": "latin-1"}
# Pragmas that describe the whole game: each at most once, and before the first event.
HEADER_PRAGMAS = frozenset(
    {"title", "description", "id", "lexicon", "game-type", "board-layout", "tile-set", "tile-distribution"}
)
GAME_TYPES = frozenset({"classic"})
BOM = b"\xef\xbb\xbf"
_WORDS = frozenset({"-", "--", "(challenge)", "(time)"})  # move texts that hold no tiles

EventKind = Literal["place", "exchange", "pass", "withdrawn", "challenge", "out", "penalty", "time"]


@dataclass(frozen=True)
class Event:
    """One event line: whose, their rack ('' when not given), the move text (tiles as glyphs), the points,
    the new total, its `#note` ('' when none) and its line in the file (0 when built, not read)."""

    nick: str
    rack: str
    move: str
    score: int
    total: int
    note: str = ""
    number: int = field(default=0, compare=False)

    @property
    def kind(self) -> EventKind:
        """What the event is (its move text is checked for form when read)."""
        return _kind(self.move, self.rack)

    def line(self, letters: Alphabet = ENGLISH) -> str:
        """The event as a GCG line, its tiles in the alphabet's labels (a multi-letter one in brackets)."""
        rack = f"{letters.write(self.rack, brackets=True)} " if self.rack else ""
        move = letters.write(self.move, brackets=True)
        return f">{self.nick}: {rack}{move} {self.score:+d} {self.total}"


@dataclass
class Record:
    """A parsed GCG file: the players (nick, full name), the lexicon named, the events, other header
    pragmas (as written), the racks at the end of an unfinished record (player index -> rack; their
    lines in the file apart) and the alphabet its tiles are in."""

    players: list[tuple[str, str]]
    lexicon: str | None = None
    events: list[Event] = field(default_factory=list)
    pragmas: list[str] = field(default_factory=list)
    last_racks: dict[int, str] = field(default_factory=dict)
    last_rack_lines: dict[int, int] = field(default_factory=dict, compare=False)
    alphabet: Alphabet = ENGLISH

    def line(self, event: Event) -> str:
        """An event as a GCG line in this record's alphabet."""
        return event.line(self.alphabet)


GCG_LAYOUT_NAMES = {"standard": "CrosswordGame", "super": "SuperCrosswordGame"}  # Woogles' and MAGPIE's


def record_layout(record: Record) -> Layout:
    """The board layout a record's `#board-layout` pragma names (the standard one when it names none)."""
    for line in record.pragmas:
        name, _, value = line[1:].partition(" ")
        if name == "board-layout" and value.strip():
            try:
                return layout(value.strip())
            except LexigridError:
                raise LexigridError(
                    f"the record's board layout {value.strip()!r} is not bundled: only CrosswordGame and "
                    "SuperCrosswordGame are read"
                ) from None
    return layout()


def _nick(name: str) -> str:
    """A player name as a GCG nickname (no spaces or colons)."""
    return re.sub(r"[\s:]+", "_", name) or "player"


def record_of(view: View) -> Record:
    """A game's GCG record as a view sees it: hidden racks left out, hidden exchanges as a count, the
    seed only once nothing is hidden; an unfinished record ends with the racks seen (`#rackN`)."""
    game = view.game
    letters = game.rules.tiles.alphabet
    players = [(_nick(seat.name), seat.name) for seat in game.seats]
    events = [
        Event(
            players[t.player][0],
            letters.in_code_order(t.rack) if t.kind != "out" else "",
            t.move,
            t.score,
            t.total,
        )
        for t in view.turns()
    ]
    seed = view.seed()
    about = f"lexigrid game {game.id}" + (f" seed {seed}" if seed is not None else "")
    pragmas = [f"#description {about} challenge {game.challenge}"]
    board = game.rules.layout
    if board != layout():
        pragmas.append(f"#board-layout {GCG_LAYOUT_NAMES.get(board.name, board.name)}")
    if letters != ENGLISH or game.rules.tiles.name != "english":
        pragmas.append(f"#tile-distribution {_distribution_name(game.rules.tiles.name)}")
    last = {p: letters.in_code_order(rack) for p, rack in view.last_racks().items()}
    return Record(players, game.lexicon.name, events, pragmas, last, alphabet=letters)


def _distribution_name(tiles: str) -> str:
    """A tile set's name as MAGPIE names its letter distribution (`catalan`, `english_super`)."""
    if tiles == "super":
        return "english_super"
    return f"{tiles.removeprefix('super_')}_super" if tiles.startswith("super_") else tiles


def export_gcg(view: View) -> str:
    """A game as GCG text, as a view sees it (`View.full` for the whole record)."""
    return format_gcg(record_of(view))


def format_gcg(record: Record) -> str:
    """A record as GCG text (UTF-8), notes after their events."""
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{i + 1} {nick} {name}" for i, (nick, name) in enumerate(record.players)]
    if record.lexicon:
        lines.append(f"#lexicon {record.lexicon}")
    lines += record.pragmas
    write = record.alphabet.write
    for event in record.events:
        lines.append(record.line(event))
        if event.note:
            lines.append(f"#note {event.note}")
    lines += [f"#rack{i + 1} {write(rack, brackets=True)}" for i, rack in sorted(record.last_racks.items())]
    return "\n".join(lines) + "\n"


def decode_gcg(data: bytes) -> str:
    """GCG bytes as text, in the encoding its first line names (UTF-8 or ISO-8859-1), else guessed."""
    if not data.strip():
        raise LexigridError("the GCG file is empty")
    encoding = None
    if data.startswith(BOM):
        data, encoding = data[len(BOM) :], "utf-8"
    first = data.split(b"\n", 1)[0].strip()
    if first.startswith(b"#character-encoding"):
        named = first[len(b"#character-encoding") :].strip().decode("ascii", "replace")
        encoding = ENCODINGS.get(named.lower())
        if encoding is None:
            raise LexigridError(
                f"GCG line 1: character encoding {named!r} is not supported: use UTF-8 or ISO-8859-1"
            )
    if encoding is None:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LexigridError(f"GCG line {line}: the bytes are not valid {encoding.upper()}") from None


def parse_gcg(text: str | bytes, letters: Alphabet | None = None) -> Record:
    """Read a GCG record (bytes are decoded first) in an alphabet (None: the one its header names, see the
    module's docstring); LexigridError names the first line at fault."""
    return _Parser(letters).parse(decode_gcg(text) if isinstance(text, bytes) else text)


def record_alphabet(distribution: str | None, lexicon: str | None) -> Alphabet:
    """The alphabet of a record: its letter distribution's, else its lexicon's language's, else English (a
    language the engine cannot use is read letter by letter, as English is)."""
    if distribution:
        return distribution_alphabet(distribution) or ENGLISH
    return language_alphabet(lexicon_language(lexicon)) or ENGLISH


class _Parser:
    """The line-by-line reader behind `parse_gcg`."""

    def __init__(self, letters: Alphabet | None) -> None:
        self.players: dict[int, tuple[str, str]] = {}
        self.record = Record([])
        self.seen: set[str] = set()
        self.in_note = False
        self.letters = letters
        self.distribution: str | None = None

    def parse(self, text: str) -> Record:
        """The record of a whole text."""
        if not text.strip():
            raise LexigridError("the GCG file is empty")
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
            line = raw.strip()
            try:
                self.line(line, number)
            except LexigridError as error:
                raise LexigridError(f"GCG line {number}: {error} ({_shown(line)})") from None
        if len(self.players) < 2:
            raise LexigridError("a GCG record needs #player1 and #player2 lines (nickname, then full name)")
        self.record.players = [self.players[i] for i in sorted(self.players)]
        self.record.alphabet = self.alphabet()
        return self.record

    def alphabet(self) -> Alphabet:
        """The record's alphabet, fixed by the header (the events come after it)."""
        if self.letters is None:
            self.letters = record_alphabet(self.distribution, self.record.lexicon)
        return self.letters

    def tiles(self, text: str) -> str:
        """Tiles as written as glyphs: a multi-letter tile bracketed or bare, longest label first; only
        bracketed when bare text could mean one-letter tiles too (Spanish `[CH]`; `CH` is C, H)."""
        letters = self.alphabet()
        glyphs = letters.read_bracketed(text) if letters.ambiguous else letters.read(text, digits=False)
        if letters != ENGLISH:  # (an English record may hold a language's letters: replayed by its totals)
            bad = next(
                (g for g in glyphs if not (letters.is_board_tile(g) or g in "?.()-" or g.isdigit())), None
            )
            if bad is not None:
                raise LexigridError(
                    f"{text!r} holds {bad!r}, not a tile of the {letters.name} alphabet: "
                    f"{letters.letters_hint}"
                )
        return glyphs

    def line(self, line: str, number: int) -> None:
        """Take one line."""
        if line.startswith("#"):
            self.in_note = False
            self.pragma(line, number)
        elif line.startswith(">"):
            self.in_note = False
            self.event(line, number)
        elif self.in_note:  # a note running over several lines
            last = self.record.events[-1]
            self.record.events[-1] = replace(last, note=f"{last.note}\n{line}")
        elif line:
            raise LexigridError("neither a #pragma nor a >nick: event")

    def pragma(self, line: str, number: int) -> None:
        """Take a `#name value` line."""
        name, _, value = line[1:].partition(" ")
        value = value.strip()
        events = self.record.events
        player = re.fullmatch(r"player(\d)", name)
        if name == "character-encoding":
            if number != 1:
                raise LexigridError("#character-encoding must be the first line")
        elif player:
            self.player(int(player.group(1)), value)
        elif name == "note":
            if not events:
                raise LexigridError("a #note before any event (a note follows the event it is about)")
            self.record.events[-1] = replace(events[-1], note=value)
            self.in_note = True
        elif name in ("rack1", "rack2", "rack3", "rack4"):
            rack = self.tiles(value)
            if not value or not _is_rack(rack):
                raise LexigridError(f"the rack {value!r} is malformed: letters and '?' only")
            self.record.last_racks[int(name[-1]) - 1] = rack
            self.record.last_rack_lines[int(name[-1]) - 1] = number
        elif name in HEADER_PRAGMAS:
            self.header(name, value, line)
        else:
            self.record.pragmas.append(line)

    def header(self, name: str, value: str, line: str) -> None:
        """Take a pragma about the whole game: once, before the events."""
        if self.record.events:
            raise LexigridError(f"#{name} after the game events: put it in the header")
        if name in self.seen:
            raise LexigridError(f"#{name} given twice")
        self.seen.add(name)
        if name == "game-type" and value.lower() not in GAME_TYPES:
            raise LexigridError(f"game type {value!r} is not supported: only classic games are read")
        if name == "lexicon":
            self.record.lexicon = value or None
        else:
            if name == "tile-distribution":
                self.distribution = value
            self.record.pragmas.append(line)

    def player(self, index: int, value: str) -> None:
        """Take a `#playerN nick Full Name` line."""
        if self.record.events:
            raise LexigridError(f"#player{index} after the game events: put it in the header")
        if index in self.players:
            raise LexigridError(f"#player{index} given twice")
        nick, _, full = value.partition(" ")
        if not nick:
            raise LexigridError(f"#player{index} needs a nickname")
        full = full.strip() or nick
        for other_nick, other_full in self.players.values():
            if nick == other_nick:
                raise LexigridError(f"two players share the nickname {nick!r}")
            if full == other_full:
                raise LexigridError(f"two players share the name {full!r}")
        self.players[index] = (nick, full)

    def event(self, line: str, number: int) -> None:
        """Take a `>nick: ...` line."""
        if self.record.last_racks:
            raise LexigridError("an event after the #rack lines that end an unfinished record")
        if len(self.players) < 2:
            raise LexigridError("an event before the #player1 and #player2 lines")
        found = _EVENT.match(line)
        if not found:
            raise LexigridError("an event is '>nick: RACK MOVE +POINTS TOTAL'")
        parts = found.group(2).split()
        if len(parts) < 3 or not _SCORE.match(parts[-2]) or not _TOTAL.match(parts[-1]):
            raise LexigridError("an event should end with the points (+24) and the new total")
        body = parts[:-2]
        rack = ""
        if (
            not body[0].startswith("(")
            and not (len(body) == 2 and _COORDINATE.match(body[0]))
            and len(body) > 1
        ):
            written, body = body[0], body[1:]
            rack = self.tiles(written)
            if not _is_rack(rack):
                raise LexigridError(f"the rack {written!r} is malformed: letters and '?' only")
        if len(body) == 2 and _COORDINATE.match(body[0]):
            body = [body[0], self.tiles(body[1])]
        elif len(body) == 1 and body[0] not in _WORDS and body[0][:1] in ("-", "("):
            body = [body[0][0] + self.tiles(body[0][1:])]
        move = " ".join(body)
        _check_form(move, rack)
        nick = found.group(1).strip()
        self.record.events.append(Event(nick, rack, move, int(parts[-2]), int(parts[-1]), number=number))


def _kind(move: str, rack: str) -> EventKind:
    """What a move text (after the rack, if any) is: see `Event.kind`."""
    if move == "--":
        return "withdrawn"
    if move == "-":
        return "pass"
    if move.startswith("-"):
        return "exchange"
    if move == "(challenge)":
        return "challenge"
    if move == "(time)":
        return "time"
    if move.startswith("("):
        return "penalty" if rack else "out"
    return "place"


def _check_form(move: str, rack: str) -> None:
    """A move text must be one of the event forms (LexigridError says what is wrong)."""
    kind = _kind(move, rack)
    if kind == "exchange":
        tiles = move[1:]
        if not (tiles.isdigit() or _is_rack(tiles)):
            raise LexigridError(f"the exchange {move!r} is malformed: -TILES or -COUNT")
    elif kind in ("out", "penalty"):
        if not move.endswith(")") or not _is_rack(move[1:-1]):
            raise LexigridError(f"the rack in {move!r} is malformed: (LETTERS) with '?' for a blank")
    elif kind == "place":
        parts = move.split()
        if len(parts) != 2 or not _COORDINATE.match(parts[0]):
            raise LexigridError(f"{move!r} is not a move: a placement is 'COORDINATE WORD', e.g. 8D W.RD")


def _is_rack(text: str) -> bool:
    """Whether a token is a rack: upper-case letters (any alphabet) and '?' blanks."""
    return bool(text) and all(ch == "?" or (ch.isalpha() and ch.isupper()) for ch in text)


def _shown(line: str) -> str:
    """A line as quoted in an error (cut short when long)."""
    return repr(line if len(line) <= 60 else line[:57] + "...")
