"""Whole-number fields of a deck file's cards changed in the file's own text: every other line, comment and
column kept as the designer wrote it (what ``tabletop tune`` proposes, and the candidates it plays).

>>> text = 'name = "d"\\n\\n[[card]]\\nid = "a"\\nvalue = 1  # cheap\\n\\n[[card]]\\nid = "b"\\nvalue = 2\\n'
>>> print(edit_deck_text(text, "deck.toml", {("a", "value"): 3, ("b", "points"): 4}), end="")
name = "d"
<BLANKLINE>
[[card]]
id = "a"
value = 3  # cheap
<BLANKLINE>
[[card]]
id = "b"
value = 2
points = 4
>>> print(edit_deck_text("id,value\\nr1,1\\n# a comment\\nr2,2\\n", "d.csv", {("r2", "count"): 3}), end="")
id,value,count
r1,1
# a comment
r2,2,3
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from pathlib import Path

from tabletop.engine.errors import UserInputError
from tabletop.formats.deckfile import Deck, parse_deck_text
from tabletop.formats.tomlspots import header_lines, key_line
from tabletop.i18n import _

Edits = Mapping[tuple[str, str], int]
"""New whole numbers by (card id, field)."""
NUMBER_FIELDS = ("value", "points", "count")
"""The whole-number fields every card has (``rank`` is ``value``); a deck's own columns may be numbers too."""
WRITTEN_AS = {"value": ("value", "rank")}
"""The names a field may be written under in a file (the first is used for a field that is not there yet)."""


def field_values(deck: Deck) -> dict[str, dict[str, int | None]]:
    """Return every whole-number field of the deck's cards, by field then card id (None: not given, or not a number).

    >>> deck = parse_deck_text('id,value,cost\\nr1,1,2\\nr2,2,x', "d.csv")
    >>> field_values(deck)["cost"]
    {'r1': 2, 'r2': None}
    """
    out: dict[str, dict[str, int | None]] = {name: {} for name in NUMBER_FIELDS}
    for card, count in zip(deck.kinds, deck.counts, strict=True):
        out["value"][card.id] = card.value
        out["points"][card.id] = card.points
        out["count"][card.id] = count
        for name, text in card.fields:
            out.setdefault(name, {})[card.id] = _number(text)
    for name in list(out):
        for card in deck.kinds:
            out[name].setdefault(card.id, None)
    return out


def _number(text: str) -> int | None:
    stripped = text.strip()
    return int(stripped) if re.fullmatch(r"[+-]?\d{1,9}", stripped) else None


def edit_deck_text(text: str, source: str, edits: Edits) -> str:
    """Return the deck file ``text`` (named ``source``: ``.toml`` or ``.csv``) with each (card, field) set to its
    new whole number, written in place of the old value or added to the card; nothing else changes.

    :raises UserInputError: for a card the deck does not hold, or cards written as TOML inline tables (whose
        values cannot be placed safely).
    """
    if not edits:
        return text
    deck = parse_deck_text(text, source)
    index = {card.id: i for i, card in enumerate(deck.kinds)}
    for card, _field in edits:
        if card not in index:
            raise UserInputError(_("{file}: no card {card}").format(file=source, card=repr(card)))
    if Path(source).suffix.lower() == ".csv":
        return _edit_csv(text, deck, index, edits)
    return _edit_toml(text, source, deck, index, edits)


def edited_deck(text: str, source: str, edits: Edits) -> Deck:
    """Return the deck ``text`` holds once ``edits`` are made (read from the edited text, as the file would be).

    :raises DeckError: when a value the edits give is not one a deck may hold (a count of 0).
    """
    return parse_deck_text(edit_deck_text(text, source, edits), source)


def _edit_toml(text: str, source: str, deck: Deck, index: dict[str, int], edits: Edits) -> str:
    lines = text.splitlines(keepends=True)
    plain = [line.rstrip("\r\n") for line in lines]
    starts = header_lines(plain, "card")
    inserts: dict[int, list[str]] = {}
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    for (card, name), value in sorted(edits.items()):
        start = deck.lines[index[card]] - 1
        if start < 0 or start not in starts:
            raise UserInputError(_("{file}: card {card} is written as an inline table: write each card as a [[card]]"
                                   " table to let tabletop change its values").format(file=source, card=repr(card)))
        end = next((s for s in starts if s > start), len(plain))
        at = next((found for key in WRITTEN_AS.get(name, (name,)) if (found := key_line(plain, start + 1, end, key))),
                  None)
        if at is not None:
            ending = lines[at - 1][len(plain[at - 1]):]
            plain[at - 1] = _set_value(plain[at - 1], value)
            lines[at - 1] = plain[at - 1] + ending
            continue
        last = max((i for i in range(start, end) if plain[i].strip() and not plain[i].lstrip().startswith("#")),
                   default=start)
        inserts.setdefault(last, []).append(f"{name} = {value}{newline}")
    out: list[str] = []
    for i, line in enumerate(lines):
        out.append(line)
        if i in inserts:
            if not line.endswith(("\n", "\r")):
                out[-1] = line + newline
            out += inserts[i]
    return "".join(out)


def _set_value(line: str, value: int) -> str:
    """Return a ``key = value  # comment`` line with its value replaced and its comment kept."""
    match = re.match(r"^(\s*[^=]+=\s*)(\"[^\"]*\"|'[^']*'|[^#]*?)(\s*(?:#.*)?)$", line)
    if match is None:
        return line
    return f"{match.group(1)}{value}{match.group(3)}"


def _edit_csv(text: str, deck: Deck, index: dict[str, int], edits: Edits) -> str:
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    records = _csv_records(text)
    header_at = next(i for i, (_first, _last, cells) in enumerate(records)
                     if any(c.strip() for c in cells) and not cells[0].lstrip().startswith("#"))
    first, last, header = records[header_at]
    header = list(header)
    while header and not header[-1].strip():
        header.pop()
    columns = [c.strip().lower() for c in header]
    replaced: dict[tuple[int, int], list[str]] = {}
    for (card, name), value in sorted(edits.items()):
        column = next((c for c in WRITTEN_AS.get(name, (name,)) if c in columns), None)
        if column is None:
            header.append(name)
            columns.append(name)
            column = name
            replaced[(first, last)] = header
        row_line = deck.lines[index[card]]
        at = next(i for i, (_a, b, _c) in enumerate(records) if b == row_line)
        a, b, cells = records[at]
        cells = list(replaced.get((a, b), cells))
        position = columns.index(column)
        cells += [""] * (position + 1 - len(cells))
        cells[position] = str(value)
        replaced[(a, b)] = cells
        records[at] = (a, b, cells)
    out: list[str] = []
    skip_until = 0
    for number, line in enumerate(lines, start=1):
        if number <= skip_until:
            continue
        span = next(((a, b) for a, b in replaced if a == number), None)
        if span is None:
            out.append(line)
            continue
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator=newline).writerow(replaced[span])
        out.append(buffer.getvalue() if line.endswith(("\n", "\r")) else buffer.getvalue().rstrip("\r\n"))
        skip_until = span[1]
    return "".join(out)


def _csv_records(text: str) -> list[tuple[int, int, list[str]]]:
    """Return each CSV record with its first and last line (from 1) and its cells."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    out = []
    before = 0
    for cells in reader:
        out.append((before + 1, reader.line_num, cells))
        before = reader.line_num
    return out

