"""Deck files: a game's cards written as data (TOML or CSV), read into interned cards, checked in full.

A deck file lists each *kind* of card once, with a ``count`` for copies. Fields:

- ``id``: the card's name in logs and its art file (``<id>.png``). Letters and digits of any
  script (``赤竜``, ``drache-7``, ``ë``), symbols such as emoji, ``-``, ``_`` and ``.``; no spaces
  and none of ``< > : " / \\ | ? *`` (file names must work on every system); unique ignoring
  case (art folders may live on case-insensitive disks); not ``back`` (that is the card back).
  Kept in Unicode NFC form, the form macOS file names are matched in too. When absent it is made
  from ``name`` (``"Red Dragon"`` -> ``red-dragon``, ``"赤い竜"`` -> ``赤い竜``), else from colour
  and value (``red-7``) or value and suit (``7H``, like the standard deck's art files).
- ``suit``: ``S H D C`` (or ``spades``, ``hearts``..., or ``♠♥♦♣``) or ``joker``.
- ``colour`` (or ``color``): any one word (``red``, ``sea-green``) or ``#rrggbb``. A card with a
  colour word and no suit has that colour as its suit, so four colours make four suits.
- ``value`` (or ``rank``, the same thing): a whole number; it orders cards within a suit.
- ``points`` (whole number, default 0), ``name`` and ``text`` (the card's rules text), ``count``
  (copies, 1 to 999, default 1).
- Any other field is kept as text in ``Card.fields``, for a game's own rules.

In TOML each card is a ``[[card]]`` table and an optional top-level ``name`` names the deck; in CSV
the header row names the columns, one row per kind, blank rows and rows starting with ``#`` skipped.
Every problem in a file is reported at once, as ``file:line: field: problem``, in one
:class:`DeckError`. Files are only ever parsed as data.

>>> deck = parse_deck_text('id,colour,value,count\\nr1,red,1,2\\nb1,blue,1', "cards.csv")
>>> [c.id for c in deck.cards], deck.name
(['r1', 'r1', 'b1'], 'cards')
>>> deck.kinds[0].suit, deck.kinds[0].name
('red', 'Red 1')
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.cards import JOKER, SUIT_NAMES, Card, parse_suit
from tabletop.formats import tomltext
from tabletop.formats.tomlspots import CONTROL, Problems, ProblemsError, header_line, key_line
from tabletop.i18n import N_, _

MAX_COUNT = 999
"""Copies of one kind a deck may hold; more is almost surely a typo (and would fill memory)."""
MAX_CARDS = 10_000
"""Cards a whole deck may hold."""
KNOWN_FIELDS = ("id", "name", "suit", "colour", "color", "value", "rank", "points", "text", "count")
"""Fields with a meaning; any other field is kept as text in ``Card.fields``."""

_NOT_IN_FILE_NAMES = frozenset('<>:"/\\|?*')
"""Characters Windows (or any system) refuses in a file name."""
_COLOUR = re.compile(r"^(?:[A-Za-z][A-Za-z\-]*|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})$")
_RESERVED_IDS = frozenset({"back", "con", "prn", "aux", "nul",
                           *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))})
_JOKER_WORDS = frozenset({"*", "joker", "jokers"})


class DeckError(ProblemsError):
    """A deck file cannot be used; ``problems`` holds every ``file:line: field: problem`` line."""

    heads = (N_("deck file {file} has 1 problem:"), N_("deck file {file} has {count} problems:"))


@dataclass(frozen=True)
class Deck:
    """A deck read from a file: its ``name``, distinct card ``kinds`` and the ``counts`` of each."""

    name: str
    kinds: tuple[Card, ...]
    counts: tuple[int, ...]
    source: str = ""
    lines: tuple[int, ...] = ()
    """The line each kind starts on (0 where unknown), for problems a game finds later."""

    @property
    def cards(self) -> list[Card]:
        """Return every card, copies expanded, in file order (a new list each time)."""
        return [card for card, n in zip(self.kinds, self.counts, strict=True) for _copy in range(n)]

    def __len__(self) -> int:
        return sum(self.counts)


@dataclass
class _Row:
    """One card kind as written: its fields (raw values) and where each was written."""

    line: int
    values: dict[str, Any]
    lines: dict[str, int]


def load_deck(path: Path | str) -> Deck:
    """Return the deck in ``path`` (``.toml`` or ``.csv``).

    :raises DeckError: listing every problem (unreadable file, bad syntax, bad or missing fields).
    """
    path = Path(path)
    source = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DeckError(source, [_("{file}: file: cannot read it ({problem})").format(
            file=source, problem=exc.strerror or exc)]) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DeckError(source, [_("{file}:{line}: file: not UTF-8 text (save it as UTF-8)").format(
            file=source, line=line)]) from None
    return parse_deck_text(text, source, name=path.stem)


def parse_deck_text(text: str, source: str, *, name: str | None = None) -> Deck:
    """Return the deck written in ``text``; ``source`` (a file name) picks the format and names problems.

    :raises DeckError: listing every problem.
    """
    problems = Problems(source)
    suffix = Path(source).suffix.lower()
    deck_name = name if name is not None else Path(source).stem
    if suffix == ".toml":
        rows, declared = _toml_rows(text, problems)
        deck_name = declared or deck_name
    elif suffix == ".csv":
        rows = _csv_rows(text, problems)
    else:
        problems.add(None, "file", _("unknown deck format {suffix}: use .toml or .csv").format(
            suffix=repr(suffix or "(none)")))
        rows = []
    kinds, counts, lines = _build(rows, problems)
    if not problems.items and not kinds:
        problems.add(None, "deck", _("no cards: add [[card]] tables (TOML) or rows (CSV)"))
    if not problems.items and sum(counts) > MAX_CARDS:
        problems.add(None, "deck", _("{count} cards; a deck may hold at most {most}").format(
            count=sum(counts), most=MAX_CARDS))
    if problems.items:
        raise DeckError(source, problems.sorted())
    return Deck(deck_name, tuple(kinds), tuple(counts), source, tuple(lines))


# -- reading the two formats ----------------------------------------------------------------------
def _toml_rows(text: str, problems: Problems) -> tuple[list[_Row], str | None]:
    try:
        doc = tomltext.parse(text)
    except tomltext.TomlProblem as exc:
        message = str(exc)
        if message.startswith("invalid TOML: "):
            message = _("invalid TOML: {problem}").format(problem=message.removeprefix("invalid TOML: "))
            lines = text.splitlines()
            dotted = _DOTTED.match(lines[exc.line - 1]) if 0 < exc.line <= len(lines) else None
            if dotted:
                message += " " + _language_hint(dotted[1], dotted[2])
        elif "nested" in message:
            message += ": a card is a flat table"
        else:
            message += ": no card needs one"
        problems.add(exc.line, exc.key, message)
        return [], None
    lines = text.splitlines()
    name = doc.get("name")
    if name is not None and not isinstance(name, str):
        problems.add(key_line(lines, 0, len(lines), "name"), "name", _("the deck name must be text"))
        name = None
    for key in doc:
        if key not in ("name", "card"):
            problems.add(key_line(lines, 0, len(lines), key) or header_line(lines, key), key,
                         _("unknown top-level entry (each card is a [[card]] table)")
                         if key in ("cards", "Card", "deck") else _("unknown top-level entry"))
    cards = doc.get("card", [])
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        problems.add(key_line(lines, 0, len(lines), "card"), "card", _("write each card as a [[card]] table"))
        return [], name
    headers = [i for i, line in enumerate(lines) if re.match(r"^\s*\[\[\s*card\s*\]\]", line)]
    rows = []
    for n, table in enumerate(cards):
        # tomllib keeps no positions; find each [[card]] header and its keys in the text instead.
        if len(headers) == len(cards):
            start = headers[n]
            end = headers[n + 1] if n + 1 < len(headers) else len(lines)
            field_lines = {k: key_line(lines, start + 1, end, k) or start + 1 for k in table}
            rows.append(_Row(start + 1, dict(table), field_lines))
        else:  # cards written as inline tables: no reliable lines, so point at the card number
            rows.append(_Row(0, dict(table), {}))
    return rows, name


def _csv_rows(text: str, problems: Problems) -> list[_Row]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[_Row] = []
    header: list[str] | None = None
    header_line = 1
    unnamed: set[int] = set()
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = _csv_header(cells, line, problems)
                header_line = line
                continue
            # Spreadsheets pad rows with empty cells (Excel's trailing commas): only data counts.
            used = len(cells)
            while used and not cells[used - 1].strip():
                used -= 1
            if used > len(header):
                problems.add(line, "row", _("{cells} cells but the header has {columns} columns").format(
                    cells=used, columns=len(header)))
                continue
            for i in range(used):
                if not header[i] and cells[i].strip() and i not in unnamed:
                    unnamed.add(i)
                    problems.add(header_line, f"column {i + 1}",
                                 f"has no name in the header but holds {cells[i].strip()[:20]!r} on line {line}")
            values = {k: v.strip() for k, v in zip(header, cells[:used], strict=False) if k and v.strip()}
            rows.append(_Row(line, values, dict.fromkeys(values, line)))
    except csv.Error as exc:
        problems.add(reader.line_num, "syntax", _("invalid CSV: {problem}").format(problem=exc))
    return rows


def _csv_header(cells: list[str], line: int, problems: Problems) -> list[str]:
    header = [c.strip().lower() for c in cells]
    while header and not header[-1]:  # Excel's trailing commas
        header.pop()
    seen: set[str] = set()
    for col in header:
        if col and col in seen:
            problems.add(line, col, _("column appears twice in the header"))
        seen.add(col)
    return header


# -- checking fields and building cards ----------------------------------------------------------
def _build(rows: list[_Row], problems: Problems) -> tuple[list[Card], list[int], list[int]]:
    kinds: list[Card] = []
    counts: list[int] = []
    lines: list[int] = []
    first_line: dict[str, tuple[str, int]] = {}
    for n, row in enumerate(rows, 1):
        before = len(problems.items)
        where = _Where(row, n, problems)
        for key, value in row.values.items():
            if isinstance(value, str) and CONTROL.search(value):
                where.add(key, _("holds a control character ({char}): write plain text").format(
                    char=repr(CONTROL.search(value).group())))  # type: ignore[union-attr]
        if len(problems.items) != before:
            continue
        card, count = _card(row.values, where)
        if card is None:
            continue
        folded = card.id.lower()
        if folded in first_line:
            other_id, other_line = first_line[folded]
            where.add("id", _("duplicate id {id} (also {other} on line {line})").format(
                id=repr(card.id), other=repr(other_id), line=other_line)
                if other_line else _("duplicate id {id}").format(id=repr(card.id)))
            continue
        first_line[folded] = (card.id, row.lines.get("id", row.line))
        if len(problems.items) != before:
            continue
        kinds.append(card)
        counts.append(count)
        lines.append(row.line)
    return kinds, counts, lines


class _Where:
    """Reports problems of one card at the line of the field concerned (or names the card)."""

    def __init__(self, row: _Row, number: int, problems: Problems) -> None:
        self.row, self.number, self.problems = row, number, problems

    def add(self, field: str, problem: str) -> None:
        line = self.row.lines.get(field, self.row.line)
        label = field if line else _("card {number}: {field}").format(number=self.number, field=field)
        self.problems.add(line, label, problem)


def _card(values: Mapping[str, Any], where: _Where) -> tuple[Card | None, int]:
    suit = _suit(values, where)
    colour = _colour(values, where)
    if suit is None and colour is not None and not colour.startswith("#"):
        suit = colour
    value = _int_field(values, "value", where)
    rank = _int_field(values, "rank", where)
    if value is not None and rank is not None and value != rank:
        where.add("rank", _("rank {rank} and value {value} disagree (they are the same field)").format(
            rank=rank, value=value))
    value = value if value is not None else rank
    points = _int_field(values, "points", where)
    count = _int_field(values, "count", where)
    if count is not None and not 1 <= count <= MAX_COUNT:
        where.add("count", _("{count} copies: count must be 1 to {most}").format(count=count, most=MAX_COUNT))
    name = _text_field(values, "name", where)
    text = _text_field(values, "text", where)
    extra = tuple(_extra_fields(values, where))
    card_id = _card_id(values, name, suit, colour, value, where)
    if card_id is None:
        return None, 0
    if not name:
        label = SUIT_NAMES.get(suit, suit) if suit and suit != colour else (colour or "")
        name = f"{label.capitalize()} {value}" if label and value is not None else card_id
    card = Card(card_id, suit=suit, value=value, name=name, text=text, points=points or 0,
                color=colour, fields=extra)
    return card, count if count is not None else 1


def _card_id(values: Mapping[str, Any], name: str, suit: str | None, colour: str | None,
             value: int | None, where: _Where) -> str | None:
    raw = values.get("id")
    if raw is None:
        if name:
            raw = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFC", name).lower()).strip("-")
        elif colour and not colour.startswith("#") and value is not None:
            raw = f"{colour}-{value}"
        elif suit and value is not None:
            # Standard suits follow the built-in deck's art names (7H.png); jokers spell theirs out.
            raw = f"joker-{value}" if suit == JOKER else f"{value}{suit}"
        else:
            where.add("id", _("missing: give the card an id (or a name, or a suit/colour and a value)"))
            return None
    card_id = str(raw).strip() if isinstance(raw, (str, int)) and not isinstance(raw, bool) else None
    if card_id is not None:
        card_id = unicodedata.normalize("NFC", card_id)
    if not card_id or not is_file_safe_id(card_id):
        where.add("id", _("{id} cannot name an art file: use letters and digits (any script), '-', '_' and '.',"
                          " without spaces").format(id=_shown(raw)))
        return None
    if card_id.lower() in _RESERVED_IDS:
        where.add("id", (_("{id} is the card back's art file: choose another id") if card_id.lower() == "back"
                         else _("{id} is a reserved file name: choose another id")).format(id=repr(card_id)))
        return None
    return card_id


def is_file_safe_id(card_id: str) -> bool:
    """Return True when ``card_id`` can name an art file on any system (and has no spaces).

    >>> [is_file_safe_id(i) for i in ("AS", "赤竜-7", "🐉", "a b", "a/b", ".hidden", "")]
    [True, True, True, False, False, False, False]
    """
    if not card_id or card_id[0] in "._-" or card_id[-1] == ".":
        return False
    for ch in card_id:
        if ch in _NOT_IN_FILE_NAMES or ch.isspace():
            return False
        if unicodedata.category(ch)[0] in "CZ" and ch != "\u200d":
            return False  # controls, unassigned, separators; the joiner builds emoji like 👨‍👩‍👧
    return True


def _shown(raw: Any) -> str:
    """Return a value from the file for a message, cut short: a cell may hold a whole novel."""
    text = repr(raw)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"


def _suit(values: Mapping[str, Any], where: _Where) -> str | None:
    raw = values.get("suit")
    if raw is None:
        return None
    if isinstance(raw, str) and raw.strip().lower() in _JOKER_WORDS:
        return JOKER
    try:
        suit = parse_suit(raw) if isinstance(raw, str) else None
    except ValueError:
        suit = None
    if suit is None:
        where.add("suit", _("unknown suit {suit}: use S, H, D, C (or spades, hearts, diamonds, clubs), joker,"
                            " or give the card a colour instead").format(suit=_shown(raw)))
    return suit


def _colour(values: Mapping[str, Any], where: _Where) -> str | None:
    key = "colour" if "colour" in values else "color"
    raw = values.get(key)
    if raw is None:
        return None
    if not isinstance(raw, str) or not _COLOUR.match(raw.strip()):
        where.add(key, _("{value} is not a colour: write one word (red, sea-green) or #rrggbb").format(value=_shown(raw)))
        return None
    return raw.strip().lower()


def _int_field(values: Mapping[str, Any], key: str, where: _Where) -> int | None:
    raw = values.get(key)
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, str)):
        where.add(key, _("{value} is not a whole number").format(value=_shown(raw)))
        return None
    try:
        if isinstance(raw, str) and len(raw) > 30:  # Python refuses past 4,300 digits anyway
            raise ValueError(raw)
        return int(raw)
    except ValueError:
        where.add(key, _("{value} is not a whole number").format(value=_shown(raw)))
        return None


def _text_field(values: Mapping[str, Any], key: str, where: _Where) -> str:
    raw = values.get(key)
    if raw is None:
        return ""
    if isinstance(raw, (dict, list)):
        where.add(key, _("must be plain text, not a table or a list") + _languages_in(key, raw))
        return ""
    return str(raw).strip()


def _extra_fields(values: Mapping[str, Any], where: _Where) -> Iterator[tuple[str, str]]:
    for key, raw in values.items():
        if key in KNOWN_FIELDS:
            continue
        if isinstance(raw, (dict, list)):
            where.add(key, _("must be a plain value, not a table or a list") + _languages_in(key, raw))
            continue
        yield key, str(raw).lower() if isinstance(raw, bool) else str(raw)


_DOTTED = re.compile(r"^\s*([A-Za-z_][\w-]*)\.([a-z]{2,3}(?:-[a-z0-9]{2,8})?)\s*=")
"""A column in another language written without quotes (``name.ja = ...``), which TOML reads as a table."""


def _language_hint(key: str, lang: str) -> str:
    return _("(a column in another language is written with its name in quotes: \"{key}.{lang}\" = \"...\")").format(
        key=key, lang=lang)


def _languages_in(key: str, raw: Any) -> str:
    """Return the hint to quote ``key.lang`` when ``raw`` is the table TOML made of ``key.lang = ...``."""
    if isinstance(raw, dict) and raw and all(_DOTTED.match(f"{key}.{lang} =") for lang in raw):
        return " " + _language_hint(key, next(iter(raw)))
    return ""


_cached: dict[Path, tuple[int, Deck]] = {}
_standing_in: dict[Path, Deck] = {}
"""Decks read in place of a file's while :func:`standing_in` holds (what-if decks: ``tabletop tune``'s candidates)."""


@contextlib.contextmanager
def standing_in(path: Path | str, deck: Deck) -> Iterator[None]:
    """While inside, :func:`cached_deck` of ``path`` returns ``deck`` instead of the file's cards (a game made
    meanwhile keeps them); the file itself is never touched."""
    key = Path(path).resolve()
    _standing_in[key] = deck
    try:
        yield
    finally:
        _standing_in.pop(key, None)


def cached_deck(path: Path | str) -> Deck:
    """Return the deck in ``path`` like :func:`load_deck`, read again only when the file changes.

    Games build often (every simulated game, every start-screen choice), so the file is parsed
    once per modification rather than once per game.

    :raises DeckError: listing every problem (a missing file included).
    """
    path = Path(path)
    if _standing_in:
        stand_in = _standing_in.get(path.resolve())
        if stand_in is not None:
            return stand_in
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return load_deck(path)  # reports the missing or unreadable file with its name
    hit = _cached.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    deck = load_deck(path)
    _cached[path] = (stamp, deck)
    return deck
